"""Rule modules: each rule system lives in its own package behind :class:`RuleModule`.

A rule system is found through its manifest (:mod:`boardapp.plugins`): the ``boardapp.rules``
entry-point group names it, and the built-ins (War in Binni, Diplomacy) are declared the same way
in ``pyproject.toml``, with a fallback for a source checkout that was not reinstalled. Nothing
here imports a rule system until a scenario asks for it.
"""

from __future__ import annotations

from typing import Any

from boardapp import plugins

BUILTIN = dict(plugins.FALLBACK)
"""Rule module name -> the reference of its manifest, for the built-ins."""


def available() -> dict[str, str]:
    """Rule module name -> the reference of its manifest (or of its RuleModule class) for every module known."""
    return plugins.declared()


def get_module(name: str) -> Any:
    """The rule-module class named ``name`` (a scenario's ``rules:`` value)."""
    return plugins.module_class(name)
