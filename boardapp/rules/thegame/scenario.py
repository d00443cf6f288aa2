"""The Game's scenario file: players and their nations, the world's regions, units, and the tables.

The source (GDW's original rules for The Game) gives the turn sequence and the rules but none of
the charts: the Diplomatic Conflict table, the unit values, build and maintenance costs and the
secondary-production rates are scenario tables here, with shipped defaults (marked as such in
``docs/the-game.md``). Every number the source does not give is scenario data.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from boardapp.engine.position import POSITION_DESCRIPTION
from boardapp.model.base import FileModel
from boardapp.model.checks import _p
from boardapp.model.mapfile import Id, Map, RegionKind
from boardapp.model.problems import Problem
from boardapp.model.scenario import ScenarioBase, TeamBase

GOODS = ("food", "minerals", "oil", "coal", "uranium", "electricity", "hydrogen")
"""Goods kept in a region's stock (the results of primary production)."""
Good = Literal["food", "minerals", "oil", "coal", "uranium", "electricity", "hydrogen"]
Category = Literal["ground", "naval", "air", "space"]
Relation = Literal["understanding", "alliance", "control"]
RELATION_RANK = {"understanding": 1, "alliance": 2, "control": 3}

# Bounds a real world never reaches (docs/the-game.md R39): each is far above what the source's world holds (in
# brackets: the most scenarios/the-game.yaml has), so that an absurd number is refused by `boardapp check` with its
# file:line and never reaches end-of-turn processing, whose work grows with some of these counts.
MAX_PEOPLE = 100_000
"""Labour units (pool, farm, starving), insurgents or PIPs in one region [136; the whole Earth is about 800]."""
MAX_GOODS = 1_000_000
"""Units of one good in a region's stock or primary production, or a Diplomatic Conflict table loss [6]."""
MAX_FACILITIES = 1_000
"""Facilities of one type in one region, active or inactive [3]."""
MAX_MONEY = 1_000_000_000
"""Dollars: a bank, a cost, a setting in dollars [70]."""
MAX_LEVEL = 100
"""A unit's attack, defence or priority; an insurgent's attack or defence [5]."""
MAX_TECH = 100_000
"""A technology level, an achievement's level [3]."""
MAX_UNITS = 5_000
"""Military units in a scenario [104]."""
MAX_ENTRIES = 10_000
"""Players, nations, regions, unit types, facility types, achievements [122 regions]."""
MAX_YEAR = 1_000_000
"""The start year's size, and years per turn [2000; 5]."""

People = Annotated[int, Field(ge=0, le=MAX_PEOPLE)]
GoodsCount = Annotated[int, Field(ge=0, le=MAX_GOODS)]
Money = Annotated[int, Field(ge=0, le=MAX_MONEY)]
TechLevel = Annotated[int, Field(ge=0, le=MAX_TECH)]


class Cost(FileModel):
    """What building, maintaining or supplying something takes."""

    money: int = Field(0, ge=0, le=MAX_MONEY, description="Dollars from the nation's central bank.")
    minerals: int = Field(0, ge=0, le=MAX_GOODS, description="Minerals from the region where it is built.")
    oil: int = Field(0, ge=0, le=MAX_GOODS,
                     description="Oil (fuel) from the region where it is built (maintenance: any own region).")
    coal: int = Field(0, ge=0, le=MAX_GOODS, description="Coal (fuel), as oil.")
    uranium: int = Field(0, ge=0, le=MAX_GOODS, description="Uranium, as oil.")
    electricity: int = Field(0, ge=0, le=MAX_GOODS, description="Electricity (energy), as oil.")
    labour: int = Field(0, ge=0, le=MAX_PEOPLE,
                        description="Labour units taken from the region's general labour pool.")

    def goods(self) -> dict[str, int]:
        """The goods (not money, not labour) this cost names, with amounts."""
        return {g: n for g in ("minerals", "oil", "coal", "uranium", "electricity") if (n := getattr(self, g))}

    def words(self) -> str:
        parts = [f"${self.money}"] if self.money else []
        parts += [f"{n} {g}" for g, n in self.goods().items()]
        if self.labour:
            parts.append(f"{self.labour} labour")
        return " + ".join(parts) or "nothing"


