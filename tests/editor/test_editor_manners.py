"""Issue #13 items 16-18: the editor asks before it throws edits away, keeps its tools in place,
fits map-only editing, warns of overlapping places, and Properties follows the road just drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QToolBar, QWidget

from boardapp.ui.editor.window import EditorWindow, Tool

from .test_editor_window import click, drag

REAL_ASK = EditorWindow.ask_unsaved


def answer_box(button: QMessageBox.StandardButton) -> list[str]:
    """Click ``button`` in the next message box when it appears; returns the texts seen."""
    seen: list[str] = []
    tries = [300]  # 3 s, then stop (a box that never came must not be answered in a later test)

    def poll() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(box.text())
            box.button(button).click()
        elif tries[0] > 0:
            tries[0] -= 1
            QTimer.singleShot(10, poll)

    QTimer.singleShot(10, poll)
    return seen


@pytest.fixture
def asking(monkeypatch):
    """The real Save / Discard / Cancel box (the suite's fixture answers 'discard' by default)."""
    monkeypatch.setattr(EditorWindow, "ask_unsaved", REAL_ASK)


def test_new_map_with_unsaved_edits_cancelled_keeps_them(window, asking):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    assert [p.id for p in w.map_doc.places] == ["place-1"]
    seen = answer_box(QMessageBox.StandardButton.Cancel)
    w.file_actions["New map"].trigger()
    assert seen and "Save the changes" in seen[0]
    assert [p.id for p in w.map_doc.places] == ["place-1"], "Cancel keeps the document"
    seen = answer_box(QMessageBox.StandardButton.Discard)
    w.file_actions["New map"].trigger()
    assert seen and w.map_doc.places == [] and w.scenario is None


def test_save_chosen_saves_then_opens_the_new_document(window, asking, tmp_path, monkeypatch, qtbot):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    target = tmp_path / "kept.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    answer_box(QMessageBox.StandardButton.Save)
    # then File ▸ New scenario asks for the map and rule system (issue #31 item 1): a new blank map
    from tests.ui_editor.helpers import click_button, tick, when_modal

    when_modal(qtbot, "new-scenario-dialog", lambda d: (tick(d.findChild(QWidget, "map-new")),
                                                        click_button(d, "Create")), timeout_ms=10000)
    w.file_actions["New scenario"].trigger()
    assert target.exists() and "place-1" in Path(target).read_text() + "".join(
        p.read_text() for p in tmp_path.glob("*.yaml"))
    assert w.map_doc.places == [], "then the new scenario"


def test_window_close_with_unsaved_edits_can_be_cancelled(window, asking):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    answer_box(QMessageBox.StandardButton.Cancel)
    assert not w.close(), "the close is refused"
    assert w.isVisible()
    answer_box(QMessageBox.StandardButton.Discard)
    w.file_actions["Quit"].trigger()
    assert not w.isVisible()


def test_open_with_unsaved_edits_cancelled_asks_for_no_file(window, asking, monkeypatch):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    asked: list[object] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: asked.append(a) or ("", ""))
    answer_box(QMessageBox.StandardButton.Cancel)
    w.file_actions["Open…"].trigger()
    assert asked == [] and [p.id for p in w.map_doc.places] == ["place-1"]
    w.undo.setClean()  # closed at teardown: nothing to ask


def tool_positions(w: EditorWindow) -> dict[str, int]:
    bar = w.findChild(QToolBar, "tools")
    return {a.text(): bar.widgetForAction(a).geometry().x() for a in bar.actions() if not a.isSeparator()}


def test_tool_buttons_stay_put_when_the_undo_text_changes(window, qtbot):
    w = window
    before = tool_positions(w)
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    w.set_tool(Tool.REGION)
    qtbot.wait(10)
    after = tool_positions(w)
    assert after == before
    assert w.undo_tool.isEnabled() and "place" in w.undo_tool.toolTip().lower(), "what it undoes, on hover"


def test_map_only_editing_hides_the_scenario_panels_and_play(window):
    w = window
    assert w.scenario_dock.isVisible() and w.file_actions["Play this scenario"].isVisible()
    w.new_map()
    assert not w.scenario_dock.isVisible()
    assert not w.file_actions["Play this scenario"].isVisible()
    w.new_scenario()
    assert w.scenario_dock.isVisible() and w.file_actions["Play this scenario"].isVisible()


def test_a_new_place_on_top_of_another_gets_a_warning(window):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 200, 200)
    assert "overlaps" not in w.statusBar().currentMessage()
    click(w, 230, 210)  # 32 px away: the 24 px symbols overlap
    msg = w.statusBar().currentMessage()
    import math

    apart = math.dist(*(p.at for p in w.map_doc.places))  # about 32: where the clicks landed on the map
    assert 28 < apart < 36 and "overlaps Place 1" in msg and f"{apart:.0f} px" in msg
    click(w, 400, 400)
    assert "overlaps" not in w.statusBar().currentMessage()


def test_properties_follow_the_road_just_drawn(window, qtbot):
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 150, 150)
    click(w, 500, 300)
    assert w.selected == ("places", "place-2")
    w.set_tool(Tool.ROAD)
    drag(w, (150, 150), (500, 300))
    qtbot.waitUntil(lambda: w.selected == ("roads", 0))
