"""War in Binni's fight dialog: an attack on a place, its sides, odds and die, built from the rule module's answers."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from boardapp.ui.control.dock import seat_of


class FightDialog(QDialog):
    """An attack on a place: both sides, their values, stores, support, the odds column, the die
    (typed from a physical roll or rolled on screen), whose counters take the loss, and the retreat.

    "Fight" submits the attack through the window's controller and keeps the dialog open on the
    result (die, column, outcome, losses, retreat), so the umpire can read it out before closing:
    the die never exists only in a log tooltip."""

    def __init__(self, game: Any, place: str, attackers: list[str] | None = None,
                 parent: QWidget | None = None, controller: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self.place = place
        self.controller = controller
        """The one door the attack goes through (the window's GameController)."""
        self.entry: Any = None
        """The accepted attack's journal entry, once fought."""
        self._unsubscribe: Any = None
        module = game.module
        self.setWindowTitle(f"Attack on {module.map.place_by_id[place].name}")
        self.resize(560, 560)
        state = game.state
        lay = QVBoxLayout(self)
        near = {place, *module.map.neighbours(place)}
        here = module.board(state)
        mine = seat_of(game)[2]  # an umpire limited by his seat attacks with his teams' counters; CONTROL with all
        self.candidates = [pc for pc in here.pieces if pc.place in near and (mine is None or pc.team in mine)]
        box = QGroupBox("Attackers (in the place or one road away)")
        bl = QVBoxLayout(box)
        self.checks: dict[str, QCheckBox] = {}
        team_name = {t.id: t.name for t in module.teams}
        for pc in sorted(self.candidates, key=lambda p: (p.team, p.id)):
            cb = QCheckBox(f"{team_name.get(pc.team, pc.team)} {pc.label} {pc.value} — {pc.id} at "
                           f"{module.map.place_by_id[pc.place].name}")
            cb.setChecked(bool(attackers) and pc.id in attackers)
            cb.toggled.connect(self.update_sides)
            self.checks[pc.id] = cb
            bl.addWidget(cb)
        if not self.candidates:
            whose = "counter of the teams this seat commands" if mine is not None else "counter"
            self.none_near = QLabel(f"No {whose} in {module.map.place_by_id[place].name} or one road away.")
            bl.addWidget(self.none_near)
        lay.addWidget(box)
        form = QFormLayout()
        self.extra = QSpinBox()
        self.extra.setRange(0, 99)
        self.def_extra = QSpinBox()
        self.def_extra.setRange(0, 99)
        form.addRow("Attacker's extra stores:", self.extra)
        form.addRow("Defender's extra stores:", self.def_extra)
        # Air support: bombing missions and cruise missiles of either side's team.
        self.support: dict[tuple[str, str], QSpinBox] = {}
        for side, label in (("attacker", "Attacker's air support:"), ("defender", "Defender's air support:")):
            row = QHBoxLayout()
            for weapon, text in (("bombing", "bombing missions"), ("cruise_missile", "cruise missiles")):
                spin = QSpinBox()
                spin.setRange(0, 9)
                spin.setSuffix(f" {text}")
                spin.valueChanged.connect(self.update_sides)
                self.support[(side, weapon)] = spin
                row.addWidget(spin)
            form.addRow(label, row)
        self.sides = QLabel()
        self.sides.setTextFormat(Qt.TextFormat.RichText)
        self.sides.setWordWrap(True)
        form.addRow("Sides:", self.sides)
        self.die = QSpinBox()
        self.die.setRange(0, 6)
        self.die.setSpecialValueText("roll on screen")
        form.addRow("Die (typed):", self.die)
        self.att_loss = QComboBox()
        self.def_loss = QComboBox()
        self.retreat = QComboBox()
        form.addRow("Attacker's loss taken by:", self.att_loss)
        form.addRow("Defender's loss taken by:", self.def_loss)
        form.addRow("Defenders retreat to:", self.retreat)
        lay.addLayout(form)
        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        self.reasons.setStyleSheet("color: #a00000")
        lay.addWidget(self.reasons)
        self.result = QLabel()
        self.result.setObjectName("fight-result")
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result.setStyleSheet("QLabel#fight-result { border: 2px solid #305080; padding: 8px; }")
        self.result.hide()
        lay.addWidget(self.result)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.fight_button = self.buttons.addButton("Fight", QDialogButtonBox.ButtonRole.ActionRole)
        self.fight_button.setDefault(True)
        self.fight_button.clicked.connect(self.fight)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.finished.connect(self._stop_listening)
        self.extra.valueChanged.connect(self.update_sides)
        self.def_extra.valueChanged.connect(self.update_sides)
        self.update_sides()

    @classmethod
    def for_window(cls, window: Any, place: str, attackers: list[str] | None = None) -> FightDialog:
        """The dialog on the window's game (manifest dialog ``binni.fight``)."""
        return cls(window.game, place, attackers, window, controller=window.controller)

    def fight(self) -> None:
        """Submit the attack; the result shows here when the game accepts it (at once, or after
        CONTROL forces a refused attack in the window's force dialog)."""
        if self.controller is None:
            raise RuntimeError("the fight dialog has no controller to submit the attack to")
        if self._unsubscribe is None:
            self._unsubscribe = self.controller.on_accepted(self._accepted)
        self.controller.submit(self.attack_command())

    def _accepted(self, outcome: Any) -> None:
        entry = outcome.entry
        cmd = entry.command if entry is not None else {}
        if cmd.get("kind") != "attack" or cmd.get("place") != self.place or self.entry is not None:
            return
        self.entry = entry
        self.show_result(entry)

    def _stop_listening(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def show_result(self, entry: Any) -> None:
        """The fight's outcome in large type, then every event it produced (stores spent, losses, retreat)."""
        fight = next((e for e in entry.events if e.kind == "fight"), None)
        head = ""
        if fight is not None:
            d = fight.data
            head = (f"<p style='font-size:150%'><b>{d.get('result', '?')}</b></p>"
                    f"<p>die <b>{d.get('die', '?')}</b> on column <b>{d.get('column', '?')}</b> "
                    f"(attack {d.get('attack', '?')} against defence {d.get('defence', '?')})</p>")
        lines = "".join(f"<li>{html.escape(e.text)}</li>" for e in entry.events)
        self.result.setText(f"{head}<ul>{lines}</ul>")
        self.result.show()
        self.fight_button.hide()
        for cb in self.checks.values():
            cb.setEnabled(False)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        if close is not None:
            close.setText("Close")
            close.setDefault(True)
        self.adjustSize()

    def chosen(self) -> list[str]:
        return [cid for cid, cb in self.checks.items() if cb.isChecked()]

    def attack_command(self) -> dict[str, Any]:
        """The attack as chosen now (submitted by :meth:`fight`, not by accepting the dialog)."""
        cmd: dict[str, Any] = {"kind": "attack", "place": self.place, "attackers": self.chosen()}
        if self.extra.value():
            cmd["extra_stores"] = self.extra.value()
        if self.def_extra.value():
            cmd["defender_extra_stores"] = self.def_extra.value()
        for side in ("attacker", "defender"):
            weapons = [w for w in ("bombing", "cruise_missile") for _ in range(self.support[(side, w)].value())]
            if weapons:
                cmd[f"{side}_support"] = weapons
        if self.die.value():
            cmd["die"] = self.die.value()
        if self.att_loss.currentData():
            cmd["attacker_loss"] = [self.att_loss.currentData()]
        if self.def_loss.currentData():
            cmd["defender_loss"] = [self.def_loss.currentData()]
        if self.retreat.currentData():
            cmd["retreat_to"] = self.retreat.currentData()
        return cmd

    def update_sides(self) -> None:
        module, state = self.game.module, self.game.state
        chosen = self.chosen()
        # Attackers come from one team: once one is chosen, only its team-mates can join it.
        teams = {pc.id: pc.team for pc in self.candidates}
        side = {teams[c] for c in chosen}
        for cid, cb in self.checks.items():
            cb.setEnabled(not side or teams[cid] in side)
        self.att_loss.clear()
        self.def_loss.clear()
        self.retreat.clear()
        self.att_loss.addItem("the strongest (rules' default)", None)
        self.def_loss.addItem("the strongest (rules' default)", None)
        self.retreat.addItem("the first legal place (rules' default)", None)
        for cid in chosen:
            self.att_loss.addItem(cid, cid)
        if not chosen:
            self.sides.setText("Choose at least one attacker.")
            self.fight_button.setEnabled(False)
            self.reasons.setText("")
            return
        cmd = module.parse_command({k: v for k, v in self.attack_command().items() if k not in
                                    ("attacker_loss", "defender_loss", "retreat_to")})
        if hasattr(module, "fight_sides"):
            f = module.fight_sides(state, cmd)
            col = f["column"]
            names = {t.id: t.name for t in module.teams}
            self.sides.setText(
                f"<b>{names.get(f['team'], f['team'])}</b> attack <b>{f['attack']}</b> "
                f"(uses {f['stores']} stores) against "
                f"<b>{names.get(f['defender_team'], f['defender_team'] or 'nobody')}</b> defence "
                f"<b>{f['defence']}</b><br>odds column: <b>{col if col is not None else 'below 1:1'}</b><br>"
                "defenders: " + (", ".join(f"{d.id} ({d.value})" for d in f["defenders"]) or "none"))
            for d in f["defenders"]:
                self.def_loss.addItem(d.id, d.id)
            if f["defenders"] and hasattr(module, "retreat_options"):
                for p in module.retreat_options(state, self.place, f["defenders"]):
                    self.retreat.addItem(module.map.place_by_id[p].name, p)
        reasons = module.check(state, cmd)
        self.reasons.setText("\n".join(reasons))
        self.fight_button.setEnabled(True)
