"""Every card effect as the digest words it, the Block window, attempts without a card, the
one-recruit optional rule and Busting."""

from __future__ import annotations

from boardapp.engine.module import Impossible
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.state import CoupState
from tests.coup.conftest import play, refused, table, with_options


def let_pass(rules: CoupRules, state: CoupState, dice: list[int] | None = None) -> list[str]:
    """Both counterparts let the pending attempt pass; the second answer carries it out with ``dice``."""
    assert state.pending is not None
    first, second = state.pending.asked
    play(rules, state, {"kind": "no_block", "player": first})
    return [e.kind for e in play(rules, state, {"kind": "no_block", "player": second}, dice=dice or [])]


# --- the cards ---------------------------------------------------------------------------------------
def test_loyalty_shift_returns_a_random_unit_of_the_target_to_the_pool(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["AS"]}, units={"reb-mil": ["mil-tanks-1", "mil-air-1"]})
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "AS", "target": "reb-mil"})
    assert state.pending is not None and state.pending.asked == ["reb-mil", "for-mil"]
    assert state.units["reb-mil"] == ["mil-tanks-1", "mil-air-1"], "nothing happens before the Block window closes"
    let_pass(rules, state, dice=[1])  # the random pick: index 1 of the target's units
    assert state.units["reb-mil"] == ["mil-tanks-1"]
    assert state.pool["mil"][-1] == "mil-air-1", "face down back into its class section"
    assert state.discard[-1] == "AS" and state.hands["gov-mil"] == [] and "gov-mil" in state.acted


def test_king_is_a_loyalty_shift_in_any_suit(rules: CoupRules) -> None:
    state = table(hands={"gov-para": ["KD"]}, units={"for-para": ["para-police-1"]})
    play(rules, state, {"kind": "play_card", "player": "gov-para", "card": "KD", "target": "for-para"})
    let_pass(rules, state)  # one unit: no choice to draw
    assert state.units["for-para"] == [] and "para-police-1" in state.pool["para"]


def test_infiltrate_takes_a_random_card_and_the_played_card_leaves_first(rules: CoupRules) -> None:
    # Gov-Mil at his limit of two: the Jack leaves his hand before the seized card arrives.
    state = table(hands={"gov-mil": ["JH", "2C"], "reb-mil": ["3C", "4D"]})
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "JH", "target": "reb-mil"})
    let_pass(rules, state, dice=[1])
    assert state.hands["gov-mil"] == ["2C", "4D"] and state.hands["reb-mil"] == ["3C"]
    assert state.seized == {"gov-mil": "4D"}
    # He may discard the seized card instead of keeping it (not an action), and no other.
    assert refused(rules, state, {"kind": "discard", "player": "gov-mil", "card": "2C"}) == [
        "only the card an Infiltrate has just seized may be discarded (this turn)"]
    play(rules, state, {"kind": "discard", "player": "gov-mil", "card": "4D"})
    assert state.hands["gov-mil"] == ["2C"] and state.discard[-1] == "4D"


def test_leak_shows_one_random_card_to_the_player_and_target_only(rules: CoupRules) -> None:
    state = table(hands={"reb-civ": ["7H"], "gov-civ": ["3C", "KS"]}, order=("reb", "gov", "for"))
    play(rules, state, {"kind": "play_card", "player": "reb-civ", "card": "7H", "target": "gov-civ"})
    first, second = state.pending.asked if state.pending else ("", "")
    play(rules, state, {"kind": "no_block", "player": first})
    events = play(rules, state, {"kind": "no_block", "player": second}, dice=[1])
    leaked = [e for e in events if e.kind == "leaked"]
    assert len(leaked) == 1 and leaked[0].data["card"] == "KS"
    assert leaked[0].hidden and set(leaked[0].visible_to) == {"reb-civ", "gov-civ"}
    assert state.hands["gov-civ"] == ["3C", "KS"], "a Leak only looks"


def test_recruit_takes_a_random_unit_of_the_players_class(rules: CoupRules) -> None:
    state = table(hands={"gov-para": ["5C"]})
    expected = state.pool["para"][4]
    play(rules, state, {"kind": "play_card", "player": "gov-para", "card": "5C", "target": "reb-para"})
    let_pass(rules, state, dice=[4])
    assert state.units["gov-para"] == [expected] and expected not in state.pool["para"]


