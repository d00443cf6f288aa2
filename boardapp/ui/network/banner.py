"""A banner across the top of a window, big enough to read from the back of the hall.

The big screen's title bar is invisible on a projector, so what the hall must know — the screen is
offline and reconnecting, a fight's result — is said in a banner over the picture (issue 19.5-6). It is
a child label laid over its window (no layout of the window is touched), kept at the top as the window
resizes; a banner with a timeout hides by itself, a sticky one stays until :meth:`Banner.clear`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

SPAN = 0.66
"""The banner's width, as a share of its window's."""
OFFLINE = "#c62828"
NEWS = "#263238"


class Banner(QLabel):
    """A banner over ``window``: :meth:`say` shows a sentence (for ``ms`` milliseconds, 0: until cleared)."""

    def __init__(self, window: QWidget, name: str, bottom: bool = False) -> None:
        super().__init__(window)
        self.bottom = bottom
        self.setObjectName(name)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear)
        window.installEventFilter(self)

    def say(self, text: str, ms: int = 0, colour: str = NEWS, avoid_y: float | None = None) -> None:
        """Show ``text``; ``avoid_y``: where the place it is about is, as a share of the window's height —
        the banner then follows the board's one rule (:func:`boardapp.ui.board.banner.at_bottom`)."""
        if avoid_y is not None:
            from boardapp.ui.board.banner import at_bottom

            self.bottom = at_bottom(avoid_y)
        window = self.parentWidget()
        size = max(18, window.height() // 32) if window is not None else 24
        self.setStyleSheet(f"background: {colour}; color: white; font-weight: bold; font-size: {size}px;"
                           f" padding: {size // 2}px; border-radius: 6px;")
        self.setText(text)
        self._place()
        self.show()
        self.raise_()
        if ms:
            self._timer.start(ms)
        else:
            self._timer.stop()

    def clear(self) -> None:
        self._timer.stop()
        self.setText("")
        self.hide()

    def _place(self) -> None:
        window = self.parentWidget()
        if window is None:
            return
        # over the map's part (the left two thirds): the big screen's side bar, with the week and the clock,
        # stays in view (the rehearsal showed a full-width banner hiding the clock)
        width = int(window.width() * SPAN)
        self.setFixedWidth(width)
        self.adjustSize()
        margin = max(8, window.height() // 40)
        y = window.height() - self.height() - margin if self.bottom else margin
        self.move(int(window.width() * 0.01), y)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize and self.isVisible():
            self._place()
        return False
