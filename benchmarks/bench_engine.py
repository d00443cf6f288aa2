"""Benchmark the engine on a big War in Binni game.

Generates (deterministic seed) a 1,000-place grid-like map with about 2,000 roads and a scenario
with 5,000 counters, then prints median timings against their targets: legal destinations of a
counter, one fight, the end of a turn, a replay of 10,000 commands and one journal commit to a
game file on disk. Run: ``.venv/bin/python benchmarks/bench_engine.py`` (about a minute).
"""

from __future__ import annotations

import gc
import itertools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.dice import ScriptedDice, SeededDice
from boardapp.engine.game import Game
from boardapp.engine.gamefile import GameFile
from boardapp.engine.journal import JournalEntry
from boardapp.model.mapfile import Map
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.module import BinniRules
from boardapp.rules.binni.scenario import BinniScenario

SEED = 20240611
COLS, ROWS = 40, 25  # 1,000 places
TEAMS = ("gov", "reb", "mil", "un")
FACTIONS = ("gov", "reb", "mil")


def make_map(rng: random.Random) -> Map:
    places, roads = [], []
    for r in range(ROWS):
        for col in range(COLS):
            kind = rng.choices(["town", "city", "dam", "power_plant"], [85, 10, 3, 2])[0]
            places.append({"id": f"p{r:02d}-{col:02d}", "name": f"Place {r}-{col}", "kind": kind,
                           "at": [col * 100 + 50, r * 100 + 50],
                           "community": rng.choice(["christian", "muslim"])})
    for r in range(ROWS):
        for col in range(COLS):
            if col + 1 < COLS:
                roads.append({"between": [f"p{r:02d}-{col:02d}", f"p{r:02d}-{col + 1:02d}"]})
            if r + 1 < ROWS:
                roads.append({"between": [f"p{r:02d}-{col:02d}", f"p{r + 1:02d}-{col:02d}"]})
    diagonals: set[tuple[int, int]] = set()
    while len(roads) < 2000:
        r, col = rng.randrange(ROWS - 1), rng.randrange(COLS - 1)
        if (r, col) not in diagonals:
            diagonals.add((r, col))
            roads.append({"between": [f"p{r:02d}-{col:02d}", f"p{r + 1:02d}-{col + 1:02d}"]})
    w, h = COLS * 100, ROWS * 100
    regions = [{"id": "westland", "name": "Westland", "polygon": [[0, 0], [w / 2, 0], [w / 2, h], [0, h]]},
               {"id": "eastland", "name": "Eastland", "polygon": [[w / 2, 0], [w, 0], [w, h], [w / 2, h]]}]
    return Map.model_validate({"id": "big", "name": "Big grid", "size": [w, h],
                               "communities": [{"id": "christian", "name": "Christian"},
                                               {"id": "muslim", "name": "Muslim"}],
                               "regions": regions, "places": places, "roads": roads})


def holder(col: int) -> str:
    """Three bands of territory, west to east: gov, mil, reb."""
    return "gov" if col < 16 else ("mil" if col < 24 else "reb")


def make_scenario(the_map: Map, rng: random.Random) -> BinniScenario:
    teams = [{"id": t, "name": t.upper(), "colour": f"#{i * 40:02x}3366", "symbol": t[0].upper(), "pr": 4,
              "pr_table": [3, 4, 5, 7, 8, 9, 10, 11, 12], "money": 10_000, "stores": 10_000, "aid": 100,
              "cruise_missiles": 50, "bombing": True} for i, t in enumerate(TEAMS)]
    teams.append({"id": "news", "name": "News", "colour": "#999999", "symbol": "N", "on_map": False,
                  "pr_table": [1, 1, 2, 2, 3, 3, 4, 4, 5]})
    control = {p.id: holder(int(p.id[4:6])) for p in the_map.places}
    counters = []
    for i in range(5000):
        place = the_map.places[i % len(the_map.places)]
        team = control[place.id]
        utype = rng.choices(["militia", "brigade", "special_forces"], [70, 28, 2])[0]
        counters.append({"id": f"u{i:04d}", "team": team, "type": utype,
                         "at": place.id if i < 4800 else None})
    unit_types = [
        {"id": "brigade", "name": "Combat Brigade", "label": "BDE", "combat_value": 6, "strength": 2,
         "attack_stores": 4, "deploy_cost": 4, "activation_cost": 1},
        {"id": "militia", "name": "Armed Militia", "label": "MIL", "combat_value": 2, "attack_stores": 1},
        {"id": "special_forces", "name": "Special Forces", "label": "SF", "combat_value": 1, "attack_stores": 1,
         "deploy_cost": 2, "upkeep": 2, "takes_control": False, "free_entry": True, "deploy_anywhere": True,
         "spots": True},
    ]
    dp = [{"place": p.id, "count": 3} for p in rng.sample(the_map.places, 60)]
    return BinniScenario.model_validate({"id": "big", "name": "Big", "rules": "binni", "map": "big.yaml",
                                         "teams": teams, "unit_types": unit_types, "counters": counters,
                                         "control": control, "dp_tokens": dp})


