"""The page server under pressure and misuse (issue 24.15, 24.16), against a real host on 127.0.0.1: methods other
than GET and HEAD, HEAD itself, the live stream's Origin, security headers on every answer (errors too), the
descriptors a thousand pages would take (a cap below them, 503 beyond it, never a hang; the soft open-file
limit raised), and a page that stops reading (reset at once, SO_LINGER 0). Every loop is bounded."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from boardapp.engine.files import load_scenario, new_game
from boardapp.net.client import Seat
from boardapp.web.server import HTTP_ROOM, LIVE_PATH, WebView, static_files
from tests.web.live import LiveGame

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options",
            "Cache-Control")


@pytest.fixture
def live() -> Iterator[LiveGame]:
    with LiveGame(new_game(load_scenario(TINY))) as running:
        yield running


def port_of(live: LiveGame) -> int:
    assert live.web is not None
    return live.web.port


def raw(port: int, request: bytes, timeout: float = 5.0) -> bytes:
    """Send ``request`` as it is and read the whole answer, until the server closes (bounded by ``timeout``)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        out = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                return out
            out += chunk
    raise AssertionError(f"the server neither answered fully nor closed within {timeout} s: {out[:200]!r}")


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def request(port: int, method: str, path: str = "/", headers: dict[str, str] | None = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             *(f"{k}: {v}" for k, v in (headers or {}).items())]
    return raw(port, ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))


def assert_secure(headers: dict[str, str], what: str) -> None:
    missing = [h for h in SECURITY if h not in headers]
    assert not missing, f"{what} lacks {missing}: {headers}"
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("method", ["DELETE", "TRACE", "PUT", "POST", "OPTIONS", "PATCH", "BREW"])
@pytest.mark.parametrize("path", ["/", "/app.js", LIVE_PATH, "/nothing"])
def test_methods_other_than_get_and_head_are_not_allowed(live: LiveGame, method: str, path: str) -> None:
    status, headers, body = parse(request(port_of(live), method, path))
    assert status == 405, (method, path, status)
    assert headers["Allow"] == "GET, HEAD"
    assert_secure(headers, f"{method} {path}")
    assert b"<html" not in body.lower() and b"not allowed" in body


@pytest.mark.parametrize("path", ["/", "/index.html", "/app.js", "/style.css", "/favicon.svg"])
def test_head_gives_the_headers_of_get_and_no_body(live: LiveGame, path: str) -> None:
    status, headers, body = parse(request(port_of(live), "HEAD", path))
    name = "index.html" if path == "/" else path.lstrip("/")
    assert status == 200
    assert body == b""
    assert int(headers["Content-Length"]) == len(static_files()[name])
    assert_secure(headers, f"HEAD {path}")
    # http.client agrees: nothing follows the headers
    conn = http.client.HTTPConnection("127.0.0.1", port_of(live), timeout=5)
    conn.request("HEAD", path)
    resp = conn.getresponse()
    assert resp.status == 200 and resp.read() == b""
    conn.close()


def test_head_of_a_missing_file_is_404_without_a_body(live: LiveGame) -> None:
    status, headers, body = parse(request(port_of(live), "HEAD", "/nothing"))
    assert status == 404 and body == b"" and int(headers["Content-Length"]) > 0
    assert_secure(headers, "HEAD /nothing")


def _handshake(port: int, origin: str | None) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    extra = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13"}
    if origin is not None:
        extra["Origin"] = origin
    lines = [f"GET {LIVE_PATH} HTTP/1.1", f"Host: 127.0.0.1:{port}", *(f"{k}: {v}" for k, v in extra.items())]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null", "file://",
                                    "http://127.0.0.1.evil.example:{port}", "ftp://127.0.0.1:{port}"])
def test_the_live_stream_refuses_another_sites_page(live: LiveGame, origin: str) -> None:
    port = port_of(live)
    status, headers, body = parse(_handshake(port, origin.format(port=port)))
    assert status == 403, origin
    assert_secure(headers, f"403 for {origin}")
    assert b"only for this server's own page" in body


@pytest.mark.parametrize("origin", ["http://127.0.0.1:{port}", "HTTP://127.0.0.1:{port}", None])
def test_the_live_stream_opens_for_its_own_page_and_for_scripts_without_origin(live: LiveGame,
                                                                              origin: str | None) -> None:
    port = port_of(live)
    status, _, _ = parse(_handshake(port, origin.format(port=port) if origin else None))
    assert status == 101


