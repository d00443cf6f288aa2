"""IV. Armed conflict: the d6 <= attack - defence rule, combat order and its modifiers, the restrictions,
control after combat, breakthrough, redeployment, movement, supply and low-intensity combat.

The central test replays the source's own example (France attacks Germany in Bavaria) with the unit
values the example gives, and expects the example's outcome.
"""

from __future__ import annotations

import pytest

from boardapp.rules.thegame.conflict import attack_restriction, hits
from boardapp.rules.thegame.scenario import default_unit_types

from .helpers import World, joined

TYPES = {u.id: u for u in default_unit_types()}


def war(changes: dict | None = None) -> World:
    """n1 (p1) at war with n2 (p2); combat in b2 (non-player)."""
    w = World(changes)
    w.s.wars.add(frozenset(("n1", "n2")))
    return w.at("IV.A")


def supply_all(w: World) -> None:
    for u in w.s.units.values():
        if not w.m.world.utype(u).minor:
            u.supplied = True


@pytest.mark.parametrize(("die", "hit"), [(1, True), (3, True), (4, False), (6, False)])
def test_an_attack_hits_on_a_d6_at_most_attack_minus_defence(die: int, hit: bool) -> None:
    # the source: a bomber (attack 4) against an improved mech (defence 1) must roll 3 or less
    assert hits(die, TYPES["bomber"], TYPES["improved-mech"]) is hit


def test_the_sources_bavaria_example() -> None:
    w = war()
    for uid, t, n in [("fr-mech", "mech", "n1"), ("fr-inf", "infantry", "n1"), ("fr-bmr", "bomber", "n1"),
                      ("fr-awx", "awacs", "n1"), ("de-imc", "improved-mech", "n2"), ("de-mil", "militia", "n2"),
                      ("de-ftr", "fighter", "n2")]:
        w.unit(uid, t, n, "b2")
    w.unit("fr-asat", "asat", "n1", "orbit")
    w.unit("fr-sat", "surveillance-satellite", "n1", "orbit")
    w.unit("de-sat", "surveillance-satellite", "n2", "orbit")
    supply_all(w)
    targets = {"fr-asat": "de-sat", "de-ftr": "fr-mech", "fr-bmr": "de-imc", "fr-inf": "de-mil",
               "de-mil": "fr-inf"}
    # ASAT hits (2 <= 4); bomber 3 <= 4-1 hits; fighter 3 <= 3 hits; infantry 5 > 2 misses; militia 4 > 1 misses
    events = w.do(dice=[2, 3, 3, 5, 4], kind="combat", region="b2", targets=targets)
    attacks = [e for e in events if e.kind == "attack"]
    assert [e.counters[0] for e in attacks] == ["fr-asat", "fr-bmr", "de-ftr", "fr-inf", "de-mil"]
    # surveillance (+1) and AWACs (+1) raise the bomber's priority 2 to 4, above the fighter's 3;
    # the infantry's 2 to 3, above the militia's 2
    assert [e.data["priority"] for e in attacks] == [4, 4, 3, 3, 2]
    assert [e.data["hit"] for e in attacks] == [True, True, True, False, False]
    left = sorted(u for u, x in w.s.units.items() if x.region == "b2")
    assert left == ["de-ftr", "de-mil", "fr-awx", "fr-bmr", "fr-inf"]  # "Bavaria is still disputed"
    assert not any(e.kind == "breakthrough" for e in events)


def test_a_unit_eliminated_before_its_turn_does_not_attack() -> None:
    w = war()
    w.unit("f", "fighter", "n2", "b2")
    w.unit("b", "bomber", "n1", "b2")
    w.unit("m", "militia", "n2", "b2")
    supply_all(w)
    events = w.do(dice=[1], kind="combat", region="b2", targets={"b": "m", "f": "b"})
    assert "b" not in w.s.units and "m" in w.s.units
    assert any("eliminated before its turn" in e.text for e in events)


