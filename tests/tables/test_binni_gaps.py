"""What data could not say before (issue 30, item 3's gaps), now said as data, each checked against the War
in Binni rulebook digest (/work/shared/rules/binni.md), the expected values worked out from its text:

* step losses — "each counter has strength … and takes LOSSES; at losses == strength it is destroyed. A
  damaged counter's combat value is ceil(value * (strength - losses) / strength)";
* the blocked retreat — "PYRRHIC WIN: … defender must retreat; if it cannot, it stays and takes one more
  loss";
* where a retreat may go — "A retreat goes one road step to a place with no hostile units that is neutral
  or friendly".

The Tarn Valley's map (Port Lind, Ashby, Westgate, Crossway) with Binni's combat table as data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Audience
from boardapp.rules.tables.module import TablesRules
from boardapp.rules.tables.scenario import TablesScenario

from .test_binni_conformance import BINNI_CRT

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"


def game(types: list[dict[str, Any]], units: list[dict[str, Any]], dice: list[int], *,
         control: dict[str, str] | None = None, crt: dict[str, Any] | None = None, **combat: Any) -> Game[Any]:
    scenario, the_map = load_scenario(SCENARIO)
    base = scenario.model_dump(by_alias=True)
    types = [{"name": t["id"].title(), "label": t["id"].upper()[:4], "movement": 6, **t} for t in types]
    data = base | {"unit_types": types, "units": units, "combat": (crt or BINNI_CRT) | combat,
                   "control": base["control"] if control is None else control, "stacking": None}
    return Game(TablesRules(TablesScenario.model_validate(data), the_map), dice=ScriptedDice(dice))


def test_a_loss_is_one_step_and_a_damaged_unit_fights_at_its_reduced_value() -> None:
    # a brigade of value 6 and strength (steps) 2; militia of value 2 and strength 1 (the digest's defaults)
    types = [{"id": "bde", "strength": 6, "steps": 2}, {"id": "mil", "strength": 2}]
    units = [{"id": "l-bde", "type": "bde", "team": "league", "at": "port-lind"},
             {"id": "c-mil1", "type": "mil", "team": "crown", "at": "ashby"},
             {"id": "c-mil2", "type": "mil", "team": "crown", "at": "fen-cross"}]
    g = game(types, units, [1, 1])
    # 6 against 2 is the 3:1 column; a 1 there is DRAW: one loss to each side. The brigade loses one of its
    # two steps and stays; the militia (one step) is destroyed.
    fight = g.push({"kind": "attack", "attackers": ["l-bde"], "place": "ashby"}).events[0]
    assert (fight.data["column"], fight.data["result"]) == ("3:1", "DRAW")
    assert g.state.counters["l-bde"].losses == 1 and "c-mil1" not in g.state.counters
    assert fight.data["destroyed"] == ["c-mil1"]
    assert g.summary()["counters"]["l-bde"]["losses"] == 1
    g.push({"kind": "end_turn"})
    # damaged, it fights at ceil(6 * (2 - 1) / 2) = 3: against the other militia's 2 that is 3:2, where a 1
    # is LOSE: its second loss, and at losses == strength it is destroyed
    fight = g.push({"kind": "attack", "attackers": ["l-bde"], "place": "fen-cross"}).events[0]
    assert (fight.data["attack"], fight.data["column"], fight.data["result"]) == (3, "3:2", "LOSE")
    assert "l-bde" not in g.state.counters and fight.data["destroyed"] == ["l-bde"]
    # the board shows the damaged value
    g2 = game(types, units, [1])
    g2.push({"kind": "attack", "attackers": ["l-bde"], "place": "ashby"})
    piece = next(p for p in g2.module.view(g2.state, Audience.PUBLIC).pieces if p.id == "l-bde")
    assert piece.value == "3" and "1 of 2 steps" in (piece.tooltip or "")


def test_losses_fall_on_the_strongest_step_by_step() -> None:
    # "a side's loss falls on the counter its owner chooses (default: the strongest)", the strongest when the
    # loss falls: two losses on a side of a brigade (6, two steps) and a militia of value 4 (one step) — the
    # first on the brigade (6 > 4; then ceil(6 * 1 / 2) = 3), the second on the militia (4 > 3)
    types = [{"id": "bde", "strength": 6, "steps": 2}, {"id": "mil", "strength": 4}, {"id": "big", "strength": 40}]
    units = [{"id": "l-big", "type": "big", "team": "league", "at": "port-lind"},
             {"id": "c-bde", "type": "bde", "team": "crown", "at": "ashby"},
             {"id": "c-mil", "type": "mil", "team": "crown", "at": "ashby"}]
    crt = BINNI_CRT | {"results": BINNI_CRT["results"] | {"DECISIVE WIN": {"defender_losses": 2}}}
    g = game(types, units, [6], crt=crt, losses_fall_on="strongest")
    fight = g.push({"kind": "attack", "attackers": ["l-big"], "place": "ashby"}).events[0]
    assert fight.data["result"] == "DECISIVE WIN" and fight.data["defender_losses"] == ["c-bde", "c-mil"]
    assert g.state.counters["c-bde"].losses == 1 and "c-mil" not in g.state.counters


SURROUNDED = [  # the Crown's brigade at Ashby, the League next to it at Port Lind, Westgate and Crossway
    {"id": "c-bde", "type": "bde", "team": "crown", "at": "ashby"},
    {"id": "l-att", "type": "att", "team": "league", "at": "port-lind"},
    {"id": "l-w", "type": "mil", "team": "league", "at": "westgate"},
    {"id": "l-x", "type": "mil", "team": "league", "at": "crossway"}]
TYPES = [{"id": "bde", "strength": 6, "steps": 3}, {"id": "att", "strength": 12, "steps": 2},
         {"id": "mil", "strength": 2}]


def pyrrhic(**kw: Any) -> dict[str, Any]:
    results = dict(BINNI_CRT["results"])
    results["PYRRHIC WIN"] = results["PYRRHIC WIN"] | kw
    return BINNI_CRT | {"results": results}


def test_a_defender_that_cannot_retreat_stays_and_takes_one_more_loss() -> None:
    # 12 against 6 is 2:1; a 4 there is PYRRHIC WIN: one loss each, and the defender must retreat. Every road
    # from Ashby leads to League units: it cannot, so it stays and takes one more loss — 2 of its 3 steps,
    # fighting on at ceil(6 * 1 / 3) = 2. The attacker, one loss of its two steps, stays at Port Lind.
    g = game(TYPES, SURROUNDED, [4], crt=pyrrhic(if_cannot_retreat="one_more_loss"))
    fight = g.push({"kind": "attack", "attackers": ["l-att"], "place": "ashby"}).events[0]
    assert (fight.data["column"], fight.data["result"]) == ("2:1", "PYRRHIC WIN")
    assert fight.data["retreats"] == {"c-bde": None} and fight.data["extra_loss"] == ["c-bde"]
    bde = g.state.counters["c-bde"]
    assert (bde.place, bde.losses) == ("ashby", 2) and g.state.counters["l-att"].losses == 1
    assert "stays" in fight.text and "one more loss" in fight.text
    # the same fight where the data says such a unit is lost (this system's default)
    g = game(TYPES, SURROUNDED, [4])
    fight = g.push({"kind": "attack", "attackers": ["l-att"], "place": "ashby"}).events[0]
    assert "c-bde" not in g.state.counters and fight.data["destroyed"] == ["c-bde"]


def test_a_retreat_goes_to_a_neutral_or_friendly_place_only_when_the_data_says_so() -> None:
    # Westgate is the Rebels' with none of their units there; Crossway holds League units; Port Lind the
    # attacker. With retreat_into_held off (Binni: "neutral or friendly"), Westgate is closed to the retreat:
    # the brigade stays and takes one more loss; with it on, it retreats to Westgate.
    units = [u for u in SURROUNDED if u["id"] != "l-w"]
    control = {"westgate": "rebels", "port-lind": "league", "crossway": "league"}
    binni = game(TYPES, units, [4], control=control, crt=pyrrhic(if_cannot_retreat="one_more_loss"),
                 retreat_into_held=False)
    fight = binni.push({"kind": "attack", "attackers": ["l-att"], "place": "ashby"}).events[0]
    assert fight.data["retreats"] == {"c-bde": None} and binni.state.counters["c-bde"].place == "ashby"
    assert binni.state.counters["c-bde"].losses == 2
    loose = game(TYPES, units, [4], control=control, crt=pyrrhic(if_cannot_retreat="one_more_loss"))
    fight = loose.push({"kind": "attack", "attackers": ["l-att"], "place": "ashby"}).events[0]
    assert fight.data["retreats"] == {"c-bde": "westgate"} and loose.state.counters["c-bde"].losses == 1


def test_a_damaged_units_value_is_the_binni_modules_on_1000_random_counters() -> None:
    """Conformance with the War in Binni module's own code: the tables' reduced strength (a type's strength and
    steps, a counter's losses) is Binni's CounterState.value (its combat value, strength and losses)."""
    import random

    from boardapp.rules.binni.state import CounterState
    from boardapp.rules.tables.combat import unit_strength
    from boardapp.rules.tables.state import Counter, TablesState

    rng = random.Random(30)
    scenario, the_map = load_scenario(SCENARIO)
    base = scenario.model_dump(by_alias=True)
    for _ in range(1000):
        value, steps = rng.randint(1, 30), rng.randint(1, 6)
        losses = rng.randint(0, steps - 1)
        types = [{"id": "u", "name": "U", "label": "U", "movement": 1, "strength": value, "steps": steps}]
        module = TablesRules(TablesScenario.model_validate(base | {"unit_types": types, "units": []}), the_map)
        state = TablesState(counters={"x": Counter(type="u", team="crown", place="ashby", losses=losses)})
        binni = CounterState(id="x", team="t", type="u", place="a", combat_value=value, strength=steps,
                             losses=losses)
        assert unit_strength(module.facts, state, "x") == binni.value, (value, steps, losses)