class UnitType(FileModel):
    """A kind of military unit: its counter's values and what it costs (default values: a ruling)."""

    id: Id = Field(description="The type's id ('militia', 'mech', 'fighter' …).")
    name: str = Field(description="'Militia', 'Mech', 'Fighter', 'Surveillance satellite' …")
    label: str = Field(max_length=4, description="Short label drawn on the counter.")
    category: Category = Field(description="ground, naval, air or space (spacecraft).")
    minor: bool = Field(False, description="A minor unit (small counter; ground only). Others are major units.")
    attack: int = Field(0, ge=0, le=MAX_LEVEL, description="Attack value (lower right of the counter).")
    defence: int = Field(0, ge=0, le=MAX_LEVEL, description="Defence value (parenthetical, lower centre).")
    priority: int = Field(0, ge=0, le=MAX_LEVEL, description="Attack priority (lower left); higher attacks first.")
    cost: Cost = Field(default_factory=Cost, description="Build cost.")
    maintenance: Cost = Field(default_factory=Cost, description="Maintenance (and operational supply) per turn.")
    buildable: bool = Field(True, description="May be built directly (of ground units only militia and minor "
                            "units; other ground types come from converting a militia).")
    requires_tech: dict[str, TechLevel] = Field(default_factory=dict,
                                                description="Technology field -> level the nation "
                                                "needs at the moment of production (or conversion).")
    tags: list[Literal["bomber", "icbm", "awacs", "surveillance", "merchant", "transport"]] = Field(
        default_factory=list,
        description="Special roles: bomber (never attacks air units), icbm (a spacecraft that attacks anything), "
        "awacs, surveillance (satellite), merchant (ship: sea transport), transport (aircraft: air transport).")


class FacilityType(FileModel):
    """A facility a region holds (transport net, factory, mechanised farm, R&D …)."""

    id: Id = Field(description="The type's id ('transport-net', 'factory' …).")
    name: str = Field(description="Its name in the ledgers.")
    cost: Cost = Field(default_factory=Cost, description="Build cost.")
    maintenance: Cost = Field(default_factory=Cost, description="Maintenance per turn.")
    requires: list[Id] = Field(default_factory=list, description="Facilities that must be active in the region "
                               "at the moment of production and of maintenance.")
    requires_tech: dict[str, TechLevel] = Field(default_factory=dict, description="Technology field -> level needed.")
    labour: Literal["pool", "farm"] | None = Field(
        None, description="Where the labour unit absorbed in its construction goes when it becomes inactive: "
        "pool (factory, R&D, transport net), farm (the food box: mechanised farm), or none.")
    money: int = Field(0, ge=0, le=MAX_MONEY, description="Secondary production (dollars per turn) while active.")
    food: int = Field(0, ge=0, le=MAX_GOODS, description="Food produced per turn while active (mechanised farm).")
    research: bool = Field(False, description="An R&D facility: a nation needs one active to do research.")
    intrinsic_labour: bool = Field(False, description="Counts as one labour unit for population growth (the source: "
                                   "factories, transportation, mechanised agriculture).")


class DiplomaticResult(FileModel):
    """One cell of the Diplomatic Conflict table: PIPs each side loses."""

    attacker: int = Field(0, ge=0, le=MAX_PEOPLE, description="PIPs the attacker loses.")
    defender: int = Field(0, ge=0, le=MAX_PEOPLE,
                          description="PIPs the defender(s) lose (from the largest holding first).")


