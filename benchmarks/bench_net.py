"""Load test of the host: N seats on 127.0.0.1 each sending R commands a second for S seconds.

    .venv/bin/python benchmarks/bench_net.py               # 20 seats, 10/s each, 120 s
    .venv/bin/python benchmarks/bench_net.py --seconds 10  # a quick run

Prints accepted commands per second, the 50th/99th percentile delay from sending a command to
the moment *every* seat has applied its entry, and whether all final states are identical (and
equal to a replay of the host's journal). Commands are legal in bulk: news items and supply.
Loopback only; the game file is written in a temporary directory (real SQLite, fsync per command).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.files import load_scenario, new_game  # noqa: E402
from boardapp.net.client import Seat  # noqa: E402
from boardapp.net.host import Host  # noqa: E402

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def bench(n_seats: int, rate: float, seconds: float, path: Path) -> int:
    game = new_game(load_scenario(TINY), save=path)
    host = Host(game, ping_interval=2.0)
    await host.start()
    applied: dict[str, list[float]] = {}  # command id -> times each seat applied it
    sent_at: dict[str, float] = {}

    def listener(kind: str, data: Any) -> None:
        if kind == "entry" and data.id in sent_at:
            applied.setdefault(data.id, []).append(time.perf_counter())

    seats = [Seat(host.url, host.add_seat("control", f"seat {i}").token, on_event=listener, ping_interval=2.0)
             for i in range(n_seats)]
    for s in seats:
        await s.start()
    outcomes: list[Any] = []
    teams = ["gov", "reb", "un"]

    async def sender(i: int, seat: Seat) -> None:
        period = 1.0 / rate
        start = time.perf_counter() + (i / n_seats) * period  # spread the seats over the period
        k = 0
        while True:
            t = start + k * period
            if t - t0 >= seconds:
                return
            await asyncio.sleep(max(0.0, t - time.perf_counter()))
            if k % 2:
                cmd = {"kind": "news", "text": f"seat {i} item {k}"}
            else:
                cmd = {"kind": "supply", "team": teams[(i + k) % 3], "money": 1, "reason": f"seat {i} #{k}"}
            fut = seat.submit(cmd)
            cid = next(reversed(seat._pending))
            sent_at[cid] = time.perf_counter()
            outcomes.append(fut)
            k += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(sender(i, s) for i, s in enumerate(seats)))
    results = await asyncio.wait_for(asyncio.gather(*outcomes), 120)
    elapsed_send = time.perf_counter() - t0
    deadline = time.perf_counter() + 60
    while any(s.head != len(game.entries) for s in seats) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    elapsed = time.perf_counter() - t0
    accepted = [o for o in results if o.accepted]
    delays = [max(times) - sent_at[cid] for cid, times in applied.items() if len(times) == n_seats]
    expected = game.module.summary(game.replay(verify=True))
    identical = all(s.game is not None and s.game.summary() == expected and s.game.entries == game.entries
                    for s in seats) and game.summary() == expected
    lags = [st["lag"] for st in host.status() if st["lag"] is not None]
    print(f"seats: {n_seats}, rate: {rate}/s each, sending for {seconds:.0f} s (all answered after "
          f"{elapsed_send:.1f} s, all seats caught up after {elapsed:.1f} s)")
    print(f"commands: {len(results)} sent, {len(accepted)} accepted, {len(results) - len(accepted)} refused")
    print(f"accepted per second: {len(accepted) / seconds:.1f}")
    print(f"send -> every seat applied: p50 {pct(delays, 0.5) * 1000:.1f} ms, p99 {pct(delays, 0.99) * 1000:.1f} ms, "
          f"max {max(delays, default=float('nan')) * 1000:.1f} ms ({len(delays)} commands measured)")
    if lags:
        print(f"host-measured round trip: median {statistics.median(lags) * 1000:.1f} ms")
    print(f"final states identical on host and all seats (and equal to a replay): {identical}")
    if GC_PAUSES:
        full = [d for gen, d in GC_PAUSES if gen == 2]
        print(f"garbage-collector pauses in this one process (host + {n_seats} seat replicas): {len(GC_PAUSES)}, "
              f"longest {max(d for _, d in GC_PAUSES) * 1000:.0f} ms; full collections {len(full)}, "
              f"{sum(full):.2f} s in all")
    for s in seats:
        await s.close()
    await host.stop()
    game.store.close()
    return 0 if identical and len(accepted) == len(results) else 1


GC_PAUSES: list[tuple[int, float]] = []
"""(generation, seconds) of every collection: all seats share one interpreter here, so its pauses
stall every seat at once — on a LAN each seat is its own process with a twentieth of the objects."""


def _watch_gc() -> None:
    started: list[float] = []

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            GC_PAUSES.append((int(info["generation"]), time.perf_counter() - started.pop()))

    gc.callbacks.append(callback)


def main() -> int:
    _watch_gc()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", type=int, default=20)
    ap.add_argument("--rate", type=float, default=10.0, help="commands per second per seat")
    ap.add_argument("--seconds", type=float, default=120.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(bench(args.seats, args.rate, args.seconds, Path(tmp) / "bench.game"))


if __name__ == "__main__":
    raise SystemExit(main())
