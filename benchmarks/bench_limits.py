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
  changed, seen through the viewport's paint events) against the bare repaint of that same area
  (the map image's part and the pieces' pixmaps that meet it, clipped to it). Target <= 2x.
* ``build``: the scene build to the first paint against creating the same number of bare
  ``QGraphicsPixmapItem`` (one per piece the board shows) in a ``QGraphicsScene`` shown by a
  ``QGraphicsView`` of the same size to its first paint. Target <= 2x.
* ``cold``: a fresh process to the first painted War in Binni board (``bench_board.py --cold-child``:
  what the first paint needs; ``--cold-app``: the real ``boardapp`` program) against a fresh bare
  PySide6 program that opens a 1920x1080 window and paints it once; all with their bytecode cached and
  boardapp's scenario cache filled by one start before (``engine/loadcache.py``; in a folder of the bench's
  own), as for a program run before; the ``boardapp`` program is also timed as a first start (an empty
  scenario cache for each run). Then ``python -X importtime`` of the ``boardapp`` program (second start),
  summed by package, says where the rest goes. Target <= 1.5x.
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
    from PySide6.QtCore import QEvent, QObject, QRect
    from PySide6.QtGui import QPainter

    from boardapp.engine.module import BoardPiece

    game, scene, view = _board(app)
    vp = view.viewport()
    vp.repaint()
    painted: list[QRect] = []

    class Watch(QObject):
        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint:
                painted.append(event.region().boundingRect())
            return False

    watch = Watch()
    vp.installEventFilter(watch)
    target, map_img = _bare_painter(view)
    pieces = game.module.pieces
    k = [0]
    ratios, ours_s, limit_s, areas, unpainted = [], [], [], [], 0
    refresh_s: list[float] = []
    cpu_ratios, ours_c, limit_c = [], [], []
    for _ in range(runs):
        o, li, oc, lc = [], [], [], []
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
            area = QRect(painted[0])
            for r in painted[1:]:
                area = area.united(r)
            areas.append(area.width() * area.height())
            blits = _blits(scene, view, area)

            def bare(area: QRect = area, blits: list[Any] = blits) -> None:
                p = QPainter(target)
                p.setClipRect(area)
                p.drawImage(area, map_img, area)
                draw = p.drawPixmap
                for x, y, pm in blits:
                    draw(x, y, pm)
                p.end()

            wall, cpu = clock_cpu(bare)
            li.append(wall)
            lc.append(cpu)
        if o and li:
            mo, ml = statistics.median(o), statistics.median(li)
            ratios.append(mo / ml)
            ours_s.append(mo)
            limit_s.append(ml)
            mo, ml = statistics.median(oc), statistics.median(lc)
            if ml > 0:
                cpu_ratios.append(mo / ml)
                ours_c.append(mo)
                limit_c.append(ml)
    vp.removeEventFilter(watch)
    if not ratios:
        print("one game change at fit: no paint event seen (the platform did not repaint): no figure")
        return
    report(f"one game change at fit (a counter moves: picture, relayout, Qt's repaint of what changed) against the "
           f"bare repaint of the same area (median {statistics.median(areas) / 1e3:.0f} kpx"
           f"{f'; {unpainted} changes painted nothing' if unpainted else ''})", ratios, ours_s, limit_s, target=2.0)
    if cpu_ratios:
        cpu_line(cpu_ratios, ours_c, limit_c)
    picture_s = [clock(lambda: game.module.board(game.state)) for _ in range(50)]
    print(f"    of a change, scene.refresh() (new picture and relayout, before any paint): median "
          f"{statistics.median(refresh_s) * 1e3:.1f} ms, of which the bench's stand-in rule module making the picture "
          f"(its board(), not the board's code) {statistics.median(picture_s) * 1e3:.2f} ms; the rest is Qt's event "
          f"rounds and the repaint")
    # the stand-in keeps its unchanged pieces as the same objects; a rule system that makes every piece anew
    # for each picture (the shipped ones do) has them compared by value: the same change, the copies made untimed
    anew_s: list[float] = []
    for _ in range(3 * runs):
        k[0] += 1
        i = k[0]
        pieces[i] = BoardPiece(**{**pieces[i].__dict__, "place": f"p{(i * 7) % 1000}"})
        pieces[:] = [BoardPiece(**pc.__dict__) for pc in pieces]
        anew_s.append(clock(scene.refresh))
        app.processEvents()
        app.processEvents()
    print(f"    the same refresh when every piece of the picture is a new object (as the shipped rule systems make "
          f"them): median {statistics.median(anew_s) * 1e3:.1f} ms (compared by value)")
    view.close()
    scene.detach()


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
def cold_bare() -> None:
    """A bare PySide6 program: a 1920x1080 window painted once; prints what bench_board's children print."""
    from PySide6.QtGui import QColor, QPainter
    from PySide6.QtWidgets import QApplication, QWidget

    class Window(QWidget):
        def paintEvent(self, event: Any) -> None:
            p = QPainter(self)
            p.fillRect(self.rect(), QColor("#2b4a6f"))
            p.drawText(40, 40, "bare")
            p.end()
            painted = time.perf_counter()
            times = os.times()
            print(f"{painted:.6f} 0 {times.user + times.system:.3f}")
            sys.stdout.flush()
            os._exit(0)

    app = QApplication([])
    w = Window()
    w.resize(1920, 1080)
    w.show()
    app.exec()


