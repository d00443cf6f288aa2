"""New scenarios per rule system, and reuse of another scenario's tables (issue #31 items 1 and 9).

The rule systems come from their manifests (:mod:`boardapp.plugins`): the editor knows no rule
system by name. A new scenario is the system's scenario model with empty lists (``blank``), or starts
from a template the system's manifest declares (``editor.templates``, :func:`templates`): its teams,
unit types, team tables, settings and timetable, without the fields that name the places of its own
map (the manifest's ``editor.place_fields``: counters, control, tokens).

>>> sorted(rule_systems())[:2]
['binni', 'coup']
>>> s = blank("binni", map_path="m.yaml")
>>> s.rules, s.map, s.teams
('binni', 'm.yaml', [])
>>> t = from_template(shipped_templates("binni")[0], map_path="m.yaml")
>>> len(t.teams) > 3, t.counters, t.control
(True, [], {})
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from boardapp.model.problems import FileProblemsError, Problem

IMPORTABLE = ("teams", "unit_types", "team_tables", "settings", "timetable")
"""What :func:`import_commands` can take from another scenario (``team_tables``: the team fields the
rule system's manifest names in ``editor.team_tables``, War in Binni's PR tables)."""


def rule_systems() -> dict[str, str]:
    """Rule system name -> its title ('War in Binni'), for every system whose manifest loads."""
    from boardapp import plugins

    return {name: m.title for name, m in plugins.manifests().items()}


def editor_parts(rules: str) -> Any:
    """The manifest's ``editor`` part of the rule system ``rules`` (templates, place fields, team tables)."""
    from boardapp import plugins

    return plugins.manifest(rules).editor


def place_fields(rules: str) -> tuple[str, ...]:
    """The scenario fields of ``rules`` that name places of its map: left out of a template, not imported."""
    return tuple(editor_parts(rules).place_fields)


def templates(rules: str) -> list[tuple[str, Path]]:
    """(title, file) of each template the manifest of ``rules`` declares whose file is there."""
    out = []
    for t in editor_parts(rules).templates:
        path = template_file(t.scenario)
        if path is not None:
            out.append((t.title, path))
    return out


def template_file(ref: str) -> Path | None:
    """A template's scenario file: a name in boardapp's scenarios folder, or ``package:path/in/it.yaml``."""
    if ":" in ref:
        import importlib.resources

        package, _, inner = ref.partition(":")
        try:
            path = Path(str(importlib.resources.files(package).joinpath(inner)))
        except (ModuleNotFoundError, TypeError, ValueError):
            return None
    else:
        from boardapp.engine.files import SCENARIO_DIR

        path = SCENARIO_DIR / ref
    return path if path.is_file() else None


def scenario_model(rules: str) -> type[BaseModel]:
    from boardapp.rules import get_module

    model: type[BaseModel] = get_module(rules).scenario_model
    return model


def blank(rules: str, id: str = "new-scenario", name: str = "New scenario", map_path: str = "map.yaml") -> Any:
    """An empty scenario of the rule system ``rules``: every required list empty."""
    model = scenario_model(rules)
    data: dict[str, Any] = {"id": id, "name": name, "rules": rules, "map": map_path}
    data.update(getattr(model, "BLANK", {}))  # what a system's blank scenario needs beyond empty lists
    for field, info in model.model_fields.items():
        if field not in data and info.is_required():
            origin = typing.get_origin(info.annotation)
            data[field] = {} if origin is dict else []
    try:
        return model.model_validate(data)
    except ValidationError:
        return model.model_construct(**data)


def _empty(model: type[BaseModel], field: str) -> Any:
    """An empty value of a scenario field: {} for a mapping (control), [] for a list."""
    info = model.model_fields.get(field)
    return {} if info is not None and typing.get_origin(info.annotation) is dict else []


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise FileProblemsError([Problem(f"cannot read the scenario: {exc}", file=path)]) from None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), str):
        raise FileProblemsError([Problem("not a scenario file (no 'rules:')", file=path)])
    return data


def shipped_templates(rules: str) -> list[Path]:
    """The scenario files of the templates the manifest of ``rules`` declares."""
    return [path for _, path in templates(rules)]


def from_template(path: str | Path, id: str = "new-scenario", name: str = "New scenario",
                  map_path: str = "map.yaml") -> Any:
    """A new scenario with the tables of the scenario at ``path``, for a new map."""
    path = Path(path)
    data = _read(path)
    model = scenario_model(data["rules"])
    for field in place_fields(data["rules"]):
        if field in model.model_fields:
            data[field] = _empty(model, field)
    data.update(id=id, name=name, map=map_path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise FileProblemsError([Problem(f"the template does not fit: {exc.errors()[0]['msg']}", file=path)]) from None


def import_commands(doc: Any, path: str | Path, parts: tuple[str, ...] = IMPORTABLE) -> list[Any]:
    """The edits that bring ``parts`` of the scenario at ``path`` into the scenario document ``doc``:
    teams and unit types not there yet (by id) added; PR tables of teams with the same id replaced;
    the settings' fields and the timetable taken. Each is an ordinary undoable command."""
    from boardapp.editor import commands as C

    data = _read(Path(path))
    if data["rules"] != doc.fields.get("rules"):
        raise ValueError(f"{Path(path).name} is a {data['rules']!r} scenario; this one is {doc.fields.get('rules')!r}")
    model = scenario_model(data["rules"])
    other = model.model_validate({**data, **{f: _empty(model, f) for f in place_fields(data["rules"]) if f in data}})
    out: list[Any] = []
    for section in ("teams", "unit_types"):
        if section in parts and section in doc.fields:
            have = {x.id for x in doc.fields[section]}
            out += [C.AddItem(section, x) for x in getattr(other, section) if x.id not in have]
    if "team_tables" in parts and "teams" in doc.fields:
        for field in editor_parts(data["rules"]).team_tables:
            theirs = {t.id: getattr(t, field, None) for t in getattr(other, "teams", [])}
            for t in doc.fields["teams"]:
                if theirs.get(t.id) is not None and getattr(t, field, None) != theirs[t.id]:
                    out.append(C.SetItemField("teams", t.id, field, theirs[t.id]))
    if "settings" in parts and isinstance(doc.fields.get("settings"), BaseModel):
        mine, new = doc.fields["settings"], other.settings  # type: ignore[attr-defined]
        out += [C.SetSetting(f, getattr(new, f)) for f in type(mine).model_fields
                if getattr(new, f) != getattr(mine, f)]
    if "timetable" in parts and "timetable" in doc.fields:
        out += [C.DeleteItem("timetable", i) for i in range(len(doc.fields["timetable"]) - 1, -1, -1)]
        out += [C.AddItem("timetable", slot) for slot in other.timetable]  # type: ignore[attr-defined]
    return out
