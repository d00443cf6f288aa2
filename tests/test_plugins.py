"""Rule-system manifests (boardapp.plugins): validated with fix-it messages, found by name, resolved lazily."""

from __future__ import annotations

import re
import sys

import pytest
from pydantic import ValidationError

from boardapp import plugins
from boardapp.builtin_rules import BINNI, DIPLOMACY
from boardapp.plugins import Manifest

BASE = {"name": "tiny", "title": "Tiny", "module": "tiny.rules:TinyRules"}


def test_every_reference_of_the_built_ins_resolves() -> None:
    for m in (BINNI, DIPLOMACY):
        c = m.contributions
        refs = [m.module, *(d.widget for d in c.docks), *(d.factory for d in c.dialogs), *(a.run for a in c.actions),
                *(x.contribute for x in c.context), *(r for r in (c.central_view, c.board_extras) if r)]
        for ref in refs:
            assert callable(plugins.resolve(ref)), ref


def test_the_built_ins_are_found_by_name_without_importing_their_windows() -> None:
    sys.modules.pop("boardapp.ui.rules.binni.actions", None)
    assert plugins.module_class("binni").__name__ == "BinniRules"
    assert plugins.manifest("diplomacy") is DIPLOMACY
    assert "boardapp.ui.rules.binni.actions" not in sys.modules, "references are imported only when used"


def test_a_menu_entry_must_name_a_declared_action_and_ids_are_unique() -> None:
    bad = BASE | {"contributions": {
        "actions": [{"id": "a", "title": "A", "run": "m:f"}, {"id": "a", "title": "A again", "run": "m:g"}],
        "menus": [{"menu": "turn", "action": "b"}, {"menu": "turn", "action": "c"}]}}
    with pytest.raises(ValidationError) as err:
        Manifest.model_validate(bad)
    msg = err.value.errors()[0]["msg"]
    assert "menus name actions this manifest does not declare: ['b', 'c'] (declared: ['a'])" in msg
    assert "action ids used twice: ['a']" in msg


def test_menus_are_referred_to_by_id_not_by_label() -> None:
    with pytest.raises(ValidationError, match="'file', 'edit', 'view', 'turn', 'game' or 'help'"):
        Manifest.model_validate(BASE | {"contributions": {"actions": [{"id": "a", "title": "A", "run": "m:f"}],
                                                          "menus": [{"menu": "&Turn", "action": "a"}]}})


def test_a_reference_that_does_not_load_says_which_and_why() -> None:
    with pytest.raises(ValueError, match=r"cannot load 'boardapp.nowhere:thing': No module named 'boardapp.nowhere'"):
        plugins.resolve("boardapp.nowhere:thing")
    known = re.escape(str(sorted(plugins.declared())))
    with pytest.raises(ValueError, match=rf"no rule module 'chess'; known modules are {known}"):
        plugins.manifest("chess")


def test_the_schema_documents_every_field() -> None:
    schema = plugins.schema()
    for name, model in schema["$defs"].items():
        for field, spec in model["properties"].items():
            assert spec.get("description"), f"{name}.{field} has no description"
    assert set(schema["properties"]) == {"name", "title", "module", "contributions", "editor"}
