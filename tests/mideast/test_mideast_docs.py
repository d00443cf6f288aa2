"""The Mid-East PEACE docs keep up with the code: every command documented and in the runnable tour."""

from __future__ import annotations

import yaml

from boardapp.rules.mideast.commands import ALL_COMMANDS

from .helpers import ROOT, module, new_game


def test_every_command_has_a_section_and_a_runnable_example() -> None:
    reference = (ROOT / "docs/commands-mideast.md").read_text(encoding="utf-8")
    examples = yaml.safe_load((ROOT / "docs/examples/mideast-every-command.yaml").read_text(encoding="utf-8"))
    kinds = {c["kind"] for c in examples}
    for cls in ALL_COMMANDS:
        kind = cls.model_fields["kind"].default
        assert f"### `{kind}`" in reference, f"docs/commands-mideast.md lacks the command {kind!r}"
        assert kind in kinds, f"docs/examples/mideast-every-command.yaml never uses {kind!r}"
        for name in cls.model_fields:
            if name not in ("kind", "force"):
                assert f"| `{name}` |" in reference.split(f"### `{kind}`")[1].split("### ")[0], (kind, name)


def test_the_tour_is_legal_command_by_command() -> None:
    examples = yaml.safe_load((ROOT / "docs/examples/mideast-every-command.yaml").read_text(encoding="utf-8"))
    g = new_game()
    for cmd in examples:
        assert g.check(cmd) == [], cmd
        g.push(cmd)
        assert module(g).check_state(g.state) == []
    assert g.state.ended == "peace"


def test_every_scenario_field_is_described() -> None:
    from boardapp.model.scenario import ScenarioBase, TeamBase
    from boardapp.rules.mideast.scenario import Country, MideastScenario, Settings, Zone

    doc = (ROOT / "docs/mideast-peace.md").read_text(encoding="utf-8")
    for model in (Country, Zone, Settings, MideastScenario):
        for name, field in model.model_fields.items():
            assert field.description, f"{model.__name__}.{name} has no description"
            shared = name in TeamBase.model_fields or (name in ScenarioBase.model_fields and name != "display")
            if not shared:
                assert f"| `{name}` |" in doc, f"docs/mideast-peace.md lacks {model.__name__}.{name}"


def test_the_docstring_examples_run() -> None:
    import doctest

    from boardapp.rules.mideast import military, state

    for mod in (state, military):
        result = doctest.testmod(mod)
        assert result.failed == 0 and result.attempted > 0, mod.__name__
