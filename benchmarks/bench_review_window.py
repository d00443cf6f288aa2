"""Benchmark the review window on a big War in Binni game (offscreen Qt).

Plays (fixed seed, as ``bench_review.py``) a random legal 12-week game of 5,000 journal entries,
saves it, then prints:

- opening it in the review window: ``Review.open`` + building the window (board scene, log of every
  line, curves dock) + showing it and painting the board once, target ≤ 1 s;
- scrubbing: one frame is the slider moved (``setValue``: the review replays to the position, the
  scene redraws its picture, the curves' marker moves) and the board view painted into an image
  (``QWidget.render`` into a QImage of the view's size, which is what reaches the screen; the window
  is hidden while scrubbing so that the board is painted once per frame, not also on screen), target
  ≥ 20 frames per second, along a drag (every 25th position, forwards then back) and at random jumps;
- a curve hover (a mouse move over the canvas: readout and matplotlib redraw), to say whether
  matplotlib's QtAgg canvas is fast enough for hover.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_review_window.py`` (about a minute).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import load_scenario
from boardapp.review.timeline import Review
from boardapp.ui.review.window import ReviewWindow
from tests.review.games import random_game

SEED = 20261124
ENTRIES, WEEKS = 5000, 12


def frame(app: QApplication, window: ReviewWindow, position: int, image: QImage) -> None:
    """Slider → scene updated → board painted into ``image``."""
    window.timeline.slider.setValue(position)
    app.processEvents()
    image.fill(0)
    p = QPainter(image)
    window.view.render(p)
    p.end()


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "binni-12-weeks.game"
        game = random_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml"), ENTRIES, WEEKS, seed=SEED,
                           save=path)
        game.store.close()
        print(f"game: {len(game.entries)} entries over {WEEKS} weeks")
        w = ReviewWindow(Review.open(path))  # warm-up: imports, fonts, the file in the page cache
        w.close()
        boards, everything = [], []
        for _ in range(3):
            t0 = time.perf_counter()
            window = ReviewWindow(Review.open(path))
            window.resize(1500, 950)
            window.show()
            image = QImage(window.view.size(), QImage.Format.Format_ARGB32_Premultiplied)
            p = QPainter(image)
            window.view.render(p)
            p.end()
            boards.append(time.perf_counter() - t0)
            while not window.loaded:
                app.processEvents()
            app.processEvents()
            everything.append(time.perf_counter() - t0)
            window.close()
        print(f"open in the review window, board painted (3 runs): median {statistics.median(boards) * 1000:.0f} ms, "
              f"max {max(boards) * 1000:.0f} ms (target ≤ 1000 ms)")
        print(f"  … and the log of every line and the curves drawn too: median "
              f"{statistics.median(everything) * 1000:.0f} ms, max {max(everything) * 1000:.0f} ms")

        window = ReviewWindow(Review.open(path))
        window.resize(1500, 950)
        window.show()
        app.processEvents()
        while not window.loaded:
            app.processEvents()
        panel = window.curves
        if panel.canvas is not None:
            canvas = panel.canvas
            hovers = []
            for i in range(60):
                x = 40 + (i * 37) % max(1, canvas.width() - 80)
                t0 = time.perf_counter()
                QTest.mouseMove(canvas, QPoint(x, canvas.height() // 2))
                app.processEvents()
                hovers.append(time.perf_counter() - t0)
            said = panel.readout.text()[:40]
            print(f"curve hover (mouse move to the readout, which says {said!r}…; {len(hovers)} moves): median "
                  f"{statistics.median(hovers) * 1000:.1f} ms, max {max(hovers) * 1000:.1f} ms")
            redraws = []
            for _ in range(10):
                t0 = time.perf_counter()
                canvas.draw()
                redraws.append(time.perf_counter() - t0)
            print(f"full curve redraw (another measure chosen, the marker after a drag; 10 runs): median "
                  f"{statistics.median(redraws) * 1000:.1f} ms")
        window.hide()  # from here the board is painted once a frame, into the image (no second, on-screen paint)
        image = QImage(window.view.size(), QImage.Format.Format_ARGB32_Premultiplied)
        print(f"board view painted at {image.width()} x {image.height()} px")
        last = window.review.last
        drag = list(range(0, last + 1, 25))
        drag += drag[::-1]
        rng = random.Random(SEED)
        for what, positions in (("slider drag, every 25th position", drag),
                                ("random jumps", [rng.randrange(last + 1) for _ in range(200)])):
            times = []
            for pos in positions:
                t0 = time.perf_counter()
                frame(app, window, pos, image)
                times.append(time.perf_counter() - t0)
            if os.environ.get("BENCH_FRAME_PNG"):  # to look at what a frame holds
                image.save(os.environ["BENCH_FRAME_PNG"])
            med, worst = statistics.median(times), max(times)
            p90 = sorted(times)[int(0.9 * len(times))]
            print(f"{what} ({len(times)} frames): median {med * 1000:.1f} ms ({1 / med:.0f} frames/s), "
                  f"90th percentile {p90 * 1000:.1f} ms ({1 / p90:.0f} frames/s), max {worst * 1000:.1f} ms "
                  f"(target ≥ 20 frames/s)")

        window.close()


if __name__ == "__main__":
    main()
