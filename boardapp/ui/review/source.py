"""A read-only :class:`~boardapp.ui.document.source.GameSource` over a review's positions.

The review window shows the ordinary board scene and the ordinary big screen; both read a game
through the GameSource protocol. :class:`ReviewSource` is that game at the review's current
position: ``state`` is the replayed state there, ``entries`` the journal up to it, and moving the
position tells listeners ``'reset'`` (the scene and the big screen redraw, as after opening a game).
Nothing can be played into a review: ``push`` refuses with an ``Impossible`` reason (not even
CONTROL can force it), and undo and redo do nothing. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Command, IllegalCommandError, Impossible
from boardapp.review.timeline import Review
from boardapp.ui.document.source import Listener

READ_ONLY = "this is a review of a finished game: nothing can be played into it (open the game itself to play on)"


class ReviewSource:
    """The game as it stood at ``position`` of ``review``; see the module docstring."""

    shared = False

    def __init__(self, review: Review, position: int | None = None) -> None:
        self.review = review
        self.position = review.last if position is None else position
        self._listeners: list[Listener] = []
        review.state_at(self.position)  # check the position now, not at the first paint

    # --- what the windows read --------------------------------------------------------------------
    @property
    def module(self) -> Any:
        return self.review.module

    @property
    def state(self) -> Any:
        return self.review.state_at(self.position)

    @property
    def entries(self) -> Sequence[JournalEntry]:
        return self.review.entries[: self.position]

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    @property
    def source(self) -> str:
        return self.review.source

    def summary(self) -> dict[str, Any]:
        result: dict[str, Any] = self.module.summary(self.state)
        return result

    # --- moving along the timeline ------------------------------------------------------------------
    def seek(self, position: int) -> None:
        """Show the game at ``position`` (0 … ``review.last``); listeners hear ``'reset'``."""
        if not 0 <= position <= self.review.last:
            raise IndexError(f"position {position} is outside the game: 0 (the start) to {self.review.last}")
        if position == self.position:
            return
        self.position = position
        self.review.state_at(position)
        for listener in list(self._listeners):
            listener("reset", self.review.entry_before(position))

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # --- the one door, shut -------------------------------------------------------------------------
    def parse(self, data: dict[str, Any] | Command) -> Any:
        return data if isinstance(data, Command) else self.module.parse_command(data)

    def push(self, command: dict[str, Any] | Command, command_id: str | None = None) -> JournalEntry:
        raise IllegalCommandError(self.parse(command), [Impossible(READ_ONLY)])

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        return None

    def redo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        return None
