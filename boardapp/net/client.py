"""A seat: one umpire's (or CONTROL's, or the big screen's) connection to the host.

The seat keeps a local replica of the game (an ordinary :class:`Game` without a game file) built
from the host's setup and journal, applies the entries the host broadcasts in order, and
reconnects by itself with exponential backoff, catching up from its last entry. Commands made
while offline wait in a queue and are sent on reconnecting with their original ids; every
command's outcome (accepted with its entry number, or refused with the reasons) is reported
through the future :meth:`Seat.submit` returns — never dropped.

Plain asyncio, no Qt: a window runs a seat in a worker thread (:class:`SeatThread`) or on a
qasync loop, and listens through ``on_event(kind, data)`` or an :class:`asyncio.Queue`.

Events: ``("synced", head_seq)``, ``("entry", JournalEntry)``, ``("undone", seq)``,
``("redone", JournalEntry)``, ``("reset", Game)`` (a new or rebuilt replica), ``("view", dict)``
(viewers and player seats; ``("events", [Event])`` with it when something they may see happened, their
entries' marks in :attr:`Seat.view_marks`), ``("notice", str)`` (a sentence for the status line and log:
"CONTROL undid umpire 2's entry 6 (…)"), ``("withdrawn", mark)`` (viewers and player seats: the events sent
with that mark were undone),
``("fight", str)`` (viewers and player seats: a fight's result, announced to the hall),
``("clock", dict)`` (the host's turn clock, a :meth:`~boardapp.clock.TurnClock.record` counted from its
arrival: on joining and whenever CONTROL or a new week changes it), ``("stale", bool)``,
``("outcome", Outcome)``, ``("error", protocol.Error)``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import random
import socket
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from boardapp.engine.game import Game, ReplayMismatchError
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Command, Event
from boardapp.net import gctune
from boardapp.net import protocol as p
from boardapp.net.replica import (
    Chain,
    OutOfOrderError,
    apply_entry,
    behind_refusal,
    build_game,
    dice_of,
    dice_refusal,
    entry_author,
    head,
    redo_entry,
)

log = logging.getLogger("boardapp.net.client")

EventListener = Callable[[str, Any], None]
FATAL_CODES = frozenset({"unauthorized", "revoked", "protocol"})


@dataclass(frozen=True)
class Outcome:
    """What became of a command: accepted as journal entry ``seq``, or refused with ``reasons``."""

    id: str
    accepted: bool
    seq: int | None = None
    code: str = ""
    """Why refused: illegal, stale (the game moved on since the seat's view), forbidden, invalid, failed."""
    reasons: tuple[str, ...] = ()
    duplicate: bool = False
    """The host had applied this id already (a resend after a lost answer)."""


class SeatError(RuntimeError):
    """The seat cannot go on: a wrong or revoked code, a protocol mismatch, or the seat was closed."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


def _why_unreachable(exc: BaseException) -> str:
    """What went wrong with a connection, in an umpire's words."""
    if isinstance(exc, ConnectionRefusedError):
        return ("the connection was refused: nothing listens on that port at that address "
                "(check the port the host shows)")
    if isinstance(exc, socket.gaierror):
        return "no machine of that name is known (check the address)"
    if isinstance(exc, TimeoutError):
        return "no answer (is the address right, and the machine on this network?)"
    return str(exc) or type(exc).__name__


@dataclass
class _Pending:
    text: str
    future: asyncio.Future[Outcome]
    sent_on: int = -1
    """The connection number it was last sent on (-1: not yet)."""
    at: float = field(default_factory=time.monotonic)


class Seat:
    """A connection to the host at ``url`` with join ``code``; call :meth:`start`, then :meth:`submit`."""

    def __init__(self, url: str, code: str, *, on_event: EventListener | None = None,
                 queue: asyncio.Queue[tuple[str, Any]] | None = None, backoff: tuple[float, float] = (0.1, 10.0),
                 ping_interval: float = 5.0, client: str = "boardapp", tune_gc: bool = False) -> None:
        self.url = url
        self.code = code
        self.on_event = on_event
        self.queue = queue
        self.backoff = backoff
        self.ping_interval = ping_interval
        self.client = client
        self.tune_gc = tune_gc
        """Tune this process's garbage collector as a host does (:mod:`boardapp.net.gctune`): for a seat
        in a plain asyncio process. Off by default: a seat in a Qt window leaves collection to the window."""
        self._gc_task: asyncio.Task[None] | None = None
        self.game: Game[Any] | None = None
        """The replica (None until the first setup; replaced when the host serves another game)."""
        self.chain: Chain | None = None
        self.game_id: str | None = None
        self.view: dict[str, Any] | None = None
        """Viewers and player seats: the latest board picture they may see."""
        self.view_seq = 0
        self.view_marks: list[str] = []
        """With each ``("events", [Event])``: the mark of each event's entry (random, no journal number), which a
        ``("withdrawn", mark)`` names when that entry is undone."""
        """Viewers and player seats: their own sequence (it advances only when what they see changed)."""
        self.key = ""
        """This seat's public key: the journal's entries it played have ids ending in '@key'."""
        self.seat_names: dict[str, str] = {}
        """Every seat's key -> name, as the host said on connecting (who played which entry)."""
        self.player: str | None = None
        self.clock: dict[str, Any] | None = None
        """The host's turn clock (:meth:`boardapp.clock.TurnClock.record`, ``wall`` this machine's time when it
        arrived), None until the host sent it."""
        self.clock_by = ""
        self._undone_by: dict[int, str] = {}
        """Entry on the redo stack -> key of the seat that took it back (as far as this seat heard)."""
        self.setup: p.Setup | None = None
        self.role: str | None = None
        self.seat_name = ""
        self.teams: list[str] | None = None
        self.stale = True
        """True while not connected and caught up: the replica may be behind the host."""
        self.lag: float | None = None
        """Round trip to the host, in seconds (from the seat's pings)."""
        self.connections = 0
        self._pending: OrderedDict[str, _Pending] = OrderedDict()
        self._ws: ClientConnection | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._synced = asyncio.Event()
        self._reset_buffer: list[JournalEntry] | None = None
        self._resyncing = False
        self._fatal: SeatError | None = None
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        self._failed_first = asyncio.Event()
        self._unreachable = asyncio.Event()
        self.last_error = ""
        """Why the last connection attempt failed, in words ('' before any failed)."""

    # --- life ----------------------------------------------------------------------------------
    async def start(self, timeout: float = 10.0, fail_fast: bool = False) -> None:
        """Connect and wait for the first catch-up; raises :class:`SeatError` on a bad code.

        ``fail_fast``: a first connection refused or a host name unknown raises :class:`SeatError` (code
        ``unreachable``) at once instead of retrying until ``timeout`` (a wrong port typed in a dialog);
        the seat keeps trying in the background either way until :meth:`close`."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        if self.tune_gc and self._gc_task is None:
            gctune.hold()
            self._gc_task = asyncio.get_running_loop().create_task(gctune.tidy_when_quiet())
        waits = [asyncio.ensure_future(self._synced.wait()), asyncio.ensure_future(self._failed_first.wait())]
        if fail_fast:
            waits.append(asyncio.ensure_future(self._unreachable.wait()))
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        if self._fatal is not None:
            raise self._fatal
        if fail_fast and self._unreachable.is_set() and not self._synced.is_set():
            raise SeatError(f"cannot reach {self.url}: {self.last_error}", "unreachable")
        if not self._synced.is_set():
            raise TimeoutError(f"no answer from {self.url} in {timeout} s (the seat keeps trying)")

    async def close(self) -> None:
        """Disconnect for good. Commands still unanswered fail with :class:`SeatError`."""
        self._closing = True
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        self._fail_pending(SeatError("the seat was closed before the host answered", "closed"))
        if self._gc_task is not None:
            self._gc_task.cancel()
            self._gc_task = None
            gctune.release()

    async def __aenter__(self) -> Seat:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def head(self) -> int:
        return head(self.game) if self.game is not None else 0

    @property
    def follows_journal(self) -> bool:
        """CONTROL and umpires hold a replica of the game; viewers and player seats only views (``view``)."""
        return self.role in ("control", "umpire")

    @property
    def connected(self) -> bool:
        return self._ws is not None

    @property
    def pending(self) -> int:
        """Commands sent or queued that the host has not answered yet."""
        return len(self._pending)

    async def wait_synced(self, timeout: float | None = None) -> None:
        await asyncio.wait_for(self._synced.wait(), timeout)

    # --- commands ------------------------------------------------------------------------------
    def submit(self, command: dict[str, Any] | Command, command_id: str | uuid.UUID | None = None) -> \
            asyncio.Future[Outcome]:
        """Send a command (or queue it while offline); the future gives its :class:`Outcome`."""
        if isinstance(command, Command):
            command = command.model_dump(mode="json", exclude_defaults=True, by_alias=True) | {"kind": command.kind}
        cid = uuid.UUID(str(command_id)) if command_id is not None else uuid.uuid4()
        return self._enqueue(str(cid), p.CommandMsg(id=cid, command=command, base_seq=self.head))

    async def play(self, command: dict[str, Any] | Command, timeout: float | None = None) -> Outcome:
        """Submit and wait for the outcome."""
        return await asyncio.wait_for(self.submit(command), timeout)

    def undo(self, seq: int | None = None) -> asyncio.Future[Outcome]:
        """Take back entry ``seq`` (default: the last entry this replica holds).

        The host undoes exactly that entry or refuses with the reason ("entry 7 (…), umpire 2's, was
        played after it"): CONTROL may undo the last entry whoever played it, an umpire only their own
        last entry while nothing was played after it. :meth:`may_undo` says beforehand."""
        cid = uuid.uuid4()
        return self._enqueue(str(cid), p.UndoMsg(id=cid, seq=max(self.head if seq is None else seq, 1)))

    def set_clock(self, record: dict[str, Any]) -> asyncio.Future[Outcome]:
        """CONTROL: make the host's clock this :meth:`~boardapp.clock.TurnClock.record` (start, pause,
        adjust, a new week), counted from when the host gets it. Not queued while offline: a clock set
        minutes later would be wrong, so it fails with :class:`SeatError` (set it again once back)."""
        if self.stale:
            raise SeatError("offline: the clock is the host's; set it again once reconnected", "offline")
        cid = uuid.uuid4()
        return self._enqueue(str(cid), p.ClockSet(id=cid, clock=p.ClockRecord(**record)))

    def redo(self, seq: int | None = None) -> asyncio.Future[Outcome]:
        """Play again entry ``seq`` (default: the next on the redo stack); the same rights as undo."""
        if seq is None:
            if self.game is None or not self.game.redo_stack:
                raise ValueError("nothing to redo")
            seq = self.game.redo_stack[-1].seq
        cid = uuid.uuid4()
        return self._enqueue(str(cid), p.RedoMsg(id=cid, seq=seq))

    def author(self, entry: JournalEntry) -> str:
        """The name of the seat that played ``entry`` ('the host' for the host's own)."""
        key = entry_author(entry)
        if key is None:
            return "the host"
        return "this seat" if key == self.key else self.seat_names.get(key, "another seat")

    def _may_take_back(self, entry: JournalEntry | None, redo: bool = False) -> JournalEntry | None:
        if entry is None or self.role not in ("control", "umpire"):
            return None
        if self.role == "control":
            return entry
        if entry_author(entry) != self.key or (redo and self._undone_by.get(entry.seq) != self.key):
            return None
        if not redo and dice_of(entry):  # only CONTROL undoes an entry that rolled dice (issue 24.10)
            return None
        return entry

    def why_not_undo(self) -> str | None:
        """Why this seat may not undo now (its Edit menu says it, and Ctrl+Z), or None when :meth:`may_undo` gives
        the entry: "your entry 3 (…) stands behind umpire B's entry 4 (…): only the last entry can be undone …",
        "your entry 5 (…) rolled dice (a 4): only CONTROL may undo an entry that rolled dice …", "nothing of
        yours to undo", "nothing to undo", "a viewer's seat cannot undo". The host judges again on the undo."""
        if self.role not in ("control", "umpire"):
            return f"a {self.role or 'closed'} seat cannot undo: ask an umpire or CONTROL"
        entries = self.game.entries if self.game is not None else []
        if not entries:
            return "nothing to undo"
        if self.role == "control":
            return None
        at = next((i for i in range(len(entries) - 1, -1, -1) if entry_author(entries[i]) == self.key), None)
        if at is None:
            return "nothing of yours to undo"
        mine = entries[at]
        if at < len(entries) - 1:
            after = entries[at + 1]
            key = entry_author(after)
            return behind_refusal(mine, after, "" if key == self.key else self.author(after), len(entries) - at - 2)
        if dice_of(mine):
            return dice_refusal(mine)
        return None

    def may_undo(self) -> JournalEntry | None:
        """The entry this seat may undo now (its Edit menu's Undo), or None: the last entry, if this seat
        is CONTROL or played it itself (the host decides; this is what the replica can tell)."""
        return self._may_take_back(self.game.entries[-1] if self.game is not None and self.game.entries else None)

    def may_redo(self) -> JournalEntry | None:
        """The entry this seat may redo now, or None: CONTROL the next on the redo stack, an umpire only its own
        entry that it took back itself (as far as this seat heard: not across a reconnection)."""
        return self._may_take_back(self.game.redo_stack[-1] if self.game is not None and self.game.redo_stack
                                   else None, redo=True)

    def _enqueue(self, cid: str, msg: p._Msg) -> asyncio.Future[Outcome]:
        if self._fatal is not None:
            raise self._fatal
        if self._closing:
            raise SeatError("the seat is closed", "closed")
        text = p.encode(msg)
        if len(text.encode("utf-8")) > p.MAX_MESSAGE:
            raise ValueError(f"the command is too big to send ({len(text)} bytes; at most {p.MAX_MESSAGE})")
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        item = _Pending(text=text, future=future)
        self._pending[cid] = item
        if self._synced.is_set():
            self._send_pending(item)
        return future

    def _send_pending(self, item: _Pending) -> None:
        if self._outbox is not None:
            item.sent_on = self.connections
            self._outbox.put_nowait(item.text)

    def _resolve(self, cid: str, outcome: Outcome) -> None:
        item = self._pending.pop(cid, None)
        if item is not None and not item.future.done():
            item.future.set_result(outcome)
        self._emit("outcome", outcome)

    def _fail_pending(self, exc: SeatError) -> None:
        for item in self._pending.values():
            if not item.future.done():
                item.future.set_exception(exc)
        self._pending.clear()

    # --- the connection ------------------------------------------------------------------------
    def _emit(self, kind: str, data: Any) -> None:
        if self.on_event is not None:
            try:
                self.on_event(kind, data)
            except Exception:
                log.exception("seat listener failed on %s", kind)
        if self.queue is not None:
            self.queue.put_nowait((kind, data))

    def _set_stale(self, stale: bool) -> None:
        if stale != self.stale:
            self.stale = stale
            self._emit("stale", stale)

    async def _run(self) -> None:
        attempt = 0
        while not self._closing and self._fatal is None:
            try:
                async with connect(self.url, max_size=p.MAX_HOST_MESSAGE, compression=None, open_timeout=5,
                                   ping_interval=20, ping_timeout=20, close_timeout=2, proxy=None,
                                   user_agent_header=None) as ws:
                    self.connections += 1
                    self._ws = ws
                    self._outbox = asyncio.Queue()
                    writer = asyncio.get_running_loop().create_task(self._writer(ws, self._outbox))
                    pinger = asyncio.get_running_loop().create_task(self._pinger())
                    try:
                        await ws.send(p.encode(self._hello()))
                        async for raw in ws:
                            self._on_raw(raw)
                            if self._synced.is_set():
                                attempt = 0
                    finally:
                        writer.cancel()
                        pinger.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, EOFError) as exc:
                log.debug("seat connection lost: %s", exc)
                self.last_error = _why_unreachable(exc)
                if self.connections == 0 and isinstance(exc, ConnectionRefusedError | socket.gaierror):
                    self._unreachable.set()
            except InvalidURI as exc:
                self._fatal = SeatError(f"not a WebSocket address: {exc}", "protocol")
            finally:
                self._ws = None
                self._outbox = None
                self._synced.clear()
                self._reset_buffer = None
                self._resyncing = False
                self._set_stale(True)
            if self._fatal is not None:
                self._fail_pending(self._fatal)
                self._failed_first.set()
                return
            if self._closing:
                return
            delay = min(self.backoff[1], self.backoff[0] * 2 ** attempt) * random.uniform(0.5, 1.0)
            attempt += 1
            await asyncio.sleep(delay)

    async def _writer(self, ws: ClientConnection, outbox: asyncio.Queue[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await ws.send(await outbox.get())

    async def _pinger(self) -> None:
        while self.ping_interval:
            await asyncio.sleep(self.ping_interval)
            if self._outbox is not None:
                self._outbox.put_nowait(p.encode(p.Ping(t=time.monotonic())))

    def _hello(self) -> p.Hello:
        if self.game is None or self.chain is None:
            return p.Hello(token=self.code, client=self.client)
        return p.Hello(token=self.code, game_id=self.game_id, last_seq=self.head, chain=self.chain.digest(),
                       client=self.client)

    def _send(self, msg: p._Msg) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(p.encode(msg))

    def _resync(self, full: bool = False) -> None:
        """Ask the host for what the replica lacks (everything, when ``full``)."""
        if self._resyncing:
            return
        self._resyncing = True
        if full or self.chain is None:
            self._send(p.Sync(last_seq=0, chain=None))
        else:
            self._send(p.Sync(last_seq=self.head, chain=self.chain.digest()))

    # --- messages ------------------------------------------------------------------------------
    def _on_raw(self, raw: str | bytes) -> None:
        if self._gc_task is not None:
            gctune.busy()
        try:
            msg = p.parse_host_message(raw)
        except p.BadMessage as exc:
            log.warning("bad message from the host: %s", exc.detail)
            return
        try:
            getattr(self, f"_on_{msg.type}")(msg)
        except Exception:
            log.exception("could not handle the host's %s message; asking for the whole journal", msg.type)
            self._reset_buffer = None
            self._resyncing = False
            self._resync(full=True)

    def _on_welcome(self, msg: p.Welcome) -> None:
        self.role, self.seat_name, self.teams = msg.role, msg.seat, msg.teams
        self.key, self.seat_names, self.player = msg.key, dict(msg.seats), msg.player

    def _on_setup(self, msg: p.Setup) -> None:
        self.setup = msg
        if msg.scenario is None:  # a viewer: no replica
            self.game_id = msg.game_id
            return
        if self.chain is not None:
            self.chain.unsubscribe()
        self.game = build_game(msg.rules, msg.scenario, msg.map)
        self.chain = Chain(self.game)
        self.game_id = msg.game_id

    def _on_catchup(self, msg: p.Catchup) -> None:
        if self.game is None:
            return
        if msg.final:
            self._resyncing = False  # this is the answer to any sync asked for
        if msg.reset:
            self._reset_buffer = []
        ok = True
        if self._reset_buffer is not None:
            self._reset_buffer.extend(msg.entries)
        else:
            for entry in msg.entries:
                if not self._take_entry(entry):
                    ok = False
                    break
        if not msg.final or not ok:
            return
        if self._reset_buffer is not None:
            entries, self._reset_buffer = self._reset_buffer, None
            self.game.load_entries(entries, msg.undone, verify=True)
            self._emit("reset", self.game)
        else:
            self.game.redo_stack = list(reversed(msg.undone))
        self._synced_now()

    def _synced_now(self) -> None:
        first = not self._synced.is_set()
        self._synced.set()
        self._set_stale(False)
        if first:
            self._emit("synced", self.head)
            for item in self._pending.values():
                if item.sent_on != self.connections:
                    self._send_pending(item)

    def _take_entry(self, entry: JournalEntry) -> bool:
        """Apply an entry in order (skipping one already held); False if the replica needs a resync."""
        assert self.game is not None
        if entry.seq <= self.head:
            if self.game.entries[entry.seq - 1] == entry:
                return True
            self._resync(full=True)
            return False
        try:
            apply_entry(self.game, entry)
        except OutOfOrderError:
            self._resync()
            return False
        except (ReplayMismatchError, ValueError) as exc:
            log.warning("replica disagrees with the host at entry %s (%s); resyncing", entry.seq, exc)
            self._resync(full=True)
            return False
        self._emit("entry", entry)
        return True

    def _on_entry(self, msg: p.EntryMsg) -> None:
        if self.game is not None and not self._resyncing and self._reset_buffer is None:
            self._take_entry(msg.entry)

    def _on_undone(self, msg: p.Undone) -> None:
        if self.game is None or self._resyncing:
            return
        if self.head != msg.seq:
            self._resync()
            return
        self.game.undo()
        self._undone_by[msg.seq] = msg.by_key
        self._emit("undone", msg.seq)
        if msg.text:
            self._emit("notice", msg.text)

    def _on_redone(self, msg: p.Redone) -> None:
        if self.game is None or self._resyncing:
            return
        if msg.entry.seq != self.head + 1:
            self._resync()
            return
        try:
            redo_entry(self.game, msg.entry)
        except (ReplayMismatchError, ValueError):
            self._resync(full=True)
            return
        self._emit("redone", msg.entry)
        if msg.text:
            self._emit("notice", msg.text)

    def _on_clock(self, msg: p.ClockMsg) -> None:
        # counted from its arrival: the host's wall clock is not this machine's
        self.clock = dict(msg.clock.model_dump(), wall=time.time())
        self.clock_by = msg.by
        self._emit("clock", dict(self.clock))

    def _on_notice(self, msg: p.Notice) -> None:
        self._emit("fight" if msg.about == "fight" else "notice", msg.text)
        if msg.about == "undo" and msg.mark:
            self._emit("withdrawn", msg.mark)  # the events sent with that mark are undone

    def _on_accepted(self, msg: p.Accepted) -> None:
        self._resolve(str(msg.id), Outcome(id=str(msg.id), accepted=True, seq=msg.seq, duplicate=msg.duplicate))

    def _on_refused(self, msg: p.Refused) -> None:
        if self.game is not None and not self._resyncing:
            for entry in msg.missed:
                if not self._take_entry(entry):
                    break
        self._resolve(str(msg.id), Outcome(id=str(msg.id), accepted=False, code=msg.code,
                                           reasons=tuple(msg.reasons)))

    def _on_view(self, msg: p.View) -> None:
        self.view = msg.board
        self.view_seq = msg.seq
        if not self._synced.is_set():
            self._synced_now()
        self._emit("view", msg.board)
        if msg.events:
            events: list[Event] = list(msg.events)
            self.view_marks = list(msg.marks) if len(msg.marks) == len(events) else [""] * len(events)
            self._emit("events", events)

    def _on_error(self, msg: p.Error) -> None:
        self._emit("error", msg)
        if msg.code in FATAL_CODES:
            self._fatal = SeatError(f"the host refused this seat: {msg.detail}", msg.code)

    def _on_ping(self, msg: p.Ping) -> None:
        self._send(p.Pong(t=msg.t, at=time.time()))

    def _on_pong(self, msg: p.Pong) -> None:
        self.lag = max(0.0, time.monotonic() - msg.t)


class SeatThread:
    """A seat on its own asyncio loop in a daemon thread (for a Qt window without qasync).

    ``on_event`` is called in the worker thread: a Qt window forwards it through a signal
    (queued connection). Read the replica only inside :meth:`call`, which runs on the seat's loop.
    """

    def __init__(self, url: str, code: str, on_event: EventListener | None = None, **kwargs: Any) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="boardapp-seat", daemon=True)
        self._thread.start()
        self.seat: Seat = self._run(self._make(url, code, on_event, kwargs))

    async def _make(self, url: str, code: str, on_event: EventListener | None, kwargs: dict[str, Any]) -> Seat:
        return Seat(url, code, on_event=on_event, **kwargs)

    def _run(self, coro: Any, timeout: float | None = None) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def start(self, timeout: float = 10.0) -> None:
        self._run(self.seat.start(timeout), timeout + 1)

    def submit(self, command: dict[str, Any] | Command) -> concurrent.futures.Future[Outcome]:
        """Send a command; the returned (thread-safe) future gives its outcome."""
        async def go() -> Outcome:
            return await self.seat.submit(command)
        return asyncio.run_coroutine_threadsafe(go(), self._loop)

    def call(self, fn: Callable[[Seat], Any], timeout: float | None = 10.0) -> Any:
        """Run ``fn(seat)`` on the seat's loop and return its result (e.g. ``lambda s: s.game.summary()``)."""
        async def go() -> Any:
            return fn(self.seat)
        return self._run(go(), timeout)

    def close(self, timeout: float = 5.0) -> None:
        with contextlib.suppress(Exception):
            self._run(self.seat.close(), timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
