"""Benchmark The Game's turn processing on the full world.

Loads ``scenarios/the-game.yaml`` (102 land and 20 sea regions, 35 nations) and measures, as the
median of repeated runs, each on a fresh copy of the starting state made before its timing starts:

| what | target | how |
|---|---|---|
| a whole turn's end-of-step processing | <= 100 ms | ``apply(finish_step)`` for the 18 steps I to VI.C |
| the same through the journal | (none) | ``Game.push`` of the 18 ``finish_step`` commands (check, apply, record) |
| a preview | (none) | ``preview(state)`` of the slowest step (maintenance), on a copy |
| a state copy | (none) | ``state.copy()`` |
| the board picture | (none) | ``view(state, Audience.PUBLIC)``: sections, pieces and tokens of the whole world |

Run: ``.venv/bin/python benchmarks/bench_thegame.py [runs]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Audience
from boardapp.rules.thegame.commands import FinishStep
from boardapp.rules.thegame.module import TheGameRules
from boardapp.rules.thegame.steps import STEPS, step_index


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:8.2f} ms (min {min(samples) * 1000:.2f}, max {max(samples) * 1000:.2f})"


def main(runs: int = 20) -> None:
    loaded = load_scenario(ROOT / "scenarios" / "the-game.yaml")
    module = Game.new(loaded).module
    assert isinstance(module, TheGameRules)
    start = module.initial_state()
    commands = [FinishStep(step=s.code) for s in STEPS]

    turn = []
    for i in range(runs):
        state = start.copy()
        dice = SeededDice(i)
        t0 = time.perf_counter()
        for cmd in commands:
            module.apply(state, cmd, dice)
        turn.append(time.perf_counter() - t0)
        assert state.turn == 2

    journal = []
    for i in range(max(3, runs // 4)):
        game = Game.new(loaded, dice=SeededDice(i))
        t0 = time.perf_counter()
        for cmd in commands:
            game.push(cmd)
        journal.append(time.perf_counter() - t0)

    preview = []
    state = start.copy()
    state.step = step_index("VI.A") or 0
    for _ in range(runs):
        t0 = time.perf_counter()
        module.preview(state)
        preview.append(time.perf_counter() - t0)

    pictures = []
    for _ in range(runs):
        t0 = time.perf_counter()
        module.view(start, Audience.PUBLIC)
        pictures.append(time.perf_counter() - t0)

    copies = []
    for _ in range(runs):
        t0 = time.perf_counter()
        start.copy()
        copies.append(time.perf_counter() - t0)

    print(f"The Game, full world: {len(start.regions)} regions, {len(start.nations)} nations, "
          f"{len(start.units)} units; {runs} runs")
    print(f"whole turn, end-of-step processing   {ms(turn)}   target <= 100 ms")
    print(f"the same through the journal         {ms(journal)}")
    print(f"preview of maintenance (VI.A)        {ms(preview)}")
    print(f"state copy                           {ms(copies)}")
    print(f"public board picture                 {ms(pictures)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
