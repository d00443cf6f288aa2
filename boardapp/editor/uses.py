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
    return uses + _rule_table_uses(sc, "places", place_id)


def _rule_table_uses(sc: ScenarioDocument, source: str, item_id: str) -> list[Use]:
    """What the scenario's rule tables name of ``item_id`` (as its system's editor forms declare)."""
    from boardapp.editor.ruleforms import reference_texts, spec_for

    spec = spec_for(sc.fields.get("rules"))
    return [] if spec is None else [Use("rules", text, text) for text in reference_texts(sc, spec, source, item_id)]


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
    if sc is not None:  # the rule tables' own references (a tables scenario's units on it)
        from boardapp.editor.ruleforms import following

        steps += following(sc, "places", place_id, move_to)
    steps.append(DeletePlace(place_id))
    what = f"delete place {place_id}" + (f" (moving {len(uses)} to {move_to})" if move_to and uses else "")
    return Macro(what, steps)


def team_uses(doc: Any, team_id: str) -> list[Use]:
    """Everything of the scenario that names the team ``team_id``: counters, starting control, other teams'
    allies, the rule system's own lists (its manifest's references) and its rule tables (the references
    its editor forms declare: a tables scenario's units, track starts, alliances, passage)."""
    from boardapp.editor.refs import of

    sc = _scenario(doc)
    if sc is None:
        return []
    uses = [Use("counters", c.id, f"counter {c.id}") for c in sc.counters if c.team == team_id]
    control = sc.fields.get("control")
    if isinstance(control, dict):
        uses += [Use("control", p, f"control of {p}") for p, t in control.items() if t == team_id]
    for t in sc.fields.get("teams") or []:
        if t.id != team_id and team_id in (getattr(t, "allies", None) or []):
            uses.append(Use("allies", t.id, f"an ally of {t.id}"))
    for ref in of(sc, "teams"):
        for i, x in enumerate(sc.fields.get(ref.list) or []):
            if getattr(x, ref.field, None) == team_id:
                uses.append(Use(ref.list, i, ref.noun or ref.list.replace("_", " ")))
    return uses + _rule_table_uses(sc, "teams", team_id)


def DeleteTeamAndUses(doc: Any, team_id: str, move_to: str | None = None) -> Command:
    """Delete a team; what names it is given to the team ``move_to`` or, without ``move_to``, removed
    (counters and the rule tables' units deleted, control made neutral, keys and list entries dropped).
    One undo step."""
    from boardapp.editor.refs import of
    from boardapp.editor.ruleforms import following

    sc = _scenario(doc)
    if sc is None:
        raise ValueError("teams belong to a scenario; open or create one first")
    ids = [t.id for t in sc.fields.get("teams") or []]
    if team_id not in ids:
        raise KeyError(f"no team {team_id!r}")
    if move_to is not None and (move_to == team_id or move_to not in ids):
        raise ValueError(f"cannot give what {team_id!r} holds to {move_to!r}")
    steps: list[Command] = []
    for c in sc.counters:
        if c.team == team_id:
            steps.append(SetItemField("counters", c.id, "team", move_to) if move_to else DeleteCounter(c.id))
    control = sc.fields.get("control")
    if isinstance(control, dict):
        steps += [PaintControl(p, move_to) for p, t in control.items() if t == team_id]
    for t in sc.fields.get("teams") or []:
        allies = getattr(t, "allies", None) or []
        if t.id != team_id and team_id in allies:
            kept = [x for x in allies if x != team_id]
            if move_to and move_to != t.id and move_to not in kept:
                kept.append(move_to)
            steps.append(SetItemField("teams", t.id, "allies", kept))
    for ref in of(sc, "teams"):  # by index: removals from the end, so earlier indices hold
        named = [i for i, x in enumerate(sc.fields.get(ref.list) or []) if getattr(x, ref.field, None) == team_id]
        for i in sorted(named, reverse=True):
            steps.append(SetItemField(ref.list, i, ref.field, move_to) if move_to else DeleteItem(ref.list, i))
    steps += following(sc, "teams", team_id, move_to)
    steps.append(DeleteItem("teams", ids.index(team_id)))
    n = len(team_uses(sc, team_id))
    what = f"delete team {team_id}" + (f" (giving {n} to {move_to})" if move_to and n else "")
    return Macro(what, steps)


def type_uses(doc: Any, type_id: str) -> list[Use]:
    """Everything of the scenario that names the unit type ``type_id``: counters, the rule system's own lists
    (its manifest's references) and its rule tables (a tables scenario's units, free entry …)."""
    from boardapp.editor.refs import of

    sc = _scenario(doc)
    if sc is None:
        return []
    uses = [Use("counters", c.id, f"counter {c.id}") for c in sc.counters if c.type == type_id]
    for ref in of(sc, "unit_types"):
        uses += [Use(ref.list, i, ref.noun or ref.list.replace("_", " "))
                 for i, x in enumerate(sc.fields.get(ref.list) or []) if getattr(x, ref.field, None) == type_id]
    return uses + _rule_table_uses(sc, "list:unit_types", type_id)


def DeleteUnitTypeAndUses(doc: Any, type_id: str, move_to: str | None = None) -> Command:
    """Delete a unit type; what names it is given the type ``move_to`` or, without it, removed (counters
    and the rule tables' units of that type deleted). One undo step."""
    from boardapp.editor.refs import of
    from boardapp.editor.ruleforms import following

    sc = _scenario(doc)
    if sc is None:
        raise ValueError("unit types belong to a scenario; open or create one first")
    ids = [u.id for u in sc.fields.get("unit_types") or []]
    if type_id not in ids:
        raise KeyError(f"no unit type {type_id!r}")
    if move_to is not None and (move_to == type_id or move_to not in ids):
        raise ValueError(f"cannot give what is of type {type_id!r} the type {move_to!r}")
    steps: list[Command] = [SetItemField("counters", c.id, "type", move_to) if move_to else DeleteCounter(c.id)
                            for c in sc.counters if c.type == type_id]
    for ref in of(sc, "unit_types"):
        named = [i for i, x in enumerate(sc.fields.get(ref.list) or []) if getattr(x, ref.field, None) == type_id]
        for i in sorted(named, reverse=True):
            steps.append(SetItemField(ref.list, i, ref.field, move_to) if move_to else DeleteItem(ref.list, i))
    steps += following(sc, "unit_types", type_id, move_to)
    steps.append(DeleteItem("unit_types", ids.index(type_id)))
    return Macro(f"delete unit type {type_id}" + (f" (its pieces made {move_to})" if move_to else ""), steps)

