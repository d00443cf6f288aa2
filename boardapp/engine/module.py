"""The one small interface every rule system implements.

A rule module turns a scenario into a state, checks and applies commands to it (commands in,
events out), answers "where may this piece go and at what cost", and knows what its end of
turn does. The board, the big screen, the journal and the network know only this interface.

The style is python-chess's: commands are small frozen values; checking is separate from
applying (``check`` says why not, ``apply`` does not re-check); a module's state object is
plain Python with a cheap ``copy()``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from boardapp.model.base import BoundedNumbers

if TYPE_CHECKING:
    from boardapp.engine.dice import Dice
    from boardapp.model.mapfile import Map
    from boardapp.model.scenario import ScenarioBase, TeamBase


class Command(BoundedNumbers):
    """Something an umpire (or a player through an umpire) asks the game to do.

    Every number in a command is bounded (``model/base.py`` ``NUMBER_BOUND``: at most 10^9 in size unless
    the field sets its own bound), refused with the field's name: ``set_oil`` 2^63-1 never reaches the rules."""

    # defer_build: a command class's validator is built when the first command of that kind is read, not when
    # its rule system is imported (every system has a dozen or more; opening the board reads none)
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, defer_build=True)

    kind: str
    force: str | None = Field(
        None,
        description="CONTROL's ruling that forces a command the rules refuse ('reality trumps rules'). "
        "The journal keeps it with the reasons it overrode.",
    )

    def describe(self) -> str:
        """A one-line summary for logs and error messages."""
        fields = self.model_dump(exclude={"kind", "force"}, exclude_defaults=True)
        args = ", ".join(f"{k}={v!r}" for k, v in fields.items())
        return f"{self.kind}({args})"


@dataclass(frozen=True)
class Audience:
    """Who is looking at a game, which decides what a view of it may show.

    ``control`` and ``umpire`` audiences see everything (umpires are game staff; a seat's *rights*
    to act are a separate matter). A ``player`` audience is one player's seat: the public picture
    plus what is visible to that player (Coup: the player's own hand and units; Mid-East PEACE: the
    player's own battle commitment). ``public`` is the big screen, viewers and the web page.

    >>> Audience.PUBLIC.sees_everything, Audience.player_seat("gov-mil").may_see(("gov-mil",))
    (False, True)
    """

    role: str
    """'control', 'umpire', 'player' or 'public'."""
    player: str | None = None
    """For a player audience: the player (or team) id the rule module gives its seats."""

    @property
    def sees_everything(self) -> bool:
        return self.role in ("control", "umpire")

    def may_see(self, visible_to: Sequence[str]) -> bool:
        """Whether an item hidden from the public but visible to ``visible_to`` may be shown."""
        return self.sees_everything or (self.player is not None and self.player in visible_to)

    @classmethod
    def player_seat(cls, player: str) -> Audience:
        return cls("player", player)

    CONTROL: ClassVar[Audience]
    PUBLIC: ClassVar[Audience]


Audience.CONTROL = Audience("control")
Audience.PUBLIC = Audience("public")


