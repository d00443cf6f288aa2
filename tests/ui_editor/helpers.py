"""Real clicks and keys on the editor window, shared by the issue #31 tests."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QWidget


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


def when_modal(qtbot: Any, object_name: str, action: Any, seen: list[Any] | None = None,
               timeout_ms: int = 5000) -> list[Any]:
    """Once a modal dialog named ``object_name`` is up, run ``action(dialog)`` (clicks on it); the
    dialog's text is recorded in the returned list. Fails the test (closing the dialog) on timeout."""
    from PySide6.QtCore import QTimer

    seen = [] if seen is None else seen
    waited = [0]

    def poll() -> None:
        dlg = QApplication.activeModalWidget()
        if dlg is not None and dlg.objectName() == object_name:
            texts = [lab.text() for lab in dlg.findChildren(QLabel)]
            seen.append("\n".join(texts))
            action(dlg)
            return
        waited[0] += 20
        if waited[0] > timeout_ms:
            seen.append(f"TIMEOUT: no dialog {object_name}")
            if dlg is not None:
                dlg.close()
            return
        QTimer.singleShot(20, poll)

    QTimer.singleShot(20, poll)
    return seen


def click_button(dlg: QWidget, text: str) -> None:
    """Click (a real mouse click) the push button of ``dlg`` whose text contains ``text``."""
    from PySide6.QtWidgets import QAbstractButton

    for b in dlg.findChildren(QAbstractButton):
        if text.lower() in b.text().lower().replace("&", "") and b.isVisible():
            QTest.mouseClick(b, Qt.MouseButton.LeftButton)
            return
    raise AssertionError(f"no button {text!r} in {[b.text() for b in dlg.findChildren(QAbstractButton)]}")


def activate(w: QWidget) -> None:
    """Make ``w`` the active window again (after a dialog closed; the offscreen platform does not)."""
    w.activateWindow()
    QApplication.processEvents()
    if QApplication.activeWindow() is not w and hasattr(QApplication, "setActiveWindow"):
        QApplication.setActiveWindow(w)
        QApplication.processEvents()


def tick(box: QWidget) -> None:
    """A real click on a check box's or radio button's indicator (its left end)."""
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, box.height() // 2))


def button(parent: QWidget, name: str) -> Any:
    """The visible push button named ``name`` (rows just removed from a form may linger, hidden)."""
    from PySide6.QtWidgets import QPushButton

    found = [b for b in parent.findChildren(QPushButton, name) if b.isVisible()]
    assert found, f"no visible button {name}"
    return found[-1]


class CountedWalk:
    """What a person does in the editor's window, counted as the walks' closing figures need: clicks (and drags)
    on the map or buttons, keys typed; with ``shots`` a folder, a screenshot of the X display at each step."""

    shot_wait_ms = 200

    def __init__(self, w: Any, qtbot: Any, shots: Any = None) -> None:
        self.w, self.qtbot, self.shots = w, qtbot, shots
        self.clicks = self.keys = 0

    def key(self, key: Qt.Key, mod: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        activate(self.w)
        self.w.view.setFocus()
        QTest.keyClick(self.w.view.viewport(), key, mod)
        self.keys += 1
        settle(self.qtbot)

    def tool(self, tool: Any) -> None:
        from boardapp.ui.editor.fields import TOOL_KEYS

        self.key(getattr(Qt.Key, f"Key_{TOOL_KEYS[tool.name]}"))
        assert self.w.tool == tool

    def click(self, x: float, y: float) -> None:
        click_map(self.w, x, y)
        self.clicks += 1
        settle(self.qtbot)

    def press(self, button: Any) -> None:
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        self.clicks += 1
        settle(self.qtbot)

    def shot(self, name: str) -> None:
        if self.shots is not None:
            import subprocess

            settle(self.qtbot, self.shot_wait_ms)
            subprocess.run(["import", "-window", "root", str(self.shots / f"{name}.png")], check=False)
        settle(self.qtbot)

