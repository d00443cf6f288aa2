"""Coup's scenario file: the three teams, the optional rules as switches, Control's secret
objectives, and the conference break. There is no map: the scenario names an empty table map."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.checks import _p
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.model.scenario import ScenarioBase, TeamBase
from boardapp.rules.coup.components import PLAYERS, TEAMS


def _default_teams() -> list[TeamBase]:
    return [
        TeamBase(id="gov", name="Government", colour="#0072b2", symbol="G", on_map=False),
        TeamBase(id="reb", name="Rebel", colour="#d55e00", symbol="R", on_map=False),
        TeamBase(id="for", name="Foreign Power", colour="#009e73", symbol="F", on_map=False),
    ]


class Objective(FileModel):
    """A secret objective Control gives one player before the game, with its victory points."""

    player: str = Field(description="The seat it is given to: gov-mil, gov-para, gov-civ, reb-mil, … for-civ.")
    text: str = Field(description="What the player must bring about, as Control wrote it (secret: only the "
                      "player and Control see it).")
    points: int = Field(ge=0, description="Victory points Control awards when it is met.")


class CoupOptions(FileModel):
    """The rulebook's optional rules, each a switch."""

    one_government_recruit: bool = Field(
        False, description="Only one Recruit or Neutralize attempt per turn for the whole Government team, "
        "until the first successful Bust.")
    busting: bool = Field(False, description="Gov-Para may play a Leak and attempt a Bust against a team.")
    arming_civilians: bool = Field(
        False, description="After the Foreign Power declarations a Government or Rebel civilian player may hand "
        "Student and Labour units to his paramilitary player; they fight with strength 2.")


class CoupScenario(ScenarioBase):
    """A Coup game: nine seats in three teams and Control; the board is the table."""

    rules: str = Field("coup", pattern="^coup$", description="Always 'coup' for this rule module.")
    teams: list[TeamBase] = Field(
        default_factory=_default_teams,
        description="The three teams with their colours and symbols; ids must be gov, reb and for.")
    options: CoupOptions = Field(default_factory=CoupOptions, description="The optional rules in play.")
    objectives: list[Objective] = Field(
        default_factory=list, description="Control's secret objectives, at most one per player.")
    conference_every: int = Field(2, ge=1, description="A conference break comes after every this many turns.")
    conference_minutes: int = Field(6, ge=1, description="The length of a conference break, in minutes.")
    position: dict[str, Any] | None = Field(
        None, description=POSITION_DESCRIPTION + " Coup: hands, deck, discard, pool, units, removed, chips, "
        "bust_tally, turn, order, acted, pending (the Block window), support, armed, combat (stacks and pairings) …")

    def cross_check(self, the_map: Map) -> list[Problem]:
        """The teams must be exactly gov, reb and for; objectives must name seats, one each; the table
        map must have no places (Coup has no map)."""
        problems: list[Problem] = []
        ids = [t.id for t in self.teams]
        if sorted(ids) != sorted(TEAMS):
            problems.append(_p(("teams",), f"Coup's teams are exactly gov, reb and for (got {ids})"))
        seen: set[str] = set()
        for i, obj in enumerate(self.objectives):
            if obj.player not in PLAYERS:
                problems.append(_p(("objectives", i, "player"), f"no seat {obj.player!r}; seats are {list(PLAYERS)}"))
            elif obj.player in seen:
                problems.append(_p(("objectives", i, "player"), f"{obj.player!r} already has an objective; "
                                   "give each player at most one"))
            seen.add(obj.player)
        if the_map.places:
            problems.append(_p(("map",), f"Coup is played on a table, but map {the_map.id!r} has "
                               f"{len(the_map.places)} places; name a map without places"))
        if not [p for p in problems if p.severity == "error"] and self.position is not None:
            from boardapp.rules.coup.position import problems as position_problems

            problems += position_problems(self, the_map)
        return problems
