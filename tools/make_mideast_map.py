"""Generate ``maps/mideast.yaml``, the Mid-East PEACE board, from Natural Earth country outlines.

Source: Natural Earth 1:110m admin-0 countries (public domain), read by ``tools/naturalearth.py``.
The twelve countries, their zones and where countries are cut into zones are the tables below;
each choice is a ruling in ``docs/mideast-peace.md``. Zones are cut along meridians and parallels
(the synopsis gives no zone boundaries), the shared borders are simplified together
(``shapely.coverage_simplify``) so neighbouring zones never overlap, and neighbours are the zones
whose outlines touch plus three sea crossings.

Run: ``.venv/bin/python tools/make_mideast_map.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from naturalearth import SOURCE_NOTE, load_countries, project  # noqa: E402

LON0, LAT0, SCALE = 36.5, 29.0, 40.0
FRAME = (9.0, 15.0, 64.0, 43.0)  # lon/lat west, south, east, north
SIMPLIFY = 0.08  # degrees: keeps the file modest, coastlines still recognisable

SINAI = Polygon([(32.25, 31.8), (32.3, 31.0), (32.56, 29.95), (33.6, 28.0), (34.3, 27.55), (35.5, 27.55),
                 (35.5, 31.8)])
"""East of the Suez Canal and the Gulf of Suez."""

# zone id, name, Natural Earth countries, cut (lon/lat box west, south, east, north; None: whole)
ZONES: list[tuple[str, str, list[str], tuple[float, float, float, float] | Polygon | None]] = [
    ("tripolitania", "Tripolitania", ["Libya"], (0, 0, 18.0, 90)),
    ("cyrenaica", "Cyrenaica", ["Libya"], (18.0, 0, 90, 90)),
    ("sinai", "Sinai", ["Egypt"], SINAI),
    ("lower-egypt", "Lower Egypt", ["Egypt"], (0, 27.0, 90, 90)),
    ("upper-egypt", "Upper Egypt", ["Egypt"], (0, 0, 90, 27.0)),
    ("israel", "Israel", ["Israel", "Palestine"], None),
    ("lebanon", "Lebanon", ["Lebanon"], None),
    ("jordan", "Jordan", ["Jordan"], None),
    ("syria", "Syria", ["Syria"], None),
    ("anatolia", "Anatolia", ["Turkey"], (0, 0, 36.5, 90)),
    ("east-anatolia", "Eastern Anatolia", ["Turkey"], (36.5, 0, 90, 90)),
    ("mosul", "Mosul and Kirkuk", ["Iraq"], (0, 34.0, 90, 90)),
    ("mesopotamia", "Baghdad and Basra", ["Iraq"], (0, 0, 90, 34.0)),
    ("kuwait", "Kuwait", ["Kuwait"], None),
    ("khuzestan", "Khuzestan", ["Iran"], (0, 0, 50.8, 33.3)),
    ("persia", "Tehran and Persia", ["Iran"], None),
    ("hejaz", "Hejaz", ["Saudi Arabia"], (0, 0, 42.5, 90)),
    ("najd", "Najd", ["Saudi Arabia"], (42.5, 0, 48.0, 90)),
    ("hasa", "Al-Hasa", ["Saudi Arabia"], (48.0, 0, 90, 90)),
    ("qatar", "Qatar", ["Qatar"], None),
    ("emirates", "Trucial Emirates", ["United Arab Emirates"], None),
]
SEA_CROSSINGS = [("persia", "emirates", "Strait of Hormuz"), ("sinai", "hejaz", "Strait of Tiran"),
                 ("upper-egypt", "hejaz", "Red Sea")]
CONTEXT = ["Tunisia", "Algeria", "Niger", "Chad", "Sudan", "Eritrea", "Yemen", "Oman", "Cyprus", "N. Cyprus",
           "Greece", "Bulgaria", "Georgia", "Armenia", "Azerbaijan", "Turkmenistan", "Afghanistan", "Pakistan"]
"""Countries drawn for context only (no zones)."""
SEAS = [("Mediterranean Sea", 22.0, 34.5), ("Red Sea", 38.0, 21.0), ("Persian Gulf", 51.5, 27.6),
        ("Black Sea", 34.5, 42.5), ("Caspian Sea", 51.0, 41.0), ("Arabian Sea", 60.0, 18.5)]


def _largest(geom: shapely.Geometry) -> Polygon:
    if isinstance(geom, Polygon):
        return geom
    polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
    if not polys:
        raise ValueError(f"no polygon in {geom.geom_type}")
    return max(polys, key=lambda p: p.area)


def _areas(geom: shapely.Geometry) -> shapely.Geometry:
    """Only the polygons of an overlay's result (it may add slivers of lines and points)."""
    if isinstance(geom, (Polygon, MultiPolygon)):
        return geom
    return MultiPolygon([g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)])


