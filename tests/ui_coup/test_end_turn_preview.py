"""Coup's End-turn preview and the order of play (rehearsal 3, fault 7): the preview said "Turn 2: the order
of play is G-F-R (rolled 2)" and the end of turn then rolled R-G-F, the preview having rolled its own die.

The rulebook: "The order of play is determined anew and randomly each turn" (Order of Play table, a d6). The
preview may name the order only where the game's seed fixes the roll, and then it is the order the end of
turn gives; otherwise it says the order is rolled as the turn begins and names none."""

from __future__ import annotations

import re
from typing import Any

from boardapp.engine.dice import SeededDice
from tests.ui_coup.conftest import game_at

BEFORE_END = 17
"""The example game's 18th command is turn 1's end_turn: after 17 every player has acted."""

ORDER = re.compile(r"[GRF]-[GRF]-[GRF]")


def _order_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if "order of play" in line]


def test_a_seeded_game_previews_the_order_the_end_of_turn_gives(window: Any, loaded: Any) -> None:
    game = game_at(loaded, BEFORE_END)  # seed 2, as the example game was played
    assert isinstance(game.dice, SeededDice) and game.dice.seed is not None
    w = window(game)
    before = len(game.entries)
    previewed = _order_lines(w.end_turn_preview())
    assert len(previewed) == 1 and ORDER.search(previewed[0]), previewed
    assert len(game.entries) == before, "the preview plays nothing"
    w._end_turn_now()
    assert len(game.entries) == before + 1
    happened = [e.text for e in game.entries[-1].events if "order of play" in e.text]
    assert happened == previewed


def test_an_unseeded_game_previews_no_order(window: Any, loaded: Any) -> None:
    game = game_at(loaded, BEFORE_END)
    game.dice = SeededDice()  # as a game started without --seed: its next draws are not fixed
    w = window(game)
    lines = w.end_turn_preview()
    [said] = _order_lines(lines)
    assert not ORDER.search(said) and "rolled" in said and "(rolled" not in said, said
    assert said == "Turn 2: the order of play is rolled (a d6) as the turn begins"
    assert any(line == "Turn 1 ends" for line in lines), lines
    w._end_turn_now()
    [real] = [e.text for e in game.entries[-1].events if "order of play" in e.text]
    assert ORDER.search(real) and "(rolled " in real, "the real end of turn names the order it rolled"
