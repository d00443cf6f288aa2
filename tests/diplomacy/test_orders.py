"""Order parser: round trips and exact error messages."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map
from boardapp.rules.diplomacy.orders import (
    AmbiguousOrderError,
    Build,
    Convoy,
    Disband,
    Hold,
    IllegalOrderError,
    Move,
    Order,
    Phase,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
)

MAP = load_standard_map()
REGIONS = sorted(MAP.regions)
PROVINCES = sorted(MAP.provinces)

powers = st.sampled_from([None, "ENG", "FRA", "GER", "ITA", "AUS", "RUS", "TUR"])
types = st.sampled_from([None, UnitType.ARMY, UnitType.FLEET])
regions = st.sampled_from(REGIONS)
provinces = st.sampled_from(PROVINCES)

orders = st.one_of(
    st.builds(Hold, powers, types, regions),
    st.builds(Move, powers, types, regions, regions, st.booleans()),
    st.builds(SupportHold, powers, types, regions, types, regions),
    st.builds(SupportMove, powers, types, regions, types, regions, regions),
    st.builds(Convoy, powers, types, regions, provinces, provinces),
    st.builds(Retreat, powers, types, regions, regions),
    st.builds(Disband, powers, types, regions),
    st.builds(Build, powers, types, regions),
)


@given(orders)
def test_round_trip(order: Order) -> None:
    assert Order.parse(str(order)) == order
    assert Order.parse(str(order), mapdata=MAP) == order


@given(orders)
def test_repr_is_the_parse_call(order: Order) -> None:
    assert repr(order) == f"Order.parse({str(order)!r})"
    assert hash(order) == hash(Order.parse(str(order)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TUR: F ank -> bla", Move("TUR", UnitType.FLEET, "ank", "bla")),
        ("A Par-Bur", Move(None, UnitType.ARMY, "par", "bur")),
        ("F Cas-Irn NC", Move(None, UnitType.FLEET, "cas", "irn(nc)")),
        ("F gas -> spa(nc)", Move(None, UnitType.FLEET, "gas", "spa(nc)")),
        ("F gas - spa/nc", Move(None, UnitType.FLEET, "gas", "spa(nc)")),
        ("A lon -> bel via Convoy", Move(None, UnitType.ARMY, "lon", "bel", True)),
        ("A Mun H", Hold(None, UnitType.ARMY, "mun")),
        ("A lvp Hold", Hold(None, UnitType.ARMY, "lvp")),
        ("Mun", Hold(None, None, "mun")),
        (
            "RUS: F con Supports F bla -> ank",
            SupportMove("RUS", UnitType.FLEET, "con", UnitType.FLEET, "bla", "ank"),
        ),
        (
            "A Sil S A Cze-Kra",
            SupportMove(None, UnitType.ARMY, "sil", UnitType.ARMY, "cze", "kra"),
        ),
        ("F Swe S F Bal", SupportHold(None, UnitType.FLEET, "swe", UnitType.FLEET, "bal")),
        ("ENG: F nth convoys yor -> nwy", Convoy("ENG", UnitType.FLEET, "nth", "yor", "nwy")),
        ("F Eng C A Lon-Bre", Convoy(None, UnitType.FLEET, "eng", "lon", "bre")),
        ("RUS: F stp(nc) build", Build("RUS", UnitType.FLEET, "stp(nc)")),
        ("Build A Ber", Build(None, UnitType.ARMY, "ber")),
        ("FRA: A pic disband", Disband("FRA", UnitType.ARMY, "pic")),
        ("F ank R bla", Retreat(None, UnitType.FLEET, "ank", "bla")),
        ("England: F Lon-Nth", Move("England", UnitType.FLEET, "lon", "nth")),
    ],
)
def test_parse(text: str, expected: Order) -> None:
    assert Order.parse(text) == expected


def test_retreat_phase_reads_moves_as_retreats() -> None:
    o = Order.parse("TUR: F ank -> bla", phase=Phase.RETREAT)
    assert o == Retreat("TUR", UnitType.FLEET, "ank", "bla")


def test_full_names_need_the_map() -> None:
    assert Order.parse("A Paris - Burgundy", mapdata=MAP) == Move(None, UnitType.ARMY, "par", "bur")
    assert Order.parse("F English Channel C A London - Brest", mapdata=MAP) == Convoy(
        None, UnitType.FLEET, "eng", "lon", "bre"
    )
    assert Order.parse("F St Petersburg (south coast) - Gulf of Bothnia", mapdata=MAP) == Move(
        None, UnitType.FLEET, "stp(sc)", "bot"
    )
    with pytest.raises(IllegalOrderError):
        Order.parse("F St Petersburg - Gulf of Bothnia")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "illegal order '': empty order"),
        ("A Par-", "illegal order 'A Par-': expected a province at the end"),
        ("A Par jumps Bur", "illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par'"),
        ("A Par-Bur Mar", "illegal order 'A Par-Bur Mar': unexpected 'mar' after 'bur'"),
        ("F Eng C F Lon-Bre", "illegal order 'F Eng C F Lon-Bre': only armies can be convoyed"),
        (
            "F nth C lon",
            "illegal order 'F nth C lon': a convoy order needs the army's destination",
        ),
        ("F spa(xc)-mao", "illegal order 'F spa(xc)-mao': expected a coast after '('"),
        ("F spa(nc-mao", "illegal order 'F spa(nc-mao': missing ')' after the coast"),
        ("A lon S", "illegal order 'A lon S': expected a province at the end"),
        ("A -> bur", "illegal order 'A -> bur': expected a province, found '-'"),
    ],
)
def test_illegal_messages(text: str, message: str) -> None:
    with pytest.raises(IllegalOrderError) as exc:
        Order.parse(text)
    assert str(exc.value) == message
    assert isinstance(exc.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A Xyz-Par", "illegal order 'A Xyz-Par': unknown province 'xyz'"),
        ("F bur(nc)-mao", "illegal order 'F bur(nc)-mao': 'bur' has no coast 'nc'"),
        # spelled as the plain path reads orders, so that its refusals reach the full parser
        ("F eng C F lon - bre", "illegal order 'F eng C F lon - bre': only armies can be convoyed"),
        ("F ENG C A LON", "illegal order 'F ENG C A LON': a convoy order needs the army's destination"),
        ("A PAR - BUR MAR", "illegal order 'A PAR - BUR MAR': unexpected 'mar' after 'bur'"),
        ("A PAR S A", "illegal order 'A PAR S A': expected a province at the end"),
    ],
)
def test_illegal_messages_with_map(text: str, message: str) -> None:
    with pytest.raises(IllegalOrderError) as exc:
        Order.parse(text, mapdata=MAP)
    assert str(exc.value) == message


def test_ambiguous_abbreviation(standard_map: MapData) -> None:
    with pytest.raises(AmbiguousOrderError) as exc:
        Order.parse("F Nor - Nth", mapdata=standard_map)
    assert str(exc.value) == (
        "ambiguous order 'F Nor - Nth': 'nor' could be North Africa (naf) or "
        "North Atlantic Ocean (nao) or North Sea (nth) or Norwegian Sea (nwg) or Norway (nwy)"
    )
    assert isinstance(exc.value, ValueError)
    assert Order.parse("A Norwa - Swe", mapdata=standard_map) == Move(None, UnitType.ARMY, "nwy", "swe")


# -- the plain path (orders._parse_plain) against the full parser ------------------------------

WORDS = [
    *REGIONS, "spa/nc", "stp/sc", "bul/ec", "north", "sea", "nc", "(", ")", "/", "A", "F", "army", "fleet",
    "-", "->", "\u2192", "to", "H", "holds", "S", "supports", "C", "convoys", "R", "D", "B", "build", "via",
    "convoy", "by", "vc", "xyz", "Nor", "Norwa", "St", "Petersburg",
]


def _either(fn: object, *args: object) -> object:
    """The order, or the error's type and message."""
    try:
        return fn(*args)  # type: ignore[operator]
    except ValueError as exc:
        return (type(exc), str(exc))


