"""The Game's umpire board (issue #23 finding 7): a unit's strengths ("3-(0)-3") were 4-8 px at any zoom,
because a dense map's board stopped zooming while its pieces were still small and a long value was shrunk
to fit its chip's strip. Now the board zooms on until its pieces are MAX_PIECE_ZOOM times their size at War
in Binni's density, and a long value is set condensed before it is shrunk: the strengths grow with the zoom
as the names do, and read at 24 px and more fully zoomed on a 1920x1080 window. Measured from what is drawn."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import time
from pathlib import Path

import pytest

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game

NAMES = ("Italy", "Poland", "Romania", "Hungary", "Bulgaria", "Yugoslavia", "Greece and Albania")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("umpire-games")


def _settle(ms: int = 300) -> None:
    from PySide6.QtWidgets import QApplication

    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def _sizes(window) -> tuple[list[float], list[float]]:
    """Ink heights of the unit strengths and of the place names drawn on the window now."""
    report = hall_measure.measure(window, min_px=0)
    strengths = [d.cap_px for d in report.texts if "-(" in d.text]
    names = [d.cap_px for d in report.texts if d.text in NAMES]
    return strengths, names


def test_thegame_strengths_grow_with_the_zoom_as_names_do(qtbot, games):
    from boardapp.engine.files import open_game
    from boardapp.ui.board.view import MAX_PIECE_ZOOM
    from boardapp.ui.mainwindow import MainWindow

    path = make_game("thegame", games)
    with hall_measure.recording():
        window = MainWindow(open_game(path, readonly=True), path)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        _settle(800)
        view = window.view
        view.fit()
        _settle()
        view.centre_on_place("italy")  # where the board's "centre on a place" goes: pieces at 0.6 their size
        _settle()
        near = view.piece_zoom()
        strengths, names = _sizes(window)
        assert strengths and names, "control: Italy's units and names are on the screen"
        ratio_near = min(strengths) / max(names)
        view.zoom_by(1000.0)  # as far in as the board goes
        view.centerOn(window.scene.place_pos("italy"))
        _settle()
        assert view.piece_zoom() >= MAX_PIECE_ZOOM - 1e-6 > 2 * near
        far_strengths, far_names = _sizes(window)
    assert far_strengths and far_names
    # grown with the zoom: as much as the names did (both are drawn in map units), and readable
    assert min(far_strengths) >= 24, far_strengths
    assert min(far_strengths) / max(far_names) >= 0.9 * ratio_near
    # a long value condensed before shrunk: a third of a name's height at least (it was 0.28)
    assert min(far_strengths) / max(far_names) >= 1 / 3, (far_strengths, far_names)
    window.close()
