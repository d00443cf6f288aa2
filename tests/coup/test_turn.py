"""Set-up, the turn order, one action per player, drawing, passing, transfers and conferences."""

from __future__ import annotations

from boardapp.engine.dice import ScriptedDice, SeededDice
from boardapp.engine.module import Impossible
from boardapp.rules.coup.components import DECK, PLAYERS, UNITS
from boardapp.rules.coup.module import CoupRules
from tests.coup.conftest import play, refused, table


def test_setup_deals_by_the_rulebook(rules: CoupRules) -> None:
    state = rules.initial_state()
    dice = SeededDice(11)
    rules.apply(state, rules.parse_command({"kind": "setup"}), dice)
    assert rules.check_state(state) == []
    for p in PLAYERS:
        if p.startswith("for"):
            assert (len(state.units[p]), len(state.hands[p])) == (0, 2), p
        else:
            assert (len(state.hands[p]), len(state.units[p])) == (1, 1), p
            assert UNITS[state.units[p][0]].cls == p.split("-")[1], "a unit of his own class"
    assert len(state.deck) == 52 - 6 - 6
    assert sum(len(v) for v in state.pool.values()) == 50 - 6
    assert state.phase == "play" and state.turn == 1 and len(state.order) == 3
    # 51 swaps for the shuffle, 6 unit picks, 1 order roll, all through the journalled dice
    assert len(dice.drawn) == 51 + 6 + 1


def test_setup_replays_from_its_recorded_draws(rules: CoupRules) -> None:
    first = rules.initial_state()
    dice = SeededDice(5)
    events = rules.apply(first, rules.parse_command({"kind": "setup"}), dice)
    again = rules.initial_state()
    assert rules.apply(again, rules.parse_command({"kind": "setup"}), ScriptedDice(dice.drawn)) == events
    assert again == first
    other = rules.initial_state()
    rules.apply(other, rules.parse_command({"kind": "setup"}), SeededDice(6))
    assert other.deck != first.deck, "a different seed shuffles differently"


def test_order_rolled_from_the_table_each_turn(rules: CoupRules) -> None:
    state = table(acted=PLAYERS)
    play(rules, state, {"kind": "end_turn", "die": 3})
    assert state.order == ["reb", "gov", "for"] and state.turn == 2
    state.acted = list(PLAYERS)
    state.conference = False
    play(rules, state, {"kind": "end_turn"}, dice=[6])
    assert state.order == ["for", "reb", "gov"]


def test_teams_act_in_the_rolled_order_one_action_each(rules: CoupRules) -> None:
    state = table(order=("reb", "gov", "for"))
    reasons = refused(rules, state, {"kind": "pass", "player": "gov-mil"})
    assert reasons == ["it is the Rebel team's turn (order R-G-F)"]
    play(rules, state, {"kind": "pass", "player": "reb-civ"})
    assert refused(rules, state, {"kind": "pass", "player": "reb-civ"}) == ["Reb-Civ has already acted this turn"]
    play(rules, state, {"kind": "pass", "player": "reb-mil"})
    refused(rules, state, {"kind": "pass", "player": "for-mil"})
    play(rules, state, {"kind": "pass", "player": "reb-para"})
    play(rules, state, {"kind": "pass", "player": "gov-para"})  # now the Government, in any order
    assert refused(rules, state, {"kind": "end_turn"}) == [
        "not every player has acted or passed this turn: Gov-Mil, Gov-Civ, For-Mil, For-Para, For-Civ"]


def test_draw_respects_the_card_limit(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["2C", "3C"], "for-mil": ["4C", "5C"]})
    assert refused(rules, state, {"kind": "draw", "player": "gov-mil"}) == ["Gov-Mil holds 2 cards, his limit"]
    state.order = ["for", "gov", "reb"]
    top = state.deck[-1]
    play(rules, state, {"kind": "draw", "player": "for-mil"})  # a Foreign Power player may hold three
    assert state.hands["for-mil"] == ["4C", "5C", top]
    state.acted = []
    assert refused(rules, state, {"kind": "draw", "player": "for-mil"}) == ["For-Mil holds 3 cards, his limit"]


