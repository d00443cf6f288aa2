"""The LAN figures of issue 11: many idle authenticated viewers and a slow reader against one host.

    .venv/bin/python benchmarks/bench_lan.py                            # 1,000 viewers, 30 s of changes
    .venv/bin/python benchmarks/bench_lan.py --viewers 200 --seconds 10  # a quick look

The host runs in a child process (this file started again with ``--host``) so that the memory
measured is the host's alone: its resident set (``VmRSS`` in ``/proc/PID/status``) is read

1. with the game loaded and serving, nobody connected;
2. with every viewer connected and caught up (each a real :class:`Seat` with its own join code,
   answering the host's pings; they send nothing else);
3. after ``--seconds`` of public changes (CONTROL sets a team's PR once a second; every viewer
   gets a new view), with the time from CONTROL's send to the moment the *last* viewer had the view;
4. while a slow reader (an umpire's connection with a 4 KiB receive buffer that never reads) is
   sent about 20 MB of entries: the host must drop it (``too_slow``) rather than hold them;
5. after every viewer and seat has gone.

Loopback only; bounded (the whole run takes about ``--seconds`` + 60 s); the game file lives in a
temporary directory. Also prints the host's refusals and drops as its status API reports them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect

from boardapp.engine.files import load_scenario, new_game
from boardapp.net import protocol as p
from boardapp.net.client import Seat
from boardapp.net.host import Host, Limits

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


def _more_files() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


# --- the host, in its own process ------------------------------------------------------------------
async def host_process(viewers: int) -> int:
    _more_files()
    with tempfile.TemporaryDirectory() as tmp:
        game = new_game(load_scenario(TINY), save=Path(tmp) / "lan.game")
        host = Host(game, limits=Limits(connections=viewers + 20, per_code=4))
        codes = [host.add_seat("viewer", f"screen {i}").token for i in range(viewers)]
        control = host.add_seat("control", "CONTROL").token
        slow = host.add_seat("umpire", "slow reader").token
        await host.start()
        print(json.dumps({"url": host.url, "viewers": codes, "control": control, "slow": slow}), flush=True)
        while True:
            line = (await asyncio.to_thread(sys.stdin.readline)).strip()
            if line == "status":
                rows = host.status()
                print(json.dumps({"rss": rss_kib(), "seats": len(rows), "connections": len(host._conns),
                                  "outbox_max": max((r["outbox_bytes"] for r in rows), default=0),
                                  "journal": sum(len(e.model_dump_json()) for e in game.entries),
                                  "refusals": host.recent_refusals()[:20]}), flush=True)
            elif line in ("quit", ""):
                break
        await host.stop()
        game.store.close()
    return 0


# --- the viewers, CONTROL and the slow reader, here ------------------------------------------------
class HostProc:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    async def line(self, timeout: float = 60) -> dict[str, Any]:
        assert self.proc.stdout is not None
        data: dict[str, Any] = json.loads(await asyncio.wait_for(self.proc.stdout.readline(), timeout))
        return data

    async def status(self) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"status\n")
        await self.proc.stdin.drain()
        return await self.line()


async def bench(n_viewers: int, seconds: float) -> int:
    _more_files()
    proc = await asyncio.create_subprocess_exec(sys.executable, __file__, "--host", str(n_viewers),
                                                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                limit=2 ** 24)
    host = HostProc(proc)
    info = await host.line()
    url = info["url"]
    figures: list[tuple[str, dict[str, Any]]] = []
    loaded = await host.status()
    figures.append(("game loaded, nobody connected", loaded))

    got: dict[int, float] = {}  # view seq -> when the last viewer got it
    counts: dict[int, int] = {}

    def listener(kind: str, data: Any, seat: list[Seat]) -> None:
        if kind == "view":
            seq = seat[0].view_seq
            counts[seq] = counts.get(seq, 0) + 1
            got[seq] = time.monotonic()

    viewers: list[Seat] = []
    t0 = time.monotonic()
    for code in info["viewers"]:
        box: list[Seat] = []
        seat = Seat(url, code, on_event=lambda k, d, b=box: listener(k, d, b), ping_interval=5.0)
        box.append(seat)
        viewers.append(seat)
    batch = 50
    for i in range(0, len(viewers), batch):
        await asyncio.gather(*(v.start(timeout=60) for v in viewers[i:i + batch]))
    connect_time = time.monotonic() - t0
    await asyncio.sleep(2)
    idle = await host.status()
    figures.append((f"{n_viewers} viewers connected and idle", idle))

    control = Seat(url, info["control"])
    await control.start()
    base = max(v.view_seq for v in viewers)
    sent: dict[int, float] = {}
    for k in range(int(seconds)):
        sent[base + k + 1] = time.monotonic()
        out = await control.play({"kind": "set_pr", "team": "gov", "level": 5 + (k % 2), "reason": "bench"}, 10)
        assert out.accepted, out
        await asyncio.sleep(max(0.0, sent[base + k + 1] + 1.0 - time.monotonic()))
    await asyncio.sleep(2)
    delays = [got[s] - t for s, t in sent.items() if counts.get(s, 0) == n_viewers]
    missing = sum(1 for s in sent if counts.get(s, 0) != n_viewers)
    changed = await host.status()
    figures.append((f"after {int(seconds)} public changes sent to every viewer", changed))

    # the slow reader: an umpire's connection that never reads, sent about 20 MB of entries
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))))
    peak: dict[str, Any] = {}
    async with connect(url, sock=sock, proxy=None, max_queue=1, ping_interval=None, close_timeout=1,
                       max_size=p.MAX_HOST_MESSAGE) as slow:
        await slow.send(p.encode(p.Hello(token=info["slow"], client="slow reader")))
        answers = []
        for i in range(2000):
            answers.append(control.submit({"kind": "news", "text": f"{i} " + "x" * 10_000}))
            if i % 100 == 99:
                await asyncio.sleep(0.05)
                st = await host.status()
                if st["outbox_max"] >= peak.get("outbox_max", 0):
                    peak = st
        outcomes = await asyncio.wait_for(asyncio.gather(*answers), 300)
        assert all(o.accepted for o in outcomes)
        await asyncio.sleep(2)
        with_slow = await host.status()
    figures.append(("slow reader sent 20 MB (peak while sending)", peak))
    figures.append(("all 2,000 entries (each 10 KB of news, twice: command and event) journalled", with_slow))

    for v in viewers:
        await v.close()
    await control.close()
    await asyncio.sleep(2)
    after = await host.status()
    figures.append(("everyone gone", after))
    assert proc.stdin is not None
    proc.stdin.write(b"quit\n")
    await proc.stdin.drain()
    await asyncio.wait_for(proc.wait(), 30)

    print(f"host at {url}: {n_viewers} viewers, each with its own code; connected in {connect_time:.1f} s")
    for label, st in figures:
        print(f"  host memory {st['rss'] / 1024:7.1f} MiB, {st['connections']:5d} connections, largest outbox "
              f"{st['outbox_max'] / 1024:7.1f} KiB, journal {st['journal'] / 2 ** 20:5.1f} MiB as JSON: {label}")
    if delays:
        print(f"public change -> every one of {n_viewers} viewers had it: p50 {pct(delays, 0.5) * 1000:.0f} ms, "
              f"p99 {pct(delays, 0.99) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms "
              f"(mean {statistics.fmean(delays) * 1000:.0f} ms; {len(delays)} changes; {missing} not seen by all)")
    drops = [r for r in after["refusals"] if r["seat"] == "slow reader"]
    print("slow reader: " + ("; ".join(f"{r['code']}: {r['detail']}" for r in drops) if drops else "NOT dropped"))
    others = [r for r in after["refusals"] if r["seat"] != "slow reader"]
    print(f"other refusals or drops: {len(others)}" + (f" ({others[:3]})" if others else ""))
    print(f"viewers still connected at the end of the changes: {changed['seats'] - 1} of {n_viewers}; "
          f"reconnections: {sum(v.connections - 1 for v in viewers)}")
    return 0


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--host":
        return asyncio.run(host_process(int(sys.argv[2])))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--viewers", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=30.0, help="public changes, one a second")
    args = ap.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(asyncio.wait_for(bench(args.viewers, args.seconds), args.seconds + 600))
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
