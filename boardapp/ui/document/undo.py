"""A window's undo steps: each holds the journal entry it stands for (orange-canvas's MoveNodeCommand
holds its node), so Ctrl+Z takes back exactly that entry, never someone else's on a shared game."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from boardapp.engine.journal import JournalEntry
from boardapp.ui.document.source import GameSource


def step_text(entry: JournalEntry) -> str:
    """What the Edit menu says of an entry: its first event, else its command's kind."""
    return entry.events[0].text if entry.events else str(entry.command.get("kind", "command"))


class JournalStep(QUndoCommand):
    """One accepted entry on Qt's undo stack. Undo asks the game to take back this entry only
    (a LAN host refuses unless it is still the last); redo asks to play this entry again.

    A refused undo or redo makes the step obsolete: Qt drops it from the stack, and ``refused`` says
    why, so the Edit menu never offers a step the game will not take."""

    def __init__(self, source: GameSource, entry: JournalEntry,
                 refused: Callable[[str], None] | None = None) -> None:
        super().__init__(step_text(entry))
        self.source = source
        self.entry = entry
        self.refused = refused
        self._first = True

    def redo(self) -> None:
        if self._first:  # already played through the controller
            self._first = False
            return
        try:
            again = self.source.redo(self.entry)
        except ValueError as exc:
            self._refuse(f"Redo refused: {exc}")
            return
        if again is None:
            self._refuse("")
        else:
            self.entry = again

    def undo(self) -> None:
        try:
            taken = self.source.undo(self.entry)
        except ValueError as exc:
            self._refuse(f"Undo refused: {exc}")
            return
        if taken is None:
            self._refuse("")

    def _refuse(self, why: str) -> None:
        self.setObsolete(True)
        if why and self.refused is not None:
            self.refused(why)