class DiplomaticColumn(FileModel):
    """A column of the Diplomatic Conflict table: an odds ratio and the results of die rolls 1 to 6."""

    odds: str = Field(pattern=r"^\d+:\d+$", description="Attacker's PIPs : defenders' PIPs, as '3:1'.")
    results: list[DiplomaticResult] = Field(min_length=6, max_length=6, description="Results for die rolls 1-6.")

    @property
    def ratio(self) -> tuple[int, int]:
        a, b = self.odds.split(":")
        return int(a), int(b)


def _r(a: int, d: int) -> DiplomaticResult:
    return DiplomaticResult(attacker=a, defender=d)


def default_diplomatic_table() -> list[DiplomaticColumn]:
    """The shipped Diplomatic Conflict table (the source lacks its chart; a ruling, docs/the-game.md R3):
    better odds, more defender losses; low rolls favour the attacker."""
    rows = {
        "1:2": [(0, 1), (1, 1), (1, 0), (2, 0), (2, 0), (3, 0)],
        "1:1": [(0, 2), (0, 1), (1, 1), (1, 0), (2, 0), (2, 0)],
        "3:2": [(0, 2), (0, 2), (0, 1), (1, 1), (1, 0), (2, 0)],
        "2:1": [(0, 3), (0, 2), (0, 2), (0, 1), (1, 1), (1, 0)],
        "3:1": [(0, 4), (0, 3), (0, 2), (0, 2), (0, 1), (1, 1)],
        "4:1": [(0, 5), (0, 4), (0, 3), (0, 2), (0, 2), (0, 1)],
        "5:1": [(0, 6), (0, 5), (0, 4), (0, 3), (0, 2), (0, 2)],
    }
    return [DiplomaticColumn(odds=k, results=[_r(a, d) for a, d in v]) for k, v in rows.items()]


def _u(id: str, name: str, label: str, cat: Category, attack: int, defence: int, priority: int,  # noqa: PLR0917
       money: int, upkeep: int, **kw: object) -> UnitType:
    cost = Cost(money=money, labour=1 if cat == "ground" else 0, minerals=0 if cat == "ground" else 1)
    return UnitType.model_validate(dict(id=id, name=name, label=label, category=cat, attack=attack, defence=defence,
                                        priority=priority, cost=cost, maintenance=Cost(money=upkeep), **kw))


def default_unit_types() -> list[UnitType]:
    """Shipped unit values. Where the source's combat example gives a number it is used (fighter: priority 3,
    attack 3; bomber: priority 2, attack 4, defence 1; mech: defence 0; improved mech: defence 1; infantry:
    priority 2, attack 2; militia: priority 2, attack 1); the rest is a ruling (docs/the-game.md R4)."""
    return [
        _u("militia", "Militia", "MIL", "ground", 1, 0, 2, 2, 1),
        _u("infantry", "Infantry", "INF", "ground", 2, 0, 2, 4, 1, buildable=False),
        _u("mech", "Mech", "MEC", "ground", 3, 0, 2, 6, 2, buildable=False),
        _u("improved-mech", "Improved Mech", "IMC", "ground", 4, 1, 2, 8, 2, buildable=False,
           requires_tech={"military": 3}),
        _u("minor", "Minor unit", "min", "ground", 1, 0, 1, 1, 0, minor=True),
        _u("fighter", "Fighter", "FTR", "air", 3, 0, 3, 6, 2),
        _u("bomber", "Bomber", "BMR", "air", 4, 1, 2, 8, 2, tags=["bomber"]),
        _u("awacs", "AWACs aircraft", "AWX", "air", 0, 0, 0, 6, 1, tags=["awacs"]),
        _u("transport-aircraft", "Transport aircraft", "TPT", "air", 0, 0, 0, 4, 1, tags=["transport"]),
        _u("warship", "Warship", "WAR", "naval", 3, 1, 2, 8, 2),
        _u("submarine", "Submarine", "SUB", "naval", 3, 2, 3, 8, 2),
        _u("merchant", "Merchant ship", "MER", "naval", 0, 0, 0, 3, 1, tags=["merchant"]),
        _u("surveillance-satellite", "Surveillance satellite", "SAT", "space", 0, 0, 0, 10, 2, tags=["surveillance"],
           requires_tech={"space": 1}),
        _u("asat", "ICBM-launched ASAT", "AST", "space", 4, 0, 4, 8, 1, requires_tech={"space": 2}),
        _u("icbm", "ICBM", "ICB", "space", 5, 0, 5, 12, 2, tags=["icbm"], requires_tech={"space": 2}),
    ]


