"""The components and tables, checked against the rulebook's lists (shared/seeds/002_…)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardapp.rules.coup.components import (
    DECK,
    ORDER_TABLE,
    PLAYERS,
    UNITS,
    affiliation,
    bust_needs,
    card_effect,
    card_limit,
    counterparts,
)


def test_fifty_counters_with_the_rulebook_firepower() -> None:
    by = Counter((u.cls, u.name, u.type.firepower) for u in UNITS.values())
    # Military: Infantry(4) x 6, 2 each of tanks(6), artillery(6), engineer(3), MP(3), air(5), Dummy x 4
    assert by[("mil", "Infantry", 4)] == 6
    for name, fp in (("Tanks", 6), ("Artillery", 6), ("Engineer", 3), ("MP", 3), ("Air", 5)):
        assert by[("mil", name, fp)] == 2
    assert by[("mil", "Dummy", 0)] == 4
    # Paramilitary: Police(2) x 6, riot police(3) x 2, militia(2) x 4, Dummy x 3
    assert by[("para", "Police", 2)] == 6
    assert by[("para", "Riot Police", 3)] == 2
    assert by[("para", "Militia", 2)] == 4
    assert by[("para", "Dummy", 0)] == 3
    # Civilian: 2 each of Media, Labour, Bureaucrats, Business, Students, 1 each of Intellectuals and
    # Religious Group, Dummy x 3
    for name in ("Media", "Labour", "Bureaucrats", "Business", "Students"):
        assert by[("civ", name, 0)] == 2
    assert by[("civ", "Intellectuals", 0)] == 1
    assert by[("civ", "Religious Group", 0)] == 1
    assert by[("civ", "Dummy", 0)] == 3
    assert len(UNITS) == 50
    assert Counter(u.cls for u in UNITS.values()) == {"mil": 20, "para": 15, "civ": 15}


def test_deck_is_52_cards_without_jokers() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert Counter(c[-1] for c in DECK) == {"C": 13, "D": 13, "H": 13, "S": 13}


@pytest.mark.parametrize(("card", "effect"), [
    ("AS", "loyalty_shift"), ("KH", "loyalty_shift"), ("AD", "loyalty_shift"), ("KC", "loyalty_shift"),
    ("JS", "infiltrate"), ("QD", "infiltrate"), ("JH", "infiltrate"), ("QC", "infiltrate"),
    ("2H", "leak"), ("10H", "leak"), ("2C", "recruit"), ("10C", "recruit"),
    ("2D", "neutralize"), ("9D", "neutralize"), ("2S", "block"), ("10S", "block"),
])
def test_card_effects_by_rank_and_suit(card: str, effect: str) -> None:
    assert card_effect(card) == effect


def test_effect_counts_in_the_deck() -> None:
    # A, K in four suits: 8 Loyalty Shifts; J, Q: 8 Infiltrates; 2-10 of each suit: 9 each.
    assert Counter(card_effect(c) for c in DECK) == {
        "loyalty_shift": 8, "infiltrate": 8, "leak": 9, "recruit": 9, "neutralize": 9, "block": 9}


def test_seats_counterparts_and_card_limits() -> None:
    assert len(PLAYERS) == 9
    assert counterparts("gov-mil") == ("reb-mil", "for-mil")
    assert counterparts("reb-para") == ("gov-para", "for-para")
    assert counterparts("for-civ") == ("gov-civ", "reb-civ")
    assert [card_limit(p) for p in PLAYERS] == [2, 2, 2, 2, 2, 2, 3, 3, 3]


def test_order_of_play_table() -> None:
    assert ORDER_TABLE == {
        1: ("gov", "reb", "for"), 2: ("gov", "for", "reb"), 3: ("reb", "gov", "for"),
        4: ("reb", "for", "gov"), 5: ("for", "gov", "reb"), 6: ("for", "reb", "gov"),
    }


@pytest.mark.parametrize(("attempts", "need"), [
    (1, 1), (8, 1), (9, 2), (15, 2), (16, 3), (21, 3), (22, 4), (26, 4), (27, 5), (60, 5), (0, None)])
def test_bust_attempt_table(attempts: int, need: int | None) -> None:
    assert bust_needs(attempts) == need


def test_affiliation_check_table() -> None:
    assert [affiliation(n) for n in range(1, 7)] == ["gov", None, None, None, None, "reb"]
