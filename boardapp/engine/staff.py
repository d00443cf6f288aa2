"""The Control team's own register: rulings as precedents, follow-ups between tables, notes between umpires.

These are *staff* commands, generic to every rule system (issue 29). No rule module knows them and they
know no rule module's commands: they travel through the same door (``GameController.submit``) and the
same journal as the rules' commands, so they survive a crash, follow the LAN and replay in the review,
but they never touch the rule module's state. Their register (:class:`StaffRegister`) is kept beside
it, derived by folding the journal (:func:`fold`): an explicit ``ruling``, and every command CONTROL
forced (it carries its ``force`` reason), become rulings; ``follow_up`` pins a promise on a seat or a
team; ``note`` is a short message between Control's seats.

Every event a staff command gives is ``hidden`` and visible to no player: viewers, player seats, the big
screen, the web page and the public report never see one — except the public sentence of a ruling CONTROL
publishes (``published``: "CONTROL's ruling: …", nothing of who ruled or what it concerns). Which seat may
send which is :func:`seat_refusal` (the LAN host asks it; any Control seat writes, only CONTROL confirms,
overturns or publishes).

>>> reg = StaffRegister()
>>> e = entry_for(1, {"kind": "ruling", "text": "Rivers block moves", "kinds": ["move"], "by": "Map Control"})
>>> reg.add(e)
>>> reg.rulings[1].text, reg.rulings[1].status
('Rivers block moves', 'open')
>>> [r.seq for r in reg.matching("move", places=(), teams=(), counters=())]
[1]
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Command, Event, Impossible
from boardapp.engine.rights import CHOSEN

TEXT_MAX = 2000
"""The longest text a staff command may carry (a ruling, a follow-up or a note is a few sentences)."""

Ids = Annotated[tuple[Annotated[str, Field(max_length=200)], ...], CHOSEN, Field(max_length=100)]


class StaffCommand(Command):
    """A Control team command: the rules never see it."""

    by: Annotated[str, CHOSEN, Field(max_length=100)] = ""
    """The seat's name that wrote it. A LAN host stamps its seat's own name here (a seat cannot sign
    for another); a local game keeps what its window says ('CONTROL')."""


class Ruling(StaffCommand):
    """A ruling any Control seat writes: what was decided, and what it concerns (to be found again)."""

    kind: Literal["ruling"] = "ruling"
    text: Annotated[str, CHOSEN, Field(min_length=1, max_length=TEXT_MAX)]
    area: Annotated[str, CHOSEN, Field(max_length=100)] = ""
    """The rule area ('movement', 'combat', 'UN votes' …): the register groups and filters by it."""
    kinds: Ids = ()
    """The command kinds it covers: a refusal of one of these kinds meets this ruling."""
    places: Ids = ()
    teams: Ids = ()
    counters: Ids = ()
    published: Annotated[bool, CHOSEN] = False
    """CONTROL only: also tell the hall (viewers, the big screen, the web page, player seats): a public event
    'CONTROL's ruling: <text>' beside the staff event (who ruled and what it concerns stay Control's)."""


class ConfirmRuling(StaffCommand):
    """CONTROL confirms a ruling as standing for the rest of the game."""

    kind: Literal["confirm_ruling"] = "confirm_ruling"
    ruling: Annotated[int, CHOSEN, Field(ge=1)]
    """The journal entry (seq) of the ruling or forced command."""
    text: Annotated[str, CHOSEN, Field(max_length=TEXT_MAX)] = ""


class OverturnRuling(StaffCommand):
    """CONTROL overturns a ruling: it no longer stands as a precedent (what it did stays done)."""

    kind: Literal["overturn_ruling"] = "overturn_ruling"
    ruling: Annotated[int, CHOSEN, Field(ge=1)]
    text: Annotated[str, CHOSEN, Field(max_length=TEXT_MAX)] = ""


class FollowUp(StaffCommand):
    """A promise pinned on a seat or a team: 'tell the Aliens' umpire the asteroid was diverted'."""

    kind: Literal["follow_up"] = "follow_up"
    text: Annotated[str, CHOSEN, Field(min_length=1, max_length=TEXT_MAX)]
    to_seat: Annotated[str, CHOSEN, Field(max_length=100)] = ""
    """The seat it is for (its name); '' with ``to_team``: whoever umpires that team."""
    to_team: Annotated[str, CHOSEN, Field(max_length=100)] = ""
    due: Annotated[Literal["now", "clock", "turn"], CHOSEN] = "now"
    due_at: Annotated[str, CHOSEN, Field(max_length=40)] = ""
    """For ``due='clock'``: an ISO 8601 time with its offset ('2026-11-27T11:30:00+00:00')."""
    due_turn: Annotated[int, CHOSEN, Field(ge=0, le=100_000)] = 0
    """For ``due='turn'``: the turn number (as the turn clock counts) by which it is to be done."""
    places: Ids = ()
    teams: Ids = ()
    counters: Ids = ()


