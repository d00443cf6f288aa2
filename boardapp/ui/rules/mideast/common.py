"""What every Mid-East PEACE panel shares: listening to the window's game, submitting through its door.

A panel is built for one umpire's window (``for_window``) and redraws itself on every change of the
window's game. It reads the game's *public* board picture (``module.board``: no fist is ever in it)
and, for the choices it offers, the module's state; commands go through ``window.push`` — the
window's controller — so a refusal is shown with its reasons and CONTROL's force is offered.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from boardapp.engine.module import BoardPicture, Section
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.module import MideastRules
from boardapp.rules.mideast.state import MideastState

BLOC_COLOURS = {"red": "#c62828", "blue": "#1565c0"}
"""The Red and Blue Blocs' colours, on the umpire's board and in the hall."""


def section(picture: BoardPicture, section_id: str) -> Section | None:
    return next((s for s in picture.sections if s.id == section_id), None)


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads on ``fill``."""
    c = QColor(fill)
    return "#000000" if 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue() > 150 else "#ffffff"


class GamePanel(QWidget):
    """A panel that follows the window's game: subclasses draw in :meth:`show_game`. ``main`` is the umpire's
    window (not ``window``, which would hide QWidget.window())."""

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = window
        self._unsubscribe: Callable[[], None] | None = None

    def follow(self) -> None:
        """Start listening to the window's game (and draw it once now)."""
        game = self.main.game
        self.show_game()
        self._unsubscribe = game.subscribe(lambda _what, _entry: self.show_game())
        self.destroyed.connect(lambda _obj=None, stop=self._unsubscribe: _stop_quietly(stop))

    # --- what the panel reads ------------------------------------------------------------
    @property
    def module(self) -> MideastRules:
        module = self.main.game.module
        assert isinstance(module, MideastRules)
        return module

    @property
    def rules(self) -> Base:
        return self.module.rules

    @property
    def state(self) -> MideastState:
        state = self.main.game.state
        assert isinstance(state, MideastState)
        return state

    def picture(self) -> BoardPicture:
        """The public picture: what anyone at the umpire's desk may see (no fist)."""
        return self.module.board(self.state)

    def submit(self, command: dict[str, Any]) -> bool:
        """Submit through the window's one door; True when the journal took it."""
        return self.main.push(command) is not None

    def show_game(self) -> None:  # pragma: no cover - every panel overrides it
        raise NotImplementedError


def _stop_quietly(stop: Callable[[], None] | None) -> None:
    if stop is not None:
        with contextlib.suppress(ValueError, RuntimeError):
            stop()
