"""Benchmark the Diplomacy adjudicator side by side with the python ``diplomacy`` package.

The ``diplomacy`` package (PyPI, a benchmark-only dependency: ``pip install -e ".[bench]"``)
plays random games on the standard map: every unit gets an order drawn at random from the
package's own list of possible orders.  At each movement phase the same position and the
same order texts go through both engines, one right after the other, so that both meet the
same machine load:

* ours, *text orders -> results*: ``Order.parse(text, mapdata=m)`` for every order, then
  ``adjudicate_movement``;
* ours, *adjudication alone*: ``adjudicate_movement`` on the parsed orders;
* the package: ``Game.process()`` (its adjudication and the step to the next phase; its own
  text parsing, ``set_orders``, is timed apart and not counted against it).

Three timing protocols take turns, phase by phase: *cold* (every call of either engine after
unrelated code has run over a few MB: the same start for both), *as played* (ours first on the
phase, right after the package processed the previous one; the package's ``process()`` right
after its own ``set_orders``) and *warm* (as played, but ours after one untimed run on the same
phase, as the package's ``process()`` comes after its ``set_orders``).

Each timing is one call with the garbage collector off (as ``timeit`` does); the figures are
medians over the movement phases of each protocol. A second call on the same phase is about a
third faster than the first, so which engine ran just before matters: hence the protocols.
The results are compared too: the units left on the board and the dislodged units must be the
same in both engines.

It also times the whole DATC v3.0 suite (parse and adjudicate every runnable entry).

By default the whole measurement runs 5 times, each in a fresh process (the parsers' remembered
texts start empty, as in a program just started), and the report gives each figure's min / median /
max over the runs; the targets are judged on the median.  ``--runs 1`` prints one run in full.

Run: ``.venv/bin/python benchmarks/bench_diplomacy.py [--runs 5] [--games 20] [--years 15] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.rules.diplomacy import orders as orders_mod
from boardapp.rules.diplomacy.adjudicator import Dislodged, MovementResult, adjudicate_movement
from boardapp.rules.diplomacy.cli import run_case
from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map, province_of
from boardapp.rules.diplomacy.orders import Order, Phase, Unit, UnitType, _vocabulary

DATC_FILE = next(
    (d / "shared" / "datc" / "datc-v3.0.json" for d in ROOT.parents if (d / "shared" / "datc").is_dir()),
    ROOT.parent / "shared" / "datc" / "datc-v3.0.json",
)

T = TypeVar("T")


_THRASH = [list(range(512)) for _ in range(1024)]  # about 4 MB of objects


def _thrash() -> None:
    """Run unrelated code over a few MB of objects, so that each timed call starts with cold caches."""
    sum(sum(x) for x in _THRASH)


def timed(fn: Callable[[], T], cold: bool = False) -> tuple[T, float]:
    """One call of ``fn`` with the garbage collector off, from cold caches if ``cold``; (its result, seconds)."""
    if cold:
        _thrash()
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = fn()
        return out, time.perf_counter() - t0
    finally:
        gc.enable()


@dataclass
class Timings:
    """Seconds per movement phase under one timing protocol, one entry per phase."""

    ours_text: list[float] = field(default_factory=list)
    ours_parse: list[float] = field(default_factory=list)
    ours_adjudicate: list[float] = field(default_factory=list)
    ours_units: list[float] = field(default_factory=list)
    """``Unit.parse`` of the phase's units from their texts (``FRANCE: A par``), seconds per unit."""
    theirs_set_orders: list[float] = field(default_factory=list)
    theirs_process: list[float] = field(default_factory=list)


@dataclass
class Run:
    """Everything one benchmark run measures."""

    cold: Timings = field(default_factory=Timings)
    as_played: Timings = field(default_factory=Timings)
    warm: Timings = field(default_factory=Timings)
    units: list[int] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    via_no_convoy: int = 0
    orders_seen: int = 0
    """Order texts already read on an earlier phase (``Order.parse`` remembers them), of ``orders``."""
    orders: int = 0
    units_seen: int = 0
    """Unit texts already read on an earlier phase (``Unit.parse`` remembers them)."""


def _without_idle_via(m: MapData, lines: list[str], result: MovementResult) -> list[str]:
    """The orders with ``VIA`` dropped where an army went by convoy to a neighbour and found no convoy.

    The engines differ there by rule, not by map: the DATC (4.A.3, v3.0: "there should be no
    fallback") lets such a move fail; the package falls back to the land route.
    """
    out = []
    for line, r in zip(lines, result.results, strict=True):
        text = line
        if text.endswith(" VIA") and r.reason == "no convoy route":
            src, dst = (w.split()[-1].lower() for w in text[: -len(" VIA")].split(" - "))
            if m.army_can_move(src, dst):
                text = text[: -len(" VIA")]
        out.append(text)
    return out


