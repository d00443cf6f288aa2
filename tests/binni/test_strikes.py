"""Bombing missions and cruise missiles (``rules/binni/strikes.py``): both tables, spotting, stock, political will,
collateral."""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.module import IllegalCommandError

from .binni_helpers import clear_map, end_turn, events_of, put, roll

# The digest's strike table: modified die -> (hits, collateral effects)
CRUISE = {1: (0, 1), 2: (0, 0), 3: (0, 0), 4: (1, 1), 5: (1, 0), 6: (1, 0)}

BOMBING = {1: (0, 1), 2: (0, 1), 3: (0, 0), 4: (1, 1), 5: (1, 1), 6: (2, 0)}

TABLES = {"cruise_missile": CRUISE, "bombing": BOMBING}


def target(g: Any) -> None:
    clear_map(g)
    put(g, "r-mil1", "delta", strength=3)


def strike(g: Any, weapon: str, **kw: Any) -> Any:
    return g.push({"kind": "strike", "team": "gov", "weapon": weapon, "target": "r-mil1"} | kw)


@pytest.mark.parametrize("weapon", ["cruise_missile", "bombing"])
@pytest.mark.parametrize("die", range(1, 7))
def test_every_die_of_both_strike_tables(g: Any, weapon: str, die: int) -> None:
    target(g)
    roll(g, die)
    entry = strike(g, weapon)
    hits, collateral = TABLES[weapon][die]
    data = events_of(entry, "strike")[0].data
    assert (data["die"], data["modified"], data["hits"], data["collateral"]) == (die, die, hits, collateral)
    assert entry.rolls == [die]
    assert g.state.counters["r-mil1"].losses == hits
    dp = [(d.place, d.community) for d in g.state.dp]
    assert dp == [("delta", "muslim")] * collateral  # DP tokens keep the struck place's community
    assert g.state.teams["gov"].collateral == collateral
    assert g.state.teams["gov"].cruise_missiles == (1 if weapon == "cruise_missile" else 2)
    assert g.state.conflict == ["delta"]


@pytest.mark.parametrize(("spotter_at", "spotted"), [
    ("delta", True), ("charlie", True), ("golf", True), ("bravo", False), ("alpha", False), (None, False),
])


@pytest.mark.parametrize("weapon", ["cruise_missile", "bombing"])
@pytest.mark.parametrize("die", range(1, 7))
def test_spotting_adds_one_in_place_or_one_road_away_capped_at_six(g: Any, spotter_at: str | None, spotted: bool,
                                                                    weapon: str, die: int) -> None:
    target(g)
    put(g, "g-sf1", spotter_at)
    entry = strike(g, weapon, die=die)
    modified = min(6, die + 1) if spotted else die
    data = events_of(entry, "strike")[0].data
    assert (data["modified"], data["spotters"]) == (modified, ["g-sf1"] if spotted else [])
    assert (data["hits"], data["collateral"]) == TABLES[weapon][modified]
    assert g.state.counters["r-mil1"].losses == TABLES[weapon][modified][0]


def test_an_allys_special_forces_spot_but_a_militia_does_not(g: Any) -> None:
    target(g)
    put(g, "g-mil1", "delta")
    assert events_of(strike(g, "bombing", die=5), "strike")[0].data["modified"] == 5
    g.state.counters["r-mil1"].losses = 0
    g.state.teams["gov"].allies.append("un")
    g.state.teams["un"].allies.append("gov")
    g.state.counters["g-sf1"].team = "un"
    put(g, "g-sf1", "charlie")
    assert events_of(strike(g, "bombing", die=5), "strike")[0].data["spotters"] == ["g-sf1"]


def test_two_hits_can_destroy(g: Any) -> None:
    target(g)
    put(g, "r-mil1", "delta", strength=2)
    entry = strike(g, "bombing", die=6)
    assert g.state.counters["r-mil1"].destroyed
    assert [e.text for e in events_of(entry, "loss")] == [
        "r-mil1 (Rebels Armed Militia) takes a loss (strike)",
        "r-mil1 (Rebels Armed Militia) takes a loss (strike) and is destroyed",
    ]


def test_cruise_missiles_are_limited_and_consumed(g: Any) -> None:
    target(g)
    strike(g, "cruise_missile", die=3)
    strike(g, "cruise_missile", die=3)
    assert g.state.teams["gov"].cruise_missiles == 0
    assert g.check({"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil1"}) == [
        "Government (striker) has 0 cruise missiles, not 1"]


def test_bombing_only_when_control_allows_it(g: Any) -> None:
    target(g)
    cmd = {"kind": "strike", "team": "reb", "weapon": "bombing", "target": "g-mil1"}
    put(g, "g-mil1", "bravo")
    assert g.check(cmd) == ["Rebels (striker) may not fly bombing missions: CONTROL has not allowed them"]
    g.push({"kind": "set_bombing", "team": "reb", "allowed": True, "reason": "the Gaoian air force joins"})
    assert g.check(cmd) == []
    g.push({"kind": "set_bombing", "team": "gov", "allowed": False, "reason": "UN resolution"})
    assert g.check({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1"}) == [
        "Government (striker) may not fly bombing missions: CONTROL has not allowed them"]


def test_strike_targets_must_be_hostile_and_on_the_map(g: Any) -> None:
    target(g)
    assert g.check({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "g-bde1"}) == [
        "g-bde1 (Government Combat Brigade) is outside the region: nothing to strike",
        "g-bde1 (Government Combat Brigade) is not hostile to Government",
    ]
    # Friendly fire can be forced (CONTROL's ruling); striking a counter off the map cannot.
    forced = {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "g-bde1", "force": "ruling"}
    with pytest.raises(IllegalCommandError, match="cannot be forced"):
        g.push(forced)
    assert g.check({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "nope"}) == ["no counter 'nope'"]


def test_collateral_is_listed_for_pr_at_end_of_turn(g: Any) -> None:
    target(g)
    strike(g, "bombing", die=1)
    entry = end_turn(g)
    assert [e.text for e in events_of(entry, "pr_suggestion")] == [
        "Government caused 1 collateral effects this week: CONTROL may lower its PR"]
    assert g.state.teams["gov"].collateral == 0


def test_a_forced_missile_the_team_lacks_logs_the_shortfall(g: Any) -> None:
    """Engine fix: forced strikes and support used to take missiles a team lacked without a word."""
    target(g)
    g.state.teams["gov"].cruise_missiles = 0
    entry = strike(g, "cruise_missile", die=5, force="CONTROL ruling: an ally's missile")
    assert entry.overridden == ["Government (striker) has 0 cruise missiles, not 1"]
    assert [e.text for e in events_of(entry, "shortfall")] == ["Government lacked 1 cruise missile (forced)"]
    assert g.state.counters["r-mil1"].losses == 1
    clear_map(g)
    put(g, "g-mil1", "charlie")
    put(g, "r-mil1", "delta")
    entry = g.push({"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "die": 3,
                    "attacker_support": ["cruise_missile", "cruise_missile"], "force": "CONTROL ruling"})
    assert [e.text for e in events_of(entry, "shortfall")] == ["Government lacked 2 cruise missiles (forced)"]
    assert g.state.teams["gov"].cruise_missiles == 0
