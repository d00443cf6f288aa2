"""Map geometry with shapely: polygons, validity, place-in-region."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import Point, Polygon
from shapely.validation import explain_validity

if TYPE_CHECKING:
    from boardapp.model.mapfile import Map, Region


def region_polygon(region: Region) -> Polygon:
    return Polygon(region.polygon, holes=region.holes or None)


def polygon_problem(region: Region) -> str | None:
    """Why a region's outline is not a valid polygon, or None when it is."""
    poly = region_polygon(region)
    if poly.is_valid and poly.area > 0:
        return None
    if poly.convex_hull.area == 0:
        return "the outline has no area (are the points all on one line?)"
    # A self-intersecting outline (a bow tie) may also have zero signed area: say what is wrong.
    why = explain_validity(poly)
    m = re.fullmatch(r"Self-intersection\[(\S+) (\S+)\]", why)
    if m:
        return (f"the outline crosses itself at [{float(m[1]):g}, {float(m[2]):g}]; "
                "list the points in order around the region")
    return f"the outline is not a valid polygon: {why}"


def regions_containing(m: Map) -> dict[str, tuple[str, ...]]:
    """Place id -> ids of the valid regions that cover it, smallest region first."""
    valid = [(r, region_polygon(r)) for r in m.regions if polygon_problem(r) is None]
    if not valid:
        return {}
    polys = [p for _, p in valid]
    tree = shapely.STRtree(polys)
    out: dict[str, tuple[str, ...]] = {}
    for place in m.places:
        pt = Point(place.at)
        hits = [int(i) for i in tree.query(pt, predicate="covered_by")]
        hits.sort(key=lambda i: (polys[i].area, valid[i][0].id))
        out[place.id] = tuple(valid[i][0].id for i in hits)
    return out


def overlapping_regions(m: Map) -> list[tuple[str, str]]:
    """Pairs of same-kind regions whose interiors overlap (a drawing mistake)."""
    valid = [(r, region_polygon(r)) for r in m.regions if polygon_problem(r) is None]
    polys = [p for _, p in valid]
    if not polys:
        return []
    tree = shapely.STRtree(polys)
    pairs: list[tuple[str, str]] = []
    for i, (region, poly) in enumerate(valid):
        for hit in tree.query(poly, predicate="intersects"):
            j = int(hit)
            if j <= i or valid[j][0].kind != region.kind:
                continue
            inter = poly.intersection(polys[j])
            if inter.area > 1e-6 * min(poly.area, polys[j].area) and inter.area > 1e-9:
                pairs.append((region.id, valid[j][0].id))
    return pairs
