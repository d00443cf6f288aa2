"""The Military Phase: moves first, then battles by secret fists, retreats, overturned Forces, superpowers."""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.module import IllegalCommandError

from .helpers import module, new_game, play, reasons, to_turn


def egypt_attacks(g: Any, forces: int = 3, superpower: str = "none") -> None:
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": forces, "superpower": superpower})


def fists(g: Any, battle: str, attacker: int, defender: int) -> list[Any]:
    return play(g, {"kind": "fist", "battle": battle, "side": "attacker", "chips": attacker},
                {"kind": "fist", "battle": battle, "side": "defender", "chips": defender})


# --- moves ---------------------------------------------------------------------------------
def test_a_redeployment_between_own_zones_and_no_second_move() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "move", "zone": "upper-egypt", "to": "lower-egypt", "forces": 2})
    assert g.state.forces["lower-egypt"] == 6 and g.state.forces["upper-egypt"] == 0
    assert g.state.owner["upper-egypt"] == "egypt"  # an emptied zone stays its owner's
    # Only the 4 Forces that were already in Lower Egypt may move on.
    assert reasons(g, {"kind": "move", "zone": "lower-egypt", "to": "upper-egypt", "forces": 5}) == [
        "Lower Egypt has 4 Forces free to move, not 5"]


def test_an_annexation_takes_a_zone_no_one_owns() -> None:
    g = new_game(settings={"peacekeeping_at": None})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "move", "zone": "lower-egypt", "to": "sinai", "forces": 2})
    assert g.state.owner["sinai"] == "egypt" and g.state.forces["sinai"] == 2
    assert module(g).rules.votes(g.state, "egypt") == 1  # Sinai is no country: no UN vote


def test_moves_go_only_to_neighbours_and_enemy_zones_need_an_attack() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "move", "zone": "lower-egypt", "to": "israel", "forces": 1}) == [
        "Israel is not a neighbour of Lower Egypt",
        "Israel is Israel's: entering it is an attack (declare it with attack)"]
    assert reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "upper-egypt", "forces": 1}) == [
        "Upper Egypt is Egypt's own: that is a re-deployment (move)"]


def test_all_moves_are_declared_before_any_battle() -> None:
    g = new_game()
    egypt_attacks(g)
    play(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 1})
    assert reasons(g, {"kind": "move", "zone": "upper-egypt", "to": "lower-egypt", "forces": 1}) == [
        "Move Forces comes before Resolve Battles: a function passed cannot be gone back to"]


ORDER_RULE = '"Each separate attack may be resolved in any order desired by the Phasing Player" (the synopsis)'


def test_only_the_phasing_player_chooses_the_order_of_battles() -> None:
    """The synopsis: "Each separate attack may be resolved in any order desired by the Phasing Player."
    Egypt (phasing) attacks Cyrenaica and Hejaz: Saudi Arabia's fist for Hejaz may not choose Hejaz first;
    Egypt's fist opens a battle (Hejaz), then that battle's other fist comes before any other."""
    g = new_game(settings={"peacekeeping_at": None})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 2},
         {"kind": "attack", "zone": "upper-egypt", "to": "hejaz", "forces": 2})
    defender_first = {"kind": "fist", "battle": "hejaz", "side": "defender", "chips": 1}
    assert reasons(g, defender_first) == [
        f"Egypt, the Phasing Player, chooses which battle is resolved next: {ORDER_RULE}. His fist opens a "
        "battle; waiting: Cyrenaica, Hejaz"]
    play(g, {"kind": "fist", "battle": "hejaz", "side": "attacker", "chips": 1})  # Egypt chooses Hejaz
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 1}) == [
        "the battle for Hejaz is open: its other fist comes first"]
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1}) == [
        "the battle for Hejaz is open: its other fist comes first"]
    play(g, defender_first)  # 1 against 1: "Ties are won by the Defender", so no retreat waits
    # Hejaz is decided; Cyrenaica is the only battle left: there is no order to choose, either fist may come.
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1}) == []


