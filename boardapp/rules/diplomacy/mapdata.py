"""Map model for Diplomacy-family games.

A map is pure data: provinces (some of them supply centres, some of those home
centres of a power), regions (a province, or one coast of a multi-coast
province) with a terrain, and borders between regions that carry armies, fleets
or both.  Everything the adjudicator needs is derived from these three tables,
so variant maps (waterways, a two-coast Iran, a Denmark-Sweden crossing) are
expressed as data rather than code:

* a *waterway* province is a ``coast`` region whose fleet borders join the two
  seas it connects;
* a *two-coast* province has one ``land`` region for armies and one ``sea``
  region per coast for fleets;
* a direct crossing is simply a border with terrain ``coast``.

>>> m = load_standard_map()
>>> m.provinces["stp"].name, m.provinces["stp"].home_power
('St Petersburg', 'RUS')
>>> sorted(m.coasts_of("spa"))
['spa(nc)', 'spa(sc)']
>>> m.army_can_move("par", "bur"), m.fleet_can_move("gas", "spa(nc)")
(True, True)
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

__all__ = [
    "STANDARD_MAP_DIR",
    "Border",
    "MapData",
    "MapDataError",
    "Province",
    "Region",
    "Terrain",
    "load_standard_map",
    "province_of",
    "region_id",
]


class MapDataError(ValueError):
    """The map data are inconsistent (unknown region, duplicate province, ...)."""


class Terrain(Enum):
    """Terrain of a region, or the kind of a border.

    For regions: ``LAND`` holds armies only, ``SEA`` fleets only, ``COAST``
    both.  For borders: ``LAND`` carries armies, ``SEA`` fleets, ``COAST`` both.
    """

    LAND = "land"
    SEA = "sea"
    COAST = "coast"

    @property
    def armies(self) -> bool:
        """Whether armies may stand in / cross this terrain."""
        return self is not Terrain.SEA

    @property
    def fleets(self) -> bool:
        """Whether fleets may stand in / cross this terrain."""
        return self is not Terrain.LAND


def region_id(province: str, coast: str | None = None) -> str:
    """Canonical id of a region: ``spa`` or ``spa(nc)``.

    >>> region_id("spa", "nc"), region_id("par")
    ('spa(nc)', 'par')

    A coast's id is interned: the map's indexes and the orders parsed against it then hold the very
    same string, which a dict lookup recognises without comparing the characters.
    """
    return sys.intern(f"{province}({coast})") if coast else province


def province_of(region: str) -> str:
    """The province part of a region id.

    >>> province_of("spa(nc)"), province_of("par")
    ('spa', 'par')
    """
    i = region.find("(")
    return region if i < 0 else region[:i]


@dataclass(frozen=True, slots=True)
class Province:
    """A province.  ``supply_center`` is true for neutral and home centres."""

    short: str
    name: str
    supply_center: bool = False
    home_power: str | None = None


@dataclass(frozen=True, slots=True)
class Region:
    """A place a unit can stand: a whole province, or one coast of it."""

    province: str
    coast: str | None
    terrain: Terrain

    @property
    def id(self) -> str:
        """Canonical id, e.g. ``bul(ec)``."""
        return region_id(self.province, self.coast)


@dataclass(frozen=True, slots=True)
class Border:
    """A border between two regions; ``terrain`` says which units may cross."""

    a: str
    b: str
    terrain: Terrain


@dataclass(frozen=True)
class MapData:
    """An immutable map: provinces, regions and borders, plus derived indexes.

    Construct it with :meth:`build`, which checks consistency.
    """

    provinces: Mapping[str, Province]
    regions: Mapping[str, Region]
    borders: tuple[Border, ...]
    #: army adjacency between provinces
    army_adj: Mapping[str, frozenset[str]] = field(repr=False)
    #: fleet adjacency between regions
    fleet_adj: Mapping[str, frozenset[str]] = field(repr=False)
    #: province -> provinces reachable by a fleet from any of its regions
    fleet_province_adj: Mapping[str, frozenset[str]] = field(repr=False)
    #: province -> all neighbouring provinces over any border
    any_adj: Mapping[str, frozenset[str]] = field(repr=False)
    #: province -> its regions (ids)
    province_regions: Mapping[str, tuple[str, ...]] = field(repr=False)
    #: region id -> its province (``spa(nc)`` -> ``spa``), for lookups in the adjudicator's inner loops
    region_province: Mapping[str, str] = field(repr=False)
    #: region -> provinces a fleet there may move to (over any of their coasts)
    fleet_reach: Mapping[str, frozenset[str]] = field(repr=False)
    #: open-water provinces (where fleets convoy)
    seas: frozenset[str] = field(repr=False)
    #: provinces an army may be convoyed from or to (land touching water)
    coastal: frozenset[str] = field(repr=False)
    #: provinces an army may stand in
    army_places: frozenset[str] = field(repr=False)
    #: provinces with several coasts (a fleet moving there must name one)
    multi_coast: frozenset[str] = field(repr=False)
    # -- the same by province number, for the adjudicator: a list index or a set of small ints costs a
    # fraction of a string-keyed lookup when the processor's caches are cold (small ints are shared
    # objects that stay in cache; strings are compared byte by byte when not the same object)
    #: province number -> province id (numbers follow the provinces' order in the map's table)
    province_names: tuple[str, ...] = field(repr=False, compare=False)
    #: province id or region id -> province number
    place_number: Mapping[str, int] = field(repr=False, compare=False)
    #: region an army may stand in (a whole province, no coast) -> its province number
    army_region_number: Mapping[str, int] = field(repr=False, compare=False)
    #: province number -> province numbers an army there may move to over land
    army_adj_numbers: tuple[frozenset[int], ...] = field(repr=False, compare=False)
    #: region -> {region a fleet there may move to (never a multi-coast province without a coast): its province number}
    fleet_moves: Mapping[str, Mapping[str, int]] = field(repr=False, compare=False)
    #: region -> numbers of the provinces a fleet there may move to (over any of their coasts)
    fleet_reach_numbers: Mapping[str, frozenset[int]] = field(repr=False, compare=False)
    #: province number -> province numbers reachable by a fleet from any of its regions
    fleet_adj_numbers: tuple[frozenset[int], ...] = field(repr=False, compare=False)
    #: province -> the seas a chain of open water starting beside it can reach (where a convoy from it may go)
    sea_reach: Mapping[str, frozenset[str]] = field(repr=False, compare=False)
    # -- the adjudicator's set-up reads these four instead of the four indexes above it (one dict, one tuple and
    # one bytes table instead of ~250 small sets and dicts: fewer distinct pieces of memory per phase, see
    # docs/diplomacy.md "Cold adjudication")
    #: place code of every key of ``place_number`` (regions, then bare provinces that are no region); the
    #: code ``len(place_code)`` is "no place" (its row and column of ``place_moves`` are all zero)
    place_code: Mapping[str, int] = field(repr=False, compare=False)
    #: place code -> province number (the "no place" code last, -1)
    code_province: tuple[int, ...] = field(repr=False, compare=False)
    #: ``place_moves[a * width + b]`` (``width`` = ``len(code_province)``, codes ``a`` of the unit's region and
    #: ``b`` of the place named): bit ``MOVE_ARMY``: an army in ``a``'s province may move to ``b`` over land
    #: (``b`` an army region: ``army_region_number``, ``army_adj_numbers``, another province); ``MOVE_FLEET``: a
    #: fleet in region ``a`` may move to region ``b`` (``fleet_moves``, another province); ``REACH_ARMY`` /
    #: ``REACH_FLEET``: ``b``'s province is within reach of an army in ``a``'s province / a fleet in region
    #: ``a`` (``army_adj_numbers`` / ``fleet_reach_numbers``), for supports
    place_moves: bytes = field(repr=False, compare=False)

    @classmethod
    def build(
        cls,
        provinces: Iterable[Province],
        regions: Iterable[Region],
        borders: Iterable[Border],
    ) -> MapData:
        """Check the tables and build the derived adjacency indexes."""
        provs: dict[str, Province] = {}
        for p in provinces:
            if p.short in provs:
                raise MapDataError(f"duplicate province {p.short!r}")
            provs[p.short] = p
        regs: dict[str, Region] = {}
        by_prov: dict[str, list[str]] = {p: [] for p in provs}
        for r in regions:
            if r.province not in provs:
                raise MapDataError(f"region {r.id!r} names unknown province {r.province!r}")
            if r.id in regs:
                raise MapDataError(f"duplicate region {r.id!r}")
            regs[r.id] = r
            by_prov[r.province].append(r.id)
        for pname, rs in by_prov.items():
            if not rs:
                raise MapDataError(f"province {pname!r} has no region")
        army: dict[str, set[str]] = {p: set() for p in provs}
        fleet: dict[str, set[str]] = {r: set() for r in regs}
        fprov: dict[str, set[str]] = {p: set() for p in provs}
        anyp: dict[str, set[str]] = {p: set() for p in provs}
        bl = tuple(borders)
        for b in bl:
            for end in (b.a, b.b):
                if end not in regs:
                    raise MapDataError(f"border {b.a}-{b.b} names unknown region {end!r}")
            pa, pb = regs[b.a].province, regs[b.b].province
            anyp[pa].add(pb)
            anyp[pb].add(pa)
            if b.terrain.armies:
                army[pa].add(pb)
                army[pb].add(pa)
            if b.terrain.fleets:
                fleet[b.a].add(b.b)
                fleet[b.b].add(b.a)
                fprov[pa].add(pb)
                fprov[pb].add(pa)
        seas = frozenset(r.province for r in regs.values() if r.coast is None and r.terrain is Terrain.SEA)
        names = tuple(provs)
        number = {p: k for k, p in enumerate(names)}
        multi = frozenset(r.province for r in regs.values() if r.coast)
        canon = {k: k for k in regs}  # a region id -> the map's own string for it (the borders' are copies)
        place_number = {
            **{k: number[r.province] for k, r in regs.items()}, **{p: number[p] for p in names if p not in regs}
        }
        army_region_number = {k: number[r.province] for k, r in regs.items() if r.coast is None and r.terrain.armies}
        army_adj_numbers = tuple(frozenset(number[q] for q in army[p]) for p in names)
        fleet_moves = {
            k: {canon[x]: number[regs[x].province] for x in sorted(v) if x != regs[x].province or x not in multi}
            for k, v in fleet.items()
        }
        fleet_reach_numbers = {k: frozenset(number[regs[x].province] for x in v) for k, v in fleet.items()}
        return cls(
            provinces=provs,
            regions=regs,
            borders=bl,
            army_adj={k: frozenset(v) for k, v in army.items()},
            fleet_adj={k: frozenset(v) for k, v in fleet.items()},
            fleet_province_adj={k: frozenset(v) for k, v in fprov.items()},
            any_adj={k: frozenset(v) for k, v in anyp.items()},
            province_regions={k: tuple(sorted(v)) for k, v in by_prov.items()},
            region_province={k: r.province for k, r in regs.items()},
            fleet_reach={k: frozenset(regs[x].province for x in v) for k, v in fleet.items()},
            seas=seas,
            coastal=frozenset(p for p in provs if p in regs and p not in seas and fprov[p]),
            army_places=frozenset(k for k, r in regs.items() if r.coast is None and r.terrain.armies),
            multi_coast=multi,
            province_names=names,
            # keys: the regions' own id strings (those the order parser hands out), then bare province ids
            place_number=place_number,
            army_region_number=army_region_number,
            army_adj_numbers=army_adj_numbers,
            fleet_moves=fleet_moves,
            fleet_reach_numbers=fleet_reach_numbers,
            fleet_adj_numbers=tuple(frozenset(number[q] for q in fprov[p]) for p in names),
            sea_reach={p: _seas_from(p, seas, fprov) for p in names},
            **_place_tables(place_number, army_region_number, army_adj_numbers, fleet_moves, fleet_reach_numbers),
        )

    # -- queries ---------------------------------------------------------

    def coasts_of(self, province: str) -> tuple[str, ...]:
        """Fleet regions of a province that has several coasts, else ``()``."""
        return tuple(r for r in self.province_regions.get(province, ()) if self.regions[r].coast)

    def is_sea(self, province: str) -> bool:
        """Whether the province is open water (where fleets may convoy)."""
        r = self.regions.get(province)
        return r is not None and r.terrain is Terrain.SEA

    def is_coastal(self, province: str) -> bool:
        """Whether an army in this province could be convoyed (it touches water)."""
        r = self.regions.get(province)
        return r is not None and r.terrain is not Terrain.SEA and bool(self.fleet_province_adj.get(province))

    def army_can_stand(self, region: str) -> bool:
        """Whether an army may occupy ``region`` (armies never name a coast)."""
        r = self.regions.get(region)
        return r is not None and r.coast is None and r.terrain.armies

    def fleet_can_stand(self, region: str) -> bool:
        """Whether a fleet may occupy ``region`` (multi-coast provinces need a coast)."""
        r = self.regions.get(region)
        return r is not None and r.terrain.fleets

    def army_can_move(self, src: str, dst: str) -> bool:
        """Whether an army may move ``src`` -> ``dst`` over land (province ids)."""
        return dst in self.army_adj.get(src, ())

    def fleet_can_move(self, src: str, dst: str) -> bool:
        """Whether a fleet may move from region ``src`` to region ``dst``."""
        return dst in self.fleet_adj.get(src, ())

    def home_centres(self, power: str) -> tuple[str, ...]:
        """Home supply centres of ``power``, sorted."""
        return tuple(sorted(p.short for p in self.provinces.values() if p.home_power == power))

    @property
    def supply_centres(self) -> tuple[str, ...]:
        """All supply centres, sorted."""
        return tuple(sorted(p.short for p in self.provinces.values() if p.supply_center))

    @property
    def powers(self) -> tuple[str, ...]:
        """All powers with a home centre, sorted."""
        return tuple(sorted({p.home_power for p in self.provinces.values() if p.home_power}))

    def initial_owners(self) -> dict[str, str]:
        """Centre -> power for every home centre."""
        return {p.short: p.home_power for p in self.provinces.values() if p.home_power}


#: bits of ``MapData.place_moves``
MOVE_ARMY, MOVE_FLEET, REACH_ARMY, REACH_FLEET = 1, 2, 4, 8


def _place_tables(
    place_number: Mapping[str, int],
    army_region_number: Mapping[str, int],
    army_adj_numbers: tuple[frozenset[int], ...],
    fleet_moves: Mapping[str, Mapping[str, int]],
    fleet_reach_numbers: Mapping[str, frozenset[int]],
) -> dict[str, Any]:
    """``place_code``, ``code_province`` and ``place_moves``: the same facts as the four indexes, in three objects."""
    code = {k: c for c, k in enumerate(place_number)}
    width = len(code) + 1  # the last code: no place
    province = (*place_number.values(), -1)
    table = bytearray(width * width)
    for a, ka in enumerate(place_number):
        src = province[a]
        near = army_adj_numbers[src]
        moves = fleet_moves.get(ka, {})
        reach = fleet_reach_numbers.get(ka, frozenset())
        row = a * width
        for b, kb in enumerate(place_number):
            dp = province[b]
            bits = 0
            if army_region_number.get(kb, -1) in near and dp != src:
                bits |= MOVE_ARMY
            if moves.get(kb, -1) >= 0 and dp != src:
                bits |= MOVE_FLEET
            if dp in near:
                bits |= REACH_ARMY
            if dp in reach:
                bits |= REACH_FLEET
            table[row + b] = bits
    return {"place_code": code, "code_province": province, "place_moves": bytes(table)}


def _seas_from(start: str, seas: frozenset[str], adj: Mapping[str, set[str]]) -> frozenset[str]:
    """The seas reachable from ``start`` by steps from sea to neighbouring sea, starting with its own neighbours."""
    seen = {p for p in adj[start] if p in seas}
    todo = list(seen)
    while todo:
        for q in adj[todo.pop()]:
            if q in seas and q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)


_COAST_NAMES = {"n": "nc", "s": "sc", "e": "ec", "w": "wc"}


def _coast(raw: str) -> str | None:
    raw = raw.strip().lower()
    if not raw:
        return None
    return _COAST_NAMES.get(raw, raw)


def _read_rows(path: Path) -> list[list[str]]:
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            rows = [[c.strip() for c in row] for row in csv.reader(fh) if row]
    except OSError as exc:
        raise MapDataError(f"{path}: cannot read ({exc.strerror})") from exc
    return rows[1:]


#: Directory of the standard map shipped with the package.
STANDARD_MAP_DIR = Path(__file__).resolve().parent / "data"


def load_standard_map(directory: Path | str = STANDARD_MAP_DIR) -> MapData:
    """Load a map from ``standard-map-{provinces,regions,borders}.csv`` in ``directory``.

    Without an argument, the copy of the standard map shipped in the package.

    The provinces file has ``short_name,full_name,supply_center_for`` (a power,
    ``neutral`` or empty); regions ``province,coast,terrain``; borders
    ``region 1,region 2,terrain``.
    """
    d = Path(directory)
    provinces: list[Province] = []
    for row in _read_rows(d / "standard-map-provinces.csv"):
        short, name, sc = [*row, "", "", ""][:3]
        home = sc if sc and sc != "neutral" else None
        provinces.append(Province(short, name, supply_center=bool(sc), home_power=home))
    regions: list[Region] = []
    for row in _read_rows(d / "standard-map-regions.csv"):
        prov, coast, terrain = [*row, "", "", ""][:3]
        try:
            regions.append(Region(prov, _coast(coast), Terrain(terrain)))
        except ValueError as exc:
            raise MapDataError(f"region {prov!r}: unknown terrain {terrain!r}") from exc
    borders: list[Border] = []
    for row in _read_rows(d / "standard-map-borders.csv"):
        a, b, terrain = [*row, "", "", ""][:3]
        try:
            borders.append(Border(_fix_region(a), _fix_region(b), Terrain(terrain)))
        except ValueError as exc:
            raise MapDataError(f"border {a}-{b}: unknown terrain {terrain!r}") from exc
    return MapData.build(provinces, regions, borders)


def _fix_region(text: str) -> str:
    """``bul(e)`` / ``bul(ec)`` -> ``bul(ec)``."""
    text = text.strip().lower()
    p = province_of(text)
    if p == text:
        return text
    return region_id(p, _coast(text[len(p) + 1 : -1]))
