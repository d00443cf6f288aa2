"""II.E labour reallocation and the diplomacy rules (I, II.C PIPs and aid, III.A conflict, III.B upgrades).

Expected values from the digest: a labour move costs the source's ED, plus the ED difference when
moving to a lower ED, doubled without a developed transport net; one unit leaves a region per turn.
The source's PIP example: France 10 PIPs, Russia 3, India 2 -> 3:1, 5:1, or both at 2:1. Upgrades at
5, 5, 5 and 10 PIPs.
"""

from __future__ import annotations

import pytest

from boardapp.engine.module import Impossible
from boardapp.rules.thegame.diplomacy import odds_column
from boardapp.rules.thegame.scenario import default_diplomatic_table

from .helpers import World, joined

NET = {"transport-net": {"active": 1}}


@pytest.mark.parametrize(("src_ed", "dst_ed", "net", "cost"), [
    (3, 1, True, 5),    # 3 + (3 - 1)
    (3, 1, False, 10),  # doubled: no developed transport net at the destination
    (1, 3, True, 1),    # to a higher ED: the source's ED only
    (1, 3, False, 2),
    (2, 2, True, 2),
])
def test_moving_a_labour_unit_costs_the_source_ed_plus_the_drop(src_ed: int, dst_ed: int, net: bool,
                                                                cost: int) -> None:
    w = World({"a1": {"ed": src_ed, "pool": 3}, "a2": {"ed": dst_ed, "facilities": NET if net else {}}}).at("II.E")
    w.do(kind="migrate", source="a1", to="a2")
    assert w.nation("n1").bank == 100 - cost
    assert (w.region("a1").pool, w.region("a2").pool) == (2, 1)


def test_one_labour_unit_leaves_a_region_per_turn_and_only_to_a_neighbour() -> None:
    w = World({"a1": {"pool": 3}}).at("II.E")
    w.do(kind="migrate", source="a1", to="a2", sector="farm")
    assert w.region("a2").farm == 1
    assert "already left" in joined(w.check(kind="migrate", source="a1", to="a2"))
    w3 = World({"a1": {"pool": 3}}).at("II.E")
    assert "not adjacent" in joined(w3.check(kind="migrate", source="a1", to="b2"))


def test_farm_and_pool_reallocation_within_a_region_is_free() -> None:
    w = World({"a1": {"pool": 3, "farm": 1}}).at("II.E")
    w.do(kind="reallocate", region="a1", to="farm", count=2)
    w.do(kind="reallocate", region="a1", to="pool", count=1)
    assert (w.region("a1").pool, w.region("a1").farm, w.nation("n1").bank) == (2, 2, 100)
    assert "has 2" in joined(w.check(kind="reallocate", region="a1", to="pool", count=3))


# --- PIP placement ----------------------------------------------------------------------------
def test_pips_go_in_non_player_regions_and_capitals_only() -> None:
    w = World().at("II.C")
    assert w.check(kind="buy_pips", player="p1", nation="n1", region="b1", count=1) == []
    assert w.check(kind="buy_pips", player="p1", nation="n1", region="b3", count=1) == []  # p2's capital
    # a2 is part of n1's home country but not a capital: no PIPs, not even p2's
    assert "home country" in joined(w.check(kind="buy_pips", player="p2", nation="n2", region="a2", count=1))


def test_no_pips_where_another_player_controls_or_occupies() -> None:
    w = World({"b1": {"relations": {"p2": "control"}}, "b2": {"occupier": "n3"}}).at("II.C")
    assert "Controls" in joined(w.check(kind="buy_pips", player="p1", nation="n1", region="b1", count=1))
    assert "militarily occupies" in joined(w.check(kind="buy_pips", player="p1", nation="n1", region="b2", count=1))
    # food aid PIPs may be received even under another player's Control
    w.region("b1").starving = 2
    w.region("a1").stock["food"] = 5
    assert w.check(kind="food_aid", player="p1", source="a1", region="b1", food=3) == []


def test_no_pips_where_an_ally_has_pips_except_in_ones_own_capital() -> None:
    # p2 has an Alliance with p1's country (in p1's capital a1) and PIPs in b1 and in a1
    w = World({"a1": {"relations": {"p2": "alliance"}, "pips": {"p2": 2}}, "b1": {"pips": {"p2": 1}}}).at("II.C")
    assert "Alliance" in joined(w.check(kind="buy_pips", player="p1", nation="n1", region="b1", count=1))
    assert w.check(kind="buy_pips", player="p1", nation="n1", region="a1", count=1) == []
    assert w.check(kind="buy_pips", player="p3", nation="n3", region="b1", count=1) == []


