"""The end of turn and its order, influence cards and PR, trades, CONTROL's commands, forcing, replay."""

from __future__ import annotations

from typing import Any

import pytest
from .binni_helpers import DATA, end_turn, events_of, make_game, put
from pydantic import ValidationError

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import IllegalCommandError

BINNI_GOVERNMENT = [3, 4, 5, 7, 8, 9, 10, 11, 12]


@pytest.fixture(scope="module")
def order_game_loaded() -> Any:
    return load_scenario(DATA / "binni-order.yaml")


# --- the end of turn ---------------------------------------------------------------------------------
def test_the_end_of_turn_runs_its_steps_in_order(g: Any) -> None:
    put(g, "r-mil1", "charlie")
    g.state.control["charlie"] = None
    g.state.counters["r-mil1"].held_since = 0
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "bravo"})
    g.push({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 1})
    g.state.dp[0].weeks_unassisted = 2
    g.push({"kind": "move", "counter": "g-mil1", "to": "alpha"})
    entry = end_turn(g)
    kinds = [e.kind for e in entry.events]
    assert kinds == ["control", "deaths", "upkeep", "cards", "cards", "cards", "cards", "pr_suggestion", "week"]
    assert entry.events[-1].text == "Week 1 ends; week 2 begins"
    assert g.state.week == 2
    assert g.state.conflict == []
    assert not any(c.moved or c.attacked or c.activated for c in g.state.counters.values())
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "bravo"}) == []


def test_occupation_comes_before_upkeep(order_game_loaded: Any) -> None:
    """Mercenaries that take control and cost upkeep: they take Charlie, then leave unpaid."""
    g = make_game(order_game_loaded, [1] * 50)
    entry = g.push({"kind": "end_turn"})
    assert g.state.control["charlie"] == "gov"
    assert g.state.counters["g-mer"].place is None
    assert [e.kind for e in entry.events[:2]] == ["control", "upkeep"]


def test_displaced_people_move_before_the_weeks_conflict_is_forgotten(g: Any) -> None:
    put(g, "r-mil1", "bravo")
    g.state.dp.clear()
    from boardapp.rules.binni.state import DPToken
    for i in range(3):
        g.state.dp.append(DPToken(id=i + 1, place="delta", community="muslim"))
    g.state.next_dp = 4
    for cid in ("r-mil2", "g-mil1"):
        put(g, cid, None)
    g.push({"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil1", "die": 3})
    assert g.state.conflict == ["bravo"]
    end_turn(g)
    assert sorted(d.place for d in g.state.dp) == ["delta", "delta", "echo"]  # away from Bravo, not to Charlie


def test_the_game_says_when_its_last_week_is_over(g: Any) -> None:
    g.state.week = 8
    assert end_turn(g).events[-1].text == "Week 8 ends; week 9 begins (the game's last week is over)"


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


# --- trades and supply -------------------------------------------------------------------------------
def test_a_transfer_moves_everything_it_names(g: Any) -> None:
    entry = g.push({"kind": "transfer", "from": "gov", "to": "reb", "money": 2, "stores": 3, "aid": 1,
                    "cruise_missiles": 1, "cards": [2], "counters": ["g-mil1"]})
    gov, reb = g.state.teams["gov"], g.state.teams["reb"]
    assert (gov.money, gov.stores, gov.aid, gov.cruise_missiles, gov.cards) == (8, 9, 5, 1, [1, 1])
    assert (reb.money, reb.stores, reb.aid, reb.cruise_missiles, reb.cards) == (5, 7, 1, 1, [1, 3, 2])
    assert g.state.counters["g-mil1"].team == "reb"
    assert entry.events[0].text == ("Government gives Rebels $M2, 3 stores, 1 aid, 1 cruise missiles, "
                                    "1 influence card, counter g-mil1")


def test_transfer_refusals(g: Any) -> None:
    assert g.check({"kind": "transfer", "from": "reb", "to": "gov", "money": 4, "cards": [2]}) == [
        "Rebels has 3 money, not 4",
        "Rebels does not hold the cards [2] (hand: [1, 3])",
    ]
    assert g.check({"kind": "transfer", "from": "gov", "to": "reb", "cards": [1, 1]}) == [
        "Rebels may hold 3 influence cards at PR 2; it holds 2"]
    assert g.check({"kind": "transfer", "from": "gov", "to": "news", "counters": ["g-mil1", "r-mil1"]}) == [
        "News Media is an off-map team and owns no units",
        "r-mil1 (Rebels Armed Militia) does not belong to Government",
    ]
    assert g.check({"kind": "transfer", "from": "gov", "to": "gov", "money": 1}) == [
        "a transfer needs two different teams"]
    with pytest.raises(ValidationError, match="a transfer must move something"):
        g.push({"kind": "transfer", "from": "gov", "to": "reb"})


