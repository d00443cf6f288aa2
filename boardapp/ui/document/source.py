"""What a window plays on: one declared protocol for the local game, a LAN seat and a followed file.

A board window, its panels and a rule system's extras never ask which kind of game they show. The
local :class:`~boardapp.engine.game.Game` (a game file or an unsaved game), a LAN seat's
:class:`~boardapp.ui.network.seats.LiveGame` (commands go to the host, the journal mirrors its
replica), a viewer's :class:`~boardapp.ui.network.seats.PublicGame` and a game file followed
read-only by the big screen all satisfy :class:`GameSource`. Changes go in only through
:class:`~boardapp.ui.document.controller.GameController` (the one door); everything else reads.

No Qt here: the protocol is checked by mypy and by ``isinstance`` (runtime-checkable) in tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import BoardPicture, Command, MoveOption

Listener = Callable[[str, JournalEntry | None], None]
"""('push' | 'undo' | 'redo' | 'reset' | 'replaced', the entry concerned); see :data:`boardapp.engine.game.Listener`."""


@runtime_checkable
class BoardModule(Protocol):
    """What generic windows read of a rule module: a full :class:`~boardapp.engine.module.RuleModule`
    has all of it; a viewer's public picture has just this."""

    title: str

    @property
    def map(self) -> Any: ...

    @property
    def scenario(self) -> Any: ...

    @property
    def teams(self) -> Sequence[Any]: ...

    def board(self, state: Any) -> BoardPicture: ...

    def turn_label(self, state: Any) -> str: ...

    def move_options(self, state: Any, piece: str) -> list[MoveOption]: ...

    def summary(self, state: Any) -> dict[str, Any]: ...


@runtime_checkable
class GameSource(Protocol):
    """A game a window shows and plays on."""

    @property
    def module(self) -> Any:
        """The rule module (a :class:`BoardModule` at least)."""

    @property
    def state(self) -> Any:
        """The module's state now (read it; never change it)."""

    @property
    def entries(self) -> Sequence[JournalEntry]:
        """The active journal, oldest first."""

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change; returns a function that unsubscribes."""

    def parse(self, data: dict[str, Any] | Command) -> Any:
        """The command ``data`` stands for (raises ValueError if it is malformed)."""

    def push(self, command: dict[str, Any] | Command, command_id: str | None = None) -> JournalEntry:
        """Play a command: its journal entry, or :class:`~boardapp.engine.module.IllegalCommandError`
        (a LAN seat's :class:`~boardapp.ui.network.seats.NetRefusal` says which kind of refusal)."""

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        """Take back ``entry`` (refused unless it is the last) or, without one, the last entry."""

    def redo(self, entry: JournalEntry | None = None) -> JournalEntry | None:
        """Play again ``entry`` (refused unless it is the next to redo) or, without one, the next."""

    def summary(self) -> dict[str, Any]: ...


def is_shared(source: GameSource) -> bool:
    """Whether other people play into this game too (a LAN seat): then a window undoes only the
    entries its own undo steps stand for, never 'the last entry, whoever played it'."""
    return bool(getattr(source, "shared", False))
