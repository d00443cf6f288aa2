"""The format documentation of a file model, written from the models' own field descriptions.

npe2's habit: every field carries a ``description=`` a user reads, and the format's documentation
is generated from those, so the documentation cannot drift from the code. ``docs/formats/*.md``
are written by :func:`markdown` (``boardapp schema RULES --markdown``) and a test keeps them equal
to what it writes now.

>>> from boardapp.model.scenario import TimetableEntry
>>> print(markdown(TimetableEntry, "Timetable entry").splitlines()[6])
| `start` | required | Start time, HH:MM (24 h). |
"""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined


def _nested(annotation: Any) -> list[tuple[type[BaseModel], str]]:
    """The models inside a field's type, with the suffix their key takes ('[]' for lists)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [(annotation, "")]
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return _nested(args[0])
    out: list[tuple[type[BaseModel], str]] = []
    if origin in (list, tuple, set, frozenset):
        for arg in args:
            out += [(m, "[]") for m, _ in _nested(arg)]
    elif origin is dict:
        for arg in args[1:]:
            out += [(m, "{}") for m, _ in _nested(arg)]
    elif origin in (typing.Union, types.UnionType):
        for arg in args:
            out += _nested(arg)
    return out


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    value = field.default_factory() if field.default_factory is not None else field.default
    if value is None:
        return "none"
    if value is PydanticUndefined or value in ([], {}, (), "") or isinstance(value, BaseModel):
        return "``" if value == "" else "empty"
    if isinstance(value, list | tuple | dict) and any(isinstance(v, BaseModel) for v in
                                                     (value.values() if isinstance(value, dict) else value)):
        return f"built in ({len(value)})"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def _first_line(text: str | None) -> str:
    return (text or "").strip().split("\n\n")[0].replace("\n", " ")


def markdown(model: type[BaseModel], title: str, known: frozenset[type[BaseModel]] = frozenset()) -> str:
    """A section per model (the file itself first, then every model nested in it, once each), each
    with a table of its keys, their defaults and their descriptions; ``known`` models (documented
    elsewhere) get no section of their own."""
    sections: list[str] = []
    seen: set[type[BaseModel]] = set(known)
    todo: list[tuple[type[BaseModel], str]] = [(model, title)]
    while todo:
        current, heading = todo.pop(0)
        if current in seen:
            continue
        seen.add(current)
        lines = [f"### {heading}", "", _first_line(current.__doc__), "", "| key | default | meaning |", "|---|---|---|"]
        for name, field in current.model_fields.items():
            key = field.alias or name
            meaning = _first_line(field.description).replace("|", "\\|")
            lines.append(f"| `{key}` | {_default(field)} | {meaning} |")
            for sub, suffix in _nested(field.annotation):
                if sub not in seen:
                    todo.append((sub, f"`{key}{suffix}`"))
        sections.append("\n".join(lines))
    return "\n\n".join(sections) + "\n"


def rules_markdown(rules: str) -> str:
    """The whole scenario-format page of a rule system (``docs/formats/RULES.md``)."""
    from boardapp.rules import get_module

    module = get_module(rules)
    head = (f"# {module.title} scenarios (`rules: {rules}`)\n\n"
            f"Written from the models' descriptions by `boardapp schema {rules} --markdown`; a test keeps "
            "this page equal to what it writes. The shared part of every scenario (`id`, `name`, `map`, "
            "`timetable`, `display` …) is described in [../formats.md](../formats.md).\n\n")
    from boardapp.model.scenario import Display, TimetableEntry

    known: frozenset[type[BaseModel]] = frozenset({Display, TimetableEntry})
    return head + markdown(module.scenario_model, "The scenario", known) + _position(module)


def _position(module: type) -> str:
    """The ``position:`` section, written from the rule system's state fields by its position codec (the
    ``CODEC`` of the package's ``position`` module; none: no section)."""
    from importlib import import_module

    from boardapp.engine.position import PositionCodec, position_markdown

    try:
        codec = import_module(module.__module__.rsplit(".", 1)[0] + ".position").CODEC
    except (ImportError, AttributeError):
        return ""
    return "\n" + position_markdown(codec) if isinstance(codec, PositionCodec) else ""