class FollowUpDone(StaffCommand):
    kind: Literal["follow_up_done"] = "follow_up_done"
    follow_up: Annotated[int, CHOSEN, Field(ge=1)]
    text: Annotated[str, CHOSEN, Field(max_length=TEXT_MAX)] = ""


class FollowUpDropped(StaffCommand):
    kind: Literal["follow_up_dropped"] = "follow_up_dropped"
    follow_up: Annotated[int, CHOSEN, Field(ge=1)]
    text: Annotated[str, CHOSEN, Field(max_length=TEXT_MAX)] = ""


class Note(StaffCommand):
    """A short message from one Control seat to another (``to``: its name) or to all of Control ('')."""

    kind: Literal["note"] = "note"
    text: Annotated[str, CHOSEN, Field(min_length=1, max_length=TEXT_MAX)]
    to: Annotated[str, CHOSEN, Field(max_length=100)] = ""


STAFF_COMMANDS: tuple[type[StaffCommand], ...] = (
    Ruling, ConfirmRuling, OverturnRuling, FollowUp, FollowUpDone, FollowUpDropped, Note)
STAFF_KINDS = frozenset(str(c.model_fields["kind"].default) for c in STAFF_COMMANDS)
CONTROL_ONLY = frozenset({"confirm_ruling", "overturn_ruling"})
"""Staff kinds only CONTROL may send."""
PUBLISHED = "ruling_published"
"""The kind of the one public event a staff command may give: a ruling CONTROL published to the hall."""
EVENT_PREFIX = "staff_"
"""Every staff event's kind starts with this ('staff_ruling', 'staff_note' …)."""

@cache
def _adapter() -> TypeAdapter[Any]:
    """The staff commands' parser, built at the first staff command read (as the rule modules' are)."""
    return TypeAdapter(Annotated[Ruling | ConfirmRuling | OverturnRuling | FollowUp | FollowUpDone
                                 | FollowUpDropped | Note, Field(discriminator="kind")])


def is_staff(data: dict[str, Any] | Command) -> bool:
    """Whether a command (or a journal entry's command data) is a staff command."""
    kind = data.kind if isinstance(data, Command) else data.get("kind") if isinstance(data, dict) else None
    return kind in STAFF_KINDS


def is_staff_entry(entry: JournalEntry, module: Any = None) -> bool:
    """Whether a journal entry holds a staff command (for ``module``'s game: a rule module's own command of
    the same kind, if one had it, is the rules')."""
    if not is_staff(entry.command):
        return False
    kinds = getattr(module, "command_types", ())
    return not any(c.model_fields["kind"].default == entry.command["kind"] for c in kinds)


def parse(data: dict[str, Any]) -> StaffCommand:
    """A staff command from its data (a pydantic ValidationError, a ValueError, when it is not one)."""
    cmd: StaffCommand = _adapter().validate_python(data)
    return cmd


def seat_refusal(role: str, command: Command) -> list[str]:
    """Why a seat of ``role`` may not send this staff command (empty: it may)."""
    if role not in ("control", "umpire"):
        return ["only Control's seats (CONTROL and umpires) write rulings, follow-ups and notes"]
    if command.kind in CONTROL_ONLY and role != "control":
        return [f"only CONTROL may {'confirm' if command.kind == 'confirm_ruling' else 'overturn'} a ruling"]
    if getattr(command, "published", False) and role != "control":
        return ["only CONTROL publishes a ruling to the hall"]
    return []


def stamp(command: StaffCommand, seat_name: str) -> StaffCommand:
    """The command signed with the seat's own name (what a host does with every staff command it takes)."""
    return command.model_copy(update={"by": seat_name})


def turn_index(label: str, number: int | None = None) -> int:
    """The turn as a number: the rule module's own count when it has one, else the first number in the
    turn label ('Week 3' → 3), else 0."""
    if number is not None:
        return int(number)
    m = re.search(r"\d+", label or "")
    return int(m.group()) if m else 0


def _time(at: str) -> _dt.datetime | None:
    try:
        t = _dt.datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo is not None else t.replace(tzinfo=_dt.UTC)


def hhmm(at: str) -> str:
    """'11:24' (this machine's local time) from an ISO time; '' when there is none."""
    t = _time(at)
    return t.astimezone().strftime("%H:%M") if t is not None else ""