@pytest.mark.parametrize(("attacker", "target", "why"), [
    ("bomber", "fighter", "bombers cannot attack other air units"),
    ("militia", "warship", "ground units cannot attack naval units"),
    ("asat", "militia", "spacecraft attack only spacecraft"),
    ("fighter", "surveillance-satellite", "cannot attack spacecraft"),
    ("minor", "militia", "minor units never attack major units"),
])
def test_the_attack_restrictions(attacker: str, target: str, why: str) -> None:
    assert why in (attack_restriction(TYPES[attacker], TYPES[target]) or "")


def test_icbms_attack_anything_and_bombers_attack_ships() -> None:
    assert attack_restriction(TYPES["icbm"], TYPES["militia"]) is None
    assert attack_restriction(TYPES["bomber"], TYPES["warship"]) is None


def test_combat_needs_operational_supply_and_a_war() -> None:
    w = war()
    w.unit("a", "militia", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    w.unit("x", "militia", "n3", "b2")
    assert "no operational supply" in joined(w.check(kind="combat", region="b2", targets={"a": "d"}))
    assert "share a region with enemy units" in joined(w.check(kind="finish_step", step="IV.A"))
    w.do(kind="supply", units=["a", "d"])
    assert w.nation("n1").bank == 99, "operational supply pays the unit's maintenance"
    assert "not at war" in joined(w.check(kind="combat", region="b2", targets={"a": "x"}))
    assert w.check(kind="combat", region="b2", targets={"a": "d"}) == []


def test_control_after_combat_and_withdrawal_of_hostile_air_units() -> None:
    w = war()
    w.unit("a", "mech", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    w.unit("f", "fighter", "n2", "b2")
    supply_all(w)
    w.do(dice=[1], kind="combat", region="b2", targets={"a": "d"})
    events = w.do(kind="finish_step", step="IV.A")
    assert w.region("b2").occupier == "n1"
    assert w.s.units["f"].region == "b3", "the fighter withdraws to an adjacent friendly region (n2's b3)"
    assert any(e.kind == "control" for e in events)
    assert not w.s.units["a"].supplied, "a new combat year needs new supply"


def test_breakthrough_when_every_enemy_unit_is_destroyed() -> None:
    w = war()
    w.unit("a", "mech", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    supply_all(w)
    events = w.do(dice=[2], kind="combat", region="b2", targets={"a": "d"})
    assert any(e.kind == "breakthrough" for e in events)
    assert not w.s.units["a"].attacked and not w.s.units["a"].supplied, "it may be supplied, move and attack again"


def test_strategic_redeployment_restrictions() -> None:
    w = war({"b1": {"rough": True}, "b2": {"relations": {"p1": "alliance"}}})
    w.unit("m", "militia", "n1", "a1")
    w.unit("n", "minor", "n1", "a1")
    # through own a2 into allied b2: fine; b1 is neither own nor allied
    assert w.check(kind="redeploy", unit="m", path=["a2", "b2"]) == []
    assert "allied or controlled" in joined(w.check(kind="redeploy", unit="m", path=["b1"]))
    w.region("b1").relations["p1"] = "control"
    assert "rough terrain" in joined(w.check(kind="redeploy", unit="m", path=["b1"]))
    assert w.check(kind="redeploy", unit="n", path=["b1"]) == [], "minor units pass rough terrain"
    w.region("b1").active["transport-net"] = 1
    assert w.check(kind="redeploy", unit="m", path=["b1"]) == []
    w.unit("e", "militia", "n2", "b2")
    assert "hostile units" in joined(w.check(kind="redeploy", unit="m", path=["a2", "b2"]))
    assert "merchant ship" in joined(w.check(kind="redeploy", unit="m", path=["b1", "s1"]))
    w.unit("ship", "merchant", "n1", "s1")
    assert w.check(kind="redeploy", unit="m", path=["b1", "s1"]) == []
    w.do(kind="redeploy", unit="m", path=["b1", "s1"])
    assert w.s.combat_ships == {"ship"}, "the ship that carried it carries no trade this turn"


def test_operational_movement_into_an_adjacent_enemy_occupied_region() -> None:
    w = war()
    w.unit("m", "militia", "n1", "a2")
    assert "no operational supply" in joined(w.check(kind="move", unit="m", to="b2"))
    w.s.units["m"].supplied = True
    assert "holds no enemy units" in joined(w.check(kind="move", unit="m", to="b2"))
    w.unit("e", "militia", "n2", "b2")
    w.do(kind="move", unit="m", to="b2")
    assert "already made its operational move" in joined(w.check(kind="move", unit="m", to="a2"))


def test_destroyed_units_are_replaced_for_half_cost_in_money() -> None:
    w = war()
    w.unit("a", "mech", "n1", "b2")
    w.unit("d", "mech", "n2", "b2")
    supply_all(w)
    w.do(dice=[1], kind="combat", region="b2", targets={"a": "d"})
    bank = w.nation("n2").bank
    w.do(kind="replace", nation="n2", type="mech", region="b3")
    assert w.nation("n2").bank == bank - TYPES["mech"].cost.money // 2
    assert "destroyed earlier" in joined(w.check(kind="replace", nation="n2", type="mech", region="b3"))


def test_low_intensity_combat_rules() -> None:
    w = war({"b1": {"insurgents": 2, "pips": {"p2": 2}, "relations": {"p1": "understanding"}}})
    w.unit("mn", "minor", "n1", "b1")
    w.unit("mj", "militia", "n2", "b1")
    assert "never attack major units" in joined(w.check(kind="low_attack", region="b1", attacker="mn", target="mj"))
    # insurgents attack minor units only if those attacked an insurgent this turn
    assert "only if it attacked an insurgent" in joined(w.check(kind="low_attack", region="b1",
                                                                attacker="insurgent:independent", target="mn"))
    w.do(dice=[1], kind="low_attack", region="b1", attacker="mn", target="insurgent:independent")
    assert w.region("b1").insurgents == 1
    assert w.check(kind="low_attack", region="b1", attacker="insurgent:independent", target="mn") == []
    # an insurgent hit on PIPs removes one PIP
    w.do(dice=[1], kind="low_attack", region="b1", attacker="insurgent:independent", target="pips:p2")
    assert w.region("b1").pips == {"p2": 1}
    assert "left to attack" in joined(w.check(kind="low_attack", region="b1", attacker="insurgent:independent",
                                              target="mn"))
    # fighting insurgents in a non-player region needs an Understanding there
    w2 = war({"b2": {"insurgents": 1}})
    w2.unit("mn", "minor", "n1", "b2")
    assert "Understanding" in joined(w2.check(kind="low_attack", region="b2", attacker="mn",
                                              target="insurgent:independent"))
    # low intensity is fought in IV.A only
    w.at("IV.B")
    assert "it is step IV.B" in joined(w.check(kind="low_attack", region="b1", attacker="mn", target="pips:p2"))


def test_a_nuclear_strike_blocks_trade_with_the_region() -> None:
    w = war({"a1": {"stock": {"oil": 3}}})
    w.do(kind="nuclear_strike", nation="n2", region="a2")
    w.at("V")
    assert "nuclear" in joined(w.check(kind="ship", nation="n1", good="oil", amount=1, path=["a1", "a2"]))


def test_units_facing_the_enemy_without_supply_may_be_removed_or_broken_down() -> None:
    w = war()
    w.unit("a", "militia", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    w.unit("e", "militia", "n2", "b2")
    assert "share a region with enemy units" in joined(w.check(kind="finish_step", step="IV.A"))
    checklist = next(s for s in w.m.board(w.s).sections if s.id == "steps")
    assert checklist.rows[9][2:] == ["now", checklist.rows[9][3], "supply, redeploy or remove: a, d, e"]
    w.do(kind="remove", unit="d", into="minor")
    w.do(dice=[4, 3], kind="remove", unit="e", into="insurgents")  # 2d6 - 2 = 5 loyal insurgents
    assert "d" not in w.s.units and any(u.type == "minor" and u.nation == "n2" for u in w.s.units.values())
    assert w.region("b2").loyal == {"n2": 5}
    w.do(kind="supply", units=["a"])
    assert "not facing the enemy without supply" in joined(w.check(kind="remove", unit="a"))
    w.do(kind="finish_step")  # no step named: the current one
    assert w.s.step == 10


def test_minor_units_may_be_stationed_with_an_understanding() -> None:
    w = war({"b1": {"relations": {"p1": "understanding"}}})
    w.unit("m", "militia", "n1", "a1")
    w.unit("n", "minor", "n1", "a1")
    assert w.check(kind="redeploy", unit="n", path=["b1"]) == []
    assert "allied or controlled" in joined(w.check(kind="redeploy", unit="m", path=["b1"]))


def test_hostile_air_units_with_no_friendly_region_next_door_are_eliminated() -> None:
    w = war()
    w.unit("a", "mech", "n1", "b1")
    w.unit("d", "militia", "n2", "b1")
    w.unit("f", "fighter", "n2", "b1")  # b1's neighbours: a1 (n1's), b2 (non-player), s1 (sea)
    w.unit("ship", "warship", "n2", "s2")
    w.unit("sub", "submarine", "n1", "s2")
    supply_all(w)
    w.do(dice=[1], kind="combat", region="b1", targets={"a": "d"})
    w.do(dice=[1], kind="combat", region="s2", targets={"sub": "ship"})
    w.do(kind="finish_step", step="IV.A")
    assert "f" not in w.s.units, "no adjacent friendly land region: eliminated"
    assert w.s.destroyed[("n2", "fighter")] == 1
    assert w.region("s2").occupier == "n1", "the only naval units left in a sea region win its control"


def test_a_unit_attacks_at_most_once_per_combat_year() -> None:
    w = war()
    w.unit("a", "mech", "n1", "b2")
    w.unit("d", "militia", "n2", "b2")
    w.unit("e", "militia", "n2", "b2")
    supply_all(w)
    w.do(dice=[6], kind="combat", region="b2", targets={"a": "d"})
    assert "already attacked this combat year" in joined(w.check(kind="combat", region="b2", targets={"a": "e"}))
    w.do(kind="finish_step", step="IV.A")
    supply_all(w)
    assert w.check(kind="combat", region="b2", targets={"a": "e"}) == [], "a new year, a new attack"


def test_awacs_after_air_combat_raise_naval_priority_there_and_next_door() -> None:
    # n1's AWACs in b2, next to the sea s2 where the warships fight: +1 in naval combat there
    w = war()
    w.unit("awx", "awacs", "n1", "b2")
    w.unit("ws1", "warship", "n1", "s2")
    w.unit("ws2", "warship", "n2", "s2")
    supply_all(w)
    # both warships priority 2: without the bonus n2's (listed first) would fire first
    events = w.do(dice=[6, 6], kind="combat", region="s2", targets={"ws2": "ws1", "ws1": "ws2"})
    attacks = [e for e in events if e.kind == "attack"]
    assert [e.counters[0] for e in attacks] == ["ws1", "ws2"]
    assert [e.data["priority"] for e in attacks] == [3, 2]


def test_awacs_superiority_is_lost_on_a_tie() -> None:
    w = war()
    w.unit("awx1", "awacs", "n1", "b2")
    w.unit("awx2", "awacs", "n2", "b2")
    w.unit("f1", "fighter", "n1", "b2")
    w.unit("f2", "fighter", "n2", "b2")
    supply_all(w)
    events = w.do(dice=[6, 6], kind="combat", region="b2", targets={"f2": "f1", "f1": "f2"})
    assert [e.data["priority"] for e in events if e.kind == "attack"] == [3, 3]
    assert not any(e.kind == "awacs" for e in events)