def _cold(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as data:
        if env.get("BOARDAPP_CACHE_DIR") == "":  # a first start: nothing read before (engine/loadcache.py)
            env = {**env, "BOARDAPP_CACHE_DIR": str(Path(data) / "cache")}
        started = time.perf_counter()
        out = subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True,
                             env={**env, "BOARDAPP_DATA_DIR": data})
    painted, _age, cpu = (float(v) for v in out.stdout.split()[-3:])
    return painted - started, cpu


def bench_cold(runs: int) -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache, "BOARDAPP_CACHE_DIR": str(Path(cache) / "boardapp")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        progs = {"bare": [str(Path(__file__)), "--cold-bare"],
                 "child": [str(HERE / "bench_board.py"), "--cold-child"],
                 "app": [str(HERE / "bench_board.py"), "--cold-app"],
                 "first": [str(HERE / "bench_board.py"), "--cold-app"]}
        envs = {name: {**env, "BOARDAPP_CACHE_DIR": ""} if name == "first" else env for name in progs}
        for name, args in progs.items():  # fills the bytecode cache and boardapp's, as a program run before has them
            _cold(args, envs[name])
        wall: dict[str, list[float]] = {k: [] for k in progs}
        cpu: dict[str, list[float]] = {k: [] for k in progs}
        for _ in range(runs):
            for name, args in progs.items():
                w, c = _cold(args, envs[name])
                wall[name].append(w)
                cpu[name].append(c)
        for name, what in (("child", "first paint alone (scenario, scene, view)"), ("app", "the boardapp program"),
                           ("first", "the boardapp program started for the first time: no scenario cache")):
            ratios = [a / b for a, b in zip(wall[name], wall["bare"], strict=True)]
            report(f"cold start, new process to War in Binni's first painted board ({what}), against a bare PySide6 "
                   "program opening a 1920x1080 window and painting it once (bytecode cached; wall clock)",
                   ratios, wall[name], wall["bare"], target=1.5, unit="s", scale=1.0)
            cr = [a / b for a, b in zip(cpu[name], cpu["bare"], strict=True)]
            lo, med, hi = spread(cr)
            print(f"    the same in the processes' CPU seconds: ratio min {lo:.2f}x / median {med:.2f}x / "
                  f"max {hi:.2f}x;"
                  f" ours median {statistics.median(cpu[name]):.2f} s, bare {statistics.median(cpu['bare']):.2f} s")
        out = subprocess.run([sys.executable, "-X", "importtime", *progs["app"]], capture_output=True, text=True,
                             env={**env, "BOARDAPP_DATA_DIR": cache}, check=True)
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
    if sys.argv[1:] == ["--cold-bare"]:
        cold_bare()
    sys.exit(main())
