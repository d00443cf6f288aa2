"""Issue #31 item 9: the templates a new scenario may start from are declared in the rule systems' manifests
(``editor.templates``), with the fields that name places of the template's own map (``editor.place_fields``)
and the team tables another scenario may give (``editor.team_tables``); the editor's generic code names no
rule system."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from boardapp import plugins
from boardapp.editor.templates import shipped_templates, template_file, templates

from .helpers import choose, click_button
from .test_new_scenario_and_reuse import new_scenario_via_menu, pick

ROOT = Path(__file__).resolve().parents[2]


def test_every_shipped_system_declares_its_templates_and_they_are_what_is_offered() -> None:
    for name in ("binni", "diplomacy", "coup", "mideast", "thegame", "tables"):
        declared = plugins.manifest(name).editor.templates
        assert declared, f"{name} declares a template"
        files = [template_file(t.scenario) for t in declared]
        assert all(f is not None for f in files), f"{name}: every declared file is there"
        assert shipped_templates(name) == files
        for f in files:  # each is a scenario of that system
            assert yaml.safe_load(f.read_text(encoding="utf-8"))["rules"] == name


def test_new_war_in_binni_scenario_starts_from_the_manifests_template(window, qtbot) -> None:
    """Clicked through File ▸ New scenario: the template offered is the manifest's, by its title; the new
    scenario has the shipped tables and nothing of the manifest's place fields."""
    (title, path), = templates("binni")
    offered: list[str] = []

    def answer(dlg) -> None:
        choose(qtbot, pick(dlg, "rules"), "War in Binni")
        box = pick(dlg, "template")
        offered.extend(box.itemText(i) for i in range(box.count()))
        choose(qtbot, box, "War in Binni: the shipped tables")
        click_button(dlg, "Create")

    new_scenario_via_menu(window, qtbot, answer)
    assert offered[1:] == [f"{title} ({path.name}: teams, unit types, settings, timetable)"]
    shipped = yaml.safe_load(path.read_text(encoding="utf-8"))
    sc = window.scenario
    assert [t.id for t in sc.teams] == [t["id"] for t in shipped["teams"]]
    assert [t.pr_table for t in sc.teams] == [t.get("pr_table") for t in shipped["teams"]]
    for field in plugins.manifest("binni").editor.place_fields:
        assert not sc.fields[field], f"{field} names the template's own map: left out"


def test_a_system_offers_only_what_its_manifest_declares(window, qtbot) -> None:
    """A scenario file of a system in the scenarios folder is no template unless the manifest says so: a
    'tables' manifest declaring none offers only Empty (the shipped tarn-valley.yaml is rules: tables)."""
    real = plugins.manifest("tables")
    plugins.register(real.model_copy(update={"editor": plugins.EditorParts()}))
    try:
        offered: list[str] = []

        def answer(dlg) -> None:
            choose(qtbot, pick(dlg, "rules"), "(tables)")
            box = pick(dlg, "template")
            offered.extend(box.itemText(i) for i in range(box.count()))
            click_button(dlg, "Cancel")

        new_scenario_via_menu(window, qtbot, answer)
    finally:
        plugins.unregister("tables")
    assert len(offered) == 1 and offered[0].startswith("Empty")


def _code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (not its docstrings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs}


def test_the_editors_generic_code_names_no_rule_system() -> None:
    """No editor module names a rule system, nor a field or list its manifest declares (place fields, team
    tables, the lists its references are in), in its code. Kept: commands.py's three convenience
    constructors AddDPToken, AddCamp, AddAidBlocks (no behaviour of the editor depends on them)."""
    systems = set(plugins.declared())
    parts = [plugins.manifest(n).editor for n in systems]
    fields = {f for e in parts for f in e.place_fields if f not in ("counters", "control")}
    fields |= {f for e in parts for f in e.team_tables} | {r.list for e in parts for r in e.references}
    kept = {"commands.py": {"dp_tokens", "camps", "aid_blocks"}}
    for folder in ("boardapp/editor", "boardapp/ui/editor"):
        for path in sorted((ROOT / folder).glob("*.py")):
            found = _code_strings(path) & (systems | fields)
            assert found <= kept.get(path.name, set()), f"{path.name} names {sorted(found)}"
