"""Generate ``maps/mun-1935.yaml`` (and check ``scenarios/mun-historical-1935.yaml``) from Modern Diplomacy II.

Two sources, read once here and never at run time:

* the province graph — names, terrain, supply centres, coasts, borders — from Modern Diplomacy II's
  tables (``/work/shared/maps-data/modern-diplomacy-2/``: facts only), changed to the MUN Historical
  Committee's 1935 map by the tables below (every change is a line; each ruling is explained in
  ``docs/mun-historical.md``);
* the geography — coastlines and country outlines — from Natural Earth's 1:110m admin-0 countries
  (public domain), read from geopandas 0.14's wheel by ``tools/naturalearth.py``.

How the map is drawn (only geometry: the graph is the scenario's and does not change):

1. every province gets a real position (``LONLAT``: a longitude and latitude inside it, chosen by
   hand from the province's name: its city or the middle of its land or water);
2. land is Natural Earth's countries, sea is everything else inside the frame. A land province's
   cell is its share of the country it stands in (Voronoi cells of the provinces' positions within
   that country; a country with no province joins a neighbour as ``JOIN`` says, or stays an
   unoccupiable area, as Switzerland, Ireland and Iceland do); a sea province's cell is its share of
   the water. So provinces follow coastlines and national borders, and land and sea never mix;
3. a piece of a cell cut off from the province's position (an island, or water behind a cape) goes
   to the province it shares the longest border with, or becomes an unoccupiable area;
4. each province's place (where units stand) is its pole of inaccessibility, the point inside it
   farthest from its outline; names are then placed, largest first, where they overlap no other
   name (see :func:`place_names`).

Run: ``.venv/bin/python tools/make_mun_map.py`` (writes the map; ``--scenario`` also rewrites the
scenario, which this script otherwise only compares with what it would write).
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely import make_valid, segmentize, unary_union
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, voronoi_diagram

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

SOURCE = Path("/work/shared/maps-data/modern-diplomacy-2")
MAP_FILE = ROOT / "maps" / "mun-1935.yaml"
SCENARIO_FILE = ROOT / "scenarios" / "mun-historical-1935.yaml"
WIDTH = 1600.0  # map units across; the height follows from the projection

DROP = {"Iceland", "Ireland", "Switzerland"}  # unoccupiable islands; impassable Switzerland
RENAME = {
    "Cairo": "Egypt", "Algeria": "French North Africa", "Ruhr": "Münster", "Gdansk": "Gdynia",
    "Bielorussia": "Western Belarus", "Czech Republic": "Czechoslovakia", "Israel": "Palestine",
    "Bhm. Sea": "Bornholm Sea", "Silecia": "Silesia", "St. Petersburg": "St. Petersburg",
}
IDS = {  # short ids players write; the rest are made from the name
    "Iran": "irn", "Mid-Atlantic Ocean": "mao", "North Atlantic Ocean": "nao", "North Sea": "nth",
    "Norwegian Sea": "nwg", "Norway": "nwy", "South Atlantic Ocean": "sao", "Münster": "mst",
    "Munich": "mun", "Frankfurt": "frk", "Moscow": "mos", "Morocco": "mor", "Marseilles": "mar",
    "Eastern Mediterranean": "eas", "Western Mediterranean": "wes", "Eastern Black Sea": "ebs",
    "Western Black Sea": "wbs", "Eastern Sahara": "esa", "Western Sahara": "wsa", "Western Belarus": "wbe",
    "Gulf of Lyon": "gol", "Lyon": "lyo", "Gulf of Bothnia": "bot", "English Channel": "eng",
    "Irish Sea": "iri", "Ionian Sea": "ion", "Libyan Sea": "lbs", "Libya": "lib", "Ligurian Sea": "lig",
    "Maltese Sea": "mal", "Sea of Gibraltar": "sog", "Gibraltar": "gib", "Persian Gulf": "per",
    "Arabian Sea": "ara", "Arctic Ocean": "arc", "Barents Sea": "bar", "Barcelona": "bcn",
    "Baltic Sea": "bal", "Bornholm Sea": "bhm", "Heligoland Bight": "hel", "Skagerrak": "ska",
    "White Sea": "whi", "Red Sea": "red", "Tyrrhenian Sea": "tys", "Adriatic Sea": "adr", "Aegean Sea": "aeg",
    "Caspian Sea": "cas", "Central Russian Plateau": "crp", "Saudi Arabia": "sau", "Sinai Peninsula": "sin",
    "Serbia": "ser", "Seville": "sev", "Sevastopol": "seb", "Siberia": "sib", "Silesia": "sil",
    "Slovakia": "slk", "Sweden": "swe", "St. Petersburg": "stp", "Tunisia": "tun", "Tuscany": "tus",
    "Czechoslovakia": "cze", "Croatia": "cro", "Caucasus": "cau", "Kazakhstan": "kaz", "Kharkov": "kha",
    "Palestine": "pal", "Paris": "par", "Portugal": "por", "Podolia": "pod", "Prussia": "pru",
    "Piedmont": "pie", "Picardy": "pic", "Montenegro": "mon", "Monaco": "mco", "Macedonia": "mac",
    "Madrid": "mad", "Murmansk": "mur", "Milan": "mil", "Gdynia": "gdy", "Georgia": "geo", "Gorky": "gor",
    "Greece": "gre", "Albania": "alb", "Alexandria": "alx", "Alsace": "als", "Ankara": "ank",
    "Anatolia": "ana", "Andalucia": "and", "Armenia": "arm", "Aswan": "asw", "Austria": "aus",
    "Auvergne": "auv", "Azerbaijan": "aze", "Berlin": "ber", "Belgium": "bel", "Bordeaux": "bor",
    "Bosnia": "bos", "Brittany": "bri", "Bulgaria": "bul", "Egypt": "egy", "Edinburgh": "edi",
    "Estonia": "est", "Finland": "fin", "French North Africa": "fna", "Hamburg": "ham", "Holland": "hol",
    "Hungary": "hun", "Iraq": "irq", "Istanbul": "ist", "Izmir": "izm", "Jordan": "jor", "Kiev": "kie",
    "Krakow": "kra", "Lapland": "lap", "Latvia": "lat", "Lithuania": "lit", "Liverpool": "lvp",
    "London": "lon", "Naples": "nap", "Navarra": "nav", "Odessa": "ode", "Rome": "rom", "Rostov": "ros",
    "Rumania": "rum", "Urals": "ura", "Venice": "ven", "Volga": "vol", "Wales": "wal", "Warsaw": "war",
    "Yorkshire": "yor", "Donetsk": "don", "Clyde": "cly", "Moldavia": "mol", "Saxony": "sax",
    "Adana": "ada", "Syria": "syr", "Apulia": "apu", "Bay of Biscay": "bob", "Denmark": "den",
}
ADD = [("Montenegro", "coast", 596, 582)]
# Montenegro takes Serbia's coast: Serbia becomes inland.
TERRAIN = {"Serbia": "land"}
ADD_BORDERS = [("Montenegro", "Adriatic Sea", "coast_sea"), ("Montenegro", "Croatia", "coast"),
               ("Montenegro", "Albania", "coast"), ("Montenegro", "Serbia", "land"),
               ("Montenegro", "Bosnia", "land")]
DROP_BORDERS = {frozenset(("Adriatic Sea", "Serbia"))}
FIX_BORDERS = {frozenset(("Serbia", "Croatia")): "land", frozenset(("Serbia", "Albania")): "land"}

POWERS = [  # id, name, adjective, colour, symbol, home centres (names), starting units
    ("uk", "United Kingdom", "British", "#8fd3f4", "UK", ["London", "Edinburgh", "Liverpool", "Gibraltar", "Egypt"],
     {"London": "F", "Edinburgh": "F", "Liverpool": "A", "Gibraltar": "F", "Egypt": "A"}),
    ("france", "Republic of France", "French", "#1a2f8a", "FR",
     ["Paris", "Brittany", "Lyon", "Syria", "French North Africa"],
     {"Paris": "A", "Brittany": "F", "Lyon": "A", "Syria": "A", "French North Africa": "F"}),
    ("italy", "Kingdom of Italy", "Italian", "#1b6b2a", "IT", ["Rome", "Naples", "Venice", "Milan", "Libya"],
     {"Rome": "A", "Naples": "F", "Venice": "A", "Milan": "A", "Libya": "A"}),
    ("germany", "German Empire", "German", "#1a1a1a", "DE", ["Hamburg", "Münster", "Berlin", "Frankfurt", "Munich"],
     {"Hamburg": "F", "Münster": "A", "Berlin": "A", "Frankfurt": "A", "Munich": "A"}),
    ("ussr", "USSR", "Soviet", "#cc1f1f", "SU", ["Moscow", "Murmansk", "St. Petersburg", "Siberia", "Rostov"],
     {"Moscow": "A", "Murmansk": "F", "St. Petersburg": "F", "Siberia": "A", "Rostov": "A"}),
    ("turkey", "Turkey", "Turkish", "#f2d22e", "TR", ["Istanbul", "Ankara", "Adana", "Izmir", "Anatolia"],
     {"Istanbul": "A", "Ankara": "A", "Adana": "A", "Izmir": "F", "Anatolia": "A"}),
    ("yugoslavia", "Yugoslavia", "Yugoslav", "#8fd18a", "YU",
     ["Serbia", "Bosnia", "Croatia", "Montenegro", "Macedonia"],
     {"Serbia": "A", "Bosnia": "A", "Croatia": "F", "Montenegro": "A", "Macedonia": "A"}),
    ("spain", "Spain", "Spanish", "#f28c1b", "ES", ["Madrid", "Barcelona", "Seville", "Navarra", "Andalucia"],
     {"Madrid": "A", "Barcelona": "F", "Seville": "A", "Navarra": "A", "Andalucia": "F"}),
    ("poland", "Poland", "Polish", "#ffffff", "PL", ["Podolia", "Gdynia", "Prussia", "Krakow", "Western Belarus"],
     {"Podolia": "A", "Gdynia": "F", "Prussia": "A", "Krakow": "A", "Western Belarus": "A"}),
]
NEUTRAL = ["Belgium", "Holland", "Denmark", "Norway", "Sweden", "Portugal", "Austria", "Czechoslovakia",
           "Hungary", "Rumania", "Bulgaria", "Greece", "Iran", "Saudi Arabia", "Lithuania"]



# -- the geography ------------------------------------------------------------------------------

#: Each province's position (longitude, latitude), by its name on the MUN map.
LONLAT: dict[str, tuple[float, float]] = {
    # seas and oceans
    "Adriatic Sea": (16.0, 42.6), "Aegean Sea": (25.0, 38.6), "Arabian Sea": (60.0, 23.0),
    "Arctic Ocean": (-8.0, 71.5), "Baltic Sea": (20.0, 57.8), "Barents Sea": (40.0, 72.0),
    "Bay of Biscay": (-5.0, 45.5), "Bornholm Sea": (15.2, 55.2), "Caspian Sea": (50.5, 42.0),
    "Eastern Black Sea": (37.5, 43.0), "Eastern Mediterranean": (31.0, 33.6), "English Channel": (-2.5, 50.0),
    "Gulf of Bothnia": (20.5, 62.5), "Gulf of Lyon": (4.5, 42.3), "Heligoland Bight": (7.6, 54.3),
    "Ionian Sea": (18.5, 37.5), "Irish Sea": (-5.5, 52.3), "Libyan Sea": (21.5, 33.6), "Ligurian Sea": (8.6, 43.2),
    "Maltese Sea": (13.8, 35.3), "Mid-Atlantic Ocean": (-17.0, 43.0), "North Atlantic Ocean": (-17.0, 56.0),
    "North Sea": (3.0, 56.0), "Norwegian Sea": (0.0, 63.0), "Persian Gulf": (51.5, 26.8), "Red Sea": (38.0, 21.0),
    "Sea of Gibraltar": (-3.0, 36.2), "Skagerrak": (9.5, 57.9), "South Atlantic Ocean": (-19.0, 33.0),
    "Tyrrhenian Sea": (12.0, 39.6), "Western Black Sea": (31.0, 43.5), "Western Mediterranean": (5.0, 38.5),
    "White Sea": (38.5, 65.8),
    # the British Isles, France, the Low Countries, Iberia
    "London": (-0.6, 51.6), "Wales": (-3.7, 52.2), "Liverpool": (-2.7, 53.7), "Yorkshire": (-1.2, 54.2),
    "Edinburgh": (-2.9, 56.2), "Clyde": (-4.6, 56.0), "Paris": (2.4, 48.6), "Picardy": (2.3, 50.0),
    "Brittany": (-3.0, 48.0), "Bordeaux": (-0.6, 44.6), "Auvergne": (2.8, 44.2), "Lyon": (4.9, 46.0),
    "Marseilles": (5.2, 43.7), "Monaco": (6.8, 44.0), "Alsace": (6.9, 48.4), "Belgium": (4.6, 50.6),
    "Holland": (5.6, 52.2), "Portugal": (-8.2, 39.7), "Navarra": (-4.5, 42.8), "Madrid": (-3.7, 40.2),
    "Barcelona": (1.3, 41.8), "Seville": (-6.2, 38.2), "Gibraltar": (-5.6, 36.6), "Andalucia": (-3.0, 37.3),
    # Germany, Scandinavia, the Baltic, Poland
    "Hamburg": (9.8, 53.6), "Berlin": (13.3, 53.0), "Münster": (7.3, 51.6), "Frankfurt": (8.8, 50.2),
    "Munich": (11.5, 48.2), "Saxony": (12.8, 51.0), "Denmark": (9.2, 56.1), "Norway": (9.5, 61.0),
    "Sweden": (15.5, 60.5), "Finland": (26.0, 62.5), "Lapland": (26.0, 68.2), "Estonia": (25.8, 58.7),
    "Latvia": (25.0, 56.9), "Lithuania": (24.0, 55.3), "Prussia": (21.0, 54.7), "Gdynia": (18.3, 54.0),
    "Warsaw": (21.0, 52.3), "Krakow": (20.0, 50.1), "Silesia": (16.9, 51.0), "Western Belarus": (27.5, 53.5),
    # central Europe, Italy, the Balkans
    "Austria": (15.0, 47.6), "Czechoslovakia": (15.3, 49.8), "Slovakia": (19.5, 48.7), "Hungary": (19.2, 47.2),
    "Croatia": (16.0, 45.6), "Bosnia": (17.8, 44.2), "Serbia": (20.8, 43.9), "Montenegro": (19.3, 42.8),
    "Macedonia": (21.7, 41.6), "Albania": (20.0, 41.0), "Greece": (22.0, 39.4), "Bulgaria": (25.2, 42.7),
    "Rumania": (25.0, 45.8), "Moldavia": (28.5, 47.2), "Piedmont": (8.0, 44.6), "Milan": (9.6, 45.6),
    "Venice": (12.0, 45.5), "Tuscany": (11.2, 43.3), "Rome": (12.8, 42.0), "Apulia": (16.6, 41.0),
    "Naples": (15.4, 39.6),
    # Russia and the Ukraine, the Caucasus
    "St. Petersburg": (31.5, 59.5), "Moscow": (37.6, 55.7), "Murmansk": (33.0, 67.5), "Gorky": (44.0, 56.3),
    "Urals": (52.0, 62.0), "Siberia": (62.0, 57.0), "Volga": (47.0, 50.0), "Rostov": (40.0, 47.3),
    "Caucasus": (42.8, 43.8), "Central Russian Plateau": (37.0, 52.5), "Kharkov": (36.2, 50.0),
    "Kiev": (30.5, 50.4), "Odessa": (30.0, 47.0), "Donetsk": (37.8, 48.0), "Podolia": (25.5, 49.5),
    "Sevastopol": (34.0, 45.0), "Kazakhstan": (55.0, 47.5), "Georgia": (43.5, 42.0), "Armenia": (44.8, 40.2),
    "Azerbaijan": (47.7, 40.3),
    # Turkey, the Middle East, North Africa
    "Istanbul": (28.3, 41.3), "Ankara": (33.5, 40.3), "Izmir": (27.6, 38.6), "Anatolia": (31.5, 37.6),
    "Adana": (35.6, 37.3), "Syria": (38.5, 35.0), "Palestine": (35.0, 31.4), "Jordan": (36.5, 30.8),
    "Iraq": (44.0, 33.0), "Iran": (53.0, 33.0), "Saudi Arabia": (45.0, 24.0), "Egypt": (31.5, 30.0),
    "Alexandria": (28.0, 29.5), "Sinai Peninsula": (33.8, 29.6), "Aswan": (32.0, 24.5),
    "Libya": (14.5, 29.5), "Eastern Sahara": (22.0, 29.0), "Tunisia": (9.5, 34.5),
    "French North Africa": (3.0, 34.5), "Morocco": (-6.0, 32.5), "Western Sahara": (-11.0, 25.0),
}

#: Fills: provinces on land (no blue among them), open water, and land no one may occupy.
LAND_COLOURS = ["#efe3c4", "#dfe9c8", "#f2d9c6", "#e6dbe9", "#f7efd6", "#d9e4d0"]
SEA_COLOUR = "#b9d5ea"
AREA_COLOUR = "#d5cfc3"
#: Natural Earth countries with no province of their own that join the provinces of another.
#: (1935 borders where they help the map's borders: Turkestan was Soviet, Arabia one province.)
JOIN = {
    "Luxembourg": "Belgium", "Slovenia": "Croatia", "Kosovo": "Serbia", "Lebanon": "Syria",
    "Palestine": "Israel", "Kuwait": "Iraq", "Mauritania": "W. Sahara", "Mali": "W. Sahara", "Niger": "Libya",
    "Chad": "Libya", "Sudan": "Egypt", "Turkmenistan": "Kazakhstan", "Uzbekistan": "Kazakhstan",
    "Yemen": "Saudi Arabia", "Oman": "Saudi Arabia", "United Arab Emirates": "Saudi Arabia", "Qatar": "Saudi Arabia",
}
#: Unoccupiable land with a name on the map (other land without a province is left unnamed).
AREA_NAMES = {"Switzerland": "Switzerland (impassable)", "Ireland": "Ireland", "Iceland": "Iceland"}
#: Points the map must show (longitude, latitude): the Atlantic off Portugal and Morocco, the Arctic,
#: the Urals, Iran's and Arabia's coasts; the map is the smallest rectangle holding them.
CORNERS = [(-23.0, 30.0), (-22.0, 62.0), (-12.0, 72.5), (45.0, 73.5), (63.0, 57.0), (64.0, 22.0), (40.0, 18.5),
           (10.0, 21.0)]
#: Land and water are read in this box (degrees): wider than the map, so that nothing is cut short.
READ_BOX = (-45.0, 5.0, 90.0, 84.0)
#: Lambert conformal conic: central meridian, standard parallels, latitude of origin.
LCC = (20.0, 35.0, 65.0, 48.0)


def lcc(lon: float, lat: float) -> tuple[float, float]:
    """Lambert conformal conic projection (unit sphere), y up."""
    lon0, p1, p2, lat0 = (math.radians(v) for v in LCC)
    def t(p: float) -> float:
        return math.tan(math.pi / 4 + p / 2)

    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
    rho0 = f / math.tan(math.pi / 4 + lat0 / 2) ** n
    t = n * (math.radians(lon) - lon0)
    return rho * math.sin(t), rho0 - rho * math.cos(t)


class Plane:
    """Longitude/latitude -> map units (x right, y down): the rectangle that holds ``CORNERS``, WIDTH wide."""

    def __init__(self) -> None:
        pts = [lcc(lon, lat) for lon, lat in CORNERS]
        self.x0, self.x1 = min(x for x, _ in pts), max(x for x, _ in pts)
        self.y0, self.y1 = min(y for _, y in pts), max(y for _, y in pts)
        self.k = WIDTH / (self.x1 - self.x0)
        self.size = (WIDTH, float(round((self.y1 - self.y0) * self.k)))

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = lcc(lon, lat)
        return (x - self.x0) * self.k, (self.y1 - y) * self.k

    def geometry(self, g: BaseGeometry) -> BaseGeometry:
        import numpy as np

        def xy(a: Any) -> Any:
            return np.array([self.xy(x, y) for x, y in a]).reshape(-1, 2)

        return shapely.transform(segmentize(g, 0.5), xy)

    @property
    def frame(self) -> Polygon:
        return box(0, 0, *self.size)

def _parts(g: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry, largest first (lines and points left out)."""
    if isinstance(g, Polygon):
        out = [g] if not g.is_empty else []
    else:
        out = [p for p in getattr(g, "geoms", ()) if isinstance(p, Polygon) and not p.is_empty]
        for sub in getattr(g, "geoms", ()):
            if isinstance(sub, MultiPolygon):
                out.extend(sub.geoms)
    return sorted(out, key=lambda p: -p.area)


