"""The presiding officers' dialogs on the MUN board: goals, the third goal's ruling, points, conferences
and the end of the game (the commands of ``docs/commands-diplomacy.md``); and the officers' dock, which
shows each eliminated country — whose province it is, or a tie waiting for the officers' ruling with the
choice between the candidates (``rule_province``, issue #32).

Each dialog is a manifest dialog of Diplomacy (:data:`boardapp.builtin_rules.DIPLOMACY`), opened from
the Turn menu ▸ "Officers" entries; accepting it submits its :meth:`OfficersDialog.command` through the
window's controller (the one door), so a refusal shows the rules' reasons and CONTROL's force. The
dialog asks the rule module's ``check`` as the fields change and shows why it would be refused."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from boardapp.ui import contributions

KINDS: dict[str, str] = {
    "set_goals": "Set a power's two goals",
    "propose_goal": "A power proposes its own goal",
    "rule_goal": "Rule on a power's own goal",
    "award_points": "Award points for a goal",
    "open_conference": "Open a conference",
    "end_game": "End the game",
}
"""The officers' commands with a dialog, and each dialog's title."""


class OfficersDialog(QDialog):
    """One officers' command as a form: powers and provinces by name, texts, numbers; the rules'
    reasons for refusing it shown live under the form."""

    def __init__(self, window: Any, kind: str, parent: QWidget | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"no officers' dialog for {kind!r}; there are {sorted(KINDS)}")
        super().__init__(parent if parent is not None else window)
        self.window, self.kind = window, kind
        self.module = window.game.module
        self.setWindowTitle(KINDS[kind])
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        lay.addLayout(form)
        self.fields: dict[str, QWidget] = {}
        powers = [(p.id, p.name) for p in self.module.scenario.powers]
        if kind in ("set_goals", "propose_goal", "rule_goal", "award_points"):
            self.power = self._combo(powers)
            form.addRow("Power:", self.power)
        if kind == "set_goals":
            self.goal1, self.goal2 = QLineEdit(), QLineEdit()
            form.addRow("Goal 1:", self.goal1)
            form.addRow("Goal 2:", self.goal2)
        if kind == "propose_goal":
            self.goal_text = QLineEdit()
            form.addRow("Its own goal:", self.goal_text)
        if kind == "rule_goal":
            self.allowed = QCheckBox("Allowed: the goal counts")
            self.allowed.setChecked(True)
            form.addRow("", self.allowed)
        if kind == "award_points":
            self.goal = QComboBox()
            for n, text in ((1, "goal 1 (the officers')"), (2, "goal 2 (the officers')"), (3, "goal 3 (its own)")):
                self.goal.addItem(text, n)
            self.points = QSpinBox()
            self.points.setRange(0, 99)
            form.addRow("Goal:", self.goal)
            form.addRow("Points:", self.points)
        if kind == "open_conference":
            self.conf_name = QLineEdit()
            self.location = self._combo(sorted(((p.id, p.name) for p in self.module.map.places),
                                               key=lambda pair: pair[1]))
            self.form_kind = self._combo([(f, f) for f in ("conference", "congress", "convention")])
            self.delegations = QListWidget()
            for pid, name in powers:
                item = QListWidgetItem(name)
                item.setData(Qt.ItemDataRole.UserRole, pid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.delegations.addItem(item)
            self.delegations.itemChanged.connect(lambda _: self.update_reasons())
            form.addRow("Name:", self.conf_name)
            form.addRow("Where:", self.location)
            form.addRow("Form:", self.form_kind)
            form.addRow("Delegations:", self.delegations)
        if kind in ("rule_goal", "award_points", "end_game"):
            self.reason = QLineEdit()
            self.reason.setPlaceholderText("shown in the log")
            form.addRow("Reason:", self.reason)
        for child in self.findChildren(QLineEdit):
            child.textChanged.connect(lambda _: self.update_reasons())
        for child in self.findChildren(QComboBox):
            child.currentIndexChanged.connect(lambda _: self.update_reasons())
        for child in self.findChildren(QSpinBox):
            child.valueChanged.connect(lambda _: self.update_reasons())
        for child in self.findChildren(QCheckBox):
            child.toggled.connect(lambda _: self.update_reasons())
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #a00000")
        lay.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.addButton(KINDS[kind].split(" ")[0] if kind != "end_game" else "End the game",
                                           QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.update_reasons()

    def _combo(self, items: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox()
        for ident, name in items:
            combo.addItem(name, ident)
        return combo

    def command(self) -> dict[str, Any]:
        """The command as the form stands (submitted when the dialog is accepted)."""
        cmd: dict[str, Any] = {"kind": self.kind}
        if hasattr(self, "power"):
            cmd["power"] = self.power.currentData()
        if self.kind == "set_goals":
            cmd["goals"] = [self.goal1.text().strip(), self.goal2.text().strip()]
        elif self.kind == "propose_goal":
            cmd["goal"] = self.goal_text.text().strip()
        elif self.kind == "rule_goal":
            cmd["allowed"] = self.allowed.isChecked()
        elif self.kind == "award_points":
            cmd |= {"goal": self.goal.currentData(), "points": self.points.value()}
        elif self.kind == "open_conference":
            cmd |= {"name": self.conf_name.text().strip(), "location": self.location.currentData(),
                    "form": self.form_kind.currentData(),
                    "powers": [self.delegations.item(i).data(Qt.ItemDataRole.UserRole)
                               for i in range(self.delegations.count())
                               if self.delegations.item(i).checkState() == Qt.CheckState.Checked]}
        if hasattr(self, "reason") and self.reason.text().strip():
            cmd["reason"] = self.reason.text().strip()
        return cmd

    def reasons(self) -> list[str]:
        """Why the rules would refuse the command as it stands (empty: they accept it)."""
        game = self.window.game
        try:
            return [str(r) for r in self.module.check(game.state, self.module.parse_command(self.command()))]
        except ValueError as exc:  # not yet a valid command (a missing field)
            return [str(exc).splitlines()[0]]

    def update_reasons(self) -> None:
        reasons = self.reasons()
        self.refusal.setText("\n".join(f"• {r}" for r in reasons))
        self.refusal.setVisible(bool(reasons))


def _opener(kind: str) -> Any:
    def run(window: Any) -> QDialog:
        done = contributions.installed(window)
        if done is None:
            raise RuntimeError("Diplomacy's contributions are not installed in this window")
        return done.open_dialog(f"diplomacy.{kind}")

    run.__doc__ = f"Turn ▸ {KINDS[kind]}… (manifest action ``diplomacy.{kind}``)."
    return run


def _factory(kind: str) -> Any:
    def make(window: Any) -> OfficersDialog:
        return OfficersDialog(window, kind)

    make.__doc__ = f"The dialog of ``{kind}`` (manifest dialog ``diplomacy.{kind}``)."
    return make


set_goals, propose_goal, rule_goal, award_points, open_conference, end_game = (
    _opener(k) for k in ("set_goals", "propose_goal", "rule_goal", "award_points", "open_conference", "end_game"))
set_goals_dialog, propose_goal_dialog, rule_goal_dialog, award_points_dialog, open_conference_dialog, \
    end_game_dialog = (_factory(k) for k in ("set_goals", "propose_goal", "rule_goal", "award_points",
                                             "open_conference", "end_game"))


class ProvincesPanel(QWidget):
    """The officers' dock: each eliminated country, whose province it is, and for a tie (two powers took its
    last centres in the same season) the candidates to choose between and a button that submits
    ``rule_province`` through the window's controller. A ruled tie keeps its choice, to change the ruling."""

    def __init__(self, window: Any) -> None:
        super().__init__()
        self.window = window
        self.setObjectName("diplomacy-officers")
        lay = QVBoxLayout(self)
        self.title = QLabel("<b>Eliminated countries</b>")
        lay.addWidget(self.title)
        self.grid = QGridLayout()
        lay.addLayout(self.grid)
        lay.addStretch(1)
        self.rows: dict[str, tuple[QLabel, QComboBox | None, QPushButton | None]] = {}
        self.show_game()
        stop = window.game.subscribe(lambda *_args: self.show_game())
        self.destroyed.connect(lambda _obj=None: stop())

    def show_game(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = {}
        game = self.window.game
        module, state = game.module, game.state
        eliminated: dict[str, str] = getattr(state, "eliminated", {})
        ties: dict[str, tuple[str, ...]] = getattr(state, "province_ties", {})
        if not eliminated:
            self.grid.addWidget(QLabel("No country is eliminated."), 0, 0)
            return
        row = 0
        for p in module.scenario.powers:
            if p.id not in eliminated:
                continue
            taker = eliminated[p.id]
            cands = ties.get(p.id, ())
            if not taker:
                text = (f"{p.name}: awaiting the officers' ruling — "
                        f"{' or '.join(module.power_name(c) for c in cands)} took its last centres")
            else:
                how = "the officers' ruling" if cands else "took its last supply centre"
                text = f"{p.name}: a province of {module.power_name(taker)} ({how})"
            label = QLabel(text)
            label.setWordWrap(True)
            if not taker:
                label.setStyleSheet("color: #a00000; font-weight: bold")
            self.grid.addWidget(label, row, 0, 1, 3)
            combo: QComboBox | None = None
            button: QPushButton | None = None
            if cands:
                row += 1
                combo = QComboBox()
                for c in cands:
                    combo.addItem(module.power_name(c), c)
                if taker in cands:
                    combo.setCurrentIndex(cands.index(taker))
                button = QPushButton("Rule" if not taker else "Change the ruling")
                button.clicked.connect(lambda _=False, pw=p.id, box=combo: self.rule(pw, box.currentData()))
                self.grid.addWidget(QLabel("Province of:"), row, 0)
                self.grid.addWidget(combo, row, 1)
                self.grid.addWidget(button, row, 2)
            self.rows[p.id] = (label, combo, button)
            row += 1

    def rule(self, power: str, to: str) -> Any:
        """Submit the officers' ruling (a refusal shows the rules' reasons and CONTROL's force)."""
        return self.window.controller.submit({"kind": "rule_province", "power": power, "to": to})


def officers_dock(window: Any) -> ProvincesPanel:
    """The manifest dock ``diplomacy.officers``: the eliminated countries and the ties to rule."""
    return ProvincesPanel(window)
