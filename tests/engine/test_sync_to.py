"""Following a journal (Game.sync_to) and undoing exactly one named entry (Game.undo(entry))."""

from __future__ import annotations

import pytest

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.follow import JournalFollower
from boardapp.engine.game import Game
from tests.conftest import TINY

LOADED = load_scenario(TINY)


def authority_and_mirror() -> tuple[Game, Game, list[str]]:
    host = new_game(LOADED, dice=SeededDice(7))
    mirror = new_game(LOADED)
    heard: list[str] = []
    mirror.subscribe(lambda what, _e: heard.append(what))
    return host, mirror, heard


def undone_of(game: Game) -> list:
    """The entries taken back in the order load_entries and sync_to take them (next to redo first)."""
    return list(reversed(game.redo_stack))


def in_step(host: Game, mirror: Game) -> bool:
    return (mirror.entries == host.entries and mirror.redo_stack == host.redo_stack
            and mirror.summary() == host.summary())


def test_new_entries_are_appended_one_by_one() -> None:
    host, mirror, heard = authority_and_mirror()
    host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    host.push({"kind": "news", "text": "Bridges down"})
    assert mirror.sync_to(host.entries, undone_of(host)) is True
    assert in_step(host, mirror) and heard == ["push", "push"]
    assert mirror.sync_to(host.entries, undone_of(host)) is False
    assert heard == ["push", "push"]


def test_undo_and_redo_at_the_authority_are_followed_step_by_step() -> None:
    host, mirror, heard = authority_and_mirror()
    host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    host.push({"kind": "end_turn"})
    mirror.sync_to(host.entries)
    host.undo()
    assert mirror.sync_to(host.entries, undone_of(host)) is True
    assert in_step(host, mirror) and heard[-1] == "undo" and mirror.can_redo
    host.redo()
    assert mirror.sync_to(host.entries, undone_of(host)) is True
    assert in_step(host, mirror) and heard[-1] == "redo"


def test_a_mirror_that_joins_after_an_undo_learns_what_can_be_redone() -> None:
    host, mirror, _ = authority_and_mirror()
    host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    host.push({"kind": "news", "text": "taken back"})
    host.undo()
    assert mirror.sync_to(host.entries, undone_of(host)) is True
    assert in_step(host, mirror) and mirror.can_redo
    assert mirror.redo().command == {"kind": "news", "text": "taken back"}


def test_a_journal_that_went_another_way_is_loaded_whole() -> None:
    host, mirror, heard = authority_and_mirror()
    host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    mirror.sync_to(host.entries)
    host.undo()
    host.push({"kind": "news", "text": "A different story"})  # the same seq as the undone move
    assert mirror.sync_to(host.entries, undone_of(host)) is True
    assert in_step(host, mirror) and heard[-1] == "reset"
    assert mirror.state.counters["g-mil1"].place == "bravo"


def test_more_than_bulk_new_entries_are_one_reload() -> None:
    host, mirror, heard = authority_and_mirror()
    for i in range(5):
        host.push({"kind": "news", "text": f"headline {i}"})
    assert mirror.sync_to(host.entries, bulk=3) is True
    assert in_step(host, mirror) and heard == ["reset"]


def test_undo_of_a_named_entry_refuses_when_another_followed_it() -> None:
    game = new_game(LOADED)
    mine = game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    theirs = game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    with pytest.raises(ValueError, match=f"entry {mine.seq} is not the last entry"):
        game.undo(mine)
    assert game.entries == [mine, theirs]
    assert game.undo(theirs) == theirs and game.undo(mine) == mine
    with pytest.raises(ValueError, match=f"entry {theirs.seq} is not the next to redo"):
        game.redo(theirs)
    assert game.redo(mine) == mine


def test_a_follower_keeps_a_read_only_game_in_step_with_its_file(tmp_path) -> None:
    writer = new_game(LOADED, save=tmp_path / "live.game")
    screen = open_game(writer.store.path, readonly=True)
    follower = JournalFollower(screen)
    try:
        assert follower.poll() is False
        writer.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
        writer.push({"kind": "news", "text": "Ceasefire"})
        assert follower.poll() is True and in_step(writer, screen)
        writer.undo()
        writer.undo()
        writer.push({"kind": "news", "text": "Another story"})
        assert follower.poll() is True and in_step(writer, screen)
        with pytest.raises(ValueError, match="follows no game file"):
            JournalFollower(new_game(LOADED))
    finally:
        screen.follow.close()
        writer.store.close()
