"""The documentation keeps up with the code: every command and every file field is described."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from boardapp.model import mapfile, scenario
from boardapp.rules import available
from boardapp.rules.binni import scenario as binni_scenario
from boardapp.rules.binni.commands import ALL_COMMANDS

ROOT = Path(__file__).resolve().parents[1]


def test_every_command_has_a_section_and_a_runnable_example() -> None:
    reference = (ROOT / "docs/commands.md").read_text(encoding="utf-8")
    examples = yaml.safe_load((ROOT / "docs/examples/every-command.yaml").read_text(encoding="utf-8"))
    kinds_in_examples = {c["kind"] for c in examples}
    for cls in ALL_COMMANDS:
        kind = cls.model_fields["kind"].default
        assert f"### `{kind}`" in reference, f"docs/commands.md lacks the command {kind!r}"
        assert kind in kinds_in_examples, f"docs/examples/every-command.yaml never uses {kind!r}"


MODELS: list[type[BaseModel]] = [
    mapfile.Map, mapfile.Place, mapfile.Road, mapfile.Region, mapfile.Community, mapfile.Label, mapfile.Background,
    scenario.ScenarioBase, scenario.TimetableEntry, scenario.Display,
    binni_scenario.BinniScenario, binni_scenario.BinniTeam, binni_scenario.UnitType, binni_scenario.BinniCounter,
    binni_scenario.DPStart, binni_scenario.CampStart, binni_scenario.AidStart, binni_scenario.BinniSettings,
]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_file_field_is_documented(model: type[BaseModel]) -> None:
    formats = (ROOT / "docs/formats.md").read_text(encoding="utf-8")
    for name, field in model.model_fields.items():
        assert f"| `{field.alias or name}` |" in formats, f"docs/formats.md lacks {model.__name__}.{name}"


def test_every_file_the_readme_and_docs_name_exists() -> None:
    """README and docs/ point at files people will open; none of them may be missing."""
    import re

    pattern = re.compile(r"(?<![\w/.])((?:docs|scenarios|maps|benchmarks|tests|boardapp)/[\w./-]+\.(?:md|yaml|py))")
    missing = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for name in pattern.findall(doc.read_text(encoding="utf-8")):
            if not (ROOT / name).exists():
                missing.append(f"{doc.relative_to(ROOT)}: {name}")
    assert missing == []


@pytest.mark.parametrize("rules", sorted(available()))
def test_every_rule_system_has_its_format_page_written_from_its_models(rules: str) -> None:
    """docs/formats/RULES.md is what `boardapp schema RULES --markdown` writes now: a field added or
    described anew without regenerating the page fails here (regenerate with that command)."""
    from boardapp.model.formatdoc import rules_markdown

    page = ROOT / "docs" / "formats" / f"{rules}.md"
    assert page.exists(), f"{page} is missing: write it with `boardapp schema {rules} --markdown --out {page}`"
    assert page.read_text(encoding="utf-8") == rules_markdown(rules), (
        f"{page} is stale: rewrite it with `boardapp schema {rules} --markdown --out {page}`")


def test_the_format_page_has_a_row_for_every_field_of_a_nested_model() -> None:
    from boardapp.model.formatdoc import markdown
    from boardapp.rules.coup.scenario import CoupScenario

    text = markdown(CoupScenario, "The scenario")
    for name, field in CoupScenario.model_fields.items():
        assert f"| `{field.alias or name}` |" in text
    assert "### `options`" in text and "| `one_government_recruit` |" in text
