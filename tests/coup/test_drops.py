"""Dragging on the table: what a drop of a card or unit on a seat means."""

from __future__ import annotations

from boardapp.rules.coup.module import CoupRules
from tests.coup.conftest import play, table


def test_a_card_dropped_on_a_counterpart_is_played_against_him(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C", "6D"], "gov-para": ["KH"]})
    assert rules.drop_command(state, "5C", "reb-mil") == rules.parse_command(
        {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})
    assert rules.drop_command(state, "6D", "for-mil") == rules.parse_command(
        {"kind": "play_card", "player": "gov-mil", "card": "6D", "target": "for-mil", "remove_from": "counterpart"})
    assert rules.drop_command(state, "KH", "gov-civ") == rules.parse_command(
        {"kind": "transfer", "player": "gov-para", "to": "gov-civ", "card": "KH"})
    assert rules.drop_command(state, "5C", "gov-mil") is None
    assert rules.drop_command(state, "9C", "reb-mil") is None, "nobody holds it"


def test_a_spade_dropped_in_a_block_window_blocks(rules: CoupRules) -> None:
    state = table(hands={"gov-mil": ["5C"], "reb-mil": ["9S"]})
    play(rules, state, {"kind": "play_card", "player": "gov-mil", "card": "5C", "target": "reb-mil"})
    cmd = rules.drop_command(state, "9S", "gov-mil")
    assert cmd == rules.parse_command({"kind": "block", "player": "reb-mil", "card": "9S"})
    assert cmd is not None and rules.check(state, cmd) == []


def test_a_unit_dropped_on_a_seat_is_handed_over(rules: CoupRules) -> None:
    state = table(units={"for-mil": ["mil-tanks-1"]})
    assert rules.drop_command(state, "mil-tanks-1", "gov-mil") == rules.parse_command(
        {"kind": "transfer", "player": "for-mil", "to": "gov-mil", "unit": "mil-tanks-1"})
    assert rules.drop_command(state, "mil-air-1", "gov-mil") is None, "a pool unit is no one's to give"
