"""A game's position as scenario data: any state a rule module holds, written as plain YAML data and
read back exactly.

Every rule system's scenario has a ``position:`` section (docs/formats.md, "A game under way"). It
names the state's own fields, and only those that differ from the scenario's start: ``round: 3``,
``overturned: {golan: 2}``, ``hands: {gov-mil: [7D, KH]}``. A :class:`PositionCodec` is derived from
the state class's fields and their type hints, so a field a rule system adds later is written and
read with no change here; a field of a type the codec cannot write raises :class:`PositionError` at
once (a round-trip test over every system catches it), never a silent loss.

How values are written:

* records (dataclasses, pydantic models) as mappings of their fields; a record read from a position
  may leave out fields that have defaults;
* lists and tuples as lists; sets as sorted lists; enums by value;
* mappings with text or number keys as mappings; mappings with pair keys (``(nation, type) -> n``) as
  rows ``[nation, type, n]``;
* a type the rule system names (Diplomacy's units and orders) by its own text form.

*Tables* are mappings by id (War in Binni's counters, The Game's regions and units, Mid-East PEACE's
zone owners): a position lists only the ids whose value changed, and of a record only the fields
that changed; a new id is given whole, and ``null`` removes an id (a unit destroyed), where null is
not itself a value.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class S:
...     round: int = 1
...     seen: set[str] = field(default_factory=set)
...     def copy(self): return S(self.round, set(self.seen))
>>> codec = PositionCodec(S)
>>> codec.diff(S(3, {"b", "a"}), S())
{'round': 3, 'seen': ['a', 'b']}
>>> codec.load({"round": 2}, S())
S(round=2, seen=set())
>>> codec.load({"round": "two"}, S())
Traceback (most recent call last):
  ...
boardapp.engine.position.PositionError: position.round: 'two' is not a whole number
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

Loc = tuple[str | int, ...]
T = typing.TypeVar("T")


class PositionError(ValueError):
    """A position that cannot be read: ``loc`` is where in the scenario file (``("position", "round")``)."""

    def __init__(self, loc: Loc, message: str) -> None:
        self.loc = loc
        self.message = message
        super().__init__(f"{'.'.join(str(p) for p in loc)}: {message}")


Custom = tuple[Callable[[Any], Any], Callable[[Any, Loc], Any]]
"""A type's own (write, read) pair: ``read(data, loc)`` raises :class:`PositionError`."""

_MISSING = object()
_SCALARS: dict[type, str] = {int: "a whole number", str: "a text", bool: "true or false", float: "a number"}


@functools.cache
def _record_fields(cls: type) -> dict[str, tuple[Any, bool]]:
    """Field name -> (type hint, whether it has a default), in declaration order."""
    hints = typing.get_type_hints(cls)
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        return {name: (hints[name], not info.is_required()) for name, info in cls.model_fields.items()}
    return {f.name: (hints[f.name],
                     f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
            for f in dataclasses.fields(cls)}  # type: ignore[arg-type]


def _nullable(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, BaseModel))


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