# --- the fist ----------------------------------------------------------------------------
def test_fists_are_capped_by_available_forces_and_zero_is_allowed() -> None:
    g = new_game()
    egypt_attacks(g, forces=3)
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 4}) == [
        "a fist of 4 is more than the 3 Forces moved up to the border"]
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 3}) == [
        "a fist of 3 is more than the 2 Forces upright in Cyrenaica"]
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 0}) == []


def test_a_fist_is_capped_by_the_chips_held() -> None:
    g = new_game(countries={"egypt": {"chips": 2}})
    egypt_attacks(g, forces=3)
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 3}) == [
        "a fist of 3 costs 3 Oil Chips; Egypt holds 2"]


def test_a_tie_goes_to_the_defender_and_every_chip_goes_to_the_reserve() -> None:
    g = new_game()
    egypt_attacks(g, forces=3)
    events = fists(g, "cyrenaica", 2, 2)
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["winner"] == "defender"
    assert g.state.owner["cyrenaica"] == "libya" and g.state.forces["lower-egypt"] == 4
    assert g.state.chips["egypt"] == 18 and g.state.chips["libya"] == 18 and g.state.reserve == 304


def test_zero_against_zero_is_a_defenders_win() -> None:
    g = new_game()
    egypt_attacks(g)
    fists(g, "cyrenaica", 0, 0)
    assert g.state.owner["cyrenaica"] == "libya"


def test_the_attacker_occupies_with_exactly_the_forces_that_attacked() -> None:
    g = new_game()
    egypt_attacks(g, forces=4)
    events = fists(g, "cyrenaica", 2, 1)
    assert g.state.owner["cyrenaica"] == "egypt"
    assert g.state.forces["cyrenaica"] == 2  # the chips played, no more, no less
    assert g.state.forces["lower-egypt"] == 4 - 2  # moved up but not played: they stay
    assert g.state.retreat is not None and g.state.retreat.forces == 2
    assert events[-1].data["options"] == ["tripolitania"]


def test_the_defender_retreats_as_one_group_into_a_zone_it_controls_and_is_overturned() -> None:
    g = new_game()
    egypt_attacks(g)
    fists(g, "cyrenaica", 3, 0)
    assert reasons(g, {"kind": "retreat", "to": "lower-egypt"})[0].startswith(
        "Lower Egypt is not a neighbouring zone Libya controls")
    assert reasons(g, {"kind": "retreat"}) == ["Libya must retreat to one of: tripolitania"]
    play(g, {"kind": "retreat", "to": "tripolitania"})
    assert g.state.forces["tripolitania"] == 4 and g.state.overturned["tripolitania"] == 2
    pieces = {p.id: p for p in module(g).board(g.state).pieces}
    assert pieces["overturned-tripolitania"].value == "2" and "overturned" in pieces["overturned-tripolitania"].tooltip
    assert pieces["forces-tripolitania"].value == "2"
    # Overturned Forces recover when the Player-Turn ends.
    play(g, {"kind": "end_turn"})
    assert g.state.overturned == {}


RETREAT_RULE = '"All retreating Forces must move as one group into one neighboring controlled zone" (the synopsis)'