def _our_unit(power: str, text: str) -> Unit:
    """``('FRANCE', 'F SPA/NC')`` -> ``Unit('FRANCE', FLEET, 'spa(nc)')``."""
    kind, where = text.lstrip("*").split()
    where = where.lower()
    if "/" in where:
        p, c = where.split("/")
        where = f"{p}({c})"
    return Unit(power, UnitType(kind), where)


def _their_board(game: Any) -> tuple[set[str], set[str]]:
    """Units on the board and dislodged units, as ``POWER A par`` strings in our spelling."""
    on_board, dislodged = set(), set()
    for power in game.powers:
        for text in game.get_units(power):
            u = _our_unit(power, text)
            (dislodged if text.startswith("*") else on_board).add(f"{power} {u.unit_type.value} {u.region}")
    return on_board, dislodged


def _board(m: MapData, result: MovementResult) -> tuple[set[str], set[str]]:
    """Units on the board and dislodged units after our adjudication, as ``POWER A par`` strings.

    Only dislodged units that have somewhere to retreat count: the package disbands the others
    at once, without a retreat phase.
    """
    occupied = {u.province for u in result.units}

    def can_retreat(d: Dislodged) -> bool:
        u = d.unit
        near = m.army_adj[u.province] if u.unit_type is UnitType.ARMY else {
            province_of(r) for r in m.fleet_adj[u.region]}
        barred = occupied | result.contested | (set() if d.by_convoy else {d.attacker_origin})
        return bool(near - barred)

    return (
        {f"{u.power} {u.unit_type.value} {u.region}" for u in result.units},
        {f"{d.unit.power} {d.unit.unit_type.value} {d.unit.region}" for d in result.dislodged if can_retreat(d)},
    )


def play(m: MapData, r: Run, rng: random.Random, years: int) -> None:
    """One random game of ``years`` years; time and compare every movement phase."""
    from diplomacy import Game

    game = Game(map_name="standard")
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1901 + years:
        phase = game.get_current_phase()
        possible = game.get_all_possible_orders()
        texts: dict[str, list[str]] = {}
        for power, locations in game.get_orderable_locations().items():
            texts[power] = [rng.choice(sorted(possible[loc])) for loc in sorted(locations) if possible[loc]]
        if not phase.endswith("M"):
            for power, orders in texts.items():
                game.set_orders(power, orders)
            game.process()
            continue
        units = [_our_unit(power, u) for power in game.powers for u in game.get_units(power)]
        lines = [f"{power}: {o}" for power, orders in texts.items() for o in orders]

        remembered = _vocabulary(m).parsed[Phase.MOVEMENT]
        r.orders_seen += sum(x in remembered for x in lines)
        r.orders += len(lines)
        r.units_seen += sum(str(u) in orders_mod._UNITS for u in units)
        protocol = len(r.units) % 3  # the three protocols take turns, phase by phase
        cold = protocol == 0
        t = (r.cold, r.as_played, r.warm)[protocol]
        if protocol == 2:  # warm: our code has just run on this phase, as the package's set_orders has
            adjudicate_movement(m, units, [Order.parse(x, mapdata=m) for x in lines])
        result, dt_text = timed(
            lambda lines=lines, units=units: adjudicate_movement(m, units, [Order.parse(x, mapdata=m) for x in lines]),
            cold,
        )
        parsed, dt_parse = timed(lambda lines=lines: [Order.parse(x, mapdata=m) for x in lines], cold)
        _, dt_adj = timed(lambda parsed=parsed, units=units: adjudicate_movement(m, units, parsed), cold)
        unit_texts = [str(u) for u in units]
        _, dt_units = timed(lambda unit_texts=unit_texts: [Unit.parse(x) for x in unit_texts], cold)

        def set_all(texts: dict[str, list[str]] = texts) -> None:
            for power, orders in texts.items():
                game.set_orders(power, orders)

        _, dt_set = timed(set_all, cold)
        _, dt_process = timed(game.process, cold)

        t.ours_text.append(dt_text)
        t.ours_parse.append(dt_parse)
        t.ours_adjudicate.append(dt_adj)
        t.ours_units.append(dt_units / len(units))
        t.theirs_set_orders.append(dt_set)
        t.theirs_process.append(dt_process)
        r.units.append(len(units))
        theirs = _their_board(game)
        ours = _board(m, result)
        if ours != theirs:
            lines_by_land = _without_idle_via(m, lines, result)
            if lines_by_land != lines and _board(
                m, adjudicate_movement(m, units, [Order.parse(x, mapdata=m) for x in lines_by_land])
            ) == theirs:
                r.via_no_convoy += 1
                continue
            r.disagreements.append(
                f"{phase}: ours-only {sorted(ours[0] - theirs[0])} dislodged {sorted(ours[1] - theirs[1])}; "
                f"theirs-only {sorted(theirs[0] - ours[0])} dislodged {sorted(theirs[1] - ours[1])}; "
                f"orders {lines}"
            )


