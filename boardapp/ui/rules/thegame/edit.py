"""The referee's "Edit figure…": set any figure of The Game with a reason (the module's logged ``edit``).

The dialog reads the figure's value now (the command carries it as ``old``, so an edit made meanwhile by
someone else is refused rather than overwritten) and parses the new value as the same kind of value.
Named in the manifest as the dialog ``thegame.edit``; accepting it submits its :meth:`command` through
the window's one door (``contributions.Installed.open_dialog``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from boardapp.rules.thegame.referee import Value, value_at
from boardapp.ui import contributions


def parse_value(text: str, like: Value) -> Value:
    """``text`` read as the same kind of value as ``like`` (ValueError saying what is expected).

    >>> parse_value(" 42 ", 7), parse_value("no", True), parse_value("", "france"), parse_value("japan", None)
    (42, False, None, 'japan')
    >>> parse_value("lots", 7)
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a whole number
    """
    text = text.strip()
    if isinstance(like, bool):
        if text.lower() in ("true", "yes", "1"):
            return True
        if text.lower() in ("false", "no", "0"):
            return False
        raise ValueError(f"{text!r} is not true or false")
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
    return text or None


class EditFigureDialog(QDialog):
    """Path, the value now, the new value and the reason; OK only when the three make a command."""

    def __init__(self, game: Any, path: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.setWindowTitle("Edit figure")
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        form = QFormLayout(self)
        self.path = QLineEdit(path or "")
        self.path.setPlaceholderText("nations.<id>.bank, regions.<id>.pool, regions.<id>.stock.food …")
        self.now = QLabel()
        self.new = QLineEdit()
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (kept in the log)")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        form.addRow("Figure:", self.path)
        form.addRow("Now:", self.now)
        form.addRow("New value:", self.new)
        form.addRow("Reason:", self.reason)
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self._old: Value = None
        for field in (self.path, self.new, self.reason):
            field.textChanged.connect(self._recheck)
        self._recheck()
        if path:
            self.new.setText("" if self._old is None else str(self._old))
            self.new.setFocus()

    @classmethod
    def for_window(cls, window: Any, path: str | None = None) -> EditFigureDialog:
        return cls(window.game, path, window)

    def _recheck(self) -> None:
        """Read the figure's value now and say what stops the edit (OK is enabled only when nothing does)."""
        problem = ""
        path = self.path.text().strip()
        try:
            self._old = value_at(self.game.module.world, self.game.state, path)
            self.now.setText("—" if self._old is None else str(self._old))
        except ValueError as exc:
            self._old = None
            self.now.setText("")
            problem = str(exc)
        if not problem:
            try:
                parse_value(self.new.text(), self._old)
            except ValueError as exc:
                problem = f"new value: {exc}"
        if not problem and not self.reason.text().strip():
            problem = "give a reason: it is kept in the log"
        self.problem.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def command(self) -> dict[str, Any]:
        """The ``edit`` command the dialog stands for."""
        return {"kind": "edit", "path": self.path.text().strip(), "old": self._old,
                "new": parse_value(self.new.text(), self._old), "reason": self.reason.text().strip()}


def open_edit(window: Any, path: str | None = None) -> QDialog | None:
    """Open the manifest's edit dialog on ``path`` (None: the referee types the path)."""
    done = contributions.installed(window)
    if done is None:
        return None
    return done.open_dialog("thegame.edit", path)


def edit_action(window: Any) -> None:
    """Turn ▸ Edit figure… (no figure chosen yet)."""
    open_edit(window)
