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
import sys
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from boardapp.engine.game import Game
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import IllegalCommandError
from boardapp.engine.rights import UndeclaredRightsError
from boardapp.model.problems import FileProblemsError
from boardapp.net import protocol as p
from boardapp.net.replica import Chain, command_teams, game_id_of, head, public_board, public_teams, setup_data

log = logging.getLogger("boardapp.net.host")

HELLO_TIMEOUT = 10.0
MAX_BAD_MESSAGES = 20
OUTBOX_LIMIT = 5000
MISSED_LIMIT = 200
REMEMBER = 50_000


@dataclass
class Grant:
    """A seat: a join code (token) and what it may do."""

    role: p.Role
    name: str
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    teams: frozenset[str] | None = None
    """For umpires: the teams whose commands they may play (None: every team)."""
    revoked: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"role": self.role, "name": self.name, "token": self.token,
                "teams": sorted(self.teams) if self.teams is not None else None, "revoked": self.revoked}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Grant:
        teams = data.get("teams")
        return cls(role=data["role"], name=data["name"], token=data["token"],
                   teams=frozenset(teams) if teams is not None else None, revoked=bool(data.get("revoked")))


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    grant: Grant | None = None
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    connected_at: float = field(default_factory=time.time)
    last_seen: float = field(default_factory=time.time)
    lag: float | None = None
    bad: int = 0
    client: str = ""
    ready: bool = False
    """True once the welcome (and catch-up) is queued: from then on it receives broadcasts."""


