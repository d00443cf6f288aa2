"""Issue #31 item 1 (File ▸ New scenario asks for the map and the rule system; a scenario's map can be
changed) and item 9 (templates per rule system; import teams, unit types, PR tables, settings)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QPushButton

from boardapp.editor.templates import shipped_templates
from boardapp.ui.editor.window import Tool

from ..editor.conftest import DATA, ROOT
from .helpers import activate, button, choose, click_button, click_map, settle, tick, when_modal


def new_scenario_via_menu(w, qtbot, answer) -> list:
    activate(w)
    seen = when_modal(qtbot, "new-scenario-dialog", answer)
    QTest.keyClick(w, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert seen and "TIMEOUT" not in seen[0]
    settle(qtbot)
    return seen


def pick(dlg, name: str):
    from PySide6.QtWidgets import QWidget

    return dlg.findChild(QWidget, name)


def test_new_scenario_on_the_open_map_with_a_rule_system_and_template(window, qtbot) -> None:
    w = window
    w.set_tool(Tool.PLACE)
    click_map(w, 200, 200)
    click_map(w, 600, 300)
    open_map = w.map_doc

    def answer(dlg) -> None:
        tick(pick(dlg, "map-open"))
        choose(qtbot, pick(dlg, "rules"), "War in Binni")
        choose(qtbot, pick(dlg, "template"), "war-in-binni.yaml")
        click_button(dlg, "Create")

    new_scenario_via_menu(w, qtbot, answer)
    assert w.map_doc is open_map and [p.id for p in w.map_doc.places] == ["place-1", "place-2"]
    assert w.scenario.fields["rules"] == "binni"
    shipped = {t.id for t in __import__("boardapp.engine.files", fromlist=["x"]).load_scenario(
        shipped_templates("binni")[0])[0].teams}
    assert {t.id for t in w.scenario.teams} == shipped, "the shipped tables"
    assert w.scenario.counters == [] and w.scenario.control == {}, "nothing naming the other map's places"
    assert w.team_list.count() == len(shipped)


def test_new_scenario_on_a_map_file_and_change_its_map(window, qtbot, monkeypatch, tmp_path) -> None:
    w = window

    def answer(dlg) -> None:
        edit = pick(dlg, "map-path")
        QTest.mouseClick(edit, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(edit, str(DATA / "tiny-map.yaml"))
        choose(qtbot, pick(dlg, "rules"), "(binni)")
        choose(qtbot, pick(dlg, "template"), "Empty")
        click_button(dlg, "Create")

    new_scenario_via_menu(w, qtbot, answer)
    assert w.map_doc.path == DATA / "tiny-map.yaml" and w.map_doc.has_place("echo")
    assert w.scenario.teams == []
    # its map changed: Scenario settings ▸ Change map…
    other = ROOT / "maps" / "binni.yaml"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(other), ""))
    btn = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text().startswith("Scenario settings"))
    QTest.mouseClick(btn, Qt.MouseButton.LeftButton)
    settle(qtbot)
    QTest.mouseClick(button(w.props_box, "change-map"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert w.map_doc.path == other and w.scenario.map_doc is w.map_doc
    assert w.scenario.fields["map"] == "binni.yaml"
    assert len(w.scene.places) == len(w.map_doc.places), "the new map drawn"
    saved = w.scenario.save(tmp_path / "s.yaml")
    assert "map: " in saved.read_text() and "binni.yaml" in saved.read_text()
    activate(w)
    QTest.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert w.map_doc.path == DATA / "tiny-map.yaml" and len(w.scene.places) == len(w.map_doc.places)


def test_import_teams_unit_types_and_settings(window, qtbot, monkeypatch) -> None:
    w = window
    source = shipped_templates("binni")[0]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    btn = next(b for b in w.scenario_dock.findChildren(QPushButton) if b.text().startswith("Scenario settings"))
    QTest.mouseClick(btn, Qt.MouseButton.LeftButton)
    settle(qtbot)

    def answer(dlg) -> None:
        tick(pick(dlg, "import-timetable"))  # not the timetable
        click_button(dlg, "Import")

    seen = when_modal(qtbot, "import-dialog", answer)
    QTest.mouseClick(button(w.props_box, "import-scenario"), Qt.MouseButton.LeftButton)
    settle(qtbot)
    assert seen
    from boardapp.engine.files import load_scenario

    theirs = load_scenario(source)[0]
    assert [t.id for t in w.scenario.teams] == [t.id for t in theirs.teams]
    assert [t.pr_table for t in w.scenario.teams] == [t.pr_table for t in theirs.teams]
    assert [u.id for u in w.scenario.unit_types] == [u.id for u in theirs.unit_types]
    assert w.scenario.fields["settings"] == theirs.settings
    assert w.scenario.timetable == [], "left out as asked"
    w.undo.undo()
    assert w.scenario.teams == [] and w.scenario.unit_types == [], "one undo step"


def test_every_rule_system_new_scenario_and_its_add_buttons(window, qtbot) -> None:
    """A new scenario of any system (the dialog offers them all); the Scenario panel's Add buttons add a
    team or unit type where the system has that list, and otherwise say so — never a traceback."""
    from boardapp.editor.templates import rule_systems

    w = window
    for rules in sorted(rule_systems()):
        def answer(dlg, rules=rules) -> None:
            tick(pick(dlg, "map-new"))
            choose(qtbot, pick(dlg, "rules"), f"({rules})")
            choose(qtbot, pick(dlg, "template"), "Empty")
            click_button(dlg, "Create")

        new_scenario_via_menu(w, qtbot, answer)
        assert w.scenario.fields["rules"] == rules
        for add, section in zip([b for b in w.scenario_dock.findChildren(QPushButton) if b.text() == "Add"],
                                ("teams", "unit_types"), strict=True):
            before = len(w.scenario.fields.get(section, []))
            QTest.mouseClick(add, Qt.MouseButton.LeftButton)
            settle(qtbot)
            if section in w.scenario.fields:
                assert len(w.scenario.fields[section]) == before + 1, (rules, section)
            else:
                assert "has no" in w.statusBar().currentMessage(), (rules, section)
        w.undo.setClean()
