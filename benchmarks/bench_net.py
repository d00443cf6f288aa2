"""Load test of the host: N seats on 127.0.0.1 each sending R commands a second for S seconds.

    .venv/bin/python benchmarks/bench_net.py                  # 20 seats, 10/s each, 120 s
    .venv/bin/python benchmarks/bench_net.py --seconds 30     # a shorter run
    .venv/bin/python benchmarks/bench_net.py --one-process    # host and every seat in this process

By default the host runs in this process and **each seat in its own child process** (this file
started again with ``--worker``), as on a LAN where every umpire's laptop is its own process: the
seats' replicas, garbage collections and event loops do not stall one another. ``--one-process``
keeps the old layout (host and all 20 replicas in one interpreter: one core, one garbage
collector for 21 journals), an upper bound.

Prints accepted commands per second, refusals, the 50th/99th percentile and worst delay from
sending a command to the moment *every* seat has applied its entry, the delay from sending to the
sender's answer, whether all final states are identical (and equal to a replay of the host's
journal), the host's own costs (command handling, the game file's commit, the event loop's
lateness), and garbage-collector pauses (host and seats). Commands are legal in bulk: news items
and supply. Loopback only; the game file is written in a temporary directory (real SQLite, WAL,
``synchronous=FULL``: a commit with fsync per command).

Clocks across processes: every time stamp is ``time.monotonic()``, which on Linux reads
``CLOCK_MONOTONIC``, one clock for the whole machine (not per process, unlike CPU-time clocks),
so the send time taken in the sender's process and the apply times taken in the other seats'
processes can be subtracted directly. (The same would not hold across machines.)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardapp.engine.files import load_scenario, new_game
from boardapp.net.client import Seat
from boardapp.net.host import Host

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
TEAMS = ["gov", "reb", "un"]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(values: list[float]) -> str:
    return (f"p50 {pct(values, 0.5) * 1000:.1f} ms, p99 {pct(values, 0.99) * 1000:.1f} ms, "
            f"max {max(values, default=float('nan')) * 1000:.1f} ms")


def command(i: int, k: int) -> dict[str, Any]:
    if k % 2:
        return {"kind": "news", "text": f"seat {i} item {k}"}
    return {"kind": "supply", "team": TEAMS[(i + k) % 3], "money": 1, "reason": f"seat {i} #{k}"}


def summary_digest(summary: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(summary, sort_keys=True, default=repr).encode()).hexdigest()[:16]


# --- garbage collector ----------------------------------------------------------------------------
SETTINGS = {"tune_gc": True}
"""tune_gc: host and seats tune their garbage collectors (boardapp.net.gctune); --no-tune-gc: Python's defaults."""
GC_PAUSES: list[tuple[int, float, float, float]] = []
"""(generation, start (monotonic), seconds of wall time, seconds of this process's CPU time) of every
collection in this process. Wall time much longer than CPU time means the process waited for a core."""


def _watch_gc() -> None:
    started: list[tuple[float, float]] = []

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append((time.monotonic(), time.process_time()))
        elif started:
            t, cpu = started.pop()
            GC_PAUSES.append((int(info["generation"]), t, time.monotonic() - t, time.process_time() - cpu))

    gc.callbacks.append(callback)


def gc_line(pauses: list[tuple[int, float, float, float]]) -> str:
    if not pauses:
        return "none"
    full = [(d, c) for gen, _, d, c in pauses if gen == 2]
    line = f"{len(pauses)} collections, longest {max(d for _, _, d, _ in pauses) * 1000:.1f} ms"
    if full:
        line += (f"; full collections {len(full)}, {sum(d for d, _ in full) * 1000:.0f} ms in all, each "
                 f"{min(d for d, _ in full) * 1000:.0f}-{max(d for d, _ in full) * 1000:.0f} ms of wall time "
                 f"but {min(c for _, c in full) * 1000:.0f}-{max(c for _, c in full) * 1000:.0f} ms of CPU")
    return line


