"""Influence cards and PR (``rules/binni/influence.py``): contests, hands topped up or cut to the PR table, set_pr."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from boardapp.engine.files import load_scenario

from .binni_helpers import DATA, end_turn, events_of, make_game

BINNI_GOVERNMENT = [3, 4, 5, 7, 8, 9, 10, 11, 12]


@pytest.fixture(scope="module")
def order_game_loaded() -> Any:
    return load_scenario(DATA / "binni-order.yaml")


# --- influence contests ------------------------------------------------------------------------------
def test_the_highest_total_wins_and_every_committed_card_is_consumed(g: Any) -> None:
    entry = g.push({"kind": "influence", "place": "delta", "bids": {"gov": [1, 1, 2], "reb": [3]}})
    assert g.state.control["delta"] == "gov"
    assert (g.state.teams["gov"].cards, g.state.teams["reb"].cards) == ([], [1])
    assert entry.events[0].text == ("influence contest for Delta (Government 4, Rebels 3): Government takes control; "
                                    "every committed card is consumed")
    assert entry.events[0].data["totals"] == {"gov": 4, "reb": 3}


def test_the_defender_keeps_control_when_it_wins(g: Any) -> None:
    entry = g.push({"kind": "influence", "place": "delta", "bids": {"gov": [2], "reb": [1, 3]}})
    assert g.state.control["delta"] == "reb"
    assert (g.state.teams["gov"].cards, g.state.teams["reb"].cards) == ([1, 1], [])
    assert entry.events[0].text.endswith("Rebels keeps control; every committed card is consumed")


def test_a_tie_leaves_control_where_it_was_and_still_consumes_the_cards(g: Any) -> None:
    entry = g.push({"kind": "influence", "place": "delta", "bids": {"gov": [1, 2], "reb": [3]}})
    assert g.state.control["delta"] == "reb"
    assert (g.state.teams["gov"].cards, g.state.teams["reb"].cards) == ([1], [1])
    assert entry.events[0].text == ("influence contest for Delta (Government 3, Rebels 3): a tie, control stays with "
                                    "Rebels; every committed card is consumed")


def test_a_tie_between_challengers_leaves_a_neutral_place_neutral(g: Any) -> None:
    g.state.teams["un"].cards = [3]
    g.push({"kind": "influence", "place": "charlie", "bids": {"gov": [1, 2], "un": [3]}})
    assert g.state.control["charlie"] is None


def test_influence_refusals(g: Any) -> None:
    assert g.check({"kind": "influence", "place": "delta", "bids": {"news": [2]}}) == [
        "News Media is an off-map team and cannot hold places; it may transfer cards to a faction instead"]
    assert g.check({"kind": "influence", "place": "delta", "bids": {"gov": [2, 2]}}) == [
        "Government does not hold the cards [2, 2] (hand: [1, 1, 2])"]
    assert g.check({"kind": "influence", "place": "delta", "bids": {}}) == [
        "an influence contest needs at least one team committing cards"]
    assert g.check({"kind": "influence", "place": "delta", "bids": {"xx": [1]}}) == [
        "no team 'xx'; teams are gov, news, reb, un"]


def test_a_contest_with_no_cards_committed_is_refused(g: Any) -> None:
    """Engine fix: a team listing no cards used to take the place with a total of 0."""
    reason = "no influence card is committed: a contest with no cards would hand the place over for nothing"
    assert g.check({"kind": "influence", "place": "delta", "bids": {"gov": []}}) == [reason]
    assert g.check({"kind": "influence", "place": "charlie", "bids": {"gov": [], "un": []}}) == [reason]
    g.push({"kind": "influence", "place": "delta", "bids": {"gov": [1], "reb": []}})
    assert g.state.control["delta"] == "gov"  # one card beats a holder that commits none


# --- influence cards and PR --------------------------------------------------------------------------
@pytest.mark.parametrize("pr", range(9))
def test_the_hand_is_topped_up_to_the_binni_government_pr_table(g: Any, pr: int) -> None:
    g.push({"kind": "set_pr", "team": "gov", "level": pr, "reason": "test"})
    end_turn(g)
    assert len(g.state.teams["gov"].cards) == BINNI_GOVERNMENT[pr]
    assert g.module.summary(g.state)["teams"]["gov"]["cards_max"] == BINNI_GOVERNMENT[pr]


def test_top_up_draws_use_the_deck_percentages(g: Any) -> None:
    entry = end_turn(g, 1, 60, 61, 90, 91, *([100] * 10))
    gov = events_of(entry, "cards")[0]
    assert gov.data == {"drawn": [1, 1, 2, 2, 3]}
    assert gov.text == "Government draws 5 influence cards (limit 8 at PR 4)"
    assert g.state.teams["gov"].cards == [1, 1, 1, 1, 2, 2, 2, 3]
    assert entry.rolls[:5] == [1, 60, 61, 90, 91]
    assert g.state.teams["un"].cards == [3] * 7
    assert g.replay().model_dump() == g.state.model_dump()


def test_a_hand_above_a_new_lower_limit_is_cut_keeping_the_best(g: Any) -> None:
    end_turn(g, 1, 60, 61, 90, 91, *([1] * 10))
    g.push({"kind": "set_pr", "team": "gov", "level": 0, "reason": "massacre reported"})
    entry = end_turn(g)
    assert g.state.teams["gov"].cards == [2, 2, 3]
    assert events_of(entry, "cards")[0].text == ("Government discards 5 influence cards down to its limit 3 at PR 0")
    assert events_of(entry, "cards")[0].data == {"discarded": [2, 1, 1, 1, 1]}


def test_a_starting_hand_not_given_is_dealt_by_the_deck_mix(order_game_loaded: Any) -> None:
    g = make_game(order_game_loaded)
    assert g.state.teams["gov"].cards == [1] * 7 + [2] * 4 + [3]  # 12 at PR 8: 7/12, 4/12, 1/12
    assert g.state.teams["reb"].cards == [1]


def test_set_pr(g: Any) -> None:
    entry = g.push({"kind": "set_pr", "team": "reb", "level": 7, "reason": "good press"})
    assert g.state.teams["reb"].pr == 7
    assert entry.events[0].text == "CONTROL sets Rebels's PR from 2 to 7 (good press); card limit 5"
    with pytest.raises(ValidationError):
        g.push({"kind": "set_pr", "team": "reb", "level": 9, "reason": "x"})
    with pytest.raises(ValidationError):
        g.push({"kind": "set_pr", "team": "reb", "level": 3, "reason": ""})
