"""Conformance, the parts that data can say today (issue 30, item 3): War in Binni's combat results table
and its movement, written as this system's data the way a designer copies them from the rulebook, decide
as the War in Binni module does — the odds column, the result, each side's losses and the retreat on 1,000
random fights, the places a counter reaches and the places it may retreat to on 1,000 random positions each.
Step losses, paid entry, stores and support are tested from the rulebook's text in test_binni_gaps.py,
test_binni_entry_and_passage.py and test_binni_stores_and_support.py; alliances (allied units not hostile)
data cannot say; docs/designing-rules.md names it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.rules.binni.tables import COMBAT_RESULTS, RESULT_EFFECTS, odds_column
from boardapp.rules.tables.module import TablesRules
from boardapp.rules.tables.scenario import TablesScenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"

# The rulebook's CRT (the Binni digest's "Fighting" table, copied cell by cell), as this system's data.
# Not compared here: a loss there is one step of a counter, falling by default on the strongest, and a
# defender that cannot retreat stays and takes one more loss (the data can say both — `steps`,
# `losses_fall_on: strongest`, `if_cannot_retreat: one_more_loss` — tested from the rulebook's text in
# test_binni_gaps.py); stores and support add to the values before the column is read (the data:
# strengths only).
BINNI_CRT = yaml.safe_load("""
method: odds
odds:
  columns: ["1:1", "3:2", "2:1", "3:1", "4:1"]
  rows:
    1: [LOSE, LOSE, LOSE, DRAW, DRAW]
    2: [LOSE, DRAW, DRAW, DRAW, PYRRHIC WIN]
    3: [DRAW, DRAW, DRAW, PYRRHIC WIN, DECISIVE WIN]
    4: [DRAW, PYRRHIC WIN, PYRRHIC WIN, DECISIVE WIN, DECISIVE WIN]
    5: [PYRRHIC WIN, DRAW, DECISIVE WIN, DECISIVE WIN, DECISIVE WIN]
    6: [DECISIVE WIN, DECISIVE WIN, DECISIVE WIN, DECISIVE WIN, DECISIVE WIN]
results:
  LOSE: {attacker_losses: 1}
  DRAW: {attacker_losses: 1, defender_losses: 1}
  PYRRHIC WIN: {attacker_losses: 1, defender_losses: 1, defender_retreats: true}
  DECISIVE WIN: {defender_losses: 1, defender_retreats: true}
""")


def _random_alliances(state: Any, teams: list[Any], rng: random.Random | None) -> None:
    """No alliances (``rng`` None), or two to four random pairs of the map's teams allied (kept mutual, as
    Binni keeps them; the scenario's own alliances are among off-map powers)."""
    for t in state.teams.values():
        t.allies = []
    if rng is None:
        return
    for _ in range(rng.randint(2, 4)):
        a, b = rng.sample([t.id for t in teams], 2)
        if b not in state.teams[a].allies:
            state.teams[a].allies.append(b)
            state.teams[b].allies.append(a)


def _alliances(state: Any, teams: list[Any]) -> dict[str, list[str]]:
    """Binni's alliances among the map's teams, as this system's data."""
    ids = {t.id for t in teams}
    return {t: [a for a in state.teams[t].allies if a in ids] for t in sorted(ids) if state.teams[t].allies}


def fight(base: dict[str, Any], the_map: Any, attack: int, defence: int, die: int) -> tuple[list[str], Game[Any]]:
    """One League infantry of strength ``attack`` attacks Ashby, held by a Crown militia of strength
    ``defence`` and a Crown cavalry of strength 0 (lost first, the weakest, so that the militia is left to
    retreat), with the Binni CRT."""
    types = [{"id": "inf", "name": "Infantry", "label": "INF", "movement": 6, "strength": attack},
             {"id": "mil", "name": "Militia", "label": "MIL", "movement": 4, "strength": defence},
             {"id": "cav", "name": "Cavalry", "label": "CAV", "movement": 9, "strength": 0}]
    units = [*base["units"], {"id": "c-cav9", "type": "cav", "team": "crown", "at": "ashby"}]
    scenario = TablesScenario.model_validate(base | {"combat": BINNI_CRT, "unit_types": types, "units": units})
    g: Game[Any] = Game(TablesRules(scenario, the_map), dice=ScriptedDice([die]))
    return g.check({"kind": "attack", "attackers": ["l-inf1"], "place": "ashby"}), g


