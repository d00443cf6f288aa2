"""The MUN officers' side on the board (issue #12 items 7-9): reveal and resolve with powers missing
asks first naming them; the officers' commands have dialogs in the Turn menu (Diplomacy's manifest)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui import contributions
from boardapp.ui.dialogs.command import ForceDialog
from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.rules.diplomacy.officers import KINDS, OfficersDialog

MUN = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"


@pytest.fixture(scope="module")
def mun_all_orders():
    """The MUN scenario with officers.orders_from_all on (resolving waits for every delegation)."""
    scenario, the_map = load_scenario(MUN)
    officers = scenario.officers.model_copy(update={"orders_from_all": True})
    return scenario.model_copy(update={"officers": officers}), the_map


@pytest.fixture
def win(qtbot, mun_all_orders):
    w = MainWindow(new_game(mun_all_orders))
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_resolve_with_powers_missing_asks_first_naming_them(win, qtbot):
    board = contributions.installed(win).extras
    win.push({"kind": "submit_orders", "power": "france", "orders": ["A Par-Pic"]})
    board.resolve()
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    # every power but France, in the scenario's order, by name
    assert "no orders yet from United Kingdom, Kingdom of Italy, German Empire, USSR, Turkey, Yugoslavia, Spain, " \
           "Poland (8 of 9)" in dlg.reason_texts[0]
    assert win.game.entries[-1].command["kind"] == "submit_orders", "nothing resolved before the answer"
    qtbot.keyClicks(dlg.reason, "the chair resolves without them")
    dlg.force_button.click()
    assert win.game.entries[-1].command == {"kind": "adjudicate", "force": "the chair resolves without them"}
    assert "Fall 1935" in win.windowTitle()


def test_every_officers_command_has_a_turn_menu_dialog(win):
    actions = contributions.installed(win).actions
    in_turn_menu = set(win.menu("turn").actions())
    for kind, title in KINDS.items():
        entry = actions[f"diplomacy.{kind}.open"]
        assert entry in in_turn_menu and entry.text().startswith("Officers:")
        entry.trigger()
        dlg = win.dialog
        assert isinstance(dlg, OfficersDialog) and dlg.kind == kind and dlg.windowTitle() == title
        dlg.reject()


def test_set_goals_through_the_dialog_with_real_typing(win, qtbot):
    entry = next(a for a in win.menu("turn").actions() if "goals" in a.text().replace("&", ""))
    entry.trigger()
    dlg = win.dialog
    dlg.power.setCurrentIndex(dlg.power.findText("Kingdom of Italy"))
    assert dlg.refusal.isVisible() and "exactly 2" in dlg.refusal.text(), "the rules want two goals"
    qtbot.keyClicks(dlg.goal1, "Conquer Abyssinia")
    qtbot.keyClicks(dlg.goal2, "Keep Libya")
    assert not dlg.refusal.isVisible()
    QTest.mouseClick(dlg.ok_button, Qt.MouseButton.LeftButton)
    assert win.game.entries[-1].command == {"kind": "set_goals", "power": "italy",
                                            "goals": ["Conquer Abyssinia", "Keep Libya"]}


def test_award_points_refused_for_a_goal_not_set_shows_why_before_submitting(win):
    entry = next(a for a in win.menu("turn").actions() if "award" in a.text().replace("&", ""))
    entry.trigger()
    dlg = win.dialog
    dlg.points.setValue(2)
    assert dlg.refusal.isVisible() and dlg.refusal.text(), "the module's reason, live"
    reasons = dlg.reasons()
    assert reasons == [str(r) for r in win.game.module.check(
        win.game.state, win.game.module.parse_command(dlg.command()))]


def test_open_conference_with_three_delegations(win):
    entry = next(a for a in win.menu("turn").actions() if "conference" in a.text().replace("&", ""))
    entry.trigger()
    dlg = win.dialog
    dlg.conf_name.setText("Stresa Front")
    dlg.location.setCurrentIndex(dlg.location.findData("bel"))
    for name in ("Kingdom of Italy", "Republic of France", "United Kingdom"):
        dlg.delegations.findItems(name, Qt.MatchFlag.MatchExactly)[0].setCheckState(Qt.CheckState.Checked)
    assert dlg.reasons() == []
    dlg.accept()
    cmd = win.game.entries[-1].command
    assert cmd["kind"] == "open_conference" and sorted(cmd["powers"]) == ["france", "italy", "uk"]
    assert cmd["location"] == "bel"


def test_end_game_dialog_ends_the_game(win):
    entry = next(a for a in win.menu("turn").actions() if "end the" in a.text().replace("&", "").lower())
    entry.trigger()
    dlg = win.dialog
    dlg.reason.setText("Sunday, 16:00")
    dlg.accept()
    assert win.game.entries[-1].command == {"kind": "end_game", "reason": "Sunday, 16:00"}
