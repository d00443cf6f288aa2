"""The board's network plumbing below the widgets: worker loops, the host runner, a seat link and the
game-like objects the board draws for a seat.

The host (:class:`boardapp.net.host.Host`) and each seat (:class:`boardapp.net.client.Seat`) run on
their own asyncio loop in a daemon thread (:class:`LoopThread`); nothing here touches their objects
from the Qt thread except through that loop. A seat's replica lives on the seat's loop; the board
draws a **mirror** of it (:class:`LiveGame`) kept in the Qt thread: every seat event carries a
snapshot of the replica's journal (taken in the seat's thread, the moment the event happens), and the
mirror takes the entries it lacks (the very same :class:`JournalEntry` objects), undoes what the
replica undid, or reloads. So the scene only ever reads a game owned by the Qt thread.

:class:`LiveGame` is what a seat's :class:`~boardapp.ui.mainwindow.MainWindow` holds as its
``game``: reading delegates to the mirror; ``push``/``undo``/``redo`` go to the host and wait (an
event loop that ignores user input, a few seconds at most) for its answer — an accepted command
returns the host's journal entry, a refused one raises :class:`NetRefusal` (an
:class:`IllegalCommandError`) with the host's reasons. While the seat is offline a command is queued
(:class:`NetRefusal` code ``queued``) and its outcome reported later through
:attr:`SeatLink.lateOutcome`.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from boardapp.engine.game import Game
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Command
from boardapp.net.client import Outcome, Seat, SeatError
from boardapp.net.replica import build_game
from boardapp.ui.network.loops import ANSWER_TIMEOUT, BULK, LoopThread
from boardapp.ui.network.public import PlayerGame, PublicGame
from boardapp.ui.network.refusal import NetRefusal


# --- a seat ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Snapshot:
    """The seat's replica at one moment, taken on the seat's thread."""

    game_id: str | None
    setup: Any
    entries: tuple[JournalEntry, ...]
    redo: tuple[JournalEntry, ...]


def normalise_url(address: str) -> tuple[str, str]:
    """('ws://host:port/', code from a '#code' suffix or '') for 'host:port', a ws:// URL or a QR text."""
    text = address.strip()
    code = ""
    if "#" in text:
        text, code = text.split("#", 1)
    if not text.startswith(("ws://", "wss://")):
        text = "ws://" + text
    if text.count("/") < 3:
        text += "/"
    return text, code.strip()