@given(
    orders,
    st.sampled_from([str, lambda s: s.upper(), lambda s: s.replace("(", "/").replace(")", "").upper()]),
    st.sampled_from(list(Phase)),
)
@example(Move(None, UnitType.ARMY, "lvp", "edi", True), str, Phase.RETREAT)
@settings(max_examples=300)
def test_plain_path_reads_orders_as_the_parser_does(order: Order, spell: object, phase: Phase) -> None:
    from boardapp.rules.diplomacy.orders import _Parser

    text = spell(str(order))  # type: ignore[operator]
    assert _either(Order.parse, text, phase, MAP) == _either(lambda: _Parser(text, phase, MAP).parse())


@given(st.lists(st.sampled_from(WORDS), min_size=0, max_size=8), st.sampled_from(["", "FRANCE: ", "ENG:"]),
       st.sampled_from(list(Phase)))
@settings(max_examples=300)
def test_plain_path_agrees_on_word_soup(words: list[str], power: str, phase: Phase) -> None:
    """Any mix of places, order words and junk: the same order or the same error either way."""
    from boardapp.rules.diplomacy.orders import _Parser

    text = power + " ".join(words)
    assert _either(Order.parse, text, phase, MAP) == _either(lambda: _Parser(text, phase, MAP).parse())


@given(orders, st.integers(0, 12), st.sampled_from(["insert", "replace", "delete"]), st.sampled_from(WORDS),
       st.sampled_from(list(Phase)))
