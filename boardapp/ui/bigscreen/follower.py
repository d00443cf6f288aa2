"""The big screen's timer on a followed game file: :class:`~boardapp.engine.follow.JournalFollower`
(Qt-free) does the following; this only polls it from Qt's loop and turns its answers into signals."""

from __future__ import annotations

import sqlite3
import sys
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from boardapp.engine import follow
from boardapp.engine.follow import JournalFollower
from boardapp.ui.document.source import GameSource


class FileFollower(QObject):
    """Keeps a game opened read-only in step with its file while another process writes it."""

    changed = Signal()
    failed = Signal(str)
    clock = Signal(dict)
    """The clock record CONTROL's board shared in the game file (meta key ``clock``)."""

    MAX_INCREMENTAL = follow.MAX_INCREMENTAL

    def __init__(self, game: GameSource, store: Any = None, interval_ms: int = 200,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.core = JournalFollower(game, store)
        self.game = game
        self.store = self.core.store
        self.last_error = ""
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.poll)
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def poll(self) -> bool:
        """Catch up if the file changed since the last look; True when the game changed."""
        try:
            if not self.core.changed_on_disk():
                return False
            changed = self.core.poll()
            self._read_clock()
        except (sqlite3.Error, ValueError) as exc:  # GameFileError, ReplayMismatchError are ValueErrors
            msg = f"cannot follow {self.store.path}: {exc}"
            if msg != self.last_error:
                print(msg, file=sys.stderr)
            self.last_error = msg
            self.failed.emit(msg)
            return False
        self.last_error = ""
        if changed:
            self.changed.emit()
        return changed

    def _read_clock(self) -> None:
        record = self.core.clock()
        if record is not None:
            self.clock.emit(record)
