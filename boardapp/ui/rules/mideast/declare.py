"""Declaring moves by drag: dropping a zone's Forces on a neighbour asks how many go, and says what it is.

The rule module's ``drop_command`` tells the three apart — a **re-deployment** (into the player's
own zone), an **annexation** (into a zone no one owns) or an **attack** (on another player's zone) —
and proposes every Force free to move. The dialog names the kind in words and in its colour (green,
amber, red), lets the umpire lower the number, and for an attack offers the player's Superpower
Force in the zone (support: power x2, cost x3; attack: x2, x4, it moves in on a win). Accepting
submits the command through the window's door; cancelling leaves the board as it was.

Installed as the manifest's ``board_extras``: it takes the scene's drops over (``drop_hook``) and
draws the Bloc outlines (:mod:`boardapp.ui.rules.mideast.overlay`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from boardapp.rules.mideast.commands import Attack, Move
from boardapp.rules.mideast.module import MideastRules
from boardapp.rules.mideast.state import MideastState
from boardapp.ui.rules.mideast.overlay import BlocOutlines, OverturnedMarks

KIND_COLOURS = {"re-deploy": "#2e7d32", "annex": "#b26a00", "attack": "#c62828"}


def what_it_is(module: MideastRules, state: MideastState, command: Move | Attack) -> str:
    """'attack', 'annex' or 're-deploy': what the module's drop command means, in the game's words."""
    if isinstance(command, Attack):
        return "attack"
    return "annex" if state.owner.get(command.to) is None else "re-deploy"


class DeclareDialog(QDialog):
    """How many Forces go from one zone to its neighbour, and (for an attack) with which Superpower help."""

    def __init__(self, module: MideastRules, state: MideastState, command: Move | Attack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        r = module.rules
        self.base = command
        self.kind_word = what_it_is(module, state, command)
        mover = state.owner.get(command.zone)
        target = state.owner.get(command.to)
        sentence = {
            "re-deploy": f"Re-deploy {r.name(mover)}'s Forces from {r.zone_name(command.zone)} to "
                         f"{r.zone_name(command.to)}",
            "annex": f"{r.name(mover)} annexes {r.zone_name(command.to)} (no one holds it) from "
                     f"{r.zone_name(command.zone)}",
            "attack": f"{r.name(mover)} attacks {r.name(target)} in {r.zone_name(command.to)} from "
                      f"{r.zone_name(command.zone)}",
        }[self.kind_word]
        self.setWindowTitle({"re-deploy": "Re-deployment", "annex": "Annexation", "attack": "Attack"}[self.kind_word])
        form = QFormLayout(self)
        self.what = QLabel(sentence)
        self.what.setObjectName("what")
        self.what.setWordWrap(True)
        colour = KIND_COLOURS[self.kind_word]
        self.what.setStyleSheet(f"#what {{ color: white; background: {colour}; padding: 6px; font-weight: bold; }}")
        form.addRow(self.what)
        self.forces = QSpinBox()
        self.forces.setRange(1, command.forces)
        self.forces.setValue(command.forces)
        word = "moved up to the border (the cap of the fist)" if self.kind_word == "attack" else "moving"
        form.addRow(f"Forces {word}:", self.forces)
        self.superpower = QComboBox()
        for value, text in (("none", "no Superpower help"),
                            ("support", "Superpower Force supports (power x2, cost x3)"),
                            ("attack", "Superpower Force attacks (power x2, cost x4, moves in on a win)")):
            self.superpower.addItem(text, value)
        has_sf = any(s.zone == command.zone and s.player == mover for s in state.superpowers)
        if self.kind_word == "attack" and has_sf:
            form.addRow("Superpower:", self.superpower)
        else:
            self.superpower.setVisible(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            {"re-deploy": "Re-deploy", "annex": "Annex", "attack": "Declare the attack"}[self.kind_word])
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def command(self) -> dict[str, Any]:
        data = self.base.model_dump(mode="json", exclude_none=True)
        data["forces"] = self.forces.value()
        if self.kind_word == "attack":
            data["superpower"] = self.superpower.currentData()
        return data


class MideastBoard:
    """What the manifest's ``board_extras`` installs on the umpire's board; :meth:`uninstall` takes it out."""

    def __init__(self, window: Any, game: Any) -> None:
        self.window = window
        self.game = game
        self.scene = window.scene
        self.dialog: DeclareDialog | None = None
        self.scene.drop_hook = self.dropped
        self.scene.option_notes = True  # a drag writes 're-deploy', 'annex' or 'attack Libya' under each ring
        self.outlines = BlocOutlines(self.scene, game)
        self.overturned = OverturnedMarks(self.scene)

    def dropped(self, counter: str, place: str) -> bool:
        """A drop the module reads as a move or an attack opens the dialog; anything else is the scene's."""
        module, state = self.game.module, self.game.state
        if not isinstance(module, MideastRules) or not isinstance(state, MideastState):
            return False
        command = module.drop_command(state, counter, place)
        if not isinstance(command, (Move, Attack)):
            return False
        dlg = DeclareDialog(module, state, command, self.window)
        dlg.accepted.connect(lambda: self.window.push(dlg.command()))
        self.dialog = dlg
        dlg.open()
        return True

    def uninstall(self) -> None:
        if self.scene.drop_hook == self.dropped:
            self.scene.drop_hook = None
        self.scene.option_notes = False
        self.outlines.remove()
        self.overturned.remove()
        if self.dialog is not None:
            self.dialog.reject()
            self.dialog = None


def install(window: Any, game: Any) -> MideastBoard:
    return MideastBoard(window, game)