@settings(max_examples=300)
def test_plain_path_agrees_on_orders_with_a_word_changed(
    order: Order, at: int, how: str, word: str, phase: Phase
) -> None:
    """Near misses of real orders: the same order or the same error either way."""
    from boardapp.rules.diplomacy.orders import _Parser

    words = str(order).split()
    at = min(at, len(words) if how == "insert" else len(words) - 1)
    if how == "insert":
        words.insert(at, word)
    elif how == "replace":
        words[at] = word
    else:
        del words[at]
    text = " ".join(words)
    assert _either(Order.parse, text, phase, MAP) == _either(lambda: _Parser(text, phase, MAP).parse())


ORDER_WORDS = [w for w in WORDS if w not in REGIONS]
PLAIN_ORDERS = [
    "A par - bur", "F stp/sc - bot", "A lon - nwy via convoy", "A lon - nwy VIA", "A mun H", "F mao S A por",
    "A sil S A boh - mun", "F nth C A lon - nwy", "F spa(nc) S F mao - por", "par",
]


def test_plain_path_agrees_on_every_one_word_change() -> None:
    """Each plain order with one word inserted, replaced or deleted anywhere, in every phase."""
    from boardapp.rules.diplomacy.orders import _Parser

    texts = set()
    for base in PLAIN_ORDERS:
        words = base.split()
        for at in range(len(words) + 1):
            for w in ORDER_WORDS:
                texts.add(" ".join([*words[:at], w, *words[at:]]))
                if at < len(words):
                    texts.add(" ".join([*words[:at], w, *words[at + 1 :]]))
            if at < len(words):
                texts.add(" ".join([*words[:at], *words[at + 1 :]]))
    differ = [
        (text, phase)
        for text in sorted(texts)
        for phase in Phase
        if _either(Order.parse, text, phase, MAP) != _either(lambda t=text, ph=phase: _Parser(t, ph, MAP).parse())
    ]
    assert len(texts) > 2000
    assert differ == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FRANCE: A PAR - BUR", Move("FRANCE", UnitType.ARMY, "par", "bur")),
        ("ENGLAND: A LON - NWY VIA", Move("ENGLAND", UnitType.ARMY, "lon", "nwy", True)),
        ("RUSSIA: F STP/SC - BOT", Move("RUSSIA", UnitType.FLEET, "stp(sc)", "bot")),
        ("TURKEY: A SMY S F BLA - ARM", SupportMove("TURKEY", UnitType.ARMY, "smy", UnitType.FLEET, "bla", "arm")),
        ("ITALY: F AEG C A SMY - TUN", Convoy("ITALY", UnitType.FLEET, "aeg", "smy", "tun")),
        ("FRANCE: F MAO S A POR", SupportHold("FRANCE", UnitType.FLEET, "mao", UnitType.ARMY, "por")),
    ],
)
def test_the_diplomacy_package_spelling(text: str, expected: Order) -> None:
    """The python ``diplomacy`` package writes orders like this (and ``VIA`` for via convoy)."""
    assert Order.parse(text, mapdata=MAP) == expected
    assert Order.parse(text) == expected


# -- the fast constructors the plain path and the adjudicator use ------------------------------


def test_fast_constructors_build_the_same_frozen_values() -> None:
    """Built without the dataclass's ``__init__``, the values are equal, hash alike and stay frozen."""
    import dataclasses

    from boardapp.rules.diplomacy import adjudicator as adj
    from boardapp.rules.diplomacy import orders as o
    from boardapp.rules.diplomacy.orders import Unit

    army, fleet = UnitType.ARMY, UnitType.FLEET
    pairs = [
        (o._hold("FRANCE", army, "par"), Hold("FRANCE", army, "par")),
        (o._move("FRANCE", army, "par", "bur", True), Move("FRANCE", army, "par", "bur", True)),
        (o._support_hold(None, fleet, "nth", army, "lon"), SupportHold(None, fleet, "nth", army, "lon")),
        (o._support_move("ENG", None, "nth", None, "lon", "bel"), SupportMove("ENG", None, "nth", None, "lon", "bel")),
        (o._convoy("ENG", fleet, "nth", "lon", "nwy"), Convoy("ENG", fleet, "nth", "lon", "nwy")),
        (o.new_unit("RUS", fleet, "stp(sc)"), Unit("RUS", fleet, "stp(sc)")),
        (adj._result(Hold(None, None, "par"), False, "held"), adj.OrderResult(Hold(None, None, "par"), False, "held")),
        (adj._dislodged(Unit("RUS", army, "war"), "ukr", True), adj.Dislodged(Unit("RUS", army, "war"), "ukr", True)),
    ]
    for fast, slow in pairs:
        assert type(fast) is type(slow)
        assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, dataclasses.fields(fast)[-1].name, "bur")
    assert o._move("FRANCE", army, "par", "bur", True) != Move("FRANCE", army, "par", "bur", False)