def crowded(gcs: list[tuple[int, float, float, float]], cores: int) -> list[tuple[float, float]]:
    """The stretches when more processes than there are cores were in a full collection at once."""
    marks = sorted([(t, 1) for g, t, d, _ in gcs if g == 2] + [(t + d, -1) for g, t, d, _ in gcs if g == 2])
    out: list[tuple[float, float]] = []
    n, since = 0, 0.0
    for t, step in marks:
        n += step
        if step > 0 and n == cores + 1:
            since = t
        elif step < 0 and n == cores:
            out.append((since, t))
    return out


def steal() -> tuple[int, int]:
    """(steal, total) jiffies of the machine from /proc/stat: time the hypervisor gave our cores away."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return (fields[7] if len(fields) > 7 else 0), sum(fields)


def timeline(t0: float, seconds: float, delays: list[tuple[float, float]],
             host_gc: list[tuple[int, float, float, float]], seat_gc: list[tuple[int, float, float, float]]) -> None:
    """Delays by stretch of the run, with the full collections that started in each stretch."""
    step = max(5.0, seconds / 12)
    print("timeline (send time; full collections that started in the stretch):")
    k = 0.0
    while k < seconds:
        ds = [d for t, d in delays if k <= t - t0 < k + step]
        hg = [g for g in host_gc if g[0] == 2 and k <= g[1] - t0 < k + step]
        sg = [g for g in seat_gc if g[0] == 2 and k <= g[1] - t0 < k + step]
        gcs = f"host {len(hg)}" + (f" ({max(g[2] for g in hg) * 1000:.0f} ms)" if hg else "")
        gcs += f", seats {len(sg)}" + (f" (longest {max(g[2] for g in sg) * 1000:.0f} ms wall, "
                                      f"{max(g[3] for g in sg) * 1000:.0f} ms CPU)" if sg else "")
        print(f"  {k:5.0f}-{k + step:<4.0f} s: {ms(ds)}; full GCs: {gcs}")
        k += step


# --- the host's own costs -------------------------------------------------------------------------
class HostProbe:
    """Times, on the host, each command's handling (check, apply, commit, broadcast), the game file's
    commit alone, the broadcast alone (encoding the entry and queueing it to every seat), and how
    late the host's event loop wakes a 10 ms sleeper (everything that holds the loop up)."""

    def __init__(self, host: Host) -> None:
        self.handle: list[float] = []
        self.commit: list[float] = []
        self.commit_seq: list[int] = []
        self.commit_cpu: list[float] = []
        self.broadcast: list[float] = []
        self.loop_late: list[float] = []
        on_command = host._on_command
        store = host.game.store

        def timed_command(conn: Any, msg: Any) -> None:
            t = time.perf_counter()
            on_command(conn, msg)
            self.handle.append(time.perf_counter() - t)

        host._on_command = timed_command  # type: ignore[method-assign]
        if store is not None:
            append = store.append

            def timed_append(entry: Any) -> None:
                t, cpu = time.perf_counter(), time.thread_time()
                append(entry)
                self.commit.append(time.perf_counter() - t)
                self.commit_cpu.append(time.thread_time() - cpu)
                self.commit_seq.append(entry.seq)

            store.append = timed_append
        listeners = host.game._listeners
        for n, listener in enumerate(listeners):
            if getattr(listener, "__self__", None) is host:
                def timed_changed(what: str, entry: Any, _inner: Any = listener) -> None:
                    t = time.perf_counter()
                    _inner(what, entry)
                    self.broadcast.append(time.perf_counter() - t)
                listeners[n] = timed_changed
                host._unsubscribe = lambda _l=timed_changed: listeners.remove(_l)  # type: ignore[misc]
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            self.loop_late.append(time.perf_counter() - t - 0.01)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def report(self) -> None:
        print(f"host, per command: handling {ms(self.handle)} "
              f"(mean {statistics.fmean(self.handle or [0]) * 1000:.2f} ms)")
        if self.commit:
            print(f"host, game-file commit (fsync) alone: {ms(self.commit)} "
                  f"(mean {statistics.fmean(self.commit) * 1000:.2f} ms, of which CPU "
                  f"{statistics.fmean(self.commit_cpu) * 1000:.2f} ms)")
            slow = sorted(zip(self.commit, self.commit_seq, strict=True), reverse=True)[:6]
            print(f"  commits over 5 ms: {sum(1 for d in self.commit if d > 0.005)}; slowest at entries "
                  + ", ".join(f"{seq} ({d * 1000:.1f} ms)" for d, seq in slow))
        print(f"host, broadcast of an entry to every seat (encode + queue): {ms(self.broadcast)}")
        print(f"host event loop late waking a 10 ms sleeper: {ms(self.loop_late)}")


