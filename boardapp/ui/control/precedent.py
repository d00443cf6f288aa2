"""A refusal that meets a ruling (issue 29.1): "Ruled 11:24 by Map Control: …", and one click to apply it
the same way.

The controller's :class:`~boardapp.ui.document.controller.Outcome` carries the standing rulings a refused
command meets (``precedents``). When there are some, the board shows this dialog instead of the plain
force dialog: the rules' reasons, each matching ruling with an **Apply the same** button (CONTROL forces
the command with that ruling's words), and CONTROL's own force with a reason of its own as before. An
umpire sees the rulings (and asks CONTROL): only CONTROL forces.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from boardapp.engine.staff import RulingRecord, hhmm
from boardapp.ui.control.dock import seat_of
from boardapp.ui.dialogs.command import ForceDialog

SHOWN = 3
"""Rulings shown at most (the best matches)."""


def applied_reason(ruling: RulingRecord) -> str:
    """The force reason that applies ``ruling`` again: 'As ruled 11:24 by Map Control (entry 12): …'."""
    return f"As ruled {hhmm(ruling.at)} by {ruling.by or 'CONTROL'} (entry {ruling.seq}): {ruling.text}"


class PrecedentDialog(ForceDialog):
    """The force dialog with the rulings the refused command meets, each with Apply the same."""

    def __init__(self, command: dict[str, Any], reasons: list[str], precedents: list[RulingRecord], *,
                 may_force: bool, parent: QWidget | None = None, module: Any = None, state: Any = None) -> None:
        super().__init__(command, reasons, parent, module=module, state=state)
        self.precedents = precedents[:SHOWN]
        self.apply_buttons: list[QPushButton] = []
        self.applied: RulingRecord | None = None
        box = QFrame()
        box.setObjectName("precedents")
        box.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(box)
        lay.addWidget(QLabel("<b>Control has ruled on this before:</b>"))
        for ruling in self.precedents:
            row = QHBoxLayout()
            text = QLabel(html.escape(ruling.headline(), quote=False)
                          + (" <i>(standing)</i>" if ruling.status == "standing" else ""))
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            row.addWidget(text, 1)
            button = QPushButton("Apply the same" if may_force else "Ask CONTROL")
            button.setToolTip("Force this command with the ruling's words" if may_force
                              else "Only CONTROL forces a command: send Control a note asking for this ruling "
                                   "to be applied to it")
            button.clicked.connect(lambda _c=False, r=ruling: self.apply_same(r) if may_force else self.ask(r))
            row.addWidget(button)
            self.apply_buttons.append(button)
            lay.addLayout(row)
        outer = self.layout()
        assert isinstance(outer, QVBoxLayout)
        outer.insertWidget(2, box)
        self.force_button.setVisible(may_force)
        self.reason.setEnabled(may_force)
        self.adjustSize()

    def apply_same(self, ruling: RulingRecord) -> None:
        self.applied = ruling
        self.reason.setText(applied_reason(ruling))
        self.accept()

    def ask(self, ruling: RulingRecord) -> None:
        """An umpire's one click: a note to all of Control asking CONTROL to apply ``ruling`` to this command."""
        self.asked = ruling
        self.done(2)

    asked: RulingRecord | None = None


def ask_text(command: dict[str, Any], ruling: RulingRecord, module: Any = None, state: Any = None) -> str:
    """The note an umpire's Ask CONTROL sends: the command in words and the ruling it asks for."""
    from boardapp.ui.dialogs.command import describe_command

    return (f"Please apply the ruling of entry {ruling.seq} ({ruling.headline()}) to "
            f"{describe_command(command, module, state)}")


def refusal_handler(window: Any, outcome: Any) -> bool:
    """Show a refusal that meets rulings in a :class:`PrecedentDialog` (True); others go on as before."""
    precedents = list(getattr(outcome, "precedents", ()) or ())
    if outcome.code != "illegal" or not precedents or not outcome.forceable:
        return False
    game = window.game
    may_force = seat_of(game)[1] == "control"
    window.statusBar().showMessage("Refused: " + "; ".join(outcome.reasons) + f" — {precedents[0].headline()}",
                                   10000)
    dlg = PrecedentDialog(outcome.command_data, list(outcome.reasons), precedents, may_force=may_force,
                          parent=window, module=game.module, state=game.state)
    dlg.accepted.connect(lambda: window.push(dlg.forced_command()))

    def finished(code: int) -> None:
        if code == 2 and dlg.asked is not None:
            panel = getattr(window, "control_team", None)
            text = ask_text(outcome.command_data, dlg.asked, game.module, game.state)
            if panel is not None:
                panel.submit({"kind": "note", "text": text[:2000]})

    dlg.finished.connect(finished)
    window.dialog = dlg
    dlg.open()
    return True