def default_facility_types() -> list[FacilityType]:
    """Shipped facilities (a ruling, docs/the-game.md R5). The source's example: mechanised farming (and a
    factory) require an active transport net."""
    return [
        FacilityType(id="transport-net", name="Transport net", cost=Cost(money=4, minerals=1, labour=1),
                     maintenance=Cost(money=1), labour="pool", money=1, intrinsic_labour=True),
        FacilityType(id="factory", name="Factory", cost=Cost(money=6, minerals=2, labour=1),
                     maintenance=Cost(money=2), requires=["transport-net"], labour="pool", money=4,
                     intrinsic_labour=True),
        FacilityType(id="mech-farm", name="Mechanised farm", cost=Cost(money=4, minerals=1, labour=1),
                     maintenance=Cost(money=2), requires=["transport-net"], labour="farm", food=3,
                     intrinsic_labour=True),
        FacilityType(id="rnd", name="R&D facility", cost=Cost(money=8, labour=1), maintenance=Cost(money=2),
                     requires=["factory"], labour="pool", research=True),
        FacilityType(id="power-plant", name="Power plant", cost=Cost(money=6, minerals=1),
                     maintenance=Cost(money=2), requires=["transport-net"]),
    ]


class Achievement(FileModel):
    """A technology coupon: what a level in a field makes possible, and its requirements."""

    id: Id = Field(description="The coupon's id.")
    name: str = Field(description="'Hydrogen net', 'Beanstalk' …")
    field: str = Field(description="Technology field (energy, industry, …).")
    level: int = Field(ge=1, le=MAX_TECH,
                       description="The level the achievement needs; the coupon comes at one level less.")
    requirements: str = Field("", description="The coupon's text: what fielding it takes.")


def default_achievements() -> list[Achievement]:
    """The source's one example (Japan at Energy 2 received the Hydrogen Net coupon) and a few rulings."""
    return [
        Achievement(id="hydrogen-net", name="Hydrogen net", field="energy", level=3,
                    requirements="Energy 3; an active transport net; hydrogen in place of petroleum."),
        Achievement(id="fusion-power", name="Fusion power", field="energy", level=5,
                    requirements="Energy 5; a power plant; uranium no longer needed."),
        Achievement(id="beanstalk", name="Beanstalk", field="space", level=6,
                    requirements="Space 6, Industry 5; an equatorial region with a factory."),
        Achievement(id="star-drive", name="Star drive", field="space", level=8,
                    requirements="Space 8, Energy 6."),
        Achievement(id="better-armour", name="Better armour", field="military", level=3,
                    requirements="Military 3: improved mech for the cost of mech."),
    ]


