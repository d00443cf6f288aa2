"""What a page receives, byte for byte: every file served over HTTP and every WebSocket message."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

from websockets.sync.client import connect

from boardapp.web.server import LIVE_PATH

PAGE_FILES = ("/", "/index.html", "/app.js", "/style.css", "/favicon.svg")


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    """GET ``url``: status, headers, body (an HTTP error's too)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, dict(resp.headers.items()), resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers.items()), exc.read()


def live_messages(base: str, until: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> list[str]:
    """Open the page's WebSocket and keep every message (raw text) until ``until(state)`` holds."""
    out: list[str] = []
    deadline = time.monotonic() + timeout
    with connect(base.replace("http://", "ws://").rstrip("/") + LIVE_PATH, proxy=None) as ws:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the page never got the expected state; last: {out[-1:]!r}")
            raw = ws.recv(timeout=left)
            assert isinstance(raw, str), "the web view sends JSON text only"
            out.append(raw)
            msg = json.loads(raw)
            if msg["type"] == "state" and until(msg):
                return out


def page_files(base: str) -> dict[str, tuple[dict[str, str], bytes]]:
    """Every file of the page as served: headers and body by path."""
    out = {}
    for path in PAGE_FILES:
        status, headers, body = fetch(base.rstrip("/") + path)
        assert status == 200, path
        out[path] = (headers, body)
    return out


def everything_a_page_gets(base: str, until: Callable[[dict[str, Any]], bool]) -> tuple[str, list[str]]:
    """Every byte a page receives: its files over HTTP (headers and bodies, as one text) and its
    WebSocket messages (raw text each)."""
    parts = []
    for headers, body in page_files(base).values():
        parts.append(json.dumps(headers))
        parts.append(body.decode("utf-8"))
    return "\n".join(parts), live_messages(base, until)


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, leaf) of parsed JSON, keys included as leaves."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}.{k}", k
            yield from leaves(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def message_leaves(messages: list[str]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for i, raw in enumerate(messages):
        out += leaves(json.loads(raw), f"msg{i}")
    return out
