"""Writing maps and scenarios as YAML a person can read and diff.

The output is canonical: fields in the models' order, fields equal to their defaults left out,
points as flow lists ``[x, y]``, whole numbers without ``.0``, one block per place, team, unit
type and region, one line per road, label, counter and timetable slot. So writing the same data
twice gives the same bytes, and a change of one place changes only that place's lines.

Comments of a hand-written file survive a re-save when they stand on their own lines: each
comment block is kept with the item that follows it (a top-level key, a place by its id, a road
by its two ends, a control entry by its place …) and written again above that item. A comment
written at the end of a line, or above an item that has since been deleted, is lost.

>>> from boardapp.model.mapfile import Map, Place
>>> print(dump_map(Map(id="m", name="M", size=(100, 50), places=[Place(id="a", name="A", at=(10, 20.5))])), end="")
id: m
name: M
size: [100, 50]
<BLANKLINE>
places:
  - id: a
    name: A
    at: [10, 20.5]
"""

from __future__ import annotations

import math
import re
from enum import Enum
from functools import cache, lru_cache
from typing import Any

import yaml
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

WIDTH = 100
"""Lines longer than this are broken: long texts folded, long point lists one point a line."""

BLOCK_ITEMS = frozenset({"communities", "regions", "places", "teams", "unit_types", "powers"})
"""Lists whose items are written as block mappings, one key a line."""
ROW_ITEMS = frozenset({"roads", "labels", "counters", "timetable", "dp_tokens", "camps", "aid_blocks",
                       "units", "provinces"})
"""Lists whose items are written one item a line, as flow mappings."""
ALWAYS = frozenset({"rules"})
"""Top-level fields written even when equal to their default (the loader needs ``rules``)."""

Anchor = tuple[str, ...]
Comments = dict[Anchor, list[str]]
END: Anchor = ("",)


# --- scalars --------------------------------------------------------------------------------
_PLAIN = re.compile(r"^[^\W\d_](?:[\w .()'/&+-]*[\w.()'/&+)-])?$")
_RESERVED = frozenset(
    ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"]
)


def _number(v: float) -> str:
    if math.isfinite(v) and v == int(v) and abs(v) < 1e15:
        return str(int(v))
    if math.isnan(v):
        return ".nan"
    if math.isinf(v):
        return ".inf" if v > 0 else "-.inf"
    return repr(v)


@lru_cache(maxsize=65536)
def _string(v: str, flow: bool) -> str:
    if _PLAIN.match(v) and v.lower() not in _RESERVED and " #" not in v:
        return v
    if "\n" in v or "\r" in v or "\t" in v:
        out = yaml.safe_dump(v, default_style='"', allow_unicode=True, width=1 << 30)
    elif flow:
        out = yaml.safe_dump([v], default_flow_style=True, allow_unicode=True, width=1 << 30).strip()[1:-1]
    else:
        out = yaml.safe_dump(v, allow_unicode=True, width=1 << 30)
    out = out.strip()
    if out.startswith("'") and not any(c in v for c in '"\\') and v.isprintable():
        return f'"{v}"'  # the quotes people write
    if out.endswith("\n..."):
        out = out[:-4].strip()
    elif out.endswith("..."):
        out = out[:-3].strip()
    return out


def _scalar(v: Any, flow: bool = False) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, Enum):
        v = v.value
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return _number(v)
    return _string(str(v), flow)


# --- models to plain data -------------------------------------------------------------------
_MISSING = object()


