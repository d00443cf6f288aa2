"""The editor's remaining tools driven through the window: merging regions, placing the background
by two reference points, dragging counters from the palette, labels, and the drop-down fields."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog
from shapely.geometry import Polygon

from boardapp.editor import AddRegion
from boardapp.editor.background import rect_from_references
from boardapp.ui.editor.window import EditorWindow, Tool

from .test_editor_window import _pt, click, drag


def ctrl_click(w: EditorWindow, x: float, y: float) -> None:
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, _pt(w, x, y))


def test_merge_two_regions_with_the_toolbar_action(window: EditorWindow) -> None:
    w = window
    w.push(AddRegion({"id": "west", "name": "West", "kind": "province",
                      "polygon": [(20, 20), (500, 20), (500, 580), (20, 580)]}))
    w.push(AddRegion({"id": "east", "name": "East", "kind": "province",
                      "polygon": [(500, 20), (980, 20), (980, 580), (500, 580)]}))
    w.set_tool(Tool.SELECT)
    click(w, 750, 300)       # east first: the merged region keeps its id
    ctrl_click(w, 250, 300)  # and west added to the selection
    assert sorted(i.region_id for i in w.scene.selectedItems()) == ["east", "west"]
    w.bar_actions["Merge regions"].trigger()
    assert [r.id for r in w.map_doc.regions] == ["east"]
    merged = Polygon(w.map_doc.regions[0].polygon)
    assert merged.is_valid and merged.area == pytest.approx(960 * 560)
    assert list(w.scene.regions) == ["east"] and w.selected == ("regions", "east")
    w.refresh_problems()
    assert [p for p in w.problems if p.severity == "error"] == []
    w.undo.undo()
    assert sorted(r.id for r in w.map_doc.regions) == ["east", "west"]
    assert sorted(w.scene.regions) == ["east", "west"]
    assert Polygon(w.map_doc.region("west").polygon).area == pytest.approx(480 * 560)


def test_merge_needs_two_regions(window: EditorWindow) -> None:
    w = window
    w.push(AddRegion({"id": "west", "name": "West", "polygon": [(20, 20), (500, 20), (500, 580), (20, 580)]}))
    click(w, 250, 300)
    assert not w.merge_selected()
    assert "two or more" in w.statusBar().currentMessage()
    assert len(w.map_doc.regions) == 1


def _map_pixel(w: EditorWindow, x: float, y: float) -> QColor:
    """The colour the scene draws at map point (x, y) (its background, no items)."""
    img = QImage(100, 60, QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    w.scene.render(p, QRectF(0, 0, 100, 60), QRectF(0, 0, 1000, 600))
    p.end()
    return img.pixelColor(round(x / 10), round(y / 10))


def _red(w: EditorWindow, x: float, y: float) -> int:
    """How much redder than green the map is at (x, y): the test image is pure red, the sea blue-grey."""
    c = _map_pixel(w, x, y)
    return c.red() - c.green()


def test_background_by_two_reference_points(window: EditorWindow, tmp_path, monkeypatch) -> None:
    w = window
    png = tmp_path / "scan.png"
    image = QImage(200, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("#ff0000"))
    assert image.save(str(png))
    # File ▸ the toolbar's "Background image…" with the file dialog answering
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(png), ""))
    w.bar_actions["Background image…"].trigger()
    bg = w.map_doc.background
    assert bg is not None and bg.rect is None and w.scene.background is not None
    assert w.opacity.isEnabled() and w.opacity.value() == 60
    # The tool: a spot on the image (drawn over the whole 1000 x 600 map: pixel = map / 5, / 6),
    # where it belongs; a second spot, where it belongs.
    w.tool_actions[Tool.BACKGROUND].trigger()
    assert w.tool == Tool.BACKGROUND
    click(w, 100, 60)    # pixel (20, 10)
    assert "belongs" in w.statusBar().currentMessage()
    click(w, 200, 100)
    click(w, 900, 540)   # pixel (180, 90)
    click(w, 700, 500)
    got = w.map_doc.background.rect
    want = rect_from_references((200, 100), ((20, 10), (200, 100)), ((180, 90), (700, 500)))
    assert want == (137.5, 50.0, 625.0, 500.0)  # 3.125 and 5 map units a pixel
    assert got == pytest.approx(want, abs=3)    # (clicks land on whole screen pixels)
    assert w.bg_points == []
    # drawn there: red inside the rectangle, the sea outside it
    assert _red(w, 400, 300) > 60
    assert _red(w, 900, 300) < 0
    # Dim: the slider sets the opacity (one undo step a change); Hide hides it from view only
    w.opacity.setFocus()
    QTest.keyClick(w.opacity, Qt.Key.Key_PageUp)
    assert w.map_doc.background.opacity == pytest.approx(w.opacity.value() / 100) and w.opacity.value() > 60
    w.opacity.setValue(20)
    assert w.map_doc.background.opacity == pytest.approx(0.2)
    dim = _red(w, 400, 300)
    w.opacity.setValue(100)
    assert _red(w, 400, 300) > dim + 100
    w.hide_bg.click()
    assert not w.scene.show_background
    assert _red(w, 400, 300) < 0
    w.hide_bg.click()
    assert _red(w, 400, 300) > 60
    # undo: the opacity steps back (and the slider with it), then the placement, then the image
    w.undo.undo()
    assert w.map_doc.background.opacity == pytest.approx(0.2) and w.opacity.value() == 20
    w.undo.undo()
    w.undo.undo()
    assert w.map_doc.background.rect == pytest.approx(got)
    w.undo.undo()
    assert w.map_doc.background.rect is None
    w.undo.undo()
    assert w.map_doc.background is None and not w.opacity.isEnabled()


def _drag_from_palette(w: EditorWindow, row: int, to: tuple[float, float]) -> QDropEvent:
    """What a drag from the palette delivers to the map: the palette's own mime data (what its model
    gives QAbstractItemView::startDrag), entering, moving over and dropped at a map point.
    (The headless platform's QDrag returns at once, so the events are sent as the platform would.)"""
    pal = w.counter_palette
    mime = pal.model().mimeData([pal.indexFromItem(pal.item(row))])
    actions = pal.model().supportedDragActions()
    vp = w.view.viewport()
    at = QPointF(w.view.mapFromScene(QPointF(*to)))
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(QPoint(5, 5), actions, mime, buttons, mods)
    QApplication.sendEvent(vp, enter)
    assert enter.isAccepted()
    move = QDragMoveEvent(at.toPoint(), actions, mime, buttons, mods)
    QApplication.sendEvent(vp, move)
    drop = QDropEvent(at, actions, mime, buttons, mods)
    QApplication.sendEvent(vp, drop)
    return drop


def test_drag_a_counter_from_the_palette_onto_a_place(window: EditorWindow) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 500, 300)
    click(w, 200, 150)
    assert w.add_team() and w.add_team() and w.add_unit_type() and w.add_unit_type()
    assert w.counter_palette.count() == 4
    assert w.counter_palette.item(3).data(Qt.ItemDataRole.UserRole) == "counter:team-2:unit-2"
    assert w.counter_palette.dragEnabled()
    steps = w.undo.count()
    drop = _drag_from_palette(w, 3, (510, 290))  # team 2's unit 2, dropped near place-1
    assert drop.isAccepted()
    assert [(c.team, c.type, c.at) for c in w.scenario.counters] == [("team-2", "unit-2", "place-1")]
    assert w.undo.count() == steps + 1 and w.selected == ("counters", w.scenario.counters[0].id)
    assert ("#d55e00", "U2") in w.scene.places["place-1"].decor  # drawn as a chip of team 2's colour
    # a second drop elsewhere gets its own id; a drop on the empty map is refused
    _drag_from_palette(w, 0, (200, 150))
    assert len({c.id for c in w.scenario.counters}) == 2 and w.scenario.counters[1].at == "place-2"
    assert not _drag_from_palette(w, 0, (900, 550)).isAccepted()
    assert len(w.scenario.counters) == 2
    w.undo.undo()
    w.undo.undo()
    assert w.scenario.counters == [] and w.scene.places["place-1"].decor == []


