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

if TYPE_CHECKING:
    from boardapp.engine.dice import Dice
    from boardapp.model.mapfile import Map
    from boardapp.model.scenario import ScenarioBase, TeamBase


class Command(BaseModel):
    """Something an umpire (or a player through an umpire) asks the game to do."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

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


class Event(BaseModel):
    """What happened, as the log shows it: a sentence plus what it concerns."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str = Field(description="Machine-readable kind: 'moved', 'fight', 'control', 'die', …")
    text: str = Field(description="The sentence an umpire reads in the log.")
    teams: tuple[str, ...] = Field((), description="Teams concerned (for filtering the log).")
    places: tuple[str, ...] = Field((), description="Places concerned (to find it on the map).")
    counters: tuple[str, ...] = Field((), description="Counters concerned.")
    data: dict[str, Any] = Field(default_factory=dict, description="Numbers behind the sentence.")


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


@dataclass
class BoardToken:
    """A token or marker at a place: displaced people, a camp, a block of aid or stores, a supply centre."""

    kind: str
    place: str
    count: int = 1
    team: str | None = None
    label: str = ""
    hidden: bool = False


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


class GameState(Protocol):
    """What the journal needs of a module's state."""

    def copy(self) -> GameState: ...


S = TypeVar("S")


class RuleModule(ABC, Generic[S]):
    """A rule system. One instance serves one scenario (on its map)."""

    name: ClassVar[str]
    """The key scenarios use in ``rules:``."""
    title: ClassVar[str]
    scenario_model: ClassVar[type[ScenarioBase]]
    command_types: ClassVar[tuple[type[Command], ...]]

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

            # The union of this module's command classes, told apart by their `kind`.
            union = Annotated[Union[cls.command_types], Field(discriminator="kind")]  # type: ignore[name-defined]
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
    def move_options(self, state: S, piece: str) -> list[MoveOption]:
        """Places ``piece`` may legally reach now, with costs. Modules without movement return []."""
        return []

    @abstractmethod
    def board(self, state: S) -> BoardPicture:
        """What to draw over the map."""

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (what ``boardapp run`` prints)."""

    def turn_label(self, state: S) -> str:
        return self.board(state).turn_label

    def check_state(self, state: S) -> list[str]:
        """Invariants a correct state keeps (used by tests and when opening a game file)."""
        return []
