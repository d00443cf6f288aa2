"""Issue #30 item 5: the example game made only in the editor. The Tarn Valley's map (2 regions, 12
places, 16 roads) and its scenario (3 teams, 3 unit types, 11 units, control, and every rule table:
costs, stacking, an odds table with its results, a morale track limiting orders, hidden supply, income,
occupation, the last turn) are drawn and typed through the editor's window with real clicks and keys,
and saved. The files written are byte for byte the shipped maps/tarn-valley.yaml and
scenarios/tarn-valley.yaml: the shipped files are what this walk writes.

The platform's Save as dialog is a stand-in returning the name a designer would type; everything else is
a mouse click, a drag or a key press (no YAML typed). Set ``WALK_SHOTS=<folder>`` under Xvfb to take
screenshots along the way."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QFileDialog, QLineEdit, QPushButton, QRadioButton

from boardapp.engine.files import check_file
from boardapp.ui.editor.window import EditorWindow, Tool

from .helpers import (
    CountedWalk,
    choose,
    click_button,
    drag_map,
    field,
    settle,
    tick,
    type_into,
    when_modal,
)
from .test_rule_forms import pick_form, rule_field, show_rules_tab

ROOT = Path(__file__).resolve().parents[2]

REGIONS = [("West Tarn", [(0, 0), (1350, 0), (1350, 1600), (0, 1600)], "#eef0dc", "650, 120"),
           ("East Tarn", [(1350, 0), (2400, 0), (2400, 1600), (1350, 1600)], "#f3e6d2", "1860, 120")]
PLACES = [("Westgate", "city", 300, 420, "2"), ("Millford", "town", 720, 300, ""), ("Ashby", "town", 520, 820, ""),
          ("Port Lind", "port", 400, 1320, "2"), ("Crossway", "town", 1080, 700, "1"),
          ("Old Dam", "dam", 1180, 1120, "1"), ("Fen Cross", "town", 860, 1320, ""),
          ("Highfield", "airfield", 1560, 340, ""), ("Eastmarch", "city", 1960, 520, "2"),
          ("Stonebridge", "border post", 1520, 880, ""), ("Hollow", "town", 2040, 1100, ""),
          ("Redcliff", "town", 1780, 1400, "")]
ROADS = [("westgate", "millford", "highway"), ("westgate", "ashby", "road"), ("millford", "crossway", "road"),
         ("ashby", "crossway", "road"), ("ashby", "port-lind", "road"), ("port-lind", "fen-cross", "track"),
         ("fen-cross", "old-dam", "track"), ("crossway", "old-dam", "road"), ("crossway", "stonebridge", "highway"),
         ("millford", "highfield", "track"), ("highfield", "eastmarch", "road"), ("stonebridge", "eastmarch", "road"),
         ("stonebridge", "hollow", "road"), ("hollow", "redcliff", "track"), ("old-dam", "redcliff", "track"),
         ("eastmarch", "hollow", "track")]
DESCRIPTION = ("The Crown holds the west, the League the southern ports and the Rebels the eastern hills. Each side's "
               "morale sets how many orders it may give in a turn; supply pays for its regiments.")
TEAMS = [("Crown", "#0072b2", "C"), ("League", "#d55e00", "L"), ("Rebels", "#009e73", "R")]
UNIT_TYPES = [("inf", "Infantry", "INF", "6", "2", [], "", [("Supply", "1")]),
              ("cav", "Cavalry", "CAV", "9", "3", ["town", "city", "port", "airfield", "border_post"],
               "Horses cannot cross the dam at {place}", [("Supply", "2")]),
              ("mil", "Militia", "MIL", "4", "1", [], "", [])]
UNITS = [("c-inf1", "Infantry", "Crown", "Westgate"), ("c-cav1", "Cavalry", "Crown", "Westgate"),
         ("c-inf2", "Infantry", "Crown", "Millford"), ("c-mil1", "Militia", "Crown", "Ashby"),
         ("l-inf1", "Infantry", "League", "Port Lind"), ("l-cav1", "Cavalry", "League", "Port Lind"),
         ("l-inf2", "Infantry", "League", "Fen Cross"), ("r-mil1", "Militia", "Rebels", "Eastmarch"),
         ("r-inf2", "Infantry", "Rebels", "Eastmarch"), ("r-inf1", "Infantry", "Rebels", "Stonebridge"),
         ("r-mil2", "Militia", "Rebels", "Hollow")]
CONTROL = {"Crown": ["westgate", "millford"], "League": ["port-lind", "fen-cross"],
           "Rebels": ["eastmarch", "stonebridge", "hollow"]}
COLUMNS = "1:2, 1:1, 2:1, 3:1, 4:1"
ROWS = {1: "AE AL AL EX DR", 2: "AL AL EX DR DL", 3: "AL EX DR DR DL", 4: "EX DR DR DL DE", 5: "DR DR DL DL DE",
        6: "DR DL DL DE DE"}
RESULTS = [("AE", {"attacker_losses": "9"}, [], "Attackers destroyed"),
           ("AL", {"attacker_losses": "1"}, [], "Attacker loses one unit"),
           ("EX", {"attacker_losses": "1", "defender_losses": "1"}, [], "Exchange"),
           ("DR", {}, ["defender_retreats"], "Defender retreats"),
           ("DL", {"defender_losses": "1"}, ["defender_retreats"], "Defender loses one unit and retreats"),
           ("DE", {"defender_losses": "9"}, [], "Defenders destroyed")]
TRACKS = [("morale", "Morale", "4", [("crown", "3"), ("league", "2"), ("rebels", "4")], False, "1, 2, 2, 3, 4"),
          ("supply", "Supply", "20", [("crown", "6"), ("league", "6"), ("rebels", "3")], True, "")]


class Walk(CountedWalk):
    """What a person does, counted: clicks (and drags) and keys."""

    shot_wait_ms = 300

    def tick(self, box: QCheckBox) -> None:
        tick(box)
        self.clicks += 1
        settle(self.qtbot)

    def type(self, edit: QLineEdit, text: str) -> None:
        type_into(self.qtbot, edit, text)
        self.clicks += 1
        self.keys += len(text) + 1
        settle(self.qtbot)

    def prop(self, name: str, text: str) -> None:
        self.type(field(self.w.props_box, name), text)

    def choose(self, box: QComboBox, text: str) -> None:
        choose(self.qtbot, box, text)
        self.clicks += 2
        settle(self.qtbot)

    def pick(self, box: QComboBox, text: str) -> None:
        """A drop-down: Home, then Down until the entry shows (letters typed into the Properties drop-downs are
        still the editor's one-letter tool keys; the Rule tables' own take them, test_rule_forms.py)."""
        n = box.currentIndex()
        choose(self.qtbot, box, text)
        self.clicks += 1
        self.keys += 1 + abs(box.currentIndex() - n)
        settle(self.qtbot)

    # the Rules panel
    def rule(self, name: str, text: str) -> None:
        self.type(rule_field(self.w, name, QLineEdit), text)

    def rule_pick(self, name: str, text: str) -> None:
        box = rule_field(self.w, name, QComboBox)
        self.pick(box, text)
        assert text in rule_field(self.w, name, QComboBox).currentText(), (name, text)

    def rule_press(self, name: str) -> None:
        self.press(rule_field(self.w, name, QPushButton))

    def rule_tick(self, name: str) -> None:
        self.tick(rule_field(self.w, name, QCheckBox))



def draw_map(walk: Walk, tmp_path: Path, monkeypatch) -> None:
    w = walk.w
    walk.key(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # New map
    walk.tool(Tool.SELECT)
    walk.click(1900, 1400)  # empty map: the map's own form
    walk.prop("name", "The Tarn Valley")
    walk.prop("id", "tarn-valley")
    walk.prop("size", "2400, 1600")
    w.view.fit()
    settle(walk.qtbot)
    walk.tick(w.snap_grid)  # Snap to grid, every 10 map units
    w.grid_step.setFocus()
    QTest.keyClick(w.grid_step, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    walk.qtbot.keyClicks(w.grid_step, "10")
    walk.keys += 3
    assert w.grid_step.value() == 10
    walk.tool(Tool.REGION)
    for name, corners, colour, label_at in REGIONS:
        for x, y in corners:
            walk.click(x, y)
        walk.click(*corners[0])  # closes it
        walk.prop("name", name)
        walk.prop("colour", colour)
        walk.prop("label_at", label_at)
    walk.shot("tarn-1-regions")
    walk.tool(Tool.PLACE)
    for name, kind, x, y, value in PLACES:
        walk.click(x, y)
        walk.prop("name", name)
        if kind != "town":
            walk.choose(field(w.props_box, "kind"), kind.replace(" ", "_"))
        if value:
            walk.prop("value", value)
    walk.tool(Tool.ROAD)
    for a, b, kind in ROADS:
        drag_map(w, w.map_doc.place(a).at, w.map_doc.place(b).at)
        walk.clicks += 1
        settle(walk.qtbot, 60)
        assert w.selected == ("roads", len(w.map_doc.roads) - 1)
        if kind != "road":
            walk.choose(field(w.props_box, "kind"), kind)
    walk.shot("tarn-2-map")
    assert [(p.id, tuple(p.at)) for p in w.map_doc.places] == [
        (name.lower().replace(" ", "-"), (x, y)) for name, _, x, y, _ in PLACES]
    saves = iter([tmp_path / "maps" / "tarn-valley", tmp_path / "scenarios" / "tarn-valley"])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(next(saves)), ""))
    walk.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)


def new_scenario(walk: Walk) -> None:
    w, qtbot = walk.w, walk.qtbot

    def answer(dlg) -> None:
        tick(dlg.findChild(QRadioButton, "map-open"))
        choose(qtbot, dlg.findChild(QComboBox, "rules"), "Rules as tables")
        choose(qtbot, dlg.findChild(QComboBox, "template"), "Empty")
        name = dlg.findChild(QLineEdit, "scenario-name")
        QTest.mouseClick(name, Qt.MouseButton.LeftButton)
        QTest.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(name, "The Tarn Valley")
        click_button(dlg, "Create")
        walk.clicks += 5
        walk.keys += 16

    seen = when_modal(qtbot, "new-scenario-dialog", answer)
    walk.key(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert seen and w.scenario is not None and w.scenario.fields["rules"] == "tables"
    settle(qtbot, 50)
    settings = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text().startswith("Scenario settings"))
    walk.press(settings)
    walk.type(next(e for e in w.props_box.findChildren(QLineEdit) if e.isVisible() and e.text() == "the-tarn-valley"),
              "tarn-valley")
    walk.press(settings)
    walk.type([e for e in w.props_box.findChildren(QLineEdit) if e.isVisible()][2], DESCRIPTION)
    adds = [b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add"]
    for name, colour, symbol in TEAMS:
        walk.press(adds[0])
        walk.prop("name", name)
        walk.prop("colour", colour)
        walk.prop("symbol", symbol)
    assert [t.id for t in w.scenario.teams] == ["crown", "league", "rebels"]
    for team, places in CONTROL.items():
        walk.choose(w.brush_team, team)
        walk.tool(Tool.CONTROL)
        for place in places:
            walk.click(*w.map_doc.place(place).at)


def rule_tables(walk: Walk) -> None:
    w = walk.w
    show_rules_tab(w, walk.qtbot)
    walk.clicks += 1
    pick_form(w, walk.qtbot, "Tracks and resources")  # first: unit types' upkeep names a track
    walk.clicks += 2
    for i, (tid, name, top, start, hidden, limit) in enumerate(TRACKS):
        walk.rule_press("rule-add-tracks")
        walk.rule(f"rule-tracks.{i}.id", tid)
        walk.rule(f"rule-tracks.{i}.name", name)
        walk.rule(f"rule-tracks.{i}.max", top)
        for team, value in start:
            walk.rule_press(f"rule-add-tracks.{i}.start")  # the first team not yet listed
            walk.rule(f"rule-tracks.{i}.start.{team}", value)
        if hidden:
            walk.rule_tick(f"rule-tracks.{i}.hidden")
        if limit:
            walk.rule(f"rule-tracks.{i}.action_limit", limit)
    pick_form(w, walk.qtbot, "Unit types")
    walk.clicks += 2
    for i, (uid, name, label, mp, strength, may_enter, refusal, upkeep) in enumerate(UNIT_TYPES):
        walk.rule_press("rule-add-unit_types")
        walk.rule(f"rule-unit_types.{i}.id", uid)
        walk.rule(f"rule-unit_types.{i}.name", name)
        walk.rule(f"rule-unit_types.{i}.label", label)
        walk.rule(f"rule-unit_types.{i}.movement", mp)
        walk.rule(f"rule-unit_types.{i}.strength", strength)
        for kind in may_enter:
            walk.rule_tick(f"rule-unit_types.{i}.may_enter.{kind}")
        if refusal:
            walk.rule(f"rule-unit_types.{i}.enter_refusal", refusal)
        for track, value in upkeep:
            walk.rule_pick(f"rule-newkey-unit_types.{i}.upkeep", track)
            walk.rule_press(f"rule-add-unit_types.{i}.upkeep")
            walk.rule(f"rule-unit_types.{i}.upkeep.{track.lower()}", value)
    pick_form(w, walk.qtbot, "Units at the start")
    walk.clicks += 2
    for i, (uid, kind, team, place) in enumerate(UNITS):
        walk.rule_press("rule-add-units")
        walk.rule(f"rule-units.{i}.id", uid)
        walk.rule_pick(f"rule-units.{i}.type", kind)
        walk.rule_pick(f"rule-units.{i}.team", team)
        walk.rule_pick(f"rule-units.{i}.at", place)
    walk.shot("tarn-3-units")
    w.refresh_problems()  # teams, unit types and units there, the blank combat rule not yet edited: checked
    assert not [p.message for p in w.problems if "could not run" in p.message]
    pick_form(w, walk.qtbot, "Movement costs")
    walk.clicks += 2
    walk.rule("rule-costs.roads.road", "2")
    for kind, cost in (("highway", "1"), ("track", "3")):
        walk.rule_pick("rule-newkey-costs.roads", kind)
        walk.rule_press("rule-add-costs.roads")
        walk.rule(f"rule-costs.roads.{kind}", cost)
    for kind, cost in (("city", "1"), ("dam", "1")):
        walk.rule_pick("rule-newkey-costs.terrain", kind)
        walk.rule_press("rule-add-costs.terrain")
        walk.rule(f"rule-costs.terrain.{kind}", cost)
    walk.rule_press("rule-add-costs.borders")
    walk.rule("rule-costs.borders.0.cost", "1")
    walk.rule("rule-costs.too_far", "{unit} needs {cost} MP to reach {place} but has only {left}")
    walk.rule("rule-costs.blocked", "Enemy units hold {place}: attack them instead")
    walk.rule("rule-costs.moved", "{unit} has already marched this turn")
    pick_form(w, walk.qtbot, "Stacking")
    walk.clicks += 2
    walk.rule_tick("rule-stacking-on")
    walk.rule("rule-stacking.limit", "2")
    walk.rule("rule-stacking.refusal", "At most {limit} units of one side may stand in {place}")
    pick_form(w, walk.qtbot, "Combat")
    walk.clicks += 2
    walk.rule_pick("rule-combat.method", "odds")
    walk.rule_tick("rule-combat.dice-on")  # off: no dice rule
    walk.rule_tick("rule-combat.odds-on")
    for code, numbers, ticks, text in RESULTS:
        walk.type(rule_field(w, "rule-new-combat.results", QLineEdit), code)
        for name, value in numbers.items():
            walk.rule(f"rule-combat.results.{code}.{name}", value)
        for name in ticks:
            walk.rule_tick(f"rule-combat.results.{code}.{name}")
        walk.rule(f"rule-combat.results.{code}.text", text)
    walk.rule("rule-combat.odds.columns", COLUMNS)
    for row, codes in ROWS.items():
        for col, code in enumerate(codes.split()):
            walk.rule_pick(f"rule-combat.odds.rows.{row}.{col}", code)
    walk.rule("rule-combat.odds.too_low", "Odds of {odds} are too poor: the table starts at {lowest}")
    walk.rule("rule-combat.once", "{unit} has already fought this turn")
    walk.rule("rule-combat.not_adjacent", "{unit} must stand one road from {place} to attack it")
    walk.shot("tarn-4-combat")
    pick_form(w, walk.qtbot, "Actions")
    walk.clicks += 2
    walk.rule("rule-actions.refusal", "{team} has given all {limit} orders its {track} allows this turn")
    pick_form(w, walk.qtbot, "Income")
    walk.clicks += 2
    walk.rule_press("rule-add-income")
    walk.rule_pick("rule-income.0.resource", "Supply")
    walk.rule("rule-income.0.base", "1")
    walk.rule("rule-income.0.per_place", "1")
    pick_form(w, walk.qtbot, "Control by occupation")
    walk.clicks += 2
    walk.rule("rule-occupation.after_turns", "2")
    pick_form(w, walk.qtbot, "Turn steps")
    walk.clicks += 2
    walk.rule("rule-turn.last", "6")


def keep(path: Path) -> None:
    """``TARN_OUT=<folder>``: a copy of the file drawn (``<folder>/maps/…``, ``<folder>/scenarios/…``), to ship
    it when the walk changes."""
    if os.environ.get("TARN_OUT"):
        import shutil

        target = Path(os.environ["TARN_OUT"]) / path.parent.name
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target / path.name)


def test_the_tarn_valley_is_made_in_the_editor(qtbot, tmp_path, monkeypatch) -> None:
    shots = Path(os.environ["WALK_SHOTS"]) if os.environ.get("WALK_SHOTS") else None
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    w = EditorWindow()
    qtbot.addWidget(w)
    w.resize(1900, 1000)
    w.show()
    qtbot.waitExposed(w)
    walk = Walk(w, qtbot, shots)
    draw_map(walk, tmp_path, monkeypatch)
    drawn_map = tmp_path / "maps" / "tarn-valley.yaml"
    keep(drawn_map)
    assert drawn_map.read_text(encoding="utf-8") == (ROOT / "maps" / "tarn-valley.yaml").read_text(encoding="utf-8")
    new_scenario(walk)
    rule_tables(walk)
    lines = [w.rule_forms.problems.item(i).text() for i in range(w.rule_forms.problems.count())]
    w.refresh_problems()
    assert [p.message for p in w.problems if p.severity == "error"] == [], lines
    walk.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    drawn = tmp_path / "scenarios" / "tarn-valley.yaml"
    keep(drawn)
    assert [p for p in check_file(drawn)[1] if p.severity == "error"] == []
    assert drawn.read_text(encoding="utf-8") == (ROOT / "scenarios" / "tarn-valley.yaml").read_text(encoding="utf-8")
    walk.shot("tarn-5-done")
    print(f"\nthe Tarn Valley: {walk.clicks} clicks and drags, {walk.keys} key presses")


HAND_WRITTEN = "0468190"
"""The commit whose Tarn Valley files were written by hand (before they were drawn in the editor)."""


def test_the_drawn_files_hold_what_the_hand_written_ones_held() -> None:
    """The shipped (drawn) files say what the hand-written ones said: the same map, and the same scenario but
    for the order of a unit type's place kinds (a set: the rules ask only whether a kind is in it)."""
    import yaml

    from boardapp.engine.files import read_scenario
    from boardapp.model.mapfile import Map

    old = {}
    for rel in ("maps/tarn-valley.yaml", "scenarios/tarn-valley.yaml"):
        try:
            old[rel] = subprocess.run(["git", "show", f"{HAND_WRITTEN}:{rel}"], cwd=ROOT, capture_output=True,
                                      text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            import pytest

            pytest.skip(f"the git history with {HAND_WRITTEN} is not in this checkout")
    assert Map.model_validate(yaml.safe_load(old["maps/tarn-valley.yaml"])) == Map.model_validate(
        yaml.safe_load((ROOT / "maps" / "tarn-valley.yaml").read_text(encoding="utf-8")))
    model = type(read_scenario(ROOT / "scenarios" / "tarn-valley.yaml")[0])

    def as_sets(data: dict) -> object:
        scenario = model.model_validate(data)
        for u in scenario.unit_types:
            u.may_enter.sort()
        return scenario

    drawn = yaml.safe_load((ROOT / "scenarios" / "tarn-valley.yaml").read_text(encoding="utf-8"))
    assert as_sets(yaml.safe_load(old["scenarios/tarn-valley.yaml"])) == as_sets(drawn)
