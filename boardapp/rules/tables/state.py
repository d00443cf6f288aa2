"""The state of a table-driven game: counters, who holds what, every team's tracks, the turn."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field


@dataclass
class Counter:
    """A unit on the map."""

    type: str
    """Its unit type's id."""
    team: str
    """The team that owns it."""
    place: str
    """Where it stands."""
    moved: bool = False
    """It has moved this turn."""
    attacked: bool = False
    """It has attacked this turn."""
    losses: int = 0
    """Steps lost (its type's ``steps`` lost: destroyed)."""


@dataclass
class Held:
    """A place a team's units alone stand at, counted towards control by occupation."""

    team: str
    """The occupying team."""
    turns: int
    """Ends of turn in a row its units alone stood there."""


@dataclass
class TablesState:
    """The position of a table-driven game."""

    turn: int = 1
    """The turn being played, from 1."""
    counters: dict[str, Counter] = field(default_factory=dict)
    """Counter id -> the counter (a destroyed counter is gone)."""
    control: dict[str, str] = field(default_factory=dict)
    """Place -> the team holding it (a place not listed is neutral)."""
    values: dict[str, dict[str, int]] = field(default_factory=dict)
    """Team -> track or resource id -> its value."""
    actions: dict[str, int] = field(default_factory=dict)
    """Team -> actions taken this turn."""
    occupied: dict[str, Held] = field(default_factory=dict)
    """Place -> the team occupying it towards control, and for how many ends of turn."""

    def copy(self) -> TablesState:
        return copy.deepcopy(self)