# --- one seat in its own process ------------------------------------------------------------------
def _say(**data: Any) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


async def _read_line() -> str:
    return await asyncio.to_thread(sys.stdin.readline)


async def seat_worker(url: str, token: str, index: int, n_seats: int, rate: float,  # noqa: PLR0917
                      seconds: float) -> int:
    """A child process: one seat; sends at its rate, notes when it applies every entry."""
    applied: dict[int, float] = {}  # seq -> monotonic time this replica applied it

    def listener(kind: str, data: Any) -> None:
        if kind == "entry":
            applied[data.seq] = time.monotonic()

    seat = Seat(url, token, on_event=listener, ping_interval=2.0, tune_gc=SETTINGS["tune_gc"])
    await seat.start(timeout=60)
    _say(type="ready", head=seat.head)
    gc.collect()
    GC_PAUSES.clear()  # count the collections of the run, not of starting up
    t0 = float((await _read_line()).split()[1])
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    period = 1.0 / rate
    start = t0 + (index / n_seats) * period  # spread the seats over the period
    sends: list[tuple[float, asyncio.Future[Any]]] = []
    answered: dict[int, float] = {}

    def note_answer(fut: asyncio.Future[Any]) -> None:
        if not fut.cancelled() and fut.exception() is None and fut.result().accepted:
            answered[fut.result().seq] = time.monotonic()

    k = 0
    while True:
        t = start + k * period
        if t - t0 >= seconds:
            break
        await asyncio.sleep(max(0.0, t - time.monotonic()))
        sent = time.monotonic()
        fut = seat.submit(command(index, k))
        fut.add_done_callback(note_answer)
        sends.append((sent, fut))
        k += 1
    outcomes = await asyncio.wait_for(asyncio.gather(*(f for _, f in sends)), 120)
    refused: dict[str, int] = {}
    for o in outcomes:
        if not o.accepted:
            refused[o.code] = refused.get(o.code, 0) + 1
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
    _say(type="answered", sent=len(outcomes), head=seat.head, cpu=cpu / max(1e-9, time.monotonic() - t0))
    final = int((await _read_line()).split()[1])
    deadline = time.monotonic() + 60
    while seat.head < final and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert seat.game is not None and seat.chain is not None
    _say(type="result", index=index,
         sent=[[o.seq, t] for (t, _), o in zip(sends, outcomes, strict=True) if o.accepted],
         answered=sorted(answered.items()), applied=sorted(applied.items()), refused=refused,
         head=seat.head, chain=seat.chain.digest(), summary=summary_digest(seat.game.summary()),
         gc=GC_PAUSES, connections=seat.connections)
    await seat.close()
    return 0