@cache
def _fields(cls: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    out = []
    for name, info in cls.model_fields.items():
        if info.default is not PydanticUndefined:
            default = info.default
        elif info.default_factory is not None:
            default = info.default_factory()  # type: ignore[call-arg]
        else:
            default = _MISSING
        out.append((name, default))
    return tuple(out)


def _same(a: Any, b: Any) -> bool:
    if b is _MISSING:
        return False
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def plain(v: Any, top: bool = False) -> Any:
    """A model as plain data: dicts in field order without defaults, lists, scalars."""
    if isinstance(v, BaseModel):
        out: dict[str, Any] = {}
        for name, default in _fields(type(v)):
            value = getattr(v, name)
            if (not top or name not in ALWAYS) and _same(value, default):
                continue
            out[name] = plain(value)
        return out
    if isinstance(v, dict):
        return {(k.value if isinstance(k, Enum) else k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, float) and math.isfinite(v) and v == int(v) and abs(v) < 1e15:
        return int(v)
    return v


# --- anchors for comments -------------------------------------------------------------------
def item_anchor(section: str, index: int, item: Any) -> Anchor:
    """The key a comment above a list item is kept under: its id, a road's two ends, or its index."""
    if isinstance(item, dict):
        if isinstance(item.get("id"), str):
            return (section, item["id"])
        between = item.get("between")
        if isinstance(between, list) and len(between) == 2:
            return (section, f"{between[0]}~{between[1]}")
    return (section, f"#{index}")


def read_comments(text: str) -> Comments:
    """The comment blocks of a YAML text, keyed by the anchor of the item each stands above."""
    lines = text.splitlines()
    if not any(line.lstrip().startswith("#") for line in lines):
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        node = yaml.compose(text, Loader=loader)
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError:
        return {}
    starts: dict[int, Anchor] = {}  # line (0-based) -> shallowest anchor starting there
    inside: set[int] = set()

    def scalar_spans(n: Any) -> None:
        if isinstance(n, yaml.ScalarNode):
            if n.end_mark.line > n.start_mark.line:
                inside.update(range(n.start_mark.line + 1, n.end_mark.line + 1))
        elif isinstance(n, yaml.SequenceNode):
            for x in n.value:
                scalar_spans(x)
        elif isinstance(n, yaml.MappingNode):
            for k, x in n.value:
                scalar_spans(k)
                scalar_spans(x)

    if node is not None:
        scalar_spans(node)
    if isinstance(node, yaml.MappingNode) and isinstance(data, dict):
        for key, value in node.value:
            name = str(key.value)
            starts.setdefault(key.start_mark.line, (name,))
            sub = data.get(name)
            if isinstance(value, yaml.SequenceNode) and isinstance(sub, list):
                for i, item in enumerate(value.value):
                    if i < len(sub):
                        starts.setdefault(item.start_mark.line, item_anchor(name, i, sub[i]))
            elif isinstance(value, yaml.MappingNode):
                for k, _ in value.value:
                    starts.setdefault(k.start_mark.line, (name, str(k.value)))
    out: Comments = {}
    block: list[str] = []
    for n, line in enumerate(lines):
        stripped = line.strip()
        if n in inside:
            block = []
            continue
        if stripped.startswith("#"):
            if not block and n > 0 and not lines[n - 1].strip():
                block.append("")
            block.append(stripped)
        elif not stripped:
            if block and block[-1] != "":
                block.append("")
        else:
            if block:
                anchor = starts.get(n)
                if anchor is None:  # above a field inside an item: keep it with the enclosing item
                    before = [k for k in starts if k < n]
                    anchor = starts[max(before)] if before else END
                out.setdefault(anchor, []).extend(block)
            block = []
    if block:
        out.setdefault(END, []).extend(block)
    return out


# --- layout ---------------------------------------------------------------------------------
def _flow(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_scalar(k, True)}: {_flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_flow(x) for x in v) + "]"
    return _scalar(v, True)


def _simple(v: Any) -> bool:
    """Scalars, and lists/dicts of scalars or points: things that read well in flow style."""
    if isinstance(v, dict):
        return all(not isinstance(x, (dict, list)) for x in v.values())
    if isinstance(v, list):
        return all(not isinstance(x, dict) and (not isinstance(x, list) or _simple(x)) for x in v)
    return True


class _Writer:
    def __init__(self, comments: Comments | None) -> None:
        self.lines: list[str] = []
        self.comments = comments or {}

    def comment(self, anchor: Anchor, indent: int) -> None:
        for line in self.comments.get(anchor, ()):
            self.lines.append(" " * indent + line if line else "")

    def text(self, key: str, v: str, indent: int) -> bool:
        """Long or multi-line text as a block scalar; False when a quoted scalar is safer."""
        pad = " " * (indent + 2)
        if "\n" in v:
            body = v[:-1] if v.endswith("\n") else v
            parts = body.split("\n")
            if (v.endswith("\n\n") or not parts[0] or parts[0][0] == " "
                    or any(p != p.rstrip() or "\t" in p or "\r" in p for p in parts)):
                return False
            self.lines.append(" " * indent + f"{key}: |" + ("" if v.endswith("\n") else "-"))
            self.lines.extend(pad + p if p else "" for p in parts)
            return True
        if (len(v) + indent + len(key) + 2 <= WIDTH or v != v.strip() or "  " in v
                or any(c in v for c in "\t\r\x85\u2028\u2029")):
            return False
        self.lines.append(" " * indent + f"{key}: >-")
        line = ""
        for word in v.split(" "):
            if line and len(pad) + len(line) + 1 + len(word) > WIDTH:
                self.lines.append(pad + line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        self.lines.append(pad + line)
        return True

    def value(self, key: str, v: Any, indent: int, first: str | None = None, section: str = "") -> None:
        """``key: v`` at ``indent``; ``first`` replaces the indentation (the ``- `` of a list item)."""
        lead = first if first is not None else " " * indent
        head = f"{lead}{_scalar(key)}:"
        if isinstance(v, str) and first is None and self.text(_scalar(key), v, indent):
            return
        if not isinstance(v, (dict, list)):
            self.lines.append(f"{head} {_scalar(v)}")
            return
        if not v:
            self.lines.append(f"{head} {'{}' if isinstance(v, dict) else '[]'}")
            return
        if isinstance(v, dict):
            one = f"{head} {_flow(v)}"
            if indent > 0 and _simple(v) and len(one) <= WIDTH:
                self.lines.append(one)
                return
            self.lines.append(head)
            for k, x in v.items():
                if indent == 0:
                    self.comment((key, str(k)), indent + 2)
                self.value(k, x, indent + 2)
            return
        if all(not isinstance(x, dict) for x in v):
            one = f"{head} {_flow(v)}"
            if len(one) <= WIDTH:
                self.lines.append(one)
                return
            self.lines.append(head)
            for x in v:
                self.lines.append(" " * (indent + 2) + "- " + _flow(x))
            return
        self.lines.append(head)
        name = key if indent == 0 else section
        for i, item in enumerate(v):
            if indent == 0:
                self.comment(item_anchor(key, i, item), indent + 2)
            self.item(name, item, indent + 2)

    def item(self, section: str, item: Any, indent: int) -> None:
        pad = " " * indent
        if not isinstance(item, dict):
            self.lines.append(f"{pad}- {_flow(item)}")
            return
        one = f"{pad}- {_flow(item)}"
        if not item or section in ROW_ITEMS or (
            section not in BLOCK_ITEMS and all(_simple(x) for x in item.values()) and len(one) <= WIDTH
        ):
            self.lines.append(one)
            return
        for n, (k, x) in enumerate(item.items()):
            self.value(k, x, indent + 2, first=f"{pad}- " if n == 0 else None)

    def document(self, data: dict[str, Any]) -> str:
        prev_block = False
        for n, (key, v) in enumerate(data.items()):
            mark = len(self.lines)
            self.comment((key,), 0)
            start = len(self.lines)
            self.value(key, v, 0)
            block = len(self.lines) - start > 1
            if n and (block or prev_block):
                self.lines.insert(mark, "")
            prev_block = block
        self.comment(END, 0)
        out: list[str] = []
        for line in self.lines:  # no blank line twice, none at the start or the end
            if not line and (not out or not out[-1]):
                continue
            out.append(line)
        while out and not out[-1]:
            out.pop()
        return "\n".join(out) + "\n"


def dump_model(model: BaseModel, comments: Comments | None = None) -> str:
    return _Writer(comments).document(plain(model, top=True))


def dump_map(the_map: BaseModel, comments: Comments | None = None) -> str:
    """A map as canonical YAML text (with the comments of ``comments`` kept above their items)."""
    return dump_model(the_map, comments)


def dump_scenario(scenario: BaseModel, comments: Comments | None = None) -> str:
    """A scenario as canonical YAML text; ``rules`` is always written."""
    return dump_model(scenario, comments)
