"""The rule module's table (``rules/binni/module.py``): every command kind has its rule, forcing, replay."""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import new_game
from boardapp.engine.module import IllegalCommandError

from .binni_helpers import events_of

# --- replay ---------------------------------------------------------------------------------------------
SCRIPT: list[dict[str, Any]] = [
    {"kind": "deploy", "counter": "g-bde2", "to": "bravo"},
    {"kind": "move", "counter": "g-bde1", "to": "charlie"},
    {"kind": "deploy", "counter": "g-sf1", "to": "golf"},
    {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "attacker_support": ["bombing"]},
    {"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil3"},
    {"kind": "influence", "place": "golf", "bids": {"gov": [2], "reb": [1]}},
    {"kind": "deliver_aid", "team": "un", "place": "foxtrot", "count": 4},
    {"kind": "camp", "team": "un", "place": "foxtrot"},
    {"kind": "transfer", "from": "news", "to": "reb", "cards": [2]},
    {"kind": "end_turn"},
    {"kind": "move", "counter": "g-mil1", "to": "charlie"},
    {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil3"},
    {"kind": "end_turn"},
    {"kind": "end_turn"},
]


# --- forcing ------------------------------------------------------------------------------------------
def test_a_forced_command_is_applied_and_the_journal_keeps_what_it_broke(g: Any) -> None:
    g.state.teams["gov"].money = 0
    with pytest.raises(IllegalCommandError) as refused:
        g.push({"kind": "move", "counter": "g-bde1", "to": "delta"})
    assert refused.value.reasons == ["Delta is occupied by hostile units (r-mil1, r-mil2): no unit enters it "
                                     "except by fighting"]
    entry = g.push({"kind": "move", "counter": "g-bde1", "to": "delta", "force": "CONTROL ruling: air drop"})
    assert entry.overridden == refused.value.reasons
    assert g.state.counters["g-bde1"].place == "delta"
    assert [e.text for e in events_of(entry, "shortfall")] == ["Government lacked $M1 for activation (forced)"]
    assert g.state.teams["gov"].money == 0
    assert g.state.teams["gov"].cards == [1, 2]  # short of money, the entry is paid with the lowest card


def test_refusals_naming_what_does_not_exist_cannot_be_forced(g: Any) -> None:
    with pytest.raises(IllegalCommandError, match=r"\(cannot be forced\): no counter 'ghost'"):
        g.push({"kind": "move", "counter": "ghost", "to": "delta", "force": "CONTROL ruling"})
    assert g.entries == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_replay_undo_and_redo_give_the_same_state(loaded: Any, seed: int) -> None:
    g = new_game(loaded, dice=SeededDice(seed))
    for cmd in SCRIPT:
        if not g.check(cmd):
            g.push(cmd)
        assert g.module.check_state(g.state) == []
    assert len(g.entries) >= 10
    assert g.replay().model_dump() == g.state.model_dump()
    final = g.state.model_dump()
    for _ in range(5):
        g.undo()
    for _ in range(5):
        g.redo()
    assert g.state.model_dump() == final


def test_every_command_kind_has_its_rule_in_the_table() -> None:
    """module.py is only a table: a command kind missing from it could be parsed but never checked."""
    from boardapp.rules.binni.commands import ALL_COMMANDS
    from boardapp.rules.binni.module import RULES

    kinds = {cls.model_fields["kind"].default for cls in ALL_COMMANDS}
    assert kinds == set(RULES)
    for kind, (check, apply) in RULES.items():
        assert check.__name__ == f"check_{kind}" and apply.__name__ == f"apply_{kind}", kind
