"""The end of the week (``rules/binni/endweek.py``): its steps in order, special forces upkeep, the last week."""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.files import load_scenario

from .binni_helpers import DATA, end_turn, events_of, make_game, put


@pytest.fixture(scope="module")
def order_game_loaded() -> Any:
    return load_scenario(DATA / "binni-order.yaml")


def money(g: Any, team: str = "gov") -> int:
    return g.state.teams[team].money


def test_special_forces_upkeep_two_a_week_or_they_leave(g: Any) -> None:
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    assert money(g) == 8
    entry = end_turn(g)
    assert money(g) == 6
    assert [e.text for e in events_of(entry, "upkeep")] == ["Government pays $M2 upkeep for g-sf1"]
    g.state.teams["gov"].money = 1
    entry = end_turn(g)
    assert g.state.counters["g-sf1"].place is None
    assert money(g) == 1
    assert [e.text for e in events_of(entry, "upkeep")] == [
        "g-sf1 (Government Special Forces) leaves the map from Charlie: Government cannot pay $M2 upkeep"]
    assert g.check({"kind": "deploy", "counter": "g-sf1", "to": "charlie"}) == [
        "deploying g-sf1 (Government Special Forces) costs $M2; Government has $M1"]


# --- the end of turn ---------------------------------------------------------------------------------
def test_the_end_of_turn_runs_its_steps_in_order(g: Any) -> None:
    put(g, "r-mil1", "charlie")
    g.state.control["charlie"] = None
    g.state.counters["r-mil1"].held_since = 0
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "bravo"})
    g.push({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 1})
    g.state.dp[0].weeks_unassisted = 2
    g.push({"kind": "move", "counter": "g-mil1", "to": "alpha"})
    entry = end_turn(g)
    kinds = [e.kind for e in entry.events]
    assert kinds == ["control", "deaths", "upkeep", "cards", "cards", "cards", "cards", "pr_suggestion", "week"]
    assert entry.events[-1].text == "Week 1 ends; week 2 begins"
    assert g.state.week == 2
    assert g.state.conflict == []
    assert not any(c.moved or c.attacked or c.activated for c in g.state.counters.values())
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "bravo"}) == []


def test_occupation_comes_before_upkeep(order_game_loaded: Any) -> None:
    """Mercenaries that take control and cost upkeep: they take Charlie, then leave unpaid."""
    g = make_game(order_game_loaded, [1] * 50)
    entry = g.push({"kind": "end_turn"})
    assert g.state.control["charlie"] == "gov"
    assert g.state.counters["g-mer"].place is None
    assert [e.kind for e in entry.events[:2]] == ["control", "upkeep"]


def test_displaced_people_move_before_the_weeks_conflict_is_forgotten(g: Any) -> None:
    put(g, "r-mil1", "bravo")
    g.state.dp.clear()
    from boardapp.rules.binni.state import DPToken
    for i in range(3):
        g.state.dp.append(DPToken(id=i + 1, place="delta", community="muslim"))
    g.state.next_dp = 4
    for cid in ("r-mil2", "g-mil1"):
        put(g, cid, None)
    g.push({"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil1", "die": 3})
    assert g.state.conflict == ["bravo"]
    end_turn(g)
    assert sorted(d.place for d in g.state.dp) == ["delta", "delta", "echo"]  # away from Bravo, not to Charlie


def test_the_game_says_when_its_last_week_is_over(g: Any) -> None:
    g.state.week = 8
    assert end_turn(g).events[-1].text == "Week 8 ends; week 9 begins (the game's last week is over)"
