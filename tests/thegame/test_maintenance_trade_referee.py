"""V. Transport and trade; VI. maintenance, attrition, stand-down; technology; the referee's edits.

Expected values from the digest: unmaintained items go inactive (a facility's labour returns to the
pool or the food box); reactivation costs twice maintenance, never with insurgents present; inactive
transport nets go on a d6 roll of 1; a third of starving labour and of other inactive items, each
leftover on a d6 roll of 1-2; unmaintained ground units become 2d6-2 insurgents (major) or 1 on a
roll of 1-3 (minor), half (rounded down) independent; stand-down in hostile territory gives 10 or 1.
"""

from __future__ import annotations

import pytest

from boardapp.engine.module import Impossible

from .helpers import World, joined

NET = {"transport-net": {"active": 1}}


# --- transport and trade ----------------------------------------------------------------------
def test_food_moves_through_netted_regions_with_one_bare_region_at_each_end() -> None:
    w = World({"a1": {"stock": {"food": 4}}}).at("V")
    # a1 (bare) -> a2 (bare) -> a3: a2 in the middle has no net
    assert "has none" in joined(w.check(kind="ship", nation="n1", good="food", amount=2, path=["a1", "a2", "a3"]))
    w.region("a2").active["transport-net"] = 1
    w.do(kind="ship", nation="n1", good="food", amount=2, path=["a1", "a2", "a3"])
    assert (w.region("a1").stock["food"], w.region("a3").stock["food"]) == (2, 2)
    # bare to bare directly is allowed (that ends its movement)
    w.do(kind="ship", nation="n1", good="food", amount=1, path=["a1", "b1"])


def test_oil_moves_through_any_land() -> None:
    w = World({"a1": {"stock": {"oil": 2}}}).at("V")
    assert w.check(kind="ship", nation="n1", good="oil", amount=2, path=["a1", "a2", "a3"]) == []


def test_sea_needs_a_pipeline_or_a_carrier_with_its_load_and_zones() -> None:
    w = World({"b1": {"owner": "n1"}, "b2": {}, "a1": {"stock": {"coal": 3, "oil": 3}}}).at("V")
    path = ["a1", "b1", "s1", "s2", "b2"]
    assert "no pipeline" in joined(w.check(kind="ship", nation="n1", good="coal", amount=1, path=path))
    w.unit("m1", "merchant", "n1", "s1")
    w.unit("m2", "merchant", "n1", "s2")
    assert w.check(kind="ship", nation="n1", good="coal", amount=3, path=path) == []
    # one ship alone carries 1 coal or 2 oil
    assert "carries 1 coal" in joined(w.check(kind="ship", nation="n1", good="coal", amount=2, path=path,
                                              carrier="m1"))
    assert w.check(kind="ship", nation="n1", good="oil", amount=2, path=path, carrier="m1") == []
    # 2 sea zones + loading + unloading = 4 zones of 50
    w.do(kind="ship", nation="n1", good="oil", amount=2, path=path, carrier="m1")
    assert w.s.carrier_zones == {"m1": 4}
    w.s.combat_ships.add("m2")
    assert "no pipeline" in joined(w.check(kind="ship", nation="n1", good="coal", amount=1, path=path)), \
        "a ship that moved combat units this turn is no part of a pipeline"
    assert "carries no trade" in joined(w.check(kind="ship", nation="n1", good="oil", amount=1, path=path,
                                                carrier="m2"))
    w.unit("air", "transport-aircraft", "n1", "a1")
    assert "never carry coal" in joined(w.check(kind="ship", nation="n1", good="coal", amount=1, path=path,
                                                carrier="air"))


# --- maintenance -----------------------------------------------------------------------------
def test_unmaintained_facilities_go_inactive_and_their_labour_returns() -> None:
    w = World({"a1": {"pool": 0, "farm": 0, "stock": {"food": 10},
                      "facilities": {"transport-net": {"active": 1}, "factory": {"active": 1},
                                     "mech-farm": {"active": 1}}}}).at("VI.A")
    w.do(kind="neglect", items=["facility:a1:transport-net"])
    w.do(kind="finish_step", step="VI.A")
    r = w.region("a1")
    # the net unmaintained; then the factory and mech farm lack their prerequisite (an active net)
    assert r.active == {"transport-net": 0, "factory": 0, "mech-farm": 0}
    assert r.inactive == {"transport-net": 1, "factory": 1, "mech-farm": 1}
    assert (r.pool, r.farm) == (2, 1), "net and factory labour to the pool, the farm's to the food box"


