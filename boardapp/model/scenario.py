"""The parts of a scenario every rule system shares.

A rule module extends these with its own fields (War in Binni adds PR, cards, money, stores…);
the scenario file's ``rules`` key says which module reads it.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator

from boardapp.model.base import FileModel
from boardapp.model.mapfile import Id

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class TeamBase(FileModel):
    """A team (a faction on the map, or an off-map actor)."""

    id: Id
    name: str = Field(description="The team's name as players know it.")
    colour: str = Field(description="Counter and control-marker colour, #rrggbb.")
    symbol: str = Field(
        min_length=1, max_length=3,
        description="One to three letters drawn on every counter and marker, so colour is never the only cue.",
    )
    on_map: bool = Field(True, description="True for a map faction (holds places, owns units); "
                                           "false for off-map teams.")

    @field_validator("colour")
    @classmethod
    def _colour(cls, v: str) -> str:
        if not _COLOUR.match(v):
            raise ValueError(f"colour {v!r} is not #rrggbb (for example '#1f77b4')")
        return v.lower()


class TimetableEntry(FileModel):
    """One slot of the day's timetable, shown on the big screen."""

    start: str = Field(description="Start time, HH:MM (24 h).")
    end: str = Field(description="End time, HH:MM (24 h).")
    label: str = Field(description="What happens: 'Week One', 'Lunch', 'Endex' …")
    week: int | None = Field(None, ge=1, description="The game week played in this slot, if it is a turn.")

    @field_validator("start", "end")
    @classmethod
    def _hhmm(cls, v: str) -> str:
        if not _HHMM.match(v):
            raise ValueError(f"time {v!r} is not HH:MM (for example '11:15')")
        return v

    @property
    def minutes(self) -> int:
        h1, m1 = map(int, self.start.split(":"))
        h2, m2 = map(int, self.end.split(":"))
        return (h2 * 60 + m2) - (h1 * 60 + m1)


class Display(FileModel):
    """What CONTROL's big screen may show."""

    hidden: list[str] = Field(
        default_factory=lambda: ["special_forces", "cards", "money", "stores"],
        description="Information never shown on public screens: names the rule module understands "
        "(War in Binni: special_forces, cards, money, stores, aid, cruise_missiles).",
    )
    layout: str = Field("map_sidebar", description="Starting layout: map, map_sidebar or clock.")


class ScenarioBase(FileModel):
    """The shared part of a scenario file."""

    id: Id
    name: str = Field(description="The scenario's title.")
    description: str = Field("", description="A paragraph for the umpires.")
    rules: str = Field(description="The rule module that runs this scenario: 'binni', 'diplomacy', …")
    map: str = Field(description="Path of the map file, relative to this scenario file.")
    timetable: list[TimetableEntry] = Field(default_factory=list, description="The day's timetable.")
    display: Display = Field(default_factory=Display, description="What the big screen shows and hides.")

    def cross_check(self, the_map: Any) -> list[Any]:
        """Problems between this scenario and its map; rule modules extend this."""
        return []
