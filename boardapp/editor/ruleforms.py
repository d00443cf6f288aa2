"""A rule system's own forms in the editor, as data (issue #30 item 2): what the editor's *Rules* panel
shows for a scenario's rule tables, and the undoable edits it makes.

A rule system declares its forms in its manifest (``contributions.editor_forms``, a reference to a
:class:`FormsSpec`): which top-level fields of its scenario model get a form, and which values must name
another item (a unit type's terrain names place kinds, a track's start names teams, a unit's type names
a unit type). The editor builds every form from the scenario model's own fields, so this module names
no rule system. Pure Python (no Qt): the panel is :mod:`boardapp.ui.editor.ruleforms`.

Paths are tuples into the scenario's fields: ``("costs", "roads", "highway")``; a pattern uses ``*`` for
any list index or mapping value and ``<key>`` for a mapping's keys.

>>> match_pattern(("unit_types", 2, "may_enter"), "unit_types.*.may_enter")
True
>>> match_pattern(("costs", "roads", "<key>"), "costs.roads.<key>"), match_pattern(("costs", "roads"), "costs.*")
(True, True)
"""

from __future__ import annotations

import copy
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from boardapp.editor.commands import Command, Macro, _error
from boardapp.editor.document import Change, ScenarioDocument

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Form:
    """One form of the Rules panel: a top-level field of the scenario (``costs``, ``combat``, …)."""

    field: str
    title: str
    help: str = ""


@dataclass(frozen=True)
class FormsSpec:
    """What a rule system declares for its editor forms (the manifest's ``editor_forms`` names one, or a
    dict of the same fields).

    ``choices`` maps a path pattern to where its values come from: ``teams``, ``places``, ``regions``,
    ``place_kinds``, ``road_kinds``, ``list:<field>`` (the ids of the scenario's list ``<field>``),
    ``keys:<path>`` (the keys of a mapping, e.g. the combat results' codes), ``fixed:a,b,c``.
    ``ordered`` names lists of choices whose order matters (the end-of-turn steps). ``grids`` names
    mappings of row -> one value a column (an odds table's rows), with the path of the column names."""

    title: str
    forms: tuple[Form, ...]
    choices: dict[str, str] = field(default_factory=dict)
    ordered: frozenset[str] = frozenset()
    grids: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)
    """Pattern -> the plain value a new item or a switched-on part starts with (an odds table's first column)."""


def match_pattern(path: Path, pattern: str) -> bool:
    parts = pattern.split(".")
    if len(parts) != len(path):
        return False
    return all(p in ("*", str(x)) or (p == "<key>" and x == "<key>") for p, x in zip(parts, path, strict=True))


def source_of(spec: FormsSpec, path: Path) -> str | None:
    """The choice source of the value at ``path`` (``<key>`` as the last part: of a mapping's keys)."""
    for pattern, source in spec.choices.items():
        if match_pattern(path, pattern):
            return source
    return None


def pattern_of(path: Path) -> str:
    return ".".join("*" if isinstance(x, int) else str(x) for x in path)


# --- the values a choice offers ---------------------------------------------------------------------
def choices(doc: ScenarioDocument, source: str) -> list[tuple[str, Any]]:
    """(shown text, value) for each value ``source`` offers in ``doc`` now."""
    from boardapp.model.mapfile import PlaceKind

    fields = doc.fields
    if source == "teams":
        return [(f"{t.name} ({t.id})", t.id) for t in fields.get("teams", [])]
    if source == "places":
        return sorted(((f"{p.name} ({p.id})", p.id) for p in doc.map_doc.places), key=lambda c: c[0].casefold())
    if source == "regions":
        return [(f"{r.name} ({r.id})", r.id) for r in doc.map_doc.regions]
    if source == "place_kinds":
        return [(k.value.replace("_", " "), k.value) for k in PlaceKind]
    if source == "road_kinds":
        known = ["highway", "road", "track", "rail", "adjacency"]
        kinds = known + sorted({r.kind for r in doc.map_doc.roads} - set(known))
        return [(k, k) for k in kinds]
    if source.startswith("list:"):
        return [(f"{getattr(x, 'name', x.id)} ({x.id})", x.id) for x in fields.get(source[5:], [])]
    if source.startswith("keys:"):
        value = get_path(fields, tuple(source[5:].split(".")))
        return [(str(k), k) for k in (value or {})]
    if source.startswith("fixed:"):
        return [(v, v) for v in source[6:].split(",") if v]
    raise ValueError(f"unknown choice source {source!r}")


# --- reading and writing values at a path ------------------------------------------------------------
def plain(value: Any) -> Any:
    """``value`` as plain data (models dumped, tuples as lists), for editing."""
    if isinstance(value, BaseModel):
        return {k: plain(getattr(value, k)) for k in type(value).model_fields}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def get_path(fields: dict[str, Any], path: Path) -> Any:
    value: Any = fields
    for part in path:
        if value is None:
            return None
        if isinstance(value, BaseModel):
            value = getattr(value, str(part))
        elif isinstance(value, dict):
            value = value.get(part, value.get(str(part)) if not isinstance(part, str) else None)
        else:
            value = value[int(part)]
    return value


