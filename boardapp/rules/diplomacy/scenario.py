"""A Diplomacy-family scenario file: powers, provinces, borders, starting units, calendar, victory.

How a Diplomacy map is expressed with boardapp's :class:`~boardapp.model.mapfile.Map`:

* every map **place** is a province (sea provinces too); its ``at`` is where the unit counter
  and the supply-centre marker are drawn, and its id is the province's short name (``par``);
* map **regions** are the province outlines (optional; approximated cells are fine);
* map **roads** join neighbouring provinces, for drawing and for the map checks only;
* the rules' own geography lives in the scenario: ``provinces`` (terrain, supply centre,
  coasts) and ``borders`` between regions (``[par, bur, land]``, ``[spa(nc), gas, sea]``,
  ``[den, swe, coast]``), which :meth:`DiplomacyScenario.mapdata` turns into the
  adjudicator's :class:`~boardapp.rules.diplomacy.mapdata.MapData`.

So the standard map and the MUN map are both plain data.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, field_validator

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.checks import _p
from boardapp.model.mapfile import Id, Map
from boardapp.model.problems import Problem
from boardapp.model.scenario import ScenarioBase, TeamBase
from boardapp.rules.diplomacy.mapdata import Border, MapData, MapDataError, Province, Region, Terrain, province_of

TerrainName = Literal["land", "sea", "coast"]


class Power(TeamBase):
    """A Great Power: a team with home supply centres."""

    adjective: str = Field("", description="'English', 'French' … (for the log); empty: the name.")
    home_centres: list[Id] = Field(default_factory=list, description="Province ids of its home supply centres.")


class ProvinceSpec(FileModel):
    """One province of the map (its id is a map place's id)."""

    id: Id
    terrain: TerrainName = Field(description="land (armies only), sea (fleets only) or coast (both).")
    supply_centre: bool = Field(False, description="Whether it is a supply centre.")
    coasts: list[str] = Field(
        default_factory=list,
        description="Named coasts of a multi-coast province (['nc', 'sc']): armies stand in the province, "
        "fleets on one coast.",
    )


class StartUnit(FileModel):
    power: Id
    type: Literal["A", "F"]
    at: str = Field(description="Region: a province id, or 'stp(sc)' for a fleet on a named coast.")


class Calendar(FileModel):
    year: int = Field(1901, description="The first year.")
    season: Literal["spring", "fall"] = Field("spring", description="The first season.")
    last_year: int | None = Field(
        None, description="The scenario's last year: the game ends when its Fall has been resolved (after the "
        "retreats); empty: it ends when the officers end it (or a power wins outright).",
    )


class Negotiation(FileModel):
    """How long the turn clock runs for the diplomatic phase before each turn's orders are written."""

    first_turn_minutes: float = Field(30, gt=0, description="Minutes of negotiation before the first turn (MUN: 30).")
    turn_minutes: float = Field(15, gt=0, description="Minutes before each later turn (MUN: 15).")


class Officers(FileModel):
    """What the presiding officers (CONTROL) set up before the game and how they run it."""

    orders_from_all: bool = Field(
        False, description="Refuse to reveal and resolve while a power that must order has not handed in: "
        "CONTROL is told which and may force it (their units hold). Off: missing powers simply hold.",
    )
    goals: dict[Id, list[str]] = Field(
        default_factory=dict, description="Power -> its two political goals as the officers set them (secret to "
        "that delegation); they may also be set in play with set_goals.",
    )
    third_goal_points: int = Field(3, ge=0, description="The most points the officers award a power's own goal.")


class Victory(FileModel):
    """Score = supply centres (if score_centres) + political points (goals, insurrection, other) + bonus.

    A power's political victory points are its goal points (goals 1 and 2 and its own allowed goal, as
    awarded), its insurrection points and the other points the officers set; the bonus is bonus_points once
    it has held bonus_centres. `boardapp run` prints each part per power (`score_parts`; `political_vp` is
    the political points)."""

    centres: int = Field(18, ge=0, description="Supply centres that win the game outright (0: none).")
    bonus_centres: int | None = Field(
        None, ge=1, description="Supply centres that earn bonus_points (MUN: 25, 'control of Europe'); empty: none."
    )
    bonus_points: int = Field(0, ge=0, description="Victory points for holding bonus_centres.")
    score_centres: bool = Field(True, description="Whether the score counts supply centres (plus political points).")


class InsurrectionRules(FileModel):
    enabled: bool = Field(False, description="Whether Insurrection orders may revive eliminated powers.")
    units_for_three: int = Field(3, ge=1, description="Units that regain three home centres and one build.")
    units_for_all: int = Field(4, ge=1, description="Units that regain all home centres.")
    min_centres: int = Field(3, ge=1, description="Centres an insurrection must regain, or it fails.")
    vp_min_units: int = Field(2, ge=1, description="Units a power must invest to earn the political point.")
    vp: int = Field(1, ge=0, description="Political victory points for investing that many units.")


class DiplomacyScenario(ScenarioBase):
    """A Diplomacy-family scenario."""

    powers: list[Power] = Field(min_length=1, description="The Great Powers.")
    provinces: list[ProvinceSpec] = Field(min_length=1, description="Every province (one per map place).")
    borders: list[tuple[str, str, TerrainName]] = Field(
        default_factory=list,
        description="Borders between regions: [a, b, land|sea|coast] — land carries armies, sea fleets, coast both.",
    )
    units: list[StartUnit] = Field(default_factory=list, description="Units at the start.")
    owners: dict[str, Id] | None = Field(
        None, description="Supply centre -> owning power at the start; empty: each power owns its home centres."
    )
    calendar: Calendar = Field(default_factory=Calendar)
    victory: Victory = Field(default_factory=Victory)
    insurrection: InsurrectionRules = Field(default_factory=InsurrectionRules)
    negotiation: Negotiation = Field(default_factory=Negotiation)
    officers: Officers = Field(default_factory=Officers)
    position: dict[str, Any] | None = Field(
        None, description=POSITION_DESCRIPTION + " Diplomacy: year, season, phase, units, movement (the dislodged "
        "units that retreat now), owners, orders handed in, eliminated, political points, and the officers' "
        "goals, europe, conference, conferences and result …")

    @field_validator("borders")
    @classmethod
    def _lower(cls, v: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        return [(a.strip().lower(), b.strip().lower(), t) for a, b, t in v]

    # --- derived -----------------------------------------------------------------------
    @cached_property
    def power_by_id(self) -> dict[str, Power]:
        return {p.id: p for p in self.powers}

    def build_mapdata(self, the_map: Map | None = None) -> MapData:
        """The adjudicator's map; raises :class:`MapDataError` when the tables disagree."""
        names = {p.id: p.name for p in the_map.places} if the_map is not None else {}
        home = {c: pw.id for pw in self.powers for c in pw.home_centres}
        provinces = [Province(p.id, names.get(p.id, p.id), p.supply_centre or p.id in home, home.get(p.id))
                     for p in self.provinces]
        regions: list[Region] = []
        for p in self.provinces:
            if p.coasts:
                regions.append(Region(p.id, None, Terrain.LAND))
                regions.extend(Region(p.id, c, Terrain.SEA) for c in p.coasts)
            else:
                regions.append(Region(p.id, None, Terrain(p.terrain)))
        borders = [Border(a, b, Terrain(t)) for a, b, t in self.borders]
        return MapData.build(provinces, regions, borders)

    def initial_owners(self) -> dict[str, str]:
        if self.owners is not None:
            return dict(self.owners)
        return {c: pw.id for pw in self.powers for c in pw.home_centres}

    # --- checks ------------------------------------------------------------------------
    def cross_check(self, the_map: Map) -> list[Problem]:
        problems: list[Problem] = []
        places = {p.id for p in the_map.places}
        spec = {p.id: p for p in self.provinces}
        seen: set[str] = set()
        for i, p in enumerate(self.provinces):
            if p.id in seen:
                problems.append(_p(("provinces", i, "id"), f"province {p.id!r} is listed twice"))
            seen.add(p.id)
            if p.id not in places:
                problems.append(_p(("provinces", i, "id"), f"province {p.id!r} is not a place on the map"))
            if p.coasts and p.terrain != "coast":
                problems.append(_p(("provinces", i, "coasts"), f"only a coast province has named coasts, "
                                   f"{p.id!r} is {p.terrain}"))
            if p.supply_centre and p.terrain == "sea":
                problems.append(_p(("provinces", i, "supply_centre"), f"sea {p.id!r} cannot be a supply centre"))
        for i, place in enumerate(the_map.places):
            if place.id not in spec:
                problems.append(Problem(f"the map's place {place.id!r} (places[{i}]) is not a province of the "
                                        "scenario; add it to provinces:", severity="error"))
        pids = [p.id for p in self.powers]
        homes: dict[str, str] = {}
        for i, pw in enumerate(self.powers):
            for j, c in enumerate(pw.home_centres):
                if c not in spec:
                    problems.append(_p(("powers", i, "home_centres", j), f"home centre {c!r} is not a province"))
                elif not spec[c].supply_centre:
                    problems.append(_p(("powers", i, "home_centres", j), f"home centre {c!r} is not marked "
                                       "supply_centre: true"))
                elif spec[c].terrain == "sea":
                    problems.append(_p(("powers", i, "home_centres", j), f"home centre {c!r} is a sea"))
                if c in homes:
                    problems.append(_p(("powers", i, "home_centres", j), f"{c!r} is already a home centre of "
                                       f"{homes[c]!r}"))
                homes.setdefault(c, pw.id)
        try:
            m = self.build_mapdata(the_map)
        except MapDataError as exc:
            problems.append(_p(("borders",), str(exc)))
            return problems
        pairs: set[frozenset[str]] = set()
        for i, (a, b, _t) in enumerate(self.borders):
            key = frozenset((a, b))
            if a == b:
                problems.append(_p(("borders", i), f"border joins {a!r} to itself"))
            elif key in pairs:
                problems.append(_p(("borders", i), f"border {a}-{b} is listed twice", "warning"))
            pairs.add(key)
        for i, (a, b, t) in enumerate(self.borders):
            for k, r in ((0, a), (1, b)):
                reg = m.regions[r]
                if t != "land" and not reg.terrain.fleets:
                    problems.append(_p(("borders", i, k), f"fleets cannot stand in {r!r} ({reg.terrain.value}) "
                                       f"but the border is {t}"))
                if (t != "sea" and not reg.terrain.armies) or (t != "sea" and reg.coast):
                    problems.append(_p(("borders", i, k), f"armies cannot stand in {r!r} but the border is {t}"))
        occupied: set[str] = set()
        for i, u in enumerate(self.units):
            if u.power not in pids:
                problems.append(_p(("units", i, "power"), f"unknown power {u.power!r}; powers are {pids}"))
            ok = m.army_can_stand(u.at) if u.type == "A" else (
                m.fleet_can_stand(u.at) and not (u.at == province_of(u.at) and m.coasts_of(u.at)))
            if not ok:
                what = "an army" if u.type == "A" else "a fleet"
                problems.append(_p(("units", i, "at"), f"{what} cannot stand in {u.at!r}"))
            prov = province_of(u.at)
            if prov in occupied:
                problems.append(_p(("units", i, "at"), f"a second unit in {prov!r}"))
            occupied.add(prov)
        owners = self.initial_owners()
        for centre, owner in owners.items():
            if centre not in spec or not m.provinces[centre].supply_center:
                problems.append(_p(("owners", centre), f"{centre!r} is not a supply centre"))
            if owner not in pids:
                problems.append(_p(("owners", centre), f"unknown power {owner!r}"))
        for pid, texts in self.officers.goals.items():
            if pid not in pids:
                problems.append(_p(("officers", "goals", pid), f"unknown power {pid!r}; powers are {pids}"))
            if len(texts) != 2:
                problems.append(_p(("officers", "goals", pid), f"{pid} has {len(texts)} goals; the officers set "
                                   "exactly 2 (the third is the power's own proposal: propose_goal)"))
        last = self.calendar.last_year
        if last is not None and last < self.calendar.year:
            problems.append(_p(("calendar", "last_year"), f"the last year {last} is before the first year "
                               f"{self.calendar.year}"))
        victory = self.victory.centres
        total = len(m.supply_centres)
        if victory > total:
            problems.append(_p(("victory", "centres"), f"{victory} centres to win, but the map has only {total}",
                               "warning"))
        if not [p for p in problems if p.severity == "error"] and self.position is not None:
            from boardapp.rules.diplomacy.position import problems as position_problems

            problems += position_problems(self, the_map)
        return problems