class PositionCodec:
    """Writes a rule system's state as plain data and reads it back (see the module's docstring).

    ``tables``: top-level fields that are mappings of records with keys the scenario fixes (written
    as only what changed); ``custom``: types written in their own form."""

    def __init__(self, state_cls: type, *, tables: frozenset[str] = frozenset(),
                 custom: Mapping[type, Custom] | None = None, words: Mapping[type, str] | None = None,
                 notes: Mapping[str, str] | None = None) -> None:
        self.state_cls = state_cls
        self.words = dict(words or {})
        """A custom type -> what it is written as, for the format's documentation."""
        self.notes = dict(notes or {})
        """``Record.field`` (or a state field's name) -> its meaning, where the state class has no docstring."""
        self.fields = _record_fields(state_cls)
        self.tables = tables
        self.custom = dict(custom or {})
        unknown = tables - set(self.fields)
        if unknown:
            raise ValueError(f"{state_cls.__name__} has no fields {sorted(unknown)}")

    # --- writing -----------------------------------------------------------------------------
    def dump(self, value: Any, tp: Any, loc: Loc = ("position",)) -> Any:
        """``value`` (of type ``tp``) as plain data: mappings, lists, text, numbers, booleans, null."""
        if tp is Any:
            return self._dump_any(value, loc)
        if tp in self.custom:
            return self.custom[tp][0](value)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            if value is None:
                return None
            options = [a for a in args if a is not type(None)]
            for a in options:
                if self._instance(value, a):
                    return self.dump(value, a, loc)
            raise PositionError(loc, f"{_show(value)} is none of {options}")
        if tp in _SCALARS or tp is type(None):
            return value
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return value.value
        if _is_record(tp):
            return {name: self.dump(getattr(value, name), hint, (*loc, name))
                    for name, (hint, _d) in _record_fields(tp).items()}
        if origin in (list, tuple):
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return [self.dump(v, a, (*loc, i)) for i, (v, a) in enumerate(zip(value, args, strict=True))]
            item = args[0] if args else Any
            return [self.dump(v, item, (*loc, i)) for i, v in enumerate(value)]
        if origin in (set, frozenset):
            item = args[0] if args else Any
            out = [self.dump(v, item, loc) for v in value]
            return sorted(out, key=lambda x: json.dumps(x, sort_keys=True))
        if origin is dict:
            key_tp, val_tp = args
            if typing.get_origin(key_tp) is tuple:
                return [[*self.dump(k, key_tp, loc), self.dump(v, val_tp, (*loc, "/".join(map(str, k))))]
                        for k, v in value.items()]
            return {self.dump(k, key_tp, loc): self.dump(v, val_tp, (*loc, str(k))) for k, v in value.items()}
        raise PositionError(loc, f"the position cannot write a value of type {tp!r}; the rule system names it "
                            "in its codec's custom types")

    def _dump_any(self, value: Any, loc: Loc) -> Any:
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, dict):
            return {k: self._dump_any(v, (*loc, str(k))) for k, v in value.items()}
        if isinstance(value, list):
            return [self._dump_any(v, (*loc, i)) for i, v in enumerate(value)]
        raise PositionError(loc, f"{_show(value)}: a free-form value must be text, numbers, lists and mappings")

    def _instance(self, value: Any, tp: Any) -> bool:
        origin = typing.get_origin(tp) or tp
        if tp is Any:
            return True
        if tp is float:
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        if tp is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(origin, type) and isinstance(value, origin)

    # --- reading -----------------------------------------------------------------------------
    def read(self, data: Any, tp: Any, loc: Loc) -> Any:
        """Plain data read as a value of type ``tp``; :class:`PositionError` names ``loc`` and what is wrong."""
        if tp is Any:
            return self._dump_any(data, loc)
        if tp in self.custom:
            return self.custom[tp][1](data, loc)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            if data is None:
                if type(None) in args:
                    return None
                raise PositionError(loc, "a value is needed here, not null")
            options = [a for a in args if a is not type(None)]
            errors = []
            for a in options:
                try:
                    return self.read(data, a, loc)
                except PositionError as exc:
                    errors.append(exc)
            raise errors[0]
        if tp is type(None):
            if data is not None:
                raise PositionError(loc, f"{_show(data)}: only null fits here")
            return None
        if tp in _SCALARS:
            ok = (isinstance(data, tp) and (tp is bool or not isinstance(data, bool))) or (
                tp is float and isinstance(data, int) and not isinstance(data, bool))
            if not ok:
                raise PositionError(loc, f"{_show(data)} is not {_SCALARS[tp]}")
            return float(data) if tp is float else data
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                raise PositionError(loc, f"{_show(data)} is not one of {[m.value for m in tp]}") from None
        if _is_record(tp):
            return self._record(data, tp, loc, None)
        if origin in (list, tuple):
            if not isinstance(data, list):
                raise PositionError(loc, f"{_show(data)} is not a list")
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                if len(data) != len(args):
                    raise PositionError(loc, f"{_show(data)} should have {len(args)} items")
                return tuple(self.read(v, a, (*loc, i)) for i, (v, a) in enumerate(zip(data, args, strict=True)))
            item = args[0] if args else Any
            items = [self.read(v, item, (*loc, i)) for i, v in enumerate(data)]
            return tuple(items) if origin is tuple else items
        if origin in (set, frozenset):
            if not isinstance(data, list):
                raise PositionError(loc, f"{_show(data)} is not a list")
            item = args[0] if args else Any
            return origin(self.read(v, item, (*loc, i)) for i, v in enumerate(data))
        if origin is dict:
            key_tp, val_tp = args
            if typing.get_origin(key_tp) is tuple:
                n = len(typing.get_args(key_tp))
                if not isinstance(data, list):
                    raise PositionError(loc, f"{_show(data)} is not a list of rows [{', '.join(['key'] * n)}, value]")
                out_rows: dict[Any, Any] = {}
                for i, row in enumerate(data):
                    if not isinstance(row, list) or len(row) != n + 1:
                        raise PositionError((*loc, i), f"{_show(row)} is not a row of {n} keys and a value")
                    key = self.read(row[:n], key_tp, (*loc, i))
                    out_rows[key] = self.read(row[n], val_tp, (*loc, i, n))
                return out_rows
            if not isinstance(data, dict):
                raise PositionError(loc, f"{_show(data)} is not a mapping")
            out: dict[Any, Any] = {}
            for k, v in data.items():
                if key_tp is int and isinstance(k, str) and k.lstrip("-").isdigit():
                    k = int(k)  # noqa: PLW2901 (a JSON copy of the scenario keeps number keys as text)
                out[self.read(k, key_tp, (*loc, str(k)))] = self.read(v, val_tp, (*loc, str(k)))
            return out
        raise PositionError(loc, f"the position cannot read a value of type {tp!r}")

    def _record(self, data: Any, tp: type, loc: Loc, base: Any) -> Any:
        """A record from a mapping of its fields; fields left out take ``base``'s value (a merge) or the
        field's default."""
        fields = _record_fields(tp)
        if not isinstance(data, dict):
            raise PositionError(loc, f"{_show(data)} is not a mapping of {tp.__name__}'s fields")
        for k in data:
            if k not in fields:
                raise PositionError((*loc, str(k)), f"unknown field {k!r}; the fields are {', '.join(fields)}")
        values: dict[str, Any] = {}
        for name, (hint, has_default) in fields.items():
            if name in data:
                values[name] = self.read(data[name], hint, (*loc, name))
            elif base is not None:
                values[name] = getattr(base, name)
            elif not has_default:
                raise PositionError(loc, f"{name!r} is missing: {tp.__name__} needs it")
        if issubclass(tp, BaseModel):
            return tp.model_construct(**values) if base is not None else tp(**values)
        return tp(**values)

    # --- a whole position --------------------------------------------------------------------
    def diff(self, state: Any, start: Any) -> dict[str, Any]:
        """The fields of ``state`` that differ from ``start`` (tables: only the records and fields that
        differ), as plain data: what a scenario's ``position:`` says."""
        out: dict[str, Any] = {}
        for name, (hint, _d) in self.fields.items():
            loc: Loc = ("position", name)
            now = self.dump(getattr(state, name), hint, loc)
            before = self.dump(getattr(start, name), hint, loc)
            if now == before:
                continue
            if name in self.tables:
                out[name] = self._table_diff(name, hint, now, before)
            else:
                out[name] = now
        return out

    def _table_diff(self, name: str, hint: Any, now: dict[Any, Any], before: dict[Any, Any]) -> dict[Any, Any]:
        val_tp = typing.get_args(hint)[1]
        records = _is_record(val_tp)
        table: dict[Any, Any] = {}
        for key, a in now.items():
            b = before.get(key, _MISSING)
            if b is _MISSING or not records:
                if a != b:
                    table[key] = a
            elif a != b:
                table[key] = {f: x for f, x in a.items() if b.get(f, _MISSING) != x}
        gone = [k for k in before if k not in now]
        if gone and _nullable(val_tp):
            raise PositionError(("position", name), f"the table {name!r} lost keys {gone}, which a position cannot "
                                "say (null is a value there)")
        table.update(dict.fromkeys(gone))
        return table

    def _table_load(self, name: str, hint: Any, value: Any, current: dict[Any, Any], loc: Loc) -> dict[Any, Any]:
        val_tp = typing.get_args(hint)[1]
        if not isinstance(value, dict):
            raise PositionError((*loc, name), f"{_show(value)} is not a mapping of id -> what changed")
        merged = dict(current)
        for key, data in value.items():
            where = (*loc, name, str(key))
            if data is None and not _nullable(val_tp):
                if key not in current:
                    known = ", ".join(sorted(map(str, current))[:12])
                    raise PositionError(where, f"null removes {key!r} from {name}, but there is none; the start has "
                                        f"{known}" + (" …" if len(current) > 12 else ""))
                del merged[key]
            elif _is_record(val_tp):
                merged[key] = self._record(data, val_tp, where, current.get(key))
            else:
                merged[key] = self.read(data, val_tp, where)
        return merged

    def load(self, position: Any, start: Any, loc: Loc = ("position",)) -> Any:
        """``start`` (not changed) with ``position``'s fields read over it: the state the scenario states."""
        if not isinstance(position, dict):
            raise PositionError(loc, f"{_show(position)} is not a mapping of the state's fields "
                                f"({', '.join(self.fields)})")
        state = start.copy()
        for name, value in position.items():
            if name not in self.fields:
                raise PositionError((*loc, str(name)), f"unknown field {name!r}; a position states "
                                    f"{', '.join(self.fields)}")
            hint = self.fields[name][0]
            if name in self.tables:
                setattr(state, name, self._table_load(name, hint, value, getattr(state, name), loc))
            else:
                setattr(state, name, self.read(value, hint, (*loc, name)))
        return state


