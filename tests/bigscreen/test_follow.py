"""``boardapp screen``: a read-only big screen follows a game file another connection writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.bigscreen.follower import FileFollower
from boardapp.ui.bigscreen.window import open_screen, run_screen

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


def test_the_clock_follows_controls_board(screen, writer):
    """CONTROL's board shares its clock in the game file; the big screen elsewhere takes it over."""
    import json

    from boardapp.clock import TurnClock

    window, follower = screen
    board_clock = TurnClock.for_scenario(writer.module.scenario, week=1)
    board_clock.start()
    board_clock.adjust(-600)  # CONTROL takes ten minutes off week one (45 -> 35)
    writer.store.set_meta("clock", json.dumps(board_clock.record()))
    assert follower.poll() is False, "no journal entry changed, only the clock"
    assert window.clock.running
    assert window.clock.week == 1
    assert 35 * 60 - 5 < window.clock.remaining() <= 35 * 60
    board_clock.pause()
    writer.store.set_meta("clock", json.dumps(board_clock.record()))
    follower.poll()
    assert not window.clock.running
    assert abs(window.clock.remaining() - board_clock.remaining()) < 0.5


def test_clock_record_restores_with_the_time_passed() -> None:
    from boardapp.clock import TurnClock

    t = [1000.0]
    a = TurnClock(now=lambda: t[0])
    a.start()
    t[0] += 120
    rec = a.record(wall=50_000.0)
    b = TurnClock(now=lambda: 7.0)
    b.restore(rec, wall=50_030.0)  # taken over 30 s later, still running
    assert b.running
    assert b.elapsed() == pytest.approx(150.0)
    a.pause()
    b.restore(a.record(wall=60_000.0), wall=60_500.0)  # paused: no time passes
    assert not b.running
    assert b.elapsed() == pytest.approx(120.0)
