"""Turn ▸ Order…: the referee enters a player's order in a form made from the command's fields (real keys
and clicks); it goes through the one door, and one out of its step is refused with CONTROL's force offered."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from boardapp.ui.dialogs.command import ForceDialog


def open_order(win: Any, installed: Any, kind: str) -> Any:
    installed.actions["thegame.order"].trigger()
    dlg = win.dialog
    dlg.kind.setCurrentIndex(dlg.kind.findData(kind))
    return dlg


def ok(dlg: Any) -> Any:
    return dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_current_steps_orders_come_first(win: Any, installed: Any) -> None:
    installed.actions["thegame.order"].trigger()
    dlg = win.dialog
    # step I of the source's sequence has one order: breaking relations
    assert dlg.kind.itemData(0) == "sever"
    assert "finish_step" not in [dlg.kind.itemData(i) for i in range(dlg.kind.count())]


def test_a_severance_entered_in_the_form(qtbot: Any, win: Any, installed: Any) -> None:
    dlg = open_order(win, installed, "sever")
    assert set(dlg.fields) == {"player", "other"}
    assert not ok(dlg).isEnabled() and "player" in dlg.problem.text()
    qtbot.keyClicks(dlg.fields["player"], "astell")
    qtbot.keyClicks(dlg.fields["other"], "banner")
    assert ok(dlg).isEnabled(), dlg.problem.text()
    qtbot.mouseClick(ok(dlg), Qt.MouseButton.LeftButton)
    last = win.game.entries[-1]
    assert last.command["kind"] == "sever" and (last.command["player"], last.command["other"]) == ("astell", "banner")
    assert win.game.state.news == ["John Astell breaks diplomatic relations with Rich Banner"]


def test_a_player_typed_by_name_is_sent_as_the_players_id(qtbot: Any, win: Any, installed: Any) -> None:
    """Rehearsal 3 (on Xvfb, a hosted game): the umpire typed "Timothy Brown" and "Larry Butz" (as the Teams dock
    and the ledgers write them); the command carried the names, and the host answered "this seat plays for Rich
    Banner, Timothy Brown, not Timothy Brown". A player's name is read as the player's id."""
    dlg = open_order(win, installed, "sever")
    qtbot.keyClicks(dlg.fields["player"], "Timothy Brown")
    qtbot.keyClicks(dlg.fields["other"], "larry butz")
    assert ok(dlg).isEnabled(), dlg.problem.text()
    qtbot.mouseClick(ok(dlg), Qt.MouseButton.LeftButton)
    last = win.game.entries[-1]
    assert last.command["kind"] == "sever" and (last.command["player"], last.command["other"]) == ("tbrown", "butz")
    assert win.game.state.news == ["Timothy Brown breaks diplomatic relations with Larry Butz"]


def test_an_order_out_of_its_step_is_refused_and_may_be_forced(qtbot: Any, win: Any, installed: Any) -> None:
    dlg = open_order(win, installed, "declare_war")
    qtbot.keyClicks(dlg.fields["nation"], "mexico")
    qtbot.keyClicks(dlg.fields["enemy"], "romania")
    qtbot.mouseClick(ok(dlg), Qt.MouseButton.LeftButton)
    assert win.game.entries == [] or win.game.entries[-1].command["kind"] != "declare_war"
    assert isinstance(win.dialog, ForceDialog)
    # declaring war belongs to II.C (builds): the refusal says so
    assert "II.C" in win.statusBar().currentMessage()


def test_lists_and_choices_are_read_from_the_form(qtbot: Any, win: Any, installed: Any) -> None:
    dlg = open_order(win, installed, "reallocate")
    assert [dlg.fields["to"].itemText(i) for i in range(dlg.fields["to"].count())] == ["farm", "pool"]
    dlg = open_order(win, installed, "diplomacy_order")
    qtbot.keyClicks(dlg.fields["region"], "alaska")
    qtbot.keyClicks(dlg.fields["players"], "astell, banner")
    assert dlg.order_data() == {"kind": "diplomacy_order", "region": "alaska", "players": ["astell", "banner"]}
    dlg = open_order(win, installed, "build")
    qtbot.keyClicks(dlg.fields["count"], "two")
    assert dlg.problem.text() == "count: 'two' is not a whole number"
    assert not ok(dlg).isEnabled()
