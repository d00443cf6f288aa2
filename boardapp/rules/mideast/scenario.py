"""Mid-East PEACE's scenario file: the twelve countries, their zones, oil, Forces, chips and settings.

A map **place** is a zone (where Forces stand, drawn at its ``at``); a map **region** is the
zone's outline. The scenario says what each zone is in the game: which country it belongs to
(Sinai to none), its oil revenue, whether a drilling bid may be made there. Every number the
synopsis leaves open is a setting here, with the default the digest's rulings give
(docs/mideast-peace.md).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.checks import _p
from boardapp.model.mapfile import Id, Map
from boardapp.model.problems import Problem
from boardapp.model.scenario import Display, ScenarioBase, TeamBase

Bloc = Literal["red", "blue"]


class Country(TeamBase):
    """A player's country: its zones, its Homeland zone, and what the player starts with."""

    zones: list[Id] = Field(min_length=1, description="The zones that make up the country (map place ids).")
    homeland: Id | None = Field(
        None, description="The Homeland zone: where bought Forces and a Superpower Force are placed, and whose owner "
        "casts the country's UN vote; empty: the country's first zone.")
    forces: dict[Id, int] | None = Field(
        None, description="Starting Forces by zone; empty: settings.start_forces in every zone of the country.")
    chips: int | None = Field(None, ge=0, description="Starting Oil Chips; empty: settings.start_chips.")
    bloc: Bloc | None = Field(None, description="Red or Blue Bloc at the start; empty: Non-Aligned (the synopsis' "
                              "default for everyone).")

    @property
    def home(self) -> str:
        return self.homeland or self.zones[0]


class Zone(FileModel):
    """One zone of the board (its id is a map place's id)."""

    id: Id
    oil: int = Field(0, ge=0, description="Oil revenue the zone's owner collects in each Economic Phase, in chips.")
    drillable: bool = Field(False, description="Whether a drilling bid may be made here.")


class Settings(FileModel):
    """The numbers the synopsis leaves open (defaults: the digest's standing rulings)."""

    rounds: int = Field(10, ge=1, description="Rounds played before the game ends in WAR (no Cease Fire passed).")
    start_forces: int = Field(3, ge=0, description="Forces in each zone of a country at the start, unless the "
                              "country lists its own.")
    start_chips: int = Field(20, ge=0, description="Oil Chips each player starts with, unless the country says.")
    oil_reserve: int = Field(300, ge=0, description="Oil Chips in the common Oil Reserve at the start; revenue is "
                             "paid from it as far as it goes.")
    lot: int = Field(3, ge=1, description="Forces offered at each Arms Auction.")
    superpower_oil: int = Field(2, ge=0, description="Chips of Oil Revenue lost per Superpower Force in play.")
    superpower_score: int = Field(2, ge=0, description="Score per Superpower Force: + in a WAR ending, - in PEACE.")
    cease_fire_yea: tuple[int, int] = Field(
        (2, 3), description="Share of the Yea+Nay votes a Cease Fire needs, as [numerator, denominator]: [2, 3] is "
        "two thirds or more.")
    peacekeeping_at: Id | None = Field(None, description="Zone of the UN Peacekeeping Force at the start; empty: "
                                       "not on the board.")


def _mideast_display() -> Display:
    return Display(hidden=[])


class MideastScenario(ScenarioBase):
    """A Mid-East PEACE scenario."""

    countries: list[Country] = Field(min_length=1, description="The players' countries, in turn order (one is "
                                     "enough for a scenario that tries one country's play).")
    zones: list[Zone] = Field(min_length=1, description="Every zone of the board (one per map place).")
    settings: Settings = Field(default_factory=Settings, description="Numbers the synopsis leaves open.")
    display: Display = Field(default_factory=_mideast_display, description="What the big screen shows and hides "
                             "(Mid-East PEACE hides no track: chips are public, fists are always secret).")
    position: dict[str, Any] | None = Field(
        None, description=POSITION_DESCRIPTION + " Mid-East PEACE: owner (a player may own another country's "
        "zone), forces, overturned, battles (Forces at a border, with their fists), superpowers, chips, reserve, "
        "bloc, round, turn, phases, step, retreat, auction, motion …")

    @cached_property
    def country_by_id(self) -> dict[str, Country]:
        return {c.id: c for c in self.countries}

    @cached_property
    def zone_by_id(self) -> dict[str, Zone]:
        return {z.id: z for z in self.zones}

    @cached_property
    def country_of_zone(self) -> dict[str, str]:
        """Zone -> the country it belongs to (zones of no country, like Sinai, are absent)."""
        return {z: c.id for c in self.countries for z in c.zones}

    def start_forces(self, country: Country) -> dict[str, int]:
        if country.forces is not None:
            return dict(country.forces)
        return dict.fromkeys(country.zones, self.settings.start_forces)

    def cross_check(self, the_map: Map) -> list[Problem]:
        problems: list[Problem] = []
        places = {p.id for p in the_map.places}
        zone_ids = [z.id for z in self.zones]
        seen: set[str] = set()
        for i, spec in enumerate(self.zones):
            if spec.id in seen:
                problems.append(_p(("zones", i, "id"), f"zone {spec.id!r} is listed twice"))
            seen.add(spec.id)
            if spec.id not in places:
                problems.append(_p(("zones", i, "id"), f"zone {spec.id!r} is not a place on the map"))
        for i, place in enumerate(the_map.places):
            if place.id not in seen:
                problems.append(Problem(f"the map's place {place.id!r} (places[{i}]) is not a zone of the scenario; "
                                        "add it to zones:", severity="error"))
        owner: dict[str, str] = {}
        ids: set[str] = set()
        for i, c in enumerate(self.countries):
            if c.id in ids:
                problems.append(_p(("countries", i, "id"), f"country {c.id!r} is listed twice"))
            ids.add(c.id)
            for j, z in enumerate(c.zones):
                if z not in seen:
                    problems.append(_p(("countries", i, "zones", j), f"{z!r} is not a zone; zones are {zone_ids}"))
                if z in owner:
                    problems.append(_p(("countries", i, "zones", j), f"zone {z!r} already belongs to {owner[z]!r}"))
                owner.setdefault(z, c.id)
            if c.homeland is not None and c.homeland not in c.zones:
                problems.append(_p(("countries", i, "homeland"), f"homeland {c.homeland!r} is not one of the "
                                   f"country's zones {c.zones}"))
            for z, n in (c.forces or {}).items():
                if z not in c.zones:
                    problems.append(_p(("countries", i, "forces", z), f"{z!r} is not a zone of {c.name}"))
                if n < 0:
                    problems.append(_p(("countries", i, "forces", z), f"{n} Forces: a count is 0 or more"))
        num, den = self.settings.cease_fire_yea
        if not 0 < num <= den:
            problems.append(_p(("settings", "cease_fire_yea"), f"{num}/{den} is not a share between 0 and 1 "
                               "(for example [2, 3])"))
        pk = self.settings.peacekeeping_at
        if pk is not None and pk not in seen:
            problems.append(_p(("settings", "peacekeeping_at"), f"{pk!r} is not a zone"))
        if not [p for p in problems if p.severity == "error"] and self.position is not None:
            from boardapp.rules.mideast.position import problems as position_problems

            problems += position_problems(self, the_map)
        return problems
