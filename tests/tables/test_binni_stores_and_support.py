"""Stores and support as data (issue 30, item 3's gaps), checked against the War in Binni rulebook digest
(/work/shared/rules/binni.md, "Units" and "Fighting"), the expected values worked out from its text:

* "Any unit … must expend warlike stores to attack (table above). A unit whose team lacks the stores cannot
  attack." — a Combat Brigade consumes 4 warlike stores to attack, an Armed Militia 1;
* "Each side's combat value is the sum of its counters' values, +1 per 2 extra warlike stores that side
  consumes (both sides may), + support: a bombing mission adds 2, a cruise missile 1.";
* "Below 1:1 the attack is aborted before the fight starts … (ruling: and no stores consumed)".

The Crown's brigade (value 6) at Port Lind attacks Ashby, where two League militia (2 + 2 = 4) stand; the
Binni combat table as data (columns 1:1, 3:2, 2:1, 3:1, 4:1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.rules.tables.module import TablesRules
from boardapp.rules.tables.scenario import TablesScenario

from .test_binni_conformance import BINNI_CRT

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"


def game(stores: int, *, league_stores: int = 10, missiles: int = 1) -> Game[Any]:
    scenario, the_map = load_scenario(SCENARIO)
    base = scenario.model_dump(by_alias=True)
    types = [{"id": "bde", "name": "Brigade", "label": "BDE", "movement": 6, "strength": 6,
              "attack_cost": {"stores": 4}},
             {"id": "mil", "name": "Militia", "label": "MIL", "movement": 4, "strength": 2,
              "attack_cost": {"stores": 1}}]
    units = [{"id": "c-bde", "type": "bde", "team": "crown", "at": "port-lind"},
             {"id": "c-mil", "type": "mil", "team": "crown", "at": "port-lind"},
             {"id": "l-mil1", "type": "mil", "team": "league", "at": "ashby"},
             {"id": "l-mil2", "type": "mil", "team": "league", "at": "ashby"}]
    tracks = [{"id": "stores", "name": "Warlike stores", "max": 99,
               "start": {"crown": stores, "league": league_stores}},
              {"id": "missiles", "name": "Cruise missiles", "max": 9, "start": {"crown": missiles}, "hidden": True}]
    combat = BINNI_CRT | {"extra": {"resource": "stores", "per": 2, "adds": 1},
                          "support": [{"id": "bombing", "name": "Bombing mission", "adds": 2},
                                      {"id": "cruise", "name": "Cruise missile", "adds": 1, "resource": "missiles"}]}
    data = base | {"unit_types": types, "units": units, "tracks": tracks, "income": [], "stacking": None,
                   "combat": combat}
    return Game(TablesRules(TablesScenario.model_validate(data), the_map), dice=ScriptedDice([1] * 10))


def fight_of(entry: Any) -> Any:
    return next(e for e in entry.events if e.kind == "fight")


def attack(**extra: Any) -> dict[str, Any]:
    return {"kind": "attack", "attackers": ["c-bde"], "place": "ashby", **extra}


def test_a_brigade_consumes_four_stores_to_attack_and_cannot_without_them() -> None:
    g = game(stores=3)
    assert g.check(attack()) == ["Crown lacks the Warlike stores for this (4 needed, 3 left)"]
    g = game(stores=4)
    fight = fight_of(g.push(attack()))
    # 6 against 4 is the 3:2 column (6/4 = 1.5); the four stores are consumed
    assert (fight.data["attack"], fight.data["defence"], fight.data["column"]) == (6, 4, "3:2")
    assert g.state.values["crown"]["stores"] == 0 and fight.data["spent"] == {"crown": {"stores": 4}}
    assert g.entries[-1].events[0] is fight  # the fight names the entry (the undo menu's text), not a spending


def test_every_two_extra_stores_add_one_to_a_side() -> None:
    g = game(stores=8)  # 4 to attack + 4 extra: +2, so 8 against 4 is 2:1
    fight = fight_of(g.push(attack(attacker_extra=4)))
    assert (fight.data["attack"], fight.data["column"]) == (8, "2:1") and g.state.values["crown"]["stores"] == 0
    g = game(stores=8)  # 3 extra buy one step only (+1 per 2): 7 against 4 stays 3:2 (1.75)
    fight = fight_of(g.push(attack(attacker_extra=3)))
    assert (fight.data["attack"], fight.data["column"]) == (7, "3:2") and g.state.values["crown"]["stores"] == 1
    g = game(stores=8)  # both sides may: the League's 2 extra make 5, and 8 against 5 is 3:2 (1.6)
    fight = fight_of(g.push(attack(attacker_extra=4, defender_extra=2)))
    assert (fight.data["attack"], fight.data["defence"], fight.data["column"]) == (8, 5, "3:2")
    assert g.state.values["league"]["stores"] == 8
    assert game(stores=8, league_stores=1).check(attack(defender_extra=2)) == [
        "League lacks the Warlike stores for this (2 needed, 1 left)"]


def test_support_adds_two_for_a_bombing_mission_and_one_for_a_cruise_missile() -> None:
    g = game(stores=4)
    fight = fight_of(g.push(attack(support=["bombing", "cruise"])))
    # 6 + 2 + 1 = 9 against 4 is 2:1 (2.25); the missile is used up (a hidden stock: its event is the Crown's)
    assert (fight.data["attack"], fight.data["column"]) == (9, "2:1")
    assert g.state.values["crown"]["missiles"] == 0
    spent = [e for e in g.entries[-1].events if e.kind == "spent" and e.data["resource"] == "missiles"]
    assert spent and spent[0].hidden and spent[0].visible_to == ("crown",)
    g = game(stores=4, missiles=0)
    assert g.check(attack(support=["cruise"])) == ["Crown lacks the Cruise missiles for this (1 needed, 0 left)"]


def test_below_one_to_one_the_attack_is_refused_and_no_stores_are_consumed() -> None:
    g = game(stores=4)
    # the militia alone: 2 against 4 is below 1:1
    refused = g.check({"kind": "attack", "attackers": ["c-mil"], "place": "ashby"})
    assert refused == ["the odds 1:2 are below the table's lowest column 1:1"]
    assert g.state.values["crown"]["stores"] == 4