def bench_datc(m: MapData, repeat: int = 5) -> float:
    """Best of ``repeat`` runs of the whole DATC v3.0 JSON suite, seconds."""
    cases = json.loads(DATC_FILE.read_text(encoding="utf-8"))["cases"]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for c in cases:
            if "ignore" not in c:
                run_case(c, m)
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="random games to play (default 20)")
    ap.add_argument("--years", type=int, default=15, help="years per game (default 15)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="disagreements to print in full (default 3)")
    ap.add_argument("--runs", type=int, default=5,
                    help="runs, each in a fresh process; min / median / max over them (default 5; 1: one run in full)")
    ap.add_argument("--json", type=Path, help=argparse.SUPPRESS)  # a child run writes its figures here
    args = ap.parse_args(argv)
    if args.runs > 1:
        return _runs(args)
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        print('the python "diplomacy" package is missing: pip install -e ".[bench]"', file=sys.stderr)
        return 1
    load_before = os.getloadavg()
    m = load_standard_map()
    rng = random.Random(args.seed)
    r = Run()
    for _ in range(args.games):
        play(m, r, rng, args.years)

    def med(xs: list[float]) -> float:
        return statistics.median(xs) * 1e3

    n = len(r.units)
    load_after = os.getloadavg()
    summary: dict[str, Any] = {"load": [load_before[0], load_after[0]], "phases": n, "protocols": {}}
    print(f"machine load (1, 5, 15 min averages, {os.cpu_count()} cores): before "
          f"{load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}, "
          f"after the games {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f}")
    print(
        f"{args.games} random games of the python 'diplomacy' package ({args.years} years each), {n} movement "
        f"phases, units per phase median {statistics.median(r.units):.0f} (max {max(r.units)}); "
        "median ms per phase, one call each, gc off"
    )
    print(f"texts read on an earlier phase of this run (remembered by the parsers): orders "
          f"{r.orders_seen / max(r.orders, 1):.0%}, units {r.units_seen / max(sum(r.units), 1):.0%}")
    for title, t in (
        ("cold: every call after unrelated code over a few MB (same start for both engines)", r.cold),
        ("as played: ours first on each phase; the package's process() right after its set_orders", r.as_played),
        ("warm: ours right after one untimed run on the phase; the package's process() right after its "
         "set_orders", r.warm),
    ):
        print(f"{title} [{len(t.ours_text)} phases]")
        print(f"  {'ours: Unit.parse, one unit from its text (target <= 1 us)':<62} {med(t.ours_units) * 1e3:8.3f} us"
              f"  (min {min(t.ours_units) * 1e6:.3f}, max {max(t.ours_units) * 1e6:.3f})")
        for label, xs in (
            ("ours: text orders -> results (parse + adjudicate)", t.ours_text),
            ("ours: parse the order texts", t.ours_parse),
            ("ours: adjudicate alone", t.ours_adjudicate),
            ("diplomacy: Game.set_orders (its parsing, not counted below)", t.theirs_set_orders),
            ("diplomacy: Game.process()", t.theirs_process),
        ):
            print(f"  {label:<62} {med(xs):8.3f} ms")
        process = med(t.theirs_process)
        text_x, adj_x = process / med(t.ours_text), process / med(t.ours_adjudicate)
        text_r = [p / o for p, o in zip(t.theirs_process, t.ours_text, strict=True)]
        adj_r = [p / o for p, o in zip(t.theirs_process, t.ours_adjudicate, strict=True)]

        def spread(xs: list[float]) -> str:
            return f"per phase min {min(xs):5.1f}x, median {statistics.median(xs):5.1f}x, max {max(xs):5.1f}x"

        print(f"  text orders -> results: {text_x:5.1f}x faster than Game.process()  (target >= 10x: "
              f"{'ok' if text_x >= 10 else 'NO'}; {spread(text_r)})")
        print(f"  adjudication alone:     {adj_x:5.1f}x faster than Game.process()  (target >= 15x: "
              f"{'ok' if adj_x >= 15 else 'NO'}; {spread(adj_r)})")
        summary["protocols"][title.split(":")[0]] = {
            "unit_us": med(t.ours_units) * 1e3, "text_x": text_x, "adj_x": adj_x, "ours_text_ms": med(t.ours_text),
            "ours_adj_ms": med(t.ours_adjudicate), "process_ms": process,
        }
    agree = n - len(r.disagreements) - r.via_no_convoy
    print(f"results agree on {agree} of {n} phases (units left and dislodged); {r.via_no_convoy} differ only by an"
          " army ordered VIA convoy to a neighbour that found no convoy (DATC 4.A.3: no fallback, it stays; the"
          f" package moves it over land); {len(r.disagreements)} differ otherwise")
    for d in r.disagreements[: args.show]:
        print(f"    {d}")
    summary["agree"], summary["via"], summary["other"] = agree, r.via_no_convoy, len(r.disagreements)
    if args.json:
        args.json.write_text(json.dumps(summary), encoding="utf-8")
        return 0
    if DATC_FILE.exists():
        print(f"DATC v3.0 suite (parse + adjudicate, best of 5): {bench_datc(m) * 1e3:.1f} ms")
    else:
        print(f"DATC suite skipped: {DATC_FILE} missing")
    return 0


def _runs(args: argparse.Namespace) -> int:
    """``args.runs`` runs of the whole measurement, each in a fresh process; min / median / max of each figure."""
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.runs):
            out = Path(tmp) / f"run{k}.json"
            cmd = [sys.executable, str(Path(__file__).resolve()), "--runs", "1", "--json", str(out), "--games",
                   str(args.games), "--years", str(args.years), "--seed", str(args.seed), "--show", "0"]
            done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if done.returncode != 0 or not out.exists():
                print(done.stdout + done.stderr, file=sys.stderr)
                return done.returncode or 1
            runs.append(json.loads(out.read_text(encoding="utf-8")))
            c = runs[-1]["protocols"]["cold"]
            print(f"run {k + 1}: load {runs[-1]['load'][0]:.1f} -> {runs[-1]['load'][1]:.1f}; cold: text -> results "
                  f"{c['text_x']:.1f}x, adjudication alone {c['adj_x']:.1f}x, Unit.parse {c['unit_us']:.3f} us; "
                  f"Game.process() {c['process_ms']:.3f} ms", flush=True)
    first = runs[0]
    print(f"{args.runs} runs, each a fresh process: {args.games} random games of the python 'diplomacy' package "
          f"({args.years} years each, seed {args.seed}), {first['phases']} movement phases a run; "
          f"{os.cpu_count()} cores, load (1-min average) {min(x for r in runs for x in r['load']):.1f} to "
          f"{max(x for r in runs for x in r['load']):.1f}")
    print("each figure: min / median / max over the runs (a run's figure: medians over its phases); "
          "targets on the median")

    def mmm(xs: list[float], fmt: str) -> str:
        return " / ".join(format(x, fmt) for x in (min(xs), statistics.median(xs), max(xs)))

    for proto in first["protocols"]:
        col = [r["protocols"][proto] for r in runs]
        unit, text, adj = ([x[k] for x in col] for k in ("unit_us", "text_x", "adj_x"))
        print(f"{proto}:")
        print(f"  Unit.parse, us a unit          {mmm(unit, '.3f'):>24}   (target <= 1 us: "
              f"{'ok' if statistics.median(unit) <= 1 else 'NO'})")
        print(f"  text orders -> results, x      {mmm(text, '.1f'):>24}   (target >= 10x: "
              f"{'ok' if statistics.median(text) >= 10 else 'NO'})")
        print(f"  adjudication alone, x          {mmm(adj, '.1f'):>24}   (target >= 15x: "
              f"{'ok' if statistics.median(adj) >= 15 else 'NO'})")
        for label, key in (("ours: text -> results, ms", "ours_text_ms"), ("ours: adjudication, ms", "ours_adj_ms"),
                           ("diplomacy: Game.process(), ms", "process_ms")):
            print(f"  {label:<30} {mmm([x[key] for x in col], '.3f'):>24}")
    print(f"results agree on {first['agree']} of {first['phases']} phases; {first['via']} differ only by the VIA "
          f"ruling (DATC 4.A.3), {first['other']} otherwise (--runs 1 prints them)")
    if DATC_FILE.exists():
        print(f"DATC v3.0 suite (parse + adjudicate, best of 5): {bench_datc(load_standard_map()) * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