def _set_in(data: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, list):
        data[int(head)] = _set_in(data[int(head)], rest, value)
    else:
        if not rest and value is DELETE:
            data.pop(head, None)
            return data
        data[head] = _set_in(data.get(head), rest, value)
    return data


DELETE = object()
"""Set as a mapping's value: the key is removed."""


def annotation_at(model: type[BaseModel], path: Path) -> Any:
    """The type annotation of the value at ``path`` in ``model`` (``None`` stripped)."""
    ann: Any = model
    for part in path:
        ann = strip_none(ann)
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            ann = ann.model_fields[str(part)].annotation
        else:
            args = typing.get_args(ann)
            ann = args[-1] if args else Any
    return strip_none(ann)


def strip_none(ann: Any) -> Any:
    if typing.get_origin(ann) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        return args[0] if len(args) == 1 else ann
    return ann


def optional(model: type[BaseModel], path: Path) -> bool:
    """Whether the value at ``path`` may be empty (``None``)."""
    ann: Any = model
    for part in path[:-1]:
        ann = annotation_at(ann, (part,)) if isinstance(ann, type) and issubclass(ann, BaseModel) else Any
    if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
        return False
    info = ann.model_fields.get(str(path[-1]))
    return info is not None and type(None) in typing.get_args(info.annotation)


class SetRuleValue(Command):
    """Set the value at ``path`` in a scenario's rule tables (``DELETE`` removes a mapping's key); only the
    top-level field it lies in is validated, so an unfinished scenario elsewhere does not refuse it."""

    target = "scenario"

    def __init__(self, path: Path, value: Any, text: str | None = None) -> None:
        if len(path) < 1:
            raise ValueError("a rule value's path names at least its top-level field")
        self.path, self.value = tuple(path), value
        self.text = text or f"set {'.'.join(str(p) for p in path)}"

    def do(self, doc: ScenarioDocument) -> list[Change]:
        top = str(self.path[0])
        if top not in doc.model.model_fields:
            raise ValueError(f"this scenario has no field {top!r}")
        self.old = doc.fields.get(top)
        data = _set_in(copy.deepcopy(plain(self.old)), self.path[1:], self.value)
        try:
            annotation: Any = doc.model.model_fields[top].annotation
            new = TypeAdapter(annotation).validate_python(
                data, context={"defer_checks": True})
        except ValidationError as exc:
            raise _error(exc) from None
        doc.fields[top] = new
        return [("rules", top)]

    def undo(self, doc: ScenarioDocument) -> list[Change]:
        doc.fields[str(self.path[0])] = self.old
        return [("rules", str(self.path[0]))]


# --- new items and renames -------------------------------------------------------------------------
def new_item(doc: ScenarioDocument, spec: FormsSpec, path: Path) -> dict[str, Any]:
    """A new item of the list at ``path``: a fresh id, a name, and every required field filled with its
    first choice or a plain value of its type (the designer then edits it in the form)."""
    model = annotation_at(doc.model, (*path, 0))
    existing = get_path(doc.fields, path) or []
    n = len(existing) + 1
    data: dict[str, Any] = dict(copy.deepcopy(default_of(spec, (*path, 0))) or {})
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise ValueError(f"{pattern_of(path)} is not a list of items")
    base = str(path[-1]).removesuffix("s").replace("_", "-")
    taken = {getattr(x, "id", None) for x in existing}
    for name, info in model.model_fields.items():
        if name in data:
            continue
        if name == "id":
            k = n
            while f"{base}-{k}" in taken:
                k += 1
            data["id"] = f"{base}-{k}"
        elif name == "name":
            data["name"] = f"{base.replace('-', ' ').capitalize()} {n}"
        elif info.is_required():
            source = source_of(spec, (*path, 0, name))
            offered = choices(doc, source) if source else []
            data[name] = offered[0][1] if offered else _plain_value(info.annotation, name)
    return data


def default_of(spec: FormsSpec, path: Path) -> Any:
    """The plain value the spec gives a new item or a switched-on part at ``path`` (None: none given)."""
    for pattern, value in spec.defaults.items():
        if match_pattern(path, pattern):
            return value
    return None


def switched_on(doc: ScenarioDocument, spec: FormsSpec, path: Path) -> dict[str, Any]:
    """The plain value an optional part (a stacking limit, an odds table) starts with when switched on: the
    spec's default, else its model's defaults with every required field a plain value of its type."""
    given = default_of(spec, path)
    if given is not None:
        return dict(copy.deepcopy(given))
    model = annotation_at(doc.model, path)
    return {name: _plain_value(info.annotation, name) for name, info in model.model_fields.items()
            if info.is_required()}


