"""The editor window driven through its own tools: build a scenario from nothing, save, check, play."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from boardapp.editor.document import ScenarioDocument
from boardapp.engine.files import check_file, load_scenario, new_game
from boardapp.ui.editor.window import EditorWindow, Tool

from .conftest import ROOT

OUT = ROOT / "out"


def _pt(w: EditorWindow, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def click(w: EditorWindow, x: float, y: float) -> None:
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, _pt(w, x, y))


def drag(w: EditorWindow, a: tuple[float, float], b: tuple[float, float]) -> None:
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, _pt(w, *a))
    QTest.mouseMove(vp, _pt(w, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    QTest.mouseMove(vp, _pt(w, *b))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, _pt(w, *b))


def test_build_save_check_reopen_play(window: EditorWindow, tmp_path: Path, qtbot) -> None:
    w = window
    # a country drawn point by point
    w.set_tool(Tool.REGION)
    for x, y in ((20, 20), (980, 20), (980, 580), (20, 580)):
        click(w, x, y)
    click(w, 20, 20)  # back on the first point closes it
    assert [r.id for r in w.map_doc.regions] == ["region-1"]
    # places
    w.set_tool(Tool.PLACE)
    for x, y in ((150, 150), (500, 300), (850, 450), (300, 480)):
        click(w, x, y)
    assert [p.id for p in w.map_doc.places] == ["place-1", "place-2", "place-3", "place-4"]
    # roads: dragged place to place, and clicked with a bend
    w.set_tool(Tool.ROAD)
    drag(w, (150, 150), (500, 300))
    click(w, 500, 300)
    click(w, 700, 250)  # a bend
    click(w, 850, 450)
    drag(w, (150, 150), (300, 480))
    assert [r.between for r in w.map_doc.roads] == [("place-1", "place-2"), ("place-2", "place-3"),
                                                    ("place-1", "place-4")]
    assert w.map_doc.roads[1].via[0] == pytest.approx((700, 250), abs=3)
    # move a place with the select tool
    w.set_tool(Tool.SELECT)
    drag(w, (300, 480), (320, 500))
    assert w.map_doc.place("place-4").at == pytest.approx((320, 500), abs=3)
    # provinces from the places, then split one and merge it back
    w.select(("regions", "region-1"))
    assert w.generate_in_selected()
    assert sorted(r.id for r in w.map_doc.regions if r.kind == "province") == [
        "place-1", "place-2", "place-3", "place-4"]
    n = len(w.map_doc.regions)
    w.set_tool(Tool.SPLIT)
    drag(w, (-10, 300), (1010, 300))
    assert len(w.map_doc.regions) == n + 1
    w.undo.undo()
    assert len(w.map_doc.regions) == n
    # move a vertex of the country
    w.set_tool(Tool.VERTEX)
    w.select(("regions", "region-1"))
    assert len(w.scene.handles) == 4
    drag(w, (980, 20), (990, 10))
    assert w.map_doc.region("region-1").polygon[1] == pytest.approx((990, 10), abs=3)
    w.undo.undo()
    # scenario: teams, unit types, counters from the palette, control painted
    assert w.add_team() and w.add_team() and w.add_unit_type()
    assert w.counter_palette.count() == 2
    assert w.drop_counter("team-1", "unit-1", "place-1")
    assert w.drop_counter("team-2", "unit-1", "place-3")
    w.brush_team.setCurrentIndex(1)
    w.set_tool(Tool.CONTROL)
    drag(w, (150, 150), (500, 300))
    assert w.scenario.control == {"place-1": "team-1", "place-2": "team-1"}
    w.undo.undo()  # a brush stroke is one step
    assert w.scenario.control == {}
    w.undo.redo()
    assert w.add_timetable_slot()
    # properties panel edits a field
    w.select(("places", "place-1"))
    edit = w.props_box.findChild(type(w.search), "prop-name")
    edit.setText("Alphaville")
    edit.editingFinished.emit()
    # a name typed for a place whose id the editor made up names the id too (issue #31 item 6)
    assert w.map_doc.place("alphaville").name == "Alphaville"
    assert w.scenario.control["alphaville"] == "team-1"
    # search and problems
    w.search.setText("alpha")
    assert w.results.count() == 1
    w.refresh_problems()
    assert [p for p in w.problems if p.severity == "error"] == []
    if OUT.is_dir():
        w.brush_team.setCurrentIndex(1)
        qtbot.wait(50)
        w.grab().save(str(OUT / "editor-built.png"))
    # save, check, reopen, play a move
    path = w.save_to(tmp_path / "made.yaml")
    kind, problems = check_file(path)
    assert kind == "scenario" and [p for p in problems if p.severity == "error"] == []
    again = ScenarioDocument.open(path)
    assert again.text() == path.read_text(encoding="utf-8")
    game = new_game(load_scenario(path))
    from boardapp.rules.binni.commands import Move

    counter = again.counters[0].id
    game.push(Move(counter=counter, to="place-2"))
    assert game.state.counters[counter].place == "place-2"
    w2 = EditorWindow(str(path))
    qtbot.addWidget(w2)
    assert [p.id for p in w2.map_doc.places] == [p.id for p in w.map_doc.places]


def test_problem_click_goes_to_item(qtbot) -> None:
    w = EditorWindow(str(ROOT / "tests" / "data" / "tiny-scenario.yaml"))
    qtbot.addWidget(w)
    from boardapp.editor import DeletePlace

    w.push(DeletePlace("echo"))
    w.refresh_problems()
    row = next(i for i in range(w.problem_list.count())
               if "counters[" in w.problem_list.item(i).text())
    w.go_to_problem(w.problem_list.item(row).data(Qt.ItemDataRole.UserRole))
    assert w.selected[0] == "counters"


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.yaml")) + sorted((ROOT / "scenarios").glob("*.yaml")),
                         ids=lambda p: p.name)
def test_open_and_save_unchanged(path: Path, tmp_path: Path, qtbot) -> None:
    """Every shipped file opened in the editor and saved without change gives the same text it
    would on re-save (byte-identical to the shipped file for files in canonical form)."""
    w = EditorWindow(str(path))
    qtbot.addWidget(w)
    text = w.doc.text()
    from .test_writer import RESAVED

    if path.relative_to(ROOT).as_posix() in RESAVED:
        assert text == path.read_text(encoding="utf-8")
