"""A read-only use of a game file leaves no ``-wal``/``-shm`` beside it (issue 28.5), so a folder of finished
games stays clean and copyable: ``check``, ``export``, ``report``, ``review``, the big screen following it —
and following a game another connection is writing still works, its files left to the writer while it runs."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.files import open_game
from boardapp.engine.follow import JournalFollower
from boardapp.review.timeline import Review, read_game_file

ROOT = Path(__file__).resolve().parents[2]


def beside(path: Path) -> list[str]:
    """Every file in the game's folder but the game itself (and what the test wrote on purpose)."""
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name) and p != path)


def test_the_fixture_file_is_alone_to_start_with(game_file: Path) -> None:
    assert beside(game_file) == []
    # and a plain read-only SQLite connection is what makes the two files (the fault this guards against)
    conn = sqlite3.connect(f"file:{game_file}?mode=ro", uri=True)
    conn.execute("SELECT count(*) FROM meta").fetchone()
    conn.close()
    assert beside(game_file) == [f"{game_file.name}-shm", f"{game_file.name}-wal"]


@pytest.mark.parametrize("use", ["check", "export", "report", "run", "render"])
def test_a_command_line_use_leaves_nothing(game_file: Path, tmp_path: Path, use: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    before = game_file.read_bytes()
    args = {"check": ["check", str(game_file)],
            "export": ["export", str(game_file), "--out", str(out / "x.jsonl")],
            "report": ["report", str(game_file), "--out", str(out / "r.html")],
            "run": ["run", str(game_file), "--commands", str(_no_commands(out))],
            "render": ["render", str(game_file), "--out", str(out / "board.png"), "--width", "320", "--height", "200"],
            }[use]
    assert main(args) == 0, capsys.readouterr().err
    assert beside(game_file) == []
    assert game_file.read_bytes() == before  # and the game itself is untouched


def _no_commands(folder: Path) -> Path:
    path = folder / "none.yaml"
    path.write_text("[]\n", encoding="utf-8")
    return path


def test_review_leaves_nothing(game_file: Path) -> None:
    review = Review.open(game_file)
    assert review.turns
    read_game_file(game_file)
    assert beside(game_file) == []


def test_a_read_only_game_never_closed_leaves_nothing_when_its_process_ends(game_file: Path) -> None:
    script = ("import sys; from boardapp.engine.files import open_game; "
              "g = open_game(sys.argv[1], readonly=True); print(len(g.entries))")
    done = subprocess.run([sys.executable, "-c", script, str(game_file)], check=False, cwd=ROOT,
                          capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "11"
    assert beside(game_file) == []


def test_a_damaged_file_refused_read_only_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.game"
    conn = sqlite3.connect(bad)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('format', 'something else')")
    conn.commit()
    conn.close()
    assert beside(bad) == []
    assert main(["check", str(bad)]) == 1
    assert "not a boardapp game file" in capsys.readouterr().err
    assert beside(bad) == []


def test_following_a_game_being_written_works_and_leaves_the_writers_files_alone(
        game_file: Path, close_later: list[Any]) -> None:
    writer = open_game(game_file)
    close_later.append(writer)
    assert beside(game_file)  # the writer's -wal and -shm
    reader = open_game(game_file, readonly=True)
    follower = JournalFollower(reader)
    writer.push({"kind": "news", "text": "seen by the big screen"})
    assert follower.poll()
    assert reader.entries[-1].command["text"] == "seen by the big screen"
    reader.follow.close()  # the big screen closes while the game goes on: the writer's files stay
    assert beside(game_file) == [f"{game_file.name}-shm", f"{game_file.name}-wal"]
    writer.push({"kind": "news", "text": "after the screen closed"})
    writer.store.close()
    close_later.remove(writer)
    assert beside(game_file) == []
    again = open_game(game_file, readonly=True)
    assert [e.command.get("text") for e in again.entries[-2:]] == ["seen by the big screen", "after the screen closed"]
    again.follow.close()
    assert beside(game_file) == []


def test_a_writer_that_closes_while_the_screen_follows_leaves_a_whole_file_and_nothing_beside_it(
        game_file: Path) -> None:
    reader = open_game(game_file, readonly=True)  # the big screen opened first, on a finished game
    follower = JournalFollower(reader)
    writer = open_game(game_file)  # CONTROL's board opens it again and plays on
    writer.push({"kind": "news", "text": "one more"})
    writer.store.close()  # not the last connection: SQLite leaves its log for the reader
    assert follower.poll()
    reader.follow.close()
    assert beside(game_file) == []
    # the game file alone holds every entry (nothing stayed behind in a log that a copy would miss)
    copy = game_file.with_name("copy.game")
    copy.write_bytes(game_file.read_bytes())
    copied = open_game(copy, readonly=True)
    assert copied.entries[-1].command["text"] == "one more"
    copied.follow.close()


def test_the_big_screen_following_a_finished_game_leaves_nothing_when_it_closes(game_file: Path) -> None:
    """``boardapp screen GAME`` as it runs: the window follows the file (its poll timer running), is closed, and the
    process ends; while it ran the two files were there (it is a reader of a WAL file), afterwards none."""
    script = (
        "import os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from boardapp.ui.bigscreen.window import open_screen\n"
        "app = QApplication([])\n"
        "window, follower = open_screen(sys.argv[1], interval_ms=20)\n"
        "window.show()\n"
        "for _ in range(20): app.processEvents()\n"
        "print(sorted(n for n in os.listdir(os.path.dirname(sys.argv[1])) if n.endswith(('-wal', '-shm'))))\n"
        "window.close()\n"
        "app.processEvents()\n")
    done = subprocess.run([sys.executable, "-c", script, str(game_file)], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == str([f"{game_file.name}-shm", f"{game_file.name}-wal"])
    assert beside(game_file) == []