def _plain_value(annotation: Any, name: str) -> Any:
    origin = typing.get_origin(strip_none(annotation)) or strip_none(annotation)
    if origin is bool:
        return False
    if origin in (int, float):
        return 1
    if origin in (list, tuple):
        return []
    if origin is dict:
        return {}
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)[0]
    return name.upper()[:4] if name == "label" else name


def reference_paths(doc: ScenarioDocument, spec: FormsSpec, source: str) -> list[tuple[Path, bool]]:
    """Every concrete path in the rule tables whose value (False) or key (True) names an item of
    ``source`` (``list:unit_types``, ``teams`` …)."""
    out: list[tuple[Path, bool]] = []
    patterns = [p for p, s in spec.choices.items() if s == source]

    def walk(value: Any, path: Path) -> None:
        if any(match_pattern(path, p) for p in patterns):
            out.append((path, False))
        if isinstance(value, BaseModel):
            for k in type(value).model_fields:
                walk(getattr(value, k), (*path, k))
        elif isinstance(value, dict):
            if any(match_pattern((*path, "<key>"), p) for p in patterns):
                out.append((path, True))
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, (*path, i))

    for form in {f.field for f in spec.forms} | {str(p.split(".")[0]) for p in patterns}:
        walk(doc.fields.get(form), (form,))
    return out


def rename_commands(doc: ScenarioDocument, spec: FormsSpec, source: str, old: str, new: str) -> list[Command]:
    """The edits that make every reference to ``old`` (an item of ``source``) name ``new``."""
    cmds: list[Command] = []
    for path, is_key in reference_paths(doc, spec, source):
        value = get_path(doc.fields, path)
        if is_key and isinstance(value, dict) and old in value:
            cmds.append(SetRuleValue(path, {(new if k == old else k): v for k, v in plain(value).items()}))
        elif isinstance(value, list) and old in value:
            cmds.append(SetRuleValue(path, [new if v == old else v for v in value]))
        elif value == old:
            cmds.append(SetRuleValue(path, new))
    return cmds


def rename_item(doc: ScenarioDocument, spec: FormsSpec, list_path: Path, index: int, new: str) -> Command:
    """Rename the item ``index`` of the list at ``list_path`` and every reference to it (one undo step)."""
    item = get_path(doc.fields, (*list_path, index))
    old = item.id
    if new == old:
        raise ValueError("the id is unchanged")
    if any(getattr(x, "id", None) == new for x in get_path(doc.fields, list_path)):
        raise ValueError(f"the id {new!r} is already used")
    own = SetRuleValue((*list_path, index, "id"), new)
    refs = rename_commands(doc, spec, f"list:{pattern_of(list_path)}", old, new) if len(list_path) == 1 else []
    return Macro(f"rename {old} to {new}", [own, *refs])


def located(doc: ScenarioDocument, spec: FormsSpec) -> list[tuple[str, Any]]:
    """The scenario's problems in the rule tables' fields, each as ``file:line: message`` (the line of the
    file as the editor would write it now) with the problem."""
    from pathlib import Path as FilePath

    from boardapp.model.yamlfile import YamlDocument

    mine = {f.field for f in spec.forms}
    problems = [p for p in doc.problems() if p.loc and str(p.loc[0]) in mine]
    if not problems:
        return []
    name = doc.path or FilePath(f"{doc.fields.get('id') or 'scenario'}.yaml")
    try:
        where = YamlDocument(name, doc.text())
    except Exception:  # text the writer could not make is reported without lines
        where = None
    out = []
    for p in problems:
        line, col = where.where(p.loc) if where is not None else (None, None)
        at = f"{name.name}:{line}" + (f":{col}" if col else "") if line else name.name
        out.append((f"{at}: {p.message}", p))
    return out


def forms_of(manifest_ref: str | None) -> FormsSpec | None:
    """The forms a manifest's ``editor_forms`` reference names (``None``: the system declares none)."""
    if not manifest_ref:
        return None
    from boardapp.plugins import resolve

    spec = resolve(manifest_ref)
    if isinstance(spec, dict):  # a rule system declares it as plain data (it need not import the editor)
        spec = FormsSpec(title=spec["title"], forms=tuple(Form(**f) for f in spec["forms"]),
                         choices=dict(spec.get("choices", {})), ordered=frozenset(spec.get("ordered", ())),
                         grids=dict(spec.get("grids", {})), defaults=dict(spec.get("defaults", {})))
    if not isinstance(spec, FormsSpec):
        raise ValueError(f"{manifest_ref!r} is neither a FormsSpec nor its plain data")
    return spec


def spec_for(rules: str | None) -> FormsSpec | None:
    """The editor forms the rule system ``rules`` declares in its manifest, if any."""
    from boardapp import plugins

    if not rules:
        return None
    try:
        found = plugins.manifest(rules)
    except ValueError:
        return None
    return forms_of(found.contributions.editor_forms)