# --- what every rule module does with a position ------------------------------------------------
def without_position(scenario: BaseModel) -> BaseModel:
    """The scenario as it starts, its ``position:`` left out."""
    return scenario.model_copy(update={"position": None})


def with_position(module: Any, start: T, codec: PositionCodec) -> T:
    """``start`` (the state the scenario's other fields give) with the scenario's ``position:`` over it."""
    position = getattr(module.scenario, "position", None)
    if position is None:
        return start
    state: T = codec.load(position, start)
    return state


def position_scenario(module: Any, state: Any, codec: PositionCodec) -> dict[str, Any]:
    """The scenario mapping (as its YAML file says it, same map) whose initial state is ``state``: the
    module's scenario without its position, plus ``position:`` listing what differs from that start."""
    from boardapp.model.writer import plain

    base = without_position(module.scenario)
    start = type(module)(base, module.map).initial_state()
    data: dict[str, Any] = plain(base, top=True)
    data.pop("position", None)
    diff = codec.diff(state, start)
    if diff:
        data["position"] = diff
    return data


Validator = Callable[[Any, Any], list[tuple[Loc, str]]]
"""(module, state) -> (where in the scenario, what is wrong and how to fix it) for each impossible thing."""


def position_problems(scenario: Any, the_map: Any, module_cls: type, codec: PositionCodec,
                      validators: typing.Sequence[Validator] = ()) -> list[tuple[Loc, str]]:
    """Why the scenario's ``position:`` is not a position the game can hold (empty: it is): it must
    read as the state's fields, pass the rule system's validators (each names the bad value and what
    to give instead) and keep the state's invariants (``check_state``)."""
    if getattr(scenario, "position", None) is None:
        return []
    module = module_cls(scenario, the_map)
    try:
        state = module.initial_state()
    except PositionError as exc:
        return [(exc.loc, exc.message)]
    found: list[tuple[Loc, str]] = []
    for validate in validators:
        found += validate(module, state)
    if not found:
        found += [(("position",), f"the position breaks a rule of the game's state: {m}")
                  for m in module.check_state(state)]
    return found


