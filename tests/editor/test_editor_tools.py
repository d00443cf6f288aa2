"""The editor's remaining tools driven through the window: merging regions, placing the background
by two reference points, dragging counters from the palette, labels, and the drop-down fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from shapely.geometry import Polygon

from boardapp.editor import AddRegion
from boardapp.ui.editor import EditorWindow, Tool

from .test_editor_window import _pt, click, drag, window  # noqa: F401  (window is a fixture)


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
