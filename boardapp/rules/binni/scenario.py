"""War in Binni's scenario file: teams with PR and resources, unit types, counters, set-up.

Every number the rulebook leaves open is a setting here, with the digest's default.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pydantic import Field, field_validator

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.checks import _p
from boardapp.model.mapfile import Id, Map, PlaceKind
from boardapp.model.problems import Problem
from boardapp.model.scenario import ScenarioBase, TeamBase

BINNI_GOVERNMENT_PR_TABLE = [3, 4, 5, 7, 8, 9, 10, 11, 12]


class BinniTeam(TeamBase):
    """A team of War in Binni: a map faction or an off-map actor."""

    pr: int = Field(4, ge=0, le=8, description="Starting PR level, 0 to 8.")
    pr_table: list[int] | None = Field(
        None, min_length=9, max_length=9,
        description="Maximum influence cards held at PR level 0, 1, …, 8 (nine numbers).",
    )
    cards: list[int] | None = Field(
        None, description="Scores of the influence cards in hand at the start; empty: a full hand is dealt."
    )
    money: int = Field(0, ge=0, description="Money, in $M.")
    stores: int = Field(0, ge=0, description="Warlike stores (red blocks).")
    aid: int = Field(0, ge=0, description="Aid blocks (green) held off the map, ready to deliver.")
    cruise_missiles: int = Field(0, ge=0, description="Cruise missiles in stock.")
    bombing: bool = Field(False, description="Whether CONTROL allows this team bombing missions (the political will).")
    allies: list[Id] = Field(
        default_factory=list,
        description="Teams whose places count as friendly for movement and whose units are not hostile (mutual).",
    )

    @field_validator("pr_table")
    @classmethod
    def _rising(cls, v: list[int] | None) -> list[int] | None:
        if v is not None and any(b < a for a, b in itertools.pairwise(v)):
            raise ValueError(f"PR table {v} must not fall as PR rises")
        return v


class UnitType(FileModel):
    """A kind of unit and what it costs, from the rulebook's unit table."""

    id: Id
    name: str = Field(description="'Combat Brigade', 'Armed Militia', 'Special Forces' …")
    label: str = Field(max_length=4, description="Short label drawn on the counter: BDE, MIL, SF.")
    combat_value: int = Field(ge=0, description="Combat value at full strength (printed on the counter).")
    strength: int = Field(1, ge=1, description="Losses it can take; at that many it is destroyed.")
    attack_stores: int = Field(0, ge=0, description="Warlike stores consumed to attack.")
    deploy_cost: int = Field(0, ge=0, description="$M to deploy onto the map from outside the region.")
    activation_cost: int = Field(0, ge=0, description="$M to activate it for a week's move inside the region.")
    upkeep: int = Field(0, ge=0, description="$M paid at every end of turn while on the map, or it leaves.")
    takes_control: bool = Field(True, description="Whether it takes control of a place by occupation.")
    free_entry: bool = Field(False, description="Enters places held by another faction at no cost (special forces).")
    deploy_anywhere: bool = Field(False, description="May deploy to any place free of hostile units.")
    spots: bool = Field(False, description="Spots targets for strikes (+1 to the die).")


class BinniCounter(FileModel):
    """A unit counter and where it starts."""

    id: Id
    team: Id
    type: Id = Field(description="A unit type id.")
    at: Id | None = Field(None, description="Starting place; empty: outside the region, ready to deploy.")
    name: str | None = Field(None, description="A name shown in the tooltip ('1st Armoured Brigade').")
    combat_value: int | None = Field(None, ge=0, description="Overrides the type's combat value.")
    losses: int = Field(0, ge=0, description="Losses at the start.")
    moved: bool = Field(False, description="Mid-game: it has already moved (or deployed) this week, so it moves "
                        "again only after the end of turn.")
    attacked: bool = Field(False, description="Mid-game: it has already attacked this week.")
    activated: bool = Field(False, description="Mid-game: its activation is paid for this week (brigades; a unit "
                            "that moved is activated).")
    held_since: int | None = Field(
        None, ge=0,
        description="Mid-game occupation span: the week at whose end it was (or will be) first present in its "
                    "place, unmoved since; it takes the place at the first end of turn after that week (with no "
                    "hostile combat unit there). The current week: its span starts at this week's end (it came "
                    "this week, or its place changed hands this week). Empty: since before the game, or from this "
                    "week's end if it moved this week.",
    )


class DPStart(FileModel):
    """Displaced-people tokens at the start, and (mid-game) how long they have gone without aid."""

    place: Id
    count: int = Field(1, ge=1, description="Number of displaced-people tokens.")
    community: str | None = Field(None, description="Their community; empty: the place's.")
    weeks_unassisted: int = Field(
        0, ge=0, description="Mid-game: consecutive ends of turn these people have gone without aid or a camp; "
                             "they die at settings.dp_weeks_to_die.")
    assisted: bool = Field(False, description="Mid-game: assisted at the last end of turn; they keep that help while "
                           "it stays in their place.")


