"""Random play, legal and forced: whatever the commands, the game never crashes, never loses or
doubles a card or a counter, and replays from its journal to the same state.

Each step lists plausible commands for the position (every action of every player, replies to a
Block window, Control's commands, combat commands), takes a legal one mostly and now and then
forces a refused one with a Control ruling, as an umpire may.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.game import Game
from boardapp.engine.module import IllegalCommandError, Impossible
from boardapp.rules.coup.components import PLAYERS
from boardapp.rules.coup.state import CoupState


def candidates(s: CoupState, rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"kind": k} for k in ("setup", "end_turn", "end_conference", "block_timeout",
                                                       "start_combat")]
    for p in PLAYERS:
        out += [{"kind": "draw", "player": p}, {"kind": "pass", "player": p}, {"kind": "no_block", "player": p}]
        if rng.random() < 0.02:  # always legal: offered rarely, or it would crowd out the game
            out.append({"kind": "objective_met", "player": p, "points": 1})
        q = rng.choice(PLAYERS)
        for card in s.hands[p]:
            out += [{"kind": "play_card", "player": p, "card": card, "target": q},
                    {"kind": "play_card", "player": p, "card": card, "target": q, "remove_from": "counterpart"},
                    {"kind": "block", "player": p, "card": card},
                    {"kind": "transfer", "player": p, "to": q, "card": card, "chips": rng.choice((0, 2))},
                    {"kind": "discard", "player": p, "card": card},
                    {"kind": "bust", "player": p, "card": card, "against": rng.choice(("reb", "for"))}]
        for unit in s.units[p]:
            out += [{"kind": "transfer", "player": p, "to": q, "unit": unit},
                    {"kind": "arm", "player": p, "units": [unit]}]
        out += [{"kind": "attempt", "player": p, "action": rng.choice(("recruit", "neutralize")), "target": q,
                 "remove_from": rng.choice(("pool", "counterpart"))}]
    if s.turn >= 4 or rng.random() < 0.01:  # let the card phase run a few turns first
        out += [{"kind": "declare_coup"}, {"kind": "declare_coup", "player": "gov-mil"}]
    out += [{"kind": "support", "player": p, "side": rng.choice(("gov", "reb", "none"))}
            for p in ("for-mil", "for-para", "for-civ")]
    if s.combat is not None:
        for side in ("gov", "reb"):
            units = s.side_units(side)
            rng.shuffle(units)
            stacks = [units[i:i + 2] for i in range(0, len(units), 2)]
            out.append({"kind": "lay_out", "player": f"{side}-mil", "stacks": stacks})
            pairs = {k + 1: st for k, st in enumerate(stacks[: len(s.combat.stacks)]) if rng.random() < 0.7}
            out.append({"kind": "match", "player": f"{side}-mil", "pairs": pairs})
            owed = [x.defender if side == s.combat.defender else x.attacker for x in s.combat.pairings
                    if side in x.owes]
            out.append({"kind": "lose", "player": f"{side}-mil", "units": [rng.choice(u) for u in owed]})
    return out


@pytest.mark.parametrize("seed", range(6))
def test_random_play_never_breaks_the_game(loaded: Any, seed: int) -> None:
    rng = random.Random(seed)
    game: Game[CoupState] = Game.new(loaded, dice=SeededDice(seed))
    forced = 0
    for _ in range(1500):
        options = candidates(game.state, rng)
        legal = [c for c in options if not game.check(c)]
        forceable = [c for c in options if (r := game.check(c)) and not any(isinstance(x, Impossible) for x in r)]
        if forceable and (not legal or rng.random() < 0.1):
            cmd = rng.choice(forceable) | {"force": "Control: random ruling"}
            forced += 1
        elif legal:
            cmd = rng.choice(legal)
        else:
            break
        try:
            game.push(cmd)
        except IllegalCommandError as exc:  # only an Impossible reason may refuse a forced command
            raise AssertionError(f"{cmd} refused although forceable: {exc}") from exc
        problems = [p for p in game.module.check_state(game.state) if "another class" not in p]
        assert problems == [], (cmd, problems)  # forced transfers may put a unit with another class
        if game.state.phase == "over":
            break
    assert forced > 0
    assert game.state.phase == "over", "the random game plays through to the end"
    assert game.replay(verify=True) == game.state
