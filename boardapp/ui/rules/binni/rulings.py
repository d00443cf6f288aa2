"""War in Binni's CONTROL rulings dock: set a team's PR and supply resources, always with a reason.

Named in Binni's manifest as the dock ``binni.rulings``; its commands (``set_pr``, ``supply``) go
through the window's controller like every other."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)


class RulingsPanel(QWidget):
    """The team chooser, PR (0 to 8), resources and the reason kept in the log."""

    command = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.team = QComboBox()
        form.addRow("Team:", self.team)
        row = QHBoxLayout()
        self.pr = QSpinBox()
        self.pr.setRange(0, 8)
        self.set_pr = QPushButton("Set PR")
        row.addWidget(self.pr)
        row.addWidget(self.set_pr)
        form.addRow("PR (0–8):", row)
        supply = QHBoxLayout()
        self.money, self.stores, self.aid = QSpinBox(), QSpinBox(), QSpinBox()
        for label, spin in (("$M", self.money), ("stores", self.stores), ("aid", self.aid)):
            spin.setRange(-99, 99)
            supply.addWidget(QLabel(label))
            supply.addWidget(spin)
        self.supply = QPushButton("Supply")
        supply.addWidget(self.supply)
        form.addRow("Resources:", supply)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (kept in the log)")
        form.addRow("Reason:", self.reason)
        self._fit_rows()
        self.set_pr.setProperty("command_kind", "set_pr")  # CONTROL's: hidden on an umpire's board
        self.supply.setProperty("command_kind", "supply")
        self.set_pr.clicked.connect(self._set_pr)
        self.supply.clicked.connect(self._supply)
        self.team.currentIndexChanged.connect(self._team_chosen)
        self._tracks: dict[str, dict[str, Any]] = {}
        self._unsubscribe: Callable[[], None] | None = None

    def _fit_rows(self) -> None:
        """No taller than its rows: the room below "Reason" was a blank band (about 100 px at 1920x1080) while the
        Teams dock above showed 23 of its 25 rows; the dock's spare height goes to its neighbours."""
        self.setMaximumHeight(self.sizeHint().height())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # scaled to the screen: taller rows
            self._fit_rows()

    @classmethod
    def for_window(cls, window: Any) -> RulingsPanel:
        """The dock's contents for ``window`` (manifest dock ``binni.rulings``): kept up to date with
        the window's game, its commands submitted through the window's controller."""
        panel = cls()
        panel.command.connect(window.controller.submit)
        game = window.game
        panel.show_game(game)
        panel._unsubscribe = game.subscribe(lambda _what, _entry: panel.show_game(game))
        panel.destroyed.connect(lambda _obj=None, stop=panel._unsubscribe: _stop_quietly(stop))
        return panel

    def show_game(self, game: Any) -> None:
        picture = game.module.board(game.state)
        current = self.team.currentData()
        self.team.blockSignals(True)
        self.team.clear()
        self._tracks = {}
        for tr in picture.tracks:
            self._tracks[tr["team"]] = tr
            self.team.addItem(tr.get("name", tr["team"]), tr["team"])
        if current is not None and self.team.findData(current) >= 0:
            self.team.setCurrentIndex(self.team.findData(current))
        self.team.blockSignals(False)
        self._team_chosen()

    def _team_chosen(self) -> None:
        tr = self._tracks.get(self.team.currentData())
        if tr is not None and "pr" in tr:
            self.pr.setValue(int(tr["pr"]))

    def _set_pr(self) -> None:
        self.command.emit({"kind": "set_pr", "team": self.team.currentData(), "level": self.pr.value(),
                           "reason": self.reason.text().strip()})

    def _supply(self) -> None:
        self.command.emit({"kind": "supply", "team": self.team.currentData(), "money": self.money.value(),
                           "stores": self.stores.value(), "aid": self.aid.value(),
                           "reason": self.reason.text().strip()})


def _stop_quietly(stop: Callable[[], None] | None) -> None:
    """Stop listening to the game (once: a second call finds the listener already gone)."""
    if stop is not None:
        with contextlib.suppress(ValueError):
            stop()
