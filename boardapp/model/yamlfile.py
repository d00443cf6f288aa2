"""Reading YAML files so that every problem can name its line and column.

Every node keeps a mark (line, column); we keep the node tree beside the plain data and walk it
along a pydantic error's ``loc`` to find where a person should look. libyaml (PyYAML's C parser)
parses the text once; composing the tree is a loop, not a recursion, so depth is bounded here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from boardapp.model.problems import FileProblemsError, Problem, format_loc
from boardapp.model.reading import decode_utf8, read_bounded

try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML without libyaml (its wheels ship it)
    from yaml.parser import Parser as _PyParser
    from yaml.reader import Reader as _Reader
    from yaml.scanner import Scanner as _Scanner

    class _CParser(_Reader, _Scanner, _PyParser):  # type: ignore[no-redef]
        def __init__(self, text: str) -> None:
            _Reader.__init__(self, text)
            _Scanner.__init__(self)
            _PyParser.__init__(self)


MAX_DEPTH = 64
TOO_DEEP = f"lists and mappings nested more than {MAX_DEPTH} deep; no boardapp file needs that"
LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"
"""libyaml's own words for nesting past its limit: since PyYAML 6.0.4 its scanner, reading ahead through
``[[[[…`` for a possible key, can stop there before the parser hands us the 65th level. Told in ours."""
"""Deepest nesting of lists and mappings accepted.

Real files nest about six deep (scenario → counters → counter → field → list); a limit far
above that but far below Python's recursion limit lets the constructor and pydantic recurse
safely. A YAML bomb of nested brackets is refused with its line instead of a RecursionError.
"""

MAX_NODES = 5_000_000
"""Most values a document may hold once its aliases (``*name``) are expanded.

Aliases let a few lines stand for an exponential number of values ("billion laughs"); pydantic
would walk every one of them. Five million is hundreds of times a 10,000-counter scenario.
"""


class _Constructor(yaml.constructor.SafeConstructor):
    """PyYAML's safe constructor, with numbers too long for Python named at their place in the file."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"the number {node.value[:20]}… has {len(node.value)} digits, far more than any "
                "value in a game", node.start_mark) from None


    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Any value Python refuses (a 13th month, an endless number) becomes an error at its place in the file."""
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError, TypeError) as exc:
            shown = str(node.value)[:40] if isinstance(node, yaml.ScalarNode) else node.tag
            raise yaml.constructor.ConstructorError(None, None, f"the value {shown!r} cannot be read: {exc}",
                                                    node.start_mark) from None


_Constructor.add_constructor("tag:yaml.org,2002:int", _Constructor.construct_yaml_int)  # type: ignore[type-var]
_RESOLVER: Any = yaml.resolver.Resolver()
_TAG = "tag:yaml.org,2002:"
_STR, _NULL, _MAP, _SEQ, _MERGE = (_TAG + t for t in ("str", "null", "map", "seq", "merge"))


class _Open:
    """A list or mapping being composed: its node, its data, and a mapping key waiting for its value."""

    __slots__ = ("data", "key", "key_node", "node")

    def __init__(self, node: yaml.Node, data: Any) -> None:
        self.node, self.data = node, data
        self.key_node: yaml.Node | None = None
        self.key: Any = None


def _error(message: str, mark: Any) -> yaml.MarkedYAMLError:
    return yaml.composer.ComposerError(None, None, message, mark)


def _compose(text: str) -> tuple[yaml.Node | None, Any]:
    """The node tree and the data of a single-document YAML text, from one libyaml parse, without recursion.

    Refuses nesting deeper than :data:`MAX_DEPTH` and documents whose aliases expand past
    :data:`MAX_NODES`, naming the line where it happens. Plain strings, lists and mappings are
    built here as the events arrive; other scalars (numbers, booleans, dates) go through PyYAML's
    safe constructor; a rare document with ``<<`` merge keys or ``!!set``-like tags is built by
    that constructor from the finished tree.
    """
    parser = _CParser(text)
    constructor = _Constructor()
    anchors: dict[str, tuple[yaml.Node, Any, _Open | None]] = {}
    stack: list[_Open] = []
    root: tuple[yaml.Node | None, Any] = (None, None)
    sizes: dict[int, int] = {}
    resolved: dict[tuple[str, Any], str] = {}
    expanded = 0  # values that aliases add
    documents = 0
    rebuild = False

    def add(node: yaml.Node, data: Any, mark: Any) -> None:
        nonlocal root, rebuild
        if not stack:
            root = (node, data)
            return
        top = stack[-1]
        if type(top.data) is list:
            top.node.value.append(node)
            top.data.append(data)
        elif top.key_node is None:
            if type(data) in (list, dict):
                raise _error("a list or mapping cannot be a mapping key", mark)
            if node.tag == _MERGE:
                rebuild = True
            elif data in top.data:
                # YAML forbids it and PyYAML would keep the last silently: 'money: 3' … 'money: 30' must not pass.
                first = next((k for k, _ in top.node.value if k.value == node.value), node)
                raise _error(f"the key {str(data)[:40]!r} appears twice in this mapping (first at line "
                             f"{first.start_mark.line + 1}); keep one", mark)
            top.key_node, top.key = node, data
        else:
            top.node.value.append((top.key_node, node))
            top.data[top.key] = data
            top.key_node = top.key = None

    while True:
        event: Any = parser.get_event()
        kind = type(event)
        start: Any = event.start_mark  # libyaml's marks are not yaml.Mark: keep them untyped
        if kind is yaml.ScalarEvent:
            tag = event.tag
            if tag is None or tag == "!":
                key = (event.value, event.implicit)  # the same few values recur: team ids, unit types …
                tag = resolved.get(key)
                if tag is None:
                    tag = resolved[key] = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
            node: yaml.Node = yaml.ScalarNode(tag, event.value, start, event.end_mark, style=event.style)
            if tag in (_STR, _MERGE):  # a merge key ('<<') is rebuilt by the constructor below
                data: Any = event.value
            else:
                data = None if tag == _NULL else constructor.construct_object(node)
            if event.anchor is not None:
                anchors[event.anchor] = (node, data, None)
            top = stack[-1] if stack else None
            if top is not None and top.key_node is not None:  # the common case, inline: a value for a key
                top.node.value.append((top.key_node, node))
                top.data[top.key] = data
                top.key_node = top.key = None
            else:
                add(node, data, start)
        elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _error(TOO_DEEP, start)
            is_seq = kind is yaml.SequenceStartEvent
            node_kind = yaml.SequenceNode if is_seq else yaml.MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = _RESOLVER.resolve(node_kind, None, event.implicit)
            if tag not in (_SEQ, _MAP):
                rebuild = True
            node = node_kind(tag, [], start, None, flow_style=event.flow_style)
            opened = _Open(node, [] if is_seq else {})
            if event.anchor is not None:
                anchors[event.anchor] = (node, opened.data, opened)
            add(node, opened.data, start)
            stack.append(opened)
        elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            stack.pop().node.end_mark = event.end_mark
        elif kind is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise _error(f"found undefined alias {event.anchor!r}", start)
            node, data, still_open = anchors[event.anchor]
            if still_open is not None and still_open in stack:
                raise _error(f"the alias *{event.anchor} is inside the value it names (a loop)", start)
            expanded += _size(node, sizes)
            if expanded > MAX_NODES:
                raise _error(f"the aliases (*name) expand to more than {MAX_NODES:,} values; write the values out",
                             start)
            add(node, data, start)
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _error("a second document (after '---'); a boardapp file is one document", start)
        elif kind is yaml.StreamEndEvent:
            break
    if rebuild and root[0] is not None:
        return root[0], _Constructor().construct_document(root[0])
    return root


def _size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """How many values ``node`` stands for, aliases expanded (memoised per node; the tree has no loops)."""
    todo = [node]
    while todo:
        n = todo[-1]
        if id(n) in sizes:
            todo.pop()
            continue
        children = ([v for pair in n.value for v in pair] if isinstance(n, yaml.MappingNode)
                    else n.value if isinstance(n, yaml.SequenceNode) else [])
        missing = [c for c in children if id(c) not in sizes]
        if missing:
            todo.extend(missing)
        else:
            sizes[id(n)] = 1 + sum(sizes[id(c)] for c in children)
            todo.pop()
    return sizes[id(node)]


class YamlDocument:
    """The data of a YAML file and the node tree that knows where each value was written.

    The text is read once (bounded: :func:`~boardapp.model.reading.read_bounded`) and parsed once
    by libyaml; the node tree keeps every value's line and column.
    """

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        try:
            self.node, self.data = _compose(text)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            what = exc.problem or exc.context or "not valid YAML"
            if what == LIBYAML_TOO_DEEP:  # libyaml (PyYAML >= 6.0.4) stops deep flow nesting before we see it
                what = TOO_DEEP
            raise FileProblemsError([
                Problem(f"not valid YAML: {what}", file=path,
                        line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None)
            ]) from None
        except yaml.reader.ReaderError as exc:
            # A character YAML refuses (a NUL, a control character): point at it, not at "<unicode string>".
            line = text.count("\n", 0, exc.position) + 1
            column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
            char = exc.character if isinstance(exc.character, int) else ord(text[exc.position:exc.position + 1] or "?")
            raise FileProblemsError([Problem(f"not valid YAML: the character #x{char:04x} is not allowed "
                                             "(is this a text file?)", file=path, line=line, column=column)]) from None
        except yaml.YAMLError as exc:
            raise FileProblemsError([Problem(f"not valid YAML: {exc}", file=path)]) from None

    @classmethod
    def read(cls, path: str | Path) -> YamlDocument:
        """Read and parse a file: a regular file of at most 64 MiB, UTF-8 (a bad byte is named by line)."""
        path = Path(path)
        return cls(path, decode_utf8(read_bounded(path), path))

    def where(self, loc: Iterable[str | int]) -> tuple[int | None, int | None]:
        """Line and column (1-based) of the deepest node along ``loc`` that exists."""
        node = self.node
        if node is None:
            return None, None
        for part in loc:
            child = None
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    if key.value == str(part):
                        child = value
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                child = node.value[part]
            if child is None:
                break
            node = child
        return node.start_mark.line + 1, node.start_mark.column + 1

    def locate(self, problem: Problem) -> Problem:
        line, column = self.where(problem.loc)
        return Problem(problem.message, file=self.path, line=line, column=column,
                       loc=problem.loc, severity=problem.severity)

    def problems_from(
        self, exc: ValidationError, prefix: tuple[str | int, ...] = (), tag: str | None = None
    ) -> list[Problem]:
        """Turn pydantic's errors into located problems with a fix-it message each.

        ``tag`` is the discriminator value of a tagged union (a command's ``kind``), which pydantic
        puts first in every error's location but which the user never wrote as a key.
        """
        out = []
        for err in exc.errors(include_url=False):
            parts = tuple(err["loc"])
            if tag is not None and parts[:1] == (tag,):
                parts = parts[1:]
            loc = prefix + tuple(p for p in parts if not _is_union_tag(p))
            msg = _message(err)
            out.append(self.locate(Problem(f"{format_loc(loc) or '(top)'}: {msg}", loc=loc)))
        return out


def _is_union_tag(part: str | int) -> bool:
    # Discriminated unions put the tag in the loc ('move', 'attack' …); users never write it.
    return isinstance(part, str) and part.startswith("function-")


def _message(err: Any) -> str:
    kind = err["type"]
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        return "unknown field (check its spelling against the format's documentation)"
    msg = str(err["msg"])
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    inp = err.get("input")
    if kind not in {"model_type", "dict_type"} and isinstance(inp, (str, int, float, bool)):
        msg += f" (got {inp!r})"
    return msg
