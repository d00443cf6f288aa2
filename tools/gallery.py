"""Every view of every shipped scenario, at 1920x1080 and 3840x2160, as PNGs in one folder with a
contact sheet (issue #23): so that looking is cheap. See docs/gallery.md.

    .venv/bin/python tools/gallery.py OUT [--systems binni,coup] [--sizes 1080,4K] [--display :103]
                                          [--views board,screen,render,web,review,report] [--measure]

For each system (its game file made from ``docs/examples/*-every-command.yaml``, as in
``tests/ui_hall/hall_games.py``) and each size it writes:

* ``<sys>-<size>-board-fit.png``, ``-board-dense.png``: the umpire's window, the board fitted, then
  zoomed on the densest cluster of counters (a map-less system shows its table view);
* ``-screen-<layout>.png``: the big screen in each layout (map, map_sidebar, clock);
* ``-render-public.png``, ``-render-umpire.png``: ``boardapp render`` and ``render --umpire``;
* ``-web.png`` (the size given) and ``<sys>-phone-web.png`` (390x844): the players' web page in headless
  Chromium, served by ``boardapp host`` on free local ports;
* ``-review.png``: the review window at the end of the game;
* ``-report.png``: the top of the public report (``boardapp report``) in Chromium;

and ``contact.png`` (ImageMagick ``montage``, file names as captions) and ``index.txt`` (what was written,
what failed and why). ``--measure`` adds ``measure.txt``: the hall measure of each big screen
(``tests/ui_hall/hall_measure.py``). ``--display :N`` draws on that X display (an Xvfb); without it
Qt draws offscreen. Run from the project root.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import traceback
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}
VIEWS = ("board", "screen", "render", "web", "review", "report")
PHONE = (390, 844)
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                  "--hide-scrollbars"]


class Gallery:
    def __init__(self, out: Path, log: list[str]) -> None:
        self.out = out
        self.log = log

    def step(self, name: str, fn: Any, *args: Any) -> None:
        t0 = time.perf_counter()
        try:
            fn(*args)
            self.log.append(f"ok    {name} ({time.perf_counter() - t0:.1f} s)")
        except Exception as exc:  # a view that fails is said in the index; the others are still written
            self.log.append(f"FAIL  {name}: {type(exc).__name__}: {exc}")
            traceback.print_exc()


def _settle(app: Any, ms: int = 300) -> None:
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def _grab(widget: Any, path: Path) -> None:
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")


def _densest(scene: Any) -> Any:
    """A rectangle around the densest cluster of counters (a sixth of the map's width across)."""
    from PySide6.QtCore import QRectF

    pts = [item.sceneBoundingRect().center() for item in scene.counters.values()] if scene.counters else []
    w, h = scene.map.size
    r = max(w, h) / 12
    if not pts:
        return QRectF(0, 0, w, h)
    best = max(pts, key=lambda a: sum(1 for b in pts if abs(a.x() - b.x()) < r and abs(a.y() - b.y()) < r))
    return QRectF(best.x() - r * 1.6, best.y() - r * 0.9, r * 3.2, r * 1.8)


def board_views(app: Any, game_path: Path, size: tuple[int, int], stem: str, out: Path) -> None:
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow

    game = open_game(game_path, readonly=True)
    window = MainWindow(game, game_path)
    try:
        window.resize(*size)
        window.show()
        _settle(app, 600)
        window.view.fit()
        _settle(app)
        _grab(window, out / f"{stem}-board-fit.png")
        if window.view.isVisible() and getattr(window.scene, "counters", None):
            window.view.fitInView(_densest(window.scene))
            _settle(app)
            _grab(window, out / f"{stem}-board-dense.png")
    finally:
        window.close_store() if hasattr(window, "close_store") else None
        window.close()
        window.deleteLater()
        _settle(app, 50)


def screen_views(app: Any, game_path: Path, size: tuple[int, int], stem: str, out: Path, *,
                 measure: list[str] | None = None) -> None:
    from PySide6.QtCore import QSettings

    from boardapp.engine.files import open_game
    from boardapp.ui.bigscreen.window import LAYOUTS, BigScreenWindow

    settings = QSettings(str(out / "gallery-settings.ini"), QSettings.Format.IniFormat)
    game = open_game(game_path, readonly=True)
    window = BigScreenWindow(game, settings=settings)
    try:
        window.resize(*size)
        window.show()
        _settle(app, 600)
        for layout in LAYOUTS:
            window.set_layout(layout)
            _settle(app, 400)
            window.view._settle()
            _settle(app, 200)
            _grab(window, out / f"{stem}-screen-{layout}.png")
    finally:
        window.detach()
        window.close()
        window.deleteLater()
        _settle(app, 50)
    if measure is not None:
        sys.path.insert(0, str(ROOT))
        from tests.ui_hall.hall_measure import big_screen_report

        report = big_screen_report(game_path, size, settings=settings)
        measure.append(f"== {stem} big screen ==\n{report.describe(limit=10_000)}\n")


def render_views(game_path: Path, size: tuple[int, int], stem: str, out: Path) -> None:
    for flag, name in (([], "public"), (["--umpire"], "umpire")):
        r = subprocess.run([sys.executable, "-m", "boardapp", "render", str(game_path), "--out",
                            str(out / f"{stem}-render-{name}.png"), "--width", str(size[0]), "--height", str(size[1]),
                            *flag], check=False, capture_output=True, text=True, timeout=600, env=_qt_env())
        if r.returncode != 0:
            raise RuntimeError(f"render {name} exited {r.returncode}: {r.stderr.strip()[-300:]}")


def review_view(app: Any, game_path: Path, size: tuple[int, int], stem: str, out: Path) -> None:
    from boardapp.review.timeline import Review
    from boardapp.ui.review.window import ReviewWindow

    window = ReviewWindow(Review.open(game_path))
    try:
        window.resize(*size)
        window.show()
        _settle(app, 800)
        _grab(window, out / f"{stem}-review.png")
    finally:
        window.close()
        window.deleteLater()
        _settle(app, 50)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _chromium(url: str, size: tuple[int, int], path: Path, wait_ms: int = 6000) -> None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    r = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--window-size={size[0]},{size[1]}",
                        f"--virtual-time-budget={wait_ms}", f"--screenshot={path}", url],
                       check=False, capture_output=True, text=True, timeout=120)
    if not path.exists():
        raise RuntimeError(f"chromium wrote no screenshot (exit {r.returncode}): {r.stderr.strip()[-300:]}")