def median_time(fn: Callable[[], Any], reps: int, setup: Callable[[], Any] | None = None) -> float:
    """Median seconds of ``fn(setup())`` (setup untimed), after an untimed warm-up of a tenth of the runs.

    Like ``timeit``, the garbage collector is off while ``fn`` runs: otherwise a collection of the
    objects the untimed setup just made (a fresh copy of a 5,000-counter state) lands in the timing.
    """
    for _ in range(max(1, reps // 10)):
        arg = setup() if setup else None
        fn(arg) if setup else fn()  # type: ignore[call-arg]
    times = []
    for _ in range(reps):
        arg = setup() if setup else None
        gc.disable()
        try:
            t0 = time.perf_counter()
            fn(arg) if setup else fn()  # type: ignore[call-arg]
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return statistics.median(times)


def build_journal(module: BinniRules, n: int, rng: random.Random) -> list[JournalEntry]:
    """``n`` legal commands (moves inside a team's territory, news, supply, an end of turn every 2,500)."""
    state = module.initial_state()
    dice = SeededDice(SEED)
    entries: list[JournalEntry] = []
    movers = sorted(u.id for u in state.counters.values() if u.place is not None)
    while len(entries) < n:
        k = len(entries)
        if k % 2500 == 2499:
            cmd: c.Command = c.EndTurn()
        elif k % 10 == 9:
            cmd = c.Supply(team=rng.choice(FACTIONS), money=1, reason="benchmark")
        elif k % 10 == 8:
            cmd = c.News(text=f"bulletin {k}")
        else:
            ctr = state.counters[movers[rng.randrange(len(movers))]]
            if ctr.moved or ctr.destroyed or ctr.place is None:
                continue
            home = [p for p in module.adj[ctr.place] if state.control[p] == ctr.team
                    and not module.hostile_units(state, p, ctr.team)]
            if not home:
                continue
            cmd = c.Move(counter=ctr.id, to=rng.choice(home))
        dice.take()
        events = module.apply(state, cmd, dice)
        entries.append(JournalEntry(seq=k + 1, command=cmd.model_dump(mode="json", exclude_defaults=True)
                                    | {"kind": cmd.kind}, rolls=dice.take(), events=events))
    return entries


def main() -> None:
    rng = random.Random(SEED)
    t0 = time.perf_counter()
    the_map = make_map(rng)
    scenario = make_scenario(the_map, rng)
    module = BinniRules(scenario, the_map)
    state = module.initial_state()
    print(f"set-up: {len(the_map.places)} places, {len(the_map.roads)} roads, {len(state.counters)} counters "
          f"({time.perf_counter() - t0:.1f} s)")
    rows: list[tuple[str, float, float]] = []

    # 1. legal destinations of a counter (interior and frontier counters alike)
    on_map = [u.id for u in state.counters.values() if u.place is not None]
    sample = rng.sample(on_map, 200)
    it = itertools.cycle(sample)
    rows.append(("legal destinations (move_options)", median_time(lambda: module.move_options(state, next(it)), 200),
                 1e-3))

    # 2. a fight: check + apply of an attack across the gov/mil frontier (fresh state each time, untimed)
    front = [(u.id, p) for u in state.counters.values() if u.team == "gov" and u.place is not None
             and u.type == "brigade" for p in module.adj[u.place] if module.hostile_units(state, p, "gov")]
    fights = [cmd for a, p in front for cmd in [c.Attack(place=p, attackers=[a], extra_stores=8,
                                                        die=rng.randint(1, 6))] if not module.check(state, cmd)][:50]
    assert fights, "no legal attack on the frontier"

    def fight(s: Any) -> None:
        fresh, cmd = s
        assert not module.check(fresh, cmd), module.check(fresh, cmd)
        module.apply(fresh, cmd, ScriptedDice([]))

    fit = itertools.cycle(fights)
    # The states are copied before the timing starts: a copy made just before each fight leaves the
    # allocator and caches busy with 5,000 fresh counters, which is not what a live game looks like.
    fresh_states = [(state.copy(), next(fit)) for _ in range(100)]
    pending = iter(fresh_states)
    rows.append(("a fight (check + apply attack)", median_time(fight, 90, lambda: next(pending)), 1e-4))


    # 3. end of turn with 5,000 counters
    rows.append(("end of turn, 5,000 counters", median_time(
        lambda s: module.apply(s, c.EndTurn(), SeededDice(1)), 15, state.copy), 50e-3))

    # 4. replay of 10,000 commands
    entries = build_journal(module, 10_000, rng)
    game: Game[Any] = Game(module)
    game.entries = entries
    rows.append(("replay of 10,000 commands", median_time(lambda: game.replay(verify=True), 3), 1.0))

    # 5. one journal commit to a game file on disk (not a RAM disk: next to this script)
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as tmp:
        store = GameFile.create(Path(tmp) / "bench.game", {"rules": "binni"})
        seq = iter(range(1, 10_000))

        def commit() -> None:
            n = next(seq)
            store.append(entries[n - 1].model_copy(update={"seq": n}))

        rows.append(("one journal commit (WAL, synchronous=FULL)", median_time(commit, 200), 5e-3))
        store.close()

    print(f"\n{'what':<45} {'target':>10} {'median':>10}  ok")
    for what, measured, target in rows:
        print(f"{what:<45} {fmt(target):>10} {fmt(measured):>10}  {'yes' if measured <= target else 'NO'}")


def fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms" if seconds < 1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    main()