class CampStart(FileModel):
    place: Id
    team: Id = Field(description="The team that runs the camp.")


class AidStart(FileModel):
    place: Id
    team: Id = Field(description="The team that owns the blocks.")
    count: int = Field(1, ge=1)


class BinniSettings(FileModel):
    """Every number the digest leaves to the scenario, with its default."""

    weeks: int = Field(8, ge=1, description="Weeks in the game.")
    value: dict[PlaceKind, int] = Field(
        default_factory=lambda: {PlaceKind.TOWN: 1, PlaceKind.CITY: 2, PlaceKind.POWER_PLANT: 2, PlaceKind.DAM: 2},
        description="Default value of a place by kind (kinds not listed are worth 1).",
    )
    dp_capacity: int = Field(2, ge=0, description="Displaced-people tokens a place sustains.")
    entry_money: int = Field(1, ge=0, description="$M to enter a place held by another faction.")
    entry_cards: int = Field(1, ge=0, description="Influence cards to enter a place held by another faction instead.")
    extra_stores_per_point: int = Field(2, ge=1, description="Warlike stores consumed for +1 combat value.")
    bombing_support: int = Field(2, description="Combat value a bombing mission adds to a fight.")
    cruise_support: int = Field(1, description="Combat value a cruise missile adds to a fight.")
    spotting_bonus: int = Field(1, description="Added to a strike's die when friendly special forces spot.")
    rebuild_stores: int = Field(3, ge=1, description="Warlike stores to recover one loss.")
    camp_aid: int = Field(3, ge=0, description="Aid blocks a camp costs.")
    camp_money: int = Field(1, ge=0, description="$M a camp costs.")
    camp_capacity: int = Field(4, ge=0, description="Displaced people a camp holds, on top of the place's capacity.")
    dp_weeks_to_die: int = Field(3, ge=1, description="Consecutive unassisted ends of turn before a DP token dies.")
    deck: dict[int, int] = Field(
        default_factory=lambda: {1: 60, 2: 30, 3: 10},
        description="Influence card deck: score -> percentage of the deck.",
    )
    first_turn_minutes: int = Field(45, ge=1, description="Real-time length of week one.")
    turn_minutes: int = Field(30, ge=1, description="Real-time length of every later week.")

    @field_validator("deck")
    @classmethod
    def _deck(cls, v: dict[int, int]) -> dict[int, int]:
        if not v or sum(v.values()) != 100 or any(n < 0 for n in v.values()):
            raise ValueError(f"deck percentages {v} must be non-negative and add up to 100")
        return v


