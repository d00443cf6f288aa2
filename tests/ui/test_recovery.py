"""Crash recovery rests on a lock the operating system drops when the session's process dies.

A real second process holds an autosave's session; while it lives, this one sees the session running
(nothing to recover, its lock cannot be taken); once it is SIGKILLed (no clean close, the marker stays),
the lock is free and the next start offers the game for recovery. The Windows backend's logic is run
with a stand-in for ``msvcrt``."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from boardapp.ui import app as app_module
from boardapp.ui.app import finish_session, open_window, start_session, unfinished_sessions
from boardapp.ui.lock import MsvcrtBackend, SessionLock, is_held

ROOT = Path(__file__).resolve().parents[2]

# the other boardapp: start a game of the default scenario, hold its session, wait to be killed
HOLDER = """
import sys, time
from boardapp.ui.app import game_for_path, start_session
game, saved, autosave = game_for_path(None)
assert autosave and start_session(saved)
print(saved, flush=True)
time.sleep(120)
"""


@pytest.fixture
def holder():
    """A live second process holding an autosave session; yields (process, its game file)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        watchdog = threading.Timer(60, proc.kill)  # a holder that never says it holds fails, not hangs
        watchdog.start()
        try:
            line = proc.stdout.readline() if proc.stdout else ""
        finally:
            watchdog.cancel()
        assert line, "the holder process died before holding its session"
        yield proc, Path(line.strip())
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX; the Windows backend is tested below")
def test_a_killed_session_is_offered_for_recovery(holder, qtbot):
    proc, saved = holder
    marker = saved.with_name(saved.name + ".session")
    assert saved.exists() and marker.exists()
    # alive: held, not unfinished, and this process cannot take it over
    assert is_held(marker)
    assert unfinished_sessions() == []
    assert not SessionLock(marker).acquire()
    assert app_module.last_game() is None  # a running game is not "the last game" either
    os.kill(proc.pid, signal.SIGKILL)  # no closeEvent, no finish_session: the marker stays
    proc.wait(timeout=10)
    assert marker.exists()
    assert not is_held(marker)
    assert unfinished_sessions() == [saved]
    offered: list[Path] = []
    window = open_window(None, ask=lambda paths: offered.extend(paths) or paths[0])
    qtbot.addWidget(window)
    assert offered == [saved]
    assert window.path == saved and window.autosave_path == saved
    assert is_held(marker)  # the recovered session is ours now
    window.close()
    assert not marker.exists()
    assert unfinished_sessions() == []


PROBE = """
from boardapp.ui.app import unfinished_sessions
from boardapp.ui.lock import is_held
import sys
print(len(unfinished_sessions()), is_held(sys.argv[1]))
"""


def test_a_second_process_sees_this_ones_session_running():
    game = app_module.autosave_dir() / "here.game"
    game.write_text("")
    assert start_session(game)
    try:
        seen = subprocess.run([sys.executable, "-c", PROBE, str(game) + ".session"], cwd=ROOT, capture_output=True,
                              text=True, timeout=60, check=True)
        assert seen.stdout.split() == ["0", "True"]  # held by us: running, nothing to recover
    finally:
        finish_session(game)
    seen = subprocess.run([sys.executable, "-c", PROBE, str(game) + ".session"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True)
    assert seen.stdout.split() == ["0", "False"]  # closed properly: no marker, nothing to recover


def test_a_session_of_this_process_is_not_offered():
    game = app_module.autosave_dir() / "mine.game"
    game.write_text("")
    assert start_session(game)
    assert unfinished_sessions() == []  # our own running session is held, not abandoned
    finish_session(game)
    assert not game.with_name("mine.game.session").exists()
    assert unfinished_sessions() == []


def test_a_marker_nobody_holds_is_an_unfinished_game():
    game = app_module.autosave_dir() / "left.game"
    game.write_text("")
    game.with_name("left.game.session").write_text("12345\n")  # e.g. an old pid-style marker
    assert unfinished_sessions() == [game]


def test_a_marker_without_its_game_is_cleared():
    marker = app_module.autosave_dir() / "gone.game.session"
    marker.write_text("")
    assert unfinished_sessions() == []
    assert not marker.exists()


def _pid_probes(source: str) -> list[int]:
    """Lines of ``os.kill(<anything>, 0)`` calls (docstrings that name it do not count)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "os.kill" and len(node.args) == 2
            and isinstance(node.args[1], ast.Constant) and node.args[1].value == 0]


def test_no_pid_probe_in_the_product():
    """``os.kill(pid, 0)`` sends Ctrl+C on Windows: no code may use it to ask whether a process lives."""
    assert _pid_probes("import os\nos.kill(pid, 0)\n") == [2]  # the check sees one
    offenders = {str(p.relative_to(ROOT)): _pid_probes(p.read_text(encoding="utf-8"))
                 for p in (ROOT / "boardapp").rglob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


class FakeMsvcrt:
    """``msvcrt.locking`` as Windows does it: one byte region per file, refused to any other handle."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self) -> None:
        self.owner: dict[tuple[int, int], int] = {}  # (file, offset) -> fd holding it

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        st = os.fstat(fd)
        key = (st.st_ino, os.lseek(fd, 0, os.SEEK_CUR))
        if mode == self.LK_NBLCK:
            if key in self.owner and self.owner[key] != fd:
                raise PermissionError(13, "Permission denied")
            self.owner[key] = fd
        elif mode == self.LK_UNLCK:
            if self.owner.get(key) != fd:
                raise PermissionError(13, "Permission denied")
            del self.owner[key]


def test_the_windows_backend_refuses_a_second_handle(tmp_path):
    backend = MsvcrtBackend(FakeMsvcrt())
    marker = tmp_path / "w.game.session"
    first = SessionLock(marker, backend)
    assert first.acquire(note="1\n")
    assert marker.read_text() == "1\n"
    assert is_held(marker, backend)
    assert not SessionLock(marker, backend).acquire()
    first.release()
    assert not is_held(marker, backend)
    assert SessionLock(marker, backend).acquire()