async def bench_processes(n_seats: int, rate: float, seconds: float, path: Path) -> int:
    game = new_game(load_scenario(TINY), save=path)
    host = Host(game, ping_interval=2.0, tune_gc=SETTINGS["tune_gc"])
    probe = HostProbe(host)
    await host.start()
    procs: list[asyncio.subprocess.Process] = []
    try:
        t_spawn = time.monotonic()
        for i in range(n_seats):
            token = host.add_seat("control", f"seat {i}").token
            procs.append(await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--worker", host.url, token, str(i), str(n_seats), str(rate),
                str(seconds), "tune" if SETTINGS["tune_gc"] else "plain", stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, limit=2 ** 27))

        async def expect(proc: asyncio.subprocess.Process, kind: str, timeout: float) -> dict[str, Any]:
            assert proc.stdout is not None
            line = await asyncio.wait_for(proc.stdout.readline(), timeout)
            if not line:
                raise RuntimeError(f"a seat process ended early (exit code {await proc.wait()})")
            data: dict[str, Any] = json.loads(line)
            if data.get("type") != kind:
                raise RuntimeError(f"a seat process said {data.get('type')!r}, not {kind!r}")
            return data

        def tell(text: str) -> None:
            for proc in procs:
                assert proc.stdin is not None
                proc.stdin.write(text.encode() + b"\n")

        await asyncio.gather(*(expect(pr, "ready", 120) for pr in procs))
        ready_after = time.monotonic() - t_spawn
        gc.collect()
        GC_PAUSES.clear()
        t0 = time.monotonic() + 1.0
        tell(f"start {t0!r}")
        probe.start()
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        steal0 = steal()
        answers = await asyncio.gather(*(expect(pr, "answered", seconds + 150) for pr in procs))
        answered_after = time.monotonic() - t0
        probe.stop()
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        steal1 = steal()
        host_gc = list(GC_PAUSES)  # while sending (not the replay and the ending below)
        tell(f"final {len(game.entries)}")
        results = await asyncio.gather(*(expect(pr, "result", 90) for pr in procs))
        caught_up_after = time.monotonic() - t0
        for pr in procs:
            await asyncio.wait_for(pr.wait(), 30)
    finally:
        for pr in procs:
            if pr.returncode is None:
                pr.kill()
                await pr.wait()
        await host.stop()

    sent_at: dict[int, float] = {}
    answer_delay: list[float] = []
    refused: dict[str, int] = {}
    for r in results:
        for seq, t in r["sent"]:
            sent_at[seq] = t
        answered = dict(r["answered"])
        answer_delay += [answered[seq] - t for seq, t in r["sent"] if seq in answered]
        for code, n in r["refused"].items():
            refused[code] = refused.get(code, 0) + n
    applied = [{int(s): t for s, t in r["applied"]} for r in results]
    measured = [seq for seq in sent_at if all(seq in a for a in applied)]
    delays = [max(a[seq] for a in applied) - sent_at[seq] for seq in measured]
    n_sent = sum(len(r["sent"]) for r in results) + sum(refused.values())
    expected = game.module.summary(game.replay(verify=True))
    identical = (game.summary() == expected
                 and all(r["summary"] == summary_digest(expected) and r["chain"] == host.chain.digest()
                         and r["head"] == len(game.entries) for r in results))
    seat_pauses = [(int(g), t, d, c) for r in results for g, t, d, c in r["gc"]]
    print(f"layout: host in this process, each of {n_seats} seats in its own process (all started and "
          f"caught up after {ready_after:.1f} s); {os.cpu_count()} cores")
    print(f"seats: {n_seats}, rate: {rate}/s each, sending for {seconds:.0f} s (all answered after "
          f"{answered_after:.1f} s, all seats caught up after {caught_up_after:.1f} s)")
    print(f"commands: {n_sent} sent, {len(sent_at)} accepted, {sum(refused.values())} refused {refused or ''}")
    print(f"accepted per second: {len(sent_at) / seconds:.1f}")
    print(f"send -> every seat applied: {ms(delays)} ({len(delays)} commands measured)")
    print(f"send -> sender's answer (accepted): {ms(answer_delay)}")
    cores = os.cpu_count() or 1
    storms = crowded(seat_pauses, cores)
    calm = [d for seq, d in zip(measured, delays, strict=True)
            if not any(a <= sent_at[seq] + d and sent_at[seq] <= b for a, b in storms)]
    print(f"  the same outside the {len(storms)} stretches ({sum(b - a for a, b in storms):.1f} s in all) when more "
          f"seat processes than cores were in a full collection at once: {ms(calm)} ({len(calm)} commands)")
    print(f"final states identical on host and all seats (and equal to a replay of the host's journal): "
          f"{identical}; reconnections: {sum(r['connections'] - 1 for r in results)}")
    dropped: dict[str, int] = {}
    for r in host.recent_refusals():
        dropped[r["code"]] = dropped.get(r["code"], 0) + 1
    print(f"seats the host refused or dropped (Host.recent_refusals): {dropped or 'none'}")
    probe.report()
    host_cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
    print(f"CPU while sending: host process {host_cpu / answered_after:.2f} cores; seat processes "
          f"{sum(a['cpu'] for a in answers):.2f} cores in all ({max(a['cpu'] for a in answers):.3f} the busiest); "
          f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} after the run, "
          f"steal {100 * (steal1[0] - steal0[0]) / max(1, steal1[1] - steal0[1]):.1f} %")
    print(f"garbage collector, host process, while sending: {gc_line(host_gc)}")
    print(f"garbage collector, seat processes, while sending and catching up: {gc_line(seat_pauses)}")
    timeline(t0, seconds, [(sent_at[seq], d) for seq, d in zip(measured, delays, strict=True)], host_gc,
             seat_pauses)
    game.store.close()
    return 0 if identical and not refused and len(delays) == len(sent_at) else 1


