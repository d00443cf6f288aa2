"""The players' web view: a viewer seat of the LAN host that fans the public board out to browsers.

:class:`WebView` joins the host like the big screen does, with a *viewer* join code, so it holds
only what a viewer may see: the map, the public teams, the public board picture and (when the host
sends them) public events. It serves a static page (package data: HTML, CSS and plain JavaScript,
no CDN, no build step) over HTTP and pushes the public picture to every page over a WebSocket at
``/live``. Nothing secret can reach a page because nothing secret reaches this seat; on top of
that every message passes the allow-lists of :mod:`boardapp.web.picture`.

HTTP and WebSocket share one port through the ``websockets`` package's own HTTP handling
(``process_request``): the page is four small files, served from memory, so no web framework is
needed. Each page gets the whole public picture on every change, not a diff: a page that falls
behind (a phone on a weak signal) skips the pictures it missed and gets the newest one, so a slow
page never holds memory on the host and is never left behind.

Messages to a page (JSON text): ``{"type": "setup", ...}`` once per game (map, teams, title), then
``{"type": "state", ...}`` on every change (board, news, clock, whether the host is reachable).
Pages send nothing; anything they send is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from boardapp.net.client import Seat
from boardapp.web.picture import NEWS_KEPT, clock_face, page_event, page_map, page_picture, page_teams

log = logging.getLogger("boardapp.web")

LIVE_PATH = "/live"
MAX_PAGES = 2000
"""Pages served at once; one more is turned away (close code 1013, it retries later)."""
CLOCK_POLL = 0.5
"""Seconds between looks at CONTROL's shared clock record."""
CLOCK_FRESH = 1.0
"""Seconds a running clock's face may be old when a page is sent it: the page counts down from the face's
``remaining`` as it receives it, so a picture made a minute ago (the board unchanged since, a page that
opened only now) would put its clock a minute behind."""

_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
          "/index.html": ("index.html", "text/html; charset=utf-8"),
          "/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/style.css": ("style.css", "text/css; charset=utf-8"),
          "/favicon.svg": ("favicon.svg", "image/svg+xml")}
_HEADERS = [
    ("Cache-Control", "no-cache"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; "
                                "frame-ancestors 'none'"),
]
ANY_ADDRESS = ("0.0.0.0", "", "::")


def static_files() -> dict[str, bytes]:
    """The page's files (package data), read once."""
    root = resources.files("boardapp.web") / "static"
    return {name: (root / name).read_bytes() for name, _ in set(_FILES.values())}


