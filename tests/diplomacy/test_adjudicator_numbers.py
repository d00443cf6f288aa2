"""The adjudicator's province numbers, its shortcuts for supports, and what it must not keep between calls.

The map's numbered indexes (``MapData.*_numbers``, ``place_number``, ``fleet_moves``, ``sea_reach``) are
what the adjudicator reads instead of the named ones; each is checked here against the named index it
replaces, over the whole standard map, and on a small map built by hand where the answer is known.
Expected outcomes of positions come from the rules (DATC 5.B: a support is cut by an attack from a
unit of another power, unless the attack comes from the province the support is directed at).
"""

from __future__ import annotations

import dataclasses

import pytest

from boardapp.rules.diplomacy.adjudicator import Dislodged, MovementResult, OrderResult, adjudicate_movement
from boardapp.rules.diplomacy.mapdata import (
    MOVE_ARMY,
    MOVE_FLEET,
    REACH_ARMY,
    REACH_FLEET,
    Border,
    MapData,
    Province,
    Region,
    Terrain,
    province_of,
)
from boardapp.rules.diplomacy.orders import Order, Unit, UnitType

# -- the numbered indexes say what the named ones say ------------------------------------------------


def test_place_number_names_every_region_and_province(standard_map: MapData) -> None:
    m = standard_map
    names, number = m.province_names, m.place_number
    assert sorted(names) == sorted(m.provinces)
    assert all(names[number[p]] == p for p in m.provinces)
    assert all(names[number[r]] == province_of(r) for r in m.regions)
    assert set(number) == set(m.provinces) | set(m.regions)


def test_army_indexes_match_the_named_ones(standard_map: MapData) -> None:
    m = standard_map
    names, number = m.province_names, m.place_number
    for p in m.provinces:
        assert {names[q] for q in m.army_adj_numbers[number[p]]} == set(m.army_adj[p]), p
    # an army may be ordered to the places it can stand in: never a coast (spa(nc)), never a sea
    assert set(m.army_region_number) == set(m.army_places)
    assert "spa(nc)" not in m.army_region_number and "nth" not in m.army_region_number
    assert m.army_region_number["spa"] == number["spa"]


def test_fleet_indexes_match_the_named_ones(standard_map: MapData) -> None:
    m = standard_map
    names = m.province_names
    for r, near in m.fleet_adj.items():
        # a fleet names the coast of a multi-coast province: the bare province is no destination
        expected = {x for x in near if not (x == province_of(x) and x in m.multi_coast)}
        assert set(m.fleet_moves[r]) == expected, r
        assert all(names[n] == province_of(x) for x, n in m.fleet_moves[r].items())
        assert {names[n] for n in m.fleet_reach_numbers[r]} == set(m.fleet_reach[r]), r
    for p in m.provinces:
        assert {names[q] for q in m.fleet_adj_numbers[m.place_number[p]]} == set(m.fleet_province_adj[p]), p
    # the rulebook's example of a two-coast province: from the Mid-Atlantic a fleet may enter either coast
    assert {"spa(nc)", "spa(sc)"} <= set(m.fleet_moves["mao"]) and "spa" not in m.fleet_moves["mao"]


def test_a_fleet_names_the_coast_even_where_the_map_has_a_fleet_border_to_the_bare_province() -> None:
    """Rulebook: a fleet moving to a province with two coasts says which; a border to the bare province in the
    map data (written by mistake, or for armies) does not change that."""
    provinces = [Province("sea", "Sea"), Province("two", "Two Coasts")]
    regions = [Region("sea", None, Terrain.SEA), Region("two", None, Terrain.LAND), Region("two", "nc", Terrain.SEA)]
    borders = [Border("sea", "two(nc)", Terrain.SEA), Border("sea", "two", Terrain.COAST)]
    m = MapData.build(provinces, regions, borders)
    assert "two" in m.fleet_adj["sea"] and set(m.fleet_moves["sea"]) == {"two(nc)"}
    units = [Unit.parse("X: F sea")]
    bare = adjudicate_movement(m, units, [Order.parse("F sea -> two")])
    assert bare.results[0].reason == "illegal: a fleet moving to two must name the coast"
    coast = adjudicate_movement(m, units, [Order.parse("F sea -> two(nc)")])
    assert coast.results[0].succeeded and coast.units == (Unit.parse("X: F two(nc)"),)