def test_neutralize_from_the_pool_or_the_counterpart_leaves_the_game(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["6D", "7D"]}, units={"reb-mil": ["mil-tanks-1", "mil-air-2"]})
    assert refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "6D", "target": "reb-mil"}) == [
        "a Neutralize says where it removes a unit from: remove_from pool (your section of the Neutral Pool) "
        "or counterpart (the target's units)"]
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "6D", "target": "reb-mil",
                        "remove_from": "counterpart"})
    let_pass(rules, state, dice=[0])
    assert state.units["reb-mil"] == ["mil-air-2"] and state.removed == ["mil-tanks-1"]
    state.acted, state.gov_attempts = [], 0  # as in a new turn (the one-recruit rule is on)
    first_in_pool = state.pool["mil"][0]
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "7D", "target": "for-mil",
                        "remove_from": "pool"})
    play(rules, state, {"kind": "block_timeout"}, dice=[0])
    assert state.removed == ["mil-tanks-1", first_in_pool] and first_in_pool not in state.pool["mil"]


def test_cards_only_against_a_counterpart(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"]})
    assert refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-para"}) == [
        "a card is played only against a counterpart: Gov-Mil's are Reb-Mil and For-Mil"]


def test_a_foreign_power_recruit_at_three_units_is_refused_before_anything_is_spent(rules: CoupRules) -> None:
    state = table(hands={"for-civ": ["9C"]}, units={"for-civ": ["civ-media-1", "civ-media-2", "civ-labour-1"]},
                  order=("for", "gov", "reb"))
    assert refused(rules, state, {"kind": "play_card", "player": "for-civ", "card": "9C", "target": "gov-civ"}) == [
        "For-Civ holds 3 units, the Foreign Power limit"]
    assert refused(rules, state, {"kind": "attempt", "player": "for-civ", "action": "recruit", "target": "gov-civ"})
    assert state.hands["for-civ"] == ["9C"] and state.acted == []


# --- the Block window ------------------------------------------------------------------------------------
def test_either_counterpart_may_block_and_the_attempt_is_cancelled(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"], "for-mil": ["9S", "2H"], "reb-mil": ["3S"]})
    pool_before = list(state.pool["mil"])
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})
    # Play is held until the window closes: no one may act meanwhile.
    assert isinstance(refused(rules, state, {"kind": "pass", "player": "gov-para"})[0], Impossible)
    play(rules, state, {"kind": "no_block", "player": "reb-mil"})  # the target lets it pass …
    assert refused(rules, state, {"kind": "block", "player": "reb-mil", "card": "3S"}) == [
        "Reb-Mil has already let the attempt pass"]
    assert refused(rules, state, {"kind": "block", "player": "for-mil", "card": "2H"}) == [
        "only the 2-10 of Spades block, not the 2 of Hearts"]
    events = play(rules, state, {"kind": "block", "player": "for-mil", "card": "9S"})  # … the other blocks
    assert [e.kind for e in events] == ["blocked"]
    assert state.pending is None and state.pool["mil"] == pool_before and state.units["gov-mil"] == []
    assert state.discard[-2:] == ["5C", "9S"], "the blocked card and the Block both go to the discard pile"
    assert "gov-mil" in state.acted, "a blocked attempt uses the actor's action"
    assert state.hands["for-mil"] == ["2H"]


def test_only_the_actors_counterparts_block(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"], "reb-para": ["4S"], "gov-para": ["6S"]})
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})
    assert refused(rules, state, {"kind": "block", "player": "reb-para", "card": "4S"}) == [
        "only Gov-Mil's counterparts may Block"]
    assert refused(rules, state, {"kind": "no_block", "player": "gov-para"})


def test_a_block_is_no_action_of_its_own(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5S"]})
    assert isinstance(refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5S",
                                             "target": "reb-mil"})[0], Impossible)


def test_control_closes_the_window(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"]})
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})
    play(rules, state, {"kind": "block_timeout"}, dice=[0])
    assert len(state.units["gov-mil"]) == 1 and state.pending is None


# --- attempts without a card ------------------------------------------------------------------------------
def test_an_attempt_without_a_card_succeeds_on_1_to_3(rules: CoupRules) -> None:
    for die, succeeds in ((1, True), (3, True), (4, False), (6, False)):
        state = table(order=("reb", "gov", "for"))
        play(rules, state, {"kind": "attempt", "player": "reb-para", "action": "recruit", "target": "gov-para"})
        kinds = let_pass(rules, state, dice=[die, 0] if succeeds else [die])
        assert (len(state.units["reb-para"]) == 1) is succeeds, die
        assert ("attempt_succeeded" in kinds) is succeeds
        assert "reb-para" in state.acted


def test_a_typed_die_is_used_instead_of_a_roll(rules: CoupRules) -> None:
    state = table(units={"reb-civ": ["civ-media-1"]})
    play(rules, state, {"kind": "attempt", "player": "gov-civ", "action": "neutralize", "target": "reb-civ",
                        "remove_from": "counterpart", "die": 2})
    let_pass(rules, state)  # no dice drawn: the die was typed, the only unit needs no pick
    assert state.removed == ["civ-media-1"]