# --- the register ------------------------------------------------------------------------------------
@dataclass
class RulingRecord:
    seq: int
    at: str
    turn: str
    by: str
    text: str
    area: str = ""
    kinds: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()
    counters: tuple[str, ...] = ()
    forced: dict[str, Any] | None = None
    """For a forced command: the command as journalled (its kind, fields and ``force`` reason)."""
    overridden: tuple[str, ...] = ()
    published: bool = False
    status: str = "open"
    """'open' (a ruling made), 'standing' (CONTROL confirmed it), 'overturned'."""
    status_by: str = ""
    status_at: str = ""
    status_text: str = ""

    @property
    def stands(self) -> bool:
        return self.status != "overturned"

    def headline(self) -> str:
        """'Ruled 11:24 by Map Control: rivers block moves'."""
        return f"Ruled {hhmm(self.at)} by {self.by or 'CONTROL'}: {self.text}"

    def words(self) -> str:
        """Everything searchable about it, lower case."""
        return " ".join([self.text, self.area, self.by, *self.kinds, *self.places, *self.teams,
                         *self.counters, *self.overridden, self.status, self.status_text]).lower()


@dataclass
class FollowUpRecord:
    seq: int
    at: str
    turn: str
    turn_no: int
    by: str
    text: str
    to_seat: str = ""
    to_team: str = ""
    due: str = "now"
    due_at: str = ""
    due_turn: int = 0
    places: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()
    counters: tuple[str, ...] = ()
    status: str = "open"
    """'open', 'done' or 'dropped'."""
    closed_by: str = ""
    closed_at: str = ""
    closed_turn_no: int = 0
    closed_text: str = ""

    @property
    def is_open(self) -> bool:
        return self.status == "open"

    def for_seat(self, seat: str, teams: Iterable[str] | None = None) -> bool:
        """Whether it is addressed to ``seat`` (by name) or to one of the ``teams`` the seat is limited to
        (None: a seat for every team, which finds team follow-ups in the overview of all, not as its own)."""
        if self.to_seat:
            return self.to_seat == seat
        return bool(self.to_team) and teams is not None and self.to_team in set(teams)

    def overdue(self, now: str, turn_no: int) -> bool:
        """Whether, open at ``now`` (ISO time) in turn ``turn_no``, it is past its due."""
        if self.due == "now":
            return True
        if self.due == "clock":
            due, t = _time(self.due_at), _time(now)
            return due is not None and t is not None and t > due
        return turn_no > self.due_turn

    @property
    def late(self) -> bool:
        """Done (or dropped) after its due (a follow-up due 'now' is never late: it is due at once)."""
        if self.status == "open" or self.due == "now":
            return False
        if self.due == "clock":
            due, t = _time(self.due_at), _time(self.closed_at)
            return due is not None and t is not None and t > due
        return self.closed_turn_no > self.due_turn

    def addressee(self) -> str:
        return self.to_seat or (f"team {self.to_team}" if self.to_team else "Control")

    def age_seconds(self, now: str) -> float:
        a, b = _time(self.at), _time(now)
        return (b - a).total_seconds() if a is not None and b is not None else 0.0


@dataclass
class NoteRecord:
    seq: int
    at: str
    by: str
    to: str
    text: str

    def for_seat(self, seat: str) -> bool:
        """Whether ``seat`` reads it: sent to it, to all of Control, or by it."""
        return not self.to or seat in (self.to, self.by)