def _two_seas_map() -> MapData:
    """Two coasts on each of two seas that do not touch: ``wa - W - wb`` and ``ea - E - eb``, land between."""
    provinces = [Province(p, p.upper()) for p in ("wa", "wb", "ea", "eb", "mid", "ww", "ee")]
    regions = [Region(p, None, Terrain.COAST) for p in ("wa", "wb", "ea", "eb")]
    regions += [Region("mid", None, Terrain.LAND), Region("ww", None, Terrain.SEA), Region("ee", None, Terrain.SEA)]
    borders = [Border("wa", "ww", Terrain.SEA), Border("wb", "ww", Terrain.SEA), Border("ea", "ee", Terrain.SEA),
               Border("eb", "ee", Terrain.SEA), Border("wb", "mid", Terrain.LAND), Border("mid", "ea", Terrain.LAND)]
    return MapData.build(provinces, regions, borders)


def test_sea_reach_follows_open_water_only() -> None:
    m = _two_seas_map()
    assert m.sea_reach["wa"] == frozenset({"ww"})
    assert m.sea_reach["eb"] == frozenset({"ee"})
    assert m.sea_reach["mid"] == frozenset()  # no sea beside it
    # so no convoy joins the two seas: neither fleet can convoy wa -> eb, and the army cannot go
    units = [Unit.parse(u) for u in ("X: A wa", "X: F ww", "X: F ee")]
    orders = [Order.parse(o) for o in ("A wa -> eb", "F ww convoys wa -> eb", "F ee convoys wa -> eb")]
    r = adjudicate_movement(m, units, orders)
    assert [x.reason for x in r.results] == [
        "illegal: wa does not border eb and no fleets could convoy there",
        "illegal: ww cannot be on a convoy route from wa to eb",
        "illegal: ee cannot be on a convoy route from wa to eb",
    ]


def test_sea_reach_on_the_standard_map(standard_map: MapData) -> None:
    m = standard_map
    assert m.sea_reach["mun"] == frozenset()  # inland
    # the Black Sea touches no other sea (Constantinople lies between it and the Aegean): a convoy from
    # London can reach the Aegean but not the Black Sea, and Sevastopol's only water is the Black Sea
    assert {"nth", "eng", "nao", "aeg"} <= m.sea_reach["lon"] and "bla" not in m.sea_reach["lon"]
    assert m.sea_reach["sev"] == frozenset({"bla"})
    assert m.sea_reach["con"] == m.sea_reach["lon"] | {"bla"}


def test_an_order_holds_the_maps_own_string_for_a_coast(standard_map: MapData) -> None:
    """Coast ids are interned, so the adjudicator finds them by identity (no character compare)."""
    m = standard_map
    own = {k: k for k in m.place_number}
    o = Order.parse("F mao - spa/nc", mapdata=m)
    assert own[o.dest] is o.dest
    assert next(k for k in m.fleet_moves["mao"] if k == "spa(nc)") is o.dest


# -- refusals still say what and where ------------------------------------------------------------------


def test_a_unit_off_the_map_is_a_clear_error(standard_map: MapData) -> None:
    with pytest.raises(ValueError, match=r"FRA: A atlantis: 'atlantis' is no place on the map"):
        adjudicate_movement(standard_map, [Unit.parse("FRA: A atlantis")], [])


