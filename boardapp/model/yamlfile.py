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


_Constructor.add_constructor("tag:yaml.org,2002:int", _Constructor.construct_yaml_int)  # type: ignore[type-var]
_RESOLVER: Any = yaml.resolver.Resolver()


def _compose(text: str) -> yaml.Node | None:
    """The node tree of a single-document YAML text, parsed once by libyaml and composed without recursion.

    Refuses nesting deeper than :data:`MAX_DEPTH` and documents whose aliases expand past
    :data:`MAX_NODES`, naming the line where it happens.
    """
    parser = _CParser(text)
    anchors: dict[str, yaml.Node] = {}
    sizes: dict[int, int] = {}  # values under a collection, aliases expanded
    stack: list[tuple[yaml.Node, list[yaml.Node]]] = []  # open collections, each with a mapping key waiting
    root: yaml.Node | None = None
    total = 0
    documents = 0

    def add(node: yaml.Node) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        parent, waiting = stack[-1]
        if isinstance(parent, yaml.SequenceNode):
            parent.value.append(node)
        elif waiting:
            parent.value.append((waiting.pop(), node))
        else:
            waiting.append(node)

    while True:
        event: Any = parser.get_event()
        start: Any = event.start_mark  # typed before isinstance narrows the event: libyaml's marks are not yaml.Mark
        end: Any = event.end_mark
        if isinstance(event, yaml.StreamEndEvent):
            return root
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise yaml.composer.ComposerError(None, None, "a second document (after '---'); a boardapp file "
                                                  "is one document", start)
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            node, _ = stack.pop()
            node.end_mark = end
            children = [v for item in node.value for v in (item if isinstance(item, tuple) else (item,))]
            sizes[id(node)] = 1 + sum(sizes.get(id(v), 1) for v in children)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {event.anchor!r}",
                                                  start)
            node = anchors[event.anchor]
            total += sizes.get(id(node), 1)
            if total > MAX_NODES:
                raise yaml.composer.ComposerError(None, None, f"the aliases (*name) expand to more than "
                                                  f"{MAX_NODES:,} values; write the values out", start)
            add(node)
        elif isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, start, end, style=event.style)
            total += 1
            if event.anchor is not None:
                anchors[event.anchor] = node
            add(node)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"lists and mappings nested more than {MAX_DEPTH} "
                                                  "deep; no boardapp file needs that", start)
            kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = _RESOLVER.resolve(kind, None, event.implicit)
            node = kind(tag, [], start, None, flow_style=event.flow_style)
            total += 1
            if event.anchor is not None:
                anchors[event.anchor] = node
            add(node)
            stack.append((node, []))


class YamlDocument:
    """The data of a YAML file and the node tree that knows where each value was written.

    The text is read once (bounded: :func:`~boardapp.model.reading.read_bounded`) and parsed once
    by libyaml; the node tree keeps every value's line and column.
    """

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        try:
            self.node = _compose(text)
            self.data: Any = None if self.node is None else _Constructor().construct_document(self.node)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            what = exc.problem or exc.context or "not valid YAML"
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