def _prop(w: EditorWindow, name: str):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QWidget

    return w.props_box.findChild(QWidget, f"prop-{name}")


def _type_into(w: EditorWindow, name: str, text: str) -> None:
    edit = _prop(w, name)
    assert edit is not None, name
    edit.setText(text)
    edit.editingFinished.emit()


def test_labels_add_move_edit_delete(window: EditorWindow, qtbot) -> None:
    w = window
    w.tool_actions[Tool.LABEL].trigger()
    click(w, 300, 200)
    assert [(lab.text, lab.at) for lab in w.map_doc.labels] == [("Label", pytest.approx((300, 200), abs=3))]
    assert w.selected == ("labels", 0) and len(w.scene.labels) == 1 and w.scene.labels[0].isSelected()
    qtbot.wait(20)
    assert w.props_box.focusWidget() is _prop(w, "text")  # ready to type
    _type_into(w, "text", "River Tana")
    _type_into(w, "size", "48")
    _type_into(w, "angle", "-30")
    lab = w.map_doc.labels[0]
    assert (lab.text, lab.size, lab.angle) == ("River Tana", 48, -30)
    assert w.scene.labels[0].rotation() == -30
    _type_into(w, "size", "-5")  # refused by the format
    assert w.map_doc.labels[0].size == 48 and "Not done" in w.statusBar().currentMessage()
    # drag it with the select tool (picked by its text, not only its centre)
    w.set_tool(Tool.SELECT)
    drag(w, (310, 195), (410, 245))
    assert w.map_doc.labels[0].at == pytest.approx((400, 250), abs=3)
    # found by search; selected by clicking it
    w.search.setText("tana")
    assert w.results.item(0).data(Qt.ItemDataRole.UserRole) == ("labels", 0)
    w.select(None)
    click(w, 400, 250)
    assert w.selected == ("labels", 0)
    # deleted with Edit ▸ Delete selected
    delete = next(a for a in w.findChildren(type(w.tool_actions[Tool.LABEL])) if a.text() == "Delete selected")
    delete.trigger()
    assert w.map_doc.labels == [] and w.scene.labels == []
    w.undo.undo()
    assert w.map_doc.labels[0].text == "River Tana" and len(w.scene.labels) == 1
    w.undo.undo()  # the move
    assert w.map_doc.labels[0].at == pytest.approx((300, 200), abs=3)
    for _ in range(3):  # angle, size, text
        w.undo.undo()
    assert (w.map_doc.labels[0].text, w.map_doc.labels[0].size) == ("Label", 24)
    w.undo.undo()
    assert w.map_doc.labels == [] and w.scene.labels == []