def test_a_retreat_of_part_of_the_forces_or_to_two_zones_is_refused_by_the_rule_in_words() -> None:
    """Libya's 2 upright Forces leave Cyrenaica (Egypt won 3 to 0) "as one group into one neighboring
    controlled zone": not 1 of them, not to two zones."""
    g = new_game()
    egypt_attacks(g)
    fists(g, "cyrenaica", 3, 0)
    assert g.state.retreat is not None and g.state.retreat.forces == 2
    assert reasons(g, {"kind": "retreat", "to": "tripolitania", "forces": 1}) == [
        f"Libya's 2 Forces from Cyrenaica retreat together, not 1 of them: {RETREAT_RULE}"]
    two = {"kind": "retreat", "to": ["tripolitania", "lower-egypt"]}
    assert reasons(g, two) == [
        f"Libya's 2 Forces from Cyrenaica cannot retreat to Tripolitania and Lower Egypt: {RETREAT_RULE}. One "
        "retreat names one zone (to split the group CONTROL forces a retreat of part of it, with forces:)"]
    with pytest.raises(IllegalCommandError):  # naming two zones cannot be forced
        g.push(two | {"force": "CONTROL"})
    assert reasons(g, {"kind": "retreat", "to": "tripolitania", "forces": 3}) == [
        "only 2 of Libya's Forces from Cyrenaica wait to retreat, not 3"]
    assert reasons(g, {"kind": "retreat", "to": ["tripolitania"], "forces": 2}) == []  # the whole group, one zone
    # Forced, part of the group goes; the rest waits, and may follow only into the same zone.
    play(g, {"kind": "retreat", "to": "tripolitania", "forces": 1, "force": "CONTROL splits the group"})
    assert g.state.forces["tripolitania"] == 2 + 1 and g.state.retreat is not None
    assert g.state.retreat.forces == 1
    assert reasons(g, {"kind": "retreat"}) == [
        f"part of Libya's group from Cyrenaica went to Tripolitania: the rest goes there too ({RETREAT_RULE})"]
    play(g, {"kind": "retreat", "to": "tripolitania"})
    assert g.state.retreat is None and g.state.forces["tripolitania"] == 4 and g.state.overturned["tripolitania"] == 2


def test_no_retreat_means_elimination() -> None:
    g = new_game()
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "israel", "to": "lebanon", "forces": 2})
    events = fists(g, "lebanon", 1, 0)
    assert events[-1].kind == "eliminated" and events[-1].data == {"forces": 1}
    assert g.state.retreat is None and g.state.forces["lebanon"] == 1


def test_overturned_forces_cannot_defend_and_a_second_retreat_eliminates_them() -> None:
    g = new_game()
    to_turn(g, "iraq")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "mesopotamia", "to": "khuzestan", "forces": 3},
         {"kind": "attack", "zone": "mosul", "to": "persia", "forces": 3})
    fists(g, "khuzestan", 3, 1)
    play(g, {"kind": "retreat", "to": "persia"})
    assert g.state.forces["persia"] == 6 and g.state.overturned["persia"] == 2
    # The defender's cap counts only the 4 upright Forces.
    assert reasons(g, {"kind": "fist", "battle": "persia", "side": "defender", "chips": 5}) == [
        "a fist of 5 is more than the 4 Forces upright in Tehran and Persia"]
    events = fists(g, "persia", 3, 2)
    kinds = [e.kind for e in events]
    assert "eliminated" in kinds
    over = next(e for e in events if e.kind == "eliminated")
    assert over.data == {"forces": 2} and "a second time" in over.text
    # The 4 upright Forces have nowhere to go (Khuzestan is Iraq's now): eliminated too.
    assert events[-1].kind == "eliminated" and events[-1].data == {"forces": 4}
    assert g.state.zones_of("iran") == []
    assert g.state.forces["persia"] == 3 and g.state.owner["persia"] == "iraq"


def test_one_attack_per_zone_and_no_attack_on_no_ones_zone() -> None:
    g = new_game(settings={"peacekeeping_at": None})
    egypt_attacks(g, forces=2)
    assert "already attacked this Player-Turn" in reasons(
        g, {"kind": "attack", "zone": "upper-egypt", "to": "cyrenaica", "forces": 1})[0]
    assert reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "sinai", "forces": 1}) == [
        "no one holds Sinai: move in without a battle (an annexation, with move)"]


def test_no_attacks_within_a_bloc() -> None:
    g = new_game(countries={"egypt": {"bloc": "red"}, "libya": {"bloc": "red"}})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 1}) == [
        "Egypt and Libya are both in the red Bloc: no attacks within a Bloc"]
    g2 = new_game(countries={"egypt": {"bloc": "red"}, "libya": {"bloc": "blue"}})
    play(g2, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g2, {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 1}) == []


