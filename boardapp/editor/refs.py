"""What a scenario's own lists name (issue #31 item 9: the editor names no rule system): counters name a
place, a team and a unit type, and control maps places to teams, for every system; anything else is
declared in the rule system's manifest (``editor.references``: War in Binni's displaced-people tokens,
camps and aid blocks name a place, a team or a community). Pure Python: no Qt.

>>> [(r.list, r.field) for r in references("binni", "places")][:2]
[('dp_tokens', 'place'), ('camps', 'place')]
>>> references("no-such-system", "places")
[]
"""

from __future__ import annotations

from typing import Any


def references(rules: Any, names: str | None = None) -> list[Any]:
    """The declared references of the rule system ``rules`` (of what ``names`` names, when given)."""
    from boardapp import plugins

    if not isinstance(rules, str):
        return []
    try:
        declared = plugins.manifest(rules).editor.references
    except ValueError:  # an unknown system names nothing the editor must follow
        return []
    return [r for r in declared if names is None or r.names == names]


def of(doc: Any, names: str | None = None) -> list[Any]:
    """The declared references of a scenario document's rule system (none for a map on its own)."""
    fields = getattr(doc, "fields", None)
    return references(fields.get("rules") if isinstance(fields, dict) else None, names)
