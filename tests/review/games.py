"""Random legal War in Binni games for the review's tests and benchmark.

Each command is drawn at random from what an umpire table does all day (moves along the legal
destinations, attacks on a neighbouring hostile place, supplies, transfers, PR rulings, news), kept
only if the rules accept it; now and then CONTROL forces a move the rules refuse, so that the
journal holds forced rulings too. Every week ends with the end-of-turn command.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import new_game
from boardapp.engine.game import Game
from boardapp.rules.binni import commands as c


def _candidate(game: Game[Any], rng: random.Random) -> Any:
    """One command an umpire might send now (legal or not: the caller checks)."""
    s, m = game.state, game.module
    on_map = [u for u in s.counters.values() if u.place is not None and not u.destroyed]
    teams = list(s.teams)
    roll = rng.random()
    if roll < 0.35 and on_map:
        u = rng.choice(on_map)
        options = m.move_options(s, u.id)
        if options:
            return c.Move(counter=u.id, to=rng.choice(options).place)
    if roll < 0.5 and on_map:
        u = rng.choice(on_map)
        assert u.place is not None
        hostile = [p for p in m.adj.get(u.place, ()) if m.hostile_units(s, p, u.team)]
        if hostile:
            return c.Attack(place=rng.choice(hostile), attackers=[u.id], die=rng.randint(1, 6))
    if roll < 0.62:
        return c.Supply(team=rng.choice(teams), money=rng.randint(0, 3), stores=rng.randint(0, 3),
                        reason="monthly budget")
    if roll < 0.72:
        a, b = rng.sample(teams, 2)
        return c.Transfer(**{"from": a}, to=b, money=rng.randint(1, 2))
    if roll < 0.78:
        return c.SetPR(team=rng.choice(teams), level=rng.randint(1, 6), reason="press conference")
    return c.News(text=f"Headline {rng.randint(1, 10_000)}")


def random_game(loaded: Any, entries: int, weeks: int, *, seed: int = 1, save: str | Path | None = None,
                force_every: int = 97, watch: Callable[[Game[Any]], None] | None = None) -> Game[Any]:
    """A legal random game of about ``entries`` journal entries over ``weeks`` weeks.

    Every ``force_every``-th command is a move CONTROL forces over the rules (into a place without a
    road, say), when one can be found. ``watch(game)`` is called after every accepted command."""
    rng = random.Random(seed)
    game = new_game(loaded, save=save, dice=SeededDice(seed))
    if watch is not None:
        game.subscribe(lambda _what, _entry: watch(game))
    for week in range(weeks):
        per_week = max(1, entries // weeks + (1 if week < entries % weeks else 0))  # the weeks add up to entries
        for i in range(per_week - 1):
            if i % force_every == force_every - 1 and _force_one(game, rng):
                continue
            for _try in range(50):
                cmd = _candidate(game, rng)
                if not game.check(cmd):
                    game.push(cmd)
                    break
            else:
                game.push(c.News(text="nothing else happened"))
        game.push(c.EndTurn())
    return game


def _force_one(game: Game[Any], rng: random.Random) -> bool:
    s, m = game.state, game.module
    for _try in range(20):
        u = rng.choice(list(s.counters.values()))
        if u.place is None or u.destroyed:
            continue
        cmd = c.Move(counter=u.id, to=rng.choice(list(m.places)), force="CONTROL: the bridge was repaired")
        reasons = game.check(cmd)
        if reasons and not any(type(r).__name__ == "Impossible" for r in reasons):
            try:
                game.push(cmd)
            except ValueError:
                continue
            return True
    return False
