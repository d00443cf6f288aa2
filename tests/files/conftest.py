"""A small game file played through every kind of entry, closed, for the tampering tests to break."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import new_game
from boardapp.engine.module import IllegalCommandError

SCRIPT: list[dict[str, Any]] = [
    {"kind": "move", "counter": "g-bde1", "to": "charlie"},
    {"kind": "deploy", "counter": "g-sf1", "to": "golf"},
    {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 6},
    {"kind": "deliver_aid", "team": "un", "place": "charlie", "count": 3},
    {"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil3"},
    {"kind": "influence", "place": "charlie", "bids": {"gov": [1], "reb": [3]}},
    {"kind": "transfer", "from": "gov", "to": "reb", "money": 1, "cards": [2]},
    {"kind": "end_turn"},
    {"kind": "camp", "team": "un", "place": "charlie"},
    {"kind": "supply", "team": "reb", "stores": 5, "reason": "arms dealer"},
    {"kind": "end_turn"},
]
"""Eleven entries; some draw dice (a strike, ends of turn), some none."""


def play(game: Any, script: list[dict[str, Any]] = SCRIPT) -> None:
    for cmd in script:
        try:
            game.push(cmd)
        except IllegalCommandError:
            game.push(cmd | {"force": "test: play on"})


@pytest.fixture
def game_file(tiny: Any, tmp_path: Path) -> Iterator[Path]:
    """A closed game file of SCRIPT with one undo and redo in its history."""
    path = tmp_path / "tiny.game"
    game = new_game(tiny, save=path, dice=SeededDice(4))
    play(game)
    game.undo()
    game.redo()
    game.store.close()
    yield path
