"""A team renamed or deleted outside the Rule tables forms (the Scenario panel's Properties, the Delete key)
is followed in a tables scenario's own data — its units' team, its tracks' start values, alliances and
passage — through the references its editor forms declare (the generic editor names no rule system)."""

from __future__ import annotations

from pathlib import Path

from boardapp.editor.commands import UndoStack
from boardapp.editor.document import ScenarioDocument
from boardapp.editor.renames import rename
from boardapp.editor.ruleforms import SetRuleValue
from boardapp.editor.uses import DeleteTeamAndUses, team_uses

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _tarn() -> tuple[ScenarioDocument, UndoStack]:
    sc = ScenarioDocument.open(SCENARIOS / "tarn-valley.yaml")
    stack = UndoStack(sc)
    stack.push(SetRuleValue(("alliances",), {"league": ["rebels"], "rebels": ["league"]}))
    stack.push(SetRuleValue(("passage",), {"crown": ["rebels", "league"]}))
    return sc, stack


def _named(sc: ScenarioDocument) -> dict[str, object]:
    f = sc.fields
    return {"units": sorted({u.team for u in f["units"]}),
            "starts": [sorted(t.start) for t in f["tracks"]],
            "alliances": {k: list(v) for k, v in f["alliances"].items()},
            "passage": {k: list(v) for k, v in f["passage"].items()}}


def test_a_team_renamed_in_the_scenario_panel_is_renamed_in_the_tables() -> None:
    sc, stack = _tarn()
    before = _named(sc)
    stack.push(rename("teams", "rebels", "hill-clans"))
    assert [t.id for t in sc.teams] == ["crown", "league", "hill-clans"]
    assert _named(sc) == {
        "units": ["crown", "hill-clans", "league"],
        "starts": [["crown", "hill-clans", "league"]] * 2,
        "alliances": {"league": ["hill-clans"], "hill-clans": ["league"]},
        "passage": {"crown": ["hill-clans", "league"]}}
    assert [p.message for p in sc.problems() if p.severity == "error"] == []
    stack.undo()
    assert _named(sc) == before and [t.id for t in sc.teams] == ["crown", "league", "rebels"]


def test_deleting_a_team_the_tables_name_lists_its_uses_and_gives_them_or_removes_them() -> None:
    sc, stack = _tarn()
    rebels_units = [u.id for u in sc.fields["units"] if u.team == "rebels"]
    uses = [u.text for u in team_uses(sc, "rebels")]
    held = [p for p, t in sc.control.items() if t == "rebels"]
    tracks = [t.id for t in sc.fields["tracks"]]
    assert sorted(uses) == sorted([f"control of {p}" for p in held] + [
        f"unit {u.id}: team" for u in sc.fields["units"] if u.team == "rebels"] + [
        f"track {t}: start for rebels" for t in tracks] + ["alliances for rebels", "alliances: league",
                                                              "passage: crown"]), uses
    league_starts = [t.start["league"] for t in sc.fields["tracks"]]
    stack.push(DeleteTeamAndUses(sc, "rebels", move_to="league"))
    assert [t.id for t in sc.teams] == ["crown", "league"]
    assert _named(sc)["units"] == ["crown", "league"]
    assert [t.start for t in sc.fields["tracks"]] == [{"crown": 3, "league": 2}, {"crown": 6, "league": 6}]
    assert [t.start["league"] for t in sc.fields["tracks"]] == league_starts  # its own starts kept
    assert _named(sc)["passage"] == {"crown": ["league"]}
    assert team_uses(sc, "rebels") == []
    stack.undo()
    assert [t.id for t in sc.teams] == ["crown", "league", "rebels"] and len(team_uses(sc, "rebels")) == len(uses)
    stack.push(DeleteTeamAndUses(sc, "rebels"))
    assert "rebels" not in _named(sc)["units"] and len(sc.fields["units"]) == 11 - len(rebels_units)
    assert _named(sc) == {"units": ["crown", "league"], "starts": [["crown", "league"]] * 2,
                          "alliances": {"league": []}, "passage": {"crown": ["league"]}}
    assert [p.message for p in sc.problems() if p.severity == "error"] == []


def test_a_place_renamed_or_deleted_on_the_map_is_followed_in_the_tables_units() -> None:
    from boardapp.editor.uses import DeletePlaceAndUses, place_uses

    sc, stack = _tarn()
    on_eastmarch = sorted(u.id for u in sc.fields["units"] if u.at == "eastmarch")
    assert on_eastmarch == ["r-inf2", "r-mil1"]  # the shipped file's two units there
    stack.push(rename("places", "eastmarch", "east-march"))
    assert sorted(u.id for u in sc.fields["units"] if u.at == "east-march") == on_eastmarch
    texts = [u.text for u in place_uses(sc, "east-march")]
    assert sorted(t for t in texts if t.startswith("unit ")) == ["unit r-inf2: at", "unit r-mil1: at"], texts
    stack.push(DeletePlaceAndUses(sc, "east-march", move_to="hollow"))
    assert set(on_eastmarch) <= {u.id for u in sc.fields["units"] if u.at == "hollow"}
    assert [p.message for p in sc.problems() if p.severity == "error"] == []
    stack.undo()
    stack.push(DeletePlaceAndUses(sc, "east-march"))
    assert not set(on_eastmarch) & {u.id for u in sc.fields["units"]}
    assert [p.message for p in sc.problems() if p.severity == "error"] == []


def test_deleting_a_unit_type_the_tables_name_gives_its_units_another_type_or_removes_them() -> None:
    from boardapp.editor.uses import DeleteUnitTypeAndUses, type_uses

    sc, stack = _tarn()
    militia = sorted(u.id for u in sc.fields["units"] if u.type == "mil")
    assert militia and sorted(u.text for u in type_uses(sc, "mil")) == sorted(f"unit {m}: type" for m in militia)
    stack.push(DeleteUnitTypeAndUses(sc, "mil", move_to="inf"))
    assert "mil" not in {u.id for u in sc.fields["unit_types"]}
    assert sorted(u.id for u in sc.fields["units"] if u.type == "inf" and u.id in militia) == militia
    assert [p.message for p in sc.problems() if p.severity == "error"] == []
    stack.undo()
    assert sorted(u.id for u in sc.fields["units"] if u.type == "mil") == militia
    stack.push(DeleteUnitTypeAndUses(sc, "mil"))
    assert not set(militia) & {u.id for u in sc.fields["units"]} and type_uses(sc, "mil") == []
    assert [p.message for p in sc.problems() if p.severity == "error"] == []
