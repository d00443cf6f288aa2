"""The turn strip never widens the window (found in the game-day rehearsal of 27 Nov, on Xvfb).

An umpire's window (1400x900) grew to 1,864 px wide when CONTROL ended Egypt's Player-Turn: for one layout
the strip held both the phase-choice buttons and the function buttons. And once the phases were chosen the
functions' line asked 1,407 px, wider than a 1366x768 laptop.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from tests.ui_mideast.test_board import click, strip_of


def _settle(qtbot: Any) -> None:
    QApplication.processEvents()
    qtbot.wait(50)


def test_the_turn_strip_keeps_a_laptops_window_its_width_through_a_player_turn(qtbot: Any, open_board: Any) -> None:
    win = open_board()
    win.resize(1366, 740)
    _settle(qtbot)
    strip = strip_of(win)
    widths = {"start": win.width()}
    click(qtbot, strip.choose[("economic", "military")])
    _settle(qtbot)
    widths["phases chosen"] = win.width()
    # the functions' line is all there: its label is as tall as its wrapped text needs
    label = strip.functions
    assert "Resolve Battles" in label.text()
    assert label.height() >= label.heightForWidth(label.width()) > 0
    click(qtbot, strip.collect)
    _settle(qtbot)
    widths["oil collected"] = win.width()
    click(qtbot, strip.end)
    _settle(qtbot)
    widths["Israel's Player-Turn"] = win.width()
    assert strip.player.text() == "Israel's Player-Turn"
    assert all(w == 1366 for w in widths.values()), widths


def test_a_window_opening_on_a_chosen_player_turn_gives_the_strip_one_line_at_1920(qtbot: Any) -> None:
    """The wrapped line must not make the strip tall where it fits on one line: a wrapped label's own size
    hint guesses a narrow width, and the Turn strip opened 60 px tall (its line needs 1) on a reopened game."""
    from boardapp.engine.files import new_game
    from boardapp.ui.mainwindow import MainWindow
    from tests.mideast.helpers import play, variant

    game = new_game(variant(None, None))
    play(game, {"kind": "choose_phases", "phases": ["economic", "military"]})
    win = MainWindow(game, extras_after_first_paint=True)  # as `boardapp` opens it
    qtbot.addWidget(win)
    win.resize(1920, 1050)
    win.show()
    qtbot.waitExposed(win)
    _settle(qtbot)
    strip = strip_of(win)
    assert "Resolve Battles" in strip.functions.text()
    assert strip.height() <= strip.minimumSizeHint().height() + 2, (strip.height(), strip.minimumSizeHint())