def _inside(g: BaseGeometry, pt: Point) -> Point:
    """``pt`` if ``g`` holds it, else the nearest point well inside ``g`` (a hand-picked position that
    Natural Earth's coarse coastline leaves just outside)."""
    if g.contains(pt):
        return pt
    for inset in (6.0, 3.0, 1.0, 0.2):
        core = g.buffer(-inset)
        if not core.is_empty:
            return core.exterior.interpolate(core.exterior.project(pt)) if isinstance(core, Polygon) else \
                min((c.exterior.interpolate(c.exterior.project(pt)) for c in _parts(core)), key=pt.distance)
    return g.representative_point()


def _cells(domain: Polygon, seeds: dict[str, Point]) -> dict[str, BaseGeometry]:
    """Each seed's Voronoi cell within ``domain``."""
    if len(seeds) == 1:
        return {next(iter(seeds)): domain}
    names = list(seeds)
    env = domain.envelope.buffer(50)
    cells = voronoi_diagram(MultiPoint([seeds[n] for n in names]), envelope=env)
    out: dict[str, BaseGeometry] = {}
    for cell in cells.geoms:
        owner = next(n for n in names if cell.contains(seeds[n]) or cell.touches(seeds[n]))
        out[owner] = cell.intersection(domain)
    return out


