"""The editing model without Qt: every command does, undoes and redoes; checks and search."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Polygon

from boardapp.editor import (
    AddAidBlocks,
    AddCamp,
    AddDPToken,
    AddPlace,
    AddRegion,
    AddRoad,
    AddTeam,
    AddTimetableEntry,
    AddUnitType,
    DeleteCounter,
    DeletePlace,
    DeleteRegion,
    DeleteRoad,
    GenerateRegions,
    MapDocument,
    MergeRegions,
    MoveCounter,
    MovePlace,
    MoveVertex,
    PaintControl,
    PlaceCounter,
    RenamePlace,
    ScenarioDocument,
    SetBackground,
    SetHeadField,
    SetHidden,
    SetPlaceField,
    SetRoadBends,
    SetSetting,
    SetTeamField,
    SplitRegion,
    UndoStack,
)
from boardapp.engine.files import check_file, load_scenario, new_game
from boardapp.model.checks import check_map

from .conftest import DATA, ROOT

SQUARE = [(0, 0), (1000, 0), (1000, 600), (0, 600)]


def _snapshot(doc):
    return doc.text()


def _undo_redo_all(stack: UndoStack, doc) -> None:
    """Undo everything back to the start and redo it all: the text comes back byte for byte."""
    end = doc.text()
    texts = []
    while stack.can_undo:
        texts.append(doc.text())
        stack.undo()
    while stack.can_redo:
        stack.redo()
    assert doc.text() == end


@pytest.fixture
def map_doc() -> MapDocument:
    doc = MapDocument.new("test", "Test", (1000, 600))
    stack = UndoStack(doc)
    stack.push(AddRegion({"id": "land", "name": "Land", "polygon": SQUARE}))
    for pid, at in (("a", (100, 100)), ("b", (400, 100)), ("c", (700, 300)), ("d", (300, 500))):
        stack.push(AddPlace({"id": pid, "name": pid.upper(), "at": at}))
    stack.push(AddRoad("a", "b"))
    stack.push(AddRoad("b", "c", via=[(600, 120)]))
    stack.push(AddRoad("a", "d"))
    return doc


def test_map_commands_do_and_undo(map_doc: MapDocument) -> None:
    doc = map_doc
    stack = UndoStack(doc)
    start = doc.text()
    stack.push(MovePlace("a", (150, 120)))
    stack.push(MovePlace("a", (160, 130)), merge=True)  # a drag is one step
    assert len(stack.done) == 1 and doc.place("a").at == (160, 130)
    stack.push(SetPlaceField("a", "kind", "city"))
    stack.push(SetPlaceField("a", "name", "Alpha"))
    stack.push(RenamePlace("a", "alpha"))
    assert all("a" not in r.between for r in doc.roads) and doc.roads[0].between == ("alpha", "b")
    stack.push(SetRoadBends(0, [(200, 80), (300, 90)]))
    stack.push(DeleteRoad(2))
    stack.push(DeletePlace("b"))
    assert not doc.has_place("b") and all("b" not in r.between for r in doc.roads)
    stack.push(MoveVertex("land", 2, (1000, 650)))
    stack.push(SetBackground({"image": "bg.png", "rect": [0, 0, 1000, 600], "opacity": 0.5}))
    stack.push(SetHeadField("name", "Renamed"))
    _undo_redo_all(stack, doc)
    while stack.can_undo:
        stack.undo()
    assert doc.text() == start


def test_bad_values_change_nothing(map_doc: MapDocument) -> None:
    stack = UndoStack(map_doc)
    before = map_doc.text()
    with pytest.raises(ValueError, match="kind"):
        stack.push(SetPlaceField("a", "kind", "castle"))
    with pytest.raises(ValueError, match="already used"):
        stack.push(AddPlace({"id": "a", "name": "Again", "at": (1, 1)}))
    with pytest.raises(ValueError, match="no place 'zz'"):
        stack.push(AddRoad("a", "zz"))
    with pytest.raises(ValueError, match="already there"):
        stack.push(AddRoad("b", "a"))
    with pytest.raises(ValueError, match="id"):
        stack.push(AddPlace({"id": "Bad Id", "name": "X", "at": (1, 1)}))
    with pytest.raises(ValueError, match="already a place"):
        stack.push(RenamePlace("a", "b"))
    assert map_doc.text() == before and not stack.can_undo


def test_split_merge_generate(map_doc: MapDocument) -> None:
    doc = map_doc
    stack = UndoStack(doc)
    stack.push(SplitRegion("land", [(500, -10), (500, 610)], new_id="east"))
    assert [r.id for r in doc.regions] == ["land", "east"]
    areas = [Polygon(r.polygon).area for r in doc.regions]
    assert areas == [pytest.approx(300000), pytest.approx(300000)]
    assert not [p for p in check_map(doc.to_map()) if p.severity == "error"]
    stack.push(MergeRegions(["land", "east"]))
    assert [r.id for r in doc.regions] == ["land"] and Polygon(doc.regions[0].polygon).area == pytest.approx(600000)
    with pytest.raises(ValueError, match="does not cut"):
        stack.push(SplitRegion("land", [(10, 10), (20, 20)]))
    stack.push(GenerateRegions("land"))
    provinces = [r for r in doc.regions if r.kind == "province"]
    assert sorted(r.id for r in provinces) == ["a", "b", "c", "d"]
    assert sum(Polygon(r.polygon).area for r in provinces) == pytest.approx(600000, rel=1e-4)
    assert not [p for p in check_map(doc.to_map()) if p.severity == "error"]
    m = doc.to_map()
    assert [r.id for r in m.regions_of("c")] == ["c", "land"]
    stack.push(MovePlace("c", (800, 400)))
    stack.push(GenerateRegions("land"))  # again: replaces the provinces, no duplicates
    assert sorted(r.id for r in doc.regions) == ["a", "b", "c", "d", "land"]
    stack.push(DeleteRegion("d"))
    _undo_redo_all(stack, doc)


def test_problems_match_boardapp_check(tmp_path: Path) -> None:
    doc = MapDocument.open(ROOT / "maps" / "binni.yaml")
    assert [str(p) for p in doc.problems()] == [str(p) for p in check_map(doc.to_map())] == []
    stack = UndoStack(doc)
    stack.push(AddPlace({"id": "lost", "name": "Lost", "at": (3990, 2990)}))
    stack.push(MoveVertex("mouella", 3, (1300, 1050)))  # into Binni: an overlap
    probs = doc.problems()
    assert any(p.loc == ("places", len(doc.places) - 1) and "cannot be reached" in p.message for p in probs)
    assert any(p.loc[:1] == ("regions",) and "overlaps" in p.message and p.severity == "error" for p in probs)
    out = tmp_path / "m.yaml"
    doc.save(out)
    kind, file_problems = check_file(out)
    assert kind == "map"
    assert sorted(p.message for p in file_problems) == sorted(p.message for p in probs)


def test_scenario_commands_and_problems(tmp_path: Path) -> None:
    sc = ScenarioDocument.open(DATA / "tiny-scenario.yaml")
    assert sc.problems() == []
    stack = UndoStack(sc)
    start = sc.text()
    stack.push(AddTeam({"id": "new", "name": "New Team", "colour": "#112233", "symbol": "NT",
                        "pr_table": [1, 2, 3, 4, 5, 6, 7, 8, 9]}))
    stack.push(SetTeamField("new", "money", 7))
    stack.push(AddUnitType({"id": "tank", "name": "Tank", "label": "TK", "combat_value": 8}))
    stack.push(PlaceCounter({"id": "n-1", "team": "new", "type": "tank", "at": "alpha"}))
    stack.push(MoveCounter("n-1", "bravo"))
    stack.push(PaintControl("charlie", "new"))
    stack.push(PaintControl("alpha", None))
    stack.push(AddDPToken("bravo", 2, "muslim"))
    stack.push(AddCamp("bravo", "un"))
    stack.push(AddAidBlocks("bravo", "un", 3))
    stack.push(AddTimetableEntry("10:00", "10:30", "Week One", 1))
    stack.push(SetHidden(["cards", "money"]))
    stack.push(SetSetting("weeks", 6))
    stack.push(DeleteCounter("r-mil3"))
    stack.push(SetHeadField("description", "A test.", target="scenario"))
    assert sc.problems() == []
    text = sc.text()
    assert "control:\n" in text and "  charlie: new\n" in text and "weeks: 6" in text
    with pytest.raises(ValueError, match="colour"):
        stack.push(SetTeamField("new", "colour", "blue"))
    _undo_redo_all(stack, sc)
    while stack.can_undo:
        stack.undo()
    assert sc.text() == start


def test_scenario_problems_point_at_items() -> None:
    sc = ScenarioDocument.open(DATA / "tiny-scenario.yaml")
    stack = UndoStack(sc)
    stack.push(DeletePlace("echo"))  # a map command through the scenario document
    probs = sc.problems()
    assert any(p.loc == ("counters", 6, "at") and "no place 'echo'" in p.message for p in probs)
    assert any(p.loc == ("control", "echo") for p in probs)
    stack.push(RenamePlace("delta", "delta-town"))  # references follow a rename
    assert sc.item("counters", "r-mil1").at == "delta-town" and sc.control["delta-town"] == "reb"
    stack.undo()
    assert sc.item("counters", "r-mil1").at == "delta"


def test_find() -> None:
    sc = ScenarioDocument.open(ROOT / "scenarios" / "war-in-binni.yaml")
    labels = [h.label for h in sc.find("kalen")]
    assert "place Kalen (kalen)" in labels and "place Kalen Power Station (kalen-power)" in labels
    assert any(h.section == "teams" and h.key == "binni-gov" for h in sc.find("government"))
    assert any(h.section == "counters" and h.key == "bg-1sf" for h in sc.find("presidential special"))
    assert any(h.section == "settings" and h.key == "camp_aid" for h in sc.find("camp_aid"))
    assert any(h.section == "timetable" for h in sc.find("lunch"))
    assert sc.find("   ") == []


def test_built_from_nothing_plays(tmp_path: Path) -> None:
    """A map and scenario made with commands alone pass `boardapp check` and play a move."""
    doc = MapDocument.new("made", "Made", (1000, 600))
    sc = ScenarioDocument.new(doc, "made-war", "Made war")
    stack = UndoStack(sc)
    stack.push(AddRegion({"id": "land", "name": "Land", "polygon": SQUARE}))
    for pid, at in (("a", (100, 100)), ("b", (500, 300)), ("c", (900, 500))):
        stack.push(AddPlace({"id": pid, "name": pid.upper(), "at": at}))
    stack.push(AddRoad("a", "b"))
    stack.push(AddRoad("b", "c"))
    stack.push(GenerateRegions("land"))
    stack.push(AddTeam({"id": "red", "name": "Red", "colour": "#cc0000", "symbol": "R",
                        "pr_table": [1, 2, 3, 4, 5, 6, 7, 8, 9], "money": 5}))
    stack.push(AddUnitType({"id": "mil", "name": "Militia", "label": "MIL", "combat_value": 2}))
    stack.push(PlaceCounter({"id": "r1", "team": "red", "type": "mil", "at": "a"}))
    stack.push(PaintControl("a", "red"))
    path = sc.save(tmp_path / "made.yaml")
    assert (tmp_path / "made-map.yaml").exists()
    kind, problems = check_file(path)
    assert kind == "scenario" and [p for p in problems if p.severity == "error"] == []
    again = ScenarioDocument.open(path)
    assert again.text() == sc.text() and again.map_doc.text() == doc.text()
    game = new_game(load_scenario(path))
    from boardapp.rules.binni.commands import Move

    game.push(Move(counter="r1", to="b"))
    assert game.state.counters["r1"].place == "b"
