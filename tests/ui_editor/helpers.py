"""Real clicks and keys on the editor window, shared by the issue #31 tests."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget


def pt(w: Any, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def click_map(w: Any, x: float, y: float, mod: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, mod, pt(w, x, y))


def drag_map(w: Any, a: tuple[float, float], b: tuple[float, float],
             mod: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, mod, pt(w, *a))
    for f in (0.25, 0.5, 0.75):
        QTest.mouseMove(vp, pt(w, a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    QTest.mouseMove(vp, pt(w, *b))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, mod, pt(w, *b))


def settle(qtbot: Any, ms: int = 30) -> None:
    """Let the window's deferred refreshes (Properties after an edit) run."""
    QApplication.processEvents()
    qtbot.wait(ms)
    QApplication.processEvents()


def field(parent: QWidget, name: str) -> Any:
    """The Properties field ``prop-<name>`` shown now."""
    found = [wd for wd in parent.findChildren(QWidget, f"prop-{name}") if wd.isVisible()]
    assert found, f"no visible field prop-{name}"
    return found[-1]


def type_into(qtbot: Any, edit: QLineEdit, text: str, finish: Qt.Key = Qt.Key.Key_Return) -> None:
    """Click into a line edit, select all, type ``text`` and press ``finish`` (Return or Tab)."""
    QTest.mouseClick(edit, Qt.MouseButton.LeftButton)
    edit.setFocus()
    QTest.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)
    QTest.keyClick(edit, finish)


def choose(qtbot: Any, box: QComboBox, text: str) -> None:
    """Pick the entry whose text contains ``text`` with the keyboard (Home, then Down until it is current)."""
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Home)
    for _ in range(box.count()):
        if text in box.currentText():
            return
        QTest.keyClick(box, Qt.Key.Key_Down)
    assert text in box.currentText(), f"{text!r} not among {[box.itemText(i) for i in range(box.count())]}"
