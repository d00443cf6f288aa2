"""Generate ``maps/the-game-world.yaml`` and ``scenarios/the-game.yaml`` for GDW's The Game.

Geography: Natural Earth 1:110m admin-0 countries (public domain; see ``tools/naturalearth.py``),
grouped into the world regions below, split where the source implies (the United States among
MilGov, CivGov and New America; China's Manchuria and Canton; Germany's Bavaria, which the source's
example has Germany reabsorb; Russia into European Russia and two Siberias), plus sea regions cut
from longitude/latitude boxes. The source's map (and its resource boxes) is lost, so every number
of the starting world is made here by the formulas below, each a ruling in ``docs/the-game.md``.

Run: ``.venv/bin/python tools/make_thegame_map.py``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

from naturalearth import SOURCE_NOTE, load_countries  # noqa: E402

SCALE = 6.0
"""Map units per degree."""
TOP, BOTTOM = 84.0, -60.0
W, H = 360 * SCALE, (TOP - BOTTOM) * SCALE
GRID = 0.5
"""Map coordinates are kept on a half-unit grid (so that no two regions overlap after rounding)."""
TOLERANCE = 0.6
"""Simplification, degrees (the shared borders stay shared: coverage simplification)."""
Box = tuple[float, float, float, float]

# (region id, name, [(Natural Earth country, clip box or None)], ED, rough)
USA = "United States of America"
LAND: list[tuple[str, str, list[tuple[str, Box | None]], int, bool]] = [
    # North America
    ("alaska", "Alaska", [(USA, (-180, 50, -129, 75))], 2, True),
    ("us-pacific", "Pacific States", [(USA, (-129, 24, -114, 50))], 4, True),
    ("us-mountain", "Mountain States", [(USA, (-114, 37, -100, 50))], 4, True),
    ("us-south-central", "South Central States", [(USA, (-114, 24, -90, 37))], 4, False),
    ("us-midwest", "Midwest", [(USA, (-100, 37, -84, 50))], 4, False),
    ("us-southeast", "Southeast", [(USA, (-90, 24, -60, 37))], 4, False),
    ("us-northeast", "Northeast", [(USA, (-84, 37, -60, 50))], 4, False),
    ("canada-west", "Western Canada", [("Canada", (-141, 41, -100, 84))], 3, True),
    ("canada-east", "Eastern Canada", [("Canada", (-100, 41, -52, 84))], 4, False),
    ("greenland", "Greenland and Iceland", [("Greenland", None), ("Iceland", None)], 2, True),
    ("mexico", "Mexico", [("Mexico", None)], 3, True),
    ("central-america", "Central America", [(c, None) for c in (
        "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica", "Panama")], 2, True),
    ("cuba", "Cuba", [("Cuba", None)], 2, False),
    ("caribbean", "Caribbean Islands", [(c, None) for c in (
        "Haiti", "Dominican Rep.", "Jamaica", "Bahamas", "Puerto Rico", "Trinidad and Tobago")], 2, False),
    # South America
    ("venezuela", "Venezuela", [("Venezuela", None)], 3, False),
    ("colombia", "Colombia and Ecuador", [("Colombia", None), ("Ecuador", None)], 2, True),
    ("guianas", "The Guianas", [("Guyana", None), ("Suriname", None), ("France", (-56, 1, -50, 7))], 2, False),
    ("peru", "Peru", [("Peru", None)], 2, True),
    ("bolivia", "Bolivia", [("Bolivia", None)], 2, True),
    ("brazil-north", "Northern Brazil", [("Brazil", (-75, -10, -34, 6))], 2, False),
    ("brazil-south", "Southern Brazil", [("Brazil", (-75, -35, -34, -10))], 3, False),
    ("paraguay-uruguay", "Paraguay and Uruguay", [("Paraguay", None), ("Uruguay", None)], 2, False),
    ("argentina", "Argentina", [("Argentina", None)], 3, False),
    ("chile", "Chile", [("Chile", None)], 3, True),
    # Europe
    ("united-kingdom", "United Kingdom", [("United Kingdom", None)], 4, False),
    ("ireland", "Ireland", [("Ireland", None)], 3, False),
    ("france", "France", [("France", (-6, 41, 10, 52))], 4, False),
    ("spain", "Spain", [("Spain", None)], 3, True),
    ("portugal", "Portugal", [("Portugal", None)], 3, False),
    ("benelux", "Benelux", [("Belgium", None), ("Netherlands", None), ("Luxembourg", None)], 4, False),
    ("germany", "Germany", [("Germany", (5, 50.6, 16, 56)), ("Germany", (5, 47, 9, 50.6))], 4, False),
    ("bavaria", "Bavaria", [("Germany", (9, 47, 14, 50.6))], 4, True),
    ("alpine", "Switzerland and Austria", [("Switzerland", None), ("Austria", None)], 4, True),
    ("italy", "Italy", [("Italy", None)], 4, True),
    ("denmark", "Denmark", [("Denmark", None)], 4, False),
    ("norway", "Norway", [("Norway", None)], 4, True),
    ("sweden", "Sweden", [("Sweden", None)], 4, False),
    ("finland", "Finland", [("Finland", None)], 4, False),
    ("baltics", "Baltic States", [("Estonia", None), ("Latvia", None), ("Lithuania", None)], 3, False),
    ("poland", "Poland", [("Poland", None)], 3, False),
    ("czechoslovakia", "Czechoslovakia", [("Czechia", None), ("Slovakia", None)], 3, True),
    ("hungary", "Hungary", [("Hungary", None)], 3, False),
    ("yugoslavia", "Yugoslavia", [(c, None) for c in (
        "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia", "Montenegro", "Kosovo", "North Macedonia")], 2, True),
    ("romania", "Romania", [("Romania", None)], 3, False),
    ("moldova", "Moldova", [("Moldova", None)], 2, False),
    ("bulgaria", "Bulgaria", [("Bulgaria", None)], 3, True),
    ("greece", "Greece and Albania", [("Greece", None), ("Albania", None)], 3, True),
    ("belarus", "Belarus", [("Belarus", None)], 3, False),
    ("ukraine", "Ukraine", [("Ukraine", None)], 3, False),
    ("russia", "European Russia", [("Russia", (19, 40, 60, 82))], 3, False),
    ("west-siberia", "Western Siberia", [("Russia", (60, 40, 100, 82))], 2, False),
    ("east-siberia", "Eastern Siberia", [("Russia", (100, 40, 180, 82))], 2, True),
    # Middle East and Central Asia
    ("turkey", "Turkey", [("Turkey", None)], 3, True),
    ("caucasus", "Caucasus", [("Georgia", None), ("Armenia", None), ("Azerbaijan", None)], 2, True),
    ("levant", "The Levant", [(c, None) for c in ("Syria", "Lebanon", "Jordan", "Cyprus", "N. Cyprus")], 2, True),
    ("israel", "Israel", [("Israel", None), ("Palestine", None)], 4, False),
    ("iraq", "Iraq and Kuwait", [("Iraq", None), ("Kuwait", None)], 2, False),
    ("arabia", "Arabia", [(c, None) for c in ("Saudi Arabia", "Qatar", "United Arab Emirates", "Oman", "Yemen")],
     2, False),
    ("iran", "Iran", [("Iran", None)], 2, True),
    ("kazakhstan", "Kazakhstan", [("Kazakhstan", None)], 2, False),
    ("central-asia", "Central Asia", [(c, None) for c in (
        "Uzbekistan", "Turkmenistan", "Kyrgyzstan", "Tajikistan")], 2, True),
    ("afghanistan", "Afghanistan", [("Afghanistan", None)], 1, True),
    ("pakistan", "Pakistan", [("Pakistan", None)], 2, False),
    # South and East Asia
    ("india", "India", [("India", None)], 2, False),
    ("bengal", "Bengal and the Himalaya", [("Bangladesh", None), ("Nepal", None), ("Bhutan", None)], 1, True),
    ("sri-lanka", "Sri Lanka", [("Sri Lanka", None)], 2, False),
    ("mongolia", "Mongolia", [("Mongolia", None)], 1, True),
    ("manchuria", "Manchuria", [("China", (118, 38.7, 136, 54))], 3, False),
    ("canton", "Canton", [("China", (104, 18, 122, 26.5))], 3, True),
    ("west-china", "Tibet and Xinjiang", [("China", (70, 18, 100, 54))], 1, True),
    ("china", "China", [("China", (100, 26.5, 118, 54)), ("China", (100, 18, 104, 26.5)),
                        ("China", (118, 26.5, 122, 38.7))], 2, False),
    ("korea", "Korea", [("North Korea", None), ("South Korea", None)], 3, True),
    ("japan", "Japan", [("Japan", None)], 4, True),
    ("taiwan", "Taiwan", [("Taiwan", None)], 3, True),
    ("philippines", "Philippines", [("Philippines", None)], 2, True),
    ("indochina", "Indochina", [("Vietnam", None), ("Laos", None), ("Cambodia", None)], 1, True),
    ("thailand-burma", "Thailand and Burma", [("Thailand", None), ("Myanmar", None)], 2, True),
    ("malaysia", "Malaysia", [("Malaysia", None), ("Brunei", None)], 2, False),
    ("indonesia", "Indonesia", [("Indonesia", None), ("Timor-Leste", None)], 2, True),
    # Africa
    ("morocco", "Morocco", [("Morocco", None), ("W. Sahara", None)], 2, True),
    ("algeria", "Algeria", [("Algeria", None)], 2, False),
    ("tunisia-libya", "Tunisia and Libya", [("Tunisia", None), ("Libya", None)], 2, False),
    ("egypt", "Egypt", [("Egypt", None)], 2, False),
    ("sudan", "Sudan", [("Sudan", None), ("S. Sudan", None)], 1, False),
    ("horn", "Horn of Africa", [(c, None) for c in ("Ethiopia", "Eritrea", "Djibouti", "Somalia", "Somaliland")],
     1, True),
    ("sahel", "Sahel", [(c, None) for c in ("Mauritania", "Mali", "Niger", "Chad", "Burkina Faso")], 1, False),
    ("west-africa", "West Africa", [(c, None) for c in (
        "Senegal", "Gambia", "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia", "Côte d'Ivoire", "Ghana", "Togo",
        "Benin")], 1, False),
    ("nigeria", "Nigeria", [("Nigeria", None)], 2, False),
    ("central-africa", "Central Africa", [(c, None) for c in (
        "Cameroon", "Central African Rep.", "Gabon", "Congo", "Eq. Guinea")], 1, True),
    ("zaire", "Zaire", [("Dem. Rep. Congo", None)], 1, True),
    ("east-africa", "East Africa", [(c, None) for c in ("Kenya", "Uganda", "Tanzania", "Rwanda", "Burundi")],
     1, True),
    ("angola", "Angola", [("Angola", None)], 1, False),
    ("zambia-malawi", "Zambia and Malawi", [("Zambia", None), ("Malawi", None)], 1, False),
    ("zimbabwe", "Zimbabwe", [("Zimbabwe", None)], 2, False),
    ("mozambique", "Mozambique", [("Mozambique", None)], 1, False),
    ("namibia-botswana", "Namibia and Botswana", [("Namibia", None), ("Botswana", None)], 1, False),
    ("azania", "Azania", [("South Africa", None), ("Lesotho", None), ("eSwatini", None)], 3, False),
    ("madagascar", "Madagascar", [("Madagascar", None)], 1, True),
    # Oceania
    ("australia-west", "Western Australia", [("Australia", (110, -45, 135, -9))], 3, False),
    ("australia-east", "Eastern Australia", [("Australia", (135, -45, 155, -9))], 4, False),
    ("new-zealand", "New Zealand", [("New Zealand", None)], 4, True),
    ("melanesia", "Melanesia", [("Papua New Guinea", None), ("Solomon Is.", None), ("Vanuatu", None),
                                ("New Caledonia", None), ("Fiji", (170, -25, 180, -10))], 1, True),
]

SEAS: list[tuple[str, str, list[Box]]] = [
    ("arctic-ocean", "Arctic Ocean", [(-180, 66, 180, 84)]),
    ("north-atlantic", "North Atlantic", [(-80, 35, -6, 66)]),
    ("north-sea", "North Sea", [(-6, 48, 12, 66)]),
    ("baltic-sea", "Baltic Sea", [(12, 53, 32, 66)]),
    ("mediterranean", "Mediterranean", [(-6, 30, 37, 40.5), (-6, 40.5, 27, 46)]),
    ("black-sea", "Black Sea", [(27, 40.5, 42, 47.5)]),
    ("caribbean-sea", "Caribbean Sea", [(-85, 8, -60, 23), (-80, 23, -75, 27)]),
    ("gulf-of-mexico", "Gulf of Mexico", [(-98, 18, -85, 31), (-85, 23, -80, 31)]),
    ("central-atlantic", "Central Atlantic", [(-60, 0, -5, 35), (-75, 23, -60, 35), (-80, 27, -75, 35)]),
    ("south-atlantic", "South Atlantic", [(-70, -60, 20, 0)]),
    ("red-sea", "Red Sea", [(32, 12, 45, 30)]),
    ("persian-gulf", "Persian Gulf", [(47, 25, 57, 31)]),
    ("arabian-sea", "Arabian Sea", [(45, 0, 78, 25)]),
    ("bay-of-bengal", "Bay of Bengal", [(78, 0, 100, 23)]),
    ("indian-ocean", "Indian Ocean", [(20, -60, 130, 0)]),
    ("south-china-sea", "South China Sea", [(100, 0, 121, 23)]),
    ("east-asian-seas", "East Asian Seas", [(117, 23, 145, 52)]),
    ("north-pacific-west", "Western North Pacific", [(145, 0, 180, 66), (121, 0, 145, 23)]),
    ("north-pacific-east", "Eastern North Pacific", [(-180, 0, -98, 66), (-98, 0, -85, 13)]),
    ("south-pacific", "South Pacific", [(-180, -60, -70, 0), (130, -60, 180, 0)]),
]

# Players (the source's list) and their nations: (id, name, colour, symbol, [(nation id, name, capital region,
# [home regions])]).
PLAYERS: list[tuple[str, str, str, str, list[tuple[str, str, str, list[str]]]]] = [
    ("astell", "John Astell", "#1f77b4", "JA", [
        ("mexico", "Mexico", "mexico", ["mexico"]), ("romania", "Romania", "romania", ["romania"]),
        ("india", "India", "india", ["india"])]),
    ("banner", "Rich Banner", "#d62728", "RB", [
        ("russia", "Russia", "russia", ["russia", "west-siberia", "east-siberia"]),
        ("zimbabwe", "Zimbabwe", "zimbabwe", ["zimbabwe"]),
        ("canada", "Canada", "canada-east", ["canada-east", "canada-west"])]),
    ("kbrown", "Kevin Brown", "#2ca02c", "KB", [
        ("cuba", "Cuba", "cuba", ["cuba"]), ("ukraine", "Ukraine", "ukraine", ["ukraine"]),
        ("australia", "Australia", "australia-east", ["australia-east", "australia-west"])]),
    ("tbrown", "Timothy Brown", "#9467bd", "TB", [
        ("uk", "United Kingdom", "united-kingdom", ["united-kingdom"]), ("algeria", "Algeria", "algeria", ["algeria"]),
        ("manchuria", "Manchuria", "manchuria", ["manchuria"])]),
    ("butz", "Larry Butz", "#8c564b", "LB", [
        ("venezuela", "Venezuela", "venezuela", ["venezuela"]), ("italy", "Italy", "italy", ["italy"]),
        ("iran", "Iran", "iran", ["iran"]), ("angola", "Angola", "angola", ["angola"])]),
    ("harshman", "John Harshman", "#e377c2", "JH", [
        ("france", "France", "france", ["france"]), ("argentina", "Argentina", "argentina", ["argentina"]),
        ("israel", "Israel", "israel", ["israel"])]),
    ("macdonald", "David MacDonald", "#7f7f7f", "DM", [
        ("milgov", "Military Government of the U.S.", "us-mountain",
         ["us-mountain", "us-south-central", "us-southeast"]),
        ("poland", "Poland", "poland", ["poland"]), ("canton", "Canton", "canton", ["canton"])]),
    ("miller", "Marc W. Miller", "#bcbd22", "MM", [
        ("azania", "Azania", "azania", ["azania"]), ("japan", "Japan", "japan", ["japan"]),
        ("bolivia", "Bolivia", "bolivia", ["bolivia"]), ("egypt", "Egypt", "egypt", ["egypt"])]),
    ("renner", "Matt Renner", "#17becf", "MR", [
        ("civgov", "Civilian Government of the U.S.", "us-midwest", ["us-midwest", "us-northeast"]),
        ("sweden", "Sweden", "sweden", ["sweden"]), ("nigeria", "Nigeria", "nigeria", ["nigeria"])]),
    ("roth", "Wayne Roth", "#ff7f0e", "WR", [
        ("brazil", "Brazil", "brazil-south", ["brazil-south", "brazil-north"]), ("spain", "Spain", "spain", ["spain"]),
        ("turkey", "Turkey", "turkey", ["turkey"])]),
    ("wiseman", "Loren Wiseman", "#393b79", "LW", [
        ("new-america", "New America", "us-pacific", ["us-pacific"]), ("germany", "Germany", "germany", ["germany"]),
        ("indonesia", "Indonesia", "indonesia", ["indonesia"])]),
]

# Resource boxes (primary production per turn): the source's map lost them; a ruling from each region's
# well-known resources of the 1980s.
PRIMARY: dict[str, dict[str, int]] = {
    "arabia": {"oil": 6}, "iran": {"oil": 4}, "iraq": {"oil": 3}, "russia": {"oil": 2, "coal": 1, "minerals": 1},
    "west-siberia": {"oil": 3, "coal": 2}, "east-siberia": {"coal": 1, "minerals": 2}, "venezuela": {"oil": 3},
    "mexico": {"oil": 2}, "nigeria": {"oil": 2}, "us-south-central": {"oil": 2}, "alaska": {"oil": 1},
    "algeria": {"oil": 2}, "tunisia-libya": {"oil": 2}, "indonesia": {"oil": 1}, "canada-west": {"oil": 2, "uranium": 1,
                                                                                              "minerals": 1},
    "norway": {"oil": 1, "electricity": 1}, "united-kingdom": {"oil": 1, "coal": 1}, "kazakhstan": {"oil": 1,
                                                                                                 "uranium": 1},
    "us-northeast": {"coal": 2}, "us-mountain": {"coal": 1, "minerals": 2, "uranium": 1}, "germany": {"coal": 2},
    "poland": {"coal": 2}, "ukraine": {"coal": 2}, "china": {"coal": 3, "minerals": 1}, "manchuria": {"coal": 1},
    "india": {"coal": 2, "minerals": 1}, "australia-east": {"coal": 2}, "azania": {"coal": 2, "minerals": 2},
    "canada-east": {"minerals": 2, "electricity": 1}, "australia-west": {"minerals": 3, "uranium": 1},
    "brazil-north": {"minerals": 2}, "brazil-south": {"minerals": 1, "electricity": 1}, "chile": {"minerals": 2},
    "peru": {"minerals": 1}, "zaire": {"minerals": 2}, "zambia-malawi": {"minerals": 1}, "sweden": {"minerals": 1,
                                                                                                   "electricity": 1},
    "bolivia": {"minerals": 1}, "namibia-botswana": {"uranium": 1}, "sahel": {"uranium": 1},
    "alpine": {"electricity": 1},
}

WAR_TORN = {"us-pacific", "us-mountain", "us-south-central", "us-midwest", "us-southeast", "us-northeast", "russia",
            "west-siberia", "ukraine", "belarus", "poland", "germany", "bavaria", "czechoslovakia", "baltics",
            "china", "manchuria", "korea", "iran", "iraq"}
"""Regions the war the source assumes (Twilight: 2000's World War III) devastated: a tenth of their labour
starts starving and half their facilities inactive (a ruling)."""

LABOUR_MILLIONS = 10e6
"""People per labour unit (a ruling; the population is Natural Earth's estimate)."""
POP_SHARE = {
    ("russia", "Russia"): 0.75, ("west-siberia", "Russia"): 0.15, ("east-siberia", "Russia"): 0.10,
    ("canada-east", "Canada"): 0.7, ("canada-west", "Canada"): 0.3,
    ("manchuria", "China"): 0.08, ("canton", "China"): 0.15, ("west-china", "China"): 0.05, ("china", "China"): 0.72,
    ("australia-east", "Australia"): 0.85, ("australia-west", "Australia"): 0.15,
    ("brazil-north", "Brazil"): 0.35, ("brazil-south", "Brazil"): 0.65,
    ("germany", "Germany"): 0.85, ("bavaria", "Germany"): 0.15,
    ("us-pacific", USA): 0.17, ("us-mountain", USA): 0.06, ("us-south-central", USA): 0.16, ("us-midwest", USA): 0.2,
    ("us-southeast", USA): 0.2, ("us-northeast", USA): 0.2, ("alaska", USA): 0.01,
}
"""Where a split country's people live (by area otherwise): a ruling from the 1980s censuses, roughly."""
FARM_SHARE = {1: 0.5, 2: 0.45, 3: 0.35, 4: 0.25}
FOOD_PER_FARMER = 2


def _parts(geom: Any) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]


def _xy(lon: float, lat: float) -> tuple[float, float]:
    return (round((lon + 180) * SCALE, 1), round((TOP - lat) * SCALE, 1))


def _project(coords: Any) -> Any:
    """lon/lat -> map units (equirectangular: the whole world, y down)."""
    out = coords.copy()
    out[:, 0] = (coords[:, 0] + 180) * SCALE
    out[:, 1] = (TOP - coords[:, 1]) * SCALE
    return out


def _ring(coords: Any) -> list[list[float]]:
    pts = [[round(x, 1), round(y, 1)] for x, y in list(coords)[:-1]]
    out: list[list[float]] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    return out


def build() -> tuple[dict[str, Any], dict[str, Any]]:
    countries = load_countries()
    # land: each region a union of clipped countries; population shared out by area for split countries
    geoms: dict[str, Any] = {}
    pop: dict[str, float] = {}
    for rid, _name, pieces, _ed, _rough in LAND:
        shapes = []
        people = 0.0
        for cname, clip in pieces:
            c = countries[cname]
            g = c.geometry if clip is None else c.geometry.intersection(box(*clip))
            if g.is_empty:
                raise SystemExit(f"{rid}: {cname} clipped to {clip} is empty")
            shapes.append(g)
            people += c.pop_est * POP_SHARE.get((rid, cname), g.area / c.geometry.area)
        geoms[rid] = unary_union(shapes)
        pop[rid] = people
    ids = list(geoms)
    simplified = shapely.coverage_simplify([geoms[r] for r in ids], TOLERANCE)
    # One noding of every border, then faces given back to the region holding them: neighbours share their
    # border exactly, so no two regions overlap even by a sliver.
    projected = {rid: shapely.set_precision(shapely.transform(shapely.make_valid(g), _project), GRID)
                 for rid, g in zip(ids, simplified, strict=True)}
    lines = shapely.union_all([g.boundary for g in projected.values()], grid_size=GRID)
    faces = list(shapely.polygonize(list(getattr(lines, "geoms", [lines]))).geoms)
    owned: dict[str, list[Polygon]] = {rid: [] for rid in ids}
    for face in faces:
        at = face.representative_point()
        holder = next((rid for rid in ids if projected[rid].covers(at)), None)
        if holder is not None:
            owned[holder].append(face)
    land = {rid: unary_union(owned[rid]) for rid in ids}
    taken = unary_union(list(land.values()))
    seas = {}
    sea_taken: Any = Polygon()
    for sid, _name, boxes in SEAS:
        region = shapely.transform(unary_union([box(*b) for b in boxes]).intersection(box(-180, BOTTOM, 180, TOP)),
                                   _project)
        sea = region.difference(taken, grid_size=GRID).simplify(TOLERANCE * SCALE / 2)
        seas[sid] = shapely.set_precision(sea, GRID).difference(sea_taken, grid_size=GRID)
        sea_taken = sea_taken.union(seas[sid], grid_size=GRID)
    names = {rid: name for rid, name, *_ in LAND} | {sid: name for sid, name, _ in SEAS}

    regions: list[dict[str, Any]] = []
    places: list[dict[str, Any]] = []
    for rid, g in [*land.items(), *seas.items()]:
        parts = sorted(_parts(g), key=lambda p: -p.area)
        parts = [p for p in parts if p.area >= 1.5 * SCALE * SCALE] or parts[:1]
        kind = "sea" if rid in seas else "country"
        for k, part in enumerate(parts):
            # land keeps every hole (another region may fill it); seas drop small islands
            holes = [_ring(h.coords) for h in part.interiors if kind == "country" or Polygon(h).area > 0.5 * SCALE ** 2]
            # extra parts (islands, exclaves) are unnamed so that the region's name is drawn once
            entry: dict[str, Any] = {"id": rid if k == 0 else f"{rid}-{k + 1}", "name": names[rid] if k == 0 else "",
                                     "kind": kind,
                                     "polygon": _ring(part.exterior.coords)}
            if holes:
                entry["holes"] = holes
            regions.append(entry)
        at = parts[0].representative_point()
        places.append({"id": rid, "name": names[rid], "at": [round(at.x, 1), round(at.y, 1)]})
    # adjacency: regions (all their parts) within half a degree of each other; seas by their boxes
    full = {**land, **{sid: shapely.transform(unary_union([box(*b) for b in boxes]), _project)
                       for sid, _n, boxes in SEAS}}
    tree_ids = list(full)
    tree = shapely.STRtree([full[r] for r in tree_ids])
    pairs = set()
    for i, rid in enumerate(tree_ids):
        near = tree.query(full[rid], predicate="dwithin", distance=0.5 * SCALE)
        for hit in near:
            if int(hit) <= i:
                continue
            other = tree_ids[int(hit)]
            a_sea, b_sea = rid in seas, other in seas
            if a_sea and b_sea:
                if seas[rid].distance(seas[other]) < GRID:  # open water between them
                    pairs.add((rid, other))
            elif a_sea or b_sea:
                sea, lnd = (rid, other) if a_sea else (other, rid)
                if seas[sea].distance(land[lnd]) < 0.5 * SCALE:
                    pairs.add((rid, other))
            else:
                pairs.add((rid, other))
    the_map = {
        "id": "the-game-world", "name": "The Game: the world after World War III", "size": [W, H],
        "regions": regions, "places": places,
        "roads": [{"between": list(p), "kind": "adjacency"} for p in sorted(pairs)],
    }
    return the_map, scenario(pop)


def scenario(pop: dict[str, float]) -> dict[str, Any]:
    owner: dict[str, str] = {}
    capitals: dict[str, str] = {}
    for _pid, _pn, _c, _s, nations in PLAYERS:
        for nid, _name, capital, home in nations:
            capitals[nid] = capital
            for h in home:
                owner[h] = nid
    regions = []
    eds = {rid: ed for rid, _n, _p, ed, _r in LAND}
    for rid, _name, _pieces, ed, rough in LAND:
        labour = max(1, round(pop[rid] / LABOUR_MILLIONS))
        farm = max(1, round(labour * FARM_SHARE[ed])) if labour > 1 else labour
        pool = labour - farm
        facilities: dict[str, dict[str, int]] = {}
        if ed >= 2:
            facilities["transport-net"] = {"active": 2 if ed == 4 else 1}
        if ed >= 3:
            facilities["factory"] = {"active": ed - 2}
            deficit = max(0, labour - FOOD_PER_FARMER * farm)
            facilities["mech-farm"] = {"active": max(1, math.ceil(deficit / 3))}
        if ed == 4:
            facilities["power-plant"] = {"active": 1}
        if rid in capitals.values() and ed >= 3:
            facilities["rnd"] = {"active": 1}
        starving = 0
        if rid in WAR_TORN:
            starving = max(1, labour // 10)
            pool = max(0, pool - starving)
            for f in facilities.values():
                half = f["active"] // 2
                if half:
                    f["active"] -= half
                    f["inactive"] = half
        entry: dict[str, Any] = {"id": rid, "ed": ed, "pool": pool, "farm": farm}
        if rid in owner:
            entry["owner"] = owner[rid]
        if rough:
            entry["rough"] = True
        if starving:
            entry["starving"] = starving
            entry["insurgents"] = starving
        if rid in PRIMARY:
            entry["primary"] = PRIMARY[rid]
        if facilities:
            entry["facilities"] = facilities
        regions.append(entry)
    regions += [{"id": sid} for sid, _n, _b in SEAS]
    players, nations, units = [], [], []
    sea_next = {"united-kingdom": "north-sea", "japan": "east-asian-seas", "us-northeast": "north-atlantic",
                "us-pacific": "north-pacific-east", "france": "mediterranean", "russia": "baltic-sea",
                "australia-east": "south-pacific", "brazil-south": "south-atlantic", "italy": "mediterranean"}
    for pid, pname, colour, symbol, pnations in PLAYERS:
        players.append({"id": pid, "name": pname, "colour": colour, "symbol": symbol})
        for nid, name, capital, home in pnations:
            ed_sum = sum(eds[h] for h in home)
            top = eds[capital]
            tech = {1: {}, 2: {"industry": 1, "military": 1, "biology": 1},
                    3: {"energy": 1, "industry": 2, "military": 2, "space": 1, "biology": 1},
                    4: {"energy": 1, "industry": 3, "military": 3, "space": 2, "biology": 2}}[top]
            nations.append({"id": nid, "name": name, "player": pid, "capital": capital, "bank": 10 + 5 * ed_sum,
                            "tech": tech})
            for k, h in enumerate(home, start=1):
                units.append({"id": f"{nid}-mil-{k}", "type": "militia", "nation": nid, "region": h})
            if top >= 3:
                units.append({"id": f"{nid}-mec-1", "type": "mech", "nation": nid, "region": capital})
            if top == 4:
                units.append({"id": f"{nid}-ftr-1", "type": "fighter", "nation": nid, "region": capital})
            if capital in sea_next:
                units.append({"id": f"{nid}-mer-1", "type": "merchant", "nation": nid, "region": sea_next[capital]})
            if top == 4 and capital in sea_next:
                units.append({"id": f"{nid}-war-1", "type": "warship", "nation": nid, "region": sea_next[capital]})
    units += [
        {"id": "milgov-bmr-1", "type": "bomber", "nation": "milgov", "region": "us-mountain"},
        {"id": "milgov-awx-1", "type": "awacs", "nation": "milgov", "region": "us-mountain"},
        {"id": "milgov-sat-1", "type": "surveillance-satellite", "nation": "milgov", "region": "orbit"},
        {"id": "russia-sat-1", "type": "surveillance-satellite", "nation": "russia", "region": "orbit"},
        {"id": "russia-icb-1", "type": "icbm", "nation": "russia", "region": "orbit"},
        {"id": "france-bmr-1", "type": "bomber", "nation": "france", "region": "france"},
        {"id": "france-awx-1", "type": "awacs", "nation": "france", "region": "france"},
        {"id": "germany-imc-1", "type": "improved-mech", "nation": "germany", "region": "germany"},
        {"id": "canton-min-1", "type": "minor", "nation": "canton", "region": "canton"},
        {"id": "manchuria-min-1", "type": "minor", "nation": "manchuria", "region": "manchuria"},
    ]
    return {
        "id": "the-game", "name": "The Game: the world after World War III (2000)",
        "description": "GDW's The Game (1985-86), the simulation behind 2300AD's history: eleven players lead the "
                       "source's nations from the world after Twilight: 2000's World War III. Every number the "
                       "source does not give is a ruling in docs/the-game.md.",
        "rules": "thegame", "map": "../maps/the-game-world.yaml",
        "players": players, "nations": nations, "regions": regions, "units": units,
    }


def main() -> None:
    the_map, scen = build()
    from boardapp.model.mapfile import Map
    from boardapp.model.writer import dump_map, dump_scenario, read_comments
    from boardapp.rules.thegame.scenario import TheGameScenario

    head = ("# Generated by tools/make_thegame_map.py. Geography: " + SOURCE_NOTE + ".\n"
            "# Regions grouped from countries and split as docs/the-game.md says; sea regions from lon/lat boxes.\n")
    (ROOT / "maps" / "the-game-world.yaml").write_text(
        dump_map(Map.model_validate(the_map), read_comments(head + "id: x\n")), encoding="utf-8")
    shead = ("# Generated by tools/make_thegame_map.py: the starting world of GDW's The Game.\n"
             "# Every number the source does not give is a ruling: docs/the-game.md.\n")
    (ROOT / "scenarios" / "the-game.yaml").write_text(
        dump_scenario(TheGameScenario.model_validate(scen), read_comments(shead + "id: x\n")), encoding="utf-8")


if __name__ == "__main__":
    main()