def test_breaking_relations_clears_both_capitals_bars_pips_and_doubles_their_price() -> None:
    w = World({"a1": {"pips": {"p2": 4}, "relations": {"p2": "understanding"}},
               "b3": {"pips": {"p1": 3}}, "b1": {"pips": {"p2": 1}}})
    w.do(kind="sever", player="p1", other="p2")
    assert w.region("a1").pips == {} and w.region("a1").relations == {}
    assert w.region("b3").pips == {}
    assert w.region("b1").pips == {"p2": 1}, "PIPs outside the capitals stay"
    w.at("II.C")
    assert "broken" in joined(w.check(kind="buy_pips", player="p1", nation="n1", region="b3", count=1))
    assert "broken" in joined(w.check(kind="buy_pips", player="p2", nation="n2", region="a1", count=1))
    w.do(kind="buy_pips", player="p1", nation="n1", region="b1", count=3)
    assert w.nation("n1").bank == 100 - 2 * 3, "the breaker pays double for PIPs this turn"
    w.do(kind="buy_pips", player="p2", nation="n2", region="b2", count=3)
    assert w.nation("n2").bank == 100 - 3
    w.do(kind="declare_war", nation="n1", enemy="n2")  # the source's example: France may still declare war
    assert w.nation("n1").bank == 100 - 6 - 3


def test_food_aid_gives_a_pip_per_food_up_to_the_starving() -> None:
    w = World({"b1": {"starving": 2}, "a1": {"stock": {"food": 5}}}).at("II.C")
    events = w.do(kind="food_aid", player="p1", source="a1", region="b1", food=3)
    assert events[0].data == {"food": 3, "pips": 2}
    w.at("II.F").do(kind="finish_step", step="II.F")
    assert w.region("b1").pips == {"p1": 2}
    assert w.region("b1").stock["food"] == 3 and w.region("a1").stock["food"] == 2


def test_economic_aid_needs_an_understanding_and_buys_a_pip_per_two_dollars() -> None:
    w = World({"b1": {"relations": {"p1": "understanding"}}}).at("II.C")
    assert "Understanding" in joined(w.check(kind="economic_aid", player="p1", nation="n1", region="b2", money=4))
    w.do(kind="economic_aid", player="p1", nation="n1", region="b1", money=6)
    w.at("II.F").do(kind="finish_step", step="II.F")
    assert w.region("b1").pips == {"p1": 3}
    assert w.nation("n1").bank == 94


# --- III.A PIP conflict -------------------------------------------------------------------------
def test_odds_reduce_to_the_highest_column_not_above_the_ratio() -> None:
    table = default_diplomatic_table()
    # the source's example: France 10 against Russia 3 (3:1), India 2 (5:1), or both, 5 (2:1)
    assert odds_column(table, 10, 3).odds == "3:1"
    assert odds_column(table, 10, 2).odds == "5:1"
    assert odds_column(table, 10, 5).odds == "2:1"
    assert odds_column(table, 7, 5).odds == "1:1"   # 1.4 -> 1:1 (3:2 is above)
    assert odds_column(table, 1, 3) is None         # below 1:2


def test_a_diplomatic_attack_applies_the_table_once_per_player_per_region() -> None:
    w = World({"b1": {"pips": {"p1": 10, "p2": 3, "p3": 2}}}).at("III.A")
    events = w.do(dice=[2], kind="diplomatic_attack", player="p1", region="b1", against=["p2", "p3"])
    # 10:5 -> 2:1; die 2 on the shipped table: attacker loses 0, defenders 2 (from the largest holding first)
    assert events[0].data == {"odds": "2:1", "die": 2, "attacker_loses": 0, "defenders_lose": 2}
    assert w.region("b1").pips == {"p1": 10, "p2": 1, "p3": 2}
    assert "already made" in joined(w.check(kind="diplomatic_attack", player="p1", region="b1", against=["p3"]))


