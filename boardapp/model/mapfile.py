"""The map: places, roads, regions, labels and an optional background.

Coordinates are map units with x to the right and y down (the background image's pixels,
when there is one). A place's region is computed from the region polygons, never typed.

>>> m = Map(id="tiny", name="Tiny", size=(100, 100),
...         regions=[Region(id="land", name="Land", polygon=[(0, 0), (100, 0), (100, 100), (0, 100)])],
...         places=[Place(id="a", name="A", at=(10, 10)), Place(id="b", name="B", at=(90, 90))],
...         roads=[Road(between=("a", "b"))])
>>> m.country_of("a").name
'Land'
>>> sorted(m.neighbours("a"))
['b']
"""

from __future__ import annotations

from collections import defaultdict
from enum import StrEnum
from functools import cached_property
from typing import Annotated

from pydantic import Field

from boardapp.model.base import FileModel

Coordinate = Annotated[float, Field(allow_inf_nan=False)]
"""A finite number: NaN or ±infinity would poison every distance, polygon and drawing."""
XY = tuple[Coordinate, Coordinate]
Id = Annotated[
    str,
    Field(
        pattern=r"^[a-z0-9][a-z0-9_-]*$",
        description="A short id: lower-case letters, digits, '-' and '_' (used in commands and files).",
    ),
]


class PlaceKind(StrEnum):
    """What a place is; the board draws each kind with its own symbol."""

    TOWN = "town"
    CITY = "city"
    POWER_PLANT = "power_plant"
    DAM = "dam"
    AIRFIELD = "airfield"
    PORT = "port"
    BORDER_POST = "border_post"


class Place(FileModel):
    """A town, city or key installation: where counters stand and control markers sit."""

    id: Id
    name: str = Field(description="The name shown on the map.")
    kind: PlaceKind = Field(PlaceKind.TOWN, description="Town, city, power plant, dam, …")
    at: XY = Field(description="Position on the map, [x, y] in map units (y grows downwards).")
    community: str | None = Field(
        None,
        description="Majority religion or community (one of the map's `communities`); "
        "displaced people move towards their own community.",
    )
    value: int | None = Field(
        None, ge=0, description="What holding the place is worth; empty: the rules' default for its kind."
    )
    dp_capacity: int | None = Field(
        None, ge=0, description="Displaced-people tokens the place sustains; empty: the rules' default."
    )
    label_offset: XY = Field((0.0, 0.0), description="Where the name is drawn, relative to the default.")


class Road(FileModel):
    """A road between two places; counters move only along roads."""

    between: tuple[Id, Id] = Field(description="The two places the road joins, by id.")
    via: list[XY] = Field(default_factory=list, description="Bends of the road, in order, from the first place.")
    kind: str = Field(
        "road",
        description="The road's look: road, track, highway, rail; 'adjacency' joins neighbouring provinces "
        "without drawing a line (a Diplomacy map's borders).",
    )


class RegionKind(StrEnum):
    COUNTRY = "country"
    PROVINCE = "province"
    AREA = "area"
    SEA = "sea"


class Region(FileModel):
    """A country, province or area drawn as a polygon."""

    id: Id
    name: str = Field(description="The name shown on the map.")
    kind: RegionKind = Field(RegionKind.COUNTRY, description="Country, province, area or sea.")
    polygon: list[XY] = Field(min_length=3, description="Outline, as [x, y] points in order (not closed).")
    holes: list[list[XY]] = Field(default_factory=list, description="Inner outlines cut out of the polygon.")
    colour: str | None = Field(None, description="Fill colour as #rrggbb; empty: a soft default.")
    label_at: XY | None = Field(None, description="Where the region's name is drawn; empty: its centre.")


class Label(FileModel):
    """Free text on the map (a river, a sea, a mountain range)."""

    text: str
    at: XY = Field(description="Position of the text's centre.")
    size: float = Field(24.0, gt=0, allow_inf_nan=False, description="Text height in map units.")
    angle: float = Field(0.0, allow_inf_nan=False, description="Rotation in degrees, clockwise.")


class Background(FileModel):
    """An image under the map, placed by the map rectangle it covers."""

    image: str = Field(description="Path of a PNG, JPEG or SVG file, relative to the map file.")
    rect: tuple[Coordinate, Coordinate, Coordinate, Coordinate] | None = Field(
        None, description="[x, y, width, height] in map units it covers; empty: the whole map."
    )
    opacity: float = Field(1.0, ge=0, le=1, allow_inf_nan=False, description="0 hides it, 1 shows it fully.")


class Community(FileModel):
    id: Id
    name: str
    colour: str | None = Field(None, description="Colour of displaced-people tokens of this community.")


class Map(FileModel):
    """A map file: everything drawn under the counters.

    Validating a map checks each field; the cross-field map checks (:func:`~boardapp.model.checks.check_map`:
    unique ids, roads to known places, polygons, reachability) are run once by the loaders
    (``engine.files.read_map``, ``boardapp check``), which can point each problem at its line.
    """

    id: Id
    name: str = Field(description="The map's title.")
    size: XY = Field(description="[width, height] of the map in map units.")
    communities: list[Community] = Field(default_factory=list, description="Religions or communities of places.")
    regions: list[Region] = Field(default_factory=list, description="Countries, provinces and areas.")
    places: list[Place] = Field(default_factory=list, description="Towns, cities and installations.")
    roads: list[Road] = Field(default_factory=list, description="Roads between places.")
    labels: list[Label] = Field(default_factory=list, description="Free text on the map.")
    background: Background | None = Field(None, description="Optional image under the map.")

    # --- lookups, computed once ------------------------------------------------------
    @cached_property
    def place_by_id(self) -> dict[str, Place]:
        return {p.id: p for p in self.places}

    @cached_property
    def region_by_id(self) -> dict[str, Region]:
        return {r.id: r for r in self.regions}

    @cached_property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Place id -> neighbouring place ids by road, sorted, no duplicates."""
        adj: dict[str, set[str]] = defaultdict(set)
        for road in self.roads:
            a, b = road.between
            if a != b:
                adj[a].add(b)
                adj[b].add(a)
        return {p.id: tuple(sorted(adj.get(p.id, ()))) for p in self.places}

    def neighbours(self, place: str) -> tuple[str, ...]:
        return self.adjacency[place]

    @cached_property
    def _place_regions(self) -> dict[str, tuple[str, ...]]:
        from boardapp.model.geometry import regions_containing

        return regions_containing(self)

    def regions_of(self, place: str) -> tuple[Region, ...]:
        """Every region whose polygon holds the place, smallest first."""
        return tuple(self.region_by_id[r] for r in self._place_regions.get(place, ()))

    def country_of(self, place: str) -> Region | None:
        """The country the place stands in (computed from the polygons), or None."""
        for region in self.regions_of(place):
            if region.kind == RegionKind.COUNTRY:
                return region
        return None
