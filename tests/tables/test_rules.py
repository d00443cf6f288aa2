"""The table-driven rules on the Tarn Valley and variants of its tables: each expected value is worked out
by hand from the tables the test gives (scenarios/tarn-valley.yaml and the changes named here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.cli import main
from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Audience
from boardapp.rules.tables.module import TablesRules
from boardapp.rules.tables.scenario import TablesScenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"


def game(dice: list[int] | None = None, **changes: Any) -> Game[Any]:
    scenario, the_map = load_scenario(SCENARIO)
    data = scenario.model_dump(by_alias=True) | changes
    variant = TablesScenario.model_validate(data)
    assert [p for p in variant.cross_check(the_map) if p.severity == "error"] == []
    return Game(TablesRules(variant, the_map), dice=ScriptedDice(dice or []))


def test_dice_per_strength() -> None:
    """One die per strength point, a 5 or 6 hits, a hit is a unit lost. 5 strength against 1: the League rolls
    5 dice (5 6 1 2 3: two hits, and the Crown has one unit at Ashby, lost); the militia rolls 1 (6: one hit,
    the League's weakest unit, the infantry of strength 2, is lost)."""
    g = game([5, 6, 1, 2, 3, 6], combat={"method": "dice", "dice": {"dice_per_strength": 1, "hit_on": 5}})
    entry = g.push({"kind": "attack", "attackers": ["l-inf1", "l-cav1"], "place": "ashby"})
    data = entry.events[0].data
    assert data["attacker_rolls"] == [5, 6, 1, 2, 3] and data["defender_rolls"] == [6]
    assert data["defender_losses"] == ["c-mil1"] and data["attacker_losses"] == ["l-inf1"]
    assert set(g.state.counters) >= {"l-cav1"} and not {"c-mil1", "l-inf1"} & set(g.state.counters)


def test_a_closed_border_is_refused_in_the_designers_words() -> None:
    g = game(costs={"roads": {"highway": 1, "road": 2, "track": 3},
                    "borders": [{"regions": ["west-tarn", "east-tarn"], "closed": True,
                                 "refusal": "The border is shut to {unit}"}]})
    refusal = g.check({"kind": "move", "counter": "c-inf2", "to": "highfield"})
    assert refusal == ["The border is shut to Infantry c-inf2"]
    assert "highfield" not in {o.place for o in g.module.move_options(g.state, "c-inf2")}


def test_move_options_leave_out_a_full_place_and_enemy_places() -> None:
    g = game()
    # c-inf2 at Millford: Westgate (highway 1 + city 1 = 2) holds two Crown units already; Crossway road 2;
    # Highfield track 3 + border 1 = 4; Ashby via Crossway 4 or via Westgate 2 + 2 = 4
    options = {o.place: o.cost for o in g.module.move_options(g.state, "c-inf2")}
    assert "westgate" not in options
    assert options["crossway"] == "2 MP" and options["highfield"] == "4 MP" and options["ashby"] == "4 MP"
    assert not {"stonebridge", "eastmarch"} & set(options)  # Rebel units stand there


def test_what_control_alone_may_give_is_the_designers_list() -> None:
    assert game().module.control_only_kinds == frozenset({"set_track", "end_turn"})
    assert game(control_only=["set_track"]).module.control_only_kinds == frozenset({"set_track"})


def test_a_teams_own_tracks_stay_its_own() -> None:
    g = game()
    g.push({"kind": "end_turn"})
    income = [e for e in g.entries[-1].events if e.kind in ("income", "upkeep")]
    assert income and all(e.hidden and e.visible_to == e.teams for e in income)
    public = g.module.view(g.state, Audience.PUBLIC)
    assert all("supply" not in t for t in public.tracks)
    assert [s.id for s in public.sections] == ["tables.tracks"]
    crown = g.module.view(g.state, Audience.player_seat("crown"))
    assert [s.id for s in crown.sections] == ["tables.tracks", "tables.secret.crown"]
    assert crown.sections[1].rows == [["5"]]  # 6 + 3 income - 4 upkeep


def test_a_bad_table_is_named_by_line(tmp_path: Path, capsys: Any) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("map: ../maps/tarn-valley.yaml",
                                                         f"map: {(ROOT / 'maps' / 'tarn-valley.yaml').as_posix()}")
    text = text.replace("      3: [AL, EX, DR, DR, DL]", "      3: [AL, EX, DR, DR]")
    text = text.replace("{id: c-mil1, type: mil,", "{id: c-mil1, type: militia,")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    lines = {n + 1 for n, line in enumerate(text.splitlines()) if "3: [AL, EX, DR, DR]" in line or "militia," in line}
    assert f"{bad}:{min(lines)}:" in err and "no unit type 'militia'" in err
    assert f"{bad}:{max(lines)}:" in err and "4 results for 5 columns" in err


def test_the_shipped_files_check(capsys: Any) -> None:
    assert main(["check", str(SCENARIO), str(ROOT / "maps" / "tarn-valley.yaml")]) == 0
    assert capsys.readouterr().out.count("valid") == 2


def test_zones_of_control_stop_a_unit_next_to_enemy_units() -> None:
    """With zones of control, Crossway (one road from the Rebels at Stonebridge) is entered but not left:
    c-inf1 reaches Crossway (3 MP) but not Old Dam beyond it (6 MP by Crossway, which it could afford);
    without them it can."""
    assert "old-dam" in {o.place for o in game().module.move_options(game().state, "c-inf1")}
    g = game(zones_of_control={"refusal": "{unit} is pinned at {stop}"})
    options = {o.place: o.cost for o in g.module.move_options(g.state, "c-inf1")}
    assert options["crossway"] == "3 MP" and "old-dam" not in options
    assert g.check({"kind": "move", "counter": "c-inf1", "to": "old-dam"}) == ["Infantry c-inf1 is pinned at Crossway"]


def test_each_side_may_choose_its_losses() -> None:
    """The Rebels' r-inf1 and r-mil1 at Stonebridge (2 + 1) attack the Crown's c-inf1 and c-mil1 at Crossway
    (2 + 1): 3 against 3 is the 1:1 column, and a 3 there is EX, one unit lost on each side. Without a
    choice the weakest go (the militia on both sides); with one, each side's named unit goes."""
    position = {"counters": {"c-inf1": {"place": "crossway"}, "c-mil1": {"place": "crossway"},
                             "r-mil1": {"place": "stonebridge"}}}
    plain = game([3], position=position)
    plain.push({"kind": "attack", "attackers": ["r-inf1", "r-mil1"], "place": "crossway"})
    data = plain.entries[-1].events[0].data
    assert (data["column"], data["result"]) == ("1:1", "EX")
    assert data["attacker_losses"] == ["r-mil1"] and data["defender_losses"] == ["c-mil1"]
    chosen = game([3], position=position)
    chosen.push({"kind": "attack", "attackers": ["r-inf1", "r-mil1"], "place": "crossway",
                 "attacker_losses": ["r-inf1"], "defender_losses": ["c-inf1"]})
    data = chosen.entries[-1].events[0].data
    assert data["attacker_losses"] == ["r-inf1"] and data["defender_losses"] == ["c-inf1"]
    # the same fight when the table says losses fall on the strongest: the infantry on both sides
    combat = game().module.s.combat.model_dump() | {"losses_fall_on": "strongest"}
    strongest = game([3], position=position, combat=combat)
    strongest.push({"kind": "attack", "attackers": ["r-inf1", "r-mil1"], "place": "crossway"})
    data = strongest.entries[-1].events[0].data
    assert data["attacker_losses"] == ["r-inf1"] and data["defender_losses"] == ["c-inf1"]
    assert chosen.check({"kind": "attack", "attackers": ["r-mil1"], "place": "crossway",
                         "defender_losses": ["l-inf1"]}) == [
        "Militia r-mil1 has already fought this turn",
        "l-inf1 is not among the defenders at Crossway: only they can be chosen as the defender's losses"]


def test_the_editor_saves_the_tables_intact(tmp_path: Path) -> None:
    """The editor's scenario document (boardapp edit) opens a tables scenario and saves every table as it was."""
    from boardapp.editor.document import ScenarioDocument

    doc = ScenarioDocument.open(SCENARIO)
    saved = doc.save(tmp_path / "tarn.yaml", map_path=tmp_path / "tarn-map.yaml")
    again, _map = load_scenario(saved)
    before, _ = load_scenario(SCENARIO)
    assert again.model_dump(exclude={"map"}) == before.model_dump(exclude={"map"})


def test_the_defender_may_choose_where_it_retreats() -> None:
    """5 against 1 at Ashby, die 1: DR. Westgate, the Crown's own place next to Ashby, is full (two units),
    so the militia cannot be sent there; once the cavalry leaves it, the rule would send the militia
    to Westgate (its own place first), but the defender chooses Crossway, a neutral place."""
    g = game([1])
    attack = {"kind": "attack", "attackers": ["l-inf1", "l-cav1"], "place": "ashby"}
    assert g.check(attack | {"retreat_to": {"c-mil1": "westgate"}}) == [
        "Militia c-mil1 cannot retreat to Westgate: a retreat goes one road to a place it may enter, without "
        "enemy units, with room under the stacking limit"]
    g.push({"kind": "move", "counter": "c-cav1", "to": "millford"})  # room at Westgate
    from boardapp.rules.tables.combat import retreat_places

    assert retreat_places(g.module.facts, g.state, "c-mil1") == ["westgate", "crossway"]
    g.push(attack | {"retreat_to": {"c-mil1": "crossway"}})
    assert g.entries[-1].events[0].data["retreats"] == {"c-mil1": "crossway"}
    assert g.state.counters["c-mil1"].place == "crossway"


def test_attackers_advance_when_the_table_says_so() -> None:
    """A table whose DE (defenders destroyed) lets the attackers advance: 5 against 1 at Ashby is 4:1, a 4
    there is DE; the League's infantry and cavalry move into Ashby and count as having moved. With DR
    (a 1) the militia retreats and nobody advances (DR does not say so)."""
    combat = game().module.s.combat.model_dump()
    combat["results"]["DE"]["attacker_advances"] = True
    g = game([4], combat=combat)
    g.push({"kind": "attack", "attackers": ["l-inf1", "l-cav1"], "place": "ashby"})
    assert g.entries[-1].events[0].data["advanced"] == ["l-inf1", "l-cav1"]
    assert {g.state.counters[i].place for i in ("l-inf1", "l-cav1")} == {"ashby"}
    assert g.state.counters["l-inf1"].moved
    g = game([1], combat=combat)
    g.push({"kind": "attack", "attackers": ["l-inf1", "l-cav1"], "place": "ashby"})
    assert "advanced" not in g.entries[-1].events[0].data and g.state.counters["l-inf1"].place == "port-lind"