class Event(BaseModel):
    """What happened, as the log shows it: a sentence plus what it concerns.

    A ``hidden`` event is kept from public screens and viewers (only CONTROL, umpires and the
    players in ``visible_to`` see it); its public side, if any, is a separate event.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # built when first used, as Command

    kind: str = Field(description="Machine-readable kind: 'moved', 'fight', 'control', 'die', …")
    text: str = Field(description="The sentence an umpire reads in the log.")
    teams: tuple[str, ...] = Field((), description="Teams concerned (for filtering the log).")
    places: tuple[str, ...] = Field((), description="Places concerned (to find it on the map).")
    counters: tuple[str, ...] = Field((), description="Counters concerned.")
    data: dict[str, Any] = Field(default_factory=dict, description="Numbers behind the sentence.")
    hidden: bool = Field(False, description="Kept from public screens and viewers.")
    visible_to: tuple[str, ...] = Field((), description="Players who see it although it is hidden.")

    def visible(self, audience: Audience) -> bool:
        return not self.hidden or audience.may_see(self.visible_to)

    def decided(self) -> dict[str, Any]:
        """What the rules decided, without the sentence: replay compares this, so a later version may reword
        ``text`` and still open older game files (docs/game-files.md, "What a version may change")."""
        return self.model_dump(exclude={"text"})


def decision_difference(recorded: Sequence[Event], replayed: Sequence[Event]) -> str | None:
    """How two lists of events decide differently (kinds, data, what they concern, who sees them; texts aside),
    or None when they decide the same. A later version may add keys to an event's ``data`` (a recorded key must
    still hold its recorded value); it may not rename, drop or change one (docs/game-files.md)."""
    if len(recorded) != len(replayed):
        return f"{len(recorded)} events recorded, {len(replayed)} replayed"
    for i, (a, b) in enumerate(zip(recorded, replayed, strict=True), start=1):
        was, now = a.decided(), b.decided()
        was_data, now_data = was.pop("data"), now.pop("data")
        if was != now:
            changed = sorted(k for k in was if was[k] != now.get(k))
            return f"event {i} ({a.kind}): {', '.join(changed)} recorded {[was[k] for k in changed]}, " \
                   f"replayed {[now.get(k) for k in changed]}"
        changed = sorted(k for k in was_data if k not in now_data or now_data[k] != was_data[k])
        if changed:
            return f"event {i} ({a.kind}): data {', '.join(changed)} recorded {[was_data[k] for k in changed]}, " \
                   f"replayed {[now_data.get(k) for k in changed]}"
    return None


def same_decisions(recorded: Sequence[Event], replayed: Sequence[Event]) -> bool:
    """Whether two lists of events decide the same (see :func:`decision_difference`)."""
    return decision_difference(recorded, replayed) is None


class Impossible(str):
    """A refusal no ruling can override: the command names something that does not exist
    (an unknown counter, place or team, a destroyed counter). ``force`` does not apply."""

    __slots__ = ()


class IllegalCommandError(ValueError):
    """The rules refuse a command; ``reasons`` say why, in the game's words."""

    def __init__(self, command: Command, reasons: Sequence[str]) -> None:
        self.command = command
        self.reasons = list(reasons)
        self.forceable = not any(isinstance(r, Impossible) for r in self.reasons)
        note = "" if self.forceable or not command.force else " (cannot be forced)"
        super().__init__(f"illegal {command.describe()}{note}: " + "; ".join(self.reasons))


class MoveOption(NamedTuple):
    """A place a piece may legally reach now, and what entering it costs.

    A named tuple rather than a dataclass: a big map lists hundreds of these per drag, and a
    tuple is the cheapest immutable value to build.
    """

    place: str
    cost: str = ""
    """What entering costs, in words ('$M1 or 1 influence card'); empty when free."""
    path: tuple[str, ...] = ()
    """Places passed through, start excluded, destination included."""
    note: str = ""


@dataclass
class BoardPiece:
    """A counter as any board draws it."""

    id: str
    team: str
    label: str
    """The short type label drawn on the counter ('BDE', 'MIL', 'A', 'F')."""
    value: str = ""
    """The number drawn on it (combat value), empty for none."""
    place: str | None = None
    damage: int = 0
    """Losses taken (drawn as pips)."""
    hidden: bool = False
    """True if public screens must not show it."""
    tooltip: str = ""
    visible_to: tuple[str, ...] = ()
    """Players who see it although it is hidden (their own pieces, in a rule system with secrets per player)."""
    shape: str = ""
    """The counter's outline: '' a square chip; 'round' a disc, 'hull' a boat's hull (Diplomacy's
    armies and fleets, told apart by shape as well as by letter)."""
    marks: tuple[str, ...] = ()
    """What it did this turn, drawn on the counter as VASSAL's markers are: 'moved', 'attacked'
    (boards draw the marks they know and ignore others)."""
    tally: int | None = None
    """What it adds to its team's number at its place where a crowded screen (the big screen) draws a
    team's pieces there as one badge: the units it stands for (Mid-East PEACE's Forces: the badge says
    "ISR 6", no count of pieces); 0: nothing, it is listed by its label and value ("A 3" at a border);
    None: its value when that is a whole number (a combat value: "CL x2" over their total "4"),
    otherwise it is listed by its label (The Game's "MEC", whose value "2-(0)-3" does not add up)."""


@dataclass
class BoardToken:
    """A token or marker at a place: displaced people, a camp, a block of aid or stores, a supply centre."""

    kind: str
    place: str
    count: int = 1
    team: str | None = None
    label: str = ""
    hidden: bool = False
    visible_to: tuple[str, ...] = ()


@dataclass
class Section:
    """A table a rule system adds to the board's panels and the big screen's side bar.

    Examples: the MUN score table, the UN vote tally, a Coup player's hand counts. Cells are text
    (already in the game's words); ``hidden`` sections (with ``visible_to``) behave as hidden pieces.
    """

    id: str
    title: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    hidden: bool = False
    visible_to: tuple[str, ...] = ()
    shows_tracks: bool = False
    """This table is the system's own view of its teams' tracks: a page showing it leaves out its
    generic table of the picture's ``tracks`` (the same numbers twice)."""


