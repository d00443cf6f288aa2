"""The review window's timeline: a slider over the positions, step and play buttons, forced rulings marked.

The slider's value is the position (0 = the scenario's start, ``review.last`` = the last command).
Steps go by command, by turn (the rule system's own grain: week, season, player-turn, step) or by
forced ruling, chosen in the 'by' box; play steps forward by the same grain on a timer. Forced
rulings are drawn as red ticks under the slider, turn ends as grey ones, so CONTROL sees where
the rules were overridden before stepping there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.clock import turn_word  # re-exported: what one step 'by turn' is called
from boardapp.review.timeline import Review, StepKind

CONTINUES = (" (retreats)",)
"""Turn labels that continue the turn before them: Diplomacy's retreats belong to their season (a step
'by season' goes Spring 1901 → Fall 1901 → Winter 1901, each stop after the season's retreats)."""

FORCED_COLOUR = QColor("#c62828")
TURN_COLOUR = QColor("#607d8b")


class TimelineSlider(QSlider):
    """A horizontal slider that marks turn ends (grey) and forced rulings (red) beneath its groove."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.turn_marks: tuple[int, ...] = ()
        self.forced_marks: tuple[int, ...] = ()
        self.setMinimumHeight(34)
        self.setTickPosition(QSlider.TickPosition.NoTicks)

    def x_of(self, position: int) -> int:
        """Where ``position`` lies on the widget (the handle's centre there)."""
        return self._x_map()(position)

    def _x_map(self) -> Callable[[int], int]:
        """position -> x, the style's geometry asked once (a paint marks every turn end and ruling)."""
        opt = QStyleOptionSlider()
        self.initStyleOption(opt)
        groove = self.style().subControlRect(QStyle.ComplexControl.CC_Slider, opt,
                                             QStyle.SubControl.SC_SliderGroove, self)
        handle = self.style().subControlRect(QStyle.ComplexControl.CC_Slider, opt,
                                             QStyle.SubControl.SC_SliderHandle, self)
        span = groove.width() - handle.width()
        lo, hi, left = self.minimum(), self.maximum(), groove.x() + handle.width() / 2
        return lambda position: int(left + QStyle.sliderPositionFromValue(lo, hi, position, span))

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        p = QPainter(self)
        h = self.height()
        x_of = self._x_map()
        for marks, colour, length in ((self.turn_marks, TURN_COLOUR, 6), (self.forced_marks, FORCED_COLOUR, 10)):
            p.setPen(QPen(colour, 2))
            for m in marks:
                x = x_of(m)
                p.drawLine(x, h - length, x, h)
        p.end()


class TimelineBar(QWidget):
    """Slider, step buttons, play, and where we are; emits :attr:`positionChanged`."""

    positionChanged = Signal(int)

    PLAY_MS = 400
    """One step of play every 0.4 s: a week of War in Binni per step is readable aloud."""

    def __init__(self, review: Review, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.review = review
        self.slider = TimelineSlider(self)
        self.slider.setObjectName("timeline")
        self.slider.setRange(0, review.last)
        self.slider.setValue(review.last)
        self.slider.setPageStep(max(1, review.last // 20))
        self.turn_stops = turn_stops(review)
        self.slider.turn_marks = self.turn_stops
        self.slider.forced_marks = review.forced
        self.by = QComboBox(self)
        self.by.addItem("by command", "command")
        self.by.addItem(f"by {self.turn_word()}", "turn")
        self.by.addItem("by forced ruling", "forced")
        self.by.setCurrentIndex(1)
        sp = QStyle.StandardPixmap
        self.start_button = self._button(sp.SP_MediaSkipBackward, "to the start", lambda: self.set_position(0))
        self.back_button = self._button(sp.SP_MediaSeekBackward, "step back", self.step_back)
        self.play_button = self._button(sp.SP_MediaPlay, "play (steps forward until the end)", self.toggle_play)
        self.play_button.setCheckable(True)
        self.forward_button = self._button(sp.SP_MediaSeekForward, "step forward", self.step_forward)
        self.end_button = self._button(sp.SP_MediaSkipForward, "to the end", lambda: self.set_position(review.last))
        self.where = QLabel(self)
        self.where.setObjectName("where")
        self.where.setMinimumWidth(280)
        top = QHBoxLayout()
        for b in (self.start_button, self.back_button, self.play_button, self.forward_button, self.end_button):
            top.addWidget(b)
        top.addWidget(self.by)
        top.addWidget(self.where, 1)
        legend = QLabel(f"<span style='color:{TURN_COLOUR.name()}'>▮</span> end of a {self.turn_word()}"
                        f"&nbsp;&nbsp;<span style='color:{FORCED_COLOUR.name()}'>▮</span> CONTROL forced a ruling "
                        f"({len(review.forced)})", self)
        top.addWidget(legend)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.addLayout(top)
        lay.addWidget(self.slider)
        self.timer = QTimer(self)
        self.timer.setInterval(self.PLAY_MS)
        self.timer.timeout.connect(self._play_step)
        self.slider.valueChanged.connect(self._slider_moved)
        self._describe(review.last)

    def _button(self, icon: QStyle.StandardPixmap, tip: str, slot: Any) -> QToolButton:
        """A button with the style's own media icon (glyphs like ⏮ are missing from common fonts)."""
        b = QToolButton(self)
        b.setIcon(self.style().standardIcon(icon))
        b.setToolTip(tip)
        b.clicked.connect(slot)
        return b

    def turn_word(self) -> str:
        """What one step 'by turn' is called in this game; see :func:`turn_word`."""
        return turn_word([t.label for t in self.review.turns])

    # --- where we are --------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return int(self.slider.value())

    @property
    def step_by(self) -> StepKind:
        kind: StepKind = self.by.currentData()
        return kind

    def set_position(self, position: int) -> None:
        self.slider.setValue(max(0, min(self.review.last, position)))

    def stops(self) -> tuple[int, ...]:
        """Where a step by the chosen grain stops (by turn: :func:`turn_stops`, the start and end included)."""
        if self.step_by == "turn":
            return tuple(sorted({0, *self.turn_stops, self.review.last}))
        return self.review.stops(self.step_by)

    def step_forward(self) -> None:
        self.set_position(next((p for p in self.stops() if p > self.position), self.review.last))

    def step_back(self) -> None:
        self.set_position(next((p for p in reversed(self.stops()) if p < self.position), 0))

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self.play_button.setChecked(False)
            self.play_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        else:
            if self.position >= self.review.last:
                self.set_position(0)
            self.timer.start()
            self.play_button.setChecked(True)
            self.play_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPause))

    def _play_step(self) -> None:
        self.step_forward()
        if self.position >= self.review.last:
            self.toggle_play()

    def _slider_moved(self, value: int) -> None:
        self._describe(value)
        self.positionChanged.emit(value)

    def _describe(self, position: int) -> None:
        entry = self.review.entry_before(position)
        if entry is None:
            text = f"position 0 of {self.review.last}: the start"
        else:
            forced = "  <b style='color:#c62828'>forced</b>" if entry.overridden else ""
            kind = entry.command.get("kind", "")
            text = f"position {position} of {self.review.last} · {entry.turn} · #{entry.seq} {kind}"
            text += forced
        self.where.setText(text)

    def mark_rect(self, position: int) -> QRect:
        """The slider's area around ``position`` (tests click there)."""
        x = self.slider.x_of(position)
        return QRect(x - 2, 0, 4, self.slider.height())


def turn_stops(review: Review) -> tuple[int, ...]:
    """The ends of the turns a step 'by turn' stops at: the journal's turns, a turn whose label continues
    the one before (Diplomacy's retreats, :data:`CONTINUES`) merged into it."""
    stops: list[int] = []
    for turn in review.turns:
        if stops and turn.label.endswith(CONTINUES):
            stops[-1] = turn.position
        else:
            stops.append(turn.position)
    return tuple(stops)
