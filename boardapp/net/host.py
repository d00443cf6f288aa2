"""The host: the one authority of a networked game.

The host runs the engine on its game file: it checks and applies every command, writes the
journal (one SQLite transaction per command), numbers the entries and broadcasts them. Seats
(other umpires' boards, CONTROL's laptop, the big screen) connect over WebSocket with a join
code; see docs/network.md.

All calls on the host and on its game must happen on the host's asyncio loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
import uuid
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from boardapp.clock import WARNING1, WARNING5, TurnClock, week_of
from boardapp.engine import staff
from boardapp.engine.game import Game
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Audience, Event, IllegalCommandError
from boardapp.engine.rights import UndeclaredRightsError
from boardapp.model.problems import FileProblemsError
from boardapp.net import codes, gctune, sockets
from boardapp.net import protocol as p
from boardapp.net.grants import Grant, read_grants  # read_grants: callers import it from here too
from boardapp.net.replica import (
    Chain,
    audience_board,
    behind_refusal,
    command_teams,
    describe_entry,
    dice_of,
    dice_refusal,
    entry_author,
    game_id_of,
    head,
    public_teams,
    scoped_id,
    setup_data,
    visible_events,
)

log = logging.getLogger("boardapp.net.host")

HELLO_TIMEOUT = 10.0
MAX_BAD_MESSAGES = 20
OUTBOX_LIMIT = 5000
"""Messages waiting for one seat before it is dropped as too slow (it catches up on reconnecting)."""
MISSED_LIMIT = 200
REMEMBER = 50_000
REFUSALS_KEPT = 200
META_CLOCK = "clock"
"""The game file's meta key holding the turn clock (the board, ``boardapp screen`` and the web page read it)."""
FIGHT_KINDS = frozenset({"fight", "loss", "retreat"})
"""Events told to viewers and player seats as an announcement when an entry holds a fight they may see (not
the costs beside it: a shortfall of stores would give a hidden track away)."""
CLOCK_TICK = 0.25
"""Seconds between the host's looks at the clock for its warnings."""
"""Connection refusals and drops the host remembers for its status (the Seats dock)."""


@dataclass(frozen=True)
class Limits:
    """What the host allows a connection, so that one seat (broken or hostile) cannot hurt the others.

    The defaults suit a megagame on a venue's LAN: 300 player seats, a few dozen umpires and screens.
    """

    dead_after: float = 30.0
    """Seconds without a word from a seat (it answers the host's pings every ``ping_interval``) after
    which it is dropped as dead; 0: never. Longer than a slow laptop's replay of a long journal on
    catching up (a seat does not answer while it replays)."""
    outbox_bytes: int = 8 * 1024 * 1024
    """Bytes of messages waiting for one seat (it is not reading) before it is dropped as too slow. A
    catch-up is not counted: it is encoded page by page as the seat reads it."""
    outbox_messages: int = OUTBOX_LIMIT
    per_code: int = 8
    """Connections at once with one join code (a seat reconnecting while its old connection lingers,
    a viewer code shared by a few screens)."""
    connections: int = 512
    """Connections at once in all, counting those that have not said hello yet."""


class _Pages:
    """A catch-up waiting in a seat's outbox: the entries are taken when it is queued, encoded page
    by page only as the seat reads them (a long journal is never held twice in memory as text)."""

    def __init__(self, messages: list[p.Catchup]) -> None:
        self.messages = messages

    def __iter__(self) -> Iterator[str]:
        for msg in self.messages:
            yield p.encode(msg)


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    grant: Grant | None = None
    outbox: asyncio.Queue[str | _Pages] = field(default_factory=asyncio.Queue)
    outbox_bytes: int = 0
    """Bytes of text waiting in the outbox (catch-ups not counted)."""
    connected_at: float = field(default_factory=time.time)
    last_seen: float = field(default_factory=time.time)
    heard: float = field(default_factory=time.monotonic)
    """When the seat last said anything (monotonic clock): a seat silent for ``Limits.dead_after`` is dropped."""
    lag: float | None = None
    bad: int = 0
    client: str = ""
    ready: bool = False
    """True once the welcome (and catch-up) is queued: from then on it receives broadcasts."""
    dropped: bool = False