class Settings(FileModel):
    """Every number the source leaves open, with its shipped default (rulings in docs/the-game.md)."""

    start_year: int = Field(2000, ge=-MAX_YEAR, le=MAX_YEAR,
                            description="The year of the first turn (after the source's World War III).")
    years_per_turn: int = Field(5, ge=1, le=MAX_YEAR,
                                description="Years per turn: the source played 5- or 10-year turns.")
    growth_percent: dict[int, Annotated[int, Field(ge=0, le=1000)]] = Field(
        default_factory=lambda: {1: 20, 2: 15, 3: 10, 4: 5},
        description="Population growth per turn, percent, by ED level (the source's rates).")
    money_per_labour: dict[int, Money] = Field(
        default_factory=lambda: {1: 0, 2: 1, 3: 1, 4: 2},
        description="Secondary production: dollars per general-pool labour unit, by ED level.")
    food_per_farm_labour: int = Field(2, ge=0, le=MAX_GOODS, description="Food each farm-sector labour unit produces.")
    food_per_labour: int = Field(1, ge=0, le=MAX_GOODS, description="Food each labour unit eats at maintenance.")
    pip_cost: int = Field(1, ge=0, le=MAX_MONEY,
                          description="Dollars per PIP (doubled for a player who broke relations).")
    insurgent_cost: int = Field(1, ge=0, le=MAX_MONEY, description="Dollars per insurgent bought.")
    economic_aid_per_pip: int = Field(2, ge=1, le=MAX_MONEY,
                                      description="Dollars of economic aid per PIP (the source: $2).")
    research_cost: int = Field(10, ge=1, le=MAX_MONEY, description="R&D dollars per level: the next level n+1 costs "
                               "research_cost x (n+1).")
    tech_fields: list[str] = Field(default_factory=lambda: ["energy", "industry", "military", "space", "biology"],
                                   description="Technology fields.")
    upgrade_pips: dict[str, People] = Field(
        default_factory=lambda: {"understanding": 5, "alliance": 5, "control": 5, "absorption": 10},
        description="PIPs spent on each upgrade (the source's 5, 5, 5 and 10).")
    insurgent_attack: int = Field(1, ge=0, le=MAX_LEVEL, description="Attack value of an insurgent.")
    insurgent_defence: int = Field(0, ge=0, le=MAX_LEVEL, description="Defence value of an insurgent.")
    ship_zones: int = Field(50, ge=1, le=MAX_GOODS,
                            description="Zones a merchant ship (or transport aircraft) moves per turn.")
    ship_bulk: int = Field(1, ge=1, le=MAX_GOODS, description="Food, coal or minerals one ship carries.")
    ship_fluid: int = Field(2, ge=1, le=MAX_GOODS, description="Oil or hydrogen one ship carries.")
    stand_down_major: int = Field(10, ge=0, le=MAX_PEOPLE,
                                  description="Loyal insurgents a major ground unit becomes on "
                                  "voluntary stand-down in hostile territory.")
    stand_down_minor: int = Field(1, ge=0, le=MAX_PEOPLE, description="The same for a minor unit.")

    @field_validator("growth_percent", "money_per_labour")
    @classmethod
    def _eds(cls, v: dict[int, int]) -> dict[int, int]:
        if sorted(v) != [1, 2, 3, 4]:
            raise ValueError(f"give a number for each ED level 1, 2, 3 and 4 (got {sorted(v)})")
        return v


class Player(TeamBase):
    """A player: leads several nations (the source's eleven players)."""

    referee: bool = Field(False, description="The referee's own kibbitzing nations (Frank Chadwick).")


class Nation(FileModel):
    """A player nation: its capital, central bank and technology."""

    id: Id = Field(description="The nation's id ('france', 'milgov' …).")
    name: str = Field(description="Its name as the source gives it.")
    player: Id = Field(description="The player who leads it.")
    capital: Id = Field(description="The region holding its capital.")
    bank: int = Field(0, ge=0, le=MAX_MONEY, description="Money in the central bank, dollars.")
    tech: dict[str, TechLevel] = Field(default_factory=dict, description="Technology level per field (unlisted: 0).")
    at_war_with: list[Id] = Field(default_factory=list, description="Nations it is at war with at the start.")


class Facilities(FileModel):
    """How many facilities of one type a region holds."""

    active: int = Field(0, ge=0, le=MAX_FACILITIES, description="Active facilities of this kind.")
    inactive: int = Field(0, ge=0, le=MAX_FACILITIES, description="Inactive (unmaintained) ones.")


