"""Following a game file another process writes (the big screen on a second machine), without Qt.

A :class:`JournalFollower` keeps a game opened read-only (``open_game(path, readonly=True)``) in
step with its file: :meth:`JournalFollower.poll` looks at SQLite's ``data_version`` and, when
another connection committed, reads the journal and hands it to :meth:`Game.sync_to`, the one
engine-level way of following a journal (a LAN seat's mirror uses it too). A Qt window drives
:meth:`poll` from a timer (:class:`boardapp.ui.bigscreen.follower.FileFollower`).
"""

from __future__ import annotations

import json
from typing import Any

from boardapp.engine.game import Game
from boardapp.engine.gamefile import GameFile

MAX_INCREMENTAL = 16
"""More new entries than this at once: the game loads the journal whole (one redraw) instead."""


class JournalFollower:
    """Keeps ``game`` in step with the game file ``store`` (by default the file ``game`` follows)."""

    def __init__(self, game: Game[Any], store: GameFile | None = None) -> None:
        self.game = game
        followed = store if store is not None else game.follow
        if not isinstance(followed, GameFile):
            raise ValueError("this game follows no game file: open it with open_game(path, readonly=True)")
        self.store: GameFile = followed
        self._version = self.store.data_version()
        self._clock_text: str | None = None

    def changed_on_disk(self) -> bool:
        """Whether another connection committed since the last :meth:`poll`."""
        return self.store.data_version() != self._version

    def poll(self) -> bool:
        """Catch up if the file changed since the last look; True when the game changed.

        Raises ``sqlite3.Error`` or ``ValueError`` (a damaged or diverging journal) for the caller to
        report; the next poll tries again."""
        version = self.store.data_version()
        if version == self._version:
            return False
        changed = self.catch_up()
        self._version = version
        return changed

    def catch_up(self) -> bool:
        """Bring the game to the file's journal; True when it changed."""
        game = self.game
        mine = game.entries
        last = mine[-1].seq if mine else 0
        tail, undone = self.store.read_entries(after=max(0, last - 1))
        if not mine:
            theirs = tail
        elif tail and tail[0] == mine[-1]:
            theirs = [*mine, *tail[1:]]  # the file goes on from our last entry: read only what is new
        else:
            theirs, undone = self.store.read_entries()  # an undo (or an undo and a new command): all of it
        return game.sync_to(theirs, undone, bulk=MAX_INCREMENTAL)

    def clock(self) -> dict[str, Any] | None:
        """The clock record CONTROL's board last shared in the file (meta key ``clock``) if it is new."""
        text = self.store.meta().get("clock")
        if not text or text == self._clock_text:
            return None
        self._clock_text = text
        record: dict[str, Any] = json.loads(text)
        return record
