"""Run every entry of the DATC v3.0 JSON (../shared/datc/datc-v3.0.json) against the engine."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from boardapp.rules.diplomacy.cli import run_case
from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map

#: ``../shared/datc`` beside the checkout, or beside the folder of worktrees (``/work/wt/<name>``).
DATC_DIR = next(
    (d / "shared" / "datc" for d in Path(__file__).resolve().parents[2].parents if (d / "shared" / "datc").is_dir()),
    Path(__file__).resolve().parents[2].parent / "shared" / "datc",
)
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


#: Cases whose JSON expectation depends on a border the JSON's own map copy lacks.  The engine runs
#: on the rulebook map, so the expectation is the one the DATC text gives for that map.
ON_THE_RULEBOOK_MAP: dict[str, dict[str, Any]] = {
    # DATC 6.J.9 (second scenario): "The distance of the fleet to St Petersburg(sc) is three but to
    # St Petersburg(nc) is two. So, the army ... must be removed."  F ska -> nwy -> stp is two moves on the
    # rulebook map; the JSON's map lacks Norway-St Petersburg, counts three for the fleet, ties it with
    # A alb (alb -> ser -> rum -> sev) and removes the fleet.
    "t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario": {"civil_disorder": ["RUS: A alb"]},
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
    if not (DATC_DIR / "standard-map-borders.csv").exists():
        pytest.skip(f"{DATC_DIR} missing")
    return load_standard_map(DATC_DIR)


@pytest.mark.parametrize("case", _cases())
def test_datc(case: dict[str, Any], standard_map: MapData) -> None:
    """Every case on the shipped map, which is the rulebook map (``test_standard_map.py``)."""
    case = {**case, **ON_THE_RULEBOOK_MAP.get(case["name"], {})}
    out = run_case(case, standard_map)
    for order, expected in case["orders"].items():
        if expected is not None:
            got = out["results"][order]
            assert got == expected, f"{order}: {got} ({out['reasons'][order]}), DATC {expected}"
    if "civil_disorder" in case:
        assert sorted(out["civil_disorder"]) == sorted(case["civil_disorder"])


def test_shipped_map_is_the_datc_copy_with_its_gaps_filled(standard_map: MapData, datc_map: MapData) -> None:
    """The DATC's copy of the map lacks eleven borders and calls Constantinople-Smyrna a land border.

    The shipped map differs from it by exactly these (issue #12, item 4); that the result is
    the rulebook map is pinned in ``test_standard_map.py``.
    """
    assert standard_map.provinces == datc_map.provinces
    assert standard_map.regions == datc_map.regions

    def edges(m: MapData) -> set[tuple[frozenset[str], str]]:
        return {(frozenset((b.a, b.b)), b.terrain.value) for b in m.borders}

    added = {(tuple(sorted(pair)), kind) for pair, kind in edges(standard_map) - edges(datc_map)}
    dropped = {(tuple(sorted(pair)), kind) for pair, kind in edges(datc_map) - edges(standard_map)}
    assert added == {
        (("bot", "fin"), "sea"), (("bot", "lvn"), "sea"), (("bot", "swe"), "sea"), (("bot", "stp(sc)"), "sea"),
        (("nwy", "stp"), "land"), (("nwy", "stp(nc)"), "sea"),
        (("gal", "ukr"), "land"), (("lvn", "war"), "land"), (("con", "smy"), "coast"),
        (("mao", "spa(sc)"), "sea"), (("tus", "tys"), "sea"),
    }
    assert dropped == {(("con", "smy"), "land")}


# -- moves the adjudicator decides before its search (adjudicator._Movement.run) --------------------
#
# Each position puts one of those shortcuts at its edge; the expected outcomes come from the rules
# (DATC 5.B: a move succeeds when its attack strength beats the defend or hold strength and every
# prevent strength; a convoyed army whose convoy is dislodged has no path, so no prevent strength).

SHORTCUT_CASES = [
    # an unsupported move onto a unit that stays bounces; a supported one dislodges it
    (["FRA: A par", "GER: A bur"], ["FRA: A par -> bur", "GER: A bur hold"], ["Fails", "Succeeds"]),
    (["FRA: A par", "FRA: A mar", "GER: A bur"], ["FRA: A par -> bur", "FRA: A mar supports A par -> bur",
                                                  "GER: A bur hold"], ["Succeeds", "Succeeds", "Fails"]),
    # two unsupported moves into an empty province: a standoff
    (["FRA: A par", "GER: A mun"], ["FRA: A par -> bur", "GER: A mun -> bur"], ["Fails", "Fails"]),
    # the other attacker comes by convoy and its convoy is dislodged: it prevents nothing, the land move
    # succeeds (the shortcut must not fail a move whose only rival is convoyed)
    (["ENG: A lon", "ENG: F nth", "GER: F hel", "GER: F ska", "FRA: A bur"],
     ["ENG: A lon -> bel", "ENG: F nth convoys lon -> bel", "GER: F hel -> nth", "GER: F ska supports F hel -> nth",
      "FRA: A bur -> bel"],
     ["Fails", "Fails", "Succeeds", "Succeeds", "Succeeds"]),
    # the same with the convoy intact: a standoff
    (["ENG: A lon", "ENG: F nth", "FRA: A bur"],
     ["ENG: A lon -> bel", "ENG: F nth convoys lon -> bel", "FRA: A bur -> bel"],
     ["Fails", "Succeeds", "Fails"]),
    # a supported move onto a staying unit of the same power still fails (no dislodging one's own unit)
    (["FRA: A par", "FRA: A mar", "FRA: A bur"], ["FRA: A par -> bur", "FRA: A mar supports A par -> bur"],
     ["Fails", "Succeeds"]),
]


@pytest.mark.parametrize(("units", "orders", "outcomes"), SHORTCUT_CASES)
def test_moves_decided_before_the_search(
    units: list[str], orders: list[str], outcomes: list[str], standard_map: MapData
) -> None:
    from boardapp.rules.diplomacy.adjudicator import adjudicate_movement
    from boardapp.rules.diplomacy.orders import Order, Unit

    r = adjudicate_movement(standard_map, [Unit.parse(u) for u in units], [Order.parse(o) for o in orders])
    assert [x.outcome for x in r.results] == outcomes
