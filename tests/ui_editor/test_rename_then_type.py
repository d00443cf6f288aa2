"""Issue #31 item 3: a name typed right after changing a place's id is kept (the form follows the rename)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.ui.editor.window import Tool

from .helpers import click_map, field, settle, type_into


def test_name_typed_after_renaming_the_id_is_kept(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 300, 300)
    settle(qtbot)
    assert w.selected == ("places", "place-1")
    # the id, then straight on (Tab) to the name, as a designer types twelve of them
    type_into(qtbot, field(w.props_box, "id"), "north-gate", finish=Qt.Key.Key_Tab)
    settle(qtbot)
    name = field(w.props_box, "name")
    type_into(qtbot, name, "North Gate")
    settle(qtbot)
    place = w.map_doc.place("north-gate")
    assert place.name == "North Gate"
    assert not w.statusBar().currentMessage().startswith("Not done")
    # and the form now edits the renamed place: its at field moves it
    type_into(qtbot, field(w.props_box, "at"), "[320, 310]")
    settle(qtbot)
    assert tuple(w.map_doc.place("north-gate").at) == (320, 310)
    # the id again, finished with Return this time, then the name
    type_into(qtbot, field(w.props_box, "id"), "holloway")
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Holloway")
    settle(qtbot)
    assert w.map_doc.place("holloway").name == "Holloway"
    assert w.selected == ("places", "holloway")
    QTest.qWait(10)