class Host:
    """Serve ``game`` to seats on ``host:port`` (port 0: any free port; see :attr:`port`)."""

    def __init__(self, game: Game[Any], host: str = "127.0.0.1", port: int = 0, *,
                 control_only: Iterable[str] | None = None, ping_interval: float = 5.0,
                 max_message: int = p.MAX_MESSAGE, view_interval: float = 0.1) -> None:
        self.game = game
        self.bind = host
        self.requested_port = port
        self.control_only = frozenset(game.module.control_only_kinds if control_only is None else control_only)
        """Command kinds only CONTROL may play: the rule module's ``control_only_kinds`` unless given."""
        self.ping_interval = ping_interval
        self.max_message = max_message
        self.view_interval = view_interval
        self.grants: dict[str, Grant] = {}
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
        self._unsubscribe = game.subscribe(self._changed)
        self.port: int = port

    # --- seats ---------------------------------------------------------------------------------
    def add_seat(self, role: p.Role, name: str | None = None, teams: Iterable[str] | None = None,
                 token: str | None = None) -> Grant:
        """A new join code for a seat of ``role`` (umpires may be limited to ``teams``)."""
        if role not in ("control", "umpire", "viewer"):
            raise ValueError(f"no role {role!r}; roles are control, umpire and viewer")
        n = sum(1 for g in self.grants.values() if g.role == role) + 1
        grant = Grant(role=role, name=name or f"{role} {n}",
                      teams=frozenset(teams) if teams is not None else None)
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
        for item in json.loads(Path(path).read_text(encoding="utf-8")):
            grant = Grant.from_json(item)
            self.grants[grant.token] = grant

    def status(self) -> list[dict[str, Any]]:
        """Connected seats: name, role, teams, address, lag (seconds, round trip), last seen."""
        out = []
        for conn in self._conns:
            if conn.grant is None:
                continue
            addr = conn.ws.remote_address
            out.append({"seat": conn.grant.name, "role": conn.grant.role, "token": conn.grant.token,
                        "teams": sorted(conn.grant.teams) if conn.grant.teams is not None else None,
                        "address": f"{addr[0]}:{addr[1]}" if addr else "", "lag": conn.lag,
                        "last_seen": conn.last_seen, "connected_at": conn.connected_at, "client": conn.client})
        out.sort(key=lambda s: (s["role"], s["seat"]))
        return out

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
        if self.ping_interval:
            self._spawn(self._ping_loop())

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
        self._conns.add(conn)
        writer = asyncio.get_running_loop().create_task(self._writer(conn))
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            except TimeoutError:
                self._send(conn, p.Error(code="protocol", detail="no hello in time", fatal=True))
                return
            if not self._on_hello(conn, raw):
                return
            async for raw in ws:
                conn.last_seen = time.time()
                if not self._on_message(conn, raw):
                    return
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            await self._flush_and_close(conn, writer)

    async def _flush_and_close(self, conn: _Conn, writer: asyncio.Task[Any]) -> None:
        # let the writer send what is queued (an error message, say) before closing
        with contextlib.suppress(Exception):
            for _ in range(20):
                if conn.outbox.empty() or writer.done():
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
                text = await conn.outbox.get()
                await conn.ws.send(text)

    async def _close_later(self, conn: _Conn, code: int, reason: str) -> None:
        await asyncio.sleep(0.05)
        with contextlib.suppress(Exception):
            await conn.ws.close(code, reason)

    def _send(self, conn: _Conn, msg: p._Msg | str) -> None:
        text = msg if isinstance(msg, str) else p.encode(msg)
        if conn.outbox.qsize() >= OUTBOX_LIMIT:
            log.warning("seat %s is too slow; disconnecting it (it will catch up on reconnecting)",
                        conn.grant.name if conn.grant else "?")
            self._conns.discard(conn)
            self._spawn(self._close_later(conn, 1013, "too far behind"))
            return
        conn.outbox.put_nowait(text)

    def _bad(self, conn: _Conn, exc: p.BadMessage) -> bool:
        """Answer a bad message; False when the connection is to be closed."""
        conn.bad += 1
        fatal = exc.code == "too_big" or conn.grant is None or conn.bad > MAX_BAD_MESSAGES
        self._send(conn, p.Error(code=exc.code, detail=exc.detail, fatal=fatal))
        return not fatal

    def _on_hello(self, conn: _Conn, raw: str | bytes) -> bool:
        try:
            msg = p.parse_seat_message(raw, self.max_message)
        except p.BadMessage as exc:
            return self._bad(conn, exc)
        if not isinstance(msg, p.Hello):
            self._send(conn, p.Error(code="protocol", detail="the first message must be a hello", fatal=True))
            return False
        if msg.protocol != p.PROTOCOL_VERSION:
            self._send(conn, p.Error(code="protocol", fatal=True,
                                     detail=f"protocol {msg.protocol} is not spoken here (the host speaks "
                                            f"{p.PROTOCOL_VERSION}); update boardapp"))
            return False
        grant = self.grants.get(msg.token)
        if grant is None or grant.revoked:
            code: p.ErrorCode = "revoked" if grant is not None else "unauthorized"
            self._send(conn, p.Error(code=code, detail="this join code is not valid" if grant is None
                                     else "this join code was revoked", fatal=True))
            return False
        conn.grant = grant
        conn.client = msg.client
        self._send(conn, p.Welcome(role=grant.role, seat=grant.name, game_id=self.game_id,
                                   teams=sorted(grant.teams) if grant.teams is not None else None,
                                   head_seq=head(self.game)))
        if grant.role == "viewer":
            self._send(conn, p.Setup(game_id=self.game_id, rules=self._setup["rules"], scenario=None,
                                     map=self._setup["map"], teams=public_teams(self.game)))
            self._send(conn, self._view())
        else:
            same_game = msg.game_id == self.game_id and msg.chain is not None
            if not same_game:
                self._send(conn, p.Setup(game_id=self.game_id, teams=public_teams(self.game), **self._setup))
            self._catch_up(conn, msg.last_seq if same_game else 0, msg.chain if same_game else None)
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
        for i, page in enumerate(pages):
            final = i == len(pages) - 1
            self._send(conn, p.Catchup(reset=reset and i == 0, base_seq=base + i * p.CATCHUP_PAGE,
                                       entries=page, undone=undone if final else [], final=final))

    def _on_message(self, conn: _Conn, raw: str | bytes) -> bool:
        grant = conn.grant
        if grant is None or grant.revoked or self.grants.get(grant.token) is not grant:
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
        elif isinstance(msg, p.Sync):
            if grant.role == "viewer":
                self._send(conn, self._view())
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
        missed: list[JournalEntry] = []
        now = head(self.game)
        if 0 <= base_seq < now and now - base_seq <= MISSED_LIMIT:
            missed = self.game.entries[base_seq:]
        msg = p.Refused(id=cid, code=code, reasons=reasons, head_seq=now, missed=missed)
        self._refused[cid] = msg.model_copy(update={"missed": []})
        while len(self._refused) > REMEMBER:
            self._refused.popitem(last=False)
        self._send(conn, msg)

    def _on_command(self, conn: _Conn, msg: p.CommandMsg) -> None:
        assert conn.grant is not None
        cid = str(msg.id)
        if cid in self._accepted:
            self._send(conn, p.Accepted(id=msg.id, seq=self._accepted[cid], duplicate=True))
            return
        if cid in self._refused:
            self._send(conn, self._refused[cid])
            return
        grant = conn.grant
        if grant.role == "viewer":
            self._refuse(conn, cid, "forbidden", ["a viewer's seat is read-only: it cannot play commands"])
            return
        try:
            cmd = self.game.parse(msg.command)
        except ValidationError as exc:
            self._refuse(conn, cid, "invalid", [f"not a valid command: {p._describe(exc)}"])
            return
        if grant.role != "control":
            why = []
            if cmd.force:
                why.append("only CONTROL may force a command the rules refuse")
            if cmd.kind in self.control_only:
                why.append(f"only CONTROL may play {cmd.kind!r}")
            if grant.teams is not None:
                try:
                    outside = command_teams(self.game, cmd) - grant.teams
                except UndeclaredRightsError as exc:  # fail closed: nobody can tell whose command it is
                    outside = set()
                    why.append(f"a seat limited to some teams cannot play this command: {exc}")
                if outside:
                    why.append(f"this seat plays for {', '.join(sorted(grant.teams))}, not "
                               f"{', '.join(sorted(outside))}")
            if why:
                self._refuse(conn, cid, "forbidden", why)
                return
        try:
            entry = self.game.push(cmd, command_id=cid)
        except IllegalCommandError as exc:
            stale = msg.base_seq < head(self.game)
            self._refuse(conn, cid, "stale" if stale else "illegal", exc.reasons, msg.base_seq)
            return
        except FileProblemsError as exc:  # the game file could not be written: nothing was applied
            self._refuse(conn, cid, "failed", [str(pb) for pb in exc.problems], msg.base_seq)
            return
        except Exception as exc:
            log.exception("command %s failed", cmd.describe())
            self._refuse(conn, cid, "failed", [f"the host could not apply it: {type(exc).__name__}: {exc}"],
                         msg.base_seq)
            return
        self._accepted[cid] = entry.seq
        self._send(conn, p.Accepted(id=msg.id, seq=entry.seq))

    def _on_undo_redo(self, conn: _Conn, msg: p.UndoMsg | p.RedoMsg) -> None:
        assert conn.grant is not None
        cid = str(msg.id)
        if cid in self._accepted:
            self._send(conn, p.Accepted(id=msg.id, seq=self._accepted[cid], duplicate=True))
            return
        if cid in self._refused:
            self._send(conn, self._refused[cid])
            return
        if conn.grant.role != "control":
            self._refuse(conn, cid, "forbidden", ["only CONTROL may undo or redo"])
            return
        if isinstance(msg, p.UndoMsg):
            if head(self.game) != msg.seq:
                self._refuse(conn, cid, "stale", [f"entry {msg.seq} is not the last entry (the last is "
                                                  f"{head(self.game)})"])
                return
            self.game.undo()
        else:
            top = self.game.redo_stack[-1].seq if self.game.redo_stack else None
            if top != msg.seq:
                self._refuse(conn, cid, "stale", [f"entry {msg.seq} is not the next to redo" +
                                                  (f" (that is {top})" if top else " (nothing to redo)")])
                return
            self.game.redo()
        self._accepted[cid] = msg.seq
        self._send(conn, p.Accepted(id=msg.id, seq=msg.seq))

    # --- broadcasting --------------------------------------------------------------------------
    def _changed(self, what: str, entry: JournalEntry | None) -> None:
        if what == "push" and entry is not None:
            text = p.encode(p.EntryMsg(entry=entry))
        elif what == "undo" and entry is not None:
            text = p.encode(p.Undone(seq=entry.seq))
        elif what == "redo" and entry is not None:
            text = p.encode(p.Redone(entry=entry))
        else:
            text = ""
        for conn in list(self._conns):
            if not conn.ready or conn.grant is None or conn.grant.role == "viewer":
                continue
            if text:
                self._send(conn, text)
            else:  # the whole journal was replaced
                self._catch_up(conn, 0, None)
        self._view_dirty.set()

    def _view(self) -> p.View:
        return p.View(seq=head(self.game), board=public_board(self.game))

    async def _view_loop(self) -> None:
        while True:
            await self._view_dirty.wait()
            self._view_dirty.clear()
            viewers = [c for c in self._conns if c.ready and c.grant is not None and c.grant.role == "viewer"]
            if viewers:
                text = p.encode(self._view())
                for conn in viewers:
                    self._send(conn, text)
            await asyncio.sleep(self.view_interval)

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.ping_interval)
            text = p.encode(p.Ping(t=time.monotonic()))
            for conn in list(self._conns):
                if conn.ready:
                    self._send(conn, text)


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


