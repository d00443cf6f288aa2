"""Issue #13 item 11: counters show 'moved' and 'attacked this week' and their losses visibly."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from boardapp.ui.board import style
from boardapp.ui.mainwindow import MainWindow


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def piece(win, cid):
    return next(p for p in win.game.module.board(win.game.state).pieces if p.id == cid)


def bar_colour(item) -> QColor:
    """The colour in the middle of the mark bar (top edge of the chip's visible strip)."""
    img = item.pixmap().toImage()
    return img.pixelColor(round(6 * style.PIX), round(5 * style.PIX))


def test_binni_marks_follow_the_rules_week(win):
    assert piece(win, "g-bde1").marks == ()
    win.push({"kind": "move", "counter": "g-bde1", "to": "charlie"})
    assert piece(win, "g-bde1").marks == ("moved",)
    win.push({"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 2})
    assert piece(win, "g-bde1").marks == ("moved", "attacked")
    assert "attacked this week" in piece(win, "g-bde1").tooltip


def test_the_board_draws_moved_as_a_blue_bar_and_clears_it_next_week(win):
    item = win.scene.counters["g-mil1"]
    assert bar_colour(item) != QColor(style.MARK_COLOURS["moved"])
    win.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    item = win.scene.counters["g-mil1"]
    assert bar_colour(item) == QColor(style.MARK_COLOURS["moved"])
    win.push({"kind": "end_turn"})
    item = win.scene.counters["g-mil1"]
    assert bar_colour(item) != QColor(style.MARK_COLOURS["moved"]), "marks are this week's only"


def test_a_loss_is_a_broad_red_stripe_not_a_dot():
    whole = style.chip_pixmap("#0072b2", "G", "BDE", "6", 0).toImage()
    hurt = style.chip_pixmap("#0072b2", "G", "BDE", "6", 1).toImage()
    changed = sum(whole.pixelColor(x, y) != hurt.pixelColor(x, y)
                  for x in range(whole.width()) for y in range(whole.height()))
    # A stripe 14 units wide across a 72-unit chip covers about a fifth of it; a 3 px dot would be < 1 %.
    assert changed > 0.12 * whole.width() * whole.height()