class SeatLink(QObject):
    """A seat on its own loop, seen from the Qt thread: signals in, commands out.

    ``seatEvent(kind, data)`` repeats the seat's events in the Qt thread; :attr:`game` (a
    :class:`LiveGame`) follows the replica for CONTROL and umpires, :attr:`public` (a
    :class:`PublicGame`) the public view for viewers.
    """

    seatEvent = Signal(str, object)
    staleChanged = Signal(bool)
    changed = Signal()
    """The mirror or the public picture changed."""
    lateOutcome = Signal(object, object)
    failed = Signal(str)
    fought = Signal(str)
    """A viewer or player seat: the host announced a fight's result (its public sentences)."""
    clockChanged = Signal(object)
    """The host's turn clock changed (a :meth:`boardapp.clock.TurnClock.record`, counted from its arrival)."""
    notice = Signal(str)
    """Something to tell the user (an undo the host refused)."""
    """The host refused this seat for good (a revoked code); the seat stopped."""
    _wake = Signal()

    def __init__(self, url: str, code: str, parent: QObject | None = None,
                 backoff: tuple[float, float] = (0.1, 5.0), ping_interval: float = 2.0) -> None:
        super().__init__(parent)
        self.url, self.code = url, code
        self.loop = LoopThread("boardapp-seat")
        self.seat: Seat = self.loop.run(self._make(backoff, ping_interval))
        self.role: str | None = None
        self.seat_name = ""
        self.teams: list[str] | None = None
        self.stale = True
        self.fatal = ""
        self.game: LiveGame | None = None
        self.public: PublicGame | None = None
        self.clock: dict[str, Any] | None = None
        """The host's turn clock, as last heard (None before the host sent it)."""
        self.last_change = 0.0
        """time.perf_counter() of the last change applied to the mirror (for measuring delays)."""
        self._queued: dict[str, Any] = {}
        self._closed = False
        """Set before the seat's loop stops: its last events must not reach a Qt object being deleted."""
        self.seatEvent.connect(self._on_event)

    async def _make(self, backoff: tuple[float, float], ping_interval: float) -> Seat:
        return Seat(self.url, self.code, on_event=self._from_seat, backoff=backoff, ping_interval=ping_interval,
                    client="boardapp desktop")

    # --- the seat's thread -------------------------------------------------------------------
    def _from_seat(self, kind: str, data: Any) -> None:
        """Called on the seat's loop: attach a snapshot of the replica and pass it to the Qt thread."""
        if self._closed or not shiboken6.isValid(self):
            return  # the window is closing or gone: emitting on a deleted QObject crashes the process
        if kind in ("entry", "undone", "redone", "reset", "synced"):
            data = self._snapshot()
        self.seatEvent.emit(kind, data)

    # --- life ----------------------------------------------------------------------------------
    def _snapshot(self) -> _Snapshot | None:
        """The replica now (on the seat's thread)."""
        seat = self.seat
        g = seat.game
        return _Snapshot(seat.game_id, seat.setup, tuple(g.entries), tuple(g.redo_stack)) if g is not None else None

    def sync_now(self) -> None:
        """Bring the mirror up to the replica at once (after the host's answer: the answer may come
        before the Qt thread has seen the events that preceded it)."""
        if self.game is not None:
            snap = self.loop.call(self._snapshot)
            if snap is not None:
                self.game._take(snap)

    def start(self, timeout: float = 10.0, fail_fast: bool = False) -> None:
        """Connect and wait for the first catch-up (raises SeatError on a bad code or, with ``fail_fast``, an
        address where nothing listens; TimeoutError)."""
        seat = self.seat
        self.loop.run(seat.start(timeout, fail_fast), timeout + 2)
        snap = self.loop.call(self._snapshot)
        self.role, self.seat_name, self.teams = seat.role, seat.seat_name, seat.teams
        if self.role == "viewer":
            assert seat.setup is not None
            self.public = PublicGame(seat.setup, self.loop.call(lambda: seat.view) or {})
        elif self.role == "player":  # one player's view, commands forwarded (no journal, no replica)
            assert seat.setup is not None and seat.player is not None
            self.public = PlayerGame(seat.setup, self.loop.call(lambda: seat.view) or {}, self, seat.player)
        elif snap is not None:
            self.game = LiveGame(self)
            self.game._take(snap)
        self.stale = bool(self.loop.call(lambda: seat.stale))

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(Exception):
            self.loop.run(self.seat.close(), 5)
        self.loop.close()

    @property
    def lag(self) -> float | None:
        return self.seat.lag

    @property
    def queued(self) -> int:
        """This window's commands waiting for the host's answer (made offline or not answered in time)."""
        return len(self._queued)

    # --- commands --------------------------------------------------------------------------------
    def submit(self, command: Any, command_id: str) -> concurrent.futures.Future[Outcome]:
        async def go() -> Outcome:
            return await self.seat.submit(command, command_id)
        return self.loop.submit(go())

    def undo_redo(self, which: str, seq: int | None = None) -> concurrent.futures.Future[Outcome]:
        """Undo entry ``seq`` (the host refuses unless it is the last; None: the last) or redo the next."""
        async def go() -> Outcome:
            return await (self.seat.undo(seq) if which == "undo" else self.seat.redo())
        return self.loop.submit(go())

    def set_clock(self, record: dict[str, Any]) -> concurrent.futures.Future[Outcome]:
        """CONTROL: make the host's clock this record (SeatError in the future while offline)."""
        async def go() -> Outcome:
            return await self.seat.set_clock(record)
        return self.loop.submit(go())

    def wait(self, fut: concurrent.futures.Future[Any], timeout: float) -> Any:
        """The future's result, running Qt's loop (no user input) meanwhile; None if not done in time."""
        if not fut.done() and timeout > 0:
            loop = QEventLoop()
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            self._wake.connect(loop.quit)
            fut.add_done_callback(lambda _f: self._wake.emit())
            timer.start(int(timeout * 1000))
            if not fut.done():
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
            timer.stop()
            self._wake.disconnect(loop.quit)
        if not fut.done():
            return None
        return fut.result()

    def queue(self, command_id: str, command: Any) -> None:
        """Report this command's outcome through :attr:`lateOutcome` when it comes."""
        self._queued[command_id] = command

    # --- the Qt thread ---------------------------------------------------------------------------
    def _on_event(self, kind: str, data: Any) -> None:
        if kind == "stale":
            self.stale = bool(data)
            self.staleChanged.emit(self.stale)
        elif kind in ("entry", "undone", "redone", "reset", "synced"):
            if data is not None and self.game is not None:
                self.game._take(data)
            if kind == "synced" and self.stale:
                self.stale = False
                self.staleChanged.emit(False)
        elif kind == "view":
            if self.public is not None:
                self.public.update(data)
                self.last_change = time.perf_counter()
                self.changed.emit()
            if self.stale:
                self.stale = False
                self.staleChanged.emit(False)
        elif kind == "events":
            if isinstance(self.public, PlayerGame):
                self.public.add_events(data)
        elif kind == "fight":
            self.fought.emit(str(data))
        elif kind == "clock":
            self.clock = dict(data)
            self.clockChanged.emit(self.clock)
        elif kind == "notice":  # "CONTROL undid umpire 2's entry 6 (…)": every seat is told
            self.notice.emit(str(data))
        elif kind == "outcome":
            command = self._queued.pop(data.id, None)
            if command is not None:
                self.lateOutcome.emit(data, command)
        elif kind == "error" and getattr(data, "code", "") in ("revoked", "unauthorized", "protocol"):
            self.fatal = data.detail or data.code
            self.failed.emit(self.fatal)


