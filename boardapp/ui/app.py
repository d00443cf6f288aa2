"""Starting the umpire's window (``boardapp`` / ``boardapp board``).

A game started from a scenario is journalled from its first command into an autosave game file
under the user's data directory, so nothing is lost; a ``.session`` marker beside it, locked by the
running session (``boardapp.ui.lock``), says the session is still running. The operating system drops
that lock when the process dies, however it dies, so a marker whose lock is free was left by a session
that never closed its window: an unfinished game, which the next start offers to recover. (No pid is
probed: ``os.kill(pid, 0)`` would send Ctrl+C to that process on Windows.)
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardapp.ui.lock import SessionLock, is_held

AUTOSAVE = "autosave"


def data_dir() -> Path:
    """Where a user's data lives: $BOARDAPP_DATA_DIR, else the platform's data folder (boardapp/resources.py)."""
    from boardapp.resources import data_dir as _data_dir

    return _data_dir()


def autosave_dir() -> Path:
    d = data_dir() / AUTOSAVE
    d.mkdir(parents=True, exist_ok=True)
    return d


def _marker(game_path: Path) -> Path:
    return game_path.with_name(game_path.name + ".session")


_held: dict[Path, SessionLock] = {}  # this process's running sessions, by marker


def start_session(game_path: str | Path) -> bool:
    """Mark ``game_path``'s session as running by locking its marker for as long as this process lives.

    False when another live session already holds it (that one owns the marker and removes it)."""
    marker = _marker(Path(game_path))
    lock = _held.get(marker) or SessionLock(marker)
    if not lock.acquire(note=f"{os.getpid()}\n"):
        return False
    _held[marker] = lock
    return True


def finish_session(game_path: str | Path) -> None:
    """The session closed properly: drop its lock and remove the marker (nothing to recover)."""
    marker = _marker(Path(game_path))
    lock = _held.pop(marker, None)
    if lock is not None:
        lock.release()  # before the unlink: Windows cannot remove an open file
    with contextlib.suppress(OSError):  # Windows: another start probes it this instant (it sees the lock free)
        marker.unlink(missing_ok=True)


def unfinished_sessions() -> list[Path]:
    """Autosaved games whose session ended without closing the window (newest first)."""
    out = []
    for marker in autosave_dir().glob("*.game.session"):
        game = marker.with_name(marker.name[: -len(".session")])
        if is_held(marker):
            continue  # running, in this process or another
        if not game.exists():
            marker.unlink(missing_ok=True)
            continue
        if marker.exists():  # not removed by a clean close while we looked
            out.append(game)
    return sorted(out, key=lambda p: p.stat().st_mtime, reverse=True)


def new_autosave_path(stem: str) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return autosave_dir() / f"{stem}-{stamp}.game"


def game_for_path(path: str | Path | None) -> tuple[Any, Path, bool]:
    """(game, its game file, whether that file is an autosave) for a scenario, a game file or None."""
    from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game, open_game, sniff

    p = Path(path) if path is not None else DEFAULT_SCENARIO
    kind = sniff(p)
    if kind == "game":
        return open_game(p), p, p.parent.resolve() == autosave_dir().resolve()
    loaded = load_scenario(p)
    save = new_autosave_path(loaded[0].id)
    return new_game(loaded, save=save, source=str(p)), save, True


def set_aside(paths: list[Path]) -> None:
    """Unfinished games CONTROL chose not to recover now: no longer offered at every start (where, asked
    again next to the game a "No" started, they stood among "Games not closed properly" differing only by
    a timestamp), kept whole and listed first in File ▸ Recent files (issue 24.7)."""
    from boardapp.resources import remember_file

    for p in reversed(paths):
        finish_session(p)
        remember_file(p)  # the recent files, in the user's config folder (docs/install.md)


def describe_game(path: Path) -> str:
    """'war-in-binni-20261127-0931… — 14 entries, last played 09:52': a recovery choice told apart."""
    import time as _time

    from boardapp.engine.gamefile import GameFile

    try:
        store = GameFile.open(path, readonly=True)
        try:
            n = store.last_seq()
        finally:
            store.close()
        played = _time.strftime("%d %b %H:%M", _time.localtime(path.stat().st_mtime))
        return f"{path} — {n} entr{'y' if n == 1 else 'ies'}, last played {played}"
    except Exception:  # an unreadable game is still offered; opening it says why
        return str(path)


def ask_recover(paths: list[Path]) -> Path | None:
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    if len(paths) == 1:
        answer = QMessageBox.question(None, "Recover the unfinished game?",
                                      f"A game was not closed properly:\n{describe_game(paths[0])}\n\nOpen it "
                                      "again (nothing in its journal is lost)? No: it stays in File ▸ Recent "
                                      "files, and is not asked about again.")
        return paths[0] if answer == QMessageBox.StandardButton.Yes else None
    names = [describe_game(p) for p in paths]
    name, ok = QInputDialog.getItem(None, "Recover an unfinished game?",
                                    "Games not closed properly (Cancel: all stay in File ▸ Recent files):",
                                    names, 0, False)
    return paths[names.index(name)] if ok else None


def last_game() -> Path | None:
    """The newest autosaved game that some command was played in (closed properly), or None.

    A launch that was closed before any command leaves a game at its start: nothing to resume."""
    from boardapp.engine.gamefile import GameFile, GameFileError

    running = {m.name[: -len(".session")] for m in autosave_dir().glob("*.game.session")}
    games = sorted((p for p in autosave_dir().glob("*.game") if p.name not in running),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    for p in games:
        try:
            store = GameFile.open(p, readonly=True)
        except (GameFileError, OSError, ValueError):
            continue
        try:
            if store.last_seq() > 0:
                return p
        except Exception:  # an unreadable journal is not offered; opening it would say why
            continue
        finally:
            store.close()
    return None


def ask_resume(path: Path) -> bool:
    """Offer to go on with the last game instead of starting the default scenario afresh."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, "Resume the last game?",
                      f"The last game played on this machine was closed:\n{path.name}\n\n"
                      "Go on with it, or start a new game of the default scenario?")
    resume = box.addButton("Resume the last game", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Start a new game", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(resume)
    box.exec()
    return box.clickedButton() is resume


def open_window(path: str | Path | None = None,
                ask: Callable[[list[Path]], Path | None] | None = ask_recover,
                resume: Callable[[Path], bool] | None = ask_resume, extras_after_first_paint: bool = False) -> Any:
    """The main window on ``path`` (default scenario when None), offering to recover a crashed session
    (``ask``) or else to resume the last game (``resume``); ``ask=None`` asks neither.
    ``extras_after_first_paint``: see :class:`~boardapp.ui.mainwindow.MainWindow`."""
    from boardapp.ui.board.render import ensure_app
    from boardapp.ui.mainwindow import MainWindow

    ensure_app()
    chosen: Path | None = None
    if path is None and ask is not None:
        left = unfinished_sessions()
        if left:
            chosen = ask(left)
            if chosen is None:
                set_aside(left)
        elif resume is not None:
            last = last_game()
            if last is not None and resume(last):
                chosen = last
    game, saved, autosave = game_for_path(chosen if chosen is not None else path)
    window = MainWindow(game, saved, autosave=autosave, extras_after_first_paint=extras_after_first_paint)
    if autosave and start_session(saved):
        window.autosave_path = saved
    return window


def run(path: str | None) -> int:
    """Open the umpire's window and run until it closes; the process's exit status."""
    app = None
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        app = QApplication([])
        app.setApplicationName("boardapp")
        app.setOrganizationName("boardapp")
    window = open_window(path, extras_after_first_paint=True)  # the board painted first (issue #27)
    screen = window.screen()
    if screen is not None:  # the whole screen, even where no window manager maximises windows
        window.setGeometry(screen.availableGeometry())
    window.showMaximized()  # the umpire's board wants the whole screen
    app = app or QApplication.instance()
    return int(app.exec())