def _print_code(label: str, url: str, grant: Grant) -> None:
    teams = f" (teams: {', '.join(sorted(grant.teams))})" if grant.teams is not None else ""
    print(f"  {label:<12} {grant.name}{teams}: {grant.token}")
    try:
        import qrcode  # type: ignore[import-untyped]  # optional
    except ImportError:
        return
    qr = qrcode.QRCode(border=1)
    qr.add_data(f"{url}#{grant.token}")
    qr.print_ascii()


def main(path: str | Path, port: int = 8765, bind: str = "0.0.0.0", umpires: int = 4) -> int:
    """``boardapp host GAME_FILE``: serve a game file, print the join codes, run until Ctrl-C.

    Seats and codes are kept in ``GAME_FILE.seats.json`` (private to this user) so that a restarted
    host accepts the same codes.
    """
    from boardapp.engine.files import open_game

    path = Path(path)
    try:
        game = open_game(path)
    except FileProblemsError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1

    async def run() -> None:
        host = Host(game, host=bind, port=port)
        seats_file = path.with_name(path.name + ".seats.json")
        if seats_file.exists():
            host.load_grants(seats_file)
        else:
            host.add_seat("control", "CONTROL")
            for i in range(umpires):
                host.add_seat("umpire", f"umpire {i + 1}")
            host.add_seat("viewer", "big screen")
            host.save_grants(seats_file)
        await host.start()
        print(f"boardapp: hosting {path.name} at {host.url} (entry {head(game)}); join codes:")
        for grant in host.grants.values():
            if not grant.revoked:
                _print_code(grant.role, host.url, grant)
        print("Press Ctrl-C to stop.")
        try:
            await asyncio.Event().wait()
        finally:
            await host.stop()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    finally:
        if game.store is not None:
            game.store.close()
    return 0
