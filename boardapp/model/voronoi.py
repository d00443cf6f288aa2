"""Regions from points: a quick province map from place positions and a land outline.

Each point gets the part of the outline nearer to it than to any other point (its Voronoi cell,
from shapely's ``voronoi_polygons``), so neighbouring cells share their border vertices exactly.

>>> from boardapp.model.mapfile import Place
>>> cells = regions_from_points([Place(id="a", name="A", at=(25, 50)), Place(id="b", name="B", at=(75, 50))],
...                             [(0, 0), (100, 0), (100, 100), (0, 100)])
>>> [(r.id, r.name, round(region_area(r))) for r in cells]
[('a', 'A', 5000), ('b', 'B', 5000)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import shapely
from shapely.geometry import MultiPoint, Polygon
from shapely.geometry.polygon import orient

from boardapp.model.mapfile import Region, RegionKind

XY = tuple[float, float]


def _rounded(coords: Any, digits: int) -> list[XY]:
    pts = [(round(float(x), digits), round(float(y), digits)) for x, y in coords]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    out: list[XY] = []
    for p in pts:  # no repeated vertex after rounding
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return [(int(x) if float(x).is_integer() else x, int(y) if float(y).is_integer() else y) for x, y in out]


def voronoi_cells(points: Sequence[XY], outline: Sequence[XY] | Polygon) -> list[Polygon]:
    """One polygon per point: its Voronoi cell clipped to the outline (empty when outside it)."""
    land = outline if isinstance(outline, Polygon) else Polygon(outline)
    if not land.is_valid:
        land = shapely.make_valid(land)
    if len(points) == 0:
        return []
    if len(points) == 1:
        return [land]
    diagram = shapely.voronoi_polygons(MultiPoint(list(points)), extend_to=land.envelope.buffer(1.0),
                                       ordered=True)
    cells = list(diagram.geoms)
    out = []
    for cell in cells:
        clipped = cell.intersection(land)
        if clipped.geom_type in {"MultiPolygon", "GeometryCollection"}:
            parts = [g for g in getattr(clipped, "geoms", []) if g.geom_type == "Polygon"]
            clipped = max(parts, key=lambda g: g.area) if parts else Polygon()
        out.append(clipped)
    return out


def regions_from_points(places: Sequence[Any], outline: Sequence[XY] | Polygon,
                        kind: RegionKind = RegionKind.PROVINCE, digits: int = 1) -> list[Region]:
    """A valid region per place inside the outline, with the place's id and name.

    ``places`` are objects with ``id``, ``name`` and ``at`` (map places). Coordinates are rounded
    to ``digits`` decimals; a place outside the outline (or with a duplicate position) gets no region.
    """
    seen: set[XY] = set()
    chosen = []
    for p in places:
        at = (float(p.at[0]), float(p.at[1]))
        if at not in seen:
            seen.add(at)
            chosen.append(p)
    cells = voronoi_cells([tuple(p.at) for p in chosen], outline)
    regions = []
    for place, raw in zip(chosen, cells, strict=True):
        if raw.is_empty or raw.area <= 0:
            continue
        cell = orient(raw, sign=1.0)
        ring = _rounded(cell.exterior.coords, digits)
        holes = [_rounded(h.coords, digits) for h in cell.interiors]
        if len(ring) < 3:
            continue
        region = Region(id=place.id, name=place.name, kind=kind, polygon=ring,
                        holes=[h for h in holes if len(h) >= 3])
        if not Polygon(region.polygon, region.holes or None).is_valid:
            fixed = shapely.make_valid(Polygon(region.polygon, region.holes or None)).buffer(0)
            if fixed.geom_type != "Polygon" or fixed.is_empty:
                continue
            region = region.model_copy(update={"polygon": _rounded(fixed.exterior.coords, digits),
                                               "holes": [_rounded(h.coords, digits) for h in fixed.interiors]})
        regions.append(region)
    return regions


def region_area(region: Region) -> float:
    return float(Polygon(region.polygon, region.holes or None).area)