def test_unpaid_maintenance_and_hungry_labour() -> None:
    w = World({"a1": {"pool": 3, "farm": 1, "starving": 2, "stock": {"food": 5}}}).at("VI.A")
    w.unit("m1", "militia", "n1", "a1")
    w.nation("n1").bank = 0
    w.do(kind="finish_step", step="VI.A")
    assert not w.s.units["m1"].active
    r = w.region("a1")
    # 4 eat 4 food; the 1 food left feeds one starving unit back into the pool
    assert (r.pool, r.farm, r.starving, r.stock["food"]) == (4, 1, 1, 0)
    w2 = World({"a1": {"pool": 3, "farm": 1, "stock": {"food": 2}}}).at("VI.A")
    w2.do(kind="finish_step", step="VI.A")
    assert (w2.region("a1").pool, w2.region("a1").farm, w2.region("a1").starving) == (1, 1, 2)


def test_reactivation_costs_twice_maintenance_and_never_with_insurgents() -> None:
    w = World({"a1": {"pool": 2, "facilities": {"transport-net": {"active": 1}, "factory": {"inactive": 1}},
                      "insurgents": 1}}).at("VI.A")
    assert "insurgents" in joined(w.check(kind="reactivate", item="facility:a1:factory"))
    w.region("a1").insurgents = 0
    w.do(kind="reactivate", item="facility:a1:factory")
    factory = w.m.world.facility_types["factory"]
    assert w.nation("n1").bank == 100 - 2 * factory.maintenance.money
    assert w.region("a1").active["factory"] == 1 and w.region("a1").pool == 1


def test_attrition_nets_on_a_one_and_thirds_of_the_rest() -> None:
    w = World({"a1": {"starving": 7, "facilities": {"transport-net": {"inactive": 2}, "factory": {"inactive": 4}}}})
    w.at("VI.B")
    # nets: 1 (removed), 5 (stays); factories: 4 -> one whole third drawn (item 1 of 4), leftover 1 on 1-2:
    # a 3 keeps it; starving 7 -> 2 whole thirds, leftover 1 on a 2: removed
    w.do(dice=[1, 5, 3, 1, 2], kind="finish_step", step="VI.B")
    r = w.region("a1")
    assert r.inactive["transport-net"] == 1
    assert r.inactive["factory"] == 3
    assert r.starving == 7 - 3


@pytest.mark.parametrize(("dice", "independent", "loyal"), [([6, 5], 4, 5), ([1, 1], 0, 0), ([2, 1], 0, 1)])
def test_unmaintained_major_ground_units_become_2d6_minus_2_insurgents(dice: list[int], independent: int,
                                                                      loyal: int) -> None:
    w = World().at("VI.B")
    w.unit("m1", "militia", "n1", "b1")
    w.s.units["m1"].active = False
    w.do(dice=dice, kind="finish_step", step="VI.B")
    assert "m1" not in w.s.units
    assert (w.region("b1").insurgents, w.region("b1").loyal.get("n1", 0)) == (independent, loyal)


@pytest.mark.parametrize(("die", "insurgents"), [(3, 1), (4, 0)])
def test_unmaintained_minor_units_become_one_insurgent_on_one_to_three(die: int, insurgents: int) -> None:
    w = World().at("VI.B")
    w.unit("n", "minor", "n1", "b1")
    w.s.units["n"].active = False
    w.do(dice=[die], kind="finish_step", step="VI.B")
    assert "n" not in w.s.units
    assert w.region("b1").insurgent_total() == insurgents
    assert w.region("b1").loyal.get("n1", 0) == insurgents, "half of one, rounded down, is independent: none"


