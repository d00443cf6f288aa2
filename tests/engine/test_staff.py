"""The Control team's register in the engine (issue 29): staff commands are journalled beside the rules'
commands, never touch the rules' state, and the register is what folding the journal gives, whatever
path the journal took (push, undo, redo, a file reopened, a replica following)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine import staff
from boardapp.engine.files import load_scenario, new_game, open_game, verify_replay
from boardapp.engine.game import Game
from boardapp.engine.module import IllegalCommandError
from boardapp.engine.rights import teams_concerned, undeclared_fields
from boardapp.rules import available, get_module
from boardapp.ui.document.controller import GameController

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


@pytest.fixture
def game() -> Game[Any]:
    return new_game(load_scenario(TINY))


def _snapshot(reg: staff.StaffRegister) -> Any:
    return (sorted((k, r.status, r.text) for k, r in reg.rulings.items()),
            sorted((k, f.status, f.closed_by) for k, f in reg.follow_ups.items()), [n.text for n in reg.notes])


def test_no_rule_system_uses_a_staff_kind_and_every_staff_field_declares_its_decider() -> None:
    for name in available():
        kinds = {c.model_fields["kind"].default for c in get_module(name).command_types}
        assert not kinds & staff.STAFF_KINDS, name
    assert undeclared_fields(staff.STAFF_COMMANDS) == []


def test_staff_commands_leave_the_rules_state_alone_and_act_for_no_team(game: Game[Any]) -> None:
    before = game.summary()
    game.push({"kind": "ruling", "text": "rivers block", "teams": ["gov", "reb"], "counters": ["g-bde1"]})
    game.push({"kind": "note", "text": "tea?"})
    assert game.summary() == before
    assert all(e.events and all(ev.hidden and not ev.visible_to for ev in e.events) for e in game.entries)
    cmd = game.parse({"kind": "follow_up", "text": "x", "to_team": "reb", "teams": ["reb"]})
    assert teams_concerned(game.module, game.state, cmd) == set()  # a limited umpire may write about any team


def test_the_register_is_the_journal_folded_along_every_path(game: Game[Any], tmp_path: Path) -> None:
    path = tmp_path / "g.game"
    game = new_game(load_scenario(TINY), save=path)
    r = game.push({"kind": "ruling", "text": "boats cross rivers", "kinds": ["move"], "by": "Map Control"}).seq
    game.push({"kind": "move", "counter": "g-bde1", "to": "echo", "force": "crossed by boat"})
    fu = game.push({"kind": "follow_up", "text": "tell reb", "to_team": "reb", "due": "turn", "due_turn": 1}).seq
    game.push({"kind": "confirm_ruling", "ruling": r})
    game.push(game.module.end_turn_command())
    game.push({"kind": "follow_up_done", "follow_up": fu, "by": "Aliens umpire"})
    game.push({"kind": "note", "text": "done", "to": "CONTROL"})
    full = _snapshot(game.staff)
    assert full == _snapshot(staff.fold(game.entries))
    assert game.staff.follow_ups[fu].late  # due by turn 1, done in turn 2
    assert game.staff.rulings[2].forced is not None and game.staff.rulings[2].text == "crossed by boat"
    game.undo()
    game.undo()
    assert game.staff.follow_ups[fu].status == "open" and not game.staff.notes
    assert _snapshot(game.staff) == _snapshot(staff.fold(game.entries))
    game.redo()
    game.redo()
    assert _snapshot(game.staff) == full
    mirror = new_game(load_scenario(TINY))
    mirror.sync_to(game.entries)
    assert _snapshot(mirror.staff) == full
    game.store.close()
    again = open_game(path)
    assert _snapshot(again.staff) == full
    assert verify_replay(again.module, again.entries) == (len(again.entries), None)
    again.store.close()


def test_a_tampered_staff_entry_does_not_replay(game: Game[Any]) -> None:
    game.push({"kind": "note", "text": "meet at noon"})
    entry = game.entries[0]
    forged = entry.model_copy(update={"events": [entry.events[0].model_copy(update={"hidden": False})]})
    ok, why = verify_replay(game.module, [forged])
    assert ok == 0 and why is not None and "replays differently" in why
    with pytest.raises(ValueError, match="replays differently"):
        new_game(load_scenario(TINY)).load_entries([forged])
    garbled = entry.model_copy(update={"command": {"kind": "note", "text": ""}})  # an empty note: not a command
    ok, why = verify_replay(game.module, [garbled])
    assert ok == 0 and why is not None and why.startswith("entry 1 is not a staff command this game knows")
    # a register folded from a tampered journal that closes what never was is not thrown by it
    orphan = entry.model_copy(update={"seq": 2, "command": {"kind": "follow_up_done", "follow_up": 99}})
    assert staff.fold([entry, orphan]).follow_ups == {}


def test_refusals_name_what_is_wrong(game: Game[Any]) -> None:
    for cmd, words in [({"kind": "confirm_ruling", "ruling": 9}, "no ruling at journal entry 9"),
                       ({"kind": "follow_up_done", "follow_up": 3}, "no follow-up at journal entry 3"),
                       ({"kind": "follow_up", "text": "x"}, "for a seat or a team"),
                       ({"kind": "follow_up", "text": "x", "to_seat": "u", "due": "clock", "due_at": "soon"},
                        "needs that time"),
                       ({"kind": "note", "text": "x", "force": "because"}, "never forced")]:
        with pytest.raises(IllegalCommandError, match=words) as err:
            game.push(cmd)
        assert not err.value.forceable
    with pytest.raises(ValueError):
        game.push({"kind": "note", "text": ""})  # an empty note is malformed
    with pytest.raises(ValueError):
        game.push({"kind": "note", "text": "x" * (staff.TEXT_MAX + 1)})
    r = game.push({"kind": "ruling", "text": "x"}).seq
    game.push({"kind": "overturn_ruling", "ruling": r})
    with pytest.raises(IllegalCommandError, match="overturned already"):
        game.push({"kind": "confirm_ruling", "ruling": r})
    assert not game.staff.rulings_newest_first() or game.staff.rulings[r].status == "overturned"


def test_a_refusal_meets_the_rulings_that_cover_it(game: Game[Any]) -> None:
    c = GameController(game)
    by_kind = c.submit({"kind": "ruling", "text": "moves into hostile towns are fights", "kinds": ["move"]}).entry
    by_team = c.submit({"kind": "ruling", "text": "the rebels are in disarray", "teams": ["reb"]}).entry
    by_place = c.submit({"kind": "ruling", "text": "Golf is flooded", "places": ["golf"]}).entry
    c.submit({"kind": "ruling", "text": "unrelated", "kinds": ["strike"], "places": ["alpha"]})
    assert by_kind and by_team and by_place
    refused = c.submit({"kind": "move", "counter": "g-bde1", "to": "echo"})  # hostile Echo: refused
    assert refused.code == "illegal"
    assert [r.seq for r in refused.precedents] == [by_kind.seq]
    refused = c.submit({"kind": "attack", "place": "alpha", "attackers": ["r-mil1"]})  # a rebel counter: its team
    assert by_team.seq in [r.seq for r in refused.precedents]
    assert "unrelated" in [r.text for r in refused.precedents]  # the same place
    c.submit({"kind": "overturn_ruling", "ruling": by_kind.seq})
    refused = c.submit({"kind": "move", "counter": "g-bde1", "to": "echo"})
    assert by_kind.seq not in [r.seq for r in refused.precedents]  # an overturned ruling is no precedent
    headline = game.staff.rulings[by_team.seq].headline()
    assert headline.startswith("Ruled ") and headline.endswith("by CONTROL: the rebels are in disarray")


def test_follow_ups_are_due_now_at_a_time_or_at_a_turn(game: Game[Any]) -> None:
    past = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)).isoformat(timespec="seconds")
    future = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=2)).isoformat(timespec="seconds")
    a = game.push({"kind": "follow_up", "text": "a", "to_seat": "u1", "due": "clock", "due_at": past}).seq
    b = game.push({"kind": "follow_up", "text": "b", "to_seat": "u1", "due": "clock", "due_at": future}).seq
    c = game.push({"kind": "follow_up", "text": "c", "to_team": "gov", "due": "turn", "due_turn": 3}).seq
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    reg = game.staff
    assert [f.seq for f in reg.follow_ups_for("u1")] == [a, b]
    assert [f.seq for f in reg.follow_ups_for("u2", ["gov"])] == [c] and reg.follow_ups_for("u2", ["reb"]) == []
    assert reg.follow_ups[a].overdue(now, 1) and not reg.follow_ups[b].overdue(now, 1)
    assert not reg.follow_ups[c].overdue(now, 3) and reg.follow_ups[c].overdue(now, 4)
    game.push({"kind": "follow_up_done", "follow_up": a})
    game.push({"kind": "follow_up_done", "follow_up": b})
    assert game.staff.follow_ups[a].late and not game.staff.follow_ups[b].late
