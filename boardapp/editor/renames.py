"""Ids a designer can change (issue #31 item 6): renaming a region, community, team, unit type or
counter changes every reference to it, as :class:`~boardapp.editor.commands.RenamePlace` does for
places; and ids made from a name (``"Holloway: North Gate"`` → ``holloway-north-gate``).

>>> id_from_name("Holloway: North Gate")
'holloway-north-gate'
>>> id_from_name("  Ärzte ohne Grenzen ")
'arzte-ohne-grenzen'
>>> id_from_name("!!!", "team")
'team'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from boardapp.editor.commands import Command, RenamePlace, items, validated
from boardapp.editor.document import MAP_LISTS, Change, MapDocument, ScenarioDocument

AUTO_ID = re.compile(r"^(place|region|team|unit|label|community|counter|kind)-\d+(-\d+)?$")
"""Ids the editor makes up for a new piece; a name typed for such a piece renames it too."""


def id_from_name(name: str, fallback: str = "item") -> str:
    """A valid id (lower-case letters, digits and '-') spelled like ``name``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return slug[:40].strip("-") or fallback


def counter_id(sc: Any, team: str, unit_type: str) -> str:
    """A new counter's id from its team's symbol and its unit type's label: ``g-bde-1``, ``g-bde-2`` …"""
    t = next((x for x in sc.teams if x.id == team), None)
    u = next((x for x in sc.unit_types if x.id == unit_type), None)
    team_part = id_from_name(t.symbol if t is not None else team)
    base = f"{team_part}-{id_from_name(u.label if u is not None else unit_type)}"
    taken = {c.id for c in sc.counters}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


# Where each kind of id is named: (list, field) pairs in the scenario; 'control' is place -> team. A rule
# system's own lists add theirs through its manifest (editor.references, :mod:`boardapp.editor.refs`).
_REFERENCES: dict[str, tuple[tuple[str, str], ...]] = {
    "teams": (("counters", "team"),),
    "unit_types": (("counters", "type"),),
    "communities": (),
    "regions": (),
    "counters": (),
}


def _naming(sc: Any, section: str) -> tuple[tuple[str, str], ...]:
    from boardapp.editor.refs import of

    return (*_REFERENCES[section], *((r.list, r.field) for r in of(sc, section)))


class RenameItem(Command):
    """Change the id of a region, community, team, unit type or counter, and every reference to it."""

    def __init__(self, section: str, old: str, new: str) -> None:
        if section not in _REFERENCES:
            raise ValueError(f"cannot rename in {section!r}")
        self.section, self.old, self.new = section, old, new
        self.target = "map" if section in MAP_LISTS else "scenario"
        self.text = f"rename {section.rstrip('s').replace('_', ' ')}"

    def _swap(self, doc: Any, a: str, b: str) -> list[Change]:
        lst = items(doc, self.section)
        i = next(i for i, x in enumerate(lst) if x.id == a)
        lst[i] = lst[i].model_copy(update={"id": b})
        map_doc = doc if isinstance(doc, MapDocument) else doc.map_doc
        sc: ScenarioDocument | None = doc if isinstance(doc, ScenarioDocument) else doc.scenario
        if self.section == "communities":
            for j, p in enumerate(map_doc.places):
                if p.community == a:
                    map_doc.places[j] = p.model_copy(update={"community": b})
        if sc is not None:
            for sec, field in _naming(sc, self.section):
                lst2 = sc.fields.get(sec) or []
                for j, x in enumerate(lst2):
                    if getattr(x, field, None) == a:
                        lst2[j] = x.model_copy(update={field: b})
            if self.section == "teams":
                control = sc.fields.get("control")
                if isinstance(control, dict):
                    sc.fields["control"] = {k: (b if v == a else v) for k, v in control.items()}
                for j, t in enumerate(sc.fields.get("teams") or []):
                    allies = getattr(t, "allies", None)
                    if allies and a in allies:
                        sc.fields["teams"][j] = t.model_copy(update={"allies": [b if x == a else x for x in allies]})
            if (self.section, a) in sc.comments:
                sc.comments[(self.section, b)] = sc.comments.pop((self.section, a))
        if (self.section, a) in map_doc.comments:
            map_doc.comments[(self.section, b)] = map_doc.comments.pop((self.section, a))
        if sc is not None and self.section in MAP_LISTS:
            sc.notify([("all", None)])
        return [(self.section, a), (self.section, b), ("all", None)]

    def do(self, doc: Any) -> list[Change]:
        lst = items(doc, self.section)
        found = [x for x in lst if x.id == self.old]
        if not found:
            raise KeyError(f"no {self.section.rstrip('s').replace('_', ' ')} {self.old!r}")
        validated(type(found[0]), {**found[0].model_dump(), "id": self.new})
        if any(x.id == self.new for x in lst):
            raise ValueError(f"the id {self.new!r} is already used in {self.section}")
        return self._swap(doc, self.old, self.new)

    def undo(self, doc: Any) -> list[Change]:
        return self._swap(doc, self.new, self.old)


def rename(section: str, old: str, new: str) -> Command:
    """The command that renames ``old`` to ``new`` in ``section`` (places included)."""
    return RenamePlace(old, new) if section == "places" else RenameItem(section, old, new)