def test_two_units_in_one_province_is_a_clear_error(standard_map: MapData) -> None:
    with pytest.raises(ValueError, match=r"two units in 'spa'"):
        adjudicate_movement(standard_map, [Unit.parse("FRA: A spa"), Unit.parse("ITA: F spa(sc)")], [])


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        ("RUS: F stp(nc) -> bar", "illegal: the unit stands in stp(sc), not stp(nc)"),
        ("A stp -> fin", "illegal: the unit in stp is not army"),
        ("RUS: F stp(sc) -> nwy", "illegal: a fleet cannot move from stp(sc) to nwy"),
        ("RUS: F stp(sc) -> mos", "illegal: a fleet cannot move from stp(sc) to mos"),
        ("RUS: F stp(sc) supports F stp(sc)", "illegal: a unit cannot support itself"),
        ("RUS: A mos -> stp", "illegal: no unit in mos"),
    ],
)
def test_refusals_name_the_place(order: str, reason: str, standard_map: MapData) -> None:
    r = adjudicate_movement(standard_map, [Unit.parse("RUS: F stp(sc)")], [Order.parse(order)])
    assert (r.results[0].succeeded, r.results[0].reason) == (False, reason)


# -- supports decided before the search ----------------------------------------------------------------
# DATC 5.B / rulebook: a support is cut when the supporting unit is attacked by a unit of another power,
# except by the unit in the province the support is directed at (that one cuts it only by dislodging it);
# an attack by the supporting unit's own power never cuts.

SUPPORT_CASES = [
    # cut: attacked over land by another power, not from where it supports into
    (["FRA: A par", "FRA: A gas", "GER: A bur", "GER: A mar"],
     ["FRA: A par -> bur", "FRA: A gas supports A par -> bur", "GER: A bur hold", "GER: A mar -> gas"],
     ["Fails", "Fails", "Succeeds", "Fails"], "support cut"),
    # not cut: the only attacker is of its own power
    (["FRA: A par", "FRA: A gas", "GER: A bur", "FRA: A mar"],
     ["FRA: A par -> bur", "FRA: A gas supports A par -> bur", "GER: A bur hold", "FRA: A mar -> gas"],
     ["Succeeds", "Succeeds", "Fails", "Fails"], "support given"),
    # not cut: the attack comes from the province the support is directed at, and fails
    (["FRA: A par", "FRA: A gas", "GER: A bur"],
     ["FRA: A par -> bur", "FRA: A gas supports A par -> bur", "GER: A bur -> gas"],
     ["Succeeds", "Succeeds", "Fails"], "support given"),
]


@pytest.mark.parametrize(("units", "orders", "outcomes", "support"), SUPPORT_CASES)
def test_supports_decided_before_the_search(
    units: list[str], orders: list[str], outcomes: list[str], support: str, standard_map: MapData
) -> None:
    r = adjudicate_movement(standard_map, [Unit.parse(u) for u in units], [Order.parse(o) for o in orders])
    assert [x.outcome for x in r.results] == outcomes
    assert r.results[1].reason == support


# -- nothing kept between calls, and the public types come back ----------------------------------------


def test_each_call_adjudicates_afresh(standard_map: MapData) -> None:
    m = standard_map
    units = [Unit.parse(u) for u in ("FRA: A par", "FRA: A mar", "GER: A bur")]
    hold = [Order.parse(o) for o in ("FRA: A par -> bur", "GER: A bur hold")]
    helped = [*hold, Order.parse("FRA: A mar supports A par -> bur")]
    first, second, again = (adjudicate_movement(m, units, o) for o in (hold, helped, hold))
    assert [x.outcome for x in first.results] == ["Fails", "Succeeds"]
    assert [x.outcome for x in second.results] == ["Succeeds", "Fails", "Succeeds"]
    assert [d.unit for d in second.dislodged] == [units[2]]
    assert again == first and again.results[0] is not first.results[0]


def test_results_are_the_public_frozen_types(standard_map: MapData) -> None:
    m = standard_map
    units = [Unit.parse(u) for u in ("FRA: A par", "FRA: A mar", "GER: A bur", "GER: A mun")]
    orders = [Order.parse(o) for o in ("FRA: A par -> bur", "FRA: A mar supports A par -> bur", "GER: A mun -> ruh")]
    r = adjudicate_movement(m, units, orders)
    assert type(r) is MovementResult
    assert all(type(x) is OrderResult for x in r.results)
    assert all(type(u) is Unit for u in r.units)
    assert [type(d) for d in r.dislodged] == [Dislodged]
    assert r.dislodged[0] == Dislodged(Unit("GER", units[2].unit_type, "bur"), "par", False)
    assert Unit("FRA", units[0].unit_type, "bur") in r.units and Unit("GER", units[3].unit_type, "ruh") in r.units
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.results[0].reason = "x"  # type: ignore[misc]
    assert r.contested == frozenset() and isinstance(r.contested, frozenset)