def test_binnis_crt_as_data_decides_as_the_binni_module_on_1000_random_fights() -> None:
    scenario, the_map = load_scenario(SCENARIO)
    base = scenario.model_dump(by_alias=True)
    rng = random.Random(30)
    compared = aborted = 0
    for _ in range(1000):
        attack, defence, die = rng.randint(1, 30), rng.randint(1, 30), rng.randint(1, 6)
        refusal, g = fight(base, the_map, attack, defence, die)
        column = odds_column(attack, defence)
        where = f"{attack} against {defence}, die {die}"
        if column is None:  # Binni: below 1:1 the attack is aborted; the data: below the first column
            assert refusal == [f"the odds {'1:' + str(-(-defence // attack))} are below the table's lowest "
                               "column 1:1"], where
            aborted += 1
            continue
        assert refusal == [], where
        event = g.push({"kind": "attack", "attackers": ["l-inf1"], "place": "ashby"}).events[0]
        result = COMBAT_RESULTS[die][column]
        a_loss, d_loss, retreat = RESULT_EFFECTS[result]
        assert event.data["column"] == column.value.rstrip("+"), where
        assert event.data["result"] == result.value, where
        assert event.data["attacker_losses"] == (["l-inf1"] if a_loss else []), where
        assert event.data["defender_losses"] == (["c-cav9"] if d_loss else []), where
        # the militia falls back to Crossway (Westgate, the Crown's own, is full; Port Lind the League's)
        assert event.data["retreats"] == ({"c-mil1": "crossway"} if retreat else {}), where
        compared += 1
    assert compared > 400 and aborted > 300  # both branches well exercised


@pytest.mark.parametrize("allied", [False, True], ids=["no-alliances", "alliances"])
def test_binnis_movement_as_data_reaches_the_same_places_on_1000_random_positions(allied: bool) -> None:
    """The Binni digest's "Movement": unlimited along roads through neutral or own places, a unit stops on
    reaching a place another faction holds, and no unit enters a place with hostile units. As data: every
    road kind costs 0 points, a unit has 1,000, `stop_in_held`. On 1,000 random positions of War in
    Binni's counters and control (entry payment left aside: both sides list the places reached, Binni's
    `reach` before it asks for money or cards), the places a counter can reach are the same — without
    alliances, and with random alliances between map teams (as `alliances:`: an ally's units do not block,
    its places do not stop)."""
    from boardapp.rules import get_module
    from boardapp.rules.binni.movement import reach as binni_reach

    binni_scenario, binni_map = load_scenario(ROOT / "scenarios" / "war-in-binni.yaml")
    binni = get_module("binni")(binni_scenario, binni_map)
    start = binni.initial_state()
    places = [p.id for p in binni_map.places]
    kinds = sorted({r.kind for r in binni_map.roads})
    teams = [t for t in binni_scenario.teams if t.on_map]
    rng = random.Random(3)
    differ = []
    reached = 0
    for trial in range(1000):
        state = start.copy()
        _random_alliances(state, teams, rng if allied else None)
        on_map = [c for c in state.counters.values() if c.place is not None and not c.destroyed]
        for ctr in on_map:
            state.relocate(ctr, rng.choice(places))
        # most places neutral (longer moves), the rest held by any map team
        state.control = {p: None if rng.random() < 0.6 else rng.choice(teams).id for p in places}
        ctr = rng.choice(on_map)
        expected = set(binni_reach(binni, state, ctr)) - {ctr.place}
        data = {
            "id": "binni-movement", "name": "Binni movement as data", "rules": "tables", "map": "binni.yaml",
            "teams": [{k: getattr(t, k) for k in ("id", "name", "colour", "symbol")} for t in teams],
            "unit_types": [{"id": "unit", "name": "Unit", "label": "U", "movement": 1000, "strength": 1}],
            "units": [{"id": c.id, "type": "unit", "team": c.team, "at": c.place} for c in on_map],
            "control": {p: t for p, t in state.control.items() if t is not None},
            "costs": {"roads": dict.fromkeys(kinds, 0), "stop_in_held": True},
            "combat": {"method": "dice", "dice": {}},
            "alliances": _alliances(state, teams),
        }
        tables = TablesRules(TablesScenario.model_validate(data), binni_map)
        got = {o.place for o in tables.move_options(tables.initial_state(), ctr.id)}
        if got != expected:
            differ.append((trial, ctr.id, sorted(expected ^ got)))
        reached += len(expected)
    assert differ == []
    assert reached > 3000  # the positions let counters go somewhere (not all blocked in)


@pytest.mark.parametrize("allied", [False, True], ids=["no-alliances", "alliances"])
def test_binnis_retreat_places_as_data_are_the_binni_modules_on_1000_random_positions(allied: bool) -> None:
    """The Binni digest: "A retreat goes one road step to a place with no hostile units that is neutral or
    friendly". As data: `combat.retreat_into_held: false`, no stacking limit. On 1,000 random positions of
    War in Binni's counters and control, without alliances and with random ones (as `alliances:`), the
    places a counter may retreat to are the Binni module's `retreat_options`."""
    from boardapp.rules import get_module
    from boardapp.rules.tables.combat import retreat_places

    binni_scenario, binni_map = load_scenario(ROOT / "scenarios" / "war-in-binni.yaml")
    binni = get_module("binni")(binni_scenario, binni_map)
    start = binni.initial_state()
    places = [p.id for p in binni_map.places]
    kinds = sorted({r.kind for r in binni_map.roads})
    teams = [t for t in binni_scenario.teams if t.on_map]
    rng = random.Random(5)
    differ = []
    offered = 0
    for trial in range(1000):
        state = start.copy()
        _random_alliances(state, teams, rng if allied else None)
        on_map = [c for c in state.counters.values() if c.place is not None and not c.destroyed]
        for ctr in on_map:
            state.relocate(ctr, rng.choice(places))
        state.control = {p: None if rng.random() < 0.5 else rng.choice(teams).id for p in places}
        ctr = rng.choice(on_map)
        expected = set(binni.retreat_options(state, ctr.place, [ctr]))
        data = {
            "id": "binni-retreats", "name": "Binni retreats as data", "rules": "tables", "map": "binni.yaml",
            "teams": [{k: getattr(t, k) for k in ("id", "name", "colour", "symbol")} for t in teams],
            "unit_types": [{"id": "unit", "name": "Unit", "label": "U", "movement": 1000, "strength": 1}],
            "units": [{"id": c.id, "type": "unit", "team": c.team, "at": c.place} for c in on_map],
            "control": {p: t for p, t in state.control.items() if t is not None},
            "costs": {"roads": dict.fromkeys(kinds, 0), "stop_in_held": True},
            "combat": {"method": "dice", "dice": {}, "retreat_into_held": False},
            "alliances": _alliances(state, teams),
        }
        tables = TablesRules(TablesScenario.model_validate(data), binni_map)
        got = set(retreat_places(tables.facts, tables.initial_state(), ctr.id))
        if got != expected:
            differ.append((trial, ctr.id, sorted(expected ^ got)))
        offered += len(expected)
    assert differ == []
    assert offered > 500  # most counters had somewhere to go