@dataclass
class BoardPicture:
    """Everything a board draws on top of the map, in no rule system's terms."""

    control: dict[str, str | None] = field(default_factory=dict)
    """Place id -> team id holding it (None: neutral)."""
    pieces: list[BoardPiece] = field(default_factory=list)
    tokens: list[BoardToken] = field(default_factory=list)
    turn_label: str = ""
    """'Week 3', 'Spring 1936' …"""
    tracks: list[dict[str, Any]] = field(default_factory=list)
    """Per team: {'team', 'name', 'pr', 'pr_max', 'cards_max', 'cards', 'money', …} as the module defines."""
    tallies: dict[str, int] = field(default_factory=dict)
    """Public counts: 'displaced', 'in camps', 'deaths' …"""
    hidden_keys: frozenset[str] = frozenset()
    """Track keys public screens must not show."""
    sections: list[Section] = field(default_factory=list)
    """Rule-defined tables for panels and the big screen's side bar."""
    table: dict[str, Any] | None = None
    """For a rule system without a map (Coup): the JSON-able data its own table view draws, already
    filtered for the audience by :meth:`RuleModule.view`."""

    def for_audience(self, audience: Audience) -> BoardPicture:
        """This picture with everything ``audience`` may not see removed (hidden pieces, tokens,
        sections and track keys). ``table`` is left as it is: :meth:`RuleModule.view` filters it."""
        if audience.sees_everything:
            return self
        hidden_keys = self.hidden_keys
        return BoardPicture(
            control=dict(self.control),
            pieces=[p for p in self.pieces if not p.hidden or audience.may_see(p.visible_to)],
            tokens=[t for t in self.tokens if not t.hidden or audience.may_see(t.visible_to)],
            turn_label=self.turn_label,
            tracks=[{k: v for k, v in tr.items() if k not in hidden_keys} for tr in self.tracks],
            tallies=dict(self.tallies),
            hidden_keys=hidden_keys,
            sections=[s for s in self.sections if not s.hidden or audience.may_see(s.visible_to)],
            table=self.table,
        )


class GameState(Protocol):
    """What the journal needs of a module's state."""

    def copy(self) -> GameState: ...


S = TypeVar("S")