def test_drawing_the_last_card_without_a_coup_ends_the_game(rules: CoupRules) -> None:
    state = table(deck_size=1)
    events = play(rules, state, {"kind": "draw", "player": "gov-mil"})
    assert state.phase == "over" and state.power == "gov"
    assert [e.kind for e in events[-2:]] == ["no_coup", "score"]
    assert refused(rules, state, {"kind": "declare_coup"})


def test_conference_break_after_every_second_turn(rules: CoupRules) -> None:
    state = table(acted=PLAYERS)
    events = play(rules, state, {"kind": "end_turn", "die": 1})
    assert not state.conference and "conference" not in [e.kind for e in events]
    state.acted = list(PLAYERS)
    events = play(rules, state, {"kind": "end_turn", "die": 1})
    assert state.conference and [e.data.get("minutes") for e in events if e.kind == "conference"] == [6]
    assert refused(rules, state, {"kind": "pass", "player": "gov-mil"}) == [
        "a conference break is on; Control ends it with end_conference"]
    play(rules, state, {"kind": "end_conference"})
    play(rules, state, {"kind": "pass", "player": "gov-mil"})
    for _ in range(2):
        state.acted = list(PLAYERS)
        events = play(rules, state, {"kind": "end_turn", "die": 1})
    assert state.turn == 5 and state.conference, "after turn 4 again"


def test_card_transfers_within_the_team_only_below_the_limit(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["2C"], "gov-para": ["3C", "4C"], "reb-mil": ["5C"]})
    assert refused(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "gov-para", "card": "2C"}) == [
        "Gov-Para holds 2 cards, his limit; he can take a card only below it"]
    assert "Government and Rebel players never deal with each other" in refused(
        rules, state, {"kind": "transfer", "player": "gov-mil", "to": "reb-mil", "card": "2C"})[0]
    play(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "gov-civ", "card": "2C"})
    assert state.hands["gov-civ"] == ["2C"] and state.hands["gov-mil"] == []


def test_foreign_power_transfers_carry_chips(rules: CoupRules) -> None:
    state = table(hands={"for-mil": ["2C", "3C"]}, units={"for-mil": ["mil-tanks-1"]}, order=("for", "gov", "reb"))
    play(rules, state, {"kind": "transfer", "player": "for-mil", "to": "gov-mil", "card": "2C", "chips": 2})
    assert state.chips["gov-mil"] == 2 and state.hands["gov-mil"] == ["2C"]
    state2 = table(hands={"gov-mil": ["2C"]})
    assert refused(rules, state2, {"kind": "transfer", "player": "gov-mil", "to": "for-mil", "card": "2C",
                                   "chips": 1}) == ["only a Foreign Power player's transfers carry favours (chips)"]
    play(rules, state2, {"kind": "transfer", "player": "gov-mil", "to": "for-mil", "card": "2C"})
    assert state2.hands["for-mil"] == ["2C"] and set(state2.chips.values()) == {0}


def test_unit_transfers_class_and_foreign_limit(rules: CoupRules) -> None:
    state = table(units={"gov-mil": ["mil-tanks-1", "mil-air-1"], "for-mil": ["mil-infantry-1", "mil-infantry-2",
                                                                              "mil-infantry-3"]})
    assert refused(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "for-mil",
                                  "unit": "mil-tanks-1"}) == ["For-Mil holds 3 units, the Foreign Power limit"]
    assert refused(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "for-para",
                                  "unit": "mil-tanks-1"}) == [
        "a military unit goes only to a player of its class, not For-Para"]
    state.units["for-mil"].pop()
    state.pool["mil"].append("mil-infantry-3")
    play(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "for-mil", "unit": "mil-tanks-1"})
    assert "mil-tanks-1" in state.units["for-mil"]


def test_a_refused_action_changes_nothing_and_unknown_names_cannot_be_forced(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["2C"]})
    reasons = refused(rules, state, {"kind": "transfer", "player": "gov-mil", "to": "nobody", "card": "2C"})
    assert all(isinstance(r, Impossible) for r in reasons)
    assert isinstance(refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "9C",
                                             "target": "reb-mil"})[0], Impossible)
    assert isinstance(refused(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "ZZ",
                                             "target": "reb-mil"})[0], Impossible)
    assert state.acted == [] and sorted(state.deck + state.hands["gov-mil"] + state.discard) == sorted(DECK)