POSITION_DESCRIPTION = (
    "A game under way: the state's own fields that differ from the start the rest of this scenario gives "
    "(docs/formats.md, 'A game under way'); `boardapp export GAME --position` writes it. It holds every "
    "secret of the position: it is CONTROL's file.")
"""The description of every scenario model's ``position`` field."""


# --- the format's documentation, from the state's own fields ------------------------------------
def _attribute_docs(cls: type) -> dict[str, str]:
    """A record's fields' descriptions: a pydantic field's ``description``, or the string written under a
    dataclass field (read from the source; empty when the source cannot be read)."""
    import ast
    import inspect
    import textwrap

    docs: dict[str, str] = {}
    if issubclass(cls, BaseModel):
        return {name: info.description or "" for name, info in cls.model_fields.items()}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return docs
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for stmt, after in zip(body, [*body[1:], None], strict=True):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            doc = ""
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value,
                                                                                                     str):
                doc = after.value.value
            elif isinstance(stmt.value, ast.Call):  # a pydantic-style Field(description=...) on a dataclass
                for kw in stmt.value.keywords:
                    if kw.arg == "description" and isinstance(kw.value, ast.Constant):
                        doc = str(kw.value.value)
            docs[stmt.target.id] = " ".join(doc.split())
    return docs


class _Words:
    """A field's type in a reader's words, collecting the records it names."""

    def __init__(self, codec: PositionCodec) -> None:
        self.codec = codec
        self.records: list[type] = []

    def __call__(self, tp: Any) -> str:
        if tp in self.codec.custom:
            return self.codec.words.get(tp, "text")
        if tp is Any:
            return "any data"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            options = [self(a) for a in args if a is not type(None)]
            return " or ".join(options) + (" or null" if type(None) in args else "")
        if tp in _SCALARS:
            return {int: "number", str: "text", bool: "true/false", float: "number"}[tp]
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return " / ".join(str(m.value) for m in tp)
        if _is_record(tp):
            if tp not in self.records:
                self.records.append(tp)
            return f"{tp.__name__} (below)"
        if origin in (list, tuple):
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return "[" + ", ".join(self(a) for a in args) + "]"
            return f"list of {self(args[0]) if args else 'any data'}"
        if origin in (set, frozenset):
            return f"list of {self(args[0]) if args else 'any data'} (no repeats)"
        if origin is dict:
            key_tp, val_tp = args
            if typing.get_origin(key_tp) is tuple:
                keys = ", ".join(self(a) for a in typing.get_args(key_tp))
                return f"rows [{keys}, {self(val_tp)}]"
            return f"{self(key_tp)} → {self(val_tp)}"
        return str(tp)