def test_voluntary_stand_down_in_hostile_territory() -> None:
    w = World().at("VI.C")
    w.s.wars.add(frozenset(("n1", "n2")))
    w.unit("m1", "militia", "n1", "b3")
    w.unit("m2", "minor", "n1", "b3")
    w.unit("m3", "militia", "n1", "b1")
    assert "not maintained" in joined(w.check(kind="stand_down", unit="m1", insurgents=True))
    for u in ("m1", "m2", "m3"):
        w.s.units[u].maintained = True
    w.do(kind="stand_down", unit="m1", insurgents=True)
    w.do(kind="stand_down", unit="m2", insurgents=True)
    assert w.region("b3").loyal == {"n1": 11}
    w.do(kind="stand_down", unit="m3")
    assert "m3" not in w.s.units and w.region("b1").insurgent_total() == 0


# --- technology ---------------------------------------------------------------------------------
def test_research_raises_levels_and_the_coupon_comes_one_level_short() -> None:
    """The source: Japan, reaching Energy 2, received the Hydrogen Net coupon (Energy 3)."""
    w = World({"a1": {"facilities": {"transport-net": {"active": 1}, "factory": {"active": 1},
                                     "rnd": {"active": 1}}}}).at("II.C")
    w.nation("n1").tech["energy"] = 1
    # level 2 costs research_cost x 2 = 20
    events = w.do(kind="research", nation="n1", field="energy", money=19)
    assert w.nation("n1").tech["energy"] == 1 and not any(e.kind == "coupon" for e in events)
    events = w.do(kind="research", nation="n1", field="energy", money=1)
    assert w.nation("n1").tech["energy"] == 2
    coupon = next(e for e in events if e.kind == "coupon")
    assert coupon.data["coupon"] == "hydrogen-net" and coupon.hidden and coupon.visible_to == ("p1",)
    assert "no active R&D" in joined(w.check(kind="research", nation="n2", field="energy", money=1))


# --- the referee -----------------------------------------------------------------------------
def test_the_referee_edits_any_figure_with_a_reason_and_the_old_value_checked() -> None:
    w = World({"a1": {"pool": 4}})
    assert "edit" in w.m.control_only_kinds
    events = w.do(kind="edit", path="regions.a1.pool", old=4, new=9, reason="refugees from the war")
    assert w.region("a1").pool == 9
    assert "refugees from the war" in events[0].text and events[0].data["old"] == 4
    stale = w.check(kind="edit", path="regions.a1.pool", old=4, new=1, reason="x")
    assert isinstance(stale[0], Impossible) and "is 9 now" in stale[0]
    w.do(kind="edit", path="regions.a1.stock.food", old=0, new=3, reason="aid shipment")
    w.do(kind="edit", path="nations.n1.tech.space", old=0, new=2, reason="captured rocket scientists")
    w.do(kind="edit", path="regions.b1.relations.p1", old=None, new="alliance", reason="treaty")
    w.do(kind="edit", path="regions.b1.owner", old=None, new="n2", reason="annexed")
    assert (w.region("a1").stock["food"], w.nation("n1").tech["space"], w.region("b1").relations,
            w.region("b1").owner) == (3, 2, {"p1": "alliance"}, "n2")
    for bad, why in [("regions.zz.pool", "no region"), ("nations.n1.colour", "no editable figure"),
                     ("regions.a1.stock.gold", "no good")]:
        reasons = w.check(kind="edit", path=bad, old=0, new=1, reason="x")
        assert isinstance(reasons[0], Impossible) and why in reasons[0], reasons
    assert "whole number" in joined(w.check(kind="edit", path="regions.a1.pool", old=9, new=-1, reason="x"))


def test_goods_pass_through_a_non_player_region_only_with_an_understanding() -> None:
    w = World({"a1": {"stock": {"oil": 2}}}).at("V")
    assert "Understanding" in joined(w.check(kind="ship", nation="n1", good="oil", amount=1, path=["a1", "b1", "b2"]))
    w.region("b1").relations["p1"] = "understanding"
    assert w.check(kind="ship", nation="n1", good="oil", amount=1, path=["a1", "b1", "b2"]) == []


def test_unmaintained_air_and_naval_units_suffer_attrition_like_inactive_facilities() -> None:
    w = World({"a1": {"facilities": {"factory": {"inactive": 2}}}}).at("VI.B")
    w.unit("f", "fighter", "n1", "a1")
    w.s.units["f"].active = False
    # three items (factory, factory, fighter): one whole third drawn: item 3 of [factory, factory, unit:f]
    w.do(dice=[3], kind="finish_step", step="VI.B")
    assert "f" not in w.s.units and w.region("a1").inactive["factory"] == 2
