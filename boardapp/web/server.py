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
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from boardapp.net import sockets
from boardapp.net.client import Seat
from boardapp.web.picture import NEWS_KEPT, clock_face, page_event, page_map, page_picture, page_teams

log = logging.getLogger("boardapp.web")

LIVE_PATH = "/live"
MAX_PAGES = 2000
"""Pages served at once at most; one more is told ``503`` (it retries later). Fewer when the process's open-file
limit leaves room for fewer (:attr:`WebView.page_cap`)."""
KEEP_FREE = 64
"""Descriptors the web view leaves to everything else in its process (the game file, logs, the seats' own
connections come on top: :func:`boardapp.web.hosting.start_web` adds the host's ``Limits.connections``)."""
HTTP_ROOM = 16
"""Connections beyond the pages' cap kept for plain requests (the page's files) and for telling pages ``503``."""
SLOW_AFTER = 20.0
"""Seconds a page may take to accept one picture before it is dropped as not reading (reset at once,
``SO_LINGER`` 0: the kernel keeps nothing for it)."""
ALLOWED_METHODS = "GET, HEAD"
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
    ("X-Frame-Options", "DENY"),
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
                 max_pages: int = MAX_PAGES, keep_free: int = KEEP_FREE, descriptors: int | None = None,
                 slow_after: float = SLOW_AFTER) -> None:
        self.host_url = host_url
        self.bind = bind
        self.requested_port = port
        self.port = port
        self.clock_source = clock
        self.scenario = scenario
        self.max_pages = max_pages
        self.keep_free = keep_free
        """Descriptors left to the rest of the process (the host's seats, the game file)."""
        self.descriptors = descriptors
        """Descriptors this server may use for connections; None: what the process's open-file limit (raised
        toward the hard limit at start) leaves after those open and :attr:`keep_free`. Tests give a small one."""
        self.room = max_pages + HTTP_ROOM
        """Connections at once this server accepts (pages and plain requests); set at :meth:`start`."""
        self.slow_after = slow_after
        self.limits: tuple[int, int] = (-1, -1)
        """The process's (soft, hard) open-file limits after :meth:`start` raised the soft one."""
        self._open = 0
        """Connections open now (accepted, not yet closed)."""
        self.turned_away = 0
        """Requests answered 503 (too many pages or connections) and connections reset beyond the room."""
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
        """Public events and notices since the web view started, newest first (an undone entry's lines dropped)."""
        self._news_marks: list[str] = []
        """The mark of each line's entry (``View.marks``; '' for a notice), so an undo takes its lines back."""
        self.clock: dict[str, Any] | None = None
        self._clock_record: dict[str, Any] | None = None
        self.sent = 0
        """State messages handed to pages (a figure for the benchmark)."""
        self.dropped = 0
        """Pages dropped for not reading (:data:`SLOW_AFTER`)."""

    # --- life ----------------------------------------------------------------------------------
    async def start(self, timeout: float = 10.0) -> None:
        """Join the host as a viewer, then serve pages. Raises SeatError on a wrong code."""
        await self.seat.start(timeout)
        self._refresh_setup()
        self._poll_clock()
        self._publish()
        self.room = self._room()
        view = self

        class _Connection(_PageConnection):
            web = view

        self._server = await serve(self._page, self.bind, self.requested_port, process_request=self._http,
                                   max_size=1024, max_queue=4, compression=None, ping_interval=20, ping_timeout=20,
                                   close_timeout=2, server_header=None, open_timeout=10,
                                   create_connection=_Connection)
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

    @property
    def page_cap(self) -> int:
        """Pages served at once: :attr:`max_pages`, or fewer when the descriptors left allow fewer (issue 24.15:
        a thousand phones must not take the descriptors the seats and CONTROL need, nor leave later pages
        waiting for ever: one more page is told 503)."""
        return max(0, min(self.max_pages, self.room - HTTP_ROOM))

    def _room(self) -> int:
        """Connections this server may hold at once without taking the descriptors the rest of the process needs:
        the soft open-file limit (raised toward the hard one first) less those open now and :attr:`keep_free`."""
        if self.descriptors is not None:
            return max(0, self.descriptors)
        self.limits = sockets.raise_open_files()
        soft = sockets.soft_limit()
        if soft is None:
            return self.max_pages + HTTP_ROOM
        room = soft - sockets.open_files() - self.keep_free
        if room < self.max_pages + HTTP_ROOM:
            log.warning("the open-file limit (%d) leaves room for %d pages of the players' web page", soft,
                        max(0, room - HTTP_ROOM))
        return max(0, min(room, self.max_pages + HTTP_ROOM))

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- HTTP ----------------------------------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Answer a request: the page's files (GET, HEAD), the live stream's handshake (GET ``/live`` from a
        page of this server), ``405`` for any other method, ``404`` for any other path, ``503`` beyond the cap."""
        path = request.path.split("?", 1)[0]
        method = getattr(request, "method", "GET")
        if method not in ("GET", "HEAD"):
            response = _response(405, "Method Not Allowed", f"{method} is not allowed here: this server only "
                                 "shows the game's public board\n".encode(), "text/plain; charset=utf-8")
            response.headers["Allow"] = ALLOWED_METHODS
            return response
        if path == LIVE_PATH:
            if method == "HEAD":
                return _response(426, "Upgrade Required", b"", "text/plain; charset=utf-8")
            if not _same_origin(request):
                return _response(403, "Forbidden", b"the live stream is only for this server's own page\n",
                                 "text/plain; charset=utf-8")
            if len(self._pages) >= self.page_cap:
                self.turned_away += 1
                return _busy("too many pages open; try again in a minute\n")
            return None  # the WebSocket handshake goes on
        found = _FILES.get(path)
        if found is None:
            body = b"not found: this server shows the game's public board at /\n"
            return _response(404, "Not Found", b"" if method == "HEAD" else body, "text/plain; charset=utf-8",
                             head=len(body) if method == "HEAD" else None)
        name, kind = found
        body = self.files[name]
        if method == "HEAD":
            return _response(200, "OK", b"", kind, head=len(body))
        return _response(200, "OK", body, kind)

    def _opened(self, connection: _PageConnection) -> bool:
        """A connection was accepted; False when it is beyond :attr:`room` (it is reset at once, before it can
        hold a descriptor the seats need or wait for an answer)."""
        if self._open >= self.room:
            self.turned_away += 1
            return False
        self._open += 1
        return True

    def _closed(self) -> None:
        self._open -= 1

    # --- the viewer seat -----------------------------------------------------------------------
    def _on_seat(self, kind: str, data: Any) -> None:
        if kind == "view":
            self._refresh_setup()
            self.board = page_picture(data)
            self.seq = self.seq + 1
        elif kind == "events":
            marks = self.seat.view_marks if len(self.seat.view_marks) == len(data) else [""] * len(data)
            for event, mark in zip(data, marks, strict=True):
                line = page_event(event)
                if line is not None and line["text"]:
                    self.news.insert(0, line)
                    self._news_marks.insert(0, mark)
        elif kind == "notice":
            self.news.insert(0, {"kind": "notice", "text": str(data), "teams": [], "places": []})
            self._news_marks.insert(0, "")
        elif kind == "withdrawn":  # an entry was undone: its lines go (issue 24.14); the undo's notice stays
            kept = [(line, m) for line, m in zip(self.news, self._news_marks, strict=True) if not m or m != data]
            self.news = [line for line, _ in kept]
            self._news_marks = [m for _, m in kept]
        elif kind != "stale":
            return
        del self.news[NEWS_KEPT:]
        del self._news_marks[NEWS_KEPT:]
        self._publish()

    def _refresh_setup(self) -> None:
        setup = self.seat.setup
        if setup is None or setup.game_id == self._setup_game:
            return
        self._setup_game = setup.game_id
        self.news.clear()
        self._news_marks.clear()
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
                    await asyncio.wait_for(ws.send(page.setup), self.slow_after)
                if self._state_text:
                    # the newest picture: one a slow page missed meanwhile is not queued for it
                    await asyncio.wait_for(ws.send(self._fresh_state()), self.slow_after)
                    self.sent += 1
        except ConnectionClosed:
            pass
        except TimeoutError:  # not reading: reset, so the kernel drops what it still held for this page
            self.dropped += 1
            log.info("a page was dropped: it took no picture for %g s", self.slow_after)
            sockets.abort(ws.transport)
        finally:
            self._pages.discard(page)
            reader.cancel()


async def _drain(ws: ServerConnection) -> None:
    """Read and drop what a page sends (nothing, normally) until it goes away."""
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


class _PageConnection(ServerConnection):
    """A connection of the page server: counted (the server's room, :meth:`WebView._opened`), reset at once
    beyond it, and every answer the WebSocket layer makes itself (a 426, a 400, a 414) carries the security
    headers too."""

    web: WebView

    def __init__(self, protocol: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(protocol, *args, **kwargs)
        reject = protocol.reject

        def secure_reject(status: Any, text: str) -> Response:
            response: Response = reject(status, text)
            _secure(response.headers)
            return response

        protocol.reject = secure_reject
        self._counted = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._counted = self.web._opened(self)
        if not self._counted:
            sockets.abort(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted:
            self._counted = False
            self.web._closed()
        super().connection_lost(exc)


def _secure(headers: Headers) -> None:
    for key, value in _HEADERS:
        if key not in headers:
            headers[key] = value


def _same_origin(request: Request) -> bool:
    """Whether the live stream's request comes from this server's own page: a browser sends ``Origin``, and it
    must name the host and port the request was sent to (``Host``). Without ``Origin`` it is no browser's page
    (a script, a test), which the origin rule is not about."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def _busy(text: str) -> Response:
    response = _response(503, "Service Unavailable", text.encode(), "text/plain; charset=utf-8")
    response.headers["Retry-After"] = "60"
    return response


def _response(status: int, reason: str, body: bytes, content_type: str, head: int | None = None) -> Response:
    """An answer with the security headers; ``head``: a HEAD request's, announcing a body of that length."""
    length = len(body) if head is None else head
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(length)), *_HEADERS])
    return Response(status, reason, headers, body)