class Host:
    """Serve ``game`` to seats on ``host:port`` (port 0: any free port; see :attr:`port`).

    ``limits`` bound what one connection may cost (see :class:`Limits`); ``tune_gc`` (default on)
    freezes what is loaded when serving starts and runs full garbage collections only when no
    message came for a second (see :mod:`boardapp.net.gctune`), so that no seat waits for one.
    """

    def __init__(self, game: Game[Any], host: str = "127.0.0.1", port: int = 0, *,
                 control_only: Iterable[str] | None = None, ping_interval: float = 5.0,
                 max_message: int = p.MAX_MESSAGE, view_interval: float = 0.1, limits: Limits | None = None,
                 tune_gc: bool = True, local_seat: str = "the host", view_events: bool = True) -> None:
        self.game = game
        self.bind = host
        self.requested_port = port
        self.control_only = frozenset(game.module.control_only_kinds if control_only is None else control_only)
        """Command kinds only CONTROL may play: the rule module's ``control_only_kinds`` unless given."""
        self.ping_interval = ping_interval
        self.max_message = max_message
        self.view_interval = view_interval
        self.limits = limits or Limits()
        self.tune_gc = tune_gc
        self.local_seat = local_seat
        """The name given to what the host's own game does (not through a seat) in notices."""
        self.view_events = view_events
        """Send viewers and player seats the events they may see (and undo notices in those words): the web
        page's news feed, a player's log. On by default since every rule system marks its secret events hidden
        (War in Binni's special forces and hidden tracks included: ``rules.binni.board.keep_secrets``), as
        tests/web/test_news_secrets.py checks on each system's example game; off: viewers get no events."""
        self.grants: dict[str, Grant] = {}
        self.left_at: dict[str, float] = {}
        """Join code -> wall time its seat's last connection went (while the host runs)."""
        self.refusals: deque[dict[str, Any]] = deque(maxlen=REFUSALS_KEPT)
        """Connections refused or dropped, newest last: {'at', 'address', 'seat', 'code', 'detail'}."""
        self._conns: set[_Conn] = set()
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._view_dirty = asyncio.Event()
        self._setup = setup_data(game)
        self.game_id = game_id_of(self._setup)
        self.chain = Chain(game)
        self._accepted: dict[str, int] = {}
        for entry in [*game.entries, *game.redo_stack]:
            if entry.id:
                self._accepted[entry.id] = entry.seq
        self._refused: OrderedDict[str, p.Refused] = OrderedDict()
        self._undone_by: dict[int, str] = {}
        """Entry on the redo stack -> key of the seat that took it back (while the host runs)."""
        self._actor: Grant | None = None
        """The seat whose undo or redo the game is carrying out (None: the host's own)."""
        self._views: dict[Audience, tuple[int, str, int, dict[str, Any]]] = {}
        """Per audience (the public, each player): its own sequence number, the last view (as text), the
        game's change count it was made at, and the view itself (so 1,000 viewers joining cost one view)."""
        self._version = 0
        """How many changes the game has had while hosted."""
        self._view_events: list[tuple[str, Event]] = []
        """Events since the last views went out, each with its entry's mark (each audience is sent those it may
        see; an entry undone before they went out takes its events back)."""
        self._marks: dict[int, str] = {}
        """Entry -> the random mark its events were sent to viewers with (``View.marks``): an undo's notice names
        it, so the web page drops those news lines. No journal number reaches a viewer this way."""
        self.clock = self._saved_clock()
        """The game's one turn clock: CONTROL sets it (``clock_set``), every seat and viewer is sent it, and it
        is kept in the game file's meta key ``clock`` so that a restarted host goes on with it."""
        self.clock_by = ""
        self._clock_record = self.clock.record()
        self._warned = self._warning_level()
        self._unsubscribe = game.subscribe(self._changed)
        self._gc_held = False
        self.port: int = port

    # --- the clock -----------------------------------------------------------------------------
    def _week(self) -> int:
        module, state = self.game.module, self.game.state
        return int(module.turn_number(state) or week_of(state, module.turn_label(state)) or 1)

    def _saved_clock(self) -> TurnClock:
        """The clock of the game's week: the game file's record of it (the time run while the host was
        down counts when it was running), else a fresh one, paused at the week's length."""
        clock = TurnClock.for_game(self.game.module, self.game.state)
        store = self.game.store
        text = store.meta().get(META_CLOCK) if store is not None else None
        if text:
            try:
                record = p.ClockRecord.model_validate_json(text).model_dump()
            except ValidationError as exc:
                log.warning("the clock record in the game file is unreadable (%s); starting a fresh clock", exc)
                return clock
            if record["week"] == clock.week:
                clock.restore(record)
        return clock

    def clock_record(self) -> dict[str, Any]:
        """The clock as :meth:`TurnClock.record` made at its last change (what the web page reads; the
        same object until it changes, so a reader polling it sees a change only when there is one)."""
        return self._clock_record

    def set_clock(self, record: dict[str, Any] | p.ClockRecord, by: str = "") -> None:
        """Take over CONTROL's clock (counted from now), keep it in the game file and tell every seat."""
        data = record.model_dump() if isinstance(record, p.ClockRecord) else dict(record)
        self.clock.restore(data, wall=float(data["wall"]))
        self.clock_by = by
        self._clock_changed()

    def _clock_changed(self) -> None:
        record = self._clock_record = self.clock.record()
        store = self.game.store
        if store is not None and not getattr(store, "readonly", False):
            try:
                store.set_meta(META_CLOCK, json.dumps(record))
            except Exception as exc:  # a full disk must not stop the game: say it
                log.warning("the clock could not be kept in the game file: %s", exc)
        text = p.encode(self._clock_msg())
        for conn in list(self._conns):
            if conn.ready:
                self._send(conn, text)

    def _clock_msg(self) -> p.ClockMsg:
        return p.ClockMsg(clock=p.ClockRecord(**self.clock.record()), by=self.clock_by)  # made now: wall is now

    def _follow_week(self) -> None:
        """A new week (end of turn): the clock starts again, paused, at the new week's length."""
        week = self._week()
        if week > self.clock.week:
            self.clock.reset(week, self.game.module.turn_minutes(self.game.state))
            self.clock_by = ""
            self._warned = self._warning_level()
            self._clock_changed()

    def _warning_level(self) -> int:
        """0 while more than 5 minutes are left, 1 within 5, 2 within 1, 3 once time is up."""
        left = self.clock.length - self.clock.elapsed()
        return 3 if left <= 0 else 2 if left <= WARNING1 else 1 if left <= WARNING5 else 0

    def _clock_warning(self) -> str | None:
        """'5 minutes left in week 2' when the clock has just reached a warning, else None. Each warning is
        said once a week; CONTROL giving time back makes it due again."""
        level = self._warning_level()
        said, self._warned = self._warned, level
        if level <= said:
            return None
        words = {1: "5 minutes left", 2: "1 minute left", 3: "time is up"}
        return f"{words[level]} in week {self.clock.week}"

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_TICK)
            text = self._clock_warning()
            if text is not None:
                msg = p.encode(p.Notice(about="clock", text=text))
                for conn in list(self._conns):
                    if conn.ready:
                        self._send(conn, msg)

    # --- seats ---------------------------------------------------------------------------------
    def add_seat(self, role: p.Role, name: str | None = None, teams: Iterable[str] | None = None,
                 token: str | None = None, player: str | None = None) -> Grant:
        """A new join code for a seat of ``role`` (umpires may be limited to ``teams``; a player seat
        plays and sees for ``player``, one of the rule module's players)."""
        if role not in ("control", "umpire", "viewer", "player"):
            raise ValueError(f"no role {role!r}; roles are control, umpire, player and viewer")
        if role == "player":
            players = list(self.game.module.players)
            if player not in players:
                raise ValueError(f"a player seat needs a player: one of {', '.join(players)} (not {player!r})")
            teams = [player]
        elif player is not None:
            raise ValueError(f"only a player seat plays for a player (this is a {role} seat)")
        n = sum(1 for g in self.grants.values() if g.role == role) + 1
        grant = Grant(role=role, name=name or (f"{role} {n}" if player is None else f"{player} player"),
                      teams=frozenset(teams) if teams is not None else None, player=player)
        if token is not None:
            grant.token = token
        self.grants[grant.token] = grant
        return grant

    def revoke(self, token: str) -> None:
        """Kick a seat: its code stops working and its connections are closed."""
        grant = self.grants.get(token)
        if grant is None:
            raise KeyError("no seat with that code")
        grant.revoked = True
        for conn in list(self._conns):
            if conn.grant is grant:
                self._send(conn, p.Error(code="revoked", detail="CONTROL revoked this seat's code", fatal=True))
                self._spawn(self._close_later(conn, 1008, "revoked"))

    def save_grants(self, path: str | Path) -> None:
        """Write the seats and their codes to a private file (mode 0600), to survive a host restart."""
        path = Path(path)
        data = json.dumps([g.to_json() for g in self.grants.values()], indent=1)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)

    def load_grants(self, path: str | Path) -> None:
        """Take the seats saved by :meth:`save_grants` (ValueError naming the file when it is unreadable)."""
        for grant in read_grants(path):
            self.grants[grant.token] = grant

    def _authors(self) -> dict[str, str]:
        """Key -> name of every seat that may play commands (viewers never author an entry)."""
        return {g.key: self.display_name(g) for g in self.grants.values() if g.role != "viewer"}

    @staticmethod
    def display_name(grant: Grant) -> str:
        """How notices and refusals name a seat: every CONTROL seat is "CONTROL" (the hosting window's own seat
        too, whatever its name in the seats file: issue 24.14), any other its name ("umpire 2")."""
        return "CONTROL" if grant.role == "control" else grant.name

    def seat_name(self, key: str | None) -> str:
        """The name of the seat with public key ``key`` (None: the host's own game), as notices say it."""
        if key is None:
            return self.local_seat
        for grant in self.grants.values():
            if grant.key == key:
                return self.display_name(grant)
        return "a former seat"

    def status(self) -> list[dict[str, Any]]:
        """Connected seats: name, role, teams, address, lag (seconds, round trip), last seen, and the
        bytes waiting for it (a seat that stops reading is dropped at ``limits.outbox_bytes``)."""
        out = []
        now = time.monotonic()
        for conn in self._conns:
            if conn.grant is None:
                continue
            addr = conn.ws.remote_address
            out.append({"seat": conn.grant.name, "role": conn.grant.role, "token": conn.grant.token,
                        "teams": sorted(conn.grant.teams) if conn.grant.teams is not None else None,
                        "address": f"{addr[0]}:{addr[1]}" if addr else "", "lag": conn.lag,
                        "last_seen": conn.last_seen, "connected_at": conn.connected_at, "client": conn.client,
                        "silent_for": now - conn.heard, "outbox_bytes": conn.outbox_bytes,
                        "player": conn.grant.player})
        out.sort(key=lambda s: (s["role"], s["seat"]))
        return out

    def allowed_teams(self, grant: Grant) -> frozenset[str]:
        """The teams a limited seat may act for now: its teams, and with ``allies`` their allies of the moment
        (the rule module's ``friends(state, team)``; a module without alliances adds nobody), and the players of
        those teams where rights are held by player (the module's optional ``team_players(team)``)."""
        teams = grant.teams or frozenset()
        friends = getattr(self.game.module, "friends", None)
        if grant.allies and friends is not None:
            teams = frozenset().union(*(friends(self.game.state, t) for t in teams if t in self.game.state.teams))
        members = getattr(self.game.module, "team_players", None)
        if members is None:
            return teams
        return teams | frozenset(p for t in teams for p in members(t))  # a named team's umpire plays its players

    def _left(self, conn: _Conn) -> None:
        """Note when a seat's last connection went (its row reads 'offline since 11:24')."""
        grant = conn.grant
        if grant is not None and conn.ready and not any(c.grant is grant for c in self._conns):
            self.left_at[grant.token] = time.time()

    def seats(self) -> list[dict[str, Any]]:
        """Every seat that holds a code (not revoked), connected or not, in the order they were made:
        name, role, teams, player, token, ``online`` (connections now), ``left_at`` (wall time its last
        connection went, None: online, or not seen since the host started) and, when online, the freshest
        connection's ``address``, ``lag`` and ``last_seen``."""
        out = []
        for grant in self.grants.values():
            if grant.revoked:
                continue
            conns = [c for c in self._conns if c.grant is grant and c.ready]
            fresh = max(conns, key=lambda c: c.last_seen, default=None)
            addr = fresh.ws.remote_address if fresh is not None else None
            out.append({"seat": grant.name, "role": grant.role, "token": grant.token, "player": grant.player,
                        "allies": grant.allies,
                        "teams": sorted(grant.teams) if grant.teams is not None else None, "online": len(conns),
                        "left_at": None if conns else self.left_at.get(grant.token),
                        "address": f"{addr[0]}:{addr[1]}" if addr else "",
                        "lag": fresh.lag if fresh is not None else None,
                        "last_seen": fresh.last_seen if fresh is not None else None})
        return out

    def recent_refusals(self) -> list[dict[str, Any]]:
        """Connections the host refused or dropped, newest first (for the Seats dock): each
        ``{'at': wall clock, 'address': 'ip:port', 'seat': name or None, 'code': why, 'detail': words}``
        with ``code`` one of unauthorized, revoked, overloaded (too many connections), timeout (a dead
        seat), too_slow (a seat not reading), protocol, too_big, malformed."""
        return list(reversed(self.refusals))

    def _record(self, conn: _Conn, code: str, detail: str) -> None:
        addr = conn.ws.remote_address
        self.refusals.append({"at": time.time(), "address": f"{addr[0]}:{addr[1]}" if addr else "",
                              "seat": conn.grant.name if conn.grant else None, "code": code, "detail": detail})
        log.info("seat %s (%s) refused or dropped: %s (%s)", conn.grant.name if conn.grant else "?",
                 self.refusals[-1]["address"], code, detail)

    # --- running -------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        host = self.bind if self.bind not in ("0.0.0.0", "", "::") else _lan_address()
        return f"ws://{host}:{self.port}/"

    async def start(self) -> None:
        self._server = await serve(self._handle, self.bind, self.requested_port, max_size=self.max_message * 4,
                                   compression=None, ping_interval=20, ping_timeout=20, close_timeout=2,
                                   server_header=None)
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else self.requested_port
        self._spawn(self._view_loop())
        self._spawn(self._clock_loop())
        if self.ping_interval:
            self._spawn(self._ping_loop())
        if self.tune_gc:
            gctune.hold()
            self._gc_held = True
            self._spawn(gctune.tidy_when_quiet())

    async def stop(self) -> None:
        """Close every connection and stop serving (the game and its file stay open)."""
        for conn in list(self._conns):
            self._send(conn, p.Error(code="shutdown", detail="the host is stopping"))
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close(close_connections=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        if self._gc_held:
            gctune.release()
            self._gc_held = False
        self._unsubscribe()
        self.chain.unsubscribe()

    async def __aenter__(self) -> Host:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- one connection ------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        conn = _Conn(ws=ws)
        if len(self._conns) >= self.limits.connections:
            detail = f"the host serves at most {self.limits.connections} connections; try again later"
            self._record(conn, "overloaded", detail)
            with contextlib.suppress(Exception):
                await ws.send(p.encode(p.Error(code="overloaded", detail=detail)))
                await ws.close(1013, "overloaded")
            return
        self._conns.add(conn)
        writer = asyncio.get_running_loop().create_task(self._writer(conn))
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            except TimeoutError:
                self._record(conn, "protocol", "no hello in time")
                self._send(conn, p.Error(code="protocol", detail="no hello in time", fatal=True))
                return
            conn.heard = time.monotonic()
            if not self._on_hello(conn, raw):
                return
            async for raw in ws:
                conn.last_seen = time.time()
                conn.heard = time.monotonic()
                gctune.busy()
                if not self._on_message(conn, raw):
                    return
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            self._left(conn)
            await self._flush_and_close(conn, writer)

    async def _flush_and_close(self, conn: _Conn, writer: asyncio.Task[Any]) -> None:
        # let the writer send what is queued (an error message, say) before closing
        with contextlib.suppress(Exception):
            for _ in range(20):
                if conn.outbox.empty() or writer.done() or conn.dropped:
                    break
                await asyncio.sleep(0.01)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer
        with contextlib.suppress(Exception):
            await conn.ws.close(1008 if conn.grant is None or conn.grant.revoked else 1000)

    async def _writer(self, conn: _Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                item = await conn.outbox.get()
                if isinstance(item, str):
                    conn.outbox_bytes -= len(item)
                    await conn.ws.send(item)
                else:
                    for text in item:
                        await conn.ws.send(text)

    async def _close_later(self, conn: _Conn, code: int, reason: str) -> None:
        await asyncio.sleep(0.05)
        with contextlib.suppress(Exception):
            await conn.ws.close(code, reason)

    def _drop(self, conn: _Conn, code: str, detail: str) -> None:
        """Cut a seat off now (dead, or not reading): its connection is aborted, not closed politely,
        since a seat that does not read would hold a polite close up. It catches up on reconnecting."""
        if conn.dropped:
            return
        conn.dropped = True
        self._record(conn, code, detail)
        self._conns.discard(conn)
        self._left(conn)
        while not conn.outbox.empty():
            conn.outbox.get_nowait()
        conn.outbox_bytes = 0
        sockets.abort(getattr(conn.ws, "transport", None))  # reset: the kernel keeps nothing for it

    def _send(self, conn: _Conn, msg: p._Msg | str) -> None:
        if conn.dropped:
            return
        text = msg if isinstance(msg, str) else p.encode(msg)
        limits = self.limits
        if conn.outbox.qsize() >= limits.outbox_messages or conn.outbox_bytes + len(text) > limits.outbox_bytes:
            self._drop(conn, "too_slow", f"{conn.outbox.qsize()} messages ({conn.outbox_bytes} bytes) were waiting "
                       "for it: it is not reading (it catches up on reconnecting)")
            return
        conn.outbox_bytes += len(text)
        conn.outbox.put_nowait(text)

    def _send_pages(self, conn: _Conn, pages: _Pages) -> None:
        if conn.dropped:
            return
        if conn.outbox.qsize() >= self.limits.outbox_messages:
            self._drop(conn, "too_slow", f"{conn.outbox.qsize()} messages were waiting for it: it is not reading")
            return
        conn.outbox.put_nowait(pages)

    def _bad(self, conn: _Conn, exc: p.BadMessage) -> bool:
        """Answer a bad message; False when the connection is to be closed."""
        conn.bad += 1
        fatal = exc.code == "too_big" or conn.grant is None or conn.bad > MAX_BAD_MESSAGES
        if fatal:
            self._record(conn, exc.code, exc.detail)
        self._send(conn, p.Error(code=exc.code, detail=exc.detail, fatal=fatal))
        return not fatal

    def _on_hello(self, conn: _Conn, raw: str | bytes) -> bool:
        try:
            msg = p.parse_seat_message(raw, self.max_message)
        except p.BadMessage as exc:
            return self._bad(conn, exc)
        if not isinstance(msg, p.Hello):
            self._record(conn, "protocol", "the first message was not a hello")
            self._send(conn, p.Error(code="protocol", detail="the first message must be a hello", fatal=True))
            return False
        if msg.protocol != p.PROTOCOL_VERSION:
            self._record(conn, "protocol", f"protocol {msg.protocol}")
            self._send(conn, p.Error(code="protocol", fatal=True,
                                     detail=f"protocol {msg.protocol} is not spoken here (the host speaks "
                                            f"{p.PROTOCOL_VERSION}); update boardapp"))
            return False
        grant = self.grants.get(msg.token) or self.grants.get(codes.canonical(msg.token))  # as typed: any case
        if grant is None or grant.revoked:
            code: p.ErrorCode = "revoked" if grant is not None else "unauthorized"
            detail = "this join code is not valid" if grant is None else "this join code was revoked"
            self._record(conn, code, detail)
            self._send(conn, p.Error(code=code, detail=detail, fatal=True))
            return False
        same_code = sum(1 for c in self._conns if c.grant is grant)
        if same_code >= self.limits.per_code:
            conn.grant = grant
            detail = (f"{same_code} connections with this seat's code are open already (at most "
                      f"{self.limits.per_code}); try again later")
            self._record(conn, "overloaded", detail)
            conn.grant = None
            self._send(conn, p.Error(code="overloaded", detail=detail))
            return False
        conn.grant = grant
        conn.client = msg.client
        self._send(conn, p.Welcome(role=grant.role, seat=grant.name, game_id=self.game_id,
                                   teams=sorted(grant.teams) if grant.teams is not None else None,
                                   head_seq=head(self.game) if grant.follows_journal else 0, key=grant.key,
                                   seats=self._authors() if grant.follows_journal else {}, player=grant.player))
        if not grant.follows_journal:
            self._send(conn, p.Setup(game_id=self.game_id, rules=self._setup["rules"], scenario=None,
                                     map=self._setup["map"], teams=public_teams(self.game)))
            self._send(conn, self._view_now(grant.audience))
        else:
            same_game = msg.game_id == self.game_id and msg.chain is not None
            if not same_game:
                self._send(conn, p.Setup(game_id=self.game_id, teams=public_teams(self.game), **self._setup))
            self._catch_up(conn, msg.last_seq if same_game else 0, msg.chain if same_game else None)
        self._send(conn, self._clock_msg())
        conn.ready = True
        return True

    def _catch_up(self, conn: _Conn, last_seq: int, chain: str | None) -> None:
        entries = self.game.entries
        if chain is not None and last_seq <= len(entries) and self.chain.digest(last_seq) == chain:
            reset, base = False, last_seq
        else:
            reset, base = True, 0
        todo = entries[base:]
        undone = list(reversed(self.game.redo_stack))
        pages = [todo[i:i + p.CATCHUP_PAGE] for i in range(0, len(todo), p.CATCHUP_PAGE)] or [[]]
        messages = []
        for i, page in enumerate(pages):
            final = i == len(pages) - 1
            messages.append(p.Catchup(reset=reset and i == 0, base_seq=base + i * p.CATCHUP_PAGE,
                                      entries=page, undone=undone if final else [], final=final))
        self._send_pages(conn, _Pages(messages))

    def _on_message(self, conn: _Conn, raw: str | bytes) -> bool:
        grant = conn.grant
        if grant is None or grant.revoked or self.grants.get(grant.token) is not grant:
            self._record(conn, "revoked", "a message with a revoked code")
            self._send(conn, p.Error(code="revoked", detail="this join code was revoked", fatal=True))
            return False
        try:
            msg = p.parse_seat_message(raw, self.max_message)
        except p.BadMessage as exc:
            return self._bad(conn, exc)
        if isinstance(msg, p.CommandMsg):
            self._on_command(conn, msg)
        elif isinstance(msg, p.UndoMsg | p.RedoMsg):
            self._on_undo_redo(conn, msg)
        elif isinstance(msg, p.ClockSet):
            if grant.role != "control":
                self._refuse(conn, str(msg.id), "forbidden", ["only CONTROL sets the turn clock"])
            else:
                self.set_clock(msg.clock, by=grant.name)
                self._send(conn, p.Accepted(id=msg.id, seq=0))
        elif isinstance(msg, p.Sync):
            if not grant.follows_journal:
                self._send(conn, self._view_now(grant.audience))
            else:
                self._catch_up(conn, msg.last_seq, msg.chain)
        elif isinstance(msg, p.Ping):
            self._send(conn, p.Pong(t=msg.t, at=time.time()))
        elif isinstance(msg, p.Pong):
            conn.lag = max(0.0, time.monotonic() - msg.t)
        else:
            return self._bad(conn, p.BadMessage("protocol", f"a {msg.type!r} message is only sent once, first"))
        return True

    # --- commands ------------------------------------------------------------------------------
    def _refuse(self, conn: _Conn, cid: str, code: p.RefusalCode, reasons: list[str], base_seq: int = -1) -> None:
        assert conn.grant is not None
        missed: list[JournalEntry] = []
        now = head(self.game)
        if not conn.grant.follows_journal:
            now = base_seq = 0  # a viewer or player learns nothing of the journal
        elif 0 <= base_seq < now and now - base_seq <= MISSED_LIMIT:
            missed = self.game.entries[base_seq:]
        msg = p.Refused(id=uuid.UUID(cid), code=code, reasons=reasons, head_seq=now, missed=missed)
        self._refused[scoped_id(cid, conn.grant.key)] = msg.model_copy(update={"missed": []})
        while len(self._refused) > REMEMBER:
            self._refused.popitem(last=False)
        self._send(conn, msg)

    def _answered(self, conn: _Conn, msg: p.CommandMsg | p.UndoMsg | p.RedoMsg) -> bool:
        """Answer a resend of a command this seat sent before with its first outcome; False if new.

        Outcomes are kept per seat: another seat's id is a new command here, so a seat learns nothing
        of other seats' commands by guessing their ids. (Entries of files written before ids were kept
        per seat answer to their bare id, for the seats that follow the journal.)"""
        assert conn.grant is not None
        cid = str(msg.id)
        scoped = scoped_id(cid, conn.grant.key)
        seq = self._accepted.get(scoped)
        if seq is None and conn.grant.follows_journal:
            seq = self._accepted.get(cid)
        if seq is not None:
            self._send(conn, p.Accepted(id=msg.id, seq=seq if conn.grant.follows_journal else 0, duplicate=True))
            return True
        if scoped in self._refused:
            self._send(conn, self._refused[scoped])
            return True
        return False

    def _on_command(self, conn: _Conn, msg: p.CommandMsg) -> None:
        assert conn.grant is not None
        cid = str(msg.id)
        grant = conn.grant
        if grant.role == "viewer":
            self._refuse(conn, cid, "forbidden", ["a viewer's seat is read-only: it cannot play commands"])
            return
        if self._answered(conn, msg):
            return
        try:
            cmd = self.game.parse(msg.command)
        except ValidationError as exc:
            self._refuse(conn, cid, "invalid", [f"not a valid command: {p._describe(exc)}"])
            return
        if isinstance(cmd, staff.StaffCommand):  # the Control team's register: its seats only, signed by the seat
            if why := staff.seat_refusal(grant.role, cmd):
                self._refuse(conn, cid, "forbidden", why)
                return
            cmd = staff.stamp(cmd, grant.name)
        if grant.role != "control":
            why = []
            if cmd.force:
                why.append("only CONTROL may force a command the rules refuse")
            if cmd.kind in self.control_only:
                why.append(f"only CONTROL may play {cmd.kind!r}")
            if grant.teams is not None:
                try:
                    concerned = command_teams(self.game, cmd)
                except UndeclaredRightsError as exc:  # fail closed: nobody can tell whose command it is
                    concerned = set()
                    why.append(f"a seat limited to some teams cannot play this command: {exc}")
                except Exception as exc:  # a rule module's side_teams failed on this command: fail closed too
                    log.exception("could not tell whose command %s is", cmd.describe())
                    concerned = set()
                    why.append(f"the host could not tell whose command this is ({type(exc).__name__}: {exc})")
                allowed = self.allowed_teams(grant)
                outside = concerned - allowed
                if outside:
                    why.append(f"this seat plays for {', '.join(sorted(allowed))}, not "
                               f"{', '.join(sorted(outside))}")
                elif grant.role == "player" and not concerned and not why:
                    why.append(f"a player's seat plays only {grant.player}'s own commands, and this one is "
                               "nobody's: ask an umpire")
            if why:
                self._refuse(conn, cid, "forbidden", why)
                return
        entry_id = scoped_id(cid, grant.key)
        try:
            entry = self.game.push(cmd, command_id=entry_id)
        except IllegalCommandError as exc:
            stale = msg.base_seq < head(self.game)
            self._refuse(conn, cid, "stale" if stale and grant.follows_journal else "illegal", exc.reasons,
                         msg.base_seq)
            return
        except FileProblemsError as exc:  # the game file could not be written: nothing was applied
            self._refuse(conn, cid, "failed", [str(pb) for pb in exc.problems], msg.base_seq)
            return
        except Exception as exc:
            log.exception("command %s failed", cmd.describe())
            self._refuse(conn, cid, "failed", [f"the host could not apply it: {type(exc).__name__}: {exc}"],
                         msg.base_seq)
            return
        self._accepted[entry_id] = entry.seq
        self._send(conn, p.Accepted(id=msg.id, seq=entry.seq if grant.follows_journal else 0))

    def _may_take_back(self, grant: Grant, entry: JournalEntry, what: str) -> str | None:
        """Why ``grant`` may not undo (or redo) ``entry``; None if it may. CONTROL may take back any
        entry; anyone else only their own."""
        if grant.role == "control":
            return None
        if not grant.follows_journal:
            return f"a {grant.role}'s seat cannot {what}: ask an umpire or CONTROL"
        author = entry_author(entry)
        if author != grant.key:
            return (f"{describe_entry(entry)} was played by {self.seat_name(author)}: an umpire may {what} only "
                    f"their own entries (ask CONTROL)")
        if what == "undo" and dice_of(entry):  # the ruling of issue 24.10: no refight for a better die
            return dice_refusal(entry)
        undoer = self._undone_by.get(entry.seq, "")
        if what == "redo" and undoer != grant.key:
            return (f"{describe_entry(entry)} was taken back by {self.seat_name(undoer or None)}: an umpire may "
                    "redo only what they took back themselves (ask CONTROL)")
        return None

    def _on_undo_redo(self, conn: _Conn, msg: p.UndoMsg | p.RedoMsg) -> None:
        assert conn.grant is not None
        cid = str(msg.id)
        if conn.grant.role == "viewer":
            self._refuse(conn, cid, "forbidden", ["a viewer's seat is read-only: it cannot undo or redo"])
            return
        if self._answered(conn, msg):
            return
        grant = conn.grant
        if isinstance(msg, p.UndoMsg):
            last = self.game.entries[-1] if self.game.entries else None
            if last is None or msg.seq > last.seq:
                self._refuse(conn, cid, "stale", [f"there is no entry {msg.seq} to undo (the last is "
                                                  f"{last.seq if last else 'none: the journal is empty'})"])
                return
            if msg.seq != last.seq:
                later = self.game.entries[msg.seq:]
                target = self.game.entries[msg.seq - 1] if msg.seq >= 1 else None
                if target is not None and entry_author(target) == grant.key and later:
                    after = later[0]
                    after_key = entry_author(after)
                    reason = behind_refusal(target, after, "" if after_key == grant.key else
                                            self.seat_name(after_key), len(later) - 1)
                else:
                    reason = (f"entry {msg.seq} cannot be undone: {describe_entry(last)}, "
                              f"{self.seat_name(entry_author(last))}'s, was played after it"
                              + (f" ({len(later)} entries in all)" if len(later) > 1 else ""))
                self._refuse(conn, cid, "stale", [reason])
                return
            if (why := self._may_take_back(grant, last, "undo")) is not None:
                self._refuse(conn, cid, "forbidden", [why])
                return
            self._actor = grant
            try:
                self.game.undo()
            finally:
                self._actor = None
        else:
            top = self.game.redo_stack[-1] if self.game.redo_stack else None
            if top is None or top.seq != msg.seq:
                self._refuse(conn, cid, "stale", [f"entry {msg.seq} is not the next to redo" +
                                                  (f" (that is {top.seq})" if top else " (nothing to redo)")])
                return
            if (why := self._may_take_back(grant, top, "redo")) is not None:
                self._refuse(conn, cid, "forbidden", [why])
                return
            self._actor = grant
            try:
                self.game.redo()
            finally:
                self._actor = None
        self._accepted[scoped_id(cid, grant.key)] = msg.seq
        self._send(conn, p.Accepted(id=msg.id, seq=msg.seq if grant.follows_journal else 0))

    # --- broadcasting --------------------------------------------------------------------------
    def _taking_back(self, what: str, entry: JournalEntry, audience: Audience) -> str:
        """'CONTROL undid umpire 2's entry 6 (…)' in the words ``audience`` may read."""
        by = self.display_name(self._actor) if self._actor is not None else self.local_seat
        author = self.seat_name(entry_author(entry))
        whose = "their own" if author == by else f"{author}'s"
        described = describe_entry(entry, audience)
        return f"{by} {what} {whose} {described}"

    def _changed(self, what: str, entry: JournalEntry | None) -> None:
        self._version += 1
        if entry is not None and what == "undo":
            self._undone_by[entry.seq] = self._actor.key if self._actor is not None else ""
        elif entry is not None and what == "redo":
            self._undone_by.pop(entry.seq, None)
        elif what in ("push", "reset"):
            self._undone_by.clear()  # the redo stack is gone or rebuilt
        notice: tuple[str, JournalEntry] | None = None
        mark = ""
        if what == "push" and entry is not None:
            text = p.encode(p.EntryMsg(entry=entry))
            self._mark_events(entry)
        elif what == "undo" and entry is not None:
            by = self.display_name(self._actor) if self._actor else self.local_seat
            text = p.encode(p.Undone(seq=entry.seq, by=by, by_key=self._actor.key if self._actor else "",
                                     text=self._taking_back("undid", entry, Audience.CONTROL)))
            notice = ("undo", entry)
            mark = self._marks.pop(entry.seq, "")
            self._view_events = [(m, e) for m, e in self._view_events if not mark or m != mark]
        elif what == "redo" and entry is not None:
            by = self.display_name(self._actor) if self._actor else self.local_seat
            text = p.encode(p.Redone(entry=entry, by=by, text=self._taking_back("redid", entry, Audience.CONTROL)))
            notice = ("redo", entry)
            self._mark_events(entry)
        else:
            text = ""
            if what == "reset":
                self._marks.clear()
        fought = entry is not None and what in ("push", "redo") and any(e.kind == "fight" for e in entry.events)
        for conn in list(self._conns):
            if not conn.ready or conn.grant is None:
                continue
            if not conn.grant.follows_journal:
                audience = conn.grant.audience
                if fought and entry is not None:
                    self._announce_fight(conn, entry, audience)
                if notice is not None and self.view_events and visible_events(notice[1], audience):
                    verb = "undid" if notice[0] == "undo" else "redid"
                    self._send(conn, p.Notice(about="undo" if notice[0] == "undo" else "redo",
                                              text=self._taking_back(verb, notice[1], audience), mark=mark))
                continue
            if text:
                self._send(conn, text)
            else:  # the whole journal was replaced
                self._catch_up(conn, 0, None)
        self._view_dirty.set()
        self._follow_week()

    def _mark_events(self, entry: JournalEntry) -> None:
        """Queue ``entry``'s events for the viewers' next views, under a new random mark of that entry."""
        if not self.view_events:
            return
        mark = self._marks[entry.seq] = secrets.token_hex(6)
        self._view_events.extend((mark, e) for e in entry.events)

    def _announce_fight(self, conn: _Conn, entry: JournalEntry, audience: Audience) -> None:
        """A fight is an event of the whole hall (issue 19.5): tell a viewer or player seat its result, as far as
        it may see it (a hidden fight's sentences are never sent)."""
        if not any(e.kind == "fight" and e.visible(audience) for e in entry.events):
            return
        texts = [e.text for e in entry.events if e.kind in FIGHT_KINDS and e.visible(audience)]
        self._send(conn, p.Notice(about="fight", text="; ".join(texts)))

    def _view_now(self, audience: Audience, events: list[tuple[str, Event]] | None = None) -> p.View:
        """The view of ``audience`` with its own sequence number, advanced only when what it may see changed."""
        pairs = [(m, e) for m, e in events or [] if e.visible(audience)]
        shown = [e for _, e in pairs]
        seq, last, version, board = self._views.get(audience, (0, "", -1, {}))
        if version == self._version and not shown:
            return p.View(seq=seq, board=board)
        board = audience_board(self.game, audience)
        text = json.dumps(board, sort_keys=True, separators=(",", ":"))
        if text != last or shown:
            seq += 1
        self._views[audience] = (seq, text, self._version, board)
        return p.View(seq=seq, board=board, events=shown, marks=[m for m, _ in pairs])

    def _view(self) -> p.View:
        """The public view now (what a viewer is sent)."""
        return self._view_now(Audience.PUBLIC)

    async def _view_loop(self) -> None:
        while True:
            await self._view_dirty.wait()
            self._view_dirty.clear()
            events, self._view_events = self._view_events, []
            watching: dict[Audience, list[_Conn]] = {}
            for conn in self._conns:
                if conn.ready and conn.grant is not None and not conn.grant.follows_journal:
                    watching.setdefault(conn.grant.audience, []).append(conn)
            for audience, conns in watching.items():
                before = self._views.get(audience, (0, ""))[0]
                view = self._view_now(audience, events)
                if view.seq != before:  # nothing this audience may see changed: it is sent nothing
                    text = p.encode(view)
                    for conn in conns:
                        self._send(conn, text)
            await asyncio.sleep(self.view_interval)

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.ping_interval)
            text = p.encode(p.Ping(t=time.monotonic()))
            now = time.monotonic()
            dead_after = self.limits.dead_after
            for conn in list(self._conns):
                if dead_after and now - conn.heard > dead_after:
                    self._drop(conn, "timeout", f"no word from it for {now - conn.heard:.0f} s (it answers pings "
                               f"every {self.ping_interval:g} s when alive)")
                elif conn.ready:
                    self._send(conn, text)


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


def main(*args: Any, **kwargs: Any) -> int:
    """``boardapp host GAME_FILE``: see :func:`boardapp.net.serve.main` (kept here for older callers)."""
    from boardapp.net.serve import main as serve_main

    return serve_main(*args, **kwargs)
