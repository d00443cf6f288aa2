"""Every example game, at EVERY journal entry, written as a scenario and opened again: the same state
(the module's equality and a canonical dump of every field), the same summary, board picture and turn
label; and the next command, played on both with the same dice, gives the same events and states.

Issue 25, item 13: "a test round-trips every example game at every entry, for all five systems"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardapp.engine.dice import ScriptedDice
from tests.positions.helpers import GAMES, canonical, export_text, open_text, played, state_fields


def _same(module_a: Any, a: Any, module_b: Any, b: Any, where: str) -> None:
    assert b == a, f"{where}: the reopened state differs"
    assert canonical(module_b, b) == canonical(module_a, a), f"{where}: the canonical dumps differ"
    assert json.dumps(module_b.summary(b), default=str) == json.dumps(module_a.summary(a), default=str), where
    assert module_b.board(b) == module_a.board(a), f"{where}: the board pictures differ"
    assert module_b.turn_label(b) == module_a.turn_label(a), where


@pytest.mark.parametrize("system", list(GAMES))
def test_every_entry_round_trips(system: str) -> None:
    game = played(system)
    module = game.module
    scenario_path = GAMES[system][0]
    state = module.initial_state()
    entries = game.entries
    assert len(entries) >= 10, "an example game of a few commands proves little"
    with_position = 0
    for k in range(len(entries) + 1):
        where = f"{system}, after entry {k} of {len(entries)}"
        text = export_text(game, state, scenario_path)
        with_position += "\nposition:" in text
        reopened = open_text(game, text)
        again = reopened.initial_state()
        _same(module, state, reopened, again, where)
        if k == len(entries):
            break
        entry = entries[k]
        command = module.parse_command(entry.command)
        assert reopened.check(again, command) == module.check(state, command), f"{where}: the next command's check"
        events = module.apply(state, command, ScriptedDice(entry.rolls))
        events_again = reopened.apply(again, reopened.parse_command(entry.command), ScriptedDice(entry.rolls))
        assert events_again == events == entry.events, f"{where}: the next command's events differ"
        _same(module, state, reopened, again, f"{where}, then {command.describe()}")
    assert with_position >= len(entries), "the positions were not written at all"
    assert module.summary(state) == game.summary(), "the replay did not reach the game's end"


@pytest.mark.parametrize("system", list(GAMES))
def test_the_codec_covers_every_field_of_the_state(system: str) -> None:
    """The position is derived from the state's own fields: a field added later is written, not dropped."""
    game = played(system)
    from importlib import import_module

    codec = import_module(type(game.module).__module__.rsplit(".", 1)[0] + ".position").CODEC
    assert list(codec.fields) == state_fields(game.state)
    assert set(codec.tables) <= set(codec.fields)
    from boardapp.engine.position import undocumented

    assert undocumented(codec) == [], "a state field has no meaning for docs/formats: a docstring or a codec note"