def _to_map(geom: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(geom, lambda a: np.array([project(x, y, LON0, LAT0, SCALE) for x, y in a]))


def _round(geom: shapely.Geometry) -> shapely.Geometry:
    # The same vertex always rounds to the same point, so shared borders stay shared.
    return shapely.transform(geom, lambda a: np.round(a, 1))


def _outline(poly: Polygon) -> dict[str, object]:
    out: dict[str, object] = {"polygon": [list(c) for c in list(poly.exterior.coords)[:-1]]}
    holes = [[list(c) for c in list(h.coords)[:-1]] for h in poly.interiors]
    if holes:
        out["holes"] = holes
    return out


def build() -> dict[str, object]:
    countries = load_countries()
    frame = box(*FRAME)
    raw: list[shapely.Geometry] = []
    taken: shapely.Geometry = Polygon()
    whole: dict[str, shapely.Geometry] = {}
    for zid, _name, sources, cut in ZONES:
        geom = unary_union([countries[s].geometry for s in sources]).buffer(0)
        if isinstance(cut, Polygon):
            geom = geom.intersection(cut)
        elif cut is not None:
            geom = geom.intersection(box(*cut))
        geom = geom.difference(taken).intersection(frame)
        part = _largest(geom)  # drops islands and Turkey's Thrace (ruling 2)
        taken = unary_union([taken, part])
        raw.append(part)
        whole[zid] = part
    zones_proj = [_to_map(g) for g in raw]
    simplified = shapely.coverage_simplify(np.array(zones_proj, dtype=object), SIMPLIFY * SCALE)
    x0, y0 = project(FRAME[0], FRAME[3], LON0, LAT0, SCALE)
    x1, y1 = project(FRAME[2], FRAME[1], LON0, LAT0, SCALE)

    def shift(g: shapely.Geometry) -> shapely.Geometry:
        return _round(shapely.transform(g, lambda a: a - np.array([x0, y0])))

    regions, places = [], []
    shapes: dict[str, Polygon] = {}
    for (zid, name, _s, _c), geom in zip(ZONES, simplified, strict=True):
        # On a 0.1 grid, so that what is cut away from earlier zones stays exactly cut away.
        cut = shapely.make_valid(shift(geom))
        for earlier in shapes.values():
            cut = _areas(shapely.difference(cut, earlier))
        poly = _largest(cut)
        shapes[zid] = poly
        regions.append({"id": zid, "name": name, "kind": "province", **_outline(poly)})
        at = polylabel(poly, tolerance=1.0)  # the point farthest inside: counters sit clear of the borders
        if not poly.contains(at):
            at = poly.representative_point()
        places.append({"id": zid, "name": name, "at": [round(at.x, 1), round(at.y, 1)]})
    context: list[Polygon] = []
    for cname in CONTEXT:
        g = countries[cname].geometry.intersection(frame)
        if g.is_empty:
            continue
        g = shift(_to_map(g).simplify(SIMPLIFY * SCALE * 1.5))
        g = shapely.make_valid(g)
        for earlier in [*shapes.values(), *context]:
            g = _areas(shapely.difference(g, earlier))
        if g.is_empty:
            continue
        poly = _largest(g)
        if poly.area < 50:
            continue
        cid = "ctx-" + cname.lower().replace(". ", "-").replace(" ", "-")
        context.append(poly)
        regions.append({"id": cid, "name": cname, "kind": "area", "colour": "#d9d4c7", **_outline(poly)})
    roads = []
    ids = [z[0] for z in ZONES]
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            # Touching outlines (a small tolerance: simplified borders of a coverage touch exactly).
            if shapes[a].distance(shapes[b]) < 0.5 and shapes[a].intersection(shapes[b]).length > 2:
                roads.append({"between": [a, b], "kind": "adjacency"})
    for a, b, _why in SEA_CROSSINGS:
        roads.append({"between": [a, b], "kind": "adjacency"})
    labels = []
    for text, lon, lat in SEAS:
        x, y = project(lon, lat, LON0, LAT0, SCALE)
        labels.append({"text": text, "at": [round(x - x0, 1), round(y - y0, 1)], "size": 18})
    for a, b, why in SEA_CROSSINGS:
        pa, pb = shapes[a].representative_point(), shapes[b].representative_point()
        labels.append({"text": f"{why} (crossing)", "at": [round((pa.x + pb.x) / 2, 1), round((pa.y + pb.y) / 2, 1)],
                       "size": 10})
    return {"id": "mideast", "name": "Mid-East PEACE: twelve countries and Sinai",
            "size": [round(x1 - x0, 1), round(y1 - y0, 1)], "regions": regions, "places": places, "roads": roads,
            "labels": labels}


def main() -> None:
    from boardapp.model.mapfile import Map
    from boardapp.model.writer import dump_map, read_comments

    head = (f"# Generated by tools/make_mideast_map.py from {SOURCE_NOTE}.\n"
            "# Zones and their cuts are rulings in docs/mideast-peace.md.\n")
    the_map = Map.model_validate(build())
    (ROOT / "maps" / "mideast.yaml").write_text(dump_map(the_map, read_comments(head + "id: x\n")), encoding="utf-8")


if __name__ == "__main__":
    main()
