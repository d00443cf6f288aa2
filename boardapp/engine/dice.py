"""Dice: seeded and logged, or given by the umpire, and replayable.

Every random number a command uses is drawn through a :class:`Dice`; the game records what was
drawn with the command in the journal, and replays it from that record, so a replay gives the
same state whatever the seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class DiceError(ValueError):
    """Dice cannot give the draw asked for (a script ran out, or gave a value outside the draw's range)."""


class DiceExhaustedError(DiceError):
    """A script of dice ran out."""


class DiceRangeError(DiceError):
    """A given value (``--dice``, a typed roll, a recorded roll) is outside the range of the draw that takes it."""


class Dice:
    """A source of d6 rolls and other draws that remembers what it gave."""

    known = True
    """Whether the numbers drawn are the ones the command will really draw. A preview on dice not cast
    yet draws stand-ins (:class:`UnknownDice`): a rule module then words such a result as drawn when it
    happens, never as a number it cannot know."""

    def __init__(self) -> None:
        self.drawn: list[int] = []

    def _next(self, low: int, high: int) -> int:
        raise NotImplementedError

    def randint(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        value = self._next(low, high)
        if not low <= value <= high:
            raise DiceRangeError(self._out_of_range(value, low, high))
        self.drawn.append(value)
        return value

    def _out_of_range(self, value: int, low: int, high: int) -> str:
        return f"a draw of {value} is outside {low}..{high}"

    def d6(self) -> int:
        return self.randint(1, 6)

    def draw(self, count: int) -> int:
        """One of ``count`` listed items drawn at random: its number, 1 to ``count`` (like a die with
        ``count`` faces, so that a referee may type the number of the item drawn by hand)."""
        return self.randint(1, count)

    def take(self) -> list[int]:
        """What was drawn since the last ``take``."""
        out, self.drawn = self.drawn, []
        return out


class SeededDice(Dice):
    """Pseudo-random and reproducible from its seed."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def _next(self, low: int, high: int) -> int:
        return self._rng.randint(low, high)


class UnknownDice(SeededDice):
    """Stand-ins for dice not cast yet (a preview of the end of turn where the game's draws are not fixed by
    a seed or a script): they give numbers, so that the command runs, but say they are not the real ones."""

    known = False


class ScriptedDice(Dice):
    """Gives the numbers it was given, in order (``--dice 6,3,…``, or a journal entry's record).

    >>> d = ScriptedDice([6, 3])
    >>> d.d6(), d.d6()
    (6, 3)
    """

    def __init__(self, values: Iterable[int], fallback: Dice | None = None, what: str = "dice") -> None:
        super().__init__()
        self._values = list(values)
        self._pos = 0
        self._fallback = fallback
        self._what = what

    def _next(self, low: int, high: int) -> int:
        if self._pos < len(self._values):
            value = self._values[self._pos]
            self._pos += 1
            return value
        if self._fallback is not None:
            v = self._fallback.randint(low, high)
            self._fallback.drawn.clear()
            return v
        raise DiceExhaustedError(f"the {self._what} ran out after {len(self._values)} draws")

    def _out_of_range(self, value: int, low: int, high: int) -> str:
        return (f"the {self._what}: value number {self._pos}, {value}, is outside the range of the draw that "
                f"takes it ({low} to {high})")

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos
