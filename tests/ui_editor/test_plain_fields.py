"""Issue #31 item 5: text fields take plain text, colours get a picker, yes/no a checkbox, road kinds a
drop-down — all typed and clicked in Properties."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QPushButton

from boardapp.ui.editor.window import Tool

from .helpers import activate, choose, click_button, click_map, drag_map, field, settle, type_into, when_modal


def test_text_is_taken_as_typed(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 200, 200)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Holloway: North Gate")
    settle(qtbot)
    assert [p.name for p in w.map_doc.places] == ["Holloway: North Gate"]
    assert not w.statusBar().currentMessage().startswith("Not done")
    # a number-like name stays text
    type_into(qtbot, field(w.props_box, "name"), "1984")
    settle(qtbot)
    assert w.map_doc.places[0].name == "1984"
    # the scenario's name, with ': ' too
    w.select(("scenario", None))
    settle(qtbot)
    type_into(qtbot, field_by_row(w, "name"), "Binni: the sequel")
    settle(qtbot)
    assert w.scenario.fields["name"] == "Binni: the sequel"


def field_by_row(w, label: str) -> QLineEdit:
    form = w.props
    for r in range(form.rowCount()):
        lab = form.itemAt(r, form.ItemRole.LabelRole)
        if lab is not None and lab.widget() is not None and lab.widget().text() == label:
            return form.itemAt(r, form.ItemRole.FieldRole).widget()
    raise AssertionError(f"no row {label}")


def test_colour_text_picker_and_checkbox(window, qtbot) -> None:
    w = window
    add = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add")
    QTest.mouseClick(add, Qt.MouseButton.LeftButton)  # the first Add: a team
    settle(qtbot)
    assert w.selected[0] == "teams"
    team = lambda: w.scenario.teams[0]  # noqa: E731
    type_into(qtbot, field(w.props_box, "colour"), "#CC0000")  # unquoted: YAML would read a comment
    settle(qtbot)
    assert team().colour == "#cc0000"
    type_into(qtbot, field(w.props_box, "colour"), "darkgreen")
    settle(qtbot)
    assert team().colour == "#006400"

    def pick(dlg) -> None:
        html = next(e for e in dlg.findChildren(QLineEdit) if e.text().startswith("#"))
        html.selectAll()
        QTest.keyClicks(html, "#1f77b4")
        QTest.keyClick(html, Qt.Key.Key_Tab)
        click_button(dlg, "OK")

    seen = when_modal(qtbot, "colour-picker", pick)
    QTest.mouseClick(field(w.props_box, "colour").parentWidget().findChild(QPushButton, "pick-colour"),
                     Qt.MouseButton.LeftButton)
    assert seen
    settle(qtbot)
    assert team().colour == "#1f77b4"
    activate(w)
    box = field(w.props_box, "on_map")
    assert box.isChecked()
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # on the box
    settle(qtbot)
    assert team().on_map is False, (box.isChecked(), w.statusBar().currentMessage(), box.isVisible(), box.geometry())
    w.undo.undo()
    assert team().on_map is True


def test_road_kind_is_a_drop_down(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 200, 200)
    click_map(w, 600, 300)
    w.set_tool(Tool.ROAD)
    drag_map(w, (200, 200), (600, 300))
    settle(qtbot)
    assert w.selected == ("roads", 0)
    choose(qtbot, field(w.props_box, "kind"), "rail")
    settle(qtbot)
    assert w.map_doc.roads[0].kind == "rail"


def test_timetable_times_are_text(window, qtbot) -> None:
    """A time typed '10:30' is a time (YAML would read it as the number 630)."""
    w = window
    w.select(("scenario", None))
    settle(qtbot)
    add = next(b for b in w.props_box.findChildren(QPushButton) if b.text() == "Add timetable slot" and b.isVisible())
    QTest.mouseClick(add, Qt.MouseButton.LeftButton)
    settle(qtbot)
    slot = next(b for b in w.props_box.findChildren(QPushButton) if b.text().startswith("10:00") and b.isVisible())
    QTest.mouseClick(slot, Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert w.selected == ("timetable", 0)
    type_into(qtbot, field(w.props_box, "end"), "10:45")
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "label"), "Week 1: opening")
    settle(qtbot)
    assert (w.scenario.timetable[0].end, w.scenario.timetable[0].label) == ("10:45", "Week 1: opening")
