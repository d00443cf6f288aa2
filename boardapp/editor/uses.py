"""What depends on a place (issue #31 item 4): before a place is deleted, the editor says what would be
left naming nothing — counters on it, its starting control, tokens, camps, aid blocks — and offers to
move them to another place or to remove them with it, in one undo step.

>>> from boardapp.editor.document import MapDocument, ScenarioDocument
>>> from boardapp.editor.commands import AddPlace, AddTeam, AddUnitType, PlaceCounter, PaintControl, UndoStack
>>> sc = ScenarioDocument.new(MapDocument.new())
>>> st = UndoStack(sc)
>>> for pid, x in (("a", 10), ("b", 300)):
...     st.push(AddPlace({"id": pid, "name": pid.upper(), "at": (x, 10)}))
>>> st.push(AddTeam({"id": "red", "name": "Red", "colour": "#cc0000", "symbol": "R", "pr_table": [2]*9}))
>>> st.push(AddUnitType({"id": "mil", "name": "Militia", "label": "MIL", "combat_value": 2}))
>>> st.push(PlaceCounter({"id": "red-mil-1", "team": "red", "type": "mil", "at": "a"}))
>>> st.push(PaintControl("a", "red"))
>>> [u.text for u in place_uses(sc, "a")]
['counter red-mil-1', 'control by red']
>>> st.push(DeletePlaceAndUses(sc, "a", move_to="b"))
>>> sc.counters[0].at, sc.control
('b', {'b': 'red'})
>>> st.undo(); sc.counters[0].at, sc.control
('a', {'a': 'red'})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardapp.editor.commands import (
    Command,
    DeleteCounter,
    DeleteItem,
    DeletePlace,
    Macro,
    MoveCounter,
    PaintControl,
    SetItemField,
)
from boardapp.editor.document import MapDocument, ScenarioDocument


def token_lists(sc: Any) -> list[tuple[str, str, str]]:
    """(list, field, noun) of the scenario's own lists whose items name a place (the rule system's
    manifest declares them: War in Binni's displaced-people tokens, camps, aid blocks)."""
    from boardapp.editor.refs import of

    return [(r.list, r.field, r.noun or r.list.replace("_", " ")) for r in of(sc, "places")]


@dataclass(frozen=True)
class Use:
    """One thing naming a place: (section, key) as the documents know it, and a text for the designer."""

    section: str
    key: Any
    text: str


def _scenario(doc: Any) -> ScenarioDocument | None:
    if isinstance(doc, ScenarioDocument):
        return doc
    return doc.scenario if isinstance(doc, MapDocument) else None


def place_uses(doc: Any, place_id: str) -> list[Use]:
    """Everything of the scenario that names ``place_id`` (roads, deleted with the place, not counted)."""
    sc = _scenario(doc)
    if sc is None:
        return []
    uses = [Use("counters", c.id, f"counter {c.id}") for c in sc.counters if c.at == place_id]
    control = sc.fields.get("control")
    if isinstance(control, dict) and place_id in control:
        uses.append(Use("control", place_id, f"control by {control[place_id]}"))
    for section, field, what in token_lists(sc):
        for i, x in enumerate(sc.fields.get(section) or []):
            if getattr(x, field, None) == place_id:
                uses.append(Use(section, i, what))
    return uses


def DeletePlaceAndUses(doc: Any, place_id: str, move_to: str | None = None) -> Command:
    """Delete a place with its roads; what names it is moved to ``move_to`` (control only where that
    place has none of its own) or, without ``move_to``, removed. One undo step."""
    sc = _scenario(doc)
    map_doc = doc.map_doc if isinstance(doc, ScenarioDocument) else doc
    if move_to is not None and (move_to == place_id or not map_doc.has_place(move_to)):
        raise ValueError(f"cannot move what is on {place_id!r} to {move_to!r}")
    steps: list[Command] = []
    uses = place_uses(doc, place_id)
    for use in uses:
        if use.section == "counters":
            steps.append(MoveCounter(use.key, move_to) if move_to else DeleteCounter(use.key))
        elif use.section == "control" and sc is not None:
            steps.append(PaintControl(place_id, None))
            if move_to and move_to not in sc.fields["control"]:
                steps.append(PaintControl(move_to, sc.fields["control"][place_id]))
    for section, field, _ in token_lists(sc):  # by index: removals from the end, so earlier indices hold
        for use in sorted((u for u in uses if u.section == section), key=lambda u: -u.key):
            steps.append(SetItemField(section, use.key, field, move_to) if move_to else DeleteItem(section, use.key))
    steps.append(DeletePlace(place_id))
    what = f"delete place {place_id}" + (f" (moving {len(uses)} to {move_to})" if move_to and uses else "")
    return Macro(what, steps)
