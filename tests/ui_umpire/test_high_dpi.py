"""Issue #13 item 13: docks and tables scale with a big screen Qt does not scale; long team names wrap
between words instead of being cut."""

from __future__ import annotations

import pytest

from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.widgets.scaling import screen_factor


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.mark.parametrize(("height", "dpr", "factor"), [
    (1080, 1.0, 1.0),  # the panels' design size
    (2160, 1.0, 2.0),  # 4K at ratio 1: twice the lines, twice the text
    (1440, 1.0, 1.25),  # 1440 / 1080 = 1.33, in quarter steps
    (4320, 1.0, 2.0),  # capped
    (1080, 2.0, 1.0),  # Qt already scales by the ratio
])
def test_screen_factor(height, dpr, factor):
    assert screen_factor(height, dpr) == factor


def test_a_4k_factor_scales_docks_and_tables(win):
    log_font = win.log_panel.tree.font().pointSizeF()
    row = win.team_panel.table.rowHeight(0)
    win.apply_screen_scale(2.0)
    win.team_panel.show_game(win.game)
    assert win.log_panel.tree.font().pointSizeF() == pytest.approx(2 * log_font)
    assert win.team_panel.table.font().pointSizeF() == pytest.approx(2 * log_font)
    assert win.team_panel.table.rowHeight(0) > 1.6 * row, "rows follow the text"


def test_long_team_names_wrap_between_words(win, qtbot):
    table = win.team_panel.table
    win.apply_screen_scale(2.0)  # 4K text in a dock left at its 1080 width
    win.team_panel.setFixedWidth(200)
    win.team_panel.show_game(win.game)
    table.setRowHeight(0, 1)
    table.resizeRowsToContents()
    item = next(table.item(r, 0) for r in range(table.rowCount()) if table.item(r, 0).text() == "United Nations")
    assert table.textElideMode().name == "ElideNone" and table.wordWrap()
    one_line = table.fontMetrics().height()
    col = table.columnWidth(0)
    assert table.fontMetrics().horizontalAdvance("United Nations") > col - 8, "the narrow dock: one line is too short"
    assert table.rowHeight(item.row()) >= 2 * one_line, "so the name wraps at its space"
    assert item.text() == "United Nations", "the whole name, never 'United Nat…'"
