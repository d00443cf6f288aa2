"""Fights (``rules/binni/combat.py``): the combat result table cell by cell, odds columns, values, stores, losses,
retreats, and recovering losses."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from boardapp.engine.module import IllegalCommandError

from .binni_helpers import clear_map, events_of, put, roll

# The digest's table, typed out again (not imported from the engine): CRT[die] = row over the columns.
COLUMNS = ["1:1", "3:2", "2:1", "3:1", "4:1+"]

L, D, P, W = "LOSE", "DRAW", "PYRRHIC WIN", "DECISIVE WIN"


CRT = {
    1: [L, L, L, D, D],
    2: [L, D, D, D, P],
    3: [D, D, D, P, W],
    4: [D, P, P, W, W],
    5: [P, D, W, W, W],
    6: [W, W, W, W, W],
}


# result -> (attacker losses, defender losses, defender retreats)
EFFECTS = {L: (1, 0, False), D: (1, 1, False), P: (1, 1, True), W: (0, 1, True)}


# attack value for each column against a defence of 2
ATTACK_FOR = {"1:1": 2, "3:2": 3, "2:1": 4, "3:1": 6, "4:1+": 8}


def duel(g: Any, attack: int, defence: int, strength: int = 3) -> None:
    """One gov militia at Charlie against one rebel militia at Delta, with the given values."""
    clear_map(g)
    put(g, "g-mil1", "charlie", value=attack, strength=strength)
    put(g, "r-mil1", "delta", value=defence, strength=strength)
    g.state.counters["g-mil1"].attacked = False


def attack(g: Any, **kw: Any) -> Any:
    cmd = {"kind": "attack", "place": "delta", "attackers": ["g-mil1"]} | kw
    return g.push(cmd)


@pytest.mark.parametrize(("die", "column"), list(itertools.product(range(1, 7), COLUMNS)))
def test_every_cell_of_the_combat_result_table(g: Any, die: int, column: str) -> None:
    duel(g, ATTACK_FOR[column], 2)
    entry = attack(g, die=die)
    result = CRT[die][column_index := COLUMNS.index(column)]
    assert column_index >= 0
    fight = events_of(entry, "fight")[0]
    assert fight.data["column"] == column
    assert fight.data["die"] == die
    assert fight.data["result"] == result
    att_loss, def_loss, retreat = EFFECTS[result]
    assert g.state.counters["g-mil1"].losses == att_loss
    assert g.state.counters["r-mil1"].losses == def_loss
    assert g.state.counters["r-mil1"].place == ("echo" if retreat else "delta")
    assert g.state.counters["g-mil1"].place == "charlie"  # the attacker never advances by itself
    assert g.state.teams["gov"].stores == 12 - 1  # a militia's attack consumes 1 warlike store


@pytest.mark.parametrize("die", range(1, 7))
def test_the_die_is_rolled_on_screen_when_not_typed(g: Any, die: int) -> None:
    duel(g, 2, 2)
    roll(g, die)
    entry = attack(g)
    assert entry.rolls == [die]
    assert events_of(entry, "fight")[0].data["result"] == CRT[die][0]
    assert "(typed)" not in events_of(entry, "fight")[0].text


@pytest.mark.parametrize(("result", "die"), [(P, 4), (W, 6)])
def test_a_defender_that_cannot_retreat_stays_and_takes_one_more_loss(g: Any, result: str, die: int) -> None:
    duel(g, 3, 2)  # 3:2
    g.state.control["echo"] = "gov"  # held by the attacker: not a retreat
    put(g, "g-bde1", "golf")  # hostile unit: not a retreat
    entry = attack(g, die=die)
    assert events_of(entry, "fight")[0].data["result"] == result
    defender = g.state.counters["r-mil1"]
    assert defender.place == "delta"
    assert defender.losses == 2
    assert any("cannot retreat: they stay and take one more loss" in e.text for e in events_of(entry, "retreat"))
    assert g.state.counters["g-mil1"].losses == EFFECTS[result][0]


def test_the_extra_loss_can_destroy_the_defender(g: Any) -> None:
    duel(g, 8, 2, strength=2)
    g.state.control["echo"] = g.state.control["golf"] = "gov"
    attack(g, die=6)
    d = g.state.counters["r-mil1"]
    assert (d.losses, d.destroyed, d.place) == (2, True, None)


def test_a_destroyed_defender_does_not_retreat(g: Any) -> None:
    duel(g, 8, 2, strength=1)
    entry = attack(g, die=6)
    assert g.state.counters["r-mil1"].destroyed
    assert not events_of(entry, "retreat")


# --- odds columns ----------------------------------------------------------------------------
@pytest.mark.parametrize(("att", "dfn", "column"), [
    (4, 4, "1:1"),
    (5, 4, "1:1"),        # 5/4 rounds down to 1:1
    (29, 20, "1:1"),      # just below 3:2
    (3, 2, "3:2"),
    (39, 20, "3:2"),      # just below 2:1
    (4, 2, "2:1"),
    (59, 20, "2:1"),      # just below 3:1
    (6, 2, "3:1"),
    (79, 20, "3:1"),      # just below 4:1
    (8, 2, "4:1+"),
    (40, 2, "4:1+"),
])


def test_odds_columns_round_down_on_exact_fractions(g: Any, att: int, dfn: int, column: str) -> None:
    duel(g, att, dfn)
    entry = attack(g, die=3)
    data = events_of(entry, "fight")[0].data
    assert (data["attack"], data["defence"], data["column"]) == (att, dfn, column)


def test_below_one_to_one_is_refused_with_no_cost(g: Any) -> None:
    duel(g, 19, 20)
    reasons = g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "die": 6})
    assert reasons == ["odds 19:20 are below 1:1: the attack is aborted before the fight starts, with no loss to "
                       "either side"]
    with pytest.raises(IllegalCommandError):
        attack(g, die=6)
    assert g.state.teams["gov"].stores == 12
    assert g.state.counters["g-mil1"].attacked is False


def test_a_forced_attack_below_one_to_one_is_fought_on_the_one_to_one_column(g: Any) -> None:
    duel(g, 1, 2)
    entry = attack(g, die=5, force="CONTROL ruling: the rebels are surprised")
    data = events_of(entry, "fight")[0].data
    assert (data["attack"], data["defence"], data["column"], data["result"]) == (1, 2, "1:1", P)
    assert entry.overridden == ["odds 1:2 are below 1:1: the attack is aborted before the fight starts, with no "
                                "loss to either side"]
    assert entry.command["force"] == "CONTROL ruling: the rebels are surprised"
    assert g.state.counters["r-mil1"].place == "echo"


# --- combat values -----------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "strength", "losses", "now"), [
    (6, 2, 0, 6), (6, 2, 1, 3), (5, 2, 1, 3), (7, 3, 1, 5), (7, 3, 2, 3), (1, 3, 2, 1), (2, 1, 0, 2),
])


def test_a_damaged_unit_fights_at_the_ceiling_of_its_share(g: Any, value: int, strength: int, losses: int,
                                                             now: int) -> None:
    duel(g, 2, 2)
    put(g, "g-mil1", "charlie", value=value, strength=strength, losses=losses)
    entry = attack(g, die=3, force="values test") if now < 2 else attack(g, die=3)
    assert events_of(entry, "fight")[0].data["attack"] == now


@pytest.mark.parametrize(("extra", "bonus"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (7, 3)])
def test_extra_stores_give_one_point_per_two_to_either_side(g: Any, extra: int, bonus: int) -> None:
    duel(g, 2, 2)
    g.state.teams["reb"].stores = 10
    entry = attack(g, die=3, extra_stores=extra, defender_extra_stores=extra)
    data = events_of(entry, "fight")[0].data
    assert (data["attack"], data["defence"]) == (2 + bonus, 2 + bonus)
    assert data["stores"] == 1 + extra
    assert g.state.teams["gov"].stores == 12 - 1 - extra
    assert g.state.teams["reb"].stores == 10 - extra


def test_support_bombing_adds_two_and_a_cruise_missile_one(g: Any) -> None:
    duel(g, 2, 2)
    g.state.teams["reb"].cruise_missiles = 1
    entry = attack(g, die=3, attacker_support=["bombing", "cruise_missile"], defender_support=["cruise_missile"])
    data = events_of(entry, "fight")[0].data
    assert (data["attack"], data["defence"], data["column"]) == (5, 3, "3:2")
    assert g.state.teams["gov"].cruise_missiles == 1
    assert g.state.teams["reb"].cruise_missiles == 0


def test_support_needs_missiles_and_political_will(g: Any) -> None:
    duel(g, 2, 2)
    g.state.teams["gov"].bombing = False
    reasons = g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1"],
                       "attacker_support": ["cruise_missile"] * 3 + ["bombing"], "defender_support": ["bombing"]})
    assert reasons == [
        "Government (attacker) has 2 cruise missiles, not 3",
        "Government (attacker) may not fly bombing missions: CONTROL has not allowed them",
        "Rebels (defender) may not fly bombing missions: CONTROL has not allowed them",
    ]


# --- stores and the once-a-week rule -----------------------------------------------------------
@pytest.mark.parametrize(("attackers", "stores"), [
    (["g-mil1"], 1), (["g-bde1"], 4), (["g-sf1"], 1), (["g-bde1", "g-mil1", "g-sf1"], 6),
])


def test_stores_consumed_per_unit_type(g: Any, attackers: list[str], stores: int) -> None:
    duel(g, 2, 1)
    put(g, "g-bde1", "charlie")
    put(g, "g-sf1", "delta")
    g.push({"kind": "attack", "place": "delta", "attackers": attackers, "die": 3})
    assert g.state.teams["gov"].stores == 12 - stores


def test_an_attack_is_refused_when_the_team_lacks_the_stores(g: Any) -> None:
    duel(g, 6, 2)
    put(g, "g-bde1", "charlie")
    g.state.teams["gov"].stores = 4
    cmd = {"kind": "attack", "place": "delta", "attackers": ["g-bde1", "g-mil1"], "die": 3}
    assert g.check(cmd) == ["this attack consumes 5 warlike stores; Government has 4"]
    assert g.check(cmd | {"attackers": ["g-bde1"], "extra_stores": 1}) == [
        "this attack consumes 5 warlike stores; Government has 4"]
    assert g.check(cmd | {"attackers": ["g-bde1"]}) == []
    g.state.teams["reb"].stores = 1
    assert g.check(cmd | {"attackers": ["g-bde1"], "defender_extra_stores": 2}) == [
        "Rebels has 1 warlike stores, not 2"]


def test_a_forced_attack_without_stores_pays_what_it_can_and_logs_the_shortfall(g: Any) -> None:
    duel(g, 2, 2)
    g.state.teams["gov"].stores = 0
    entry = attack(g, die=3, force="CONTROL ruling: looted depot")
    assert entry.overridden == ["this attack consumes 1 warlike stores; Government has 0"]
    assert [e.text for e in events_of(entry, "shortfall")] == [
        "Government lacked 1 warlike stores for the attack (forced)"]
    assert g.state.teams["gov"].stores == 0


def test_a_unit_attacks_once_a_week(g: Any) -> None:
    duel(g, 2, 2)
    attack(g, die=3)  # DRAW: both stay
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1"]}) == [
        "g-mil1 (Government Armed Militia) has already attacked this week (once per week)"]
    g.state.counters["g-mil1"].attacked = False  # what the end of turn does (tested in test_endweek)
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1"]}) == []


def test_attackers_stand_in_the_place_or_one_road_away(g: Any) -> None:
    duel(g, 2, 2)
    put(g, "g-bde1", "bravo")  # two roads from Delta
    put(g, "g-sf1", "delta")  # in the place itself
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-sf1", "g-mil1"]}) == []
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-bde1"]}) == [
        "g-bde1 (Government Combat Brigade) at Bravo is not in Delta nor one road away from it"]
    put(g, "g-bde1", None)
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-bde1"]}) == [
        "g-bde1 (Government Combat Brigade) is outside the region"]


def test_attackers_come_from_one_team_and_the_place_must_hold_hostile_units(g: Any) -> None:
    duel(g, 2, 2)
    put(g, "r-mil3", "charlie")
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1", "r-mil3"]}) == [
        "all attackers must belong to one team (allies attack separately)"]
    assert g.check({"kind": "attack", "place": "charlie", "attackers": ["g-mil1", "g-mil1"]}) == [
        "a counter is listed twice among the attackers"]
    assert g.check({"kind": "attack", "place": "bravo", "attackers": ["g-mil1"]}) == [
        "no hostile units at Bravo to attack"]


def test_the_defenders_are_every_hostile_unit_in_the_place(g: Any) -> None:
    duel(g, 6, 2)
    put(g, "r-mil2", "delta", value=2)
    put(g, "g-sf1", "delta")  # the attacker's own unit in the place is not a defender
    entry = attack(g, die=1)
    data = events_of(entry, "fight")[0].data
    assert (data["attack"], data["defence"], data["column"]) == (6, 4, "3:2")


# --- who takes the loss and where the defenders retreat -----------------------------------------
def test_loss_falls_on_the_strongest_by_default(g: Any) -> None:
    duel(g, 6, 2)
    put(g, "r-mil2", "delta", value=3, strength=3)
    entry = attack(g, die=3)  # 6:5, column 1:1, die 3: DRAW
    assert events_of(entry, "fight")[0].data["result"] == D
    assert g.state.counters["r-mil2"].losses == 1
    assert g.state.counters["r-mil1"].losses == 0


def test_loss_falls_on_the_chosen_counter(g: Any) -> None:
    duel(g, 6, 2)
    put(g, "r-mil2", "delta", value=3, strength=3)
    put(g, "g-bde1", "charlie", value=1, strength=3)
    entry = g.push({"kind": "attack", "place": "delta", "attackers": ["g-mil1", "g-bde1"], "die": 5,
                    "attacker_loss": ["g-bde1"], "defender_loss": ["r-mil1"]})
    assert events_of(entry, "fight")[0].data["result"] == P
    assert (g.state.counters["g-bde1"].losses, g.state.counters["g-mil1"].losses) == (1, 0)
    assert (g.state.counters["r-mil1"].losses, g.state.counters["r-mil2"].losses) == (1, 0)


def test_loss_choices_must_name_fighters(g: Any) -> None:
    duel(g, 2, 2)
    assert g.check({"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "attacker_loss": ["g-bde1"],
                    "defender_loss": ["r-mil3"]}) == [
        "attacker_loss names 'g-bde1', which is not an attacker",
        "defender_loss names 'r-mil3', which is not a defender",
    ]


def test_retreat_goes_where_the_umpire_picks_among_the_legal_places(g: Any) -> None:
    duel(g, 3, 2)
    assert g.module.retreat_options(g.state, "delta", [g.state.counters["r-mil1"]]) == ["echo", "golf"]
    entry = attack(g, die=4, retreat_to="golf")
    assert g.state.counters["r-mil1"].place == "golf"
    assert [e.text for e in events_of(entry, "retreat")] == ["the defenders retreat from Delta to Golf"]


def test_retreat_must_be_legal(g: Any) -> None:
    duel(g, 3, 2)
    put(g, "g-bde1", "golf")
    cmd = {"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "die": 4}
    reason = ("the defenders cannot retreat to {}: a retreat goes one road to a place free of hostile units, "
              "neutral or held by the defender")
    assert g.check(cmd | {"retreat_to": "golf"}) == [reason.format("Golf")]  # hostile unit there
    assert g.check(cmd | {"retreat_to": "charlie"}) == [reason.format("Charlie")]  # the attacker is there
    assert g.check(cmd | {"retreat_to": "alpha"}) == [reason.format("Alpha")]  # not one road away
    assert g.check(cmd | {"retreat_to": "nowhere"}) == ["no place 'nowhere' on the map"]
    g.state.control["echo"] = "gov"
    assert g.check(cmd | {"retreat_to": "echo"}) == [reason.format("Echo")]  # held by another faction
    g.state.control["echo"] = None
    assert g.check(cmd | {"retreat_to": "echo"}) == []  # neutral


def test_a_fight_marks_conflict_and_attacked_flags(g: Any) -> None:
    duel(g, 2, 2)
    attack(g, die=3)
    assert g.state.conflict == ["charlie", "delta"]
    assert g.state.counters["g-mil1"].attacked is True
    assert g.state.counters["r-mil1"].attacked is False


def test_the_holder_pays_the_defence_when_it_defends_else_the_strongest_defender(g: Any) -> None:
    duel(g, 8, 2)
    g.state.teams["un"].stores = 5
    g.state.counters["r-mil2"].team = "un"
    put(g, "r-mil2", "delta", value=3, strength=3, losses=0)  # a stronger UN unit beside the rebels in their own Delta
    attack(g, die=3, defender_extra_stores=2)
    assert (g.state.teams["reb"].stores, g.state.teams["un"].stores) == (4 - 2, 5)
    duel(g, 8, 2)
    put(g, "r-mil2", "delta", value=3, strength=3, losses=0)
    g.state.control["delta"] = None
    attack(g, die=3, defender_extra_stores=2)
    assert (g.state.teams["reb"].stores, g.state.teams["un"].stores) == (2, 5 - 2)


def test_losses_beyond_the_chosen_list_fall_on_the_strongest(g: Any) -> None:
    duel(g, 8, 2)
    put(g, "r-mil2", "delta", value=1, strength=3)
    g.state.control["echo"] = g.state.control["golf"] = "gov"  # no retreat: two losses
    attack(g, die=6, defender_loss=["r-mil2"])
    assert (g.state.counters["r-mil2"].losses, g.state.counters["r-mil1"].losses) == (1, 1)


def test_rebuild_costs_three_stores_a_loss(g: Any) -> None:
    put(g, "g-bde1", "alpha", strength=3, losses=2)
    entry = g.push({"kind": "rebuild", "counter": "g-bde1", "losses": 2})
    assert (g.state.counters["g-bde1"].losses, g.state.teams["gov"].stores) == (0, 12 - 6)
    assert entry.events[0].text == "g-bde1 (Government Combat Brigade) recovers 2 losses (6 warlike stores)"


def test_rebuild_refusals(g: Any) -> None:
    put(g, "g-bde1", "alpha", losses=1)
    g.state.teams["gov"].stores = 2
    assert g.check({"kind": "rebuild", "counter": "g-bde1", "losses": 2}) == [
        "g-bde1 (Government Combat Brigade) has 1 losses to recover, not 2",
        "recovering 2 losses costs 6 warlike stores; Government has 2",
    ]
    g.state.counters["g-bde1"].losses = 2
    g.state.counters["g-bde1"].destroyed = True
    assert g.check({"kind": "rebuild", "counter": "g-bde1"}) == [
        "g-bde1 (Government Combat Brigade) was destroyed (a destroyed unit cannot return)"]
