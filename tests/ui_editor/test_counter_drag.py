"""A scenario's counter is dragged on the editor's map from one place to another with the mouse (the select
tool): it goes to the place under the drop, as one undo step, its form shows the new place and the saved file
has it; dropped off any place it goes back where it was, and the status bar says so. War in Binni's
``counters`` and the Tarn Valley's ``units`` (a tables scenario's pieces, ``editor.pieces``)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from tests.editor.conftest import ROOT

from .helpers import activate, field, pt, settle

CASES = {  # scenario, the piece moved, where it goes
    "binni": ("war-in-binni.yaml", "bg-3bde", "makera"),
    "tarn": ("tarn-valley.yaml", None, None),  # the first unit, to the first place it is not at
}


def _open(qtbot: Any, tmp_path: Path, scenario: str) -> Any:
    from boardapp.ui.editor.window import EditorWindow

    sc_dir = tmp_path / "scenarios"
    (tmp_path / "maps").mkdir()
    sc_dir.mkdir()
    shutil.copy(ROOT / "scenarios" / scenario, sc_dir / scenario)
    map_rel = yaml.safe_load((ROOT / "scenarios" / scenario).read_text())["map"]
    shutil.copy((ROOT / "scenarios" / map_rel).resolve(), (sc_dir / map_rel).resolve())
    w = EditorWindow(str(sc_dir / scenario))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot)
    w.view.fit()
    settle(qtbot)
    return w


def _chip_centre(w: Any, section: str, cid: str) -> QPointF:
    """Where the piece's chip is drawn on the map (found by what the place item draws, not by the model)."""
    for item in w.scene.places.values():
        if (section, cid) in item.chips:
            n = item.chips.index((section, cid))
            return item.pos() + item.chip_rect(n).center() * item.k
    raise AssertionError(f"{cid} is not drawn on any place")


def _drag(w: Any, a: QPointF, b: QPointF, during: Any = None) -> None:
    """A real mouse drag on the view's viewport, in steps; ``during`` is called before the release."""
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, a.x(), a.y()))
    for f in (0.1, 0.3, 0.6, 0.9, 1.0):
        QTest.mouseMove(vp, pt(w, a.x() + (b.x() - a.x()) * f, a.y() + (b.y() - a.y()) * f))
    if during is not None:
        during()
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, b.x(), b.y()))


def _far_from_places(w: Any) -> QPointF:
    """A point on the map farther than any drop may be from every place."""
    size = w.map_doc.head["size"]
    best, far = None, 0.0
    for i in range(1, 20):
        for j in range(1, 20):
            p = (size[0] * i / 20, size[1] * j / 20)
            d = min(math.dist(p, q.at) for q in w.map_doc.places)
            if d > far:
                best, far = p, d
    assert best is not None and far > 150, "no point of the map is clear of every place"
    return QPointF(*best)


@pytest.mark.parametrize("case", list(CASES))
def test_a_counter_dragged_to_another_place_moves_there_as_one_undo_step(case: str, qtbot: Any,
                                                                         tmp_path: Path) -> None:
    scenario, cid, to = CASES[case]
    w = _open(qtbot, tmp_path, scenario)
    section = w.pieces_list()
    assert section == {"binni": "counters", "tarn": "units"}[case]
    pieces = w.scenario.fields[section]
    if cid is None:
        cid = next(p.id for p in pieces if p.at)
    origin = w.scenario.item(section, cid).at
    if to is None:
        to = next(p.id for p in w.map_doc.places if p.id != origin)
    assert origin and origin != to
    others = {p.id: p.at for p in pieces if p.id != cid}
    steps = w.undo.count()

    # the drag: the chip is lifted (not drawn at its place), a ring shows the place it would go to
    target = w.map_doc.place(to).at
    drop = QPointF(target[0] + 15, target[1] + 10)  # near the place, not on its centre: it snaps

    def midway() -> None:
        item = w.scene.places[origin]
        assert item.lifted == item.chips.index((section, cid))
        ring = w.scene.drag[6]
        assert ring.isVisible() and ring.pos() == w.scene.places[to].pos()

    activate(w)
    _drag(w, _chip_centre(w, section, cid), drop, during=midway)
    settle(qtbot)
    assert w.scenario.item(section, cid).at == to
    assert {p.id: p.at for p in w.scenario.fields[section] if p.id != cid} == others
    assert w.undo.count() == steps + 1, "not one undo step"
    assert (section, cid) in w.scene.places[to].chips and (section, cid) not in w.scene.places[origin].chips
    assert w.scene.places[origin].lifted is None and w.scene.drag is None
    assert w.selected == (section, cid) and field(w.props_box, "at").currentData() == to
    assert w.map_doc.place(to).name in w.statusBar().currentMessage()

    # a second drag is a second step: one Ctrl+Z takes it back to the first drop's place
    further = next(p.id for p in w.map_doc.places if p.id not in (origin, to))
    _drag(w, _chip_centre(w, section, cid), QPointF(*w.map_doc.place(further).at))
    settle(qtbot)
    assert w.scenario.item(section, cid).at == further and w.undo.count() == steps + 2
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert w.scenario.item(section, cid).at == to

    # saved (after the second drag's undo): the file has the counter at its new place
    saved = w.save_to(tmp_path / "saved.yaml")
    assert {p["id"]: p.get("at") for p in yaml.safe_load(saved.read_text())[section]}[cid] == to

    # Ctrl+Z: back where it was, in one step
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert w.scenario.item(section, cid).at == origin and w.undo.index() == steps
    assert (section, cid) in w.scene.places[origin].chips

    # dropped off any place: it stays where it was, nothing is done, the status bar says why
    _drag(w, _chip_centre(w, section, cid), _far_from_places(w))
    settle(qtbot)
    assert w.scenario.item(section, cid).at == origin and w.undo.index() == steps
    message = w.statusBar().currentMessage()
    assert "off any place" in message and w.map_doc.place(origin).name in message
    assert (section, cid) in w.scene.places[origin].chips and w.scene.places[origin].lifted is None
    assert not [i for i in w.scene.items() if type(i).__name__ == "Lifted"], "the dragged copy was left behind"


