"""Rule modules: each rule system lives in its own package behind :class:`RuleModule`.

Built-in modules are listed here; other packages may add theirs through the
``boardapp.rules`` entry-point group (``name = "package.module:Class"``).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

BUILTIN = {
    "binni": "boardapp.rules.binni.module:BinniRules",
    "diplomacy": "boardapp.rules.diplomacy.module:DiplomacyRules",
    "thegame": "boardapp.rules.thegame.module:TheGameRules",
}


def available() -> dict[str, str]:
    """Rule module name -> 'module:Class' for every module known."""
    found = dict(BUILTIN)
    for ep in entry_points(group="boardapp.rules"):
        found.setdefault(ep.name, ep.value)
    return found


def get_module(name: str) -> Any:
    """The rule-module class named ``name`` (a scenario's ``rules:`` value)."""
    known = available()
    if name not in known:
        raise ValueError(f"no rule module {name!r}; known modules are {sorted(known)}")
    modname, _, attr = known[name].partition(":")
    try:
        return getattr(importlib.import_module(modname), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"rule module {name!r} is not available: {exc}") from None
