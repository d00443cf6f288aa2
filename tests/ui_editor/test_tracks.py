"""Issue #31 item 2, tracks: the tracks a scenario holds are an editable list in a form, with drop-downs
where a value names another list's item. War in Binni's are the PR tracks (a team's PR level at the start
and the most influence cards it holds at each level 0-8: the digest's PR table), declared in its
manifest (``editor.tracks``); every edit is made with real clicks and keys, and undoable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

from .helpers import activate, choose, settle


def _open_tracks(w, qtbot) -> None:
    btn = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text().startswith("Scenario settings"))
    QTest.mouseClick(btn, Qt.MouseButton.LeftButton)
    settle(qtbot)
    QTest.mouseClick(w.props_box.findChild(QPushButton, "tracks-binni.pr"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert w.selected == ("tracks", "binni.pr")


def _type_number(qtbot, w, name: str, value: int) -> None:
    spin = w.props_box.findChild(QSpinBox, name)
    assert spin is not None, name
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    QTest.keyClick(spin, Qt.Key.Key_Tab)  # done: the next field
    settle(qtbot)


def _add_team(w, qtbot) -> None:
    add = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add")  # Teams' Add
    QTest.mouseClick(add, Qt.MouseButton.LeftButton)
    settle(qtbot)


def test_pr_tracks_edited_as_a_list(window, qtbot) -> None:
    w = window
    activate(w)
    assert w.scenario.fields["rules"] == "binni"
    for _ in range(3):
        _add_team(w, qtbot)
    t1, t2, t3 = (t.id for t in w.scenario.teams)
    _open_tracks(w, qtbot)
    shown = {b.objectName() for b in w.props_box.findChildren(type(w.props_box)) if b.objectName().startswith("track-")}
    assert {f"track-{t}" for t in (t1, t2, t3)} <= shown, "a block a team with a track"
    # the start level and the cards at PR 0 (the table may not fall as PR rises)
    _type_number(qtbot, w, f"track-start-{t1}", 6)
    assert w.scenario.item("teams", t1).pr == 6
    _type_number(qtbot, w, f"track-{t1}-0", 1)
    assert w.scenario.item("teams", t1).pr_table[0] == 1
    before = list(w.scenario.item("teams", t1).pr_table)
    _type_number(qtbot, w, f"track-{t1}-8", 0)  # falls below PR 7's: refused, the form shows the file again
    assert w.scenario.item("teams", t1).pr_table == before
    assert w.props_box.findChild(QSpinBox, f"track-{t1}-8").value() == before[8]
    assert "Not done" in w.statusBar().currentMessage()
    # Remove team 3's track; then give team 1's track to team 3 by its drop-down (team 1 has none then)
    QTest.mouseClick(w.props_box.findChild(QPushButton, f"track-remove-{t3}"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert w.scenario.item("teams", t3).pr_table is None
    choose(qtbot, w.props_box.findChild(QComboBox, f"track-owner-{t1}"), f"({t3})")
    settle(qtbot)
    assert w.scenario.item("teams", t3).pr_table == before and w.scenario.item("teams", t3).pr == 6
    assert w.scenario.item("teams", t1).pr_table is None
    # Add a track for team 1 again: chosen in the drop-down of the teams without one
    pick = w.props_box.findChild(QComboBox, "add-track-binni.pr")
    assert [pick.itemData(i) for i in range(pick.count())] == [t1]
    QTest.mouseClick(w.props_box.findChild(QPushButton, "add-track-button-binni.pr"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert w.scenario.item("teams", t1).pr_table == list(range(2, 11))  # plain rising numbers to edit
    # each was one undo step
    w.undo.undo()
    assert w.scenario.item("teams", t1).pr_table is None
    w.undo.undo()
    assert w.scenario.item("teams", t1).pr_table == before and w.scenario.item("teams", t3).pr_table is None


def test_a_system_without_tracks_shows_no_tracks_button(window, qtbot) -> None:
    from boardapp.editor.document import MapDocument, ScenarioDocument

    map_doc = MapDocument.new()
    w = window
    w._attach(map_doc, ScenarioDocument.new(map_doc, rules="mideast"))
    settle(qtbot)
    w.select(("scenario", None))
    settle(qtbot)
    assert not [b for b in w.props_box.findChildren(QPushButton) if b.objectName().startswith("tracks-")]