def undocumented(codec: PositionCodec) -> list[str]:
    """The fields (``name`` or ``Record.name``) the format's documentation has no meaning for: a state
    field added without a docstring shows here (a test asks for none)."""
    words = _Words(codec)
    docs = _attribute_docs(codec.state_cls)
    missing = [n for n, (hint, _d) in codec.fields.items()
               if not words(hint) or not (docs.get(n) or codec.notes.get(n))]
    done: set[type] = set()
    while len(done) < len(words.records):
        rec = next(r for r in words.records if r not in done)
        done.add(rec)
        rdocs = _attribute_docs(rec)
        missing += [f"{rec.__name__}.{n}" for n, (hint, _d) in _record_fields(rec).items()
                    if not words(hint) or not (rdocs.get(n) or codec.notes.get(f"{rec.__name__}.{n}"))]
    return missing


def position_markdown(codec: PositionCodec) -> str:
    """The ``position:`` section of a rule system's format page: the state's fields, what each is written
    as, and what it means, with a table for every record they hold."""
    words = _Words(codec)
    lines = ["### `position`", "",
             "A game under way (see [../formats.md](../formats.md#a-game-under-way-position)): any of these fields "
             "of the game's state, each only where it differs from the start the rest of the scenario gives. "
             "Written from the state's own fields.", "",
             "| key | written as | meaning |", "|---|---|---|"]
    docs = _attribute_docs(codec.state_cls)
    for name, (hint, _d) in codec.fields.items():
        shape = words(hint)
        if name in codec.tables:
            shape += " (only what changed)"
        lines.append(f"| `{name}` | {shape} | {docs.get(name) or codec.notes.get(name, '')} |")
    done: set[type] = set()
    while len(done) < len(words.records):
        rec = next(r for r in words.records if r not in done)
        done.add(rec)
        rdocs = _attribute_docs(rec)
        doc = " ".join((rec.__doc__ or "").split("\n\n")[0].split())
        if doc.startswith(f"{rec.__name__}("):  # a dataclass's own repr-like docstring says nothing
            doc = codec.notes.get(rec.__name__, "")
        lines += ["", f"#### {rec.__name__}", "", doc, "",
                  "| key | written as | meaning |", "|---|---|---|"]
        for name, (hint, _d) in _record_fields(rec).items():
            note = rdocs.get(name) or codec.notes.get(f"{rec.__name__}.{name}", "")
            lines.append(f"| `{name}` | {words(hint)} | {note} |")
    return "\n".join(line.replace("|  |", "| |") for line in lines) + "\n"
