"""A tables scenario's starting units (its ``units`` list, named as its pieces in the manifest's
``editor.pieces``) are drawn on their places on the editor's map, as other systems' counters are, and are put
there from the same counter palette by a drag onto a place; their form edits them, Delete removes them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.editor.test_editor_tools import _drag_from_palette

from .helpers import activate, field, settle
from .test_team_renames_reach_rule_tables import tarn  # noqa: F401  (the fixture)


def test_tables_units_are_drawn_and_placed_from_the_palette(tarn, qtbot) -> None:  # noqa: F811
    w = tarn
    sc = w.scenario
    teams = {t.id: t.colour for t in sc.teams}
    labels = {u.id: u.label for u in sc.fields["unit_types"]}
    units = list(sc.fields["units"])
    assert len(units) == 11 and w.pieces_list() == "units"
    for place in {u.at for u in units}:  # every unit drawn on its place, in its team's colour, by its label
        expected = sorted((teams[u.team], labels[u.type]) for u in units if u.at == place)
        drawn = sorted(d for d in w.scene.places[place].decor if not d[1].startswith("●"))
        assert drawn == expected, place
    # the palette: a row a team and unit type; Rebels' infantry dragged onto Hollow
    rows = [w.counter_palette.item(i).data(Qt.ItemDataRole.UserRole) for i in range(w.counter_palette.count())]
    assert len(rows) == len(teams) * len(labels)
    row = rows.index("counter:rebels:inf")
    hollow = w.map_doc.place("hollow").at
    before = len(w.scene.places["hollow"].decor)
    drop = _drag_from_palette(w, row, (hollow[0] + 8, hollow[1] - 5))
    settle(qtbot)
    assert drop.isAccepted()
    new = w.scenario.fields["units"][-1]
    assert (new.team, new.type, new.at) == ("rebels", "inf", "hollow") and new.id not in {u.id for u in units}
    assert w.selected == ("units", new.id)
    assert len(w.scene.places["hollow"].decor) == before + 1
    assert (teams["rebels"], labels["inf"]) in w.scene.places["hollow"].decor
    # its form: the place by its drop-down (letters typed find it)
    at = field(w.props_box, "at")
    at.setFocus()
    QTest.keyClick(at, Qt.Key.Key_E)  # Qt's keyboard search: the first place starting with E
    settle(qtbot)
    assert w.scenario.item("units", new.id).at == "eastmarch"
    assert len(w.scene.places["hollow"].decor) == before
    assert [p.message for p in w.doc.problems() if p.severity == "error"] == []
    # Delete removes it, Ctrl+Z brings it back
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)
    settle(qtbot)
    assert [u.id for u in w.scenario.fields["units"]] == [u.id for u in units]
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert w.scenario.fields["units"][-1].id == new.id
