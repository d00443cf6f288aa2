"""The coup: declaration, the Affiliation Check, Foreign Power declarations and arming civilians."""

from __future__ import annotations

from boardapp.rules.coup.components import UNITS
from boardapp.rules.coup.module import CoupRules
from tests.coup.conftest import play, refused, table, with_options


def test_only_reb_mil_declares_and_only_while_a_card_is_left(rules: CoupRules) -> None:
    state = table(deck_size=1)
    assert refused(rules, state, {"kind": "declare_coup", "player": "gov-mil"}) == [
        "only Reb-Mil (Colonel X) declares the coup"]
    state_empty = table(deck_size=0)
    assert refused(rules, state_empty, {"kind": "declare_coup"}) == [
        "the last card has been drawn: too late for a coup"]
    dice = [2] * sum(len(v) for v in state.pool.values())
    play(rules, state, {"kind": "declare_coup"}, dice=dice)  # one card left: still in time
    assert state.phase == "coup"
    assert refused(rules, state, {"kind": "draw", "player": "gov-mil"}), "play has stopped"


def test_affiliation_check_on_every_unit_left_in_the_pool(rules: CoupRules) -> None:
    state = table(units={"gov-mil": ["mil-tanks-1"], "reb-para": ["para-police-1"]})
    pool = [u for cls in ("mil", "para", "civ") for u in state.pool[cls]]
    assert len(pool) == 48
    # The rolls go through the pool in order (military, paramilitary, civilian sections): cycle 1..6.
    rolls = [(i % 6) + 1 for i in range(len(pool))]
    events = play(rules, state, {"kind": "declare_coup"}, dice=rolls)
    gov = [u for u, n in zip(pool, rolls, strict=True) if n == 1]
    reb = [u for u, n in zip(pool, rolls, strict=True) if n == 6]
    gone = [u for u, n in zip(pool, rolls, strict=True) if 2 <= n <= 5]
    assert all(not v for v in state.pool.values()), "the pool is empty after the check"
    for u in gov:
        assert u in state.units[f"gov-{UNITS[u].cls}"], "1: joins the Government's player of its class"
    for u in reb:
        assert u in state.units[f"reb-{UNITS[u].cls}"], "6: joins the Rebels"
    assert sorted(state.removed) == sorted(gone), "2-5: removed from the game"
    assert any(UNITS[u].dummy for u in gov + reb + gone), "dummies are rolled for too"
    summary = next(e for e in events if e.kind == "affiliation")
    assert not summary.hidden and sum(summary.data["removed"].values()) == len(gone)


def test_foreign_power_declarations_each_on_its_own(rules: CoupRules) -> None:
    state = table(units={"for-mil": ["mil-tanks-1", "mil-air-1"], "for-para": ["para-police-1"],
                         "for-civ": ["civ-media-1"]}, deck_size=3)
    state.pool = {"mil": [], "para": [], "civ": []}
    state.removed = [u for u in UNITS if state.holder(u) is None]
    play(rules, state, {"kind": "declare_coup"})
    play(rules, state, {"kind": "support", "player": "for-mil", "side": "reb"})
    assert state.units["reb-mil"] == ["mil-tanks-1", "mil-air-1"] and state.units["for-mil"] == []
    assert refused(rules, state, {"kind": "support", "player": "for-mil", "side": "gov"}) == [
        "For-Mil has already declared"]
    play(rules, state, {"kind": "support", "player": "for-para", "side": "gov"})
    assert state.units["gov-para"] == ["para-police-1"]
    play(rules, state, {"kind": "start_combat"})  # For-Civ never declared: he backs no side
    assert state.support == {"for-mil": "reb", "for-para": "gov", "for-civ": None}
    assert state.units["for-civ"] == ["civ-media-1"]


def test_arming_civilians(rules: CoupRules) -> None:
    state = table(units={"gov-civ": ["civ-students-1", "civ-labour-2", "civ-media-1"]}, deck_size=3)
    state.pool = {"mil": [], "para": [], "civ": []}
    state.removed = [u for u in UNITS if state.holder(u) is None]
    play(rules, state, {"kind": "declare_coup"})
    assert "still to declare: For-Mil, For-Para, For-Civ" in refused(
        rules, state, {"kind": "arm", "player": "gov-civ", "units": ["civ-students-1"]})[0]
    for p in ("for-mil", "for-para", "for-civ"):
        play(rules, state, {"kind": "support", "player": p, "side": "none"})
    assert refused(rules, state, {"kind": "arm", "player": "gov-civ", "units": ["civ-media-1"]}) == [
        "only Student and Labour units are armed, not civ-media-1"]
    off = with_options(rules, arming_civilians=False)
    assert off.check(state, off.parse_command({"kind": "arm", "player": "gov-civ", "units": ["civ-students-1"]}))
    play(rules, state, {"kind": "arm", "player": "gov-civ", "units": ["civ-students-1", "civ-labour-2"]})
    assert state.units["gov-para"] == ["civ-students-1", "civ-labour-2"]
    assert state.armed == ["civ-students-1", "civ-labour-2"]


def test_control_may_type_the_affiliation_rolls(rules: CoupRules) -> None:
    state = table(units={"gov-mil": ["mil-tanks-1"]})
    left = sum(len(v) for v in state.pool.values())
    assert refused(rules, state, {"kind": "declare_coup", "rolls": [1, 6]}) == [
        f"the Affiliation Check needs one d6 (1-6) per unit left in the pool: {left} rolls, not 2"]
    first_mil, first_civ = state.pool["mil"][0], state.pool["civ"][0]
    rolls = [1] + [3] * (left - 2) + [6]
    last_civ = state.pool["civ"][-1]
    play(rules, state, {"kind": "declare_coup", "rolls": rolls})  # no dice drawn
    assert state.units["gov-mil"] == ["mil-tanks-1", first_mil]
    assert state.units["reb-civ"] == [last_civ] and first_civ in state.removed


def test_the_coup_may_be_declared_in_another_teams_turn(rules: CoupRules) -> None:
    """Rehearsal 2 saw Reb-Mil's declaration accepted during Foreign Power's turn. The rulebook bounds
    the declaration by the deck alone ("A coup must be declared by the Reb-Mil player before the last
    card in the deck is drawn. When a coup is declared, normal play stops"), and declaring is not one
    of the things a player does "in a turn" (docs/coup.md, ruling 17): so it stands, while an action
    of Reb-Mil's in Foreign Power's turn is refused."""
    state = table(order=("for", "gov", "reb"), deck_size=5)
    assert refused(rules, state, {"kind": "draw", "player": "reb-mil"}), "not the Rebels' turn for an action"
    dice = [3] * sum(len(v) for v in state.pool.values())
    play(rules, state, {"kind": "declare_coup", "player": "reb-mil"}, dice=dice)
    assert state.phase == "coup"
    assert "reb-mil" not in state.acted, "the declaration is not Reb-Mil's action for the turn"
