"""Issue #30 item 2: a rule system's own tables edited in the editor's Rules panel (declared in its
manifest), with drop-downs for values that name other items, problems by file:line, undo, and "Play
this scenario" giving the board the tables as edited.

Real clicks and keys on the window; the board's process is replaced by a recorder (its arguments are
asserted) and the saved scenario is opened on the board in this process."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPushButton, QTabBar, QWidget

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.editor.window import EditorWindow

from .helpers import activate, choose, settle, tick, type_into

ROOT = Path(__file__).resolve().parents[2]


def _copy_tarn(tmp_path: Path) -> Path:
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / "maps" / "tarn-valley.yaml", tmp_path / "maps")
    shutil.copy(ROOT / "scenarios" / "tarn-valley.yaml", tmp_path / "scenarios")
    return tmp_path / "scenarios" / "tarn-valley.yaml"


def _open(qtbot, path: Path) -> EditorWindow:
    w = EditorWindow(path)
    qtbot.addWidget(w)
    w.resize(1700, 1000)
    w.show()
    qtbot.waitExposed(w)
    return w


def show_rules_tab(w: EditorWindow, qtbot) -> None:
    """Click the Rule tables tab of the left dock area (a real click on the tab)."""
    for bar in w.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.tabText(i) == "Rule tables" and bar.isVisible():
                QTest.mouseClick(bar, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                                 bar.tabRect(i).center())
                settle(qtbot)
                assert w.rules_dock.widget().isVisible()
                return
    raise AssertionError("no Rule tables tab")


def pick_form(w: EditorWindow, qtbot, title: str) -> None:
    choose(qtbot, w.rule_forms.picker, title)
    settle(qtbot)
    assert w.rule_forms.picker.currentText() == title


def rule_field(w: EditorWindow, name: str, kind: type = QWidget):
    found = [x for x in w.rule_forms.scroll.widget().findChildren(kind, name) if x.isVisible()]
    assert found, f"no visible {name} in the Rules panel"
    return found[-1]


def test_a_cost_edited_in_the_form_is_the_boards_cost(qtbot, tmp_path, monkeypatch) -> None:
    path = _copy_tarn(tmp_path)
    w = _open(qtbot, path)
    assert w.rules_dock.windowTitle() == "Rule tables"  # the tables system's manifest declares its forms
    show_rules_tab(w, qtbot)
    pick_form(w, qtbot, "Movement costs")
    highway = rule_field(w, "rule-costs.roads.highway", QLineEdit)
    assert highway.text() == "1"
    type_into(qtbot, highway, "3")
    settle(qtbot)
    assert w.scenario.fields["costs"].roads["highway"] == 3
    # Play: saved, then the board started on the saved file
    started: list = []

    class FakeBoard:  # the board's process: its arguments recorded
        def __init__(self, args, **kw) -> None:
            started.append(args)

        def poll(self) -> int:
            return 0

    real_popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", FakeBoard)
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_F5)
    settle(qtbot)
    monkeypatch.setattr(subprocess, "Popen", real_popen)
    qtbot.waitUntil(lambda: not w.play_watch.isActive())  # the editor has watched the "board" end well
    assert started and started[0][-1] == str(path)
    assert "highway: 3" in path.read_text(encoding="utf-8")
    # the board on the saved file: the Crown's infantry at Westgate now pays 3 MP along the highway to
    # Millford (a town: no terrain cost), and reaches Crossway cheaper through Ashby: road 2 + road 2 = 4
    # (the way through Millford would be 3 + 2 = 5)
    from boardapp.ui.mainwindow import MainWindow

    game = new_game(load_scenario(path), dice=ScriptedDice([1]))
    board = MainWindow(game)
    qtbot.addWidget(board)
    options = {o.place: o.cost for o in game.module.move_options(game.state, "c-inf1")}
    assert options["millford"] == "3 MP" and options["crossway"] == "4 MP"
    assert board.controller.submit({"kind": "move", "counter": "c-inf1", "to": "crossway"}).entry is not None
    # a fight still works from the edited file: the League's cavalry (3) on the Crown's militia (1) at Ashby
    # is the 3:1 column; a die of 1 there is EX
    assert board.scene.drop_counter("l-cav1", "ashby")
    fight = game.entries[-1].events[0]
    assert (fight.data["column"], fight.data["result"]) == ("3:1", "EX")
    board.close()


def test_drop_downs_ticks_undo_and_problems_with_lines(qtbot, tmp_path) -> None:
    path = _copy_tarn(tmp_path)
    w = _open(qtbot, path)
    show_rules_tab(w, qtbot)
    sc = w.scenario
    # a unit type's terrain: a check box per place kind (the cavalry may not enter a dam)
    pick_form(w, qtbot, "Unit types")
    dam = rule_field(w, "rule-unit_types.1.may_enter.dam", QCheckBox)
    assert not dam.isChecked()
    tick(dam)
    settle(qtbot)
    assert "dam" in sc.fields["unit_types"][1].may_enter
    # upkeep names a track: its key is picked from the tracks
    newkey = rule_field(w, "rule-newkey-unit_types.2.upkeep", QComboBox)
    assert [newkey.itemData(i) for i in range(newkey.count())] == ["morale", "supply"]
    # a unit's team, type and place are drop-downs of the teams, unit types and the map's places
    pick_form(w, qtbot, "Units at the start")
    team = rule_field(w, "rule-units.0.team", QComboBox)
    assert [team.itemData(i) for i in range(team.count())] == ["crown", "league", "rebels"]
    choose(qtbot, rule_field(w, "rule-units.0.at", QComboBox), "Crossway")
    settle(qtbot)
    assert sc.fields["units"][0].at == "crossway"
    # a cell of the odds table is a drop-down of the result codes
    pick_form(w, qtbot, "Combat")
    cell = rule_field(w, "rule-combat.odds.rows.1.0", QComboBox)
    assert [cell.itemData(i) for i in range(cell.count())] == ["AE", "AL", "EX", "DR", "DL", "DE"]
    choose(qtbot, cell, "AL")
    settle(qtbot)
    assert sc.fields["combat"].odds.rows[1][0] == "AL"
    # the turn steps in order: Up moves income before control
    pick_form(w, qtbot, "Turn steps")
    QTest.mouseClick(rule_field(w, "rule-turn.steps.up.income", QPushButton), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert sc.fields["turn"].steps == ["income", "control", "upkeep", "refresh"]
    # undo (Ctrl+Z) takes back the last edit, and the form shows it
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert sc.fields["turn"].steps == ["control", "income", "upkeep", "refresh"]
    assert rule_field(w, "rule-turn.steps.up.control", QPushButton).isEnabled() is False
    # a broken table: four odds columns for rows of five results — listed with the line of the file as saved
    pick_form(w, qtbot, "Combat")
    type_into(qtbot, rule_field(w, "rule-combat.odds.columns", QLineEdit), "1:2, 1:1, 2:1, 3:1")
    settle(qtbot, 400)
    w.rule_forms.refresh_problems()
    lines = [w.rule_forms.problems.item(i).text() for i in range(w.rule_forms.problems.count())]
    assert any("tarn-valley.yaml:" in t and "rows" in t for t in lines), lines
    text = next(t for t in lines if "rows" in t)
    line = int(text.split("tarn-valley.yaml:")[1].split(":")[0])
    w.save_to(path)
    saved = path.read_text(encoding="utf-8").splitlines()
    assert saved[line - 1].strip().startswith(("1:", "rows")), (line, saved[line - 1])
    # a click on the problem shows its form and field
    pick_form(w, qtbot, "Movement costs")
    item = next(w.rule_forms.problems.item(i) for i in range(w.rule_forms.problems.count())
                if "rows" in w.rule_forms.problems.item(i).text())
    rect = w.rule_forms.problems.visualItemRect(item)
    QTest.mouseClick(w.rule_forms.problems.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rect.center())
    settle(qtbot)
    assert w.rule_forms.picker.currentText() == "Combat"


def test_a_renamed_track_is_renamed_where_it_is_named(qtbot, tmp_path) -> None:
    w = _open(qtbot, _copy_tarn(tmp_path))
    show_rules_tab(w, qtbot)
    pick_form(w, qtbot, "Tracks and resources")
    type_into(qtbot, rule_field(w, "rule-tracks.1.id", QLineEdit), "food")
    settle(qtbot)
    sc = w.scenario
    assert [t.id for t in sc.fields["tracks"]] == ["morale", "food"]
    assert sc.fields["unit_types"][0].upkeep == {"food": 1} and sc.fields["income"][0].resource == "food"
    assert [p for p in sc.problems() if p.severity == "error"] == []


def test_a_system_without_forms_shows_no_rules_panel(qtbot) -> None:
    w = _open(qtbot, ROOT / "scenarios" / "war-in-binni.yaml")
    assert w.rules_dock.isHidden() and not w.rules_dock.toggleViewAction().isEnabled()


def test_passage_and_paid_entry_are_edited_with_team_and_track_drop_downs(qtbot, tmp_path) -> None:
    w = _open(qtbot, _copy_tarn(tmp_path))
    show_rules_tab(w, qtbot)
    sc = w.scenario
    pick_form(w, qtbot, "Passage")
    choose(qtbot, rule_field(w, "rule-newkey-passage", QComboBox), "League")
    QTest.mouseClick(rule_field(w, "rule-add-passage", QPushButton), Qt.MouseButton.LeftButton)
    settle(qtbot)
    tick(rule_field(w, "rule-passage.league.crown", QCheckBox))
    settle(qtbot)
    assert sc.fields["passage"] == {"league": ["crown"]}
    pick_form(w, qtbot, "Movement costs")
    tick(rule_field(w, "rule-costs.enter_held-on", QCheckBox))
    settle(qtbot)
    resource = rule_field(w, "rule-costs.enter_held.pay.0.resource", QComboBox)
    assert [resource.itemData(i) for i in range(resource.count())][:2] == ["morale", "supply"]
    choose(qtbot, resource, "Supply")
    settle(qtbot)
    tick(rule_field(w, "rule-costs.enter_held.free_for.cav", QCheckBox))
    settle(qtbot)
    held = sc.fields["costs"].enter_held
    assert (held.pay[0].resource, held.pay[0].amount, held.free_for) == ("supply", 1, ["cav"])
    assert [p for p in sc.problems() if p.severity == "error"] == []


def test_letters_typed_into_a_drop_down_find_an_entry_not_a_tool(qtbot, tmp_path) -> None:
    """The editor's tools have one-letter keys (S, P, R …); in a Rules drop-down the letters find its entry."""
    w = _open(qtbot, _copy_tarn(tmp_path))
    show_rules_tab(w, qtbot)
    pick_form(w, qtbot, "Units at the start")
    tool = w.tool
    team = rule_field(w, "rule-units.0.team", QComboBox)
    team.setFocus()
    qtbot.keyClicks(team, "Re")
    settle(qtbot)
    assert w.tool == tool and w.scenario.fields["units"][0].team == "rebels"
