"""Problems found in a file, and the error that carries them.

A problem names the file, the line and column where a person would look, and what would be
right. Loaders collect every problem they can find before raising, so a designer fixes a file
in one pass rather than one error at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file.

    >>> str(Problem("roads[2].between: no place 'kalen'", file=Path("maps/a.yaml"), line=12, column=5))
    "maps/a.yaml:12:5: roads[2].between: no place 'kalen'"
    """

    message: str
    """What is wrong and what would be right, in the game's words."""
    file: Path | None = None
    line: int | None = None
    """1-based line, when the problem can be pinned to one."""
    column: int | None = None
    """1-based column."""
    loc: tuple[str | int, ...] = field(default=(), compare=False)
    """Path of keys and indexes inside the document (used to find the line)."""
    severity: str = "error"
    """``"error"`` (the file cannot be used) or ``"warning"`` (it can, but look at it)."""

    def __str__(self) -> str:
        where = str(self.file) if self.file is not None else "<data>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}: {prefix}{self.message}"


class FileProblemsError(ValueError):
    """A file could not be used; :attr:`problems` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def format_loc(loc: tuple[str | int, ...]) -> str:
    """Write a location path the way a designer reads it.

    >>> format_loc(("roads", 2, "between"))
    'roads[2].between'
    """
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
