"""Dialogs of the umpire's window that every rule system uses: CONTROL's force and the end-of-turn preview."""

from __future__ import annotations

from typing import Any

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


class ForceDialog(QDialog):
    """The rules refused a command: say why, and let CONTROL force it with a reason."""

    def __init__(self, command: dict[str, Any], reasons: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The rules refuse this")
        self.command = dict(command)
        lay = QVBoxLayout(self)
        what = ", ".join(f"{k}={v}" for k, v in command.items() if k != "kind")
        lay.addWidget(QLabel(f"<b>{command.get('kind', '?')}</b> {what} is not allowed:"))
        self.reasons = QListWidget()
        self.reasons.addItems(reasons)
        lay.addWidget(self.reasons)
        form = QFormLayout()
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("CONTROL's ruling, e.g. 'the road was repaired overnight'")
        form.addRow("Reason:", self.reason)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.force_button = QPushButton("Force (CONTROL ruling)")
        self.force_button.setEnabled(False)
        buttons.addButton(self.force_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.reason.textChanged.connect(lambda t: self.force_button.setEnabled(bool(t.strip())))
        lay.addWidget(buttons)

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
