"""The referee's "Order…": any of The Game's commands, written into a form made from the command's own fields.

The players hand their orders to the referee (builds, PIP purchases, severances, moves, shipments …); the
referee enters each here. The kinds of the current step come first, then those allowed any time, then the
rest (entering one out of its step is refused, and CONTROL may force it). The form is made from the
command class's pydantic fields, with their descriptions as hints: a yes/no field is a check box, a field
of fixed words a list, lists are written comma-separated ('france, germany'), a table of targets as
'unit=target, …'; ids complete from the scenario's nations, players, regions and units, and a player's
name ("Timothy Brown") is read as his id. The command is
checked as data before OK is enabled; accepting the dialog submits it through the window's one door
(``contributions.Installed.open_dialog``). Named in the manifest as the dialog ``thegame.order``.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.steps import ANY_TIME, STEPS
from boardapp.ui import contributions

SKIP = {"kind", "force"}
"""Fields the form leaves out: the kind is the list's choice; forcing is CONTROL's force dialog's job."""
REFEREE_ONLY = {"edit", "finish_step"}
"""Kinds with their own door (Edit figure…, Finish step)."""


def kinds_in_order(step: int) -> list[tuple[str, str]]:
    """(kind, label) for every command kind: the current step's first, then any time, then the rest.

    >>> kinds_in_order(0)[0], kinds_in_order(0)[1][1]
    (('sever', 'sever — step I'), 'allow_transit — any time')
    """
    now = STEPS[step].kinds if step < len(STEPS) else frozenset()
    every = [cls.model_fields["kind"].default for cls in c.ALL_COMMANDS]
    every = [k for k in every if k not in REFEREE_ONLY]
    where = {k: s.code for s in STEPS for k in s.kinds}
    first = sorted(k for k in every if k in now)
    anytime = sorted(k for k in every if k in ANY_TIME)
    rest = sorted(k for k in every if k not in now and k not in ANY_TIME)
    code = STEPS[step].code if step < len(STEPS) else ""
    return ([(k, f"{k} — step {code}") for k in first] + [(k, f"{k} — any time") for k in anytime]
            + [(k, f"{k} — step {where.get(k, '?')} (not now)") for k in rest])


def _choices(annotation: Any) -> list[str] | None:
    if typing.get_origin(annotation) is Literal:
        return [str(a) for a in typing.get_args(annotation)]
    return None


