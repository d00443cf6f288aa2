"""Texts read once are remembered: the same unit or order again, never a different answer.

``Unit.parse`` reads ``"FRANCE: A par"`` word by word and keeps every text it read; ``Order.parse``
keeps the orders it read per map and per phase. These tests check that what is remembered is what
the full parser would say, in the right phase and on the right map, and that errors are not kept.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardapp.rules.diplomacy import orders as orders_mod
from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map
from boardapp.rules.diplomacy.orders import IllegalOrderError, Move, Order, Phase, Retreat, Unit, UnitType

MAP = load_standard_map()


def _full_unit(text: str) -> object:
    """What the full parser makes of a unit text (the unit, or the error's type and message)."""
    try:
        o = Order.parse(text)
    except ValueError as exc:
        return (type(exc), str(exc))
    if o.power is None or o.unit_type is None or type(o).__name__ != "Hold":
        return "not a unit"
    return Unit(o.power, o.unit_type, o.region)


UNIT_WORDS = ["A", "F", "a", "army", "Fleet", "par", "PAR", "stp(sc)", "stp/sc", "nc", "h", "s", "-", "x1",
              "to", "convoy", "bur", "Ä", "par2", "(", "coast", "", "spa(NC)", "spa/nc", "x(y)", "(sc)", "stp(north)",
              "a_b", "_x", "h(sc)", "par/", "stp(sc)(nc)", "stp/sc/ec"]


@given(st.sampled_from(["FRANCE:", "FRA :", "  RUS:", "A:", "Fr4nce:", ":", "", "Austria-Hungary:"]),
       st.lists(st.sampled_from(UNIT_WORDS), max_size=4), st.sampled_from([" ", "  ", "\t"]))
@settings(max_examples=400)
def test_the_word_by_word_path_reads_units_as_the_full_parser(power: str, words: list[str], sep: str) -> None:
    text = power + sep + sep.join(words)
    # twice: read, then from the remembered power and unit texts; and the same unit text after another power
    for t in (text, text, "GERMANY:" + sep + sep.join(words)):
        plain = orders_mod._parse_unit_plain(t)
        if plain is not None:
            assert plain == _full_unit(t)


def test_the_word_by_word_path_takes_the_common_spellings() -> None:
    assert orders_mod._parse_unit_plain("FRANCE: A PAR") == Unit("FRANCE", UnitType.ARMY, "par")
    assert orders_mod._parse_unit_plain("ENG:  fleet  lon") == Unit("ENG", UnitType.FLEET, "lon")
    assert orders_mod._parse_unit_plain("RUS: F stp(sc)") == Unit("RUS", UnitType.FLEET, "stp(sc)")
    assert orders_mod._parse_unit_plain("RUS: F STP/SC") == Unit("RUS", UnitType.FLEET, "stp(sc)")
    assert orders_mod._parse_unit_plain("RUS: F stp(north)") is None  # other coast words: the full parser
    assert Unit.parse("RUS: F stp(sc)") == Unit("RUS", UnitType.FLEET, "stp(sc)")


def test_a_unit_read_twice_is_the_same_value_and_errors_are_not_kept() -> None:
    first = Unit.parse("TURKEY: F ank")
    assert Unit.parse("TURKEY: F ank") is first
    assert first == Unit("TURKEY", UnitType.FLEET, "ank")
    for _ in range(2):
        with pytest.raises(IllegalOrderError, match=re.escape("expected 'POWER: A|F place'")):
            Unit.parse("TURKEY: F ank - bla")
    assert "TURKEY: F ank - bla" not in orders_mod._UNITS


def test_orders_are_remembered_per_phase_and_per_map() -> None:
    """A bare move is a retreat in the retreat phase; a name is a place only with the map that knows it."""
    text = "A lvp - edi"
    assert Order.parse(text) == Move(None, UnitType.ARMY, "lvp", "edi")
    assert Order.parse(text, phase=Phase.RETREAT) == Retreat(None, UnitType.ARMY, "lvp", "edi")
    assert Order.parse(text) == Move(None, UnitType.ARMY, "lvp", "edi")
    assert Order.parse(text, mapdata=MAP, phase=Phase.RETREAT) == Retreat(None, UnitType.ARMY, "lvp", "edi")
    # "Norwa" is an abbreviation of Norway on the map, a province named "norwa" without one
    assert Order.parse("A Norwa - Swe", mapdata=MAP) == Move(None, UnitType.ARMY, "nwy", "swe")
    assert Order.parse("A Norwa - Swe") == Move(None, UnitType.ARMY, "norwa", "swe")
    assert Order.parse("A Norwa - Swe", mapdata=MAP) == Move(None, UnitType.ARMY, "nwy", "swe")
    for _ in range(2):
        with pytest.raises(IllegalOrderError):
            Order.parse("A Norwa - Atlantis", mapdata=MAP)


def test_the_tables_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(orders_mod, "_REMEMBER_MAX", 10)
    for i in range(50):
        Unit.parse(f"P{chr(65 + i % 26)}{chr(65 + i // 26)}: A par")
        Order.parse(f"A par - bur{i}")
    assert len(orders_mod._UNITS) <= 10
    assert len(orders_mod._POWER_WORDS) <= 10
    for i in range(50):
        Unit.parse(f"ITALY: A p{i}")
    assert len(orders_mod._UNIT_BODIES) <= 10
    assert len(orders_mod._PARSED[Phase.MOVEMENT]) <= 10


def _map_with_name(short: str, name: str) -> MapData:
    """The standard map with province ``short`` given another full name: a different map."""
    provinces = [dataclasses.replace(p, name=name) if p.short == short else p for p in MAP.provinces.values()]
    return MapData.build(provinces, MAP.regions.values(), MAP.borders)


def test_another_map_never_reads_from_the_last_maps_table() -> None:
    """``Order.parse`` keeps the last map's table at hand: a map asked for next gets its own, back and forth."""
    other = _map_with_name("nwy", "Northway")  # "Norwa" abbreviates no name here, and "norwa" is no province
    for _ in range(2):
        assert Order.parse("A Norwa - Swe", mapdata=MAP) == Move(None, UnitType.ARMY, "nwy", "swe")
        with pytest.raises(IllegalOrderError):
            Order.parse("A Norwa - Swe", mapdata=other)
        assert Order.parse("A Northway - Swe", mapdata=other) == Move(None, UnitType.ARMY, "nwy", "swe")
        with pytest.raises(IllegalOrderError):
            Order.parse("A Northway - Swe", mapdata=MAP)
    # an equal map that is another object has its own table too
    twin = load_standard_map()
    Order.parse("A Norwa - Swe", mapdata=MAP)
    assert "A Norwa - Swe" not in orders_mod._vocabulary(twin).moves
    assert Order.parse("A Norwa - Swe", mapdata=twin) == Move(None, UnitType.ARMY, "nwy", "swe")


def test_the_maps_vocabularies_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(orders_mod, "_VOCABULARIES", {})
    monkeypatch.setattr(orders_mod, "_VOCABULARIES_MAX", 3)
    maps = [_map_with_name("nwy", f"Northway {chr(65 + i)}") for i in range(7)]
    for i, m in enumerate(maps):
        assert Order.parse(f"A Northway {chr(65 + i)} - Swe", mapdata=m) == Move(None, UnitType.ARMY, "nwy", "swe")
        assert len(orders_mod._VOCABULARIES) <= 3
    for i, m in enumerate(maps):  # each map still reads its own names, and only its own
        assert Order.parse(f"A Northway {chr(65 + i)} - Swe", mapdata=m) == Move(None, UnitType.ARMY, "nwy", "swe")
        with pytest.raises(IllegalOrderError):
            Order.parse(f"A Northway {chr(65 + (i + 1) % 7)} - Swe", mapdata=m)


class _MyUnit(Unit):
    __slots__ = ()


def test_a_subclass_parses_units_of_its_own_class_and_keeps_none() -> None:
    u = _MyUnit.parse("ITALY: F nap")
    assert type(u) is _MyUnit and (u.power, u.unit_type, u.region) == ("ITALY", UnitType.FLEET, "nap")
    assert type(_MyUnit.parse("ITALY: F nap")) is _MyUnit
    assert type(_MyUnit.parse("ITALY: F Naples")) is _MyUnit  # the full parser's path
    assert type(Unit.parse("ITALY: F nap")) is Unit
    assert all(type(x) is Unit for x in orders_mod._UNITS.values())


def test_a_known_power_and_a_known_unit_text_make_the_right_unit() -> None:
    """The power's text and the unit's text are remembered apart: each pair still makes its own unit."""
    assert Unit.parse("FRANCE: A bre") == Unit("FRANCE", UnitType.ARMY, "bre")
    assert Unit.parse("FRANCE: F bre") == Unit("FRANCE", UnitType.FLEET, "bre")
    assert Unit.parse("ENGLAND: F bre") == Unit("ENGLAND", UnitType.FLEET, "bre")
    assert Unit.parse(" ENGLAND : A bre") == Unit("ENGLAND", UnitType.ARMY, "bre")
    assert Unit.parse("ENGLAND: F stp/nc") == Unit("ENGLAND", UnitType.FLEET, "stp(nc)")
    assert Unit.parse("FRANCE: F stp/sc") == Unit("FRANCE", UnitType.FLEET, "stp(sc)")
    assert Unit.parse("FR4NCE: A bre") == Unit("FR4NCE", UnitType.ARMY, "bre")  # the full parser's power name
    for bad in ("FRANCE: A bre - par", "FRANCE: X bre", "FRANCE: F stp/xx"):
        with pytest.raises(IllegalOrderError):
            Unit.parse(bad)
    # one string per power, shared by the units and the orders read from the same power's text
    a, f = Unit.parse("TURKEY: A smy"), Unit.parse("TURKEY: F con")
    assert a.power is f.power and Order.parse("TURKEY: A smy H", mapdata=MAP).power is a.power


def test_only_plain_texts_are_remembered_and_a_non_text_is_refused() -> None:
    class Text(str):
        __slots__ = ()

    u = Unit.parse(Text("AUSTRIA: A vie"))
    assert u == Unit("AUSTRIA", UnitType.ARMY, "vie")
    assert all(type(k) is str for k in orders_mod._UNITS)
    for bad in (5, None, b"AUSTRIA: A vie"):
        with pytest.raises(IllegalOrderError, match="expected a text"):
            Unit.parse(bad)  # type: ignore[arg-type]


def test_every_unit_text_of_a_maps_places_reads_as_the_full_parser_says() -> None:
    """A map's vocabulary reads its places' unit texts ahead: each still makes what the full parser makes."""
    orders_mod._UNIT_BODIES.clear()
    orders_mod._vocabulary(_map_with_name("lon", "Londinium"))
    assert len(orders_mod._UNIT_BODIES) >= len(MAP.regions)
    for region in MAP.regions:
        for t in ("A", "F"):
            text = f"ENGLAND: {t} {region}"
            orders_mod._UNITS.pop(text, None)
            assert Unit.parse(text) == _full_unit(text), text
