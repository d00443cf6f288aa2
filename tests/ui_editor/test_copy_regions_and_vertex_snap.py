"""Issue #31 item 8, what was left: copy/paste of labels and regions (places, roads and counters are in
test_selection.py), and snapping while a corner is dragged with *Move vertices*: onto another region's
vertex near it, onto the grid, and a corner two regions share moving as one (the border stays shared)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.ui.editor.window import Tool

from .helpers import click_map, drag_map, pt, settle, tick
from .test_selection import key


def two_regions(w, qtbot) -> None:
    """Two regions drawn side by side with the region tool; the second's clicks land on the first's
    corners (vertex snapping while drawing), so they share the border x = 500."""
    key(w, Qt.Key.Key_G)
    for xy in ((20, 20), (500, 20), (500, 580), (20, 580), (20, 20)):
        click_map(w, *xy)
    for xy in ((503, 22), (980, 20), (980, 580), (498, 577), (503, 22)):
        click_map(w, *xy)
    settle(qtbot)
    a, b = w.map_doc.regions
    assert b.polygon[0] == a.polygon[1] and b.polygon[3] == a.polygon[2]


def vertex_tool_on(w, qtbot, x: float, y: float) -> None:
    key(w, Qt.Key.Key_V)
    assert w.tool == Tool.VERTEX
    click_map(w, x, y)  # a click inside the region selects it and shows its corners
    settle(qtbot)
    assert w.scene.handles


def test_a_shared_corner_dragged_moves_both_regions(window, qtbot) -> None:
    w = window
    two_regions(w, qtbot)
    shared = w.map_doc.regions[0].polygon[2]  # (500, 580), as the clicks landed
    vertex_tool_on(w, qtbot, 250, 300)  # region-1
    drag_map(w, shared, (540, 640))
    settle(qtbot)
    a, b = w.map_doc.regions
    assert a.polygon[2] == b.polygon[3], "the shared border stays shared"
    assert abs(a.polygon[2][0] - 540) <= 2 and abs(a.polygon[2][1] - 640) <= 2
    w.undo.undo()
    a, b = w.map_doc.regions
    assert a.polygon[2] == b.polygon[3] == shared, "one undo step for both"


def test_a_dragged_corner_lands_on_a_vertex_near_it_or_the_grid(window, qtbot) -> None:
    w = window
    two_regions(w, qtbot)
    vertex_tool_on(w, qtbot, 250, 300)
    # region-1's free corner (20, 580), dropped 4 units off the shared corner (500, 20), lands on it exactly
    corner = w.map_doc.regions[0].polygon[1]
    vp, start, near = w.view.viewport(), pt(w, *w.map_doc.regions[0].polygon[3]), pt(w, corner[0] - 4, corner[1] + 4)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, (start + near) / 2)
    QTest.mouseMove(vp, near)
    handle = next(h for h in w.scene.handles if h.vertex == 3)
    assert (handle.pos().x(), handle.pos().y()) == corner, "while dragged, the handle shows where it lands"
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, near)
    settle(qtbot)
    a = w.map_doc.regions[0]
    assert a.polygon[3] == corner, a.polygon
    w.undo.undo()
    # with Snap to grid on, a corner dropped in open map lands on the grid
    tick(w.snap_grid)
    vertex_tool_on(w, qtbot, 250, 300)
    drag_map(w, w.map_doc.regions[0].polygon[3], (61.7, 612.2))
    settle(qtbot)
    assert w.map_doc.regions[0].polygon[3] == (50, 600)


def test_copy_paste_a_region_and_a_label(window, qtbot) -> None:
    from boardapp.editor import SetHeadField

    w = window
    w.push(SetHeadField("size", [1000, 1300]))  # room below the two regions
    two_regions(w, qtbot)
    key(w, Qt.Key.Key_S)
    click_map(w, 250, 300)  # select region-1
    settle(qtbot)
    assert w.selected == ("regions", "region-1")
    key(w, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    key(w, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert len(w.map_doc.regions) == 3
    original, copy = w.map_doc.regions[0], w.map_doc.regions[2]
    assert copy.name == f"{original.name} (copy)" and copy.id not in ("region-1", "region-2")
    # beside it where nothing is: not right (region-2 is there) but below it, sharing its south border
    height = max(y for _, y in original.polygon) - min(y for _, y in original.polygon)
    assert copy.polygon == [(x, y + height) for x, y in original.polygon], "beside it, sharing its border"
    assert copy.kind == original.kind
    assert not [p for p in w.doc.problems() if "overlap" in p.message and copy.id in p.message]
    assert w.selected == ("regions", copy.id)
    w.undo.undo()
    assert len(w.map_doc.regions) == 2, "a paste is one undo step"
    # a label: placed with the Label tool, copied and pasted
    key(w, Qt.Key.Key_L)
    click_map(w, 700, 100)
    settle(qtbot)
    key(w, Qt.Key.Key_S)
    click_map(w, 700, 100)
    settle(qtbot)
    assert w.selected == ("labels", 0)
    key(w, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    key(w, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    first, pasted = w.map_doc.labels
    assert pasted.text == first.text and pasted.at == (first.at[0] + 60, first.at[1] + 60)
    assert w.selected == ("labels", 1)
