"""War in Binni's right-hand column at 1920x1080: CONTROL's rulings dock is no taller than its rows, and the room it
had spare goes to the Teams table (the game-day rehearsal of 27 Nov on Xvfb: about 100 px of blank band under
"Reason" while the Teams dock above showed 23 of its 25 rows). Read from the laid-out window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QDockWidget

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]


def whole_rows(table: Any) -> int:
    view = table.viewport().rect()
    return sum(1 for r in range(table.model().rowCount())
               if view.contains(table.visualRect(table.model().index(r, 0)).adjusted(0, 0, 0, -1)))


def test_the_rulings_dock_leaves_no_blank_band_and_the_teams_get_the_room(qtbot: Any) -> None:
    from boardapp.ui.mainwindow import MainWindow

    win = MainWindow(new_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml")))
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    qtbot.waitExposed(win)
    for _ in range(3):
        qtbot.wait(20)
        QApplication.processEvents()
    rulings = win.findChild(QDockWidget, "binni.rulings")
    panel = rulings.widget()
    last = panel.reason.mapTo(rulings, QPoint(0, panel.reason.height()))
    blank = rulings.height() - last.y()
    assert blank <= 24, f"{blank} px of blank band under Reason"
    table = win.team_panel.table  # while the Teams still scroll, the rulings dock keeps nothing spare
    assert table.verticalScrollBar().maximum() == 0 or rulings.height() <= rulings.sizeHint().height() + 4, \
        (whole_rows(table), rulings.height(), rulings.sizeHint().height())
