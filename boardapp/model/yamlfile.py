"""Reading YAML files so that every problem can name its line and column.

PyYAML's composer keeps a mark (line, column) on every node; we keep the node tree beside the
plain data and walk it along a pydantic error's ``loc`` to find where a person should look.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from boardapp.model.problems import FileProblemsError, Problem, format_loc


class YamlDocument:
    """The data of a YAML file and the node tree that knows where each value was written."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        try:
            self.node = yaml.compose(text, Loader=yaml.SafeLoader)
            self.data: Any = yaml.load(text, Loader=yaml.SafeLoader)
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
            raise FileProblemsError([Problem(f"not valid YAML: the character #x{exc.character:04x} is not allowed "
                                             "(is this a text file?)", file=path, line=line, column=column)]) from None
        except yaml.YAMLError as exc:
            raise FileProblemsError([Problem(f"not valid YAML: {exc}", file=path)]) from None

    @classmethod
    def read(cls, path: str | Path) -> YamlDocument:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise FileProblemsError([Problem("no such file", file=path)]) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise FileProblemsError([Problem(f"cannot read the file: {exc}", file=path)]) from None
        return cls(path, text)

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
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
                if 0 <= part < len(node.value):
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