class LiveGame:
    """The game a seat's window holds (a :class:`~boardapp.ui.document.source.GameSource`): a mirror
    of the seat's replica; commands, undo and redo go to the host.

    When the host serves another game, listeners hear ('replaced', None) and read the new game."""

    shared = True
    """Other seats play into the same game: a window undoes only its own steps' entries."""

    def __init__(self, link: SeatLink) -> None:
        self._link = link
        self._game: Game[Any] | None = None
        self._game_id: str | None = None
        self._listeners: list[Callable[[str, JournalEntry | None], None]] = []
        self._unsub: Callable[[], None] | None = None
        self.source = ""
        self.store = None
        """A seat keeps no game file: the host does."""
        self.last_refusal: NetRefusal | None = None
        """The host's last refusal of this window's command (the window shows it)."""

    @property
    def link(self) -> SeatLink:
        return self._link

    @property
    def mirror(self) -> Game[Any]:
        assert self._game is not None
        return self._game

    # --- reading (the mirror's) ----------------------------------------------------------------
    @property
    def module(self) -> Any:
        return self.mirror.module

    @property
    def state(self) -> Any:
        return self.mirror.state

    @property
    def entries(self) -> list[JournalEntry]:
        return self.mirror.entries

    @property
    def redo_stack(self) -> list[JournalEntry]:
        return self.mirror.redo_stack

    def parse(self, data: dict[str, Any] | Command) -> Command:
        return self.mirror.parse(data)

    def check(self, command: dict[str, Any] | Command) -> list[str]:
        return self.mirror.check(command)

    def summary(self) -> dict[str, Any]:
        return self.mirror.summary()

    # --- listening -------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[str, JournalEntry | None], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _notify(self, what: str, entry: JournalEntry | None) -> None:
        self._link.last_change = time.perf_counter()
        for listener in list(self._listeners):
            listener(what, entry)

    # --- following the replica -------------------------------------------------------------------
    def _take(self, snap: _Snapshot) -> None:
        """Bring the mirror to the snapshot: append, undo back to it, or reload."""
        g = self._game
        if g is None or snap.game_id != self._game_id:
            new = build_game(snap.setup.rules, snap.setup.scenario, snap.setup.map)
            new.load_entries(list(snap.entries), list(reversed(snap.redo)), verify=False)
            first = g is None
            if self._unsub is not None:
                self._unsub()
            self._game, self._game_id = new, snap.game_id
            self._unsub = new.subscribe(self._notify)
            if not first:
                self._notify("replaced", None)
            return
        g.sync_to(snap.entries, list(reversed(snap.redo)), bulk=BULK)

    # --- commands ---------------------------------------------------------------------------------
    def _answer(self, fut: concurrent.futures.Future[Outcome], command: Any, cid: str | None,
                timeout: float) -> Outcome:
        link = self._link
        try:
            outcome = link.wait(fut, 0 if link.stale else timeout)
        except SeatError as exc:
            raise NetRefusal(command, [str(exc)], "closed") from None
        if outcome is None:
            if cid is not None:
                link.queue(cid, command)
            why = ("offline — the command is queued and will be sent on reconnecting" if link.stale else
                   "no answer from the host yet — the command stays queued")
            raise NetRefusal(command, [why + "; its outcome will be reported"], "queued")
        assert isinstance(outcome, Outcome)
        link.sync_now()
        return outcome

    def push(self, command: Any, command_id: str | None = None, timeout: float = ANSWER_TIMEOUT) -> JournalEntry:
        """Play ``command`` at the host; the host's journal entry, or :class:`NetRefusal`."""
        self.last_refusal = None
        try:
            return self._push(command, command_id, timeout)
        except NetRefusal as exc:
            self.last_refusal = exc
            raise

    def _push(self, command: Any, command_id: str | None, timeout: float) -> JournalEntry:
        link = self._link
        cmd = self.mirror.parse(command)  # a malformed command fails here, as with a local game
        if link.fatal:
            raise NetRefusal(cmd, [f"this seat was stopped: {link.fatal}"], "closed")
        cid = command_id or str(uuid.uuid4())
        fut = link.submit(command, cid)
        outcome = self._answer(fut, cmd, cid, timeout)
        if not outcome.accepted:
            raise NetRefusal(cmd, outcome.reasons, outcome.code)
        return self.entry(outcome.seq) or JournalEntry(seq=outcome.seq or 0, command=cmd.model_dump(
            mode="json", exclude_defaults=True) | {"kind": cmd.kind})

    def entry(self, seq: int | None) -> JournalEntry | None:
        """The mirror's entry ``seq`` (None if the mirror has not got it)."""
        g = self.mirror
        if seq is not None and 0 < seq <= len(g.entries) and g.entries[seq - 1].seq == seq:
            return g.entries[seq - 1]
        return None

    def _undo_redo(self, which: str, entry: JournalEntry | None,
                   timeout: float = ANSWER_TIMEOUT) -> JournalEntry | None:
        """Undo or redo at the host. A refusal is not raised (the window's undo stack calls this from
        Qt): it is kept in :attr:`last_refusal` and said through :attr:`SeatLink.notice`."""
        self.last_refusal = None
        seq = entry.seq if entry is not None else None
        try:
            if which == "redo" and seq is not None and (not self.redo_stack or self.redo_stack[-1].seq != seq):
                top = self.redo_stack[-1].seq if self.redo_stack else None
                raise NetRefusal({"kind": which}, [f"entry {seq} is not the next to redo" +
                                                   (f" (that is {top})" if top else " (nothing to redo)")], "stale")
            undone = self.entry(seq if seq is not None else (self.entries[-1].seq if self.entries else None))
            outcome = self._answer(self._link.undo_redo(which, seq), {"kind": which}, None, timeout)
            if not outcome.accepted:
                raise NetRefusal({"kind": which}, outcome.reasons, outcome.code)
        except NetRefusal as exc:
            self.last_refusal = exc
            self._link.notice.emit(f"{which.capitalize()} refused ({exc.code}): " + "; ".join(exc.reasons))
            return None
        return self.entry(outcome.seq) if which == "redo" else (undone or entry)

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        """CONTROL: take back ``entry`` at the host (refused there unless it is still the last entry,
        so a window's undo never takes back another seat's later move). Without ``entry``, the last
        entry of the journal, whoever played it (CONTROL's explicit ruling)."""
        return self._undo_redo("undo", entry)

    def redo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        return self._undo_redo("redo", entry)

    @property
    def can_undo(self) -> bool:
        return bool(self._game is not None and self._game.entries)

    @property
    def can_redo(self) -> bool:
        return bool(self._game is not None and self._game.redo_stack)