# --- the UN Peacekeeping Force ----------------------------------------------------------------
def test_nothing_moves_into_the_peacekeeping_zone() -> None:
    g = new_game()  # the UN Force starts in Sinai
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "move", "zone": "lower-egypt", "to": "sinai", "forces": 1}) == [
        "the UN Peacekeeping Force holds Sinai: nothing moves into it"]


def test_only_redeployments_leave_the_peacekeeping_zone() -> None:
    g = new_game(settings={"peacekeeping_at": "lower-egypt"})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 1}) == [
        "only re-deployments leave Lower Egypt, which the UN Peacekeeping Force holds"]
    assert reasons(g, {"kind": "move", "zone": "lower-egypt", "to": "upper-egypt", "forces": 1}) == []


def test_no_retreat_into_the_peacekeeping_zone() -> None:
    g = new_game(settings={"peacekeeping_at": "tripolitania"})
    egypt_attacks(g)
    events = fists(g, "cyrenaica", 3, 0)
    assert events[-1].kind == "eliminated" and g.state.retreat is None


# --- Superpower Forces ----------------------------------------------------------------------
def with_superpower(countries: dict[str, Any] | None = None) -> Any:
    """Egypt (Red Bloc) gets its Superpower Force in round 1; round 2 starts with Egypt's Player-Turn."""
    g = new_game(countries={"egypt": {"bloc": "red"}, **(countries or {})})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    to_turn(g, "egypt")
    return g


def test_superpower_intervention_only_for_a_bloc_member() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "superpower"}) == [
        "Egypt is Non-Aligned: only a Bloc member may call Superpower Intervention"]
    g = with_superpower()
    assert [(s.player, s.zone) for s in g.state.superpowers] == [("egypt", "lower-egypt")]  # in the Homeland
    assert g.state.chips["egypt"] == 20  # obtaining it costs no chips (Egypt took no revenue either)


def test_support_attack_doubles_the_power_and_costs_three_times() -> None:
    g = with_superpower()
    egypt_attacks(g, forces=3, superpower="support")
    events = fists(g, "cyrenaica", 2, 2)  # power 4 against 2
    battle = next(e for e in events if e.kind == "battle")
    assert (battle.data["attacker_power"], battle.data["winner"]) == (4, "attacker")
    assert g.state.chips["egypt"] == 20 - 3 * 2
    assert g.state.forces["cyrenaica"] == 2
    assert [s.zone for s in g.state.superpowers] == ["lower-egypt"]


def test_attack_occupy_costs_four_times_and_the_superpower_force_moves_in() -> None:
    g = with_superpower()
    egypt_attacks(g, forces=3, superpower="attack")
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 3}) == []
    fists(g, "cyrenaica", 3, 2)  # power 6 against 2
    assert g.state.chips["egypt"] == 20 - 4 * 3
    assert [s.zone for s in g.state.superpowers] == ["cyrenaica"]
    assert g.state.forces["cyrenaica"] == 3


def test_the_full_superpower_cost_must_be_held() -> None:
    g = with_superpower(countries={"egypt": {"bloc": "red", "chips": 8}})
    egypt_attacks(g, forces=3, superpower="support")
    assert reasons(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 3}) == [
        "a fist of 3 costs 9 Oil Chips; Egypt holds 8"]


def test_a_superpower_force_defends_its_zone_at_normal_cost() -> None:
    g = with_superpower()
    to_turn(g, "libya")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "cyrenaica", "to": "lower-egypt", "forces": 2})
    events = fists(g, "lower-egypt", 2, 1)  # Egypt's power 2 against 2: a tie, the defender's
    battle = next(e for e in events if e.kind == "battle")
    assert (battle.data["defender_power"], battle.data["winner"]) == (2, "defender")
    assert g.state.chips["egypt"] == 20 - 1


def test_attacking_with_a_superpower_force_needs_one_there() -> None:
    g = new_game(countries={"egypt": {"bloc": "red"}})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    assert reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 1,
                       "superpower": "support"}) == [
        "Egypt has no Superpower Force free in Lower Egypt to support the attack"]
