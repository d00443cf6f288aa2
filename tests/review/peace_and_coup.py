"""A Coup game and a Mid-East PEACE game saved to game files, for the review's tests.

Coup: the documented example game (docs/examples/coup-every-command.yaml, every command, the coup
and three rounds of combat) on its seed. Mid-East PEACE: a seeded random legal game (the random
player of tests/mideast) over a few turns, CONTROL moving the game on when nothing is legal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.game import Game
from tests.coup.make_example import Player
from tests.mideast.test_mideast_random import candidates

ROOT = Path(__file__).resolve().parents[2]


def coup_game(save: Path, commands: int | None = None) -> Game[Any]:
    """The example Coup game (its first ``commands`` commands), saved to ``save``."""
    game: Game[Any] = new_game(load_scenario(ROOT / "scenarios" / "coup.yaml"), save=save, dice=SeededDice(2))
    for cmd in Player(2).play()[:commands]:
        game.push(cmd)
    game.store.close()
    return game


def peace_game(save: Path, steps: int = 160, seed: int = 3) -> Game[Any]:
    """A random legal Mid-East PEACE game of about ``steps`` commands, saved to ``save``."""
    rng = random.Random(seed)
    game: Game[Any] = new_game(load_scenario(ROOT / "scenarios" / "mideast-peace.yaml"), save=save,
                               dice=SeededDice(seed))
    for _ in range(steps):
        if game.state.ended:
            break
        legal = [c for c in candidates(game, rng) if game.check(c) == []]
        if not legal:
            game.push({"kind": "end_turn", "force": "CONTROL moves the game on"})
            continue
        weights = [0.15 if c["kind"] in ("end_turn", "give_chips") else 1.0 for c in legal]
        game.push(rng.choices(legal, weights)[0])
    game.store.close()
    return game