def _noded(provinces: dict[str, Polygon], areas: list[tuple[str, Polygon, bool]]
           ) -> tuple[dict[str, Polygon], list[tuple[str, Polygon, bool]]]:
    """The same outlines, each with every corner of its neighbours that lies on its border.

    Two provinces then list the same points along their common border, so rounding the points
    for the file moves both sides alike (no sliver of overlap, no gap).
    """
    polys = [*provinces.values(), *(a[1] for a in areas)]
    faces = list(shapely.polygonize(list(shapely.unary_union([p.boundary for p in polys]).geoms)).geoms)
    tree = shapely.STRtree(polys)
    owned: dict[int, list[Polygon]] = {}
    for face in faces:
        pt = face.representative_point()
        hits = [int(i) for i in tree.query(pt, predicate="within")]
        if hits:
            owned.setdefault(hits[0], []).append(face)
    out = [_parts(unary_union(owned.get(i, [p])))[0] for i, p in enumerate(polys)]
    # drop corners closer than a third of a unit to the line of their neighbours, on both sides of a border
    # alike (the board draws at a few pixels per unit; Natural Earth's 1:110m has nothing finer anyway)
    out = [_parts(q)[0] for q in shapely.coverage_simplify(out, 0.3, simplify_boundary=True)]
    names = list(provinces)
    return dict(zip(names, out[: len(names)], strict=True)), [
        (a[0], q, a[2]) for a, q in zip(areas, out[len(names):], strict=True)]


