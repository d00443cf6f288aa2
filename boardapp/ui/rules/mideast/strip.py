"""The turn strip: the round, whose Player-Turn, the two phases chosen and the functions left.

A bar along the bottom of the umpire's window (manifest dock ``mideast.turn``). Before the phasing
player has chosen, it offers the synopsis' three orders of phases as buttons (Economic→Military,
Military→Diplomatic, Economic→Diplomatic); once chosen, it shows the functions of those phases in
order: done (✓), passed (grey: skipped, or played and gone beyond), the current one (▶) and those
still to come. Buttons do the functions that need no other panel (collect the Oil Revenue, a
drilling bid, Superpower Intervention) and end the Player-Turn (or the Negotiation Phase).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from boardapp.rules.mideast.state import FUNCTION_NAMES, PHASE_PAIRS
from boardapp.ui.rules.mideast.common import GamePanel, ink_on

PHASE_WORDS = {"economic": "Economic", "military": "Military", "diplomatic": "Diplomatic"}


class _WrappedLine(QLabel):
    """A word-wrapped label that asks for one line: a wrapped QLabel's size hint guesses a narrow width, and
    the Turn strip dock opened 76 px tall instead of 47 at 1920x1080."""

    def sizeHint(self) -> QSize:
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setHtml(self.text())
        width = int(doc.idealWidth()) + 2 * self.margin() + 4
        one_line = self.heightForWidth(width)
        return QSize(width, one_line) if one_line > 0 else super().sizeHint()


class TurnStrip(GamePanel):
    """Round · Player-Turn · phases · functions (done, skipped, current, left) · the turn's buttons."""

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(window, parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.round = QLabel()
        self.player = QLabel()
        self.player.setObjectName("player")
        self.player.setMargin(4)
        f = self.player.font()
        f.setPointSizeF(f.pointSizeF() * 1.35)
        f.setBold(True)
        self.player.setFont(f)
        row.addWidget(self.round)
        row.addWidget(self.player)
        self.choose: dict[tuple[str, str], QPushButton] = {}
        for pair in PHASE_PAIRS:
            b = QPushButton(" → ".join(PHASE_WORDS[p] for p in pair))
            b.setToolTip("Start the Player-Turn with these two phases, in this order")
            b.clicked.connect(lambda _c=False, pair=pair: self.submit({"kind": "choose_phases",
                                                                       "phases": list(pair)}))
            self.choose[pair] = b
            row.addWidget(b)
        self.phases = QLabel()
        row.addWidget(self.phases)
        self.functions = _WrappedLine()
        self.functions.setTextFormat(Qt.TextFormat.RichText)
        self.functions.setWordWrap(True)  # the functions' line wraps rather than widen a 1366/1400-px window
        self.functions.installEventFilter(self)
        row.addWidget(self.functions, 1)
        self.collect = QPushButton("Collect Oil Revenue")
        self.collect.clicked.connect(lambda: self.submit({"kind": "collect_oil"}))
        self.drill = QPushButton("Drill…")
        self.drill.clicked.connect(self.drill_dialog)
        self.superpower = QPushButton("Superpower Intervention")
        self.superpower.clicked.connect(lambda: self.submit({"kind": "superpower"}))
        self.end = QPushButton("End Player-Turn")
        self.end.clicked.connect(lambda: self.submit({"kind": "end_turn"}))
        for b in (self.collect, self.drill, self.superpower, self.end):
            row.addWidget(b)
        self.dialog: QDialog | None = None

    @classmethod
    def for_window(cls, window: Any) -> TurnStrip:
        strip = cls(window)
        strip.follow()
        return strip

    # --- drawing -----------------------------------------------------------------------
    def function_steps(self) -> list[tuple[str, str]]:
        """(function name, how it stands: 'done', 'passed', 'current', 'next' or 'left'), in order.

        'done' is a once-only function carried out; 'passed' one the turn has gone beyond (skipped, or a
        repeatable one such as drilling or moves that was played: either way it cannot be gone back to)."""
        r, state = self.rules, self.state
        out = []
        for i, f in enumerate(r.functions(state)):
            if f in state.used:
                how = "done"
            elif i < state.step:
                how = "passed"
            elif i == state.step:
                how = "current"
            else:
                how = "left"
            out.append((FUNCTION_NAMES[f], how))
        if out and state.step < 0:  # phases chosen, no function begun: point at the first
            out[0] = (out[0][0], "next")
        return out

    def show_game(self) -> None:
        r, state = self.rules, self.state
        self.round.setText(f"Round {state.round} of {r.sc.settings.rounds}")
        turn_on = not state.ended and not state.negotiation
        if state.ended:
            who, colour = f"Game over: {state.ended.upper()}", "#333333"
        elif state.negotiation:
            who, colour = "Negotiation Phase", "#555555"
        else:
            ph = r.phasing(state)
            team = next((c for c in r.sc.countries if c.id == ph), None)
            who, colour = f"{r.name(ph)}'s Player-Turn", (team.colour if team and team.colour else "#555555")
        self.player.setText(who)
        self.player.setStyleSheet(f"#player {{ background: {colour}; color: {ink_on(colour)}; border-radius: 3px; }}")
        chosen = bool(state.phases)
        shown = {**dict.fromkeys(self.choose.values(), turn_on and not chosen), self.phases: chosen,
                 **dict.fromkeys((self.collect, self.drill, self.superpower), turn_on and chosen)}
        for w in sorted(shown, key=shown.__getitem__):  # hidden first: never both sets at once in the row
            w.setVisible(shown[w])  # (the umpire's window grew from 1400 to 1841 px on End Player-Turn)
        self.phases.setText("Phases: " + " → ".join(PHASE_WORDS[p] for p in state.phases))
        look = {"done": "<span style='color:#2e7d32'>✓ {}</span>",
                "passed": "<span style='color:#888'>{}</span>",
                "current": "<b style='background:#fff3b0'>▶ {}</b>",
                "next": "<b>▷ {}</b>",
                "left": "<span>{}</span>"}
        steps = self.function_steps() if turn_on else []
        self.functions.setText(" > ".join(look[how].format(name) for name, how in steps))
        left = set(r.functions_left(state)) if turn_on else set()
        self.collect.setEnabled("oil_revenue" in left)
        self.drill.setEnabled("drilling" in left)
        self.superpower.setEnabled("superpower" in left)
        self.end.setText("End the round" if state.negotiation else "End Player-Turn")
        self.end.setEnabled(not state.ended)
        self._fit_functions()

    def eventFilter(self, obj: Any, event: Any) -> bool:
        if obj is self.functions and event.type() == QEvent.Type.Resize:
            self._fit_functions()
        return super().eventFilter(obj, event)

    def _fit_functions(self) -> None:
        """The wrapped functions' line gets the height its text needs at its width (a dock's row does not
        ask its labels' height for their width): two lines on a 1366-px laptop, one at 1920."""
        label = self.functions
        need = label.heightForWidth(label.width()) if label.text() else 0
        if need <= 0 or need == label.minimumHeight():
            return
        label.setMinimumHeight(need)

    # --- a drilling bid ----------------------------------------------------------------
    def drill_dialog(self) -> QDialog:
        """Zone (the phasing player's drillable zones), the bid, and what the umpire rules was found."""
        r, state = self.rules, self.state
        dlg = QDialog(self)
        dlg.setWindowTitle("Drilling bid")
        form = QFormLayout(dlg)
        zone = QComboBox()
        me = r.phasing(state)
        for z in r.sc.zones:
            if z.drillable and state.owner.get(z.id) == me:
                zone.addItem(r.zone_name(z.id), z.id)
        bid, found = QSpinBox(), QSpinBox()
        bid.setRange(0, 999)
        found.setRange(0, 99)
        form.addRow("Zone:", zone)
        form.addRow("Bid (Oil Chips to the Reserve):", bid)
        form.addRow("Found (added to the zone's oil; 0: a dry well):", found)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dlg.accept)
        buttons.rejected.connect(dlg.reject)
        form.addRow(buttons)
        dlg.accepted.connect(lambda: self.submit({"kind": "drill", "zone": zone.currentData(), "bid": bid.value(),
                                                  "found": found.value()}))
        self.dialog = dlg
        dlg.open()
        return dlg
