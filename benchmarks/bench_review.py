"""Benchmark the after-action review on a big War in Binni game.

Plays (fixed seed) a random legal 12-week game of 5,000 journal entries on the War in Binni
scenario with the engine (moves, fights, supplies, transfers, PR rulings, news, forced rulings and
twelve ends of week; see ``tests/review/games.py``), saves it to a game file, then prints:

- opening it in review mode (``Review.open``: read the file, replay and verify every entry, keep a
  state every 16 entries), target ≤ 1 s;
- reaching a position and its public board picture (``state_at`` + ``module.view``), target ≤ 50 ms
  (20 frames per second while scrubbing): at random positions (the worst case: a jump), and along a
  slider drag (every 25th position, forwards then backwards);
- for information, the curves at every position (for fine scrubbing) and at the week ends, and the
  public report (HTML with curves) of the game.

Run: ``.venv/bin/python benchmarks/bench_review.py`` (about half a minute).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.files import load_scenario
from boardapp.engine.module import Audience
from boardapp.review.timeline import Review
from tests.review.games import random_game

SEED = 20261124
ENTRIES, WEEKS = 5000, 12


def timed(fn: Callable[[], object]) -> float:
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    finally:
        gc.enable()


def row(what: str, seconds: list[float], target: float) -> None:
    med = statistics.median(seconds)
    worst = max(seconds)
    ok = "yes" if worst <= target else "NO"
    print(f"{what:<52} median {med * 1000:8.2f} ms  max {worst * 1000:8.2f} ms  target ≤ {target * 1000:6.0f} ms  {ok}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "binni-12-weeks.game"
        t0 = time.perf_counter()
        game = random_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml"), ENTRIES, WEEKS, seed=SEED,
                           save=path)
        game.store.close()
        kinds: dict[str, int] = {}
        for e in game.entries:
            kinds[e.command["kind"]] = kinds.get(e.command["kind"], 0) + 1
        print(f"generated {len(game.entries)} entries over {WEEKS} weeks in {time.perf_counter() - t0:.1f} s: "
              + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])))
        print(f"forced rulings: {sum(1 for e in game.entries if e.overridden)}")

        Review.open(path)  # warm-up (imports, the file in the page cache)
        opens = [timed(lambda: Review.open(path)) for _ in range(5)]
        row("open in review mode (5 runs)", opens, 1.0)

        review = Review.open(path)
        module = review.module
        rng = random.Random(SEED)

        def show(p: int) -> None:
            module.view(review.state_at(p), Audience.PUBLIC)

        targets = [rng.randrange(len(review)) for _ in range(500)]
        jumps = [timed(lambda p=p: show(p)) for p in targets]
        row("random position + public picture (500 jumps)", jumps, 0.05)
        drag = list(range(0, len(review), 25))
        drag += drag[::-1]
        scrub = [timed(lambda p=p: show(p)) for p in drag]
        row(f"slider drag, every 25th position ({len(drag)} frames)", scrub, 0.05)
        print(f"  scrubbing rate (drag, median): {1 / statistics.median(scrub):.0f} positions per second")

        t = timed(lambda: review.curves(positions=range(len(review))))
        print(f"fine curves (every measure at all {len(review)} positions): {t:.2f} s")
        t = timed(review.curves)
        print(f"weekly curves (every measure at the start and the {len(review.turns)} week ends): {t * 1000:.1f} ms")

        try:
            from boardapp.review.report import build_report

            t = timed(lambda: build_report(review))
            print(f"public report of the game (HTML, {len(review.turns)} boards, curves): {t:.2f} s")
        except ImportError as exc:
            print(f"report not measured: {exc}")


if __name__ == "__main__":
    main()
