"""The Properties form is often rebuilt from one of its own fields' signals (a refused value shown again as
the document holds it: a PR track's number refused on Tab). Qt must not delete that field inside its own
event handler: doing so crashed the editor now and then (a segmentation fault in tests/ui_editor/test_tracks.py
when run after the other editor tests). The form's old widgets are deleted later, back in the event loop."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit
from shiboken6 import Shiboken


def test_a_field_rebuilding_its_form_outlives_its_own_signal(window, qtbot) -> None:
    w = window
    w.show_properties(None)
    field = QLineEdit(objectName="probe")
    w.props.addRow("probe", field)
    alive_during_signal: list[bool] = []

    def rebuild() -> None:
        w.show_properties(None)  # what a refused edit does from the field's editingFinished
        alive_during_signal.append(Shiboken.isValid(field))

    field.editingFinished.connect(rebuild)
    field.editingFinished.emit()
    assert alive_during_signal == [True], "the field was deleted inside its own signal"
    assert w.props_box.findChild(QLineEdit, "probe") is None, "the old field is still found by its name"
    qtbot.waitUntil(lambda: not Shiboken.isValid(field), timeout=2000)  # and it is gone once back in the loop
