"""Load test of the players' web view: P pages on 127.0.0.1 watching one host while CONTROL plays.

    .venv/bin/python benchmarks/bench_web.py                   # 300 pages, 1 command/s, 120 s
    .venv/bin/python benchmarks/bench_web.py --seconds 20 --pages 50

The host and its web view run together in a child process (this file started again with
``--serve``), exactly as ``boardapp host GAME`` runs them; that process's CPU time and memory are
the figures reported (read from /proc). This process opens the P pages (plain WebSocket clients
of ``/live``, no browser: what a phone's page receives) and a CONTROL seat that plays War in
Binni's ``set_pr`` (the Binni Government's PR track, public) once a second, cycling 0..8 so that
every command changes what a page shows.

Delay to a page: from CONTROL sending command i to that page receiving a picture showing command
i (or a later one: a page is always sent the newest picture, never a queue). p50/p99/worst over
every (command, page) pair. Its parts: ``accepted_ms``, from sending to CONTROL's answer (the
host's check, apply and game-file commit with fsync), and ``first_to_last_page_ms``, from the
first page to the last page receiving a command's picture (the fan-out to 300 pages, including
this one process reading 300 sockets in turn). "Left behind": pages whose last picture, 5 s after the last command,
is not the final one. Loopback only; the game file lives in a temporary directory. Bounded: the
run stops after ``--seconds`` plus a minute at most, whatever happens.

Clocks: every time stamp is ``time.monotonic()`` in this one process (sender and pages alike).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "war-in-binni.yaml"
TEAM = "binni-gov"
PR = re.compile(r'"team":"binni-gov","name":"[^"]*","pr":(\d+)')
SEQ = re.compile(r'"seq":(\d+)')


# --- the server process ---------------------------------------------------------------------------
async def serve(game_path: str) -> None:
    from boardapp.engine.files import open_game
    from boardapp.net.host import Host
    from boardapp.web.hosting import start_web

    game = open_game(game_path)
    host = Host(game, host="127.0.0.1", port=0)
    control = host.add_seat("control", "CONTROL")
    await host.start()
    web = await start_web(host, game, "127.0.0.1", 0)
    print(json.dumps({"host": host.url, "control": control.token, "web": web.port, "pid": os.getpid()}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the parent closes stdin
    await web.stop()
    await host.stop()
    if game.store is not None:
        game.store.close()


# --- measuring it -----------------------------------------------------------------------------------
def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss(pid: int) -> float:
    """Resident memory in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Page:
    """One page's WebSocket: when it received which Binni Government PR level."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, int | None, int]] = []  # (arrival, pr, seq)
        self.errors = 0

    async def run(self, url: str, stop: asyncio.Event) -> None:
        from websockets.asyncio.client import connect

        try:
            async with connect(url, proxy=None, max_size=2**24, compression=None) as ws:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    now = time.monotonic()
                    # A regular expression, not json.loads: 300 pages share this one process, and
                    # parsing every whole picture here would time this process, not the server.
                    found = PR.search(raw) if isinstance(raw, str) and raw.startswith('{"type":"state"') else None
                    if found is None:
                        continue
                    seq = SEQ.search(raw)
                    self.seen.append((now, int(found.group(1)), int(seq.group(1)) if seq else -1))
        except Exception:
            self.errors += 1


async def bench(pages: int, seconds: float, rate: float) -> dict[str, Any]:
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.net.client import Seat

    tmp = tempfile.mkdtemp(prefix="bench-web-")
    game_path = os.path.join(tmp, "bench.game")
    game = new_game(load_scenario(SCENARIO), save=game_path)
    start_pr = game.summary()["teams"][TEAM]["pr"]
    if game.store is not None:
        game.store.close()
    server = subprocess.Popen([sys.executable, __file__, "--serve", game_path], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert server.stdout is not None
        info = json.loads(server.stdout.readline())
        pid = info["pid"]
        url = f"ws://127.0.0.1:{info['web']}/live"
        rss_idle = proc_rss(pid)
        stop = asyncio.Event()
        watchers = [Page() for _ in range(pages)]
        tasks = []
        t_connect = time.monotonic()
        for i, page in enumerate(watchers):
            tasks.append(asyncio.create_task(page.run(url, stop)))
            if i % 25 == 24:
                await asyncio.sleep(0.05)  # 300 phones do not all open the page in the same millisecond
        deadline = time.monotonic() + 60
        while sum(1 for p in watchers if p.seen) < pages and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        connected = sum(1 for p in watchers if p.seen)
        connect_time = time.monotonic() - t_connect
        rss_connected = proc_rss(pid)
        control = Seat(info["host"], info["control"], client="bench_web")
        await control.start()
        sent: list[tuple[float, int]] = []  # (time, pr level)
        cpu0, wall0 = proc_cpu(pid), time.monotonic()
        rss_peak = rss_connected
        n = int(seconds * rate)
        refused = 0
        answered: list[float] = []
        for i in range(n):
            level = (start_pr + 1 + i) % 9
            at = time.monotonic()
            sent.append((at, level))
            outcome = await control.play({"kind": "set_pr", "team": TEAM, "level": level, "reason": "bench"},
                                         timeout=10)
            refused += not outcome.accepted
            answered.append(time.monotonic() - at)
            rss_peak = max(rss_peak, proc_rss(pid))
            await asyncio.sleep(max(0.0, at + 1 / rate - time.monotonic()))
        await asyncio.sleep(5)
        cpu1, wall1 = proc_cpu(pid), time.monotonic()
        rss_end = proc_rss(pid)
        stop.set()
        await control.close()
        await asyncio.wait(tasks, timeout=10)
    finally:
        with contextlib.suppress(Exception):
            if server.stdin is not None:
                server.stdin.close()
            server.wait(10)
        if server.poll() is None:
            server.kill()
            server.wait(5)
        if server.stdout is not None:
            server.stdout.close()

    delays: list[float] = []
    by_command: list[list[float]] = [[] for _ in sent]
    missed = 0
    final = sent[-1][1] if sent else start_pr
    behind = 0
    for page in watchers:
        arrivals = page.seen
        j = 0
        for i, (at, _level) in enumerate(sent):
            # the first picture after command i that shows command i or a later one
            while j < len(arrivals) and (arrivals[j][0] < at or arrivals[j][1] not in
                                         {lv for _, lv in sent[i:i + 3]}):
                j += 1
            if j < len(arrivals):
                delays.append(arrivals[j][0] - at)
                by_command[i].append(arrivals[j][0] - at)
            else:
                missed += 1
        if not arrivals or arrivals[-1][1] != final:
            behind += 1
    delays.sort()
    spreads = sorted(max(d) - min(d) for d in by_command if d)
    answered.sort()

    def pct(q: float, values: list[float] | None = None) -> float:
        values = delays if values is None else values
        return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")

    return {
        "pages": pages, "connected": connected, "connect_s": round(connect_time, 2), "commands": len(sent),
        "refused": refused, "seconds": seconds,
        "delay_ms": {"p50": round(pct(0.50), 1), "p99": round(pct(0.99), 1),
                     "max": round(delays[-1] * 1000, 1) if delays else None,
                     "mean": round(statistics.fmean(delays) * 1000, 1) if delays else None},
        "accepted_ms": {"p50": round(pct(0.5, answered), 1), "p99": round(pct(0.99, answered), 1)},
        "first_to_last_page_ms": {"p50": round(pct(0.5, spreads), 1), "p99": round(pct(0.99, spreads), 1)},
        "pairs_measured": len(delays), "pairs_missed": missed, "pages_left_behind": behind,
        "page_errors": sum(p.errors for p in watchers),
        "server_cpu_percent_of_one_core": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 1),
        "server_rss_mib": {"idle": round(rss_idle, 1), "with_pages": round(rss_connected, 1),
                           "peak": round(rss_peak, 1), "end": round(rss_end, 1)},
        "load_average_at_start": os.getloadavg(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--rate", type=float, default=1.0, help="commands per second")
    parser.add_argument("--serve", metavar="GAMEFILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve))
        return 0
    load = os.getloadavg()
    result = asyncio.run(asyncio.wait_for(bench(args.pages, args.seconds, args.rate), args.seconds + 120))
    result["load_average_at_start"] = load
    print(json.dumps(result, indent=1))
    ok = result["connected"] == args.pages and result["pages_left_behind"] == 0 and result["refused"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