class RegionStart(FileModel):
    """A region (land or sea) at the start: the map place with the same id."""

    id: Id = Field(description="The map place (and region polygon) with this id.")
    owner: Id | None = Field(None, description="The nation whose home country it is; empty: a non-player region.")
    ed: int = Field(1, ge=1, le=4, description="Economic development level, ED1-ED4.")
    rough: bool = Field(False, description="Rough terrain.")
    pool: int = Field(0, ge=0, le=MAX_PEOPLE, description="Labour units in the general labour pool.")
    farm: int = Field(0, ge=0, le=MAX_PEOPLE, description="Labour units in the farm sector (food box).")
    starving: int = Field(0, ge=0, le=MAX_PEOPLE, description="Starving labour units.")
    primary: dict[Good, GoodsCount] = Field(default_factory=dict, description="Primary production per turn (resource "
                                     "boxes): good -> units.")
    stock: dict[Good, GoodsCount] = Field(default_factory=dict, description="Goods lying in the region at the start.")
    facilities: dict[Id, Facilities] = Field(default_factory=dict, description="Facility type -> counts.")
    pips: dict[Id, People] = Field(default_factory=dict, description="Player -> PIPs here.")
    relations: dict[Id, Relation] = Field(default_factory=dict, description="Player -> understanding, alliance or "
                                          "control here.")
    insurgents: int = Field(0, ge=0, le=MAX_PEOPLE, description="Independent insurgents.")
    loyal_insurgents: dict[Id, People] = Field(default_factory=dict, description="Nation -> insurgents loyal to it.")
    occupier: Id | None = Field(None, description="Nation that militarily occupies it (Control won in combat).")


class UnitStart(FileModel):
    """A military unit at the start."""

    id: Id = Field(description="The unit's id (used in commands: 'france-mec-1').")
    type: Id = Field(description="A unit type of the unit table.")
    nation: Id = Field(description="The nation that owns it.")
    region: Id = Field(description="Region id, or 'orbit' for spacecraft.")
    active: bool = Field(True, description="False: inactive (unmaintained) at the start.")


ORBIT = "orbit"


