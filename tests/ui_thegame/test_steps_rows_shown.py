"""The Game's Turn sequence list shows its rows, or a sensible part of them, on CONTROL's 1920x1080 window before
and after hosting (the game-day rehearsal of 27 Nov on Xvfb: after Game ▸ Host it showed one row and a half and
scrolled). Read from the laid-out list: the rows wholly inside its viewport."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from boardapp.engine.files import load_scenario, new_game, open_game

ROOT = Path(__file__).resolve().parents[2]
LEAST_ROWS = 5
"""A sensible part of the eighteen steps: the step now and those after it (the list keeps the current one in view)."""


def rows_shown(table: Any) -> int:
    view = table.viewport().rect()
    return sum(1 for r in range(table.rowCount())
               if view.contains(table.visualRect(table.model().index(r, 0)).adjusted(0, 0, 0, -1)))


def test_the_turn_sequence_shows_a_sensible_part_of_its_rows_before_and_after_hosting(qtbot: Any,
                                                                                       tmp_path: Path) -> None:
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import SeatPlan
    from boardapp.ui.rules.thegame.steps import StepChecklist

    path = tmp_path / "thegame.game"
    new_game(load_scenario(ROOT / "scenarios" / "the-game.yaml"), save=path).store.close()
    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(30)
    try:
        steps = win.findChild(StepChecklist).steps
        assert rows_shown(steps) >= LEAST_ROWS, rows_shown(steps)
        win.network.host_game(port=0, bind="127.0.0.1", plan=SeatPlan(umpires=[]))
        for _ in range(5):
            QApplication.processEvents()
        qtbot.wait(100)
        steps = win.findChild(StepChecklist).steps
        assert steps.isVisible() and not steps.visibleRegion().isEmpty()
        assert rows_shown(steps) >= LEAST_ROWS, rows_shown(steps)
        current = win.game.state.step
        assert steps.viewport().rect().contains(steps.visualRect(steps.model().index(current, 0)))
        assert win.height() == 1080 and win.minimumSizeHint().height() <= 1080
        checklist = win.findChild(StepChecklist)
        shown = (checklist.where, steps, checklist.to_do, checklist.preview, checklist.finish)
        for a, b in pairwise(shown):  # down the dock in order, none over the next
            assert a.geometry().bottom() < b.geometry().top(), (a, b)
        for label in (checklist.where, checklist.to_do):  # wrapped, whole
            assert label.height() >= label.heightForWidth(label.width()), (label.text(), label.height())
    finally:
        win.network.shutdown()
        win.close()
        QApplication.processEvents()


def test_an_umpires_1400x900_window_does_not_grow_for_the_turn_sequence(qtbot: Any) -> None:
    """The rows kept for the list must fit an umpire's window as it opens (with eight rows it grew to 1400x967)."""
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.rules.thegame.steps import StepChecklist

    win = MainWindow(new_game(load_scenario(ROOT / "scenarios" / "the-game.yaml")))
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(30)
    assert win.minimumSizeHint().height() <= 900 and win.height() == 900, win.height()
    steps = win.findChild(StepChecklist).steps
    # the side docks narrowed for the map's half (dockfit.keep_centre_share): a horizontal bar takes about a row
    assert rows_shown(steps) >= LEAST_ROWS - (1 if steps.horizontalScrollBar().isVisible() else 0)
