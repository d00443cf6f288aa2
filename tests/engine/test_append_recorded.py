"""Game.append_recorded: a follower applies entries another game accepted, in order, verified."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.game import ReplayMismatchError

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


def test_follower_matches_the_authority() -> None:
    host = new_game(load_scenario(TINY), dice=SeededDice(5))
    seat = new_game(load_scenario(TINY), dice=SeededDice(99))  # its own dice are never used
    seen = []
    seat.subscribe(lambda what, entry: seen.append((what, entry.seq if entry else None)))
    for cmd in ({"kind": "move", "counter": "g-mil1", "to": "charlie"},
                {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil3"},
                {"kind": "end_turn"}):
        seat.append_recorded(host.push(cmd))
    assert seat.state.model_dump() == host.state.model_dump()
    assert seen == [("push", 1), ("push", 2), ("push", 3)]


def test_out_of_order_and_mismatching_entries_are_refused() -> None:
    host = new_game(load_scenario(TINY), dice=SeededDice(5))
    seat = new_game(load_scenario(TINY))
    first = host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    second = host.push({"kind": "end_turn"})
    with pytest.raises(ValueError, match="journal entry 2 arrived, but entry 1 is next"):
        seat.append_recorded(second)
    forged = first.model_copy(update={"events": []})
    with pytest.raises(ReplayMismatchError):
        seat.append_recorded(forged)
    assert seat.entries == []
    assert seat.state.model_dump() == seat.replay().model_dump()
    seat.append_recorded(first)
    assert seat.state.counters["g-mil1"].place == "charlie"


def test_an_entry_records_the_turn_it_was_played_in() -> None:
    game = new_game(load_scenario(TINY), dice=SeededDice(5))
    assert game.push({"kind": "news", "text": "calm"}).turn == "Week 1"
    assert game.push({"kind": "end_turn"}).turn == "Week 1", "the end of week 1 belongs to week 1"
    assert game.push({"kind": "news", "text": "still calm"}).turn == "Week 2"
