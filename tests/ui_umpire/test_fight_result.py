"""Issue #13 item 7: after "Fight" the umpire reads the result in the dialog and in the log."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.rules.binni.actions import BinniActions


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_fight_shows_die_column_and_result_in_the_dialog(win, qtbot):
    win.push({"kind": "move", "counter": "g-bde1", "to": "charlie"})
    dlg = BinniActions(win).fight("delta")
    dlg.checks["g-bde1"].setChecked(True)
    dlg.die.setValue(4)
    assert not dlg.result.isVisible()
    QTest.mouseClick(dlg.fight_button, Qt.MouseButton.LeftButton)
    # The tiny scenario: brigade 6 against militia 4 is column 3:2 (rule 5 odds, rounded down);
    # a 4 on 3:2 is PYRRHIC VICTORY in the combat results table.
    assert dlg.isVisible(), "the dialog stays open on its result"
    assert dlg.result.isVisible()
    text = dlg.result.text()
    assert "PYRRHIC" in text and "die <b>4</b>" in text and "3:2" in text
    assert dlg.buttons.button(dlg.buttons.StandardButton.Cancel).text() == "Close"
    assert not dlg.fight_button.isVisible()
    assert [e.command["kind"] for e in win.game.entries] == ["move", "attack"], "fought once"
    dlg.reject()
    assert [e.command["kind"] for e in win.game.entries] == ["move", "attack"], "closing does not fight again"


def test_the_log_shows_the_fight_as_a_wrapped_readable_line(win):
    win.push({"kind": "move", "counter": "g-bde1", "to": "charlie"})
    win.push({"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 4})
    tree = win.log_panel.tree
    fights = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
              if tree.topLevelItem(i).text(2) == "fight"]
    assert len(fights) == 1
    assert "die 4" in fights[0].text(3) and "PYRRHIC" in fights[0].text(3)
    assert tree.wordWrap(), "long events wrap instead of ending in an ellipsis"
    delta = win.game.module.map.place_by_id["delta"].name
    assert fights[0].text(5) == delta, "places by their names, not ids"


def test_a_refused_attack_forced_by_control_still_shows_its_result(win, qtbot):
    win.push({"kind": "move", "counter": "g-bde1", "to": "charlie"})
    win.push({"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 2})
    dlg = BinniActions(win).fight("delta")
    dlg.checks["g-bde1"].setChecked(True)  # a second attack in one week: the rules refuse (once per week)
    dlg.die.setValue(4)
    dlg.fight_button.click()
    force = win.dialog
    assert force is not dlg and not dlg.result.isVisible()
    qtbot.keyClicks(force.reason, "CONTROL: long-range artillery")
    force.force_button.click()
    assert dlg.result.isVisible() and "die <b>4</b>" in dlg.result.text()