class BinniScenario(ScenarioBase):
    """A War in Binni scenario file."""

    rules: str = Field("binni", pattern="^binni$", description="Always 'binni' for this rule module.")
    week: int = Field(1, ge=1, description="The week play starts in: 1 for a new game, later for a situation in "
                      "mid-game.")
    teams: list[BinniTeam] = Field(description="Every team, map factions and off-map actors.")
    unit_types: list[UnitType] = Field(description="The kinds of unit.")
    counters: list[BinniCounter] = Field(default_factory=list, description="Unit counters and where they start.")
    control: dict[Id, Id] = Field(default_factory=dict,
                                  description="Starting control: place id -> team id (unlisted: neutral).")
    dp_tokens: list[DPStart] = Field(default_factory=list, description="Displaced people at the start.")
    camps: list[CampStart] = Field(default_factory=list, description="Humanitarian camps at the start.")
    aid_blocks: list[AidStart] = Field(default_factory=list, description="Aid blocks on the map at the start.")
    settings: BinniSettings = Field(default_factory=BinniSettings, description="Numbers the rules leave open.")
    position: dict[str, Any] | None = Field(
        None, description=POSITION_DESCRIPTION + " War in Binni: anything the fields above do not say — "
        "counters (destroyed, losses, places), teams (hands, collateral), deaths, conflict, dp, news …")

    def cross_check(self, the_map: Map) -> list[Problem]:
        """Every id this scenario uses must exist: teams, unit types, places."""
        problems: list[Problem] = []
        teams = {t.id: t for t in self.teams}
        types = {u.id for u in self.unit_types}
        places = the_map.place_by_id
        communities = {c.id for c in the_map.communities}

        def dup(ids: list[str], where: str) -> None:
            seen: set[str] = set()
            for i, x in enumerate(ids):
                if x in seen:
                    problems.append(_p((where, i, "id"), f"the id {x!r} is used twice"))
                seen.add(x)

        dup([t.id for t in self.teams], "teams")
        dup([u.id for u in self.unit_types], "unit_types")
        dup([c.id for c in self.counters], "counters")
        for i, team in enumerate(self.teams):
            if team.on_map and team.pr_table is None:
                problems.append(_p(("teams", i, "pr_table"), f"team {team.id!r} has no PR table; give nine "
                                   "numbers, the cards held at PR 0 to 8"))
            for j, ally in enumerate(team.allies):
                if ally not in teams:
                    problems.append(_p(("teams", i, "allies", j), f"no team {ally!r}"))
        for i, c in enumerate(self.counters):
            if c.team not in teams:
                problems.append(_p(("counters", i, "team"), f"no team {c.team!r}; teams are {sorted(teams)}"))
            elif not teams[c.team].on_map:
                problems.append(_p(("counters", i, "team"), f"team {c.team!r} is off-map and owns no units"))
            if c.type not in types:
                problems.append(_p(("counters", i, "type"), f"no unit type {c.type!r}; types are {sorted(types)}"))
            if c.at is not None and c.at not in places:
                problems.append(_p(("counters", i, "at"), f"no place {c.at!r} on map {the_map.id!r}"))
            problems += self._mid_game_counter(i, c)
        for place, holder in self.control.items():
            if place not in places:
                problems.append(_p(("control", place), f"no place {place!r} on map {the_map.id!r}"))
            if holder not in teams:
                problems.append(_p(("control", place), f"no team {holder!r}"))
            elif not teams[holder].on_map:
                problems.append(_p(("control", place), f"team {holder!r} is off-map and cannot hold places"))
        sections: tuple[tuple[str, Sequence[DPStart | CampStart | AidStart]], ...] = (
            ("dp_tokens", self.dp_tokens), ("camps", self.camps), ("aid_blocks", self.aid_blocks))
        for key, items in sections:
            for i, item in enumerate(items):
                if item.place not in places:
                    problems.append(_p((key, i, "place"), f"no place {item.place!r} on map {the_map.id!r}"))
                team_id = getattr(item, "team", None)
                if team_id is not None and team_id not in teams:
                    problems.append(_p((key, i, "team"), f"no team {team_id!r}"))
        for i, dp in enumerate(self.dp_tokens):
            if dp.community is not None and communities and dp.community not in communities:
                problems.append(_p(("dp_tokens", i, "community"), f"unknown community {dp.community!r}"))
            if dp.weeks_unassisted >= self.settings.dp_weeks_to_die:
                problems.append(_p(("dp_tokens", i, "weeks_unassisted"), f"{dp.weeks_unassisted} weeks without aid: "
                                   f"these people would already be dead (they die at {self.settings.dp_weeks_to_die}, "
                                   "settings.dp_weeks_to_die); give at most "
                                   f"{self.settings.dp_weeks_to_die - 1}"))
            if dp.assisted and dp.weeks_unassisted:
                problems.append(_p(("dp_tokens", i, "assisted"), "people assisted at the last end of turn have 0 "
                                   f"weeks without aid, not {dp.weeks_unassisted}: leave one of the two out"))
        if self.week > self.settings.weeks:
            problems.append(_p(("week",), f"week {self.week} is after the game's last week "
                               f"({self.settings.weeks}, settings.weeks)"))
        if not [p for p in problems if p.severity == "error"] and self.position is not None:
            from boardapp.rules.binni.position import problems as position_problems

            problems += position_problems(self, the_map)
        return problems

    def _mid_game_counter(self, i: int, c: BinniCounter) -> list[Problem]:
        """A counter's mid-game fields must describe a situation the rules could have reached."""
        problems: list[Problem] = []
        if c.at is None:
            for key in ("moved", "attacked", "activated"):
                if getattr(c, key):
                    problems.append(_p(("counters", i, key), f"counter {c.id!r} is outside the region (no 'at'): it "
                                       f"cannot have {key} this week; give its place with 'at'"))
            if c.held_since is not None:
                problems.append(_p(("counters", i, "held_since"), f"counter {c.id!r} is outside the region (no "
                                   "'at'): it occupies nothing; give its place with 'at' or leave held_since out"))
        elif c.held_since is not None:
            if c.held_since > self.week:
                problems.append(_p(("counters", i, "held_since"), f"held_since {c.held_since} is after this week: "
                                   f"play starts in week {self.week}; give {self.week} for a span that starts at "
                                   "this week's end, or an earlier week for a unit that stood there then"))
            elif c.moved and c.held_since != self.week:
                problems.append(_p(("counters", i, "held_since"), f"counter {c.id!r} moved this week, so its span "
                                   f"starts at this week's end: give held_since {self.week} or leave it out"))
        return problems
