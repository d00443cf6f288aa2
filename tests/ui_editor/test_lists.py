"""Issue #31 item 2: the map's communities added and edited in a form; values that must name an item of a
list are drop-downs (a place's community, a counter's team, type and place)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox

from boardapp.ui.editor.window import Tool

from .helpers import activate, button, choose, click_map, field, settle, type_into


def test_communities_made_in_the_form_and_chosen_for_places(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 300, 300)
    settle(qtbot)
    w.set_tool(Tool.SELECT)
    click_map(w, 800, 100)  # nothing there: the map's own form
    settle(qtbot)
    assert w.selected is None
    for name, colour in (("Muslim", "#2ca02c"), ("Christian", "#9467bd")):
        click_map(w, 800, 100)
        settle(qtbot)
        QTest.mouseClick(button(w.props_box, "add-community"), Qt.MouseButton.LeftButton)
        settle(qtbot)
        assert w.selected[0] == "communities"
        type_into(qtbot, field(w.props_box, "name"), name)
        settle(qtbot)
        type_into(qtbot, field(w.props_box, "colour"), colour)
        settle(qtbot)
    assert [(c.id, c.name, c.colour) for c in w.map_doc.communities] == [
        ("muslim", "Muslim", "#2ca02c"), ("christian", "Christian", "#9467bd")]
    click_map(w, 300, 300)
    settle(qtbot)
    box = field(w.props_box, "community")
    assert isinstance(box, QComboBox)
    choose(qtbot, box, "Christian")
    settle(qtbot)
    assert w.map_doc.places[0].community == "christian"
    # the community's id changed in its form: the place follows
    click_map(w, 800, 100)
    settle(qtbot)
    QTest.mouseClick(button(w.props_box, "community-christian"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "id"), "orthodox")
    settle(qtbot)
    assert w.map_doc.places[0].community == "orthodox"
    # deleted: the place no longer names it (one undo step brings both back)
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)
    settle(qtbot)
    assert [c.id for c in w.map_doc.communities] == ["muslim"] and w.map_doc.places[0].community is None
    w.undo.undo()
    assert w.map_doc.places[0].community == "orthodox"


def test_a_counters_place_is_a_drop_down(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 300, 300)
    click_map(w, 700, 300)
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Kura")
    settle(qtbot)
    assert w.add_team() and w.add_unit_type()
    assert w.drop_counter(w.scenario.teams[0].id, w.scenario.unit_types[0].id, "place-1")
    settle(qtbot)
    choose(qtbot, field(w.props_box, "at"), "Kura (kura)")
    settle(qtbot)
    assert w.scenario.counters[0].at == "kura"


def test_a_teams_allies_are_ticked(window, qtbot) -> None:
    from .helpers import tick

    w = window
    assert w.add_team() and w.add_team() and w.add_team()
    w.select(("teams", "team-1"))
    settle(qtbot)
    box = field(w.props_box, "allies")
    assert {c.objectName() for c in box.findChildren(QCheckBox)} == {"allies-team-2", "allies-team-3"}
    tick(next(c for c in box.findChildren(QCheckBox) if c.objectName() == "allies-team-3"))
    settle(qtbot)
    assert w.scenario.teams[0].allies == ["team-3"]
    # renaming the ally renames it in the list
    w.select(("teams", "team-3"))
    settle(qtbot)
    type_into(qtbot, field(w.props_box, "name"), "Blue Helmets")
    settle(qtbot)
    assert w.scenario.teams[0].allies == ["blue-helmets"]
