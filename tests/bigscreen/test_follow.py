"""``boardapp screen``: a read-only big screen follows a game file another connection writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.bigscreen import FileFollower, open_screen, run_screen

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


@pytest.fixture
def writer(tmp_path):
    game = new_game(load_scenario(TINY), save=tmp_path / "live.game")
    yield game
    game.store.close()


@pytest.fixture
def screen(qtbot, writer, settings):
    window, follower = open_screen(writer.store.path, settings=settings, interval_ms=50)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    yield window, follower
    follower.stop()
    window.detach()
    window.game.follow.close()


def in_step(window, writer) -> bool:
    return window.game.summary() == writer.summary() and len(window.game.entries) == len(writer.entries)


def test_follower_applies_new_commands(screen, writer):
    window, follower = screen
    assert follower.poll() is False, "nothing changed yet"
    writer.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    writer.push({"kind": "news", "text": "Bridges down on the Oba"})
    assert follower.poll() is True
    assert in_step(window, writer)
    assert window.scene.counters["g-mil1"].piece.place == "charlie"
    assert window.sidebar.news.text() == "Bridges down on the Oba"
    assert follower.poll() is False


def test_follower_catches_up_with_undo_redo_and_a_new_branch(screen, writer):
    window, follower = screen
    writer.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    writer.push({"kind": "end_turn"})
    follower.poll()
    writer.undo()
    assert follower.poll() is True
    assert in_step(window, writer)
    writer.redo()
    follower.poll()
    assert in_step(window, writer)
    writer.undo()
    writer.undo()
    writer.push({"kind": "news", "text": "A different story"})  # same seq as the undone move
    follower.poll()
    assert in_step(window, writer)
    assert window.game.state.news == ["A different story"]


def test_follower_keeps_up_with_many_commands_at_once(screen, writer):
    window, follower = screen
    for i in range(FileFollower.MAX_INCREMENTAL + 3):
        writer.push({"kind": "news", "text": f"headline {i}"})
    follower.poll()
    assert in_step(window, writer)


def test_follower_polls_by_itself(qtbot, screen, writer):
    window, _ = screen
    writer.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: in_step(window, writer), timeout=2000)


def test_the_screen_of_a_game_file_is_read_only(screen):
    window, _ = screen
    assert window.game.store is None
    assert window.game.follow.readonly


def test_run_screen_reports_a_bad_file(tmp_path, capsys):
    bad = tmp_path / "nothing.game"
    assert run_screen(bad) == 2
    assert "no such file" in capsys.readouterr().err
