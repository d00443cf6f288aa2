"""Desktop manners: pinch to zoom, and a file dropped on the window opens it."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QNativeGestureEvent, QPointingDevice
from PySide6.QtWidgets import QApplication

from boardapp.ui.mainwindow import MainWindow
from tests.ui.conftest import TINY


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def test_a_touchpad_pinch_zooms_the_map(win):
    view = win.view
    before = view.zoom()
    centre = QPointF(view.viewport().width() / 2, view.viewport().height() / 2)
    pinch = QNativeGestureEvent(Qt.NativeGestureType.ZoomNativeGesture, QPointingDevice.primaryPointingDevice(), 2,
                                centre, centre, QPointF(view.viewport().mapToGlobal(centre.toPoint())), 0.5,
                                QPointF(0, 0), 1)
    QApplication.sendEvent(view.viewport(), pinch)
    assert view.zoom() == pytest.approx(before * 1.5, rel=1e-3)


def _drop(win, path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    pos = QPoint(20, 20)
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    win.dragEnterEvent(enter)
    drop = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    win.dropEvent(drop)
    return enter.isAccepted(), drop.isAccepted()


def test_a_scenario_dropped_on_the_window_opens(win, tmp_path):
    win.game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    copy = tmp_path / "dropped-scenario.yaml"
    shutil.copy(TINY, copy)
    shutil.copy(TINY.with_name("tiny-map.yaml"), tmp_path / "tiny-map.yaml")
    assert _drop(win, copy) == (True, True)
    assert win.game.entries == [], "a fresh game on the dropped scenario"
    assert win.game.source == str(copy)


def test_other_files_are_not_taken(win, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a game\n")
    entries = list(win.game.entries)
    accepted, _ = _drop(win, text)
    assert not accepted
    assert win.game.entries == entries
