"""The Seats dock's panel: every seat holding a code, its role, teams, state, lag and address, and Kick.

Split out of :mod:`boardapp.ui.network.windows` (which re-exports :class:`HostStatusPanel`): that module is the
Game menu's hosting and joining; this one is the list CONTROL watches while hosting.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from boardapp.ui.network.loops import HostRunner

RED, GREY = "#c62828", "#666666"


def _ago(t: float | None) -> str:
    if not t:
        return ""
    s = max(0.0, time.time() - t)
    return f"{s:.0f} s ago" if s < 120 else f"{s / 60:.0f} min ago"


def lag_text(lag: float | None) -> str:
    return "—" if lag is None else f"{lag * 1000:.0f} ms"


class HostStatusPanel(QWidget):
    """Every seat holding a code, connected or not (issue 19.9): Kick first (so it is never scrolled out of
    view), then the seat, its role and teams (by name), whether it is online ("offline since 11:24"),
    its lag and address. Kick asks first: it revokes the code for good."""

    COLUMNS = ("", "Seat", "Role", "Teams", "State", "Lag", "Address")

    def __init__(self, runner: HostRunner, parent: QWidget | None = None,
                 team_names: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.team_names = team_names or {}
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.address = QLabel()
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setWordWrap(True)
        lay.addWidget(self.address)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        lay.addWidget(self.table, 1)
        self.refusals = QLabel()
        """The host's latest refusals and drops (wrong or revoked codes, too many connections, dead or
        slow seats): what a venue's Wi-Fi and a rogue laptop look like from CONTROL's chair."""
        self.refusals.setWordWrap(True)
        self.refusals.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.refusals)
        row = QHBoxLayout()
        self.codes_button = QPushButton("Join codes…")
        row.addWidget(self.codes_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.kick_buttons: dict[str, QPushButton] = {}
        self.rows: list[dict[str, Any]] = []
        self.confirm = self._ask_kick
        """Asked before a kick, with the seat's name: True to kick (tests answer it themselves)."""
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def _teams(self, teams: list[str] | None) -> str:
        return "every team" if teams is None else ", ".join(self.team_names.get(t, t) for t in teams) or "none"

    @staticmethod
    def state_text(row: dict[str, Any]) -> str:
        """'online', 'online (2 connections)', 'offline since 11:24' or 'not joined yet'."""
        if row["online"]:
            return "online" + (f" ({row['online']} connections)" if row["online"] > 1 else "")
        if row["left_at"] is not None:
            return "offline since " + time.strftime("%H:%M", time.localtime(row["left_at"]))
        return "not joined yet"

    def refresh(self) -> None:
        from boardapp.ui.network.loops import SEAT_FOR_HOST  # lazy: see the imports

        if not self.runner.running:
            self.address.setText("Not hosting.")
            self.table.setRowCount(0)
            self.rows = []
            self.kick_buttons = {}
            return
        try:
            rows = self.runner.call(lambda h: h.seats())
        except Exception as exc:  # the host's loop is stuck or gone: say so, keep the window alive
            self.address.setText(f"Host status unavailable: {exc}")
            return
        try:
            refused = self.runner.call(lambda h: h.recent_refusals())
        except Exception:  # an older host without the list: nothing to show
            refused = []
        self.refusals.setText(self.refusals_text(refused))
        online = sum(1 for r in rows if r["online"])
        web = self.runner.web_urls
        self.address.setText(f"Hosting at {self.runner.url} — {online} of {len(rows)} seats online"
                             + (f"\nPlayers' web page: {'  '.join(web)}" if web else ""))
        self.rows = rows
        self.table.setRowCount(len(rows))
        self.kick_buttons = {}
        for i, r in enumerate(rows):
            state = self.state_text(r)
            teams = self._teams(r["teams"]) + (" and allies" if r.get("allies") else "")
            for j, text in enumerate((r["seat"], r["role"], teams if r["role"] == "umpire" else "",
                                      state, lag_text(r["lag"]) if r["online"] else "", r["address"]), start=1):
                item = QTableWidgetItem(text)
                if j == 4 and not r["online"]:
                    item.setForeground(QColor(RED if r["left_at"] is not None else GREY))
                self.table.setItem(i, j, item)
            if r["seat"] == SEAT_FOR_HOST:
                self.table.setCellWidget(i, 0, QLabel("this board"))
                continue
            kick = QPushButton("Kick")
            kick.setToolTip("Revoke this seat's code: it is disconnected and the code never works again")
            kick.clicked.connect(lambda _=False, token=r["token"], name=r["seat"]: self.ask_and_kick(token, name))
            self.table.setCellWidget(i, 0, kick)
            self.kick_buttons[r["seat"]] = kick
        self._room_for_rows(len(rows))

    SHOWN_ROWS = 6
    """The Seats dock is at least this many rows tall (fewer when there are fewer seats): about one row
    showed before (issue 24.4)."""

    def _room_for_rows(self, n: int) -> None:
        t = self.table
        t.resizeRowsToContents()
        row = max((t.rowHeight(i) for i in range(n)), default=t.verticalHeader().defaultSectionSize())
        frame = 2 * t.frameWidth() + t.horizontalHeader().height() + t.horizontalScrollBar().sizeHint().height()
        t.setMinimumHeight(frame + row * max(1, min(n, self.SHOWN_ROWS)))

    REFUSAL_WORDS = {"unauthorized": "wrong code", "revoked": "kicked code", "overloaded": "too many connections",
                     "timeout": "silent too long", "too_slow": "not reading", "protocol": "bad message",
                     "too_big": "message too big", "malformed": "malformed message"}

    @classmethod
    def refusals_text(cls, refused: list[dict[str, Any]], most: int = 5) -> str:
        """'Refused or dropped: 11:24 wrong code from 10.0.0.7:51234; …' (the newest ``most``), or ''."""
        if not refused:
            return ""
        lines = []
        for r in refused[:most]:
            when = time.strftime("%H:%M", time.localtime(r["at"]))
            who = r["seat"] or r["address"] or "?"
            lines.append(f"{when} {cls.REFUSAL_WORDS.get(r['code'], r['code'])}: {who}")
        more = f" (+{len(refused) - most} more)" if len(refused) > most else ""
        return "Refused or dropped: " + "; ".join(lines) + more

    def _ask_kick(self, name: str) -> bool:
        answer = QMessageBox.question(
            self, "Kick a seat", f"Kick {name}? Its code stops working for good: {name} is disconnected now, "
            "and joining again needs a new code (Join codes…).",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def ask_and_kick(self, token: str, name: str) -> bool:
        """Kick after CONTROL confirms; True when kicked."""
        if not self.confirm(name):
            return False
        self.kick(token, name)
        return True

    def kick(self, token: str, name: str = "") -> None:
        self.runner.revoke(token)
        self.refresh()
