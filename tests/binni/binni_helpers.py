"""Helpers and fixtures for the War in Binni rules tests.

Every test starts from ``tests/data/tiny-scenario.yaml`` on the tiny map::

    alpha - bravo - charlie - delta - echo
              |                 |
            foxtrot           golf

Teams: gov (Government, PR table of the Binni Government), reb (Rebels), un, news (off-map).
Starting control: alpha, bravo, foxtrot gov; delta, echo, golf reb; charlie neutral.
Helpers put counters where a test wants them (state set-up); the test then acts through the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.game import Game

DATA = Path(__file__).resolve().parents[1] / "data"
TINY = DATA / "tiny-scenario.yaml"


@pytest.fixture(scope="session")
def loaded() -> Any:
    return load_scenario(TINY)


def make_game(loaded: Any, dice: list[int] | tuple[int, ...] = ()) -> Game[Any]:
    return new_game(loaded, dice=ScriptedDice(list(dice)))


@pytest.fixture
def g(loaded: Any) -> Game[Any]:
    """A fresh tiny game whose dice are empty: a test that rolls must script them with ``roll``."""
    return make_game(loaded)


def roll(g: Game[Any], *values: int) -> None:
    """Script the next draws of the game's dice."""
    g.dice = ScriptedDice(list(values))


def put(g: Game[Any], cid: str, place: str | None, *, value: int | None = None, strength: int | None = None,
        losses: int | None = None, held_since: int | None = None) -> None:
    """Place a counter (and optionally set its numbers) directly in the state."""
    ctr = g.state.counters[cid]
    g.state.relocate(ctr, place)
    ctr.held_since = held_since
    if value is not None:
        ctr.combat_value = value
    if strength is not None:
        ctr.strength = strength
    if losses is not None:
        ctr.losses = losses


def clear_map(g: Game[Any]) -> None:
    """Take every counter off the map."""
    for cid in list(g.state.counters):
        put(g, cid, None)


def events_of(entry: Any, kind: str) -> list[Any]:
    return [e for e in entry.events if e.kind == kind]


def texts(entry: Any) -> list[str]:
    return [e.text for e in entry.events]


def end_turn(g: Game[Any], *draws: int) -> Any:
    """End the week; card top-ups draw the given percentages (default: all 1, i.e. score-1 cards)."""
    g.dice = ScriptedDice(list(draws) if draws else [1] * 200)
    return g.push({"kind": "end_turn"})
