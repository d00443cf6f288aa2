"""Worker loops and the host runner: the host (:class:`boardapp.net.host.Host`) and each seat run on
their own asyncio loop in a daemon thread; the Qt thread reaches them only through that loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from boardapp.engine.game import Game
from boardapp.ui.network.collector import collect_in_qt_thread

SEAT_FOR_HOST = "host board"
"""The name of the CONTROL seat the hosting window itself plays through."""
ANSWER_TIMEOUT = 5.0
"""Seconds a window waits for the host's answer before leaving a command queued."""
WEB_PORT_NEXT = -1
"""``web_port`` meaning 'the seats' port + 1' (what ``boardapp host`` uses: 8765 for seats, 8766 for the page)."""
BULK = 16
"""More new entries than this at once: the mirror reloads (one redraw) instead of appending each."""


# --- worker loops ---------------------------------------------------------------------------------
class LoopClosedError(RuntimeError):
    """The seat's or host's network loop has stopped (its window is closing): nothing more runs on it."""


class LoopThread:
    """An asyncio loop running in a daemon thread; run coroutines on it from the Qt thread."""

    def __init__(self, name: str) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        collect_in_qt_thread()  # a worker thread must never run the collector over Qt objects
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Run ``coro`` on the loop. A loop already closed (its window going away while a signal was still
        queued) raises :class:`LoopClosedError`, and ``coro`` is closed, never left un-awaited."""
        try:
            if self.loop.is_closed():
                raise RuntimeError("Event loop is closed")
            return asyncio.run_coroutine_threadsafe(coro, self.loop)
        except RuntimeError as exc:
            coro.close()
            raise LoopClosedError(f"the network loop has stopped: {exc}") from None

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float | None = 10.0) -> Any:
        return self.submit(coro).result(timeout)

    def call(self, fn: Callable[[], Any], timeout: float | None = 10.0) -> Any:
        """``fn()`` on the loop's thread, its result here."""
        async def go() -> Any:
            return fn()
        return self.run(go(), timeout)

    def close(self, timeout: float = 5.0) -> None:
        if self.loop.is_closed():
            return

        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        if self.thread.is_alive():
            with contextlib.suppress(Exception):
                self.run(cancel_all(), timeout)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout)
        if not self.thread.is_alive():
            self.loop.close()


# --- hosting --------------------------------------------------------------------------------------
@dataclass
class SeatPlan:
    """The join codes to make when hosting: umpires as (name, teams or None for every team)."""

    umpires: list[tuple[str, list[str] | None]] = field(default_factory=lambda: [(f"umpire {i}", None)
                                                                                  for i in range(1, 5)])
    control: bool = True
    viewer: bool = True
    allies: set[str] = field(default_factory=set)
    """Names of the umpires who also play for their teams' allies of the moment."""
    players: list[str] = field(default_factory=list)
    """The rule system's players (``RuleModule.players``) that get a player seat each (Coup's nine)."""


def teams_words(game: Any, teams: Iterable[str] | None) -> str:
    """'every team' or the teams' names ('Government, Rebels'), as an umpire reads them."""
    if teams is None:
        return "every team"
    names = {t.id: t.name for t in getattr(getattr(game, "module", None), "teams", [])}
    return ", ".join(names.get(t, t) for t in sorted(teams)) or "no team"


def saved_umpires(seats_file: Path | None) -> list[tuple[str, list[str] | None]] | None:
    """The umpires a seats file holds (name, teams or None), in order; None when there is no such file."""
    if seats_file is None or not seats_file.exists():
        return None
    from boardapp.net.host import read_grants

    return [(g.name, sorted(g.teams) if g.teams is not None else None) for g in read_grants(seats_file)
            if g.role == "umpire" and not g.revoked]


def saved_players(seats_file: Path | None) -> set[str]:
    """The players a seats file has a (live) player seat for."""
    if seats_file is None or not seats_file.exists():
        return set()
    from boardapp.net.host import read_grants

    return {str(g.player) for g in read_grants(seats_file) if g.role == "player" and g.player and not g.revoked}


def saved_allies(seats_file: Path | None) -> set[str]:
    """Names of the umpires a seats file has playing 'and allies'."""
    if seats_file is None or not seats_file.exists():
        return set()
    from boardapp.net.host import read_grants

    return {g.name for g in read_grants(seats_file) if g.role == "umpire" and g.allies and not g.revoked}