class TheGameScenario(ScenarioBase):
    """A scenario of GDW's The Game."""

    rules: str = Field("thegame", pattern="^thegame$", description="Always 'thegame' for this rule module.")
    players: list[Player] = Field(max_length=MAX_ENTRIES,
                                  description="The players (teams), each leading several nations.")
    nations: list[Nation] = Field(max_length=MAX_ENTRIES, description="The player nations.")
    regions: list[RegionStart] = Field(max_length=MAX_ENTRIES, description="Every region of the map, land and sea.")
    units: list[UnitStart] = Field(default_factory=list, max_length=MAX_UNITS,
                                   description="Military units at the start.")
    # (not 'unit_types': the editor reads a scenario's 'unit_types' as War in Binni's)
    unit_table: list[UnitType] = Field(default_factory=default_unit_types, max_length=MAX_ENTRIES,
                                       description="Unit values and costs "
                                       "(shipped defaults: the source lacks its counters' chart).")
    facility_types: list[FacilityType] = Field(default_factory=default_facility_types, max_length=MAX_ENTRIES,
                                               description="Facilities (shipped defaults).")
    diplomatic_table: list[DiplomaticColumn] = Field(
        default_factory=default_diplomatic_table,
        description="The Diplomatic Conflict table, columns from worst to best odds (shipped default).")
    achievements: list[Achievement] = Field(default_factory=default_achievements, max_length=MAX_ENTRIES,
                                            description="Technology coupons.")
    settings: Settings = Field(default_factory=Settings, description="Numbers the source leaves open.")
    position: dict[str, Any] | None = Field(
        None, description=POSITION_DESCRIPTION + " The Game: turn, year, step, regions (people, goods, facilities, "
        "PIPs, relations, insurgents, occupier), nations (bank, tech, research, coupons), units (what they did "
        "this combat year), wars, transit, this turn's records and the ledgers' history …")

    def cross_check(self, the_map: Map) -> list[Problem]:
        """Every id this scenario uses must exist; each map place must be one region and vice versa."""
        problems: list[Problem] = []
        players = {p.id for p in self.players}
        nations = {n.id: n for n in self.nations}
        regions = {r.id for r in self.regions}
        places = the_map.place_by_id
        types = {u.id for u in self.unit_table}
        facilities = {f.id for f in self.facility_types}
        fields = set(self.settings.tech_fields)
        lists: dict[str, list[str]] = {
            "players": [p.id for p in self.players], "nations": [n.id for n in self.nations],
            "regions": [r.id for r in self.regions], "units": [u.id for u in self.units],
            "unit_table": [u.id for u in self.unit_table], "facility_types": [f.id for f in self.facility_types]}
        for key, ids in lists.items():
            for x, count in Counter(ids).items():
                if count > 1:
                    problems.append(_p((key, ids.index(x), "id"), f"the id {x!r} is used {count} times; "
                                       "ids must be unique"))
        for i, n in enumerate(self.nations):
            if n.player not in players:
                problems.append(_p(("nations", i, "player"), f"no player {n.player!r}; players are {sorted(players)}"))
            if n.capital not in regions:
                problems.append(_p(("nations", i, "capital"), f"no region {n.capital!r}"))
            for f in n.tech:
                if f not in fields:
                    problems.append(_p(("nations", i, "tech", f), f"no technology field {f!r}; fields are "
                                       f"{sorted(fields)}"))
            for j, other in enumerate(n.at_war_with):
                if other not in nations:
                    problems.append(_p(("nations", i, "at_war_with", j), f"no nation {other!r}"))
        for i, r in enumerate(self.regions):
            if r.id not in places:
                problems.append(_p(("regions", i, "id"), f"no place {r.id!r} on map {the_map.id!r}"))
            for key, value in (("owner", r.owner), ("occupier", r.occupier)):
                if value is not None and value not in nations:
                    problems.append(_p(("regions", i, key), f"no nation {value!r}"))
            for who in (*r.pips, *r.relations):
                if who not in players:
                    problems.append(_p(("regions", i), f"no player {who!r} (PIPs and relations are per player)"))
            for who in r.loyal_insurgents:
                if who not in nations:
                    problems.append(_p(("regions", i, "loyal_insurgents", who), f"no nation {who!r}"))
            for f in r.facilities:
                if f not in facilities:
                    problems.append(_p(("regions", i, "facilities", f), f"no facility type {f!r}; types are "
                                       f"{sorted(facilities)}"))
        for i, n in enumerate(self.nations):
            owner = next((r.owner for r in self.regions if r.id == n.capital), None)
            if n.capital in regions and owner != n.id:
                problems.append(_p(("nations", i, "capital"), f"capital {n.capital!r} is not a region of "
                                   f"{n.id!r} (its owner is {owner!r})"))
        for i, u in enumerate(self.units):
            if u.type not in types:
                problems.append(_p(("units", i, "type"), f"no unit type {u.type!r}; types are {sorted(types)}"))
            if u.nation not in nations:
                problems.append(_p(("units", i, "nation"), f"no nation {u.nation!r}"))
            if u.region != ORBIT and u.region not in regions:
                problems.append(_p(("units", i, "region"), f"no region {u.region!r}"))
        for i, p in enumerate(the_map.places):
            if p.id not in regions:
                problems.append(_p(("regions",), f"map place {p.id!r} (places[{i}]) has no region entry"))
        kinds = {r.id: r.kind for r in the_map.regions}
        for i, r in enumerate(self.regions):
            if kinds.get(r.id) == RegionKind.SEA and (r.owner or r.pool or r.farm):
                problems.append(_p(("regions", i), f"sea region {r.id!r} has an owner or population"))
        if not [p for p in problems if p.severity == "error"] and self.position is not None:
            from boardapp.rules.thegame.position import problems as position_problems

            problems += position_problems(self, the_map)
        return problems
