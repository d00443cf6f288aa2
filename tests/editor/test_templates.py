"""New scenarios of every rule system found through its manifest (issue #31 items 1 and 9): empty or from
a shipped scenario's tables; the editor can hold, check and write each."""

from __future__ import annotations

import pytest
import yaml

from boardapp.editor.document import MapDocument, ScenarioDocument
from boardapp.editor.templates import from_template, rule_systems, shipped_templates

CASES = [(r, t) for r in sorted(rule_systems()) for t in [None, *shipped_templates(r)]]


def test_every_shipped_rule_system_is_offered() -> None:
    assert {"binni", "diplomacy", "coup", "mideast", "thegame"} <= set(rule_systems())
    assert rule_systems()["binni"] == "War in Binni"


@pytest.mark.parametrize(("rules", "template"), CASES, ids=lambda x: getattr(x, "name", x))
def test_a_new_scenario_of_each_system_is_held_checked_and_written(rules, template) -> None:
    sc = ScenarioDocument.new(MapDocument.new(), name="Trial", rules=rules, template=template)
    assert sc.fields["rules"] == rules and sc.fields["name"] == "Trial"
    sc.problems()  # runs (a blank scenario may have problems: it is not finished)
    data = yaml.safe_load(sc.text())
    assert data["rules"] == rules and data["map"] == "map.yaml"


def test_a_binni_template_keeps_the_tables_and_drops_the_places() -> None:
    path = shipped_templates("binni")[0]
    shipped = yaml.safe_load(path.read_text())
    new = from_template(path, name="Sequel")
    assert [t.id for t in new.teams] == [t["id"] for t in shipped["teams"]]
    assert [t.pr_table for t in new.teams] == [t.get("pr_table") for t in shipped["teams"]]
    assert [u.id for u in new.unit_types] == [u["id"] for u in shipped["unit_types"]]
    assert new.counters == [] and new.control == {} and new.dp_tokens == []
    sc = ScenarioDocument(new, MapDocument.new())
    assert [p.message for p in sc.problems() if p.severity == "error"] == []
