"""Our figures as ratios to what Qt and Python themselves do on the same machine, in the same run.

Absolute milliseconds from one machine say little about another (issue #27): each figure here is
timed beside its *limit*, the least work that gives the same result with Qt or libyaml alone,
interleaved call by call in one process (or process by process for a cold start), and printed as
ratio = ours / limit, with min / median / max over the runs (each run's ratio is the ratio of its
medians):

* ``redraw``: a full repaint of the board's 3840x2160 view (1,000 places, 2,000 roads, 5,000
  counters; fitted, and zoomed to 1:1) against a bare ``QPainter`` painting the same pixmaps at the
  same places into an image of the same size and format: one view-sized image for the map, then
  every piece's pixmap that meets the view, scaled beforehand to its size on screen.
  Target <= 1.5x.
* ``change``: one game change at fit (a counter moves: new picture, relayout, Qt repaints what
  changed, seen through the viewport's paint events) against the bare repaint of that same region
  (each of its rectangles' part of the map image and the pieces' pixmaps that meet one of them, clipped
  to it; until 2026-11-27 the region's bounding rectangle, still printed beside it). Target <= 2x.
  Then a shipped rule system's change end to end (War in Binni: a drop through the controller).
* ``build``: the scene build to the first paint against creating the same number of bare
  ``QGraphicsPixmapItem`` (one per piece the board shows) in a ``QGraphicsScene`` shown by a
  ``QGraphicsView`` of the same size to its first paint. Target <= 2x.
* ``cold``: a fresh process to the first painted War in Binni board (``bench_board.py --cold-child``:
  what the first paint needs; ``cold_children.py --app``: the real ``boardapp`` program) against a fresh bare
  PySide6 program that opens a 1920x1080 window and paints it once (``cold_children.py --bare``); all with their
  bytecode cached and boardapp's scenario cache filled by one start before (``engine/loadcache.py``; in a folder
  of the bench's own), as for a program run before; the ``boardapp`` program is also timed as a first start (an
  empty scenario cache for each run). Wall and CPU ratios, and the absolute targets (first paint alone and the
  ``boardapp`` program <= 0.8 s, wall median). Then where the time goes: ``boardapp``'s start phase by phase in CPU
  seconds (``--phases``), the floor of any first paint of its window (``--floor``: only the interpreter, Qt, the
  windows' modules, the window and its paint are counted), and ``python -X importtime`` of the ``boardapp``
  program (second start), summed by package. Target <= 1.5x.
* ``load``: reading each shipped scenario (``engine.files.read_scenario``: YAML with line numbers,
  pydantic validation, the map's and the scenario's checks), in a warm process, against
  ``yaml.load`` with libyaml (``CSafeLoader``) of the same two files read from disk. Target <= 3x.
  Then ``boardapp check FILE`` as a fresh process against a fresh ``python`` that imports yaml and
  loads the same files with libyaml (target: the check <= 1 s, printed with its ratio), and The
  Game's world loaded in <= 0.5 s (absolute).
* ``cli``: ``boardapp --help``, ``boardapp check --help`` and an argument error as fresh processes, against
  a fresh ``python`` printing an argparse help of its own (target: each <= 0.25 s, absolute).

Run: ``.venv/bin/python benchmarks/bench_limits.py [--runs 5] [--only redraw,change,build,cold,load,cli]``
(headless: ``QT_QPA_PLATFORM=offscreen`` unless set). The machine's load is printed first: on a
loaded machine the ratios travel better than the milliseconds, but both still move.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


# --- timing and printing -------------------------------------------------------------------------
def clock(fn: Callable[[], object]) -> float:
    """Seconds of one call, garbage collector off (as ``timeit``)."""
    gc.disable()
    try:
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t
    finally:
        gc.enable()


def clock_cpu(fn: Callable[[], object]) -> tuple[float, float]:
    """Seconds of one call, wall clock and this process's CPU (every thread: Qt's raster engine splits large
    fills across its thread pool), garbage collector off. On a machine shared with other work a sub-millisecond
    call is often descheduled in the middle, which the wall clock counts and the CPU clock does not."""
    gc.disable()
    try:
        c = time.process_time()
        t = time.perf_counter()
        fn()
        wall = time.perf_counter() - t
        return wall, time.process_time() - c
    finally:
        gc.enable()


def cpu_line(ratios: list[float], ours: list[float], limit: list[float], unit: str = "ms", scale: float = 1e3) -> None:
    lo, med, hi = spread(ratios)
    o, li = spread(ours), spread(limit)
    print(f"    the same in CPU seconds (this process, every thread): ratio min {lo:.2f}x / median {med:.2f}x / max "
          f"{hi:.2f}x; ours {o[0] * scale:.1f} / {o[1] * scale:.1f} / {o[2] * scale:.1f} {unit}, limit "
          f"{li[0] * scale:.1f} / {li[1] * scale:.1f} / {li[2] * scale:.1f} {unit}")
    sys.stdout.flush()


def spread(xs: list[float]) -> tuple[float, float, float]:
    return min(xs), statistics.median(xs), max(xs)


def report(what: str, ratios: list[float], ours: list[float], limit: list[float], *, target: float,
           unit: str = "ms", scale: float = 1e3) -> None:
    lo, med, hi = spread(ratios)
    ok = "no target of its own" if target == float("inf") else (
        f"target <= {target:g}x: {'ok' if med <= target else 'NO'}")
    o, li = spread(ours), spread(limit)
    print(f"{what}\n    ratio min {lo:.2f}x / median {med:.2f}x / max {hi:.2f}x over {len(ratios)} runs "
          f"({ok}); ours {o[0] * scale:.1f} / {o[1] * scale:.1f} / {o[2] * scale:.1f} {unit}, "
          f"limit {li[0] * scale:.1f} / {li[1] * scale:.1f} / {li[2] * scale:.1f} {unit} (min / median / max)")
    sys.stdout.flush()


def interleaved(ours: Callable[[], object], limit: Callable[[], object], runs: int, reps: int,
                ) -> tuple[list[float], list[float], list[float]]:
    """``runs`` runs of ``reps`` calls of each, alternating (which goes first alternates too); per run
    the median of each and their ratio. Returns (ratios, our medians, limit medians)."""
    ratios, ours_s, limit_s = [], [], []
    for _ in range(runs):
        o: list[float] = []
        li: list[float] = []
        for k in range(reps):
            if k % 2:
                o.append(clock(ours))
                li.append(clock(limit))
            else:
                li.append(clock(limit))
                o.append(clock(ours))
        mo, ml = statistics.median(o), statistics.median(li)
        ratios.append(mo / ml)
        ours_s.append(mo)
        limit_s.append(ml)
    return ratios, ours_s, limit_s


# --- the board: redraw, change, build ------------------------------------------------------------
def _board(app: Any, counters: int = 5000) -> tuple[Any, Any, Any]:
    sys.path.insert(0, str(HERE))
    from bench_board import FakeModule, generated_map, shown_board  # type: ignore[import-not-found]

    scene, view = shown_board(app, FakeModule(generated_map(), counters))
    return scene.game, scene, view


def _blits(scene: Any, view: Any, area: Any = None) -> list[tuple[int, int, Any]]:
    """(x, y, pixmap) in viewport pixels of every piece meeting ``area`` (viewport pixels; None: the whole
    view), each pixmap scaled beforehand to its size on screen, bottom piece first."""
    from PySide6.QtCore import QRectF, Qt

    t = view.viewportTransform()
    inverse = t.inverted()[0]
    vp = view.viewport()
    seen = inverse.mapRect(QRectF(area if area is not None else vp.rect()))
    rows = [row for bounds, place_rows in scene.pieces_layer().values() if bounds.intersects(seen)
            for row in place_rows if row[1].intersects(seen)]
    rows.sort(key=lambda r: r[0])
    out = []
    for _, rect, pm in rows:
        r = t.mapRect(rect)
        w, h = max(1, round(r.width())), max(1, round(r.height()))
        out.append((round(r.x()), round(r.y()), pm.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio,
                                                           Qt.TransformationMode.SmoothTransformation)))
    return out


def _bare_painter(view: Any) -> tuple[Any, Any]:
    """A same-size, same-format image to paint into, and a view-sized image of the map to blit."""
    from PySide6.QtGui import QImage

    shot = view.viewport().grab().toImage()
    target = QImage(shot.size(), shot.format())
    return target, shot.convertToFormat(QImage.Format.Format_RGB32)


def bench_redraw(app: Any, runs: int) -> None:
    from PySide6.QtGui import QPainter

    _game, scene, view = _board(app)
    vp = view.viewport()
    for label in ("fitted", "zoomed to 1:1"):
        if label != "fitted":
            view.zoom_by(1.0 / view.zoom())
            view.centerOn(scene.place_pos("p420"))
            app.processEvents()
        vp.repaint()
        # far out (fitted) the pieces are painted into the scene's background, which the view caches
        # (CacheBackground): a full repaint is then one view-sized blit, and so is its limit
        blits = [] if scene.far else _blits(scene, view)
        target, map_img = _bare_painter(view)

        def bare(target: Any = target, map_img: Any = map_img, blits: list[Any] = blits) -> None:
            p = QPainter(target)
            p.drawImage(0, 0, map_img)
            draw = p.drawPixmap
            for x, y, pm in blits:
                draw(x, y, pm)
            p.end()

        ratios, ours, limit = interleaved(vp.repaint, bare, runs, 9)
        what = (f"the view-sized image and the {len(blits)} pieces' pixmaps on screen" if blits else
                "one view-sized image (far mode: the pieces are in the view's cached background)")
        report(f"full redraw, 3840x2160 view {label} (zoom {view.zoom():.2f}), 5,000 counters, against a bare "
               f"QPainter blitting {what}",
               ratios, ours, limit, target=1.5)
    view.close()
    scene.detach()


def bench_change(app: Any, runs: int) -> None:
    """A change's limit is the bare repaint of the *region* Qt repainted (its rectangles: the counter's old and
    new place), each rectangle's part of the map image and the pieces that meet one of them, under that region
    as clip. Until 2026-11-27 it was the region's bounding rectangle, which for two places far apart is a
    band across the map that Qt never paints: the limit then grew with the distance of each move (0.1 to
    3.6 ms for the same kind of change), and a run's ratio with which moves the run happened to hold (1.2x to
    6.5x idle). That figure is still printed beside it, timed in the same run (which of the two goes first
    alternates change by change)."""
    from PySide6.QtCore import QEvent, QObject, QRect
    from PySide6.QtGui import QPainter, QRegion

    from boardapp.engine.module import BoardPiece

    game, scene, view = _board(app)
    vp = view.viewport()
    vp.repaint()
    painted: list[QRegion] = []

    class Watch(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.append(QRegion(event.region()))
            return False

    watch = Watch()
    vp.installEventFilter(watch)
    target, map_img = _bare_painter(view)
    pieces = game.module.pieces
    k = [0]
    ratios, ours_s, limit_s, areas, boxes, unpainted = [], [], [], [], [], 0
    refresh_s: list[float] = []
    cpu_ratios, ours_c, limit_c = [], [], []
    box_ratios, box_cpu_ratios, box_s = [], [], []
    for _ in range(runs):
        o, li, oc, lc, bo, bc = [], [], [], [], [], []
        for _ in range(9):
            k[0] += 1
            i = k[0]

            def move(i: int = i) -> None:  # what one accepted command costs at fit: picture, relayout, repaint
                pieces[i] = BoardPiece(**{**pieces[i].__dict__, "place": f"p{(i * 7) % 1000}"})
                t = time.perf_counter()
                scene.refresh()
                refresh_s.append(time.perf_counter() - t)
                app.processEvents()
                app.processEvents()  # the scene's changed() and the viewport's update request, each one round

            painted.clear()
            wall, cpu = clock_cpu(move)
            o.append(wall)
            oc.append(cpu)
            if not painted:
                unpainted += 1
                continue
            region = QRegion()
            for r in painted:
                region = region.united(r)
            rects = [QRect(r) for r in region]
            box = region.boundingRect()
            areas.append(sum(r.width() * r.height() for r in rects))
            boxes.append(box.width() * box.height())
            blits_box = _blits(scene, view, box)
            # the pieces meeting one of the region's rectangles, bottom first (each drawn once, clipped)
            blits = [b for b in blits_box if any(QRect(b[0], b[1], b[2].width(), b[2].height()).intersects(r)
                                                 for r in rects)]

            def bare(region: QRegion = region, rects: list[QRect] = rects, blits: list[Any] = blits) -> None:
                p = QPainter(target)
                p.setClipRegion(region)
                for r in rects:
                    p.drawImage(r, map_img, r)
                draw = p.drawPixmap
                for x, y, pm in blits:
                    draw(x, y, pm)
                p.end()

            def bare_box(area: QRect = box, blits: list[Any] = blits_box) -> None:  # the figure until 2026-11-27
                p = QPainter(target)
                p.setClipRect(area)
                p.drawImage(area, map_img, area)
                draw = p.drawPixmap
                for x, y, pm in blits:
                    draw(x, y, pm)
                p.end()

            for which in ((bare, bare_box) if i % 2 else (bare_box, bare)):
                wall, cpu = clock_cpu(which)
                if which is bare:
                    li.append(wall)
                    lc.append(cpu)
                else:
                    bo.append(wall)
                    bc.append(cpu)
        if o and li:
            mo, ml = statistics.median(o), statistics.median(li)
            ratios.append(mo / ml)
            ours_s.append(mo)
            limit_s.append(ml)
            box_ratios.append(mo / statistics.median(bo))
            box_s.append(statistics.median(bo))
            mo, ml = statistics.median(oc), statistics.median(lc)
            if ml > 0:
                cpu_ratios.append(mo / ml)
                ours_c.append(mo)
                limit_c.append(ml)
            if statistics.median(bc) > 0:
                box_cpu_ratios.append(mo / statistics.median(bc))
    vp.removeEventFilter(watch)
    if not ratios:
        print("one game change at fit: no paint event seen (the platform did not repaint): no figure")
        return
    report(f"one game change at fit (a counter moves: picture, relayout, Qt's repaint of what changed) against the "
           f"bare repaint of the same region (median {statistics.median(areas) / 1e3:.0f} kpx in its rectangles"
           f"{f'; {unpainted} changes painted nothing' if unpainted else ''})", ratios, ours_s, limit_s, target=2.0)
    if cpu_ratios:
        cpu_line(cpu_ratios, ours_c, limit_c)
    lo, med, hi = spread(box_ratios)
    b = spread(box_s)
    print(f"    against the bare repaint of the region's bounding rectangle instead (the limit until 2026-11-27; "
          f"median {statistics.median(boxes) / 1e3:.0f} kpx): ratio min {lo:.2f}x / median {med:.2f}x / max "
          f"{hi:.2f}x, limit {b[0] * 1e3:.1f} / {b[1] * 1e3:.1f} / {b[2] * 1e3:.1f} ms" + (
              "; in CPU seconds {:.2f}x / {:.2f}x / {:.2f}x".format(*spread(box_cpu_ratios)) if box_cpu_ratios else ""))
    picture_s = [clock(lambda: game.module.board(game.state)) for _ in range(50)]
    print(f"    of a change, scene.refresh() (new picture and relayout, before any paint): median "
          f"{statistics.median(refresh_s) * 1e3:.1f} ms, of which the bench's stand-in rule module making the picture "
          f"(its board(), not the board's code) {statistics.median(picture_s) * 1e3:.2f} ms; the rest is Qt's event "
          f"rounds and the repaint")
    # the stand-in keeps its unchanged pieces as the same objects; a rule system that makes every piece anew
    # for each picture (the shipped ones do) has them compared by value: the same change, the copies made untimed
    anew_s: list[float] = []
    anew_c: list[float] = []
    for _ in range(3 * runs):
        k[0] += 1
        i = k[0]
        pieces[i] = BoardPiece(**{**pieces[i].__dict__, "place": f"p{(i * 7) % 1000}"})
        pieces[:] = [BoardPiece(**pc.__dict__) for pc in pieces]
        wall, cpu = clock_cpu(scene.refresh)
        anew_s.append(wall)
        anew_c.append(cpu)
        app.processEvents()
        app.processEvents()
    print(f"    the same refresh when every piece of the picture is a new object (as the shipped rule systems make "
          f"them): median {statistics.median(anew_s) * 1e3:.1f} ms, CPU {statistics.median(anew_c) * 1e3:.1f} ms "
          f"(compared by value)")
    view.close()
    scene.detach()
    _change_shipped(app)


def _change_shipped(app: Any) -> None:
    """A shipped rule system's change, end to end: War in Binni's board in the same 3840x2160 view, fitted; a
    counter dropped on a place it may move to, through the controller (command, journal, the rules' new
    picture made anew, the board's refresh, Qt's repaint). Absolute: one game change <= 16 ms."""
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.board.scene import BoardScene
    from boardapp.ui.board.view import BoardView

    game = new_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml"))
    scene = BoardScene(game)
    view = BoardView(scene)
    view.resize(3840, 2160)
    view.show()
    view.fit()
    for _ in range(3):
        app.processEvents()
    view.viewport().repaint()
    refresh = scene.refresh
    spent: list[float] = []

    def timed_refresh() -> None:
        t = time.perf_counter()
        refresh()
        spent.append(time.perf_counter() - t)

    scene.refresh = timed_refresh  # type: ignore[method-assign]
    drops, refreshes, cpus = [], [], []
    picture = game.module.board(game.state)
    for piece in picture.pieces:
        if piece.place is None or piece.hidden:
            continue
        to = [o.place for o in game.module.move_options(game.state, piece.id) if o.place != piece.place]
        if not to:
            continue
        spent.clear()
        accepted: list[bool] = []

        def drop(cid: str = piece.id, place: str = to[0], accepted: list[bool] = accepted) -> None:
            accepted.append(scene.drop_counter(cid, place))
            app.processEvents()
            app.processEvents()

        wall, cpu = clock_cpu(drop)
        if accepted[0]:
            drops.append(wall)
            cpus.append(cpu)
            refreshes.append(sum(spent))
    view.close()
    scene.detach()
    if not drops:
        print("    War in Binni: no counter could be moved: no figure")
        return
    d, c = spread(drops), spread(cpus)
    print(f"    a shipped rule system's change end to end (War in Binni, {len(picture.pieces)} pieces made anew per "
          f"picture, same view, fitted; a drop through the controller: command, journal, picture, refresh, repaint), "
          f"{len(drops)} drops: {d[0] * 1e3:.1f} / {d[1] * 1e3:.1f} / {d[2] * 1e3:.1f} ms (CPU {c[0] * 1e3:.1f} / "
          f"{c[1] * 1e3:.1f} / {c[2] * 1e3:.1f} ms; absolute target <= 16 ms: {'ok' if d[1] <= 0.016 else 'NO'}), "
          f"of which the board's refresh median {statistics.median(refreshes) * 1e3:.2f} ms")


def bench_build(app: Any, runs: int) -> None:
    sys.path.insert(0, str(HERE))
    from bench_board import FakeGame, FakeModule, generated_map, shown_board  # type: ignore[import-not-found]
    from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene, QGraphicsView

    import boardapp.ui.board.view  # noqa: F401 (imported before anything is timed)
    from boardapp.ui.board.scene import BoardScene

    the_map = generated_map()
    module = FakeModule(the_map, 5000)
    probe_scene = BoardScene(FakeGame(module))
    rows = [(rect.topLeft(), pm) for _, place_rows in probe_scene.pieces_layer().values()
            for _z, rect, pm in place_rows]
    rect = probe_scene.sceneRect()
    probe_scene.detach()

    def ours() -> None:
        ours_made.append(shown_board(app, module))

    def bare() -> None:
        scene = QGraphicsScene(rect)
        for pos, pm in rows:
            item = QGraphicsPixmapItem(pm)
            item.setPos(pos)
            scene.addItem(item)
        view = QGraphicsView(scene)
        view.resize(3840, 2160)
        view.show()
        view.fitInView(rect)
        app.processEvents()
        bare_made.append((scene, view))

    ours_made: list[Any] = []
    bare_made: list[Any] = []

    def clean() -> None:
        for scene, view in ours_made:
            view.close()
            scene.detach()
        for _scene, view in bare_made:
            view.close()
        ours_made.clear()
        bare_made.clear()
        app.processEvents()

    ratios, ours_s, limit_s = [], [], []
    cpu_ratios, ours_c, limit_c = [], [], []
    for k in range(runs):
        first, second = (ours, bare) if k % 2 else (bare, ours)
        t1 = clock_cpu(first)
        clean()
        t2 = clock_cpu(second)
        clean()
        o, li = (t1, t2) if k % 2 else (t2, t1)
        ratios.append(o[0] / li[0])
        ours_s.append(o[0])
        limit_s.append(li[0])
        cpu_ratios.append(o[1] / li[1])
        ours_c.append(o[1])
        limit_c.append(li[1])
    report(f"scene build to the first paint (1,000 places, 2,000 roads, 5,000 counters, 3840x2160 view) against "
           f"{len(rows)} bare QGraphicsPixmapItems in a QGraphicsScene shown by a QGraphicsView of the same size",
           ratios, ours_s, limit_s, target=2.0)
    cpu_line(cpu_ratios, ours_c, limit_c)


# --- cold start -------------------------------------------------------------------------------------
def _cold(args: list[str], env: dict[str, str], phases: dict[str, list[float]] | None = None) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as data:
        if env.get("BOARDAPP_CACHE_DIR") == "":  # a first start: nothing read before (engine/loadcache.py)
            env = {**env, "BOARDAPP_CACHE_DIR": str(Path(data) / "cache")}
        started = time.perf_counter()
        out = subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True, timeout=300,
                             env={**env, "BOARDAPP_DATA_DIR": data, "BOARDAPP_CONFIG_DIR": data})
    painted, _age, cpu = (float(v) for v in out.stdout.split()[-3:])
    if phases is not None:  # each phase's own CPU seconds (the difference from the one before)
        marks = [m.split("=") for line in out.stdout.splitlines() if line.startswith("PHASES ")
                 for m in line[len("PHASES "):].split("|")]
        before = 0.0
        for name, at in marks:
            phases.setdefault(name, []).append(float(at) - before)
            before = float(at)
    return painted - started, cpu


def _cpu_ratio_line(what: str, ours: list[float], bare: list[float]) -> None:
    lo, med, hi = spread([a / b for a, b in zip(ours, bare, strict=True)])
    print(f"    {what}: ratio min {lo:.2f}x / median {med:.2f}x / max {hi:.2f}x; "
          f"ours median {statistics.median(ours):.3f} s, bare {statistics.median(bare):.3f} s")


def _phase_line(what: str, phases: dict[str, list[float]]) -> str:
    return f"    {what}: " + ", ".join(f"{name} {statistics.median(v):.3f}" for name, v in phases.items())


def bench_cold(runs: int) -> None:
    me = str(HERE / "cold_children.py")  # the started programs import nothing of this benchmark's
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache, "BOARDAPP_CACHE_DIR": str(Path(cache) / "boardapp")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        progs = {"bare": [me, "--bare"],
                 "child": [str(HERE / "bench_board.py"), "--cold-child"],
                 "app": [me, "--app"],
                 "first": [me, "--app"],
                 "phases": [me, "--phases"],
                 "floor": [me, "--floor"]}
        envs = {name: {**env, "BOARDAPP_CACHE_DIR": ""} if name == "first" else env for name in progs}
        for name, args in progs.items():  # fills the bytecode cache and boardapp's, as a program run before has them
            _cold(args, envs[name])
        wall: dict[str, list[float]] = {k: [] for k in progs}
        cpu: dict[str, list[float]] = {k: [] for k in progs}
        phases: dict[str, dict[str, list[float]]] = {"bare": {}, "phases": {}, "floor": {}}
        for _ in range(runs):
            for name, args in progs.items():
                w, c = _cold(args, envs[name], phases.get(name))
                wall[name].append(w)
                cpu[name].append(c)
        for name, what, absolute in (
                ("child", "first paint alone (scenario, scene, view)", 0.8), ("app", "the boardapp program", 0.8),
                ("first", "the boardapp program started for the first time: no scenario cache", None)):
            ratios = [a / b for a, b in zip(wall[name], wall["bare"], strict=True)]
            med_wall = statistics.median(wall[name])
            also = "" if absolute is None else (
                f"; absolute target <= {absolute:g} s: {'ok' if med_wall <= absolute else 'NO'} ({med_wall:.2f} s)")
            report(f"cold start, new process to War in Binni's first painted board ({what}), against a bare PySide6 "
                   f"program opening a 1920x1080 window and painting it once (bytecode cached; wall clock{also})",
                   ratios, wall[name], wall["bare"], target=1.5, unit="s", scale=1.0)
            _cpu_ratio_line("the same in the processes' CPU seconds", cpu[name], cpu["bare"])
        _cpu_ratio_line("the floor of any first paint of boardapp's window, in CPU seconds (cold_children.py --floor: "
                        "the interpreter, Qt, the windows' modules, the window and its first paint; the game's "
                        "machinery imported and the game made beforehand, uncounted; its wall time has no meaning)",
                        cpu["floor"], cpu["bare"])
        print(_phase_line("where the boardapp program's CPU goes, phase by phase (cold_children.py --phases, "
                          "seconds, median)", phases["phases"]))
        print(_phase_line("the bare window's, phase by phase", phases["bare"]))
        print(_phase_line("the floor's, phase by phase", phases["floor"]))
        out = subprocess.run([sys.executable, "-X", "importtime", *progs["app"]], capture_output=True, text=True,
                             env={**env, "BOARDAPP_DATA_DIR": cache, "BOARDAPP_CONFIG_DIR": cache}, check=True)
    by_package: dict[str, float] = {}
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us = line.split(":", 1)[1].split("|")[0].strip()
        name = line.rsplit("|", 1)[1].strip()
        parts = name.split(".")
        key = ".".join(parts[:2]) if parts[0] == "boardapp" else parts[0]
        by_package[key] = by_package.get(key, 0.0) + int(self_us) / 1e6
    total = sum(by_package.values())
    top = sorted(by_package.items(), key=lambda kv: -kv[1])[:10]
    print(f"    where the boardapp program's imports go (python -X importtime, self time summed by package, one run): "
          f"{total:.2f} s in all; " + ", ".join(f"{k} {v:.3f} s" for k, v in top))


# --- loading scenarios -------------------------------------------------------------------------------
def _map_of(path: Path) -> Path:
    import yaml

    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    return (path.parent / data["map"]).resolve()


def bench_load(runs: int) -> None:
    import yaml

    from boardapp.engine.files import read_scenario

    for path in SCENARIOS:
        files = [path, _map_of(path)]

        def ours(path: Path = path) -> None:
            read_scenario(path)

        def bare(files: list[Path] = files) -> None:
            for f in files:
                with open(f, encoding="utf-8") as fh:
                    yaml.load(fh.read(), Loader=yaml.CSafeLoader)

        ours()
        ratios, o, li = interleaved(ours, bare, runs, 5)
        report(f"loading {path.name} (+ {files[1].name}: YAML with lines, validation, checks) against yaml.load with "
               "libyaml (CSafeLoader) of the same two files", ratios, o, li, target=3.0)
        if path.name == "the-game.yaml":
            print(f"    The Game's world loads in median {statistics.median(o):.3f} s (target <= 0.5 s: "
                  f"{'ok' if statistics.median(o) <= 0.5 else 'NO'})")
    for path in SCENARIOS:
        files = [str(path), str(_map_of(path))]
        bare_code = ("import sys, yaml\nfor f in sys.argv[1:]:\n    with open(f, encoding='utf-8') as fh:\n"
                     "        yaml.load(fh.read(), Loader=yaml.CSafeLoader)\n")
        walls: list[float] = []
        bares: list[float] = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "boardapp", "check", str(path)], check=True, capture_output=True,
                           cwd=ROOT)
            walls.append(time.perf_counter() - t)
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", bare_code, *files], check=True, capture_output=True)
            bares.append(time.perf_counter() - t)
        ratios = [a / b for a, b in zip(walls, bares, strict=True)]
        med = statistics.median(walls)
        report(f"boardapp check {path.name} (a fresh process; target <= 1 s: {'ok' if med <= 1 else 'NO'}, median "
               f"{med:.2f} s) against a fresh python loading the same two files with libyaml ",
               ratios, walls, bares, target=float("inf"), unit="s", scale=1.0)


def bench_cli(runs: int) -> None:
    """``boardapp --help``, ``boardapp check --help`` and an argument error, each a fresh process, against a fresh
    ``python`` that imports argparse and prints a help of its own (target: each <= 0.25 s)."""
    bare = ("import argparse\np = argparse.ArgumentParser(prog='bare')\np.add_argument('x')\n"
            "p.print_help()\n")
    for args in (["--help"], ["check", "--help"], ["run", "x.yaml"]):
        ours_s: list[float] = []
        bare_s: list[float] = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "boardapp", *args], capture_output=True, cwd=ROOT, check=False)
            ours_s.append(time.perf_counter() - t)
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", bare], capture_output=True, check=True)
            bare_s.append(time.perf_counter() - t)
        med = statistics.median(ours_s)
        report(f"boardapp {' '.join(args)} (a fresh process; target <= 0.25 s: {'ok' if med <= 0.25 else 'NO'}, "
               f"median {med:.3f} s) against a fresh python printing an argparse help",
               [a / b for a, b in zip(ours_s, bare_s, strict=True)], ours_s, bare_s, target=float("inf"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    ap.add_argument("--only", default="redraw,change,build,cold,load,cli",
                    help="comma-separated figures to measure")
    args = ap.parse_args(argv)
    only = set(args.only.split(","))
    load = os.getloadavg()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; machine load (1, 5, 15 min) {load[0]:.1f} "
          f"{load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores; ratio = ours / limit, min / median / max over "
          f"{args.runs} runs")
    sys.path.insert(0, str(ROOT))
    if only & {"redraw", "change", "build"}:
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication([])
        if "redraw" in only:
            bench_redraw(app, args.runs)
        if "change" in only:
            bench_change(app, args.runs)
        if "build" in only:
            bench_build(app, args.runs)
    if "cold" in only:
        bench_cold(args.runs)
    if "load" in only:
        bench_load(args.runs)
    if "cli" in only:
        bench_cli(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
