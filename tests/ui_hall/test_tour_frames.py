"""Rehearsal 3, fault 5: at each step of a big screen's tour, every frame painted between the step and
the settled view shows the names and counters of what it shows (The Game's screen showed, for up to a
second, the new region bare: no region names, no counters, then the full view; a flicker in the hall
at every step). Measured from what is drawn: the viewport grabbed at every turn of the event loop
during the step, its dark pixels (names' and counters' ink) against the settled frame's."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from boardapp.engine.files import open_game
from tests.ui_hall.hall_games import make_game


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tour-frames")


def _dark(img: QImage, top: int) -> int:
    """Pixels darker than the map's ground (names' ink, counters' symbols and edges) below ``top``."""
    img = img.convertToFormat(QImage.Format.Format_Grayscale8)
    w, h, bpl = img.width(), img.height(), img.bytesPerLine()
    data = bytes(img.constBits())  # type: ignore[call-overload]
    return sum(1 for y in range(top, h, 2) for v in data[y * bpl:y * bpl + w:2] if v < 60)


def _screen(qtbot: Any, settings: Any, path: Path) -> Any:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(open_game(path, readonly=True), settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    return window


def _frames_of_step(qtbot: Any, window: Any, step: Any) -> tuple[list[tuple[float, int, bool]], int]:
    """Take ``step`` (the tour's next stop, CONTROL's region); grab the viewport at every turn of the
    event loop until the view has settled and stayed so for a while: (seconds since the step, dark
    pixels, gliding) per grab, and the settled frame's dark pixels."""
    view, tour = window.view, window.tour
    top = tour.locator.height() if tour.running else 0  # the locator's band (its caption changes with the step)
    frames: list[tuple[float, int, bool]] = []
    t0 = time.perf_counter()
    step()
    settled_at = None
    while time.perf_counter() - t0 < 5:
        qtbot.wait(5)
        frames.append((time.perf_counter() - t0, _dark(view.viewport().grab().toImage(), top), view.animating))
        if not view.animating:
            settled_at = settled_at or time.perf_counter()
            if time.perf_counter() - settled_at > 0.5:
                break
    return frames, _dark(view.viewport().grab().toImage(), top)


@pytest.mark.parametrize("system", ["thegame", "mun"])
def test_every_frame_of_a_tour_step_shows_names_and_counters(qtbot, settings, games, system):
    window = _screen(qtbot, settings, make_game(system, games))
    tour = window.tour
    assert tour.running and len(tour.stops) >= 3, "this map is shown as a tour"
    tour.timer.stop()
    for _step in range(3):
        frames, settled = _frames_of_step(qtbot, window, tour.next)
        assert settled > 2000, f"the settled view shows names and counters ({settled} dark pixels)"
        assert any(glide for _t, _d, glide in frames), "the step glides (frames between the step and the view)"
        bare = [(round(t, 2), d) for t, d, _g in frames if d < 0.5 * settled]
        assert not bare, (f"{tour.caption()}: frames with less than half the settled view's names and counters "
                          f"({settled} dark pixels): {bare}")
    window.detach()


def test_every_frame_of_a_glide_between_regions_shows_names_and_counters(qtbot, settings, games):
    """War in Binni is read whole (no tour), but CONTROL's *Show this on the big screen* glides from one
    region to another: the same frames."""
    window = _screen(qtbot, settings, make_game("binni", games))
    assert not window.tour.running
    w, h = window.scene.map.size
    regions = [QRectF(0, 0, w * 0.45, h * 0.45), QRectF(w * 0.5, h * 0.5, w * 0.45, h * 0.45),
               QRectF(w * 0.5, 0, w * 0.45, h * 0.45)]
    window.show_region(regions[0], animate=False)
    for rect in regions[1:]:
        frames, settled = _frames_of_step(qtbot, window, lambda r=rect: window.show_region(r))
        assert settled > 2000, f"the settled view shows names and counters ({settled} dark pixels)"
        assert any(glide for _t, _d, glide in frames), "the step glides (frames between the step and the view)"
        bare = [(round(t, 2), d) for t, d, _g in frames if d < 0.5 * settled]
        assert not bare, f"frames with less than half the settled view's names and counters ({settled}): {bare}"
    window.detach()
