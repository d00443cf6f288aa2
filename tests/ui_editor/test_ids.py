"""Issue #31 item 6: no made-up ids reach the board — a region's, team's, unit type's id is made from the
name typed for it (while it is still the made-up one), a counter's from its team's symbol and unit's
label, and every id can be typed in its form (references follow)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from boardapp.ui.editor.window import Tool

from .helpers import click_map, field, settle, type_into

MADE_UP = re.compile(r"^(place|region|team|unit|community)-\d+|tea-uni")


def test_ids_follow_names_and_are_editable(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.REGION)
    for xy in ((20, 20), (500, 20), (500, 580), (20, 580), (20, 20)):
        click_map(w, *xy)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "North Binni")
    settle(qtbot)
    assert [r.id for r in w.map_doc.regions] == ["north-binni"]
    w.set_tool(Tool.PLACE)
    click_map(w, 200, 200)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Kura")
    settle(qtbot)
    adds = [b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add"]
    QTest.mouseClick(adds[0], Qt.MouseButton.LeftButton)  # a team
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Government")
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "symbol"), "G")
    settle(qtbot)
    QTest.mouseClick(adds[1], Qt.MouseButton.LeftButton)  # a unit type
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Combat Brigade")
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "label"), "BDE")
    settle(qtbot)
    assert [t.id for t in w.scenario.teams] == ["government"]
    assert [u.id for u in w.scenario.unit_types] == ["combat-brigade"]
    assert w.drop_counter("government", "combat-brigade", "kura")
    assert w.drop_counter("government", "combat-brigade", "kura")
    assert [c.id for c in w.scenario.counters] == ["g-bde-1", "g-bde-2"]
    # a counter's id typed in its form
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "id"), "guards")
    settle(qtbot)
    assert [c.id for c in w.scenario.counters] == ["g-bde-1", "guards"]
    # a team's id typed: counters and control follow
    w.brush_team.setCurrentIndex(1)
    w.set_tool(Tool.CONTROL)
    click_map(w, 200, 200)
    w.set_tool(Tool.SELECT)
    w.team_list.setCurrentRow(0)
    QTest.mouseClick(w.team_list.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     w.team_list.visualItemRect(w.team_list.item(0)).center())
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "id"), "gov")
    settle(qtbot)
    assert {c.team for c in w.scenario.counters} == {"gov"} and w.scenario.control == {"kura": "gov"}
    everything = ([p.id for p in w.map_doc.places] + [r.id for r in w.map_doc.regions]
                  + [x.id for s in ("teams", "unit_types", "counters") for x in w.scenario.fields[s]])
    assert not [i for i in everything if MADE_UP.match(i)], everything
    assert [p for p in w.doc.problems() if p.severity == "error" and "pr_table" not in p.message] == []
