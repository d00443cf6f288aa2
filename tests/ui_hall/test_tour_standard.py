"""Every stop of the MUN's tour meets the hall standard (issue #23), measured from what is drawn at
1920x1080 and 3840x2160: not only the first (busiest) stop that test_hall_standard.py sees."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game

SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("tour-games")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_stop_of_the_mun_tour_meets_the_standard(qtbot, settings, games, size):
    from boardapp.engine.files import open_game
    from boardapp.ui.bigscreen.window import BigScreenWindow

    w, h = SIZES[size]
    with hall_measure.recording():
        window = BigScreenWindow(open_game(make_game("mun", games), readonly=True), settings=settings)
        qtbot.addWidget(window)
        window.resize(w, h)
        window.show()
        qtbot.waitExposed(window)
        window.view._settle()
        tour = window.tour
        assert tour.running and len(tour.stops) >= 20
        tour.timer.stop()
        failed = []
        for i in range(len(tour.stops)):
            tour.index = i
            tour._show(animate=False)
            QApplication.processEvents()
            report = hall_measure.measure(window, min_px=19 * h / 1080)
            assert len(report.texts) >= 30, f"control: stop {i + 1} drew only {len(report.texts)} texts"
            if report.problems():
                failed.append(f"{tour.caption()}:\n{report.describe()}")
        window.detach()
    assert not failed, "\n".join(failed)
