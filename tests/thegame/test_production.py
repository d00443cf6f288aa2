"""II. Production: primary, secondary, builds and their restrictions, population growth, placement.

Expected values come from the digest: growth ED1 +20 %, ED2 +15 %, ED3 +10 %, ED4 +5 % of the
non-starving population plus facilities with intrinsic labour; a fraction f gives one more unit on a
d10 roll <= 10 x f; never more of a unit than you hold but always one; only militia built; inputs
from the region of placement; prerequisites at the moment of production.
"""

from __future__ import annotations

import pytest

from boardapp.engine.module import Impossible
from boardapp.rules.thegame.steps import STEPS

from .helpers import World, joined


@pytest.mark.parametrize(("ed", "base", "growth"), [(1, 20, 4), (2, 20, 3), (3, 20, 2), (4, 20, 1)])
def test_growth_rate_by_ed_on_whole_numbers(ed: int, base: int, growth: int) -> None:
    w = World({"b1": {"ed": ed, "pool": base}}).at("II.D")
    w.do(kind="finish_step", step="II.D")
    assert w.region("b1").pool == base + growth


@pytest.mark.parametrize(("die", "extra"), [(5, 1), (6, 0), (1, 1), (10, 0)])
def test_growth_fraction_takes_the_decimal_die(die: int, extra: int) -> None:
    # ED2, 10 labour: 1.5 units -> 1, and one more on a d10 roll <= 10 x 0.5 = 5
    w = World({"b1": {"ed": 2, "pool": 6, "farm": 4}}).at("II.D")
    # only b1 has population: the one die rolled is b1's
    w.do(dice=[die], kind="finish_step", step="II.D")
    assert w.region("b1").pool == 6 + 1 + extra
    assert w.region("b1").farm == 4, "new labour goes to the general pool"


def test_growth_counts_facilities_with_intrinsic_labour_and_not_the_starving() -> None:
    # ED4 5 %: pool 10 + farm 6 + starving 50 (not counted) + a net, a factory and a mech farm (3) = 19
    # -> 0.95: one whole unit only on a d10 roll <= 9.5
    w = World({"b1": {"ed": 4, "pool": 10, "farm": 6, "starving": 50,
                      "facilities": {"transport-net": {"active": 1}, "factory": {"active": 1},
                                     "mech-farm": {"active": 1}, "rnd": {"active": 1}}}}).at("II.D")
    events = w.do(dice=[9], kind="finish_step", step="II.D")
    assert w.region("b1").pool == 11
    growth = next(e for e in events if e.kind == "growth")
    assert growth.data["base"] == 19
    w2 = World({"b1": {"ed": 4, "pool": 10, "farm": 6, "starving": 50,
                       "facilities": {"transport-net": {"active": 1}, "factory": {"active": 1},
                                      "mech-farm": {"active": 1}}}}).at("II.D")
    w2.do(dice=[10], kind="finish_step", step="II.D")
    assert w2.region("b1").pool == 10


def test_primary_production_is_placed_in_its_region() -> None:
    w = World({"a2": {"primary": {"oil": 3, "coal": 1}, "farm": 2, "stock": {"oil": 1},
                      "facilities": {"transport-net": {"active": 1}, "mech-farm": {"active": 1}}}})
    w.at("II.A").do(kind="finish_step", step="II.A")
    # food: 2 farm labour x 2 (shipped default) + one mechanised farm x 3
    assert w.region("a2").stock == {"oil": 4, "coal": 1, "food": 7}
    assert w.region("a1").stock == {}


def test_secondary_production_goes_to_the_bank() -> None:
    # n1: a1 ED2 pool 4 ($1 each) + a2 ED4 pool 3 ($2 each) + a factory ($4) + a net ($1)
    w = World({"a1": {"pool": 4}, "a2": {"ed": 4, "pool": 3, "facilities": {
        "transport-net": {"active": 1}, "factory": {"active": 1, "inactive": 2}}}})
    w.at("II.B").do(kind="finish_step", step="II.B")
    assert w.nation("n1").bank == 100 + 4 + 6 + 4 + 1
    assert w.nation("n1").produced == 15


def test_never_more_of_a_unit_than_held_but_always_one() -> None:
    w = World({"a1": {"pool": 10}}).at("II.C")
    # none held: one may be built, not two
    reasons = w.check(kind="build", nation="n1", item="militia", region="a1", count=2)
    assert "at most 1" in joined(reasons)
    w.do(kind="build", nation="n1", item="militia", region="a1")
    assert "at most 1" in joined(w.check(kind="build", nation="n1", item="militia", region="a1"))
    # holding two: two may be bought this turn, counted against the number held when builds began
    w2 = World({"a1": {"pool": 10}}).at("II.C")
    w2.unit("m1", "militia", "n1", "a1")
    w2.unit("m2", "militia", "n1", "a2")
    w2.do(kind="build", nation="n1", item="militia", region="a1", count=2)
    assert "at most 2" in joined(w2.check(kind="build", nation="n1", item="militia", region="a1"))


