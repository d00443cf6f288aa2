"""Benchmark the Diplomacy adjudicator.

Prints the median time to adjudicate one movement phase of the standard map
with 34 units and random legal-looking orders, and the time of the whole DATC
v3.0 JSON suite.  Run: ``.venv/bin/python benchmarks/bench_diplomacy.py``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.rules.diplomacy.adjudicator import adjudicate_movement
from boardapp.rules.diplomacy.cli import run_case
from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map
from boardapp.rules.diplomacy.orders import (
    Convoy,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)

POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")
DATC_FILE = ROOT.parent / "shared" / "datc" / "datc-v3.0.json"


def random_position(m: MapData, rng: random.Random, n: int = 34) -> list[Unit]:
    units: list[Unit] = []
    provinces = list(m.provinces)
    rng.shuffle(provinces)
    for p in provinces[:n]:
        regions = m.province_regions[p]
        army_ok = m.army_can_stand(p)
        fleet_regions = [r for r in regions if m.fleet_can_stand(r)]
        if army_ok and (not fleet_regions or rng.random() < 0.6):
            units.append(Unit(rng.choice(POWERS), UnitType.ARMY, p))
        else:
            units.append(Unit(rng.choice(POWERS), UnitType.FLEET, rng.choice(fleet_regions)))
    return units


def _moves(m: MapData, u: Unit) -> list[str]:
    if u.unit_type is UnitType.ARMY:
        return sorted(m.army_adj[u.province])
    return sorted(m.fleet_adj[u.region])


def random_orders(m: MapData, units: list[Unit], rng: random.Random) -> list[Order]:
    at = {u.province: u for u in units}
    orders: list[Order] = []
    for u in units:
        t, pw = u.unit_type, u.power
        roll = rng.random()
        dests = _moves(m, u)
        neighbours = [at[p] for p in {d.split("(")[0] for d in dests} if p in at]
        if roll < 0.5 and dests:
            orders.append(Move(pw, t, u.region, rng.choice(dests)))
        elif roll < 0.8 and neighbours:
            v = rng.choice(neighbours)
            vd = [d for d in _moves(m, v) if d.split("(")[0] in {x.split("(")[0] for x in dests}]
            if vd and rng.random() < 0.7:
                orders.append(SupportMove(pw, t, u.region, v.unit_type, v.region, rng.choice(vd)))
            else:
                orders.append(SupportHold(pw, t, u.region, v.unit_type, v.region))
        elif roll < 0.9 and t is UnitType.FLEET and m.is_sea(u.province):
            armies = [a for a in units if a.unit_type is UnitType.ARMY and m.is_coastal(a.province)]
            coastal = [p for p in m.fleet_province_adj[u.province] if m.is_coastal(p)]
            if armies and coastal:
                a = rng.choice(armies)
                orders.append(Convoy(pw, t, u.region, a.province, rng.choice(coastal)))
            else:
                orders.append(Hold(pw, t, u.region))
        else:
            orders.append(Hold(pw, t, u.region))
    return orders


def bench_phase(m: MapData, n: int = 2000, seed: int = 1) -> float:
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        units = random_position(m, rng)
        cases.append((units, random_orders(m, units, rng)))
    times = []
    for units, orders in cases:
        t0 = time.perf_counter()
        adjudicate_movement(m, units, orders)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench_datc(m: MapData, repeat: int = 5) -> float:
    cases = json.loads(DATC_FILE.read_text(encoding="utf-8"))["cases"]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for c in cases:
            if "ignore" not in c:
                run_case(c, m)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    m = load_standard_map()
    med = bench_phase(m)
    print(f"movement phase, 34 units, random orders: median {med * 1e3:.3f} ms")
    if DATC_FILE.exists():
        print(f"DATC v3.0 suite (parse + adjudicate, best of 5): {bench_datc(m) * 1e3:.1f} ms")
    else:
        print(f"DATC suite skipped: {DATC_FILE} missing")


if __name__ == "__main__":
    main()