# --- the one-recruit optional rule --------------------------------------------------------------------------
def test_one_government_recruit_or_neutralize_per_turn_until_the_first_bust(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"], "gov-para": ["6D"]})
    play(rules, state, {"kind": "attempt", "player": "gov-civ", "action": "recruit", "target": "reb-civ"})
    play(rules, state, {"kind": "block_timeout"}, dice=[6])  # failed, but it was the team's attempt
    rule = ("the Government team has made its one Recruit or Neutralize attempt this turn "
            "(optional rule, until the first successful Bust)")
    assert refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"}) == [
        rule]
    assert refused(rules, state, {"kind": "play_card", "player": "gov-para", "card": "6D", "target": "reb-para",
                                  "remove_from": "pool"}) == [rule]
    free = with_options(rules, one_government_recruit=False)
    assert free.check(state, free.parse_command(
        {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})) == []
    state.busted = True
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})


# --- Busting ---------------------------------------------------------------------------------------------
def test_unblocked_rebel_and_foreign_recruit_attempts_on_the_military_and_paramilitary_pool_are_counted(
        rules: CoupRules) -> None:
    state = table(hands={"reb-mil": ["2C"], "reb-civ": ["3C"], "for-para": ["4C"], "gov-mil": ["9S"]},
                  order=("reb", "for", "gov"))
    play(rules, state, {"kind": "play_card", "player": "reb-mil", "card": "2C", "target": "gov-mil"})
    play(rules, state, {"kind": "block", "player": "gov-mil", "card": "9S"})  # blocked: not counted
    play(rules, state, {"kind": "play_card", "player": "reb-civ", "card": "3C", "target": "gov-civ"})
    play(rules, state, {"kind": "block_timeout"}, dice=[0])  # civilian: not counted
    play(rules, state, {"kind": "attempt", "player": "reb-para", "action": "recruit", "target": "gov-para"})
    play(rules, state, {"kind": "block_timeout"}, dice=[5])  # failed roll, but unblocked: counted
    for p in ("for-mil", "for-civ"):
        play(rules, state, {"kind": "pass", "player": p})
    play(rules, state, {"kind": "play_card", "player": "for-para", "card": "4C", "target": "gov-para"})
    play(rules, state, {"kind": "block_timeout"}, dice=[0])
    assert state.bust_tally == {"reb": 1, "for": 1}


def bust_position(tally: int, reb_para: str = "4C") -> CoupState:
    state = table(hands={"gov-para": ["5H"], "reb-mil": ["2C", "3C"], "reb-para": [reb_para], "reb-civ": ["KD"],
                         "for-mil": ["6C"]})
    state.bust_tally = {"reb": tally, "for": 0}
    return state


def test_bust_thresholds_from_the_table(rules: CoupRules) -> None:
    for tally, die, succeeds in ((8, 1, True), (8, 2, False), (9, 2, True), (9, 3, False), (15, 2, True),
                                 (16, 3, True), (21, 4, False), (22, 4, True), (26, 5, False), (27, 5, True),
                                 (27, 6, False)):
        state = bust_position(tally)
        play(rules, state, {"kind": "bust", "player": "gov-para", "card": "5H", "against": "reb", "die": die})
        kinds = let_pass(rules, state)
        assert ("bust" in kinds) is succeeds, (tally, die)
        assert state.busted is succeeds


def test_a_successful_bust_discards_the_whole_teams_cards(rules: CoupRules) -> None:
    state = bust_position(3)
    play(rules, state, {"kind": "bust", "player": "gov-para", "card": "5H", "against": "reb"})
    let_pass(rules, state, dice=[1])
    assert [state.hands[p] for p in ("reb-mil", "reb-para", "reb-civ")] == [[], [], []]
    assert state.hands["for-mil"] == ["6C"]
    assert {"2C", "3C", "4C", "KD", "5H"} <= set(state.discard)


def test_bust_refusals(rules: CoupRules) -> None:
    state = bust_position(0)
    assert refused(rules, state, {"kind": "bust", "player": "gov-para", "card": "5H", "against": "reb"}) == [
        "no recruit attempt of the reb team has been counted: there is nothing to bust"]
    off = with_options(rules, busting=False)
    state = bust_position(4)
    assert off.check(state, off.parse_command({"kind": "bust", "player": "gov-para", "card": "5H", "against": "reb"})) \
        == ["Busting is an optional rule not in play in this scenario (options: busting)"]


def test_a_bust_may_be_blocked(rules: CoupRules) -> None:
    state = bust_position(30, reb_para="7S")
    play(rules, state, {"kind": "bust", "player": "gov-para", "card": "5H", "against": "reb", "die": 1})
    play(rules, state, {"kind": "block", "player": "reb-para", "card": "7S"})
    assert not state.busted and state.hands["reb-mil"] == ["2C", "3C"]
