"""An umpire's Coup table on a laptop is readable (the game-day rehearsal of 27 Nov on Xvfb: at the umpire window's
default 1400x900 the table got 668x859 px and its texts were 4-8 px high). The floor for a laptop's texts is 12 px of
ink (capital height), read from what is drawn (tests/ui_hall/hall_measure.py): the table is never drawn smaller than
that and scrolls instead; View ▸ Fit the whole table in the window draws it at the window's size for an overview."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui_coup.conftest import game_at

LAPTOP_INK_PX = 12


def _umpire_window(qtbot: Any, game: Any) -> Any:
    from boardapp.ui.mainwindow import MainWindow

    win = MainWindow(game)
    qtbot.addWidget(win)
    win.resize(1400, 900)  # an umpire's window opens at 1400x900
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(30)
    return win


@pytest.mark.parametrize("steps", [1, 20, 42, 60])
def test_every_text_on_an_umpires_1400_table_is_readable_whole_and_apart(qtbot: Any, loaded: Any,
                                                                          steps: int) -> None:
    from boardapp.ui.rules.coup.view import TableView
    from tests.ui_hall import hall_measure

    with hall_measure.recording():
        win = _umpire_window(qtbot, game_at(loaded, steps))
        area = win.centralWidget()
        table = area.table
        assert isinstance(table, TableView)
        report = hall_measure.measure(table, min_px=LAPTOP_INK_PX)
    assert len(report.texts) > 40
    assert not report.small, report.describe()
    assert not report.cut, report.describe()
    assert not report.overlaps, report.describe()
    assert area.horizontalScrollBar().maximum() > 0  # it scrolls rather than being squeezed
    assert table.width() > area.viewport().width()


def test_fit_draws_the_whole_table_in_the_window(qtbot: Any, loaded: Any) -> None:
    win = _umpire_window(qtbot, game_at(loaded, 20))
    area = win.centralWidget()
    assert not area.fit_action.isChecked()
    assert area.fit_action in win.menu("view").actions()
    area.fit_action.trigger()
    qtbot.wait(30)
    assert area.table.width() == area.viewport().width() and area.table.height() == area.viewport().height()
    assert area.horizontalScrollBar().maximum() == 0 and area.verticalScrollBar().maximum() == 0
