"""A word-wrapped label in a dock kept whole: as tall as its wrapped text needs at the width it has.

A dock's layout does not ask a label's height for its width, so a label that wraps onto a second line keeps the
one line's height and is cut top and bottom. Seen in the game-day rehearsal of 27 Nov on Xvfb at 1920x1080:
the Big screen dock's clock line ("Turn 1 (2000) — I Sever diplomatic relations  45:00 — paused"), The Game's
Turn dock ("steps: 18") and Coup's "Combat round 1: the Government lays out".
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QLabel


class _KeepWhole(QObject):
    def __init__(self, label: QLabel) -> None:
        super().__init__(label)
        self.label = label
        self.pending = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Resize: a new width; Paint: maybe new text (QLabel tells no one of setText). Never inside the paint.
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Paint) and not self.pending:
            self.pending = True
            QTimer.singleShot(0, self, self.fit)
        return False

    def fit(self) -> None:
        self.pending = False
        label = self.label
        need = label.heightForWidth(label.width()) if label.text() else -1
        if need > 0 and need != label.minimumHeight():
            label.setMinimumHeight(need)


def keep_whole(label: QLabel) -> QLabel:
    """Give ``label`` (word-wrapped) the height its text needs whenever its width or text changes."""
    keeper = _KeepWhole(label)
    label.installEventFilter(keeper)
    return label