class RuleModule(ABC, Generic[S]):
    """A rule system. One instance serves one scenario (on its map)."""

    name: ClassVar[str]
    """The key scenarios use in ``rules:``."""
    title: ClassVar[str]
    format_version: ClassVar[int] = 1
    """The version of what this system's commands and events mean, recorded in every game file
    (``rules_format``). Raise it when a change makes the rules decide an old journal differently
    (docs/game-files.md); a file recorded with a newer one than this is refused (update boardapp)."""
    scenario_model: ClassVar[type[ScenarioBase]]
    command_types: ClassVar[tuple[type[Command], ...]]
    control_only_kinds: ClassVar[frozenset[str]] = frozenset()
    """Command kinds only CONTROL may send (setting tracks by ruling, ending the turn …): a LAN host
    refuses them from umpire seats, and boards show them to CONTROL only."""
    announce_kinds: ClassVar[frozenset[str]] = frozenset({"fight", "strike", "battle"})
    """Event kinds the big screen and the board announce in a banner (a result read out to the hall).
    An event's ``data["announce"]`` (True or False) overrides this for that one event."""

    def __init__(self, scenario: ScenarioBase, the_map: Map) -> None:
        self.scenario = scenario
        self.map = the_map

    @property
    def teams(self) -> Sequence[TeamBase]:
        """The sides of this game (factions, powers, players), as boards, panels and seats list them.

        A rule module whose scenario names them otherwise (Diplomacy's ``powers``) overrides this.
        """
        teams: Sequence[TeamBase] = getattr(self.scenario, "teams", ())
        return teams

    # --- commands -------------------------------------------------------------------
    @classmethod
    def command_adapter(cls) -> TypeAdapter[Any]:
        """Parses any of this module's commands from a dict with a ``kind`` key."""
        cached: TypeAdapter[Any] | None = cls.__dict__.get("_adapter")
        if cached is None:
            from typing import Annotated, Union

            # The union of this module's command classes, told apart by their `kind` (a Union built from a
            # tuple at run time: `X | Y` cannot be written for it)
            union = Annotated[Union[cls.command_types], Field(discriminator="kind")]  # type: ignore[name-defined]  # noqa: UP007
            cached = TypeAdapter(union)
            cls._adapter = cached  # type: ignore[attr-defined]
        return cached

    def parse_command(self, data: dict[str, Any]) -> Command:
        cmd: Command = self.command_adapter().validate_python(data)
        return cmd

    @abstractmethod
    def initial_state(self) -> S:
        """The state at the start of the scenario."""

    @abstractmethod
    def check(self, state: S, command: Command) -> list[str]:
        """Why the rules refuse ``command`` now (empty: it is legal). Never changes ``state``."""

    @abstractmethod
    def apply(self, state: S, command: Command, dice: Dice) -> list[Event]:
        """Carry the command out on ``state`` (already checked, or forced) and say what happened."""

    def copy_state(self, state: S) -> S:
        return state.copy()  # type: ignore[attr-defined,no-any-return]

    @abstractmethod
    def end_turn_command(self) -> Command:
        """The command that ends the current turn (or phase)."""

    # --- what the board asks ----------------------------------------------------------
    def drop_command(self, state: S, piece: str, place: str) -> Command | None:
        """What dropping ``piece`` on ``place`` means (a move, a deployment …), or None if nothing.

        The board builds no command itself: it asks this and submits the answer."""
        return None

    def move_options(self, state: S, piece: str) -> list[MoveOption]:
        """Places ``piece`` may legally reach now, with costs. Modules without movement return []."""
        return []

    @abstractmethod
    def board(self, state: S) -> BoardPicture:
        """What to draw over the map: everything, with hidden flags (CONTROL's picture)."""

    def view(self, state: S, audience: Audience) -> BoardPicture:
        """What ``audience`` may see of the board. Public screens, viewers and player seats are
        given this, never :meth:`board`. A module with secrets in ``BoardPicture.table`` (or in any
        other form the generic filter cannot know) overrides it."""
        return self.board(state).for_audience(audience)

    @property
    def players(self) -> Sequence[str]:
        """The ids a ``player`` audience (a player's own seat) may take: the teams' ids by default."""
        return [t.id for t in self.teams]

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (what ``boardapp run`` prints)."""

    def turn_label(self, state: S) -> str:
        return self.board(state).turn_label

    def game_over(self, state: S) -> str | None:
        """The words saying the game has ended ("Game over — Rebel holds power"), or None while it goes
        on. A finished game takes no more turns: boards disable End turn… and what only a running game
        does. Modules whose games never end by rule keep this default."""
        return None

    def check_state(self, state: S) -> list[str]:
        """Invariants a correct state keeps (used by tests and when opening a game file)."""
        return []

    def position_scenario(self, state: S) -> dict[str, Any]:
        """The scenario mapping, as its YAML file would say it and on the same map file, whose
        :meth:`initial_state` equals ``state``: a game under way written as a scenario
        (``boardapp export GAME --position``). It holds every secret of the position: CONTROL's.

        Every shipped system implements it (its scenario's ``position:`` section, read and written by
        :mod:`boardapp.engine.position`). Not abstract, so that a rule system without positions still
        loads: it says it cannot."""
        raise NotImplementedError(f"the rule system {self.title!r} cannot write a position as a scenario")

    # --- the turn clock (added for rule systems whose turns are not numbered weeks) -----------
    def turn_number(self, state: S) -> int | None:
        """The current turn counted from 1, as the turn clock counts its weeks; None: the clock reads
        ``state.week`` or the number in the turn label (right for 'Week 3', wrong for 'Spring 1935')."""
        return None

    def turn_minutes(self, state: S) -> float | None:
        """Minutes the turn clock gives the current turn (Diplomacy: the negotiation before it); None:
        the scenario's ``settings`` and timetable decide, as for War in Binni."""
        return None

    def series(self, state: S) -> dict[str, dict[str, float]]:
        """The numbers the after-action review draws as curves: measure -> side -> value, where a
        side is a team id or 'total' ('pr' -> {'gov': 4, 'reb': 2}, 'deaths' -> {'total': 3}).

        The review samples it at every week's (turn's) end and at any position the slider reaches.
        A measure named in ``board(state).hidden_keys`` is secret and public reports leave it out.
        Default: none (a rule system without curves)."""
        return {}

    # --- seats' rights ------------------------------------------------------------------
    def side_teams(self, state: S, command: Command, side: str) -> set[str]:
        """The teams of ``side`` of ``command`` (the defender of an attack, the holder of a place).

        Command fields marked ``side(name)`` (see :mod:`boardapp.engine.rights`) are decided by
        that side; a seat limited to some teams needs theirs to set such a field. A module whose
        commands declare sides overrides this; an unknown side is a programming error.
        """
        raise ValueError(f"{type(self).__name__} knows no side {side!r} of a {command.kind!r} command")