async def bench_one_process(n_seats: int, rate: float, seconds: float, path: Path) -> int:
    game = new_game(load_scenario(TINY), save=path)
    host = Host(game, ping_interval=2.0, tune_gc=SETTINGS["tune_gc"])
    probe = HostProbe(host)
    await host.start()
    applied: dict[str, list[float]] = {}  # command id -> times each seat applied it
    sent_at: dict[str, float] = {}

    def listener(kind: str, data: Any) -> None:
        cid = (data.id or "").split("@")[0]  # the journal keeps the sender's id @ the sender's seat key
        if kind == "entry" and cid in sent_at:
            applied.setdefault(cid, []).append(time.perf_counter())

    seats = [Seat(host.url, host.add_seat("control", f"seat {i}").token, on_event=listener, ping_interval=2.0,
                  tune_gc=SETTINGS["tune_gc"])
             for i in range(n_seats)]
    for s in seats:
        await s.start()
    outcomes: list[Any] = []
    gc.collect()
    GC_PAUSES.clear()
    probe.start()

    async def sender(i: int, seat: Seat) -> None:
        period = 1.0 / rate
        start = time.perf_counter() + (i / n_seats) * period  # spread the seats over the period
        k = 0
        while True:
            t = start + k * period
            if t - t0 >= seconds:
                return
            await asyncio.sleep(max(0.0, t - time.perf_counter()))
            fut = seat.submit(command(i, k))
            cid = next(reversed(seat._pending))
            sent_at[cid] = time.perf_counter()
            outcomes.append(fut)
            k += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(sender(i, s) for i, s in enumerate(seats)))
    results = await asyncio.wait_for(asyncio.gather(*outcomes), 120)
    elapsed_send = time.perf_counter() - t0
    probe.stop()
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
    print(f"layout: host and all {n_seats} seats in this one process")
    print(f"seats: {n_seats}, rate: {rate}/s each, sending for {seconds:.0f} s (all answered after "
          f"{elapsed_send:.1f} s, all seats caught up after {elapsed:.1f} s)")
    print(f"commands: {len(results)} sent, {len(accepted)} accepted, {len(results) - len(accepted)} refused")
    print(f"accepted per second: {len(accepted) / seconds:.1f}")
    print(f"send -> every seat applied: {ms(delays)} ({len(delays)} commands measured)")
    if lags:
        print(f"host-measured round trip: median {statistics.median(lags) * 1000:.1f} ms")
    print(f"final states identical on host and all seats (and equal to a replay): {identical}")
    probe.report()
    print(f"garbage collector in this one process (host + {n_seats} seat replicas): {gc_line(GC_PAUSES)}")
    for s in seats:
        await s.close()
    await host.stop()
    game.store.close()
    return 0 if identical and len(accepted) == len(results) else 1


def main() -> int:
    _watch_gc()
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, token, index, n_seats, rate, seconds, tune = sys.argv[2:9]
        SETTINGS["tune_gc"] = tune == "tune"
        return asyncio.run(seat_worker(url, token, int(index), int(n_seats), float(rate), float(seconds)))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", type=int, default=20)
    ap.add_argument("--rate", type=float, default=10.0, help="commands per second per seat")
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--no-tune-gc", action="store_true",
                    help="leave Python's garbage collector as it is (host and seats), as before issue 11.9")
    ap.add_argument("--one-process", action="store_true",
                    help="run the host and every seat in this one process (the old layout)")
    args = ap.parse_args()
    SETTINGS["tune_gc"] = not args.no_tune_gc
    bench = bench_one_process if args.one_process else bench_processes
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(bench(args.seats, args.rate, args.seconds, Path(tmp) / "bench.game"))


if __name__ == "__main__":
    raise SystemExit(main())
