"""Run every entry of the DATC v3.0 JSON (../shared/datc/datc-v3.0.json) against the engine."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from boardapp.rules.diplomacy.cli import run_case
from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map

DATC_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "datc"
DATC_FILE = DATC_DIR / "datc-v3.0.json"

#: The engine plays the 2023 rulebook.  Cases without a 2023 entry are run in the
#: edition whose result the DATC text says the 2023 rules share.
EDITION_AS_2023 = {
    "t6g02_kidnapping_an_army": "1982",  # "in all other rulebooks kidnapping is prevented"
    # "with the 1982/2000/2023 rulebooks ... the French army will successfully move"
    "t6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move": "1982",
}

#: Deliberate deviations from the JSON's expectations (see docs/diplomacy.md).
XFAIL = {
    "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox": (
        "DATC v3.0 prefers no land-route fallback for an intended convoy: Szykman rule, "
        "F nth -> ska dislodges the convoy and A swe -> nwy fails; the JSON expects the "
        "fallback result"
    ),
}


def _cases() -> list[Any]:
    if not DATC_FILE.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{DATC_FILE} missing"))]
    cases = json.loads(DATC_FILE.read_text(encoding="utf-8"))["cases"]
    editions: dict[str, set[str]] = {}
    for c in cases:
        editions.setdefault(c["name"], set()).add(c.get("edition", ""))
    seen: Counter[str] = Counter()
    params = []
    for c in cases:
        name, ed = c["name"], c.get("edition")
        seen[name] += 1
        ident = f"{name}[{ed}]" if ed else name
        if seen[name] > 1 and not ed:
            ident = f"{name}#{seen[name]}"
        marks: list[Any] = []
        if "ignore" in c:
            marks.append(pytest.mark.skip(reason=f"ignored by the JSON: {c['ignore']}"))
        elif ed and ed != "2023" and EDITION_AS_2023.get(name) != ed:
            marks.append(pytest.mark.skip(reason=f"{ed} edition; the engine plays the 2023 rules"))
        elif name in XFAIL:
            marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[name]))
        params.append(pytest.param(c, id=ident, marks=marks))
    return params


@pytest.fixture(scope="module")
def datc_map() -> MapData:
    return load_standard_map(DATC_DIR)


@pytest.mark.parametrize("case", _cases())
def test_datc(case: dict[str, Any], datc_map: MapData) -> None:
    out = run_case(case, datc_map)
    for order, expected in case["orders"].items():
        if expected is not None:
            got = out["results"][order]
            assert got == expected, f"{order}: {got} ({out['reasons'][order]}), DATC {expected}"
    if "civil_disorder" in case:
        assert sorted(out["civil_disorder"]) == sorted(case["civil_disorder"])


def test_shipped_map_is_datc_map_plus_six_missing_borders(standard_map: MapData, datc_map: MapData) -> None:
    """The package's copy adds the six standard-map borders the DATC data lacks, and nothing else."""
    assert standard_map.provinces == datc_map.provinces
    assert standard_map.regions == datc_map.regions
    added = {(b.a, b.b, str(b.terrain)) for b in standard_map.borders} - {
        (b.a, b.b, str(b.terrain)) for b in datc_map.borders}
    assert {(a, b) for a, b, _ in added} == {
        ("bot", "fin"), ("bot", "lvn"), ("bot", "swe"), ("bot", "stp(sc)"), ("nwy", "stp"), ("nwy", "stp(nc)")}
    assert set(datc_map.borders) <= set(standard_map.borders)
    assert "stp" in standard_map.army_adj["nwy"]
    assert "fin" in standard_map.fleet_adj["bot"]