def test_supply_adds_and_takes_away(g: Any) -> None:
    entry = g.push({"kind": "supply", "team": "reb", "money": 5, "stores": 10, "aid": -0, "cruise_missiles": 2,
                    "cards": [3], "reason": "arms dealer"})
    reb = g.state.teams["reb"]
    assert (reb.money, reb.stores, reb.cruise_missiles, reb.cards) == (8, 14, 2, [1, 3, 3])
    assert entry.events[0].text == ("CONTROL supplies Rebels: +5 money, +10 stores, +2 cruise missiles, "
                                    "1 influence cards (arms dealer)")
    g.push({"kind": "supply", "team": "reb", "stores": -14, "reason": "depot bombed"})
    assert reb.stores == 0
    assert g.check({"kind": "supply", "team": "reb", "money": -9, "cards": [1], "reason": "x"}) == [
        "Rebels has 8 money; cannot take away 9",
        "Rebels may hold 3 cards at PR 2",
    ]


def test_news_is_logged(g: Any) -> None:
    entry = g.push({"kind": "news", "text": "Rebels shell Delta"})
    assert entry.events[0].text == "NEWS: Rebels shell Delta"
    assert g.state.news == ["Rebels shell Delta"]


# --- forcing ------------------------------------------------------------------------------------------
def test_a_forced_command_is_applied_and_the_journal_keeps_what_it_broke(g: Any) -> None:
    g.state.teams["gov"].money = 0
    with pytest.raises(IllegalCommandError) as refused:
        g.push({"kind": "move", "counter": "g-bde1", "to": "delta"})
    assert refused.value.reasons == ["Delta is occupied by hostile units (r-mil1, r-mil2): no unit enters it "
                                     "except by fighting"]
    entry = g.push({"kind": "move", "counter": "g-bde1", "to": "delta", "force": "CONTROL ruling: air drop"})
    assert entry.overridden == refused.value.reasons
    assert g.state.counters["g-bde1"].place == "delta"
    assert [e.text for e in events_of(entry, "shortfall")] == ["Government lacked $M1 for activation (forced)"]
    assert g.state.teams["gov"].money == 0
    assert g.state.teams["gov"].cards == [1, 2]  # short of money, the entry is paid with the lowest card


def test_refusals_naming_what_does_not_exist_cannot_be_forced(g: Any) -> None:
    with pytest.raises(IllegalCommandError, match=r"\(cannot be forced\): no counter 'ghost'"):
        g.push({"kind": "move", "counter": "ghost", "to": "delta", "force": "CONTROL ruling"})
    assert g.entries == []


# --- replay ---------------------------------------------------------------------------------------------
SCRIPT: list[dict[str, Any]] = [
    {"kind": "deploy", "counter": "g-bde2", "to": "bravo"},
    {"kind": "move", "counter": "g-bde1", "to": "charlie"},
    {"kind": "deploy", "counter": "g-sf1", "to": "golf"},
    {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "attacker_support": ["bombing"]},
    {"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil3"},
    {"kind": "influence", "place": "golf", "bids": {"gov": [2], "reb": [1]}},
    {"kind": "deliver_aid", "team": "un", "place": "foxtrot", "count": 4},
    {"kind": "camp", "team": "un", "place": "foxtrot"},
    {"kind": "transfer", "from": "news", "to": "reb", "cards": [2]},
    {"kind": "end_turn"},
    {"kind": "move", "counter": "g-mil1", "to": "charlie"},
    {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil3"},
    {"kind": "end_turn"},
    {"kind": "end_turn"},
]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_replay_undo_and_redo_give_the_same_state(loaded: Any, seed: int) -> None:
    g = new_game(loaded, dice=SeededDice(seed))
    for cmd in SCRIPT:
        if not g.check(cmd):
            g.push(cmd)
        assert g.module.check_state(g.state) == []
    assert len(g.entries) >= 10
    assert g.replay().model_dump() == g.state.model_dump()
    final = g.state.model_dump()
    for _ in range(5):
        g.undo()
    for _ in range(5):
        g.redo()
    assert g.state.model_dump() == final

