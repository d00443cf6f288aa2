"""Regenerate ``standard-map.yaml``, ``standard.yaml`` and ``russia-down.yaml`` from the package's
standard-map CSV.

Test data only: provinces are laid out on a grid (no outlines); roads join bordering provinces.
Run: ``.venv/bin/python tests/diplomacy/data/make_standard.py``.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from boardapp.rules.diplomacy.mapdata import load_standard_map

HERE = Path(__file__).resolve().parent
POWERS = {  # csv code -> (id, name, adjective, colour, symbol)
    "AUS": ("austria", "Austria", "Austrian", "#c48f85", "AUS"),
    "ENG": ("england", "England", "English", "#2f5fb3", "ENG"),
    "FRA": ("france", "France", "French", "#4fb2d9", "FRA"),
    "GER": ("germany", "Germany", "German", "#5a5a5a", "GER"),
    "ITA": ("italy", "Italy", "Italian", "#3f9c3f", "ITA"),
    "RUS": ("russia", "Russia", "Russian", "#a65ca6", "RUS"),
    "TUR": ("turkey", "Turkey", "Turkish", "#c9b037", "TUR"),
}
FLEETS = {"edi", "lon", "bre", "kie", "nap", "sev", "ank", "tri", "stp(sc)"}


def main() -> None:
    m = load_standard_map()
    provs = sorted(m.provinces)
    places = []
    for i, p in enumerate(provs):
        x, y = 50 + 100 * (i % 10), 50 + 100 * (i // 10)
        places.append({"id": p, "name": m.provinces[p].name, "at": [x, y]})
    pairs = sorted({tuple(sorted((m.regions[b.a].province, m.regions[b.b].province))) for b in m.borders})
    the_map = {"id": "standard", "name": "Standard Diplomacy (grid layout, test data)", "size": [1000, 800],
               "places": places, "roads": [{"between": list(p)} for p in pairs]}
    provinces = []
    for p in provs:
        regs = [m.regions[r] for r in m.province_regions[p]]
        coasts = [r.coast for r in regs if r.coast]
        terrain = "coast" if coasts else regs[0].terrain.value
        entry = {"id": p, "terrain": terrain}
        if m.provinces[p].supply_center:
            entry["supply_centre"] = True
        if coasts:
            entry["coasts"] = coasts
        provinces.append(entry)
    powers = []
    units = []
    for code, (pid, name, adj, colour, sym) in POWERS.items():
        homes = list(m.home_centres(code))
        powers.append({"id": pid, "name": name, "adjective": adj, "colour": colour, "symbol": sym,
                       "home_centres": homes})
        for h in homes:
            region = "stp(sc)" if h == "stp" else h
            units.append({"power": pid, "type": "F" if region in FLEETS else "A", "at": region})
    scenario = {"id": "standard-1901", "name": "Diplomacy, standard map, 1901", "rules": "diplomacy",
                "map": "standard-map.yaml", "powers": powers, "provinces": provinces,
                "borders": [[b.a, b.b, b.terrain.value] for b in m.borders], "units": units,
                "calendar": {"year": 1901, "season": "spring"}, "victory": {"centres": 18}}
    dump = {"default_flow_style": None, "sort_keys": False, "width": 120, "allow_unicode": True}
    (HERE / "standard-map.yaml").write_text(yaml.safe_dump(the_map, **dump), encoding="utf-8")
    (HERE / "standard.yaml").write_text(yaml.safe_dump(scenario, **dump), encoding="utf-8")
    # Fall 1902, Russia down to Moscow and Sevastopol with no unit, an Austrian army in Ukraine and a Turkish
    # one in Armenia: the position of tests/diplomacy/data/province-tie-commands.yaml (issue 32: a true tie).
    owners = {h: pid for code, (pid, *_rest) in POWERS.items() for h in m.home_centres(code)}
    owners |= {"stp": "germany", "war": "germany"}
    tie = scenario | {"id": "russia-down-1902", "name": "Diplomacy, standard map: Russia down to two centres, 1902",
                      "owners": owners,
                      "units": [{"power": "austria", "type": "A", "at": "ukr"},
                                {"power": "turkey", "type": "A", "at": "arm"}],
                      "calendar": {"year": 1902, "season": "fall"}}
    (HERE / "russia-down.yaml").write_text(yaml.safe_dump(tie, **dump), encoding="utf-8")


if __name__ == "__main__":
    main()
