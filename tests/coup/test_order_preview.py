"""The order of play on dice not cast yet (the End-turn preview of an unseeded game, rehearsal 3 fault 7):
the end-of-turn event says the order is rolled as the turn begins and names none; a typed die is known and
named. Order of Play table from the rulebook (digest /work/shared/rules/coup.md): 3 is R-G-F, 5 is F-G-R."""

from __future__ import annotations

from boardapp.engine.dice import ScriptedDice, UnknownDice
from boardapp.engine.module import Event
from boardapp.rules.coup.components import PLAYERS
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.state import CoupState


def _ready(rules: CoupRules) -> CoupState:
    state = rules.initial_state()
    rules.apply(state, rules.parse_command({"kind": "setup"}), ScriptedDice([], fallback=UnknownDice(3)))
    state.acted = list(PLAYERS)  # every player has acted: the turn may end
    assert rules.check(state, rules.parse_command({"kind": "end_turn"})) == []
    return state


def _order(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.kind == "order"]


def test_unknown_dice_name_no_order(rules: CoupRules) -> None:
    events = rules.apply(_ready(rules), rules.parse_command({"kind": "end_turn"}), UnknownDice(1))
    assert _order(events) == ["Turn 2: the order of play is rolled (a d6) as the turn begins"]


def test_cast_dice_and_a_typed_die_name_the_order_rolled(rules: CoupRules) -> None:
    events = rules.apply(_ready(rules), rules.parse_command({"kind": "end_turn"}), ScriptedDice([5]))
    assert _order(events) == ["Turn 2: the order of play is F-G-R (rolled 5)"]
    events = rules.apply(_ready(rules), rules.parse_command({"kind": "end_turn", "die": 3}), UnknownDice(1))
    assert _order(events) == ["Turn 2: the order of play is R-G-F (rolled 3)"], "a typed die is known"
