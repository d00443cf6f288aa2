"""War in Binni's rulings dock: every team once, in the scenario's order, and CONTROL's PR changes go to that team."""

from __future__ import annotations

import pytest

from boardapp.ui import contributions
from boardapp.ui.mainwindow import MainWindow


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    return w


def rulings(win):
    return contributions.installed(win).docks["binni.rulings"].widget()


def test_team_chooser_lists_every_team_once(win):
    combo = rulings(win).team
    assert [combo.itemData(i) for i in range(combo.count())] == ["gov", "reb", "un", "news"]
    assert combo.currentData() == "gov"
    assert rulings(win).pr.value() == 4


def test_set_pr_goes_to_the_chosen_team(win):
    panel = rulings(win)
    panel.team.setCurrentIndex(panel.team.findData("reb"))
    assert panel.pr.value() == 2  # the chooser shows the chosen team's PR
    panel.pr.setValue(5)
    panel.reason.setText("good press in the Daily Binni")
    panel._set_pr()
    assert win.game.state.teams["reb"].pr == 5
    assert win.game.entries[-1].command == {"kind": "set_pr", "team": "reb", "level": 5,
                                            "reason": "good press in the Daily Binni"}
    assert panel.team.currentData() == "reb", "the chooser keeps the team after the redraw"
    assert [panel.team.itemData(i) for i in range(panel.team.count())] == ["gov", "reb", "un", "news"]
