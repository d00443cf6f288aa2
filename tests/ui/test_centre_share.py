"""An umpire's window at its default 1400x900 keeps half its width for the map (or Coup's table): the side docks
narrow instead, never below their own minimum widths (the game-day rehearsal of 27 Nov on Xvfb: Mid-East PEACE's map
was squeezed to about 400 px by its 570-px table dock; War in Binni's was 668 of 1400). Read from the laid-out
window; Mid-East's country table still shows every column whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget, QTableView

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]


def _window(qtbot: Any, scenario: str, size: tuple[int, int]) -> Any:
    from boardapp.ui.mainwindow import MainWindow

    win = MainWindow(new_game(load_scenario(ROOT / "scenarios" / scenario)))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    for _ in range(3):
        qtbot.wait(20)
        QApplication.processEvents()
    return win


@pytest.mark.parametrize("scenario", ["mideast-peace.yaml", "war-in-binni.yaml", "the-game.yaml", "coup.yaml"])
def test_the_centre_keeps_half_an_umpires_1400_window(qtbot: Any, scenario: str) -> None:
    win = _window(qtbot, scenario, (1400, 900))
    centre = win.centralWidget()
    assert centre.isVisible() and centre.width() >= 0.5 * win.width(), (centre.width(), win.width())
    for dock in win.findChildren(QDockWidget):  # a narrowed dock is never below what it asks for
        if dock.isVisible() and not dock.isFloating():
            assert dock.width() >= dock.minimumSizeHint().width(), (dock.objectName(), dock.width())


def test_mideasts_country_table_shows_every_column_beside_half_the_window_of_map(qtbot: Any) -> None:
    win = _window(qtbot, "mideast-peace.yaml", (1400, 900))
    dock = win.findChild(QDockWidget, "mideast.table")
    dock.raise_()
    qtbot.wait(20)
    countries = max((t for t in dock.findChildren(QTableView) if t.isVisible()), key=lambda t: t.model().rowCount())
    header = countries.horizontalHeader()
    columns = sum(header.sectionSize(i) for i in range(header.count()) if not header.isSectionHidden(i))
    assert columns <= countries.viewport().width(), (columns, countries.viewport().width())
    assert countries.horizontalScrollBar().maximum() == 0
    assert win.centralWidget().width() >= 700


def test_a_wide_window_keeps_its_docks_as_they_are(qtbot: Any) -> None:
    win = _window(qtbot, "war-in-binni.yaml", (1920, 1080))
    assert win.teams_dock.width() >= 420 and win.overview_dock.width() >= 300