def test_escape_puts_a_lifted_counter_back(qtbot: Any, tmp_path: Path) -> None:
    w = _open(qtbot, tmp_path, "war-in-binni.yaml")
    activate(w)
    a = _chip_centre(w, "counters", "bg-3bde")
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, a.x(), a.y()))
    QTest.mouseMove(vp, pt(w, a.x() + 200, a.y() + 200))
    assert w.scene.places["dawaki"].lifted is not None
    w.view.setFocus()
    QTest.keyClick(vp, Qt.Key.Key_Escape)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       pt(w, a.x() + 200, a.y() + 200))
    settle(qtbot)
    assert w.scenario.item("counters", "bg-3bde").at == "dawaki" and w.scene.places["dawaki"].lifted is None
    assert not [i for i in w.scene.items() if type(i).__name__ == "Lifted"]


def test_a_click_on_a_chip_selects_its_counter_and_its_own_place_keeps_it(qtbot: Any, tmp_path: Path) -> None:
    w = _open(qtbot, tmp_path, "tarn-valley.yaml")
    activate(w)
    a = _chip_centre(w, "units", "c-cav1")
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     pt(w, a.x(), a.y()))
    settle(qtbot)
    assert w.selected == ("units", "c-cav1") and field(w.props_box, "at").currentData() == "westgate"
    steps = w.undo.count()
    home = w.map_doc.place("westgate").at
    _drag(w, a, QPointF(home[0] - 20, home[1] + 25))  # a drag that ends on its own place
    settle(qtbot)
    assert w.scenario.item("units", "c-cav1").at == "westgate" and w.undo.count() == steps
    assert "its own place" in w.statusBar().currentMessage()


def test_the_last_of_many_chips_at_a_place_is_inside_its_bounds_and_drags(qtbot: Any, tmp_path: Path) -> None:
    """Seven counters at one place: every chip lies in the place item's bounds (so lifting one repaints it
    away), and the last, drawn farthest right, is dragged like the first."""
    w = _open(qtbot, tmp_path, "war-in-binni.yaml")
    for _ in range(6):
        assert w.drop_counter("binni-gov", "militia", "dawaki")
    settle(qtbot)
    item = w.scene.places["dawaki"]
    assert len([c for c in item.chips if c]) == 7
    bounds = item.boundingRect()
    for n in range(len(item.decor)):
        chip = item.chip_rect(n)
        drawn = type(chip)(chip.topLeft() * item.k, chip.bottomRight() * item.k).adjusted(-1, -1, 1, 1)
        assert bounds.contains(drawn), f"chip {n} {drawn} outside {bounds}"
    last = item.chips[-1]
    assert last is not None
    activate(w)
    _drag(w, _chip_centre(w, *last), QPointF(*w.map_doc.place("makera").at))
    settle(qtbot)
    assert w.scenario.item(*last).at == "makera"
