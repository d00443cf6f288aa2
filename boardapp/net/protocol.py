"""The wire protocol between the host and its seats: JSON text frames, one message each.

Every message is a JSON object with a ``type`` key, validated by the pydantic models below
(unknown keys are refused). Nothing is ever unpickled or evaluated. A message a seat sends is
at most :data:`MAX_MESSAGE` bytes; the host's own messages (catch-up pages, views) may be larger,
up to :data:`MAX_HOST_MESSAGE`.

Seat -> host: ``hello``, ``command``, ``undo``, ``redo``, ``clock_set``, ``sync``, ``ping``, ``pong``.
Host -> seat: ``welcome``, ``setup``, ``catchup``, ``entry``, ``undone``, ``redone``, ``notice``, ``clock``,
``accepted``, ``refused``, ``view``, ``error``, ``ping``, ``pong``.

See docs/network.md for the conversation.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Event

PROTOCOL_VERSION = 2
"""2: views carry their events' marks and an undo's notice the mark it takes back (issue 24.14); a seat of 1 would
refuse those fields, so the host tells it to update instead."""
MAX_MESSAGE = 64 * 1024
"""The largest message (bytes of JSON) a seat may send."""
MAX_HOST_MESSAGE = 16 * 1024 * 1024
"""The largest message a seat accepts from the host."""
CATCHUP_PAGE = 500
"""Journal entries per catch-up message."""

Role = Literal["control", "umpire", "viewer", "player"]
"""CONTROL; an umpire (sees everything, may be limited to some teams); a viewer (the public view, read-only);
a player (one player's seat: the public view plus what that player may see; commands for that player only)."""


class _Msg(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- seat -> host ----------------------------------------------------------------------------
class Hello(_Msg):
    """The first message on a connection: who I am and what I already hold."""

    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL_VERSION
    token: str = Field(min_length=1, max_length=200)
    game_id: str | None = Field(None, max_length=100, description="The game the seat's replica is of; None: none.")
    last_seq: int = Field(0, ge=0, description="The last journal entry the seat's replica holds.")
    chain: str | None = Field(None, max_length=100, description="Digest of the replica's journal up to last_seq.")
    client: str = Field("", max_length=200, description="Free text: program and version, for the host's status.")


class CommandMsg(_Msg):
    """Play a command. ``id`` is the seat's unique id for it: a resend never applies twice."""

    type: Literal["command"] = "command"
    id: uuid.UUID
    command: dict[str, Any]
    base_seq: int = Field(ge=0, description="The last entry the seat had applied when the command was made.")


class UndoMsg(_Msg):
    """Take back entry ``seq``: refused unless it is the last one, and, from an umpire, their own."""

    type: Literal["undo"] = "undo"
    id: uuid.UUID
    seq: int = Field(ge=1)


class RedoMsg(_Msg):
    """Play again entry ``seq``: refused unless it is the next one to redo, and, from an umpire, their own."""

    type: Literal["redo"] = "redo"
    id: uuid.UUID
    seq: int = Field(ge=1)


class ClockRecord(_Msg):
    """The turn clock as :meth:`boardapp.clock.TurnClock.record` gives it. ``wall`` is the sender's
    ``time.time()`` when it was made; a receiver counts from the moment it arrives instead (machines'
    wall clocks differ; the wire takes milliseconds)."""

    week: int = Field(ge=1, le=10_000, description="The game week the clock counts down.")
    elapsed: float = Field(ge=0, le=10 * 86_400, allow_inf_nan=False, description="Seconds run so far.")
    extra: float = Field(ge=-86_400, le=86_400, allow_inf_nan=False, description="CONTROL's adjustments, seconds.")
    running: bool
    started: bool
    wall: float = Field(allow_inf_nan=False, description="The sender's wall clock when the record was made.")
    minutes: float | None = Field(None, ge=0, le=10_000, allow_inf_nan=False,
                                  description="The week's length the rule module set; None: the scenario's.")


class ClockSet(_Msg):
    """CONTROL sets the host's clock (start, pause, adjust, a new week: the clock as CONTROL's panel now has it).
    Refused ``forbidden`` from any other seat."""

    type: Literal["clock_set"] = "clock_set"
    id: uuid.UUID
    clock: ClockRecord


class Sync(_Msg):
    """The seat asks for the entries after ``last_seq`` (or everything, when its chain does not match)."""

    type: Literal["sync"] = "sync"
    last_seq: int = Field(0, ge=0)
    chain: str | None = Field(None, max_length=100)


class Ping(_Msg):
    type: Literal["ping"] = "ping"
    t: float = Field(description="The sender's clock; echoed in the pong.")


class Pong(_Msg):
    type: Literal["pong"] = "pong"
    t: float = Field(description="The ping's t, echoed.")
    at: float = Field(0.0, description="The replier's wall clock (seconds since the epoch).")


# --- host -> seat ----------------------------------------------------------------------------
class Welcome(_Msg):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    role: Role
    seat: str = Field(description="The seat's name ('CONTROL', 'umpire 2', 'big screen').")
    teams: list[str] | None = Field(None, description="The teams an umpire may command; None: all.")
    game_id: str
    head_seq: int
    key: str = Field("", description="This seat's public key: the journal's entry ids end in '@key' for its "
                     "commands (so a seat knows which entries are its own).")
    seats: dict[str, str] = Field(default_factory=dict, description="Key -> name of every seat that may play "
                                  "commands (who played what); only to CONTROL and umpires.")
    player: str | None = Field(None, description="A player seat: the player (team) it plays and sees for.")


class Setup(_Msg):
    """What a seat needs to build its replica: the rule module, the scenario and the map."""

    type: Literal["setup"] = "setup"
    game_id: str
    rules: str
    scenario: dict[str, Any] | None = Field(description="None for viewers (who get only public data).")
    map: dict[str, Any]
    teams: list[dict[str, Any]] = Field(default_factory=list, description="Public team data: id, name, colour.")


class Catchup(_Msg):
    """Journal entries the seat lacks, in pages. ``reset``: replace the replica's whole journal."""

    type: Literal["catchup"] = "catchup"
    reset: bool
    base_seq: int = Field(description="The entries follow entry base_seq (0 when reset).")
    entries: list[JournalEntry]
    undone: list[JournalEntry] = Field(default_factory=list, description="The redo stack, lowest seq first "
                                       "(on the final page).")
    final: bool = True


class EntryMsg(_Msg):
    """A command the host accepted (broadcast to every umpire and CONTROL)."""

    type: Literal["entry"] = "entry"
    entry: JournalEntry


class Undone(_Msg):
    type: Literal["undone"] = "undone"
    seq: int
    by: str = Field("", description="The seat that undid it ('CONTROL').")
    by_key: str = Field("", description="Its key ('': the host's own game): an umpire may redo only what it undid.")
    text: str = Field("", description="What happened, to show: 'CONTROL undid umpire 2's entry 6 (…)'.")


class Redone(_Msg):
    type: Literal["redone"] = "redone"
    entry: JournalEntry
    by: str = Field("", description="The seat that redid it.")
    text: str = Field("", description="What happened, to show.")


class Notice(_Msg):
    """Something every seat is told (a viewer or player seat: in public words), e.g. an undo."""

    type: Literal["notice"] = "notice"
    about: Literal["undo", "redo", "clock", "fight"]
    text: str
    mark: str = Field("", description="An undo's: the mark its entry's events were sent with in views (``View.marks``),"
                      " so a viewer can drop what it showed of them (the web page's news); '' for none.")


class ClockMsg(_Msg):
    """The host's clock, to every seat and viewer: on joining and whenever it changes."""

    type: Literal["clock"] = "clock"
    clock: ClockRecord
    by: str = Field("", description="Who changed it ('CONTROL'; '' when sent on joining or at a new week).")


class Accepted(_Msg):
    type: Literal["accepted"] = "accepted"
    id: uuid.UUID
    seq: int
    duplicate: bool = Field(False, description="True: the id was applied before; this is the original result.")


RefusalCode = Literal["illegal", "forbidden", "invalid", "stale", "failed"]


class Refused(_Msg):
    type: Literal["refused"] = "refused"
    id: uuid.UUID
    code: RefusalCode
    reasons: list[str]
    head_seq: int = 0
    missed: list[JournalEntry] = Field(default_factory=list, description="Entries after the command's base_seq.")


class View(_Msg):
    """What a viewer (or a player seat) may see: the rule module's view of the board for its audience.

    ``seq`` is the seat's own sequence: it advances only when something the seat may see changed,
    so a seat learns nothing of changes hidden from it."""

    type: Literal["view"] = "view"
    seq: int
    board: dict[str, Any]
    events: list[Event] = Field(default_factory=list, description="What happened since the last view, as far "
                                "as this seat may see it (hidden events are never sent).")
    marks: list[str] = Field(default_factory=list, description="One per event: a random mark of the entry it came "
                             "from (no journal number), the same for an entry's events; an undo's notice names it.")


ErrorCode = Literal["unauthorized", "revoked", "too_big", "malformed", "protocol", "overloaded", "shutdown",
                    "timeout", "too_slow"]


class Error(_Msg):
    type: Literal["error"] = "error"
    code: ErrorCode
    detail: str = ""
    fatal: bool = Field(False, description="True: the host closes the connection; do not retry with this code.")


SeatMessage = Annotated[Hello | CommandMsg | UndoMsg | RedoMsg | ClockSet | Sync | Ping | Pong,
                        Field(discriminator="type")]
HostMessage = Annotated[
    Welcome | Setup | Catchup | EntryMsg | Undone | Redone | Notice | ClockMsg | Accepted | Refused | View | Error
    | Ping | Pong,
    Field(discriminator="type"),
]
_seat_adapter: TypeAdapter[Any] = TypeAdapter(SeatMessage)
_host_adapter: TypeAdapter[Any] = TypeAdapter(HostMessage)


class BadMessage(ValueError):
    """A message that is not valid JSON of a known type; ``code`` is an :data:`ErrorCode`."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(detail)
        self.code: ErrorCode = code
        self.detail = detail


def _describe(exc: ValidationError) -> str:
    errs = exc.errors(include_url=False)
    parts = []
    for err in errs[:3]:
        where = ".".join(str(p) for p in err["loc"])
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    more = f" (and {len(errs) - 3} more)" if len(errs) > 3 else ""
    return "; ".join(parts) + more


def _parse(raw: str | bytes, adapter: TypeAdapter[Any], limit: int) -> Any:
    if isinstance(raw, bytes):
        raise BadMessage("malformed", "binary frames are not accepted: send JSON text")
    if len(raw.encode("utf-8")) > limit:
        raise BadMessage("too_big", f"a message may be at most {limit} bytes")
    try:
        return adapter.validate_json(raw)
    except ValidationError as exc:
        raise BadMessage("malformed", _describe(exc)) from None


def parse_seat_message(raw: str | bytes, limit: int = MAX_MESSAGE) -> Any:
    """A seat's message, validated; raises :class:`BadMessage`."""
    return _parse(raw, _seat_adapter, limit)


def parse_host_message(raw: str | bytes, limit: int = MAX_HOST_MESSAGE) -> Any:
    """The host's message, validated; raises :class:`BadMessage`."""
    return _parse(raw, _host_adapter, limit)


def encode(msg: BaseModel) -> str:
    return msg.model_dump_json(exclude_none=False)