def test_only_militia_is_built_and_conversion_costs_the_full_price() -> None:
    w = World({"a1": {"pool": 5, "stock": {"minerals": 3}}}).at("II.C")
    assert "convert a militia" in joined(w.check(kind="build", nation="n1", item="mech", region="a1"))
    w.unit("m1", "militia", "n1", "a1")
    mech = w.m.world.unit_types["mech"].cost
    bank = w.nation("n1").bank
    w.do(kind="convert", unit="m1", to="mech")
    assert w.nation("n1").bank == bank - mech.money
    assert w.s.units["m1"].type == "militia", "the conversion takes effect when builds are placed"
    w.at("II.F").do(kind="finish_step", step="II.F")
    assert w.s.units["m1"].type == "mech"
    assert "only a militia" in joined(w.at("II.C").check(kind="convert", unit="m1", to="infantry"))


def test_builds_go_where_their_inputs_come_from() -> None:
    w = World({"a1": {"pool": 0}, "a2": {"pool": 2}}).at("II.C")
    # labour from a1's general pool: none there
    assert "general pool" in joined(w.check(kind="build", nation="n1", item="militia", region="a1"))
    assert w.check(kind="build", nation="n1", item="militia", region="a2") == []
    # not in a region the nation does not own
    assert "home country" in joined(w.check(kind="build", nation="n1", item="militia", region="b1"))
    w.do(kind="build", nation="n1", item="militia", region="a2")
    assert w.region("a2").pool == 1, "the labour is taken from the region's general pool"


def test_prerequisites_hold_at_the_moment_of_production() -> None:
    """The source's example: a transport net and a mechanised farm cannot be built in one turn."""
    w = World({"a1": {"pool": 5, "stock": {"minerals": 5}}}).at("II.C")
    w.do(kind="build", nation="n1", item="transport-net", region="a1")
    reasons = w.check(kind="build", nation="n1", item="mech-farm", region="a1")
    assert "active transport net" in joined(reasons)
    w.at("II.F").do(kind="finish_step", step="II.F")
    assert w.region("a1").active == {"transport-net": 1}
    w.at("II.C")
    assert w.check(kind="build", nation="n1", item="mech-farm", region="a1") == []


def test_technology_prerequisites_hold_at_the_moment_of_production() -> None:
    w = World({"a1": {"pool": 3, "stock": {"minerals": 3}}}).at("II.C")
    w.nation("n1").tech["space"] = 1
    assert "space level 2; Nation One has 1" in joined(w.check(kind="build", nation="n1", item="icbm", region="a1"))
    assert w.check(kind="build", nation="n1", item="surveillance-satellite", region="a1") == []
    w.unit("m1", "militia", "n1", "a1")
    assert "military level 3" in joined(w.check(kind="convert", unit="m1", to="improved-mech"))


def test_a_declaration_of_war_costs_the_pips_bought_that_turn() -> None:
    w = World().at("II.C")
    w.do(kind="buy_pips", player="p1", nation="n1", region="b1", count=7)
    bank = w.nation("n1").bank
    w.do(kind="declare_war", nation="n1", enemy="n2")
    assert w.nation("n1").bank == bank - 7
    assert w.s.at_war("n1", "n2")


def test_an_understanding_prevents_a_declaration_of_war_on_its_holder() -> None:
    # p2 holds an Understanding in p1's capital: p1 may not declare war on p2
    w = World({"a1": {"relations": {"p2": "understanding"}}}).at("II.C")
    assert "Understanding" in joined(w.check(kind="declare_war", nation="n1", enemy="n2"))
    assert w.check(kind="declare_war", nation="n2", enemy="n1") == []


def test_insurgents_go_where_the_player_does_not_own() -> None:
    w = World().at("II.C")
    assert "own" in joined(w.check(kind="buy_insurgents", nation="n1", region="a2", count=1))
    w.do(kind="buy_insurgents", nation="n1", region="b3", count=3)
    w.at("II.F").do(kind="finish_step", step="II.F")
    assert w.region("b3").loyal == {"n1": 3}


def test_commands_out_of_their_step_are_refused_but_forceable() -> None:
    w = World({"a1": {"pool": 3}}).at("II.A")
    reasons = w.check(kind="build", nation="n1", item="militia", region="a1")
    assert any("it is step II.A" in r and "II.C" in r for r in reasons)
    assert not any(isinstance(r, Impossible) for r in reasons)
    assert "the current step is II.A" in joined(w.check(kind="finish_step", step="II.C"))
    unknown = w.check(kind="finish_step", step="II.Z")
    assert isinstance(unknown[0], Impossible)


def test_finishing_every_step_walks_i_to_vi_and_starts_the_next_turn() -> None:
    w = World()
    for i, st in enumerate(STEPS):
        assert w.s.step == i
        w.do(dice=list(range(1, 7)) * 20, kind="finish_step", step=st.code)
    assert (w.s.turn, w.s.step, w.s.year) == (2, 0, 2005)
    assert [h["turn"] for h in w.s.history] == [0, 1]