class HostRunner(QObject):
    """A :class:`~boardapp.net.host.Host` on its own loop, serving a game file (or a game handed over).

    ``path``: the game file, opened again on the host's thread (the window closes its own copy
    first); ``game``: a game without a file, handed over whole (the window stops using it).
    Seats and codes persist in ``GAME_FILE.seats.json`` (0600) so a restarted host takes the
    same codes.
    """

    started = Signal(str)
    stopped = Signal()

    def __init__(self, path: str | Path | None, game: Game[Any] | None = None, bind: str = "0.0.0.0",
                 port: int = 8765, parent: QObject | None = None, *, web_port: int | None = WEB_PORT_NEXT,
                 **host_options: Any) -> None:
        super().__init__(parent)
        if path is None and game is None:
            raise ValueError("host a game file or a game")
        self.path = Path(path) if path is not None else None
        self._handed = game
        self.bind = bind
        self.port = port
        self.host_options = host_options
        self.web_port = web_port
        """The players' web page's port: :data:`WEB_PORT_NEXT` (the seats' port + 1, as ``boardapp host``),
        0 for any free port, None for no page."""
        self.web: Any = None
        """The players' web page (:class:`boardapp.web.server.WebView`) while hosting, None without one."""
        self.host: Any = None
        self.game: Game[Any] | None = None
        """The authority: touch it only on the host's loop (:meth:`call`)."""
        self.loop = LoopThread("boardapp-host")
        self.changes: list[str] = []
        """What the last start did to the seats: loaded from the seats file, codes made, limits changed
        (the window logs them)."""

    @property
    def seats_file(self) -> Path | None:
        return self.path.with_name(self.path.name + ".seats.json") if self.path is not None else None

    @property
    def running(self) -> bool:
        return self.host is not None

    def start(self, plan: SeatPlan | None = None, timeout: float = 15.0) -> str:
        """Open the game, make the codes ``plan`` asks for (if missing) and serve; the host's URL."""
        url = str(self.loop.run(self._start(plan or SeatPlan()), timeout))
        self.started.emit(url)
        return url

    async def _start(self, plan: SeatPlan) -> str:
        from boardapp.engine.files import open_game
        from boardapp.net.host import Host

        if self.game is None:
            self.game = self._handed if self._handed is not None else open_game(self.path)  # type: ignore[arg-type]
        host = Host(self.game, host=self.bind, port=self.port, **self.host_options)
        seats = self.seats_file
        self.changes = []
        if seats is not None and seats.exists():
            host.load_grants(seats)
            kept = [g for g in host.grants.values() if not g.revoked and g.name != SEAT_FOR_HOST]
            self.changes.append(f"Seats and limits loaded from {seats.name}: " + (
                "; ".join(f"{g.name} ({g.role}, {teams_words(self.game, g.teams)}"
                          f"{' and allies' if g.allies else ''})" for g in kept) or "none"))
        live = [g for g in host.grants.values() if not g.revoked]

        def have(role: str, name: str) -> Any:
            return next((g for g in live if g.role == role and g.name == name), None)

        if plan.control and have("control", "CONTROL") is None:
            host.add_seat("control", "CONTROL")
            self.changes.append("New join code made for CONTROL")
        for name, teams in plan.umpires:
            grant = have("umpire", name)
            wanted = frozenset(teams) if teams is not None else None
            if grant is None:
                host.add_seat("umpire", name, teams)
                self.changes.append(f"New join code made for {name} ({teams_words(self.game, wanted)})")
            elif grant.teams != wanted:  # the Host dialog showed the saved limits: a difference is CONTROL's change
                self.changes.append(f"{name}: teams changed from {teams_words(self.game, grant.teams)} to "
                                    f"{teams_words(self.game, wanted)}")
                grant.teams = wanted
            grant = have("umpire", name) or next(g for g in host.grants.values() if g.name == name and not g.revoked)
            allies = name in plan.allies and grant.teams is not None
            if grant.allies != allies:
                self.changes.append(f"{name}: " + ("now also plays for the allies of " if allies else
                                                   "no longer plays for the allies of ")
                                    + teams_words(self.game, grant.teams))
                grant.allies = allies
        for player in plan.players:
            if not any(g.role == "player" and g.player == player for g in live):
                grant = host.add_seat("player", player=player)
                self.changes.append(f"New join code made for {grant.name}")
        if plan.viewer and have("viewer", "big screen") is None:
            host.add_seat("viewer", "big screen")
            self.changes.append("New join code made for the big screen")
        if have("control", SEAT_FOR_HOST) is None:
            host.add_seat("control", SEAT_FOR_HOST)
        if self.web_port is not None:
            from boardapp.web.hosting import web_grant

            web_grant(host)  # the page's viewer seat, kept in the seats file with the others
        if seats is not None:
            host.save_grants(seats)
        await host.start()
        self.host = host
        self.port = host.port  # a restart listens on the same port
        await self._start_web(host)
        return str(host.url)

    async def _start_web(self, host: Any) -> None:
        """Serve the players' web page beside the host (issue 17); a busy port is said, not fatal: the
        seats are served all the same."""
        from boardapp.web.hosting import start_web

        self.web = None
        if self.web_port is None:
            return
        port = host.port + 1 if self.web_port == WEB_PORT_NEXT else self.web_port
        try:
            self.web = await start_web(host, self.game, self.bind, port)
        except OSError as exc:
            self.changes.append(f"The players' web page could not use port {port}: {exc.strerror or exc}")
            return
        self.web_port = self.web.port  # a restart serves the page at the same address
        self.changes.append("The players' web page (public board, read-only): " + "  ".join(self.web.urls))

    @property
    def web_urls(self) -> list[str]:
        """Where players open the web page (empty when there is none)."""
        return list(self.web.urls) if self.web is not None else []

    @property
    def url(self) -> str:
        return str(self.host.url) if self.host is not None else ""

    @property
    def local_url(self) -> str:
        """The address this machine's own seat uses."""
        bind = self.bind if self.bind not in ("0.0.0.0", "", "::") else "127.0.0.1"
        return f"ws://{bind}:{self.port}/"

    def call(self, fn: Callable[[Any], Any], timeout: float = 10.0) -> Any:
        """``fn(host)`` on the host's loop."""
        return self.loop.call(lambda: fn(self.host), timeout)

    def grants(self) -> list[Any]:
        """The seats and their codes (copies), in the order they were made."""
        import copy

        return self.call(lambda h: [copy.copy(g) for g in h.grants.values()]) if self.host is not None else []

    def own_code(self) -> str:
        return str(next(g.token for g in self.grants() if g.role == "control" and g.name == SEAT_FOR_HOST
                    and not g.revoked))

    def status(self) -> list[dict[str, Any]]:
        return self.call(lambda h: h.status()) if self.host is not None else []

    def _save(self, host: Any) -> None:
        if self.seats_file is not None:
            host.save_grants(self.seats_file)

    def add_seat(self, role: str, name: str | None = None, teams: list[str] | None = None) -> Any:
        def go(h: Any) -> Any:
            grant = h.add_seat(role, name, teams)
            self._save(h)
            return grant
        return self.call(go)

    def revoke(self, token: str) -> None:
        """Kick: the code stops working for good and the seat's connections close."""
        def go(h: Any) -> None:
            h.revoke(token)
            self._save(h)
        self.call(go)

    def stop(self, close_game: bool = True, timeout: float = 10.0) -> None:
        """Stop serving (seats go stale and keep retrying); ``close_game`` closes the game file."""
        host = self.host
        if host is None:
            return

        web = self.web
        self.web = None

        async def go() -> None:
            if web is not None:
                with contextlib.suppress(Exception):
                    await web.stop()
            await host.stop()
            if close_game and self.game is not None and self._handed is None:
                store = self.game.store
                if store is not None:
                    store.close()
                self.game = None
        with contextlib.suppress(Exception):
            self.loop.run(go(), timeout)
        self.host = None
        self.stopped.emit()

    def restart(self, timeout: float = 15.0) -> str:
        """Serve again (same file, port and codes) after :meth:`stop`."""
        return self.start(SeatPlan(umpires=[], control=False, viewer=False), timeout)

    def close(self) -> None:
        self.stop()
        self.loop.close()