def web_views(game_path: Path, sizes: list[tuple[str, tuple[int, int]]], system: str, out: Path) -> None:
    port, web_port = _free_port(), _free_port()
    copy = out / f".{system}-hosted.game"  # the host writes to its file: serve a copy
    shutil.copyfile(game_path, copy)
    host = subprocess.Popen([sys.executable, "-m", "boardapp", "host", str(copy), "--port", str(port),
                             "--web-port", str(web_port), "--bind", "127.0.0.1", "--umpires", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_qt_env())
    try:
        deadline = time.time() + 60
        url = None
        assert host.stdout is not None
        while time.time() < deadline and url is None:
            line = host.stdout.readline()
            if not line:
                break
            m = re.search(r"web page.*?(http://\S+)", line)
            if m:
                url = m.group(1)
        if url is None:
            raise RuntimeError("boardapp host never said where its web page is")
        url = re.sub(r"//[^/:]+", "//127.0.0.1", url, count=1)
        for label, size in sizes:
            _chromium(url, size, out / f"{system}-{label}-web.png")
        _chromium(url, PHONE, out / f"{system}-phone-web.png")
    finally:
        host.terminate()
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()
        copy.unlink(missing_ok=True)


def report_views(game_path: Path, sizes: list[tuple[str, tuple[int, int]]], system: str, out: Path) -> None:
    html = out / f".{system}-report.html"
    r = subprocess.run([sys.executable, "-m", "boardapp", "report", str(game_path), "--out", str(html)],
                       check=False, capture_output=True, text=True, timeout=600, env=_qt_env())
    if not html.exists():
        raise RuntimeError(f"report exited {r.returncode}: {r.stderr.strip()[-300:]}")
    for label, size in sizes:
        _chromium(html.resolve().as_uri(), size, out / f"{system}-{label}-report.png", wait_ms=2000)


def _qt_env() -> dict[str, str]:
    return dict(os.environ)


def contact_sheet(out: Path) -> None:
    shots = sorted(p for p in out.glob("*.png") if p.name != "contact.png")
    if not shots or not shutil.which("montage"):
        return
    subprocess.run(["montage", "-label", "%t", "-pointsize", "14", "-geometry", "480x300>+6+6", "-tile", "6x",
                    "-background", "#dddddd", *map(str, shots), str(out / "contact.png")], check=False, timeout=600)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--systems", default=None, help="comma-separated; default: every shipped system")
    ap.add_argument("--sizes", default="1080,4K")
    ap.add_argument("--views", default=",".join(VIEWS))
    ap.add_argument("--display", default=None, help="an X display (e.g. :103); default: Qt offscreen")
    ap.add_argument("--measure", action="store_true", help="also write the hall measure of each big screen")
    a = ap.parse_args(argv)
    if a.display:
        os.environ["DISPLAY"] = a.display
        os.environ["QT_QPA_PLATFORM"] = "xcb"
    else:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    from tests.ui_hall.hall_games import SYSTEMS, make_game

    systems = [s for s in a.systems.split(",") if s] if a.systems else list(SYSTEMS)
    unknown = [s for s in systems if s not in SYSTEMS]
    if unknown:
        ap.error(f"unknown systems {unknown}; known: {', '.join(SYSTEMS)}")
    bad_sizes = [s for s in a.sizes.split(",") if s and s not in SIZES]
    if bad_sizes:
        ap.error(f"unknown sizes {bad_sizes}; known: {', '.join(SIZES)}")
    sizes = [(s, SIZES[s]) for s in a.sizes.split(",") if s]
    views = set(a.views.split(","))
    if views - set(VIEWS):
        ap.error(f"unknown views {sorted(views - set(VIEWS))}; known: {', '.join(VIEWS)}")
    out: Path = a.out
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("BOARDAPP_DATA_DIR", str(out / ".data"))
    app = QApplication.instance() or QApplication(sys.argv[:1])
    log: list[str] = []
    measure: list[str] | None = [] if a.measure else None
    g = Gallery(out, log)
    games = out / ".games"
    games.mkdir(exist_ok=True)
    for system in systems:
        path = make_game(system, games)
        for label, size in sizes:
            stem = f"{system}-{label}"
            if "board" in views:
                g.step(f"{stem} board", board_views, app, path, size, stem, out)
            if "screen" in views:
                g.step(f"{stem} big screen", partial(screen_views, measure=measure), app, path, size, stem, out)
            if "render" in views:
                g.step(f"{stem} render", render_views, path, size, stem, out)
            if "review" in views:
                g.step(f"{stem} review", review_view, app, path, size, stem, out)
        if "web" in views:
            g.step(f"{system} web page", web_views, path, sizes, system, out)
        if "report" in views:
            g.step(f"{system} report", report_views, path, sizes, system, out)
    contact_sheet(out)
    (out / "index.txt").write_text("\n".join(log) + "\n", encoding="utf-8")
    if measure is not None:
        (out / "measure.txt").write_text("\n".join(measure), encoding="utf-8")
    print("\n".join(log))
    print(f"gallery: {out} (contact sheet: {out / 'contact.png'})")
    return 1 if any(line.startswith("FAIL") for line in log) else 0


if __name__ == "__main__":
    raise SystemExit(main())
