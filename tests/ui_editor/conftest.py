"""Fixtures of the editor-as-a-designer tests (issue #31): the editor tests' window, isolated user data,
and unsaved edits discarded at teardown."""

from __future__ import annotations

import pytest

from tests.editor.conftest import (  # noqa: F401  (fixtures)
    _isolated_user_data,
    _unsaved_edits_discarded_at_teardown,
    window,
)


@pytest.fixture(autouse=True)
def _no_dialog_left_waiting(qtbot):  # type: ignore[no-untyped-def]
    """A dialog no test answers (a warning the test did not expect) is closed after 15 s and fails the
    test, instead of waiting for a click forever."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    stuck: list[str] = []
    seen: dict[int, int] = {}

    def check() -> None:
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            seen.clear()
            return
        seen[id(dlg)] = seen.get(id(dlg), 0) + 1
        if seen[id(dlg)] >= 15:
            stuck.append(f"{dlg.objectName() or type(dlg).__name__}: {dlg.windowTitle()}")
            dlg.close()

    timer = QTimer()
    timer.timeout.connect(check)
    timer.start(1000)
    yield
    timer.stop()
    assert not stuck, f"a dialog nobody answered: {stuck}"
