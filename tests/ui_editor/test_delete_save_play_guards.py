"""Issue #31 item 4: deleting a place in use asks (move or remove what names it); saving or playing a
file with problems warns; a failed Play is shown in a dialog with the problems."""

from __future__ import annotations

import shutil
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.editor import DeletePlace, PaintControl
from boardapp.engine.files import check_file
from boardapp.ui.editor.window import EditorWindow

from ..editor.conftest import DATA
from .helpers import activate, click_button, click_map, settle, when_modal


@pytest.fixture
def tiny_window(qtbot, tmp_path):
    for name in ("tiny-scenario.yaml", "tiny-map.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    w = EditorWindow(str(tmp_path / "tiny-scenario.yaml"))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def press_delete(w: EditorWindow) -> None:
    activate(w)  # back from a dialog: the window's shortcuts need it active again
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)


def errors(w: EditorWindow) -> list[str]:
    return [p.message for p in w.doc.problems() if p.severity != "warning"]


def test_deleting_a_place_in_use_asks_and_moves_or_removes(tiny_window, qtbot) -> None:
    w = tiny_window
    click_map(w, 900, 100)  # Echo: counter r-mil3 on it, controlled by the rebels
    settle(qtbot)
    assert w.selected == ("places", "echo")
    # Cancel: nothing happens
    seen = when_modal(qtbot, "delete-place-dialog", lambda d: click_button(d, "Cancel"))
    press_delete(w)
    assert seen and "counter r-mil3" in seen[0] and "control by reb" in seen[0] and "Its road goes with it" in seen[0]
    assert w.map_doc.has_place("echo")
    # Move them to the nearest place (first in the list: Delta)
    seen = when_modal(qtbot, "delete-place-dialog", lambda d: click_button(d, "Move them"))
    press_delete(w)
    assert seen and not w.map_doc.has_place("echo")
    assert w.scenario.item("counters", "r-mil3").at == "delta"
    assert "echo" not in w.scenario.control and w.scenario.control["delta"] == "reb"
    assert errors(w) == []
    activate(w)
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # one undo step
    assert w.map_doc.has_place("echo") and w.scenario.item("counters", "r-mil3").at == "echo"
    assert w.scenario.control["echo"] == "reb"
    # Remove them with it
    click_map(w, 900, 100)
    settle(qtbot)
    seen = when_modal(qtbot, "delete-place-dialog", lambda d: click_button(d, "Delete them too"))
    press_delete(w)
    assert seen and not w.map_doc.has_place("echo")
    assert "r-mil3" not in [c.id for c in w.scenario.counters] and "echo" not in w.scenario.control
    assert errors(w) == []


def test_a_place_nobody_names_is_deleted_without_asking(tiny_window, qtbot) -> None:
    w = tiny_window
    assert not any(c.at == "golf" for c in w.scenario.counters)
    w.push(PaintControl("golf", None))
    click_map(w, 700, 400)
    settle(qtbot)
    press_delete(w)
    assert not w.map_doc.has_place("golf")


def test_save_and_play_of_a_broken_file_warn(tiny_window, qtbot, tmp_path, monkeypatch) -> None:
    w = tiny_window
    path = tmp_path / "tiny-scenario.yaml"
    before = path.read_text()
    w.push(DeletePlace("echo"))  # the old way: counters and control left naming nothing
    assert errors(w)
    seen = when_modal(qtbot, "save-problems-dialog", lambda d: click_button(d, "Go back"))
    activate(w)
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert seen and "would refuse" in seen[0] and "'echo'" in seen[0], seen
    assert path.read_text() == before, "Go back: nothing written"
    started: list[object] = []
    monkeypatch.setattr("subprocess.Popen", lambda *a, **k: started.append(a))
    seen = when_modal(qtbot, "play-failed-dialog", lambda d: click_button(d, "OK"))
    w.file_actions["Play this scenario"].trigger()
    assert seen and "cannot open" in seen[0] and "'echo'" in seen[0], seen
    assert started == [], "a scenario the board refuses is not started"
    seen = when_modal(qtbot, "save-problems-dialog", lambda d: click_button(d, "Save anyway"))
    activate(w)
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert seen and path.read_text() != before
    _, problems = check_file(path)
    assert [p for p in problems if p.severity == "error"], "saved as the designer chose, problems and all"


def test_a_board_that_fails_shows_its_error_in_a_dialog(tiny_window, qtbot) -> None:
    from boardapp.ui.editor.guards import start_board

    w = tiny_window
    seen = when_modal(qtbot, "play-failed-dialog", lambda d: click_button(d, "OK"), timeout_ms=15000)
    start_board(w, [sys.executable, "-c", "import sys; print('Traceback: the map is gone', file=sys.stderr); "
                    "sys.exit(3)"])
    qtbot.waitUntil(lambda: bool(seen), timeout=15000)
    assert "the map is gone" in seen[0]