class Geography:
    """Province outlines and unoccupiable areas on the map's plane."""

    def __init__(self, plane: Plane, terrain: dict[str, str]) -> None:
        import naturalearth

        self.plane = plane
        frame = plane.frame
        read = box(*READ_BOX)
        countries: dict[str, BaseGeometry] = {}
        for name, c in naturalearth.load_countries().items():
            if not c.geometry.intersects(read):
                continue
            g = plane.geometry(c.geometry.intersection(read))
            if not g.is_valid:  # a long straight border bent by the projection can touch itself
                g = unary_union(_parts(make_valid(g)))
            g = g.intersection(frame)
            if not g.is_empty:
                countries[name] = g
        # Natural Earth's neighbours overlap here and there by a sliver: the larger country keeps it
        taken: BaseGeometry = Polygon()
        for name in sorted(countries, key=lambda c: -countries[c].area):
            g = countries[name].difference(taken)
            taken = taken.union(g)
            if _parts(g):
                countries[name] = unary_union(_parts(g))
            else:
                del countries[name]
        # and leave slivers of nothing between them here and there: each goes to the neighbour it borders most
        land = unary_union(list(countries.values()))
        closed = land.buffer(1.0).buffer(-1.0).union(land)
        for gap in _parts(closed.difference(land)):
            near = gap.buffer(0.3)
            owner = max(countries, key=lambda c: countries[c].intersection(near).area)
            countries[owner] = countries[owner].union(gap)
        self.countries = countries
        self.land = unary_union(list(countries.values()))
        self.sea = frame.difference(self.land)
        # where each province stands: in its country (land) or in the water (sea)
        self.seed: dict[str, Point] = {}
        self.country_of: dict[str, str] = {}
        for name, t in terrain.items():
            pt = Point(plane.xy(*LONLAT[name]))
            if t == "sea":
                self.seed[name] = _inside(min(_parts(self.sea), key=pt.distance), pt)
                continue
            home = next((c for c, g in countries.items() if g.contains(pt)), None)
            if home is None:
                home = min(countries, key=lambda c: countries[c].distance(pt))
            self.country_of[name] = home
            self.seed[name] = _inside(min(_parts(countries[home]), key=pt.distance), pt)

    def build(self) -> tuple[dict[str, Polygon], list[tuple[str, Polygon, bool]]]:
        """(province -> outline, [(area name, outline, is water)]) covering the whole frame."""
        groups: dict[str, list[str]] = {}
        for name, c in self.country_of.items():
            groups.setdefault(c, []).append(name)
        domains: dict[str, BaseGeometry] = {c: self.countries[c] for c in groups}
        areas: list[tuple[str, BaseGeometry, bool]] = []
        for c, g in self.countries.items():
            if c in groups:
                continue
            target = JOIN.get(c)
            if target in domains:
                domains[target] = domains[target].union(g)
            else:
                areas.append((AREA_NAMES.get(c, ""), g, False))
        provinces: dict[str, BaseGeometry] = {}
        orphans: list[tuple[Polygon, bool]] = []
        sea_seeds = {n: p for n, p in self.seed.items() if n not in self.country_of}
        jobs = [(domains[c], {n: self.seed[n] for n in names}, False) for c, names in groups.items()]
        jobs.append((self.sea, sea_seeds, True))
        for domain, seeds, water in jobs:
            for part in _parts(domain):
                inside = {n: p for n, p in seeds.items() if part.intersects(p)}
                if not inside:
                    areas.append(("", part, water))
                    continue
                for n, cell in _cells(part, inside).items():
                    pieces = _parts(cell)
                    main = next((q for q in pieces if q.intersects(inside[n])), pieces[0])
                    provinces[n] = main
                    orphans.extend((q, water) for q in pieces if q is not main)
        # a piece cut off from its province joins the province it borders most, or is an area
        water_of = {n: n not in self.country_of for n in provinces}
        for piece, water in sorted(orphans, key=lambda o: -o[0].area):
            near = piece.buffer(0.5)
            best, shared = None, 0.0
            for n, poly in provinces.items():
                if water_of[n] != water or not poly.intersects(near):
                    continue
                s = poly.intersection(near).area
                if s > shared:
                    best, shared = n, s
            if best is None:
                areas.append(("", piece, water))
                continue
            merged = provinces[best].union(piece)
            parts = _parts(merged)
            provinces[best] = parts[0]
            areas.extend(("", q, water) for q in parts[1:])
        # unoccupiable land: one area per island or landlocked piece, named after the country it mostly is
        land_areas = unary_union([g for _, g, w in areas if not w])
        named = [(n, g) for n, g, w in areas if n and not w]
        out_areas: list[tuple[str, Polygon, bool]] = []
        for part in _parts(land_areas):
            name = max(named, key=lambda ng: ng[1].intersection(part).area, default=("", part))
            out_areas.append((name[0] if name[1].intersection(part).area > 0.5 * part.area else "", part, False))
        out_areas.extend(("", q, True) for _, g, w in areas if w for q in _parts(g))
        return _noded(provinces, out_areas)  # type: ignore[arg-type]


