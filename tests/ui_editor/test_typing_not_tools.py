"""Letters typed into a focused field go to the field, never to the editor's one-letter tool keys (S, P, R,
G, V, X, C, B, L): "R" typed into a drop-down finds "Rebels" instead of choosing the Road tool; this holds
for every field of the window (Properties form, toolbars, Rule tables), typed with real key presses."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from boardapp.ui.editor.window import Tool

from .helpers import click_map, field, settle, type_into


def _team(w, qtbot, name: str, symbol: str) -> None:  # type: ignore[no-untyped-def]
    add = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add")
    QTest.mouseClick(add, Qt.MouseButton.LeftButton)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), name)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "symbol"), symbol)
    settle(qtbot)


def test_letters_typed_into_fields_are_not_tool_keys(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 200, 200)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Kura")
    settle(qtbot)
    for name, symbol in (("Crown", "C"), ("League", "L"), ("Rebels", "R")):
        _team(w, qtbot, name, symbol)
    adds = [b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add"]
    QTest.mouseClick(adds[1], Qt.MouseButton.LeftButton)  # a unit type
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Brigade")
    settle(qtbot)
    assert w.drop_counter("crown", "brigade", "kura")
    settle(qtbot)
    w.set_tool(Tool.SELECT)
    # the counter's team drop-down in Properties: "R" finds Rebels, "L" League; no tool is chosen
    team = field(w.props_box, "team")
    team.setFocus()  # as a Tab to it would (a click opens its list, which takes keys anyway)
    settle(qtbot)
    QTest.keyClick(team, Qt.Key.Key_R)
    settle(qtbot)
    assert w.tool is Tool.SELECT, f"R chose the {w.tool.value} tool"
    assert w.scenario.counters[0].team == "rebels"
    team = field(w.props_box, "team")
    team.setFocus()
    QTest.keyClick(team, Qt.Key.Key_L)
    settle(qtbot)
    assert w.tool is Tool.SELECT and w.scenario.counters[0].team == "league"
    # the toolbar's region kind: "s" finds sea, and does not choose Select's neighbour tools either
    w.set_tool(Tool.PLACE)
    w.region_kind.setFocus()
    QTest.keyClick(w.region_kind, Qt.Key.Key_S)
    settle(qtbot)
    assert w.tool is Tool.PLACE and w.region_kind.currentText() == "sea"
    # a spin box (the grid's step) and a text field: letters stay with them
    w.grid_step.setFocus()
    for key in (Qt.Key.Key_R, Qt.Key.Key_G, Qt.Key.Key_C):
        QTest.keyClick(w.grid_step, key)
    settle(qtbot)
    assert w.tool is Tool.PLACE
    # with the map focused, the same letter is the tool key
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_R)
    settle(qtbot)
    assert w.tool is Tool.ROAD