def test_every_error_carries_the_security_headers(live: LiveGame) -> None:
    port = port_of(live)
    answers = {
        "404": request(port, "GET", "/nothing"),
        "405": request(port, "DELETE", "/"),
        "426 (a plain GET of the live stream)": request(port, "GET", LIVE_PATH),
        "400 (a bad WebSocket key)": request(port, "GET", LIVE_PATH, {
            "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": "short",
            "Sec-WebSocket-Version": "13"}),
        "414 (a request line too long)": raw(port, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
    }
    assert live.web is not None
    live.web.max_pages = 0
    answers["503 (too many pages)"] = _handshake(port, None)
    for what, answer in answers.items():
        status, headers, _ = parse(answer)
        assert str(status) == what.split(" ")[0], (what, answer[:120])
        assert_secure(headers, what)


def test_pages_beyond_the_cap_are_told_503_at_once_and_plain_requests_still_served(live: LiveGame) -> None:
    assert live.host is not None
    host = live.host

    async def small() -> WebView:  # a web view told it may use only 19 descriptors: room for three pages
        view = WebView(host.url, host.add_seat("viewer", "small page").token, descriptors=HTTP_ROOM + 3)
        await view.start()
        return view

    web: WebView = live.call(small())
    assert web.room == HTTP_ROOM + 3 and web.page_cap == 3
    url = f"ws://127.0.0.1:{web.port}{LIVE_PATH}"
    with contextlib.ExitStack() as pages:
        for _ in range(3):
            pages.enter_context(connect(url, proxy=None, open_timeout=5)).recv(timeout=5)
        started = time.monotonic()
        with pytest.raises(InvalidStatus) as refused, connect(url, proxy=None, open_timeout=5):
            pass
        assert refused.value.response.status_code == 503
        assert refused.value.response.headers["Retry-After"] == "60"
        assert time.monotonic() - started < 2, "a page beyond the cap is answered at once, not left waiting"
        status, _, body = parse(request(web.port, "GET", "/"))
        assert status == 200 and body == static_files()["index.html"]
    live.call(web.stop())


def test_connections_beyond_the_room_are_reset_at_once_never_left_waiting(live: LiveGame) -> None:
    web = live.web
    assert web is not None
    web.room = 6
    held = []
    try:
        for _ in range(6):
            held.append(socket.create_connection(("127.0.0.1", web.port), timeout=5))
        deadline = time.monotonic() + 5
        while web._open < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert web._open == 6
        started = time.monotonic()
        try:  # reset at once: at connecting, sending or reading, depending on timing
            with socket.create_connection(("127.0.0.1", web.port), timeout=5) as extra:
                extra.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                got = extra.recv(100)
        except (ConnectionResetError, BrokenPipeError):
            got = b""
        assert got == b"", "beyond the room nothing is served"
        assert time.monotonic() - started < 2
        assert web.turned_away >= 1
    finally:
        for s in held:
            s.close()
    # once they are gone the page is served again
    deadline = time.monotonic() + 5
    while web._open and time.monotonic() < deadline:
        time.sleep(0.02)
    assert parse(request(web.port, "GET", "/"))[0] == 200


def test_a_page_that_stops_reading_is_reset_and_the_kernel_keeps_nothing_for_it(live: LiveGame) -> None:
    """A phone that stops reading: after ``slow_after`` without taking a picture it is reset (RST, SO_LINGER 0),
    so the megabytes waiting for it are dropped at once — it sees a reset, not the data and then an end."""
    web = live.web
    assert web is not None
    web.slow_after = 0.5
    port = web.port
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET {LIVE_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        assert s.recv(12) == b"HTTP/1.1 101"
        # it reads nothing more; CONTROL plays news (20 kB each: each picture carries the last 40 lines)
        for i in range(200):
            assert live.play({"kind": "news", "text": f"{i} " + "x" * 20_000}).accepted
            if web.dropped:
                break
            time.sleep(0.05)
        assert web.dropped == 1, "the page that stopped reading was dropped"
        received, reset = 0, False
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                reset = True
                break
            if not chunk:
                break
            received += len(chunk)
        assert reset, f"the page got {received} bytes and then an orderly end: the kernel kept sending to it"
    finally:
        s.close()


LIMITED = """
import asyncio, json, resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard}))
from boardapp.engine.files import load_scenario, new_game
from boardapp.net.client import Seat
from boardapp.net.host import Host, Limits
from boardapp.web.hosting import start_web

async def main():
    game = new_game(load_scenario(sys.argv[1]))
    host = Host(game, limits=Limits(connections={seats}))
    await host.start()
    control = host.add_seat("control", "CONTROL")
    web = await start_web(host, game, "127.0.0.1", 0)
    print(json.dumps({{"port": web.port, "host": host.port, "cap": web.page_cap, "room": web.room,
                      "limits": list(resource.getrlimit(resource.RLIMIT_NOFILE)), "control": control.token}}),
          flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def _limited(soft: int, hard: int, seats: int) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    proc = subprocess.Popen([sys.executable, "-c", LIMITED.format(soft=soft, hard=hard, seats=seats), str(TINY)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.kill()
        raise AssertionError(proc.communicate(timeout=10)[1])
    return proc, json.loads(line)


def test_the_soft_open_file_limit_is_raised_toward_the_hard_one() -> None:
    proc, info = _limited(256, 4096, 100)
    try:
        assert info["limits"] == [4096, 4096]
        assert info["cap"] == 2000  # MAX_PAGES: the raised limit leaves room for all of them
    finally:
        proc.kill()
        proc.communicate(timeout=10)


def test_with_few_descriptors_pages_are_capped_below_them_and_seats_still_join() -> None:
    """A real process limited to 300 descriptors (soft = hard, nothing to raise), its host keeping 60 connections
    for seats: the page server takes at most what is left, answers 503 beyond, and CONTROL's seat still joins."""
    proc, info = _limited(300, 300, 60)
    try:
        cap = info["cap"]
        assert 0 < cap < 300 - 60 - 64, info
        url = f"ws://127.0.0.1:{info['port']}{LIVE_PATH}"
        opened, refused = 0, None
        with contextlib.ExitStack() as pages:
            for _ in range(cap + 5):  # bounded: one more than the cap must be refused
                try:
                    ws = pages.enter_context(connect(url, proxy=None, open_timeout=5))
                except InvalidStatus as exc:
                    refused = exc.response.status_code
                    break
                ws.recv(timeout=5)
                opened += 1
            assert refused == 503 and opened == cap
            # the seats' room is untouched: CONTROL joins the host

            async def join() -> str:
                seat = Seat(f"ws://127.0.0.1:{info['host']}/", info["control"])
                await seat.start(10)
                role = seat.role
                await seat.close()
                return str(role)

            assert asyncio.run(join()) == "control"
    finally:
        proc.kill()
        proc.communicate(timeout=10)
