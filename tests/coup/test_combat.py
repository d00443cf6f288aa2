"""Combat: the stacks, the 2x firepower rule at its boundary, dummies, losses of one's choice, the
three rounds and who holds power."""

from __future__ import annotations

import pytest

from boardapp.rules.coup.combat import outcome
from boardapp.rules.coup.components import UNITS
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.state import Combat, CoupState
from tests.coup.conftest import play, refused, table


def battle(gov: list[str], reb: list[str], **more: list[str]) -> CoupState:
    """A position in combat, round 1, Gov-Mil to lay out."""
    units = {"gov-mil": [u for u in gov if u.startswith("mil")], "gov-para": [u for u in gov if u.startswith("para")],
             "reb-mil": [u for u in reb if u.startswith("mil")], "reb-para": [u for u in reb if u.startswith("para")]}
    state = table(units=units | more)
    state.removed = [u for cls in state.pool.values() for u in cls]
    state.pool = {"mil": [], "para": [], "civ": []}
    state.phase = "combat"
    state.combat = Combat()
    state.support = {"for-mil": None, "for-para": None, "for-civ": None}
    return state


@pytest.mark.parametrize(("a", "b", "result"), [
    (6, 3, "a"),      # exactly twice: the smaller side loses all
    (5, 3, "each"),   # less than twice: each loses one
    (7, 4, "each"),
    (8, 4, "a"),
    (3, 6, "b"),
    (4, 4, "each"),   # as many: each loses one
    (4, 0, "a"),
    (0, 0, "none"),
])
def test_the_twice_firepower_rule(a: int, b: int, result: str) -> None:
    assert outcome(a, b) == result


def test_twice_the_firepower_loses_the_whole_pairing(rules: CoupRules) -> None:
    # Government Tanks (6) against Rebel Engineer (3) + nothing: 6 >= 2 x 3 -> the Rebels lose all.
    state = battle(["mil-tanks-1", "mil-infantry-1"], ["mil-engineer-1", "mil-infantry-2"])
    play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [["mil-tanks-1"], ["mil-infantry-1"]]})
    assert state.combat is not None and state.combat.step == "match"
    play(rules, state, {"kind": "match", "player": "reb-mil", "pairs": {1: ["mil-engineer-1"]}})
    assert "mil-engineer-1" in state.removed and state.units["gov-mil"] == ["mil-tanks-1", "mil-infantry-1"]
    assert state.units["reb-mil"] == ["mil-infantry-2"], "an unused unit is not engaged"
    assert state.combat.half == 1 and state.combat.step == "lay_out", "the Rebels lay out next"


def test_less_than_twice_each_side_loses_one_of_its_choice(rules: CoupRules) -> None:
    # Tanks (6) + Police (2) = 8 against Artillery (6) + Riot Police (3) = 9: each loses one, chosen.
    state = battle(["mil-tanks-1", "para-police-1"], ["mil-artillery-1", "para-riot-police-1"])
    play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [["mil-tanks-1", "para-police-1"]]})
    events = play(rules, state, {"kind": "match", "player": "reb-mil",
                                 "pairs": {1: ["mil-artillery-1", "para-riot-police-1"]}})
    flip = next(e for e in events if e.kind == "flip")
    assert (flip.data["defender_fire"], flip.data["attacker_fire"]) == (8, 9) and not flip.hidden
    assert state.combat is not None and state.combat.step == "losses"
    assert refused(rules, state, {"kind": "lose", "player": "gov-mil", "units": ["mil-artillery-1"]})
    play(rules, state, {"kind": "lose", "player": "gov-mil", "units": ["para-police-1"]})
    assert state.combat.step == "losses", "the Rebels still choose"
    play(rules, state, {"kind": "lose", "player": "reb-mil", "units": ["mil-artillery-1"]})
    assert state.units["gov-mil"] == ["mil-tanks-1"] and state.units["reb-para"] == ["para-riot-police-1"]
    assert state.combat.half == 1