@dataclass
class StaffRegister:
    """Rulings, follow-ups and notes, as the journal up to now says (see :func:`fold`)."""

    rulings: dict[int, RulingRecord] = field(default_factory=dict)
    follow_ups: dict[int, FollowUpRecord] = field(default_factory=dict)
    notes: list[NoteRecord] = field(default_factory=list)

    def add(self, entry: JournalEntry) -> None:
        """Take one journal entry in (a rule command adds a ruling only when CONTROL forced it)."""
        data = entry.command
        kind = data.get("kind")
        by = str(data.get("by", ""))
        if kind not in STAFF_KINDS:
            if data.get("force") and entry.overridden:
                ev = entry.events
                self.rulings[entry.seq] = RulingRecord(
                    seq=entry.seq, at=entry.at, turn=entry.turn, by="CONTROL", text=str(data["force"]),
                    kinds=(str(kind),), places=_union(e.places for e in ev), teams=_union(e.teams for e in ev),
                    counters=_union(e.counters for e in ev), forced=dict(data), overridden=tuple(entry.overridden))
            return
        def tup(key: str) -> tuple[str, ...]:
            return tuple(str(x) for x in data.get(key, ()))

        if kind == "ruling":
            self.rulings[entry.seq] = RulingRecord(
                seq=entry.seq, at=entry.at, turn=entry.turn, by=by, text=str(data["text"]),
                area=str(data.get("area", "")), kinds=tup("kinds"), places=tup("places"), teams=tup("teams"),
                counters=tup("counters"), published=bool(data.get("published", False)))
        elif kind in ("confirm_ruling", "overturn_ruling"):
            ruling = self.rulings.get(int(data["ruling"]))
            if ruling is not None:
                ruling.status = "standing" if kind == "confirm_ruling" else "overturned"
                ruling.status_by, ruling.status_at, ruling.status_text = by, entry.at, str(data.get("text", ""))
        elif kind == "follow_up":
            self.follow_ups[entry.seq] = FollowUpRecord(
                seq=entry.seq, at=entry.at, turn=entry.turn, turn_no=_turn_no(entry), by=by, text=str(data["text"]),
                to_seat=str(data.get("to_seat", "")), to_team=str(data.get("to_team", "")),
                due=str(data.get("due", "now")), due_at=str(data.get("due_at", "")),
                due_turn=int(data.get("due_turn", 0)), places=tup("places"), teams=tup("teams"),
                counters=tup("counters"))
        elif kind in ("follow_up_done", "follow_up_dropped"):
            fu = self.follow_ups.get(int(data["follow_up"]))
            if fu is not None:
                fu.status = "done" if kind == "follow_up_done" else "dropped"
                fu.closed_by, fu.closed_at, fu.closed_text = by, entry.at, str(data.get("text", ""))
                fu.closed_turn_no = _turn_no(entry)
        elif kind == "note":
            self.notes.append(NoteRecord(seq=entry.seq, at=entry.at, by=by, to=str(data.get("to", "")),
                                         text=str(data["text"])))

    # --- reading ----------------------------------------------------------------------------------
    def rulings_newest_first(self, search: str = "", area: str | None = None) -> list[RulingRecord]:
        words = search.lower().split()
        out = [r for r in self.rulings.values()
               if (area is None or r.area == area) and all(w in r.words() for w in words)]
        return sorted(out, key=lambda r: r.seq, reverse=True)

    def areas(self) -> list[str]:
        return sorted({r.area for r in self.rulings.values() if r.area})

    def matching(self, kind: str, places: Iterable[str], teams: Iterable[str],
                 counters: Iterable[str]) -> list[RulingRecord]:
        """The standing rulings a refused command meets, best first: the same command kind (a ruling's
        kinds, or the kind CONTROL forced), or the same place, team or counter. Overturned ones never."""
        places, teams, counters = set(places), set(teams), set(counters)
        scored = []
        for r in self.rulings.values():
            if not r.stands:
                continue
            same_kind = kind in r.kinds
            shared = len(places & set(r.places)) + len(teams & set(r.teams)) + len(counters & set(r.counters))
            if same_kind or shared:
                scored.append((-(2 * same_kind + (r.status == "standing")), -shared, -r.seq, r))
        return [s[-1] for s in sorted(scored, key=lambda s: s[:3])]

    def open_follow_ups(self) -> list[FollowUpRecord]:
        """Every open follow-up, oldest first (CONTROL's overview by age)."""
        return sorted((f for f in self.follow_ups.values() if f.is_open), key=lambda f: f.seq)

    def follow_ups_for(self, seat: str, teams: Iterable[str] | None = None) -> list[FollowUpRecord]:
        """The open follow-ups addressed to ``seat`` or one of its ``teams``, oldest first."""
        teams = None if teams is None else list(teams)
        return [f for f in self.open_follow_ups() if f.for_seat(seat, teams)]

    def notes_for(self, seat: str) -> list[NoteRecord]:
        return [n for n in self.notes if n.for_seat(seat)]


def _union(groups: Iterable[Sequence[str]]) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for g in groups:
        out.update(dict.fromkeys(g))
    return tuple(out)


def _turn_no(entry: JournalEntry) -> int:
    for e in entry.events:
        if "turn_no" in e.data:
            return int(e.data["turn_no"])
    return turn_index(entry.turn)


def fold(entries: Iterable[JournalEntry]) -> StaffRegister:
    """The register the journal's ``entries`` (in order) make."""
    reg = StaffRegister()
    for entry in entries:
        reg.add(entry)
    return reg