# -- names ---------------------------------------------------------------------------------------


def board_drawing() -> tuple[Any, Any, Any]:
    """The board's drawing modules: (``map_scale``, ``NAME_PX``, ``style.font``), wherever the UI keeps them
    (``boardapp.ui.scene`` and ``boardapp.ui.style``, or ``boardapp.ui.board.*`` since the UI's move into
    packages)."""
    try:
        from boardapp.ui.board import mapdraw, scale, style

        return scale.map_scale, mapdraw.NAME_PX, style.font
    except ImportError:
        from boardapp.ui import scene, style

        return scene.map_scale, scene.NAME_PX, style.font


class _Boxes:
    """Placed text boxes (x0, y0, x1, y1), for overlap tests."""

    def __init__(self) -> None:
        import numpy as np

        self.np = np
        self.a = np.zeros((0, 4))

    def hits(self, b: tuple[float, float, float, float]) -> int:
        a = self.a
        if not len(a):
            return 0
        return int(((a[:, 0] < b[2]) & (a[:, 2] > b[0]) & (a[:, 1] < b[3]) & (a[:, 3] > b[1])).sum())

    def add(self, b: tuple[float, float, float, float]) -> None:
        self.a = self.np.vstack([self.a, self.np.array(b)])


def place_names(the_map: dict[str, Any], outlines: dict[str, Polygon]) -> int:
    """Choose ``label_at`` of every named region and ``label_offset`` of every place so that no two
    names overlap; return how many names could not be placed clear of the others (0 is the aim).

    Sizes are the board's (``boardapp.ui.scene``): region names ``60 * s`` tall in capitals, place
    names ``NAME_PX * s`` under the place, ``s`` the scale the board takes from the map's density;
    widths come from Qt's metrics of the board's font. Smallest provinces go first; each name takes
    the free spot nearest its province's middle, inside the province if there is one.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QFontMetricsF, QGuiApplication

    from boardapp.model.mapfile import Map
    map_scale, name_px, font = board_drawing()
    _app = QGuiApplication.instance() or QGuiApplication([])
    s = map_scale(Map.model_validate(the_map))

    def extent(text: str, px: float, bold: bool, halo: float) -> tuple[float, float]:
        fm = QFontMetricsF(font(px, bold))
        return fm.horizontalAdvance(text) + 2 * halo, fm.ascent() + fm.descent() + 2 * halo

    placed = _Boxes()
    chips = _Boxes()  # where counters stand (above each place) and the place symbols: kept clear if possible
    for p in the_map["places"]:
        x, y = p["at"]
        chips.add((x - 36 * s, y - 94 * s, x + 36 * s, y + 16 * s))
    failed = 0

    def choose(centres: list[tuple[float, float]], w: float, h: float, inside: Polygon | None) -> tuple[float, float]:
        nonlocal failed
        best, best_cost = centres[0], math.inf
        for i, (cx, cy) in enumerate(centres):
            b = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            clash = placed.hits(b)
            cost = 1000.0 * clash + 3.0 * chips.hits(b) + i * 0.01
            if inside is not None and not inside.contains(box(*b)):
                cost += 1.0 + (1.0 - inside.intersection(box(*b)).area / (w * h)) * 4
            if cost < best_cost:
                best, best_cost = (cx, cy), cost
                if cost < 0.5:
                    break
        if best_cost >= 1000:
            failed += 1
        cx, cy = best
        placed.add((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        return best

    def around(x: float, y: float, step: float, rings: int) -> list[tuple[float, float]]:
        pts = [(x, y)]
        for r in range(1, rings + 1):
            for k in range(8 * r):
                a = 2 * math.pi * k / (8 * r)
                pts.append((x + r * step * math.cos(a), y + r * step * 0.6 * math.sin(a)))
        return pts

    by_id = {r["id"]: r for r in the_map["regions"]}
    places = sorted(the_map["places"], key=lambda p: outlines[p["id"]].area)

    def place_box(p: dict[str, Any]) -> tuple[float, float, float, float, float]:
        w, h = extent(p["name"], name_px * s, True, 0.12 * name_px * s)
        return p["at"][0], p["at"][1] + 36 * s, w, h, 0.0

    # 1. a place's name under it, where the board puts it, wherever that is clear of the others
    later = []
    for p in places:
        x, y0, w, h, _ = place_box(p)
        b = (x - w / 2, y0 - h / 2, x + w / 2, y0 + h / 2)
        if placed.hits(b):
            later.append(p)
        else:
            placed.add(b)
    # 2. province names, smallest province first, clear of everything placed so far
    regions = [r for r in the_map["regions"] if r["name"]]
    regions.sort(key=lambda r: outlines[r["id"]].area)
    for r in regions:
        poly = outlines[r["id"]]
        w, h = extent(r["name"].upper(), 60 * s, True, 0.0)
        mid = polylabel(poly, 0.5)
        at = choose(around(mid.x, mid.y, h * 0.5, 14), w, h, poly)
        r["label_at"] = [round(at[0], 1), round(at[1], 1)]
    # 3. the place names that had no room under their place: beside it, or a little further down
    for p in later:
        x, y0, w, h, _ = place_box(p)
        y = p["at"][1]
        options = [(x + 24 * s + w / 2, y), (x - 24 * s - w / 2, y), (x + 20 * s + w / 2, y0),
                   (x - 20 * s - w / 2, y0)]
        options += around(x, y0, h * 0.6, 10)[1:]
        at = choose(options, w, h, outlines[p["id"]] if p["id"] in by_id else None)
        if (round(at[0] - x, 1), round(at[1] - y0, 1)) != (0.0, 0.0):
            p["label_offset"] = [round(at[0] - x, 1), round(at[1] - y0, 1)]
    for lab in the_map["labels"]:
        w, h = extent(lab["text"], lab["size"], False, 0.0)
        x, y = lab["at"]
        at = choose(around(x, y, h * 0.6, 10), w, h, None)
        lab["at"] = [round(at[0], 1), round(at[1], 1)]
    return failed


# -- the province graph (unchanged from Modern Diplomacy II but for the tables above) -----------


def read_graph(source: Path = SOURCE) -> dict[str, Any]:
    """Provinces (name -> terrain and MD II position), borders, ids and centres of the MUN map."""
    terr: dict[str, dict[str, Any]] = {}
    with (source / "territories.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row["name"]
            base = name.split(" (")[0]
            if base in DROP:
                continue
            if name != base:  # Iran (North Coast) / (South Coast)
                continue
            name = RENAME.get(name, name)
            terr[name] = {"terrain": TERRAIN.get(name, row["terrain"]), "x": float(row["x"]), "y": float(row["y"])}
    for name, t, x, y in ADD:
        terr[name] = {"terrain": t, "x": x, "y": y}

    def region(raw: str) -> str | None:
        base, _, coast = raw.partition(" (")
        base = RENAME.get(base, base)
        if base in DROP or base not in terr:
            return None
        rid = IDS[base]
        if coast:
            rid += "(nc)" if coast.startswith("North") else "(sc)"
        return rid

    borders: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    with (source / "borders.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            a, b = region(row["a"]), region(row["b"])
            if a is None or b is None:
                continue
            fleets, armies = row["fleets_pass"] == "True", row["armies_pass"] == "True"
            names = frozenset((RENAME.get(row["a"], row["a"]), RENAME.get(row["b"], row["b"])))
            if names in DROP_BORDERS:
                continue
            if names in FIX_BORDERS:
                fleets, armies = False, True
            kind = "coast" if fleets and armies else ("sea" if fleets else "land")
            key = frozenset((a, b))
            if key in seen:
                continue
            seen.add(key)
            borders.append([a, b, kind])
    for a, b, k in ADD_BORDERS:
        borders.append([IDS[a], IDS[b], "sea" if k == "coast_sea" else k])
    homes = {n for p in POWERS for n in p[5]}
    centres = homes | set(NEUTRAL)
    assert len(centres) == 60, len(centres)
    for n in centres:
        assert n in terr and terr[n]["terrain"] != "sea", n
    ids = {n: IDS[n] for n in terr}
    assert len(set(ids.values())) == len(ids), "duplicate ids"
    return {"terr": terr, "borders": borders, "ids": ids, "centres": centres}


HEAD = ("# Generated by tools/make_mun_map.py from Modern Diplomacy II data (facts only); rulings: "
        "docs/mun-historical.md\n")
MAP_HEAD = (
    "# Generated by tools/make_mun_map.py. Province graph: Modern Diplomacy II (facts only; rulings in "
    "docs/mun-historical.md).\n"
    "# Coastlines and country outlines: Natural Earth 1:110m admin-0 countries, public domain "
    "(naturalearthdata.com),\n# as shipped in geopandas 0.14.4's wheel (geopandas/datasets/naturalearth_lowres); "
    "Lambert conformal conic,\n# central meridian 20E, standard parallels 35N and 65N.\n"
)


def scenario_of(g: dict[str, Any]) -> dict[str, Any]:
    """The scenario: powers, provinces, borders and units (the rules' side of the map)."""
    terr, ids, centres = g["terr"], g["ids"], g["centres"]
    names = sorted(terr, key=lambda n: ids[n])
    provinces = []
    for n in names:
        entry: dict[str, Any] = {"id": ids[n], "terrain": terr[n]["terrain"]}
        if n in centres:
            entry["supply_centre"] = True
        if n == "Iran":
            entry["coasts"] = ["nc", "sc"]
        provinces.append(entry)
    powers, units = [], []
    for pid, name, adj, colour, sym, hs, start in POWERS:
        powers.append({"id": pid, "name": name, "adjective": adj, "colour": colour, "symbol": sym,
                       "home_centres": [ids[h] for h in hs]})
        units += [{"power": pid, "type": start[h], "at": ids[h]} for h in hs]
    return {
        "id": "mun-historical-1935", "name": "MUN Historical Committee, 1935",
        "description": "Nine Great Powers of inter-war Europe on an adaptation of Modern Diplomacy II; "
                       "rulings in docs/mun-historical.md.",
        "rules": "diplomacy", "map": "../maps/mun-1935.yaml",
        "powers": powers, "provinces": provinces, "borders": g["borders"], "units": units,
        "calendar": {"year": 1935, "season": "spring"},
        "victory": {"centres": 0, "bonus_centres": 25, "bonus_points": 5},
        "insurrection": {"enabled": True},
        # MUN: every delegation writes orders each turn; resolving without one is CONTROL's forced decision
        "officers": {"orders_from_all": True},
    }


def _ring(coords: Any) -> list[list[float]]:
    pts = [[round(x, 2), round(y, 2)] for x, y in list(coords)[:-1]]
    return [[int(v) if v == int(v) else v for v in p] for p in pts]


def map_of(g: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The map file's content, and how many names could not be placed clear of the others."""
    terr, ids = g["terr"], g["ids"]
    plane = Plane()
    geo = Geography(plane, {n: t["terrain"] for n, t in terr.items()})
    outlines, areas = geo.build()
    names = sorted(terr, key=lambda n: ids[n])
    regions: list[dict[str, Any]] = []
    for n in names:
        poly = outlines[n]
        regions.append({"id": ids[n], "name": n, "kind": "sea" if terr[n]["terrain"] == "sea" else "province",
                        "polygon": _ring(poly.exterior.coords),
                        **({"holes": [_ring(h.coords) for h in poly.interiors]} if poly.interiors else {})})
    # land in warm tones, neighbours apart (greedy colouring of the drawn neighbours); water one clear blue
    shade: dict[str, str] = {}
    land = [n for n in names if terr[n]["terrain"] != "sea"]
    tree = shapely.STRtree([outlines[n] for n in land])
    for n in sorted(land, key=lambda n: -outlines[n].area):
        near = {shade.get(land[int(i)]) for i in tree.query(outlines[n].buffer(1.0), predicate="intersects")}
        shade[n] = next((c for c in LAND_COLOURS if c not in near), LAND_COLOURS[0])
    for r, n in zip(regions, names, strict=True):
        r["colour"] = SEA_COLOUR if terr[n]["terrain"] == "sea" else shade[n]
    by_id = {ids[n]: outlines[n] for n in names}
    labels = []
    # islets and slivers under a few square units are too small to draw: left out
    areas = [a for a in areas if a[1].area >= 4 and Polygon(_ring(a[1].exterior.coords)).is_valid]
    for k, (name, poly, water) in enumerate(sorted(areas, key=lambda a: (a[2], -a[1].area)), 1):
        rid = f"{'water' if water else 'land'}-{k}"
        regions.append({"id": rid, "name": "", "kind": "area", "colour": SEA_COLOUR if water else AREA_COLOUR,
                        "polygon": _ring(poly.exterior.coords),
                        **({"holes": [_ring(h.coords) for h in poly.interiors]} if poly.interiors else {})})
        if name:
            pt = polylabel(poly, 0.5)
            labels.append({"text": name, "at": [round(pt.x, 1), round(pt.y, 1)]})
    places = []
    for n in names:
        pt = polylabel(outlines[n], 0.5)
        places.append({"id": ids[n], "name": n, "at": [round(pt.x, 1), round(pt.y, 1)]})
    pairs = sorted({tuple(sorted((a.split("(")[0], b.split("(")[0]))) for a, b, _k in g["borders"]})
    the_map: dict[str, Any] = {
        "id": "mun-1935", "name": "Europe, North Africa and the Middle East, 1935 (MUN Historical Committee)",
        "size": list(plane.size), "regions": regions, "places": places,
        "roads": [{"between": list(p), "kind": "adjacency"} for p in pairs],  # neighbours, not drawn
        "labels": labels,
    }
    from boardapp.model.mapfile import Map
    map_scale, name_px, _font = board_drawing()
    s = map_scale(Map.model_validate(the_map))
    for lab in labels:
        lab["size"] = round(name_px * s, 1)
    failed = place_names(the_map, by_id)
    return the_map, failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write maps/mun-1935.yaml from Modern Diplomacy II and Natural Earth.")
    ap.add_argument("--source", type=Path, default=SOURCE, help="Modern Diplomacy II tables (territories.csv, ...)")
    ap.add_argument("--scenario", action="store_true", help="also rewrite scenarios/mun-historical-1935.yaml")
    args = ap.parse_args(argv)
    from boardapp.model.mapfile import Map
    from boardapp.model.writer import dump_map, dump_scenario, read_comments
    from boardapp.rules.diplomacy.scenario import DiplomacyScenario

    g = read_graph(args.source)
    the_map, failed = map_of(g)
    MAP_FILE.write_text(dump_map(Map.model_validate(the_map), read_comments(MAP_HEAD + "id: x\n")), encoding="utf-8")
    print(f"wrote {MAP_FILE.relative_to(ROOT)}: {len(the_map['regions'])} regions, {len(the_map['places'])} places; "
          f"names that overlap another: {failed}")
    scenario = dump_scenario(DiplomacyScenario.model_validate(scenario_of(g)), read_comments(HEAD + "id: x\n"))
    if args.scenario:
        SCENARIO_FILE.write_text(scenario, encoding="utf-8")
        print(f"wrote {SCENARIO_FILE.relative_to(ROOT)}")
    else:
        body = [line for line in scenario.splitlines() if not line.startswith("#")]
        shipped = [line for line in SCENARIO_FILE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
        verdict = "unchanged" if body == shipped else "DIFFERS (run with --scenario to write it)"
        print(f"{SCENARIO_FILE.relative_to(ROOT)}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
