"""The Game's step checklist: where the referee is in the turn sequence I-VI, what remains, what finishing the
step will do, and the "Finish step" button.

The preview is the module's own (``preview(state)``: the step's processing run on a copy); the button submits
the module's ``finish_command`` through the window's one door, so a refusal (an unsupplied unit in contact)
is shown and may be forced like any other. Named in the manifest as the dock ``thegame.steps``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from boardapp.rules.thegame.ledger import remaining
from boardapp.rules.thegame.steps import STEPS
from boardapp.ui.widgets.wrapfit import keep_whole

NOW = QColor("#ffe9a8")
DONE = QColor("#8a8a8a")


class StepChecklist(QWidget):
    """The eighteen steps with done / now marks, the current step's to-do and preview, and Finish step."""

    def __init__(self, game: Any, submit: Callable[[Any], Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.submit = submit
        self.where = QLabel()
        bold = QFont()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        self.where.setFont(bold)
        self.where.setWordWrap(True)
        self.steps = QTableWidget(len(STEPS), 3)
        self.steps.setHorizontalHeaderLabels(["step", "title", ""])
        self.steps.verticalHeader().hide()
        self.steps.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.steps.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        # eighteen compact rows: the whole sequence should be seen at a glance, not scrolled
        self.steps.setShowGrid(False)
        self.to_do = QLabel()
        self.to_do.setWordWrap(True)
        self.preview = QListWidget()
        self.preview.setWordWrap(True)
        self._size_rows()
        self.finish = QPushButton()
        self.finish.setObjectName("thegame-finish-step")
        keep_whole(self.where), keep_whole(self.to_do)  # wrapped, as tall as their text (the dock asks no more)
        box = QVBoxLayout(self)
        box.setSpacing(4)  # with the rows kept, an umpire's 1400x900 window stays 900 px tall
        box.addWidget(self.where)
        box.addWidget(self.steps, 5)
        box.addWidget(self.to_do)
        box.addWidget(QLabel("Finishing it will:"))
        box.addWidget(self.preview, 1)
        box.addWidget(self.finish)
        self.finish.clicked.connect(self._finish)
        self._unsubscribe: Callable[[], None] | None = game.subscribe(lambda _what, _entry: self.refresh())
        self.destroyed.connect(lambda _obj=None, stop=self._unsubscribe: _stop_quietly(stop))
        self.refresh()

    LEAST_ROWS = 5
    """The rows the list always shows (the step now is kept in view): squeezed by the docks above it, it showed one
    and a half after hosting at 1920x1080 (the rehearsal). Five, not more: an umpire's 1400x900 window must not grow
    (with eight it was 967 px tall on Xvfb)."""

    def _size_rows(self) -> None:
        row = self.fontMetrics().height() + 4
        self.steps.verticalHeader().setDefaultSectionSize(row)
        head = self.steps.horizontalHeader().sizeHint().height()
        self.steps.setMinimumHeight(head + self.LEAST_ROWS * row + 2 * self.steps.frameWidth())
        line = self.preview.fontMetrics().height()  # the preview may scroll: two lines at least, eight at most
        self.preview.setMinimumHeight(2 * line + 2 * self.preview.frameWidth() + 4)
        self.preview.setMaximumHeight(line * 8)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "preview"):  # scaled: rows grow with it
            self._size_rows()

    @classmethod
    def for_window(cls, window: Any) -> StepChecklist:
        return cls(window.game, window.push, window)

    def refresh(self) -> None:
        module, state = self.game.module, self.game.state
        at = state.step
        for i, st in enumerate(STEPS):
            status = "done" if i < at else "now" if i == at else ""
            cells = [QTableWidgetItem(st.code), QTableWidgetItem(st.title), QTableWidgetItem(status)]
            for col, item in enumerate(cells):
                if i == at:
                    item.setBackground(QBrush(NOW))
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                elif i < at:
                    item.setForeground(QBrush(DONE))
                self.steps.setItem(i, col, item)
        self.steps.resizeColumnsToContents()
        self.steps.horizontalHeader().setStretchLastSection(True)
        if at < len(STEPS):
            self.steps.scrollToItem(self.steps.item(at, 0))
            st = STEPS[at]
            self.where.setText(f"Turn {state.turn} ({state.year}) — step {st.code} of I-VI: {st.title}")
            left = remaining(module.world, state)
            self.to_do.setText(f"To do: {left}" if left else f"To do: nothing required — {st.does}")
            self.finish.setText(f"Finish step {st.code} ({st.title})")
        self.preview.clear()
        for event in module.preview(state):
            self.preview.addItem(event.text)

    def _finish(self) -> None:
        self.submit(self.game.module.finish_command(self.game.state))


def _stop_quietly(stop: Callable[[], None] | None) -> None:
    if stop is not None:
        with contextlib.suppress(ValueError):
            stop()