# --- checking and applying (what Game does with a staff command) ----------------------------------------
def check(register: StaffRegister, command: StaffCommand) -> list[str]:
    """Why ``command`` cannot be taken now (every reason :class:`Impossible`: no ruling forces a staff command)."""
    if isinstance(command, ConfirmRuling | OverturnRuling):
        ruling = register.rulings.get(command.ruling)
        if ruling is None:
            return [Impossible(f"there is no ruling at journal entry {command.ruling}")]
        if ruling.status == "overturned":
            return [Impossible(f"the ruling of entry {command.ruling} was overturned already")]
        if isinstance(command, ConfirmRuling) and ruling.status == "standing":
            return [Impossible(f"the ruling of entry {command.ruling} stands already")]
    if isinstance(command, FollowUpDone | FollowUpDropped):
        fu = register.follow_ups.get(command.follow_up)
        if fu is None:
            return [Impossible(f"there is no follow-up at journal entry {command.follow_up}")]
        if not fu.is_open:
            return [Impossible(f"the follow-up of entry {command.follow_up} is {fu.status} already "
                               f"({fu.closed_by or 'someone'}, {hhmm(fu.closed_at)})")]
    if isinstance(command, FollowUp):
        if not (command.to_seat or command.to_team):
            return [Impossible("a follow-up is for a seat or a team: name one")]
        if command.due == "clock" and _time(command.due_at) is None:
            return [Impossible(f"a follow-up due at a clock time needs that time (not {command.due_at!r})")]
    if command.force:
        return [Impossible("a staff command is never forced")]
    return []


def events(command: StaffCommand, turn_no: int) -> list[Event]:
    """What a staff command did, as Control's log reads it: hidden from every player and the public.

    It depends on the command and the turn only (a replay gives it again without the register)."""
    by = command.by or "CONTROL"
    text: str
    data: dict[str, Any] = {"turn_no": turn_no}
    places: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()
    counters: tuple[str, ...] = ()
    if isinstance(command, Ruling):
        area = f" ({command.area})" if command.area else ""
        text = f"Ruling by {by}{area}: {command.text}"
        places, teams, counters = command.places, command.teams, command.counters
    elif isinstance(command, ConfirmRuling | OverturnRuling):
        verb = "confirmed as standing" if isinstance(command, ConfirmRuling) else "overturned"
        text = f"{by} {verb} the ruling of entry {command.ruling}" + (f": {command.text}" if command.text else "")
    elif isinstance(command, FollowUp):
        to = command.to_seat or f"team {command.to_team}"
        due = {"now": "now", "clock": f"at {hhmm(command.due_at)}", "turn": f"by turn {command.due_turn}"}
        text = f"Follow-up from {by} for {to}, due {due[command.due]}: {command.text}"
        places, teams, counters = command.places, command.teams, command.counters
    elif isinstance(command, FollowUpDone | FollowUpDropped):
        verb = "done" if isinstance(command, FollowUpDone) else "dropped"
        text = f"Follow-up of entry {command.follow_up} {verb} by {by}" + (f": {command.text}" if command.text else "")
    elif isinstance(command, Note):
        text = f"Note from {by} to {command.to or 'all of Control'}: {command.text}"
    else:  # pragma: no cover - every staff command is one of the above
        raise TypeError(f"not a staff command: {command!r}")
    told = [Event(kind=EVENT_PREFIX + command.kind, text=text, places=places, teams=teams, counters=counters,
                  data=data, hidden=True, visible_to=())]
    if isinstance(command, Ruling) and command.published:
        told.append(Event(kind=PUBLISHED, text=f"CONTROL's ruling: {command.text}"))
    return told


def entry_for(seq: int, command: dict[str, Any], at: str = "2026-11-27T11:24:00+00:00") -> JournalEntry:
    """A journal entry for a staff command, for examples and tests (a game makes its own)."""
    cmd = parse(command)
    return JournalEntry(seq=seq, command=cmd.model_dump(mode="json", exclude_defaults=True) | {"kind": cmd.kind},
                        events=events(cmd, 0), at=at)


def concerned(command: dict[str, Any], places: Iterable[str], teams: Iterable[str],
              counters: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The places, teams and counters a command's data names, found generically: every string in it that
    is one of the known ids (no rule system's field names are known here)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("kind", "force"):
                    walk(k)
                    walk(v)
        elif isinstance(value, list | tuple | set | frozenset):
            for v in value:
                walk(v)

    walk(command)
    p, t, c = set(places), set(teams), set(counters)
    return (tuple(dict.fromkeys(x for x in found if x in p)), tuple(dict.fromkeys(x for x in found if x in t)),
            tuple(dict.fromkeys(x for x in found if x in c)))
