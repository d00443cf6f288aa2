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


def test_headings_readouts_and_grey_hints_scale_with_the_text(win):
    """A dock heading chose a size six points above the text, the clock readout 20 px, the grey 'Clock
    shared' line a style sheet: none followed the window's font, so at 4K the heading came out smaller
    than the text under it and the hint stayed at 9 points. They keep their proportion to the text, and
    scaling again (a new game's docks) never scales one twice."""
    heading = win.turn_panel.label
    clock = win.bigscreen.dock_widget.clock_control.readout
    hint = win.bigscreen.dock_widget.share_label
    text = win.turn_panel.tallies
    win.apply_screen_scale(1.0)
    at_1080 = {w: w.fontInfo().pixelSize() for w in (heading, clock, hint, text)}
    assert at_1080[heading] > at_1080[text]
    win.apply_screen_scale(2.0)
    for w, px in at_1080.items():
        assert w.fontInfo().pixelSize() == pytest.approx(2 * px, abs=1), w
    win.set_game(win.game, win.path)  # the rule system's docks made again: the window scales them too
    win.apply_screen_scale(2.0)
    assert heading.fontInfo().pixelSize() == pytest.approx(2 * at_1080[heading], abs=1), "scaled once, not twice"
    win.apply_screen_scale(1.0)
    assert {w: w.fontInfo().pixelSize() for w in at_1080} == at_1080
