"""Issue #13 item 12: File ▸ Save (Ctrl+S), resuming the last game at launch instead of a silent new
Week 1, Save As of an unsaved game with undone commands, and a damaged game file opened in part."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.ui.app import autosave_dir, open_window
from boardapp.ui.mainwindow import MainWindow
from tests.files.forge import tamper

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"
MOVES = [{"kind": "move", "counter": "g-mil1", "to": "charlie"}, {"kind": "news", "text": "one"},
         {"kind": "news", "text": "two"}]


def shown(qtbot, w):
    qtbot.addWidget(w)
    with qtbot.waitActive(w):  # shortcuts reach the active window only
        w.show()
        w.activateWindow()
    return w


def press_ctrl_s(win):
    """Ctrl+S typed on the board (the widget with the keyboard focus), as the umpire would."""
    win.view.setFocus()
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_s_on_a_game_file_says_it_is_saved(qtbot, tiny_game, tmp_path):
    win = shown(qtbot, MainWindow(tiny_game, tmp_path / "tiny.game"))
    assert win.save_action.shortcut().matches(Qt.Key.Key_S | Qt.KeyboardModifier.ControlModifier) is not None
    win.push(MOVES[0])
    press_ctrl_s(win)
    assert "Saved: tiny.game" in win.statusBar().currentMessage()
    reopened = open_game(tmp_path / "tiny.game", readonly=True)
    assert [e.command["kind"] for e in reopened.entries] == ["move"], "the journal already holds the move"
    reopened.follow.close()


def test_ctrl_s_on_an_autosave_asks_for_a_name(qtbot, tmp_path, monkeypatch):
    win = shown(qtbot, open_window(TINY, ask=None))
    assert win.autosave
    target = tmp_path / "named"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    win.push(MOVES[0])
    press_ctrl_s(win)
    assert win.path == tmp_path / "named.game" and not win.autosave
    win.close()
    again = open_game(tmp_path / "named.game")
    assert [e.command["kind"] for e in again.entries] == ["move"]
    again.store.close()


def test_save_as_of_an_unsaved_game_keeps_two_undone_commands(qtbot, tmp_path):
    game = new_game(load_scenario(TINY))  # no game file: an unsaved game
    for cmd in MOVES:
        game.push(cmd)
    game.undo()
    game.undo()
    win = shown(qtbot, MainWindow(game))
    path = win.save_as(tmp_path / "copy.game")
    win.close()
    reopened = open_game(path)
    assert [e.command["kind"] for e in reopened.entries] == ["move"]
    assert [e.command.get("text") for e in reopened.redo_stack] == [e.command.get("text") for e in game.redo_stack]
    assert len(reopened.redo_stack) == 2
    reopened.redo()
    reopened.redo()
    assert [e.command.get("text") for e in reopened.entries] == [None, "one", "two"], "redone in the played order"
    reopened.store.close()


def test_launch_offers_to_resume_the_last_game_and_makes_no_new_autosave(qtbot):
    first = shown(qtbot, open_window(None, ask=lambda paths: None, resume=lambda p: False))
    unit = next(iter(first.scene.counters))
    first.push({"kind": "move", "counter": unit,
                "to": first.game.module.move_options(first.game.state, unit)[0].place})
    expected, saved = first.game.summary(), first.path
    first.close()
    before = sorted(autosave_dir().glob("*.game"))
    offered: list[Path] = []
    second = shown(qtbot, open_window(None, ask=lambda paths: None, resume=lambda p: offered.append(p) or True))
    assert offered == [saved]
    assert second.path == saved and second.game.summary() == expected
    assert sorted(autosave_dir().glob("*.game")) == before, "resuming created no new Week 1 autosave"
    second.close()


def test_launch_without_a_played_game_asks_nothing(qtbot):
    asked: list[Path] = []
    first = shown(qtbot, open_window(None, ask=lambda paths: None, resume=asked.append))
    first.close()  # closed before any command: nothing worth resuming
    second = shown(qtbot, open_window(None, ask=lambda paths: None, resume=asked.append))
    assert asked == []
    second.close()


def click_when_shown(button_text: str | None) -> list[str]:
    """Answer the next message box: click the button with this text (None: Cancel); returns its text."""
    seen: list[str] = []

    def poll() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, poll)
            return
        seen.append(box.text())
        for b in box.buttons():
            if (button_text is None and box.buttonRole(b) == QMessageBox.ButtonRole.RejectRole) or \
                    b.text() == button_text:
                b.click()
                return
        raise AssertionError(f"no button {button_text!r} in {[b.text() for b in box.buttons()]}")

    QTimer.singleShot(10, poll)
    return seen


@pytest.fixture
def damaged(tmp_path):
    path = tmp_path / "damaged.game"
    game = new_game(load_scenario(TINY), save=path)
    for cmd in MOVES:
        game.push(cmd)
    game.store.close()
    tamper(path, "UPDATE journal SET entry='{' WHERE seq=3")
    return path


def test_damaged_file_says_what_and_opens_the_intact_part_read_only(qtbot, tiny_game, tmp_path, damaged):
    win = shown(qtbot, MainWindow(tiny_game, tmp_path / "tiny.game"))
    seen = click_when_shown("Open the intact part read-only")
    assert win.open_path(damaged)
    assert "journal entry 3 is corrupt" in seen[0] and "Entries 1 to 2 are intact" in seen[0]
    assert [e.command.get("text") for e in win.game.entries] == [None, "one"]
    assert win.game.store is None, "nothing is written to the damaged file"
    assert "read-only" in win.windowTitle()


def test_damaged_file_cancelled_keeps_the_game_open(qtbot, tiny_game, tmp_path, damaged):
    win = shown(qtbot, MainWindow(tiny_game, tmp_path / "tiny.game"))
    click_when_shown(None)
    assert not win.open_path(damaged)
    assert win.game is tiny_game and win.path == tmp_path / "tiny.game"
