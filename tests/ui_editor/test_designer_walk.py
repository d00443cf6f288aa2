"""Issue #31, done when: the whole walk — a new map with its communities, 12 places, roads and regions; a
War in Binni scenario on that map with teams, unit types, counters and control; play; change; save —
in the editor's window with real clicks and keys and no YAML typed.

The platform's file dialogs (Save as) are answered by a stand-in returning the name a designer would
type; the counter palette's drag is sent as the events the view receives (the headless platform ends a
real QDrag at once, see docs/editor.md). Everything else is a mouse click, a drag or a key press.
Set ``WALK_SHOTS=<folder>`` (under Xvfb, with ``import`` installed) to take screenshots along the way."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QPushButton, QRadioButton, QSpinBox

from boardapp.engine.files import check_file, load_scenario, new_game
from boardapp.ui.editor.window import Tool

from ..editor.test_editor_tools import _drag_from_palette
from .helpers import (
    CountedWalk,
    activate,
    choose,
    click_button,
    drag_map,
    field,
    settle,
    tick,
    type_into,
    when_modal,
)

COMMUNITIES = [("Chapel", "#7570b3"), ("Minster", "#d95f02")]
REGIONS = [("West Riding", [(0, 0), (1000, 0), (1000, 2000), (0, 2000)]),
           ("Holloway: North Gate", [(1000, 0), (2000, 0), (2000, 2000), (1000, 2000)]),
           ("East Marsh", [(2000, 0), (3000, 0), (3000, 2000), (2000, 2000)])]
PLACES = [("Ashby", 250, 400, "Chapel"), ("Brook", 700, 300, "Chapel"), ("Colne", 300, 1400, "Minster"),
          ("Dunmore", 750, 1600, "Chapel"), ("Eyre", 1300, 350, "Minster"), ("Fenwick", 1700, 600, "Minster"),
          ("Garth", 1250, 1300, "Chapel"), ("Holloway", 1750, 1650, "Minster"), ("Ings", 2300, 300, "Chapel"),
          ("Jarrow", 2750, 700, "Minster"), ("Kirk", 2250, 1500, "Chapel"), ("Lowther", 2700, 1750, "Minster")]
ROADS = [("Ashby", "Brook"), ("Ashby", "Colne"), ("Colne", "Dunmore"), ("Brook", "Eyre"), ("Eyre", "Fenwick"),
         ("Dunmore", "Garth"), ("Garth", "Holloway"), ("Fenwick", "Holloway"), ("Eyre", "Garth"),
         ("Fenwick", "Ings"), ("Ings", "Jarrow"), ("Holloway", "Kirk"), ("Kirk", "Lowther"), ("Jarrow", "Lowther")]
TEAMS = [("Crown", "#1f4e9c", "CR", True), ("Commons", "darkred", "CO", True), ("The Press", "#777777", "PR", False)]
UNITS = [("Guards", "GD", "4"), ("Militia", "MIL", "2")]
COUNTERS = [(0, "Ashby"), (0, "Ashby"), (1, "Brook"), (0, "Eyre"), (2, "Holloway"), (3, "Holloway"),
            (2, "Kirk"), (3, "Lowther"), (1, "Fenwick")]  # palette rows: Crown GD, Crown MIL, Commons GD, …
CONTROL = {"Crown": ["Ashby", "Brook", "Eyre", "Fenwick"], "Commons": ["Holloway", "Kirk", "Lowther"]}


class Walk(CountedWalk):
    """Counts what a person does: clicks and drags on the map or buttons, keys typed."""

    def button(self, widget) -> None:
        self.press(widget)

    def type(self, name: str, text: str) -> None:
        type_into(self.qtbot, field(self.w.props_box, name), text)
        self.clicks += 1
        self.keys += len(text) + 1
        settle(self.qtbot)

    def choose(self, name: str, text: str) -> None:
        choose(self.qtbot, field(self.w.props_box, name), text)
        self.clicks += 2
        settle(self.qtbot)



def test_the_whole_walk(window, qtbot, tmp_path, monkeypatch) -> None:
    shots = Path(os.environ["WALK_SHOTS"]) if os.environ.get("WALK_SHOTS") else None
    w = window
    w.resize(1900, 1000)
    start = time.perf_counter()
    walk = Walk(w, qtbot, shots)
    ids = {}
    # --- the map ---------------------------------------------------------------------------------
    walk.key(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # New map
    assert w.scenario is None
    walk.tool(Tool.SELECT)
    walk.click(1000, 700)  # the map's own form
    walk.type("name", "Holloway and the Marsh")
    walk.type("size", "3000, 2000")
    assert tuple(w.map_doc.head["size"]) == (3000, 2000) and w.map_doc.head["id"] == "holloway-and-the-marsh"
    for name, colour in COMMUNITIES:
        walk.click(2990, 1990)  # empty map: the map's form
        walk.button(next(b for b in w.props_box.findChildren(QPushButton, "add-community") if b.isVisible()))
        walk.type("name", name)
        walk.type("colour", colour)
    walk.tool(Tool.REGION)
    for name, corners in REGIONS:
        for x, y in corners:
            walk.click(x, y)
        walk.click(*corners[0])  # closes it
        walk.type("name", name)
    walk.shot("1-regions")
    walk.tool(Tool.PLACE)
    for name, x, y, community in PLACES:
        walk.click(x, y)
        walk.type("name", name)
        walk.choose("community", community)
        ids[name] = w.selected[1]
    walk.tool(Tool.ROAD)
    for a, b in ROADS:
        pa, pb = w.map_doc.place(ids[a]).at, w.map_doc.place(ids[b]).at
        drag_map(w, pa, pb)
        walk.clicks += 1
        settle(qtbot)
    walk.shot("2-map")
    m = w.map_doc
    assert [p.name for p in m.places] == [p[0] for p in PLACES]
    assert [p.id for p in m.places][:2] == ["ashby", "brook"] and ids["Holloway"] == "holloway"
    assert [r.id for r in m.regions] == ["west-riding", "holloway-north-gate", "east-marsh"]
    assert [r.name for r in m.regions][1] == "Holloway: North Gate"
    assert len(m.roads) == len(ROADS)
    assert [c.id for c in m.communities] == ["chapel", "minster"]
    assert {p.community for p in m.places} == {"chapel", "minster"}
    saves = iter([tmp_path / "holloway", tmp_path / "holloway-rising"])  # typed without .yaml
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(next(saves)), ""))
    walk.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "holloway.yaml").exists()
    assert check_file(tmp_path / "holloway.yaml")[1] == [] or not [
        p for p in check_file(tmp_path / "holloway.yaml")[1] if p.severity == "error"]

    # --- the scenario on that map ---------------------------------------------------------------------
    def new_scenario(dlg) -> None:
        tick(dlg.findChild(QRadioButton, "map-open"))
        choose(qtbot, dlg.findChild(type(w.brush_team), "rules"), "War in Binni")
        choose(qtbot, dlg.findChild(type(w.brush_team), "template"), "Empty")
        name = dlg.findChild(type(w.search), "scenario-name")
        QTest.mouseClick(name, Qt.MouseButton.LeftButton)
        QTest.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(name, "Holloway Rising")
        click_button(dlg, "Create")
        walk.clicks += 5
        walk.keys += 15

    seen = when_modal(qtbot, "new-scenario-dialog", new_scenario)
    walk.key(Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert seen and w.scenario is not None and w.map_doc.path == tmp_path / "holloway.yaml"
    settle(qtbot, 50)
    view = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert view.contains(QRectF(0, 0, 3000, 2000)), f"the whole map in view after New scenario: {view}"
    adds = [b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add"]
    for name, colour, symbol, on_map in TEAMS:
        walk.button(adds[0])
        walk.type("name", name)
        walk.type("colour", colour)
        walk.type("symbol", symbol)
        if not on_map:
            box = field(w.props_box, "on_map")
            tick(box)
            walk.clicks += 1
            settle(qtbot)
    for name, label, cv in UNITS:
        walk.button(adds[1])
        walk.type("name", name)
        walk.type("label", label)
        walk.type("combat_value", cv)
    # the PR tracks (issue #31 item 2): Crown starts at PR 5; Commons holds 1 card at PR 0
    walk.button(next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text().startswith("Scenario settings")))
    walk.button(w.props_box.findChild(QPushButton, "tracks-binni.pr"))
    for name, value in (("track-start-crown", "5"), ("track-commons-0", "1")):
        spin = w.props_box.findChild(QSpinBox, name)
        activate(w)
        QTest.mouseClick(spin, Qt.MouseButton.LeftButton)
        QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(spin, value)
        QTest.keyClick(spin, Qt.Key.Key_Tab)
        walk.clicks += 1
        walk.keys += 2 + len(value)
        settle(qtbot)
    sc = w.scenario
    assert sc.item("teams", "crown").pr == 5 and sc.item("teams", "commons").pr_table[0] == 1
    assert [t.id for t in sc.teams] == ["crown", "commons", "the-press"]
    assert [t.colour for t in sc.teams][:2] == ["#1f4e9c", "#8b0000"] and sc.teams[2].on_map is False
    assert [(u.id, u.combat_value) for u in sc.unit_types] == [("guards", 4), ("militia", 2)]
    assert w.counter_palette.count() == 4
    for row, place in COUNTERS:
        assert _drag_from_palette(w, row, w.map_doc.place(ids[place]).at).isAccepted()
        walk.clicks += 1
        settle(qtbot)
    for team, places in CONTROL.items():
        choose(qtbot, w.brush_team, team)
        walk.clicks += 2
        for place in places:
            walk.click(*w.map_doc.place(ids[place]).at)
    walk.shot("3-scenario")
    assert len(sc.counters) == 9 and sc.counters[0].id == "cr-gd-1"
    assert sc.control == {ids[p]: t for t, ps in (("crown", CONTROL["Crown"]), ("commons", CONTROL["Commons"]))
                          for p in ps}
    w.refresh_problems()
    assert [p.message for p in w.problems if p.severity == "error"] == []
    walk.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    path = tmp_path / "holloway-rising.yaml"
    assert path.exists() and "map: holloway.yaml" in path.read_text()
    assert [p for p in check_file(path)[1] if p.severity == "error"] == []

    # --- play ---------------------------------------------------------------------------------------
    started: list = []

    class FakeBoard:  # the board's process: its arguments recorded, never a window in a test
        def __init__(self, args, **kw) -> None:
            started.append(args)

        def poll(self) -> int:
            return 0

    real_popen = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", FakeBoard)
    walk.key(Qt.Key.Key_F5)
    monkeypatch.setattr(subprocess, "Popen", real_popen)
    assert started and started[0][-1] == str(path)
    game = new_game(load_scenario(path))
    from boardapp.rules.binni.commands import Move

    game.push(Move(counter="cr-gd-1", to="brook"))
    assert game.state.counters["cr-gd-1"].place == "brook"

    # --- change: rename a place, delete one that holds counters (moved), save --------------------------
    walk.tool(Tool.SELECT)
    walk.click(*w.map_doc.place("kirk").at)
    walk.type("name", "Kirkby Stephen")
    assert w.map_doc.place("kirk").name == "Kirkby Stephen", "a place with a chosen id keeps it"
    walk.click(*w.map_doc.place("lowther").at)
    seen = when_modal(qtbot, "delete-place-dialog", lambda d: click_button(d, "Move them"))
    walk.key(Qt.Key.Key_Delete)
    walk.clicks += 1
    assert seen and not w.map_doc.has_place("lowther")
    assert {c.at for c in sc.counters if c.id.startswith("co-")} <= {"holloway", "kirk", "jarrow", "fenwick"}
    # the border between West Riding and Holloway: North Gate moved at its south end, both regions at once
    walk.tool(Tool.VERTEX)
    walk.click(500, 1000)  # West Riding: its corners shown
    corner = w.map_doc.region("west-riding").polygon[2]
    drag_map(w, corner, (corner[0] + 40, corner[1]))
    walk.clicks += 1
    settle(qtbot)
    moved = w.map_doc.region("west-riding").polygon[2]
    assert moved in w.map_doc.region("holloway-north-gate").polygon and abs(moved[0] - corner[0] - 40) <= 2
    walk.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert [p for p in check_file(path)[1] if p.severity == "error"] == []
    assert "Kirkby Stephen" in (tmp_path / "holloway.yaml").read_text()
    assert "lowther" not in path.read_text()
    walk.shot("4-changed")
    elapsed = time.perf_counter() - start
    print(f"\nwalk: {walk.clicks} clicks and drags, {walk.keys} key presses, {elapsed:.1f} s in the test")
    if shots is not None:
        (shots / "walk-counts.txt").write_text(f"{walk.clicks} {walk.keys} {elapsed:.1f}\n")