def test_an_alliance_bars_diplomatic_attacks_except_in_the_attackers_own_capital() -> None:
    w = World({"a1": {"relations": {"p2": "alliance"}, "pips": {"p1": 6, "p2": 2}},
               "b1": {"pips": {"p1": 6, "p2": 2}}}).at("III.A")
    assert "bars diplomatic attacks" in joined(w.check(kind="diplomatic_attack", player="p1", region="b1",
                                                       against=["p2"]))
    assert w.check(kind="diplomatic_attack", player="p1", region="a1", against=["p2"]) == []


def test_the_order_roll_decides_who_attacks_first() -> None:
    w = World({"b1": {"pips": {"p1": 4, "p2": 4}}}).at("III.A")
    # p1 rolls 3, p2 rolls 3: tie, re-rolled: p1 2, p2 5 -> p2 first
    w.do(dice=[3, 3, 2, 5], kind="diplomacy_order", region="b1", players=["p1", "p2"])
    assert w.s.dip_order["b1"] == ["p2", "p1"]
    assert "attack(s) first" in joined(w.check(kind="diplomatic_attack", player="p1", region="b1", against=["p2"]))


# --- III.B upgrades ------------------------------------------------------------------------------
def test_understanding_at_five_pips() -> None:
    w = World({"b1": {"pips": {"p1": 4}}}).at("III.B")
    assert "needs 5 PIPs" in joined(w.check(kind="upgrade", player="p1", region="b1", to="understanding"))
    w.region("b1").pips["p1"] = 7
    w.do(kind="upgrade", player="p1", region="b1", to="understanding")
    assert w.region("b1").relations == {"p1": "understanding"} and w.region("b1").pips == {"p1": 2}


def test_alliance_needs_understanding_five_more_and_no_other_alliance_or_control() -> None:
    w = World({"b1": {"pips": {"p1": 5}}}).at("III.B")
    assert "understanding first" in joined(w.check(kind="upgrade", player="p1", region="b1", to="alliance"))
    w.region("b1").relations = {"p1": "understanding", "p2": "alliance"}
    assert "already has an Alliance" in joined(w.check(kind="upgrade", player="p1", region="b1", to="alliance"))
    del w.region("b1").relations["p2"]
    w.do(kind="upgrade", player="p1", region="b1", to="alliance")
    assert w.region("b1").relations == {"p1": "alliance"} and w.region("b1").pips == {}


def test_control_removes_everyone_elses_pips_and_understandings() -> None:
    w = World({"b1": {"pips": {"p1": 5, "p2": 4}, "relations": {"p1": "alliance", "p3": "understanding"}}})
    w.at("III.B").do(kind="upgrade", player="p1", region="b1", to="control")
    assert w.region("b1").relations == {"p1": "control"}
    assert w.region("b1").pips == {}


def test_absorption_needs_control_ten_pips_and_the_referees_consent() -> None:
    w = World({"b1": {"pips": {"p1": 9}, "relations": {"p1": "control"}}}).at("III.B")
    assert "absorb" in w.m.control_only_kinds, "the referee's consent: only CONTROL sends it"
    assert "10 more PIPs" in joined(w.check(kind="absorb", player="p1", region="b1", nation="n1"))
    w.region("b1").pips["p1"] = 12
    w.do(kind="absorb", player="p1", region="b1", nation="n1")
    assert w.region("b1").owner == "n1" and w.region("b1").pips == {} and w.region("b1").relations == {}
    assert "home country" in joined(w.check(kind="buy_pips", player="p2", nation="n2", region="b1", count=1))


def test_with_player_countries_only_understandings_and_alliances() -> None:
    w = World({"b3": {"pips": {"p1": 20}, "relations": {"p1": "alliance"}}}).at("III.B")
    assert "only Understandings and Alliances" in joined(w.check(kind="upgrade", player="p1", region="b3",
                                                                 to="control"))
    reasons = w.check(kind="absorb", player="p1", region="b3", nation="n1")
    assert "never absorbed" in joined(reasons)
    # unless the player militarily occupies the region
    w.region("b3").occupier = "n1"
    assert w.check(kind="upgrade", player="p1", region="b3", to="control") == []


def test_unknown_names_are_impossible() -> None:
    w = World().at("III.B")
    reasons = w.check(kind="upgrade", player="nobody", region="b1", to="alliance")
    assert isinstance(reasons[0], Impossible) and "no player 'nobody'" in reasons[0]
