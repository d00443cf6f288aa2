"""What one connection may cost the host (issue 11.6): dead seats dropped, outboxes capped in bytes,
connections capped per code and in all, and every refusal or drop recorded for the Seats dock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from boardapp.engine.files import load_scenario, new_game
from boardapp.net import protocol as p
from boardapp.net.client import Seat
from boardapp.net.host import Host, Limits
from tests.net.test_net import TINY


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def hello(token: str) -> str:
    return p.encode(p.Hello(token=token, client="test"))


async def first_answer(url: str, *send: str) -> dict[str, Any]:
    """Connect, send, and return the host's first message (the host may close right after it)."""
    ws = await connect(url, proxy=None)
    try:
        for text in send:
            await ws.send(text)
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
        return answer
    finally:
        with contextlib.suppress(ConnectionClosed):
            await ws.close()


def test_a_seat_that_neither_reads_nor_answers_is_dropped_after_the_timeout() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game, ping_interval=0.2, limits=Limits(dead_after=1.0)) as host:
            live = Seat(host.url, host.add_seat("umpire", "live").token, ping_interval=0.2)
            await live.start()
            mute = host.add_seat("umpire", "mute")
            # a seat that says hello and then nothing more, and stops reading once its small queue is full
            async with connect(host.url, proxy=None, max_queue=1, ping_interval=None, close_timeout=0.5) as ws:
                await ws.send(hello(mute.token))
                await until(lambda: any(s["seat"] == "mute" for s in host.status()))
                t0 = time.monotonic()
                await until(lambda: not any(s["seat"] == "mute" for s in host.status()), timeout=5)
                took = time.monotonic() - t0
            assert 0.8 <= took <= 2.5, took  # dead_after 1 s, checked every ping (0.2 s)
            drops = [r for r in host.recent_refusals() if r["seat"] == "mute"]
            assert [r["code"] for r in drops] == ["timeout"]
            assert drops[0]["detail"].startswith("no word from it for ")
            assert drops[0]["address"].startswith("127.0.0.1:")
            # the live seat, pinging and answering, stayed on all along
            assert [s["seat"] for s in host.status()] == ["live"] and live.connections == 1 and not live.stale
            await live.close()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_a_seat_that_does_not_read_is_dropped_when_its_outbox_is_full() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        limits = Limits(dead_after=0, outbox_bytes=256 * 1024)
        async with Host(game, limits=limits) as host:
            slow = host.add_seat("umpire", "slow")
            fast = Seat(host.url, host.add_seat("umpire", "fast").token)
            await fast.start()
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", host.port))
            async with connect(host.url, sock=sock, proxy=None, max_queue=1, ping_interval=None, close_timeout=0.5,
                               max_size=p.MAX_HOST_MESSAGE) as ws:
                await ws.send(hello(slow.token))
                await until(lambda: any(s["seat"] == "slow" for s in host.status()))
                peak = 0
                for i in range(3000):  # about 30 MB of broadcasts, far beyond any socket buffer
                    game.push({"kind": "news", "text": f"{i} " + "x" * 10_000})
                    rows = [s for s in host.status() if s["seat"] == "slow"]
                    if not rows:
                        break
                    peak = max(peak, rows[0]["outbox_bytes"])
                    if i % 20 == 0:
                        await asyncio.sleep(0)  # let the writers run
                else:
                    raise AssertionError("the slow seat was never dropped")
            assert peak <= limits.outbox_bytes
            drops = [r for r in host.recent_refusals() if r["seat"] == "slow"]
            assert [r["code"] for r in drops] == ["too_slow"] and "not reading" in drops[0]["detail"]
            await until(lambda: fast.head == len(game.entries), timeout=20)  # the reading seat has everything
            await fast.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_connections_are_capped_per_code_and_in_all() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game, limits=Limits(per_code=2, connections=4)) as host:
            code = host.add_seat("viewer", "big screen").token
            screens = [Seat(host.url, code) for _ in range(2)]
            for s in screens:
                await s.start()
            answer = await first_answer(host.url, hello(code))  # a third screen with the same code
            assert answer["type"] == "error" and answer["code"] == "overloaded" and "at most 2" in answer["detail"]
            # two connections that never say hello fill the host's four; a fifth is refused at once
            idle = [await connect(host.url, proxy=None) for _ in range(2)]
            await until(lambda: len(host._conns) == 4)
            answer = await first_answer(host.url)
            assert answer["code"] == "overloaded" and "at most 4 connections" in answer["detail"]
            for c in idle:
                await c.close()
            await until(lambda: len(host._conns) == 2)
            assert (await first_answer(host.url, hello("not-a-code")))["code"] == "unauthorized"  # recorded too
            codes = [r["code"] for r in host.recent_refusals()]
            assert codes == ["unauthorized", "overloaded", "overloaded"]  # newest first
            assert host.recent_refusals()[2]["seat"] == "big screen"
            assert all(s.connections == 1 and not s.stale for s in screens)
            for s in screens:
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 30))


def _masked_text_frame(text: str) -> bytes:
    """One client WebSocket text frame (clients mask what they send)."""
    import os
    import struct

    data = text.encode("utf-8")
    mask = os.urandom(4)
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    else:
        head += bytes([0x80 | 126]) + struct.pack(">H", len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_seat_dropped_for_not_reading_is_reset_so_the_kernel_keeps_nothing_for_it() -> None:
    """Issue 24.16 for the seats' port too: the drop is a reset (SO_LINGER 0), not a close behind megabytes the
    kernel would go on trying to deliver; the seat sees a reset, not the data and then an orderly end."""
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game, limits=Limits(dead_after=0, outbox_bytes=256 * 1024)) as host:
            slow = host.add_seat("umpire", "slow")
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            await loop.sock_connect(sock, ("127.0.0.1", host.port))
            await loop.sock_sendall(sock, (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{host.port}\r\nUpgrade: websocket\r\n"
                                           "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
            assert (await asyncio.wait_for(loop.sock_recv(sock, 12), 5)) == b"HTTP/1.1 101"
            await loop.sock_sendall(sock, _masked_text_frame(hello(slow.token)))
            await until(lambda: any(s["seat"] == "slow" for s in host.status()))
            for i in range(3000):  # bounded: about 30 MB of broadcasts, far beyond any socket buffer
                game.push({"kind": "news", "text": f"{i} " + "x" * 10_000})
                if not any(s["seat"] == "slow" for s in host.status()):
                    break
                if i % 20 == 0:
                    await asyncio.sleep(0)
            assert [r["code"] for r in host.recent_refusals() if r["seat"] == "slow"] == ["too_slow"]
            received, reset = 0, False
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    chunk = await asyncio.wait_for(loop.sock_recv(sock, 65536), 5)
                except ConnectionResetError:
                    reset = True
                    break
                if not chunk:
                    break
                received += len(chunk)
            sock.close()
            assert reset, f"the seat got {received} bytes and an orderly end: the kernel kept sending to it"

    asyncio.run(asyncio.wait_for(go(), 60))