def test_dummies_are_removed_when_flipped_and_do_not_fight(rules: CoupRules) -> None:
    # Infantry (4) + Dummy against Police (2) + Dummy: after the dummies go, 4 >= 2 x 2.
    state = battle(["mil-infantry-1", "mil-dummy-1"], ["para-police-1", "para-dummy-1"])
    play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [["mil-infantry-1", "mil-dummy-1"]]})
    play(rules, state, {"kind": "match", "player": "reb-mil", "pairs": {1: ["para-police-1", "para-dummy-1"]}})
    assert set(state.removed) >= {"mil-dummy-1", "para-dummy-1", "para-police-1"}
    assert state.units["gov-mil"] == ["mil-infantry-1"]


def test_armed_civilians_fight_with_strength_two(rules: CoupRules) -> None:
    # Armed Students (2) + Police (2) = 4 against Infantry (4): as many -> each loses one.
    state = battle(["para-police-1"], ["mil-infantry-1"], **{"gov-para": ["para-police-1", "civ-students-1"]})
    state.armed = ["civ-students-1"]
    play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [["para-police-1", "civ-students-1"]]})
    events = play(rules, state, {"kind": "match", "player": "reb-mil", "pairs": {1: ["mil-infantry-1"]}})
    flip = next(e for e in events if e.kind == "flip")
    assert (flip.data["defender_fire"], flip.data["attacker_fire"]) == (4, 4)
    assert "mil-infantry-1" in state.removed, "a side with one unit in the pairing loses it without a choice"


def test_lay_out_rules(rules: CoupRules) -> None:
    state = battle(["mil-tanks-1", "mil-air-1", "para-police-1"], ["mil-engineer-1"])
    assert refused(rules, state, {"kind": "lay_out", "player": "gov-mil",
                                  "stacks": [["mil-tanks-1", "mil-air-1", "para-police-1"]]}) == [
        "stacks hold one or two units; stacks [1] do not"]
    assert refused(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [["mil-tanks-1"]]}) == [
        "every military and paramilitary unit is laid out; 2 are not"]
    assert refused(rules, state, {"kind": "lay_out", "player": "reb-mil", "stacks": [["mil-engineer-1"]]})[0] == (
        "Gov-Mil lays out the Government's stacks now")


def test_three_rounds_then_the_side_with_more_units_holds_power(rules: CoupRules) -> None:
    # Nobody engages: six halves of laying out and matching nothing; 2 Government units against 3 Rebels.
    gov, reb = ["mil-tanks-1", "mil-dummy-1", "para-police-1"], ["mil-air-1", "mil-mp-1", "para-militia-1"]
    state = battle(gov, reb)
    for rnd in (1, 2, 3):
        assert state.combat is not None and (state.combat.round, state.combat.half) == (rnd, 0)
        play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [[u] for u in gov]})
        play(rules, state, {"kind": "match", "player": "reb-mil", "pairs": {}})
        assert (state.combat.round, state.combat.half) == (rnd, 1)
        play(rules, state, {"kind": "lay_out", "player": "reb-mil", "stacks": [[u] for u in reb]})
        events = play(rules, state, {"kind": "match", "player": "gov-mil", "pairs": {}})
    assert state.phase == "over" and state.power == "reb", "3 units against 2 (the unflipped dummy does not count)"
    assert events[-1].kind == "score"


def test_a_tie_leaves_the_government_in_power(rules: CoupRules) -> None:
    gov, reb = ["mil-tanks-1"], ["mil-air-1"]
    state = battle(gov, reb)
    for _ in range(3):
        play(rules, state, {"kind": "lay_out", "player": "gov-mil", "stacks": [gov]})
        play(rules, state, {"kind": "match", "player": "reb-mil", "pairs": {}})
        play(rules, state, {"kind": "lay_out", "player": "reb-mil", "stacks": [reb]})
        play(rules, state, {"kind": "match", "player": "gov-mil", "pairs": {}})
    assert state.power == "gov"
    assert all(UNITS[u].cls == "mil" for u in gov + reb)
