"""Dialogs of the umpire's window that every rule system uses: CONTROL's force and the end-of-turn preview."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


def name_of(module: Any, state: Any, value: Any) -> str:
    """A command field's value as the umpire says it: a counter, place or team by its name
    (the id in brackets where a name hides it), lists joined; anything else as written."""
    if isinstance(value, (list, tuple)):
        return ", ".join(name_of(module, state, v) for v in value)
    if not isinstance(value, str) or module is None:
        return str(value)
    teams = {t.id: t.name for t in getattr(module, "teams", ())}
    if value in teams:
        return str(teams[value])
    game_map = getattr(module, "map", None)
    place = getattr(game_map, "place_by_id", {}).get(value) if game_map is not None else None
    if place is not None:
        return str(place.name)
    counter_name = getattr(module, "counter_name", None)
    if counter_name is not None and state is not None:
        try:
            return str(counter_name(state, value))
        except (KeyError, AttributeError, ValueError):
            pass
    try:
        pieces = module.board(state).pieces if state is not None else []
    except Exception:  # a board picture the module cannot draw now: fall back to the id
        pieces = []
    for pc in pieces:
        if pc.id == value:
            return f"{teams.get(pc.team, pc.team)} {pc.label} {pc.value} ({pc.id})".replace("  ", " ")
    return value


def describe_command(command: dict[str, Any], module: Any = None, state: Any = None) -> str:
    """A refused command in words ("move: counter g-bde1 (Government Combat Brigade) · to Echo"),
    not as ``counter=g-bde1, to=echo``."""
    kind = str(command.get("kind", "?")).replace("_", " ")
    parts = [f"{key.replace('_', ' ')} {name_of(module, state, value)}"
             for key, value in command.items() if key not in ("kind", "force")]
    return f"{kind}: " + " · ".join(parts) if parts else kind


class ForceDialog(QDialog):
    """The rules refused a command: say why, and let CONTROL force it with a reason.

    The command is named in the game's words and every reason is shown whole (wrapped, never cut
    in a scrolling list); the dialog takes the height its text needs."""

    def __init__(self, command: dict[str, Any], reasons: list[str], parent: QWidget | None = None, *,
                 module: Any = None, state: Any = None, may_force: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("The rules refuse this")
        self.may_force = may_force
        """False on a seat that may not force (an umpire's, a player's): the reasons, no Force button."""
        self.command = dict(command)
        self.reason_texts = list(reasons)
        """The rules' reasons, in full."""
        lay = QVBoxLayout(self)
        self.what = QLabel()
        self.what.setTextFormat(Qt.TextFormat.RichText)
        self.what.setWordWrap(True)
        self.what.setText(f"<b>{html.escape(describe_command(command, module, state))}</b><br>is not allowed:")
        lay.addWidget(self.what)
        self.reasons = QLabel()
        self.reasons.setTextFormat(Qt.TextFormat.RichText)
        self.reasons.setWordWrap(True)
        self.reasons.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons.setText("<ul style='margin-left:-20px'>" + "".join(
            f"<li>{html.escape(r)}</li>" for r in reasons) + "</ul>")
        lay.addWidget(self.reasons)
        self.reason = QLineEdit()
        self.force_button: QPushButton | None = None
        if may_force:
            form = QFormLayout()
            self.reason.setPlaceholderText("CONTROL's ruling, e.g. 'the road was repaired overnight'")
            form.addRow("Reason:", self.reason)
            lay.addLayout(form)
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
            self.force_button = QPushButton("Force (CONTROL ruling)")
            self.force_button.setEnabled(False)
            buttons.addButton(self.force_button, QDialogButtonBox.ButtonRole.AcceptRole)
            force = self.force_button
            self.reason.textChanged.connect(lambda t: force.setEnabled(bool(t.strip())))
        else:
            self.reason.hide()
            only = QLabel("Only CONTROL may force a command the rules refuse: ask CONTROL if it should stand.")
            only.setObjectName("control-only")
            only.setWordWrap(True)
            lay.addWidget(only)
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        # Wide enough for a sentence per line at the screen's font, then as tall as the text needs.
        self.setMinimumWidth(min(self.fontMetrics().averageCharWidth() * 70, 1200))
        self.adjustSize()

    def forced_command(self) -> dict[str, Any]:
        return self.command | {"force": self.reason.text().strip()}


class PreviewDialog(QDialog):
    """What a command (end of turn) will do, before it is done."""

    def __init__(self, title: str, texts: list[str], parent: QWidget | None = None, ok: str = "Do it") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(640, 420)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(f"<b>{title}</b> will:"))
        self.list = QListWidget()
        self.list.addItems(texts or ["(nothing happens)"])
        self.list.setWordWrap(True)
        lay.addWidget(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(ok, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