def _base(annotation: Any) -> tuple[Any, bool]:
    """(the type without None, whether None is allowed)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return (args[0] if len(args) == 1 else annotation), len(args) < len(typing.get_args(annotation))
    return annotation, False


def read_field(text: str, annotation: Any) -> Any:
    """A form field's text as the command field's value (None: left empty).

    >>> read_field("france, germany", list[str]), read_field("u1=u2, u3=u4", dict[str, str]), read_field(" 3 ", int)
    (['france', 'germany'], {'u1': 'u2', 'u3': 'u4'}, 3)
    """
    text = text.strip()
    if not text:
        return None
    base, _ = _base(annotation)
    origin = typing.get_origin(base)
    if origin is list:
        return [t.strip() for t in text.split(",") if t.strip()]
    if origin is dict:
        out = {}
        for pair in text.split(","):
            key, sep, value = pair.partition("=")
            if not sep:
                raise ValueError(f"write {pair.strip()!r} as unit=target")
            out[key.strip()] = value.strip()
        return out
    if base is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
    return text


class OrderDialog(QDialog):
    """A command kind, its fields, and what is wrong with it (OK only when it is a valid command)."""

    def __init__(self, game: Any, kind: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.setWindowTitle("Order")
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)  # the fields' hints are sentences
        self.classes = {cls.model_fields["kind"].default: cls for cls in c.ALL_COMMANDS}
        self.kind = QComboBox()
        for k, label in kinds_in_order(game.state.step):
            self.kind.addItem(label, k)
        if kind is not None and self.kind.findData(kind) >= 0:
            self.kind.setCurrentIndex(self.kind.findData(kind))
        self.doc = QLabel()
        self.doc.setWordWrap(True)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.kind)
        box.addWidget(self.doc)
        box.addWidget(self.form_host)
        box.addWidget(self.problem)
        box.addWidget(self.buttons)
        s = game.state
        world = game.module.world
        self._ids = sorted({*s.nations, *s.regions, *s.units, *world.players, "orbit"})
        # a player typed by name ("Timothy Brown", as the Teams dock writes him) is sent as his id (tbrown)
        self._player_ids = {t.name.casefold(): t.id for t in game.module.teams if t.name.casefold() not in self._ids}
        self.fields: dict[str, QWidget] = {}
        self.kind.currentIndexChanged.connect(self._build_form)
        self._build_form()

    @classmethod
    def for_window(cls, window: Any, kind: str | None = None) -> OrderDialog:
        return cls(window.game, kind, window)

    def _build_form(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        cls = self.classes[self.kind.currentData()]
        self.doc.setText((cls.__doc__ or "").strip().splitlines()[0])
        for name, info in cls.model_fields.items():
            if name in SKIP:
                continue
            base, optional = _base(info.annotation)
            choices = _choices(base)
            widget: QWidget
            if base is bool:
                widget = QCheckBox()
                widget.setChecked(bool(info.default))
                widget.toggled.connect(self._recheck)
            elif choices is not None:
                widget = QComboBox()
                if optional or not info.is_required():
                    widget.addItem("", None)
                for choice in choices:
                    widget.addItem(choice, choice)
                widget.currentIndexChanged.connect(self._recheck)
            else:
                widget = QLineEdit()
                hint = info.description or ""
                if typing.get_origin(base) is list:
                    hint = hint or "comma-separated"
                elif typing.get_origin(base) is dict:
                    hint = hint or "unit=target, …"
                widget.setPlaceholderText(hint if info.is_required() else f"{hint} (may be left empty)".strip())
                completer = QCompleter(self._ids, widget)
                completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
                widget.setCompleter(completer)
                widget.textChanged.connect(self._recheck)
            if info.description:
                widget.setToolTip(info.description)
            self.form.addRow(f"{name}:", widget)
            self.fields[name] = widget
        self._recheck()

    def order_data(self) -> dict[str, Any]:
        """The command as data (ValueError naming the field if one cannot be read)."""
        cls = self.classes[self.kind.currentData()]
        out: dict[str, Any] = {"kind": self.kind.currentData()}
        for name, widget in self.fields.items():
            if isinstance(widget, QCheckBox):
                out[name] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                if widget.currentData() is not None:
                    out[name] = widget.currentData()
            elif isinstance(widget, QLineEdit):
                try:
                    value = read_field(widget.text(), cls.model_fields[name].annotation)
                except ValueError as exc:
                    raise ValueError(f"{name}: {exc}") from None
                if value is not None:
                    out[name] = self._as_ids(value)
        return out

    def _as_ids(self, value: Any) -> Any:
        """Players' names in a field's value turned into their ids (anything else as typed)."""
        if isinstance(value, str):
            return self._player_ids.get(value.casefold(), value)
        if isinstance(value, list):
            return [self._as_ids(v) for v in value]
        if isinstance(value, dict):
            return {self._as_ids(k): self._as_ids(v) for k, v in value.items()}
        return value

    def _recheck(self) -> None:
        problem = ""
        try:
            self.classes[self.kind.currentData()].model_validate(self.order_data())
        except ValidationError as exc:
            problem = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'command'}: {e['msg'].lower()}"
                                for e in exc.errors())
        except ValueError as exc:
            problem = str(exc)
        self.problem.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def command(self) -> dict[str, Any]:
        return self.order_data()


def order_action(window: Any) -> None:
    """Turn ▸ Order… (manifest action ``thegame.order``)."""
    done = contributions.installed(window)
    if done is not None:
        done.open_dialog("thegame.order")