def _choose(w: EditorWindow, name: str, text: str) -> None:
    """Pick ``text`` in the drop-down of field ``name`` in Properties, as a user does (keyboard)."""
    from PySide6.QtWidgets import QComboBox

    box = _prop(w, name)
    assert isinstance(box, QComboBox), name
    index = next(i for i in range(box.count()) if box.itemText(i).startswith(text))
    box.setFocus()
    while box.currentIndex() != index:
        QTest.keyClick(box, Qt.Key.Key_Down if box.currentIndex() < index else Qt.Key.Key_Up)


def test_kinds_and_team_chosen_from_drop_downs(window: EditorWindow, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click(w, 500, 300)
    w.push(AddRegion({"id": "land", "name": "Land", "polygon": [(20, 20), (980, 20), (980, 580), (20, 580)]}))
    assert w.add_team() and w.add_team() and w.add_unit_type()
    assert w.drop_counter("team-1", "unit-1", "place-1")
    # a place's kind
    w.select(("places", "place-1"))
    box = _prop(w, "kind")
    assert [box.itemText(i) for i in range(box.count())] == [
        "town", "city", "power_plant", "dam", "airfield", "port", "border_post"]
    steps = w.undo.count()
    _choose(w, "kind", "city")
    assert w.map_doc.place("place-1").kind == "city" and w.undo.count() == steps + 1
    assert w.undo.undoText() == "set kind"
    qtbot.wait(10)  # Properties refreshed: the box shows the new kind
    assert _prop(w, "kind").currentText() == "city"
    w.undo.undo()
    assert w.map_doc.place("place-1").kind == "town"
    # a region's kind
    w.select(("regions", "land"))
    _choose(w, "kind", "sea")
    assert w.map_doc.region("land").kind == "sea"
    w.undo.undo()
    assert w.map_doc.region("land").kind == "country"
    # a counter's team (and its unit type) from the scenario's lists
    cid = w.scenario.counters[0].id
    w.select(("counters", cid))
    box = _prop(w, "team")
    assert [box.itemData(i) for i in range(box.count())] == ["team-1", "team-2"]
    types = _prop(w, "type")
    assert [types.itemData(i) for i in range(types.count())] == ["unit-1"]
    _choose(w, "team", "T2")
    assert w.scenario.counters[0].team == "team-2" and w.undo.undoText() == "set team"
    assert w.scene.places["place-1"].decor[0][0] == "#d55e00"
    w.undo.undo()
    assert w.scenario.counters[0].team == "team-1"
