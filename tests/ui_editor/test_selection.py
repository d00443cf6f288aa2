"""Issue #31 item 8: select all, rubber band, moving a selection, copy/paste of places with their roads
and counters, snapping to a grid and to existing vertices, tool shortcuts, whole-unit positions."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.ui.editor.window import Tool

from .helpers import activate, click_map, drag_map, settle, tick


def key(w, k, mod=Qt.KeyboardModifier.NoModifier) -> None:
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), k, mod)


def three_places(w, qtbot) -> None:
    key(w, Qt.Key.Key_P)  # the Add place tool by its key
    assert w.tool == Tool.PLACE
    for xy in ((200.4, 200.6), (400, 200), (700, 450)):
        click_map(w, *xy)
    key(w, Qt.Key.Key_R)
    assert w.tool == Tool.ROAD
    drag_map(w, (200, 200), (400, 200))
    settle(qtbot)
    key(w, Qt.Key.Key_S)
    assert w.tool == Tool.SELECT


def test_whole_units_band_move_copy_paste(window, qtbot) -> None:
    w = window
    three_places(w, qtbot)
    assert all(float(v).is_integer() for p in w.map_doc.places for v in p.at), "whole map units"
    assert w.add_team() and w.add_unit_type()
    assert w.drop_counter(w.scenario.teams[0].id, w.scenario.unit_types[0].id, "place-1")
    # Shift+drag a box around the first two
    drag_map(w, (150, 150), (450, 260), Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot)
    from boardapp.ui.editor.selection import selected_places

    assert sorted(selected_places(w.scene)) == ["place-1", "place-2"]
    before = {p.id: p.at for p in w.map_doc.places}
    drag_map(w, (400, 200), (450, 300))  # drag one of them: both move, one undo step
    settle(qtbot)
    moved = {p.id: p.at for p in w.map_doc.places}
    for pid in ("place-1", "place-2"):
        assert abs(moved[pid][0] - before[pid][0] - 50) <= 2 and abs(moved[pid][1] - before[pid][1] - 100) <= 2
    assert moved["place-3"] == before["place-3"]
    w.undo.undo()
    assert {p.id: p.at for p in w.map_doc.places} == before
    # Ctrl+A, Ctrl+C, Ctrl+V: three copies, the road between the first two, the counter
    key(w, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert len(selected_places(w.scene)) == 3
    key(w, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    key(w, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert len(w.map_doc.places) == 6 and len(w.map_doc.roads) == 2 and len(w.scenario.counters) == 2
    copy = w.map_doc.place("place-1-2")
    assert copy.name == "Place 1 (copy)" and copy.at == (before["place-1"][0] + 60, before["place-1"][1] + 60)
    assert set(w.map_doc.roads[1].between) == {"place-1-2", "place-2-2"}
    assert w.scenario.counters[1].at == "place-1-2"
    assert sorted(selected_places(w.scene)) == ["place-1-2", "place-2-2", "place-3-2"]
    w.undo.undo()
    assert len(w.map_doc.places) == 3 and len(w.scenario.counters) == 1, "a paste is one undo step"


def test_snap_to_vertices_and_grid(window, qtbot) -> None:
    w = window
    key(w, Qt.Key.Key_G)
    assert w.tool == Tool.REGION
    for xy in ((20, 20), (500, 20), (500, 580), (20, 580), (20, 20)):
        click_map(w, *xy)
    # a second region drawn beside it: clicks a few units off its corners land on them
    for xy in ((503, 22), (980, 20), (980, 580), (498, 577), (503, 22)):
        click_map(w, *xy)
    settle(qtbot)
    first, second = w.map_doc.regions[0].polygon, w.map_doc.regions[1].polygon
    assert second[0] == first[1] and second[3] == first[2], (first, second)  # the shared border lines up
    # snap to grid, from the toolbar
    tick(w.snap_grid)
    assert w.snap_grid.isChecked()
    key(w, Qt.Key.Key_P)
    click_map(w, 262, 338)
    assert w.map_doc.places[-1].at == (250, 350)


def test_labels_land_on_whole_units(window, qtbot) -> None:
    w = window
    key(w, Qt.Key.Key_L)
    assert w.tool == Tool.LABEL
    click_map(w, 600.3, 100.7)
    settle(qtbot)
    key(w, Qt.Key.Key_S)
    drag_map(w, (600, 100), (650.4, 140.6))
    settle(qtbot)
    at = w.map_doc.labels[0].at
    assert all(float(v).is_integer() for v in at) and abs(at[0] - 650) <= 3 and abs(at[1] - 141) <= 3, at


def test_a_counter_copied_onto_another_place(window, qtbot) -> None:
    w = window
    three_places(w, qtbot)
    assert w.add_team() and w.add_unit_type()
    assert w.drop_counter(w.scenario.teams[0].id, w.scenario.unit_types[0].id, "place-1")
    settle(qtbot)
    assert w.selected[0] == "counters"
    key(w, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    click_map(w, 700, 450)  # place-3
    settle(qtbot)
    assert w.selected == ("places", "place-3")
    key(w, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert [(c.id, c.at) for c in w.scenario.counters] == [("t1-u1-1", "place-1"), ("t1-u1-2", "place-3")]
    assert len(w.map_doc.places) == 3, "no place pasted"