# -- the place codes and the one table of moves and reach -------------------------------------------------


def _expected_bits(m: MapData, a: str, b: str) -> int:
    """What ``place_moves`` must say for a unit in ``a`` and the place ``b``, from the named indexes."""
    pa, pb = province_of(a), province_of(b)
    bits = 0
    if b in m.army_places and pb != pa and pb in m.army_adj[pa]:
        bits |= MOVE_ARMY
    # a fleet names the coast of a multi-coast province (the bare province is no destination)
    if b in m.fleet_adj.get(a, ()) and not (b == pb and b in m.multi_coast) and pb != pa:
        bits |= MOVE_FLEET
    if pb in m.army_adj[pa]:
        bits |= REACH_ARMY
    if pb in m.fleet_reach.get(a, ()):
        bits |= REACH_FLEET
    return bits


@pytest.mark.parametrize("which", ["standard", "two coasts"])
def test_place_moves_says_what_the_named_indexes_say_for_every_pair(standard_map: MapData, which: str) -> None:
    if which == "standard":
        m = standard_map
    else:
        m = MapData.build(
            [Province("sea", "Sea"), Province("two", "Two Coasts"), Province("inl", "Inland")],
            [Region("sea", None, Terrain.SEA), Region("two", None, Terrain.LAND), Region("two", "nc", Terrain.SEA),
             Region("inl", None, Terrain.LAND)],
            [Border("sea", "two(nc)", Terrain.SEA), Border("sea", "two", Terrain.COAST),
             Border("two", "inl", Terrain.LAND)],
        )
    code, width = m.place_code, len(m.code_province)
    assert set(code) == set(m.place_number)
    assert sorted(code.values()) == list(range(width - 1))  # the last code is no place
    assert m.code_province[-1] == -1
    assert len(m.place_moves) == width * width
    for a, ca in code.items():
        assert m.code_province[ca] == m.place_number[a]
        for b, cb in code.items():
            assert m.place_moves[ca * width + cb] == _expected_bits(m, a, b), (a, b)
    nowhere = width - 1
    assert not any(m.place_moves[nowhere * width : (nowhere + 1) * width])
    assert not any(m.place_moves[c * width + nowhere] for c in range(width))
    if which == "standard":  # the rulebook's examples: armies over land only, fleets to a named coast
        w = width
        assert m.place_moves[code["par"] * w + code["bur"]] == MOVE_ARMY | REACH_ARMY
        assert m.place_moves[code["mao"] * w + code["spa(nc)"]] == MOVE_FLEET | REACH_FLEET
        assert m.place_moves[code["mao"] * w + code["spa"]] == REACH_FLEET  # may support into spa, not move there
        assert m.place_moves[code["lon"] * w + code["nth"]] == MOVE_FLEET | REACH_FLEET
        assert m.place_moves[code["mun"] * w + code["mun"]] == 0


def test_a_unit_on_a_coast_the_map_lacks_still_moves_by_the_full_check(standard_map: MapData) -> None:
    """A unit's region not on the map (``spa(xc)``) has the row of no place: its orders take the full checks."""
    m = standard_map
    r = adjudicate_movement(m, [Unit("FRA", UnitType.ARMY, "gas")], [Order.parse("A gas -> spa", mapdata=m)])
    assert r.results[0].succeeded and r.units == (Unit("FRA", UnitType.ARMY, "spa"),)
    r = adjudicate_movement(m, [Unit("FRA", UnitType.FLEET, "spa(xc)")], [Order.parse("F spa -> mao")])
    assert r.results[0].reason == "illegal: a fleet cannot move from spa(xc) to mao"