def lan_addresses() -> list[str]:
    """This machine's addresses a phone on the LAN may reach (no packet is sent), best first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        found.append(str(s.getsockname()[0]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    return found or ["127.0.0.1"]


def page_urls(bind: str, port: int) -> list[str]:
    """The address(es) players type or scan to open the page (the big screen's QR code shows the first).

    >>> page_urls("127.0.0.1", 8766)
    ['http://127.0.0.1:8766/']
    """
    hosts = lan_addresses() if bind in ANY_ADDRESS else [bind]
    return [f"http://{h}:{port}/" if ":" not in h else f"http://[{h}]:{port}/" for h in hosts]


@dataclass(eq=False)
class _Page:
    ws: ServerConnection
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    setup: str = ""
    """The setup message this page was last sent (a new game's goes before its first picture)."""


class WebView:
    """Serve the public board of the host at ``host_url`` (joined with viewer ``code``) on ``bind:port``.

    ``clock`` returns CONTROL's shared clock record (or None); ``scenario`` gives the weeks' lengths
    for it (both optional: without them the page shows no clock). Port 0 takes any free port.
    """

    def __init__(self, host_url: str, code: str, bind: str = "127.0.0.1", port: int = 0, *,
                 clock: Callable[[], dict[str, Any] | None] | None = None, scenario: Any = None,
                 max_pages: int = MAX_PAGES) -> None:
        self.host_url = host_url
        self.bind = bind
        self.requested_port = port
        self.port = port
        self.clock_source = clock
        self.scenario = scenario
        self.max_pages = max_pages
        self.seat = Seat(host_url, code, on_event=self._on_seat, client="boardapp web view")
        self.files = static_files()
        self._pages: set[_Page] = set()
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._setup_text = ""
        self._setup_game: str | None = None
        self._state_text = ""
        self._state_made = 0.0
        """``time.monotonic()`` when :attr:`_state_text` was made."""
        self.board: dict[str, Any] | None = None
        """The latest public picture, as pages get it."""
        self.seq = 0
        self.news: list[dict[str, Any]] = []
        """Public events and notices since the web view started, newest first."""
        self.clock: dict[str, Any] | None = None
        self._clock_record: dict[str, Any] | None = None
        self.sent = 0
        """State messages handed to pages (a figure for the benchmark)."""

    # --- life ----------------------------------------------------------------------------------
    async def start(self, timeout: float = 10.0) -> None:
        """Join the host as a viewer, then serve pages. Raises SeatError on a wrong code."""
        await self.seat.start(timeout)
        self._refresh_setup()
        self._poll_clock()
        self._publish()
        self._server = await serve(self._page, self.bind, self.requested_port, process_request=self._http,
                                   max_size=1024, max_queue=4, compression=None, ping_interval=20, ping_timeout=20,
                                   close_timeout=2, server_header=None)
        sockets = self._server.sockets
        self.port = sockets[0].getsockname()[1] if sockets else self.requested_port
        if self.clock_source is not None:
            self._spawn(self._clock_loop())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close(close_connections=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        await self.seat.close()

    async def __aenter__(self) -> WebView:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def urls(self) -> list[str]:
        """Where players open the page."""
        return page_urls(self.bind, self.port)

    @property
    def pages(self) -> int:
        return len(self._pages)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- HTTP ----------------------------------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == LIVE_PATH:
            if len(self._pages) >= self.max_pages:
                return _response(503, "Service Unavailable", b"too many pages open; try again in a minute\n",
                                 "text/plain; charset=utf-8")
            return None  # the WebSocket handshake goes on
        found = _FILES.get(path)
        if found is None:
            return _response(404, "Not Found", b"not found: this server shows the game's public board at /\n",
                             "text/plain; charset=utf-8")
        name, kind = found
        return _response(200, "OK", self.files[name], kind)

    # --- the viewer seat -----------------------------------------------------------------------
    def _on_seat(self, kind: str, data: Any) -> None:
        if kind == "view":
            self._refresh_setup()
            self.board = page_picture(data)
            self.seq = self.seq + 1
        elif kind == "events":
            for event in data:
                line = page_event(event)
                if line is not None and line["text"]:
                    self.news.insert(0, line)
        elif kind == "notice":
            self.news.insert(0, {"kind": "notice", "text": str(data), "teams": [], "places": []})
        elif kind != "stale":
            return
        del self.news[NEWS_KEPT:]
        self._publish()

    def _refresh_setup(self) -> None:
        setup = self.seat.setup
        if setup is None or setup.game_id == self._setup_game:
            return
        self._setup_game = setup.game_id
        self.news.clear()
        self._setup_text = json.dumps({
            "type": "setup", "game": setup.game_id, "rules": setup.rules, "map": page_map(setup.map),
            "teams": page_teams(setup.teams), "title": str(setup.map.get("name") or setup.rules),
        }, separators=(",", ":"))

    # --- the clock -----------------------------------------------------------------------------
    def _poll_clock(self) -> bool:
        """Look at CONTROL's clock record; True when it changed."""
        if self.clock_source is None:
            return False
        try:
            record = self.clock_source()
        except Exception as exc:  # a broken record must not stop the page
            log.warning("could not read the turn clock: %s", exc)
            record = None
        if record == self._clock_record:
            return False
        self._clock_record = record
        try:
            self.clock = clock_face(record, self.scenario)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("the turn clock's record is not readable (%s); the page shows no clock", exc)
            self.clock = None
        return True

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_POLL)
            if self._poll_clock():
                self._publish()

    # --- pages ---------------------------------------------------------------------------------
    def state_message(self) -> dict[str, Any]:
        """What every page is sent after each change: the clock's face as of now (see :data:`CLOCK_FRESH`)."""
        if self._clock_record is not None:
            with contextlib.suppress(KeyError, TypeError, ValueError):  # unreadable: said in _poll_clock
                self.clock = clock_face(self._clock_record, self.scenario)
        return {"type": "state", "seq": self.seq, "board": self.board, "news": self.news, "clock": self.clock,
                "host": "reconnecting" if self.seat.stale else "live", "at": time.time()}

    def _publish(self) -> None:
        self._encode()
        for page in self._pages:
            page.wake.set()

    def _encode(self) -> None:
        self._state_text = json.dumps(self.state_message(), separators=(",", ":"))
        self._state_made = time.monotonic()

    def _fresh_state(self) -> str:
        """The state text, made again (once for every page that asks meanwhile) when a running clock's face
        in it is older than :data:`CLOCK_FRESH`."""
        if self.clock is not None and self.clock.get("running") and \
                time.monotonic() - self._state_made > CLOCK_FRESH:
            self._encode()
        return self._state_text

    async def _page(self, ws: ServerConnection) -> None:
        page = _Page(ws)
        self._pages.add(page)
        reader = asyncio.get_running_loop().create_task(_drain(ws))
        reader.add_done_callback(lambda _: page.wake.set())  # a page gone while idle ends its loop
        try:
            page.wake.set()
            while True:
                await page.wake.wait()
                page.wake.clear()
                if reader.done():
                    break
                if page.setup != self._setup_text:
                    page.setup = self._setup_text
                    await ws.send(page.setup)
                if self._state_text:
                    # the newest picture: one a slow page missed meanwhile is not queued for it
                    await ws.send(self._fresh_state())
                    self.sent += 1
        except ConnectionClosed:
            pass
        finally:
            self._pages.discard(page)
            reader.cancel()


async def _drain(ws: ServerConnection) -> None:
    """Read and drop what a page sends (nothing, normally) until it goes away."""
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


def _response(status: int, reason: str, body: bytes, content_type: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))), *_HEADERS])
    return Response(status, reason, headers, body)
