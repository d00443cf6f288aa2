"""Generate ``maps/mun-1935.yaml`` and ``scenarios/mun-historical-1935.yaml`` from Modern Diplomacy II.

Source: ``/work/shared/maps-data/modern-diplomacy-2/`` (territories.csv, borders.csv: facts only).
Every change from Modern Diplomacy II to the MUN Historical Committee's 1935 map is a line in
the tables below, and each ruling is explained in ``docs/mun-historical.md``.
Run: ``.venv/bin/python tests/diplomacy/data/make_mun.py [source dir]``.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from shapely.geometry import MultiPoint, Polygon, box
from shapely.ops import voronoi_diagram

ROOT = Path(__file__).resolve().parents[3]
SOURCE = Path("/work/shared/maps-data/modern-diplomacy-2")
W, H = 1260, 1060

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
    ("yugoslavia", "Yugoslavia", "Yugoslav", "#8fd18a", "YU", ["Serbia", "Bosnia", "Croatia", "Montenegro", "Macedonia"],
     {"Serbia": "A", "Bosnia": "A", "Croatia": "F", "Montenegro": "A", "Macedonia": "A"}),
    ("spain", "Spain", "Spanish", "#f28c1b", "ES", ["Madrid", "Barcelona", "Seville", "Navarra", "Andalucia"],
     {"Madrid": "A", "Barcelona": "F", "Seville": "A", "Navarra": "A", "Andalucia": "F"}),
    ("poland", "Poland", "Polish", "#ffffff", "PL", ["Podolia", "Gdynia", "Prussia", "Krakow", "Western Belarus"],
     {"Podolia": "A", "Gdynia": "F", "Prussia": "A", "Krakow": "A", "Western Belarus": "A"}),
]
NEUTRAL = ["Belgium", "Holland", "Denmark", "Norway", "Sweden", "Portugal", "Austria", "Czechoslovakia",
           "Hungary", "Rumania", "Bulgaria", "Greece", "Iran", "Saudi Arabia", "Lithuania"]


def main(source: Path = SOURCE) -> None:
    terr: dict[str, dict] = {}
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

    # map: places at the label positions, Voronoi cells clipped to the map as province outlines
    names = sorted(terr, key=lambda n: ids[n])
    pts = [(terr[n]["x"], terr[n]["y"]) for n in names]
    frame = box(0, 0, W, H)
    cells = voronoi_diagram(MultiPoint(pts), envelope=frame)
    regions = []
    from shapely.geometry import Point

    for n, (x, y) in zip(names, pts, strict=True):
        cell = next(c for c in cells.geoms if c.contains(Point(x, y)))
        cell = cell.intersection(frame)
        assert isinstance(cell, Polygon)
        coords = [[round(cx, 1), round(cy, 1)] for cx, cy in list(cell.exterior.coords)[:-1]]
        regions.append({"id": ids[n], "name": n, "kind": "sea" if terr[n]["terrain"] == "sea" else "province",
                        "polygon": coords})
    places = [{"id": ids[n], "name": n, "at": [terr[n]["x"], terr[n]["y"]]} for n in names]
    pairs = sorted({tuple(sorted((a.split("(")[0], b.split("(")[0]))) for a, b, _k in borders})
    the_map = {
        "id": "mun-1935", "name": "Europe, North Africa and the Middle East, 1935 (MUN Historical Committee)",
        "size": [W, H], "regions": regions, "places": places,
        "roads": [{"between": list(p), "kind": "adjacency"} for p in pairs],  # neighbours, not drawn
        "labels": [{"text": "Switzerland (impassable)", "at": [414, 454], "size": 12},
                   {"text": "Ireland", "at": [222, 274], "size": 12}, {"text": "Iceland", "at": [278, 52], "size": 12}],
    }
    provinces = []
    for n in names:
        entry: dict = {"id": ids[n], "terrain": terr[n]["terrain"]}
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
    scenario = {
        "id": "mun-historical-1935", "name": "MUN Historical Committee, 1935",
        "description": "Nine Great Powers of inter-war Europe on an adaptation of Modern Diplomacy II; "
                       "rulings in docs/mun-historical.md.",
        "rules": "diplomacy", "map": "../maps/mun-1935.yaml",
        "powers": powers, "provinces": provinces, "borders": borders, "units": units,
        "calendar": {"year": 1935, "season": "spring"},
        "victory": {"centres": 0, "bonus_centres": 25, "bonus_points": 5},
        "insurrection": {"enabled": True},
    }
    head = "# Generated by tests/diplomacy/data/make_mun.py from Modern Diplomacy II data; rulings: docs/mun-historical.md\n"
    # Written through boardapp's own writer, so the files are in the form the editor saves.
    from boardapp.model.mapfile import Map
    from boardapp.model.writer import dump_map, dump_scenario, read_comments
    from boardapp.rules.diplomacy.scenario import DiplomacyScenario

    (ROOT / "maps" / "mun-1935.yaml").write_text(
        dump_map(Map.model_validate(the_map), read_comments(head + "id: x\n")), encoding="utf-8")
    (ROOT / "scenarios" / "mun-historical-1935.yaml").write_text(
        dump_scenario(DiplomacyScenario.model_validate(scenario), read_comments(head + "id: x\n")), encoding="utf-8")

if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
