"""Field widgets of the editor's Properties forms by what the field holds (issue #31 item 5): plain text
for texts, a checkbox for yes/no, a colour with a picker; numbers, points and lists stay YAML.

>>> field_kind("name", str), field_kind("colour", str | None), field_kind("on_map", bool), field_kind("at", tuple)
('text', 'colour', 'bool', 'yaml')
>>> as_colour("#CC0000"), as_colour("red"), as_colour("not a colour")
('#cc0000', '#ff0000', 'not a colour')
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QWidget,
)

TOOL_KEYS = {"SELECT": "S", "PLACE": "P", "ROAD": "R", "REGION": "G", "VERTEX": "V", "SPLIT": "X",
             "CONTROL": "C", "BACKGROUND": "B", "LABEL": "L"}
"""The editor's tools by one key each (issue #31 item 8): Select, Place, Road, reGion, Vertices, X split,
Control, Background points, Label."""

TYPED_INTO = (QLineEdit, QAbstractSpinBox, QComboBox, QTextEdit, QPlainTextEdit)
"""Widgets that take the plain keys typed while they have the focus: a drop-down finds its entry by them."""


class TypingFirst(QObject):
    """The editor's one-letter tool keys (S, P, R …) never take a key typed into a focused text field, spin
    box or drop-down of their window: "R" typed into a drop-down finds "Rebels" (Qt's keyboard search)
    instead of choosing the Road tool. One filter on the application for every field of the window, the
    Properties form's, the Rule tables', the toolbars' (Ctrl and Alt keys stay shortcuts)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.owner = window
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)  # removed by Qt when this object goes with its window

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(obj, TYPED_INTO) or not self._mine(obj):
            return False
        plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier,
                                      Qt.KeyboardModifier.KeypadModifier)
        if plain and event.text().isprintable() and event.text().strip():
            event.accept()  # the key goes to the field, not to a shortcut
            return True
        return False

    def _mine(self, widget: QObject | None) -> bool:
        """Whether ``widget`` lies in the owner window, a floating dock of it included."""
        while widget is not None:
            if widget is self.owner:
                return True
            widget = widget.parent()
        return False


ROAD_KINDS = ("road", "track", "highway", "rail", "adjacency")
"""The road kinds the board draws (``Road.kind``'s documentation)."""


def _without_none(ann: Any) -> Any:
    if typing.get_origin(ann) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        return args[0] if len(args) == 1 else ann
    return ann


def field_kind(name: str, annotation: Any) -> str:
    """'bool', 'colour', 'text' (taken as typed) or 'yaml' (numbers, points, lists)."""
    ann = _without_none(annotation)
    if ann is bool:
        return "bool"
    if ann is str:
        return "colour" if name in ("colour", "color") or name.endswith("_colour") else "text"
    return "yaml"


def numbers(text: str) -> list[float] | None:
    """A point or size typed as plain numbers: '3000, 2000', '3000 x 2000', '[120, 340]' → [3000, 2000].

    >>> numbers("3000 x 2000"), numbers("[120, 340.5]"), numbers("Kura")
    ([3000, 2000], [120, 340.5], None)
    """
    import re

    parts = re.fullmatch(r"\s*\[?\s*(-?\d+(?:\.\d+)?)\s*(?:,|x|\u00d7|\s)\s*(-?\d+(?:\.\d+)?)\s*\]?\s*", text)
    if parts is None:
        return None
    return [float(v) if "." in v else int(v) for v in parts.groups()]


def as_colour(text: str) -> str:
    """``#rrggbb`` for a colour Qt knows by name or number; other text unchanged (the model says why)."""
    colour = QColor(text.strip())
    return colour.name() if colour.isValid() else text


def checkbox_row(forms: Any, name: str, value: bool, make: Callable[[str, Any], Any], tip: str | None) -> QCheckBox:
    box = QCheckBox("yes")
    box.setObjectName(f"prop-{name}")
    box.setToolTip(tip or name)
    box.setChecked(value)

    def toggled(on: bool) -> None:
        cmd = make(name, on)
        if forms.push(cmd):
            forms._followed(cmd)
        else:
            box.blockSignals(True)
            box.setChecked(not on)
            box.blockSignals(False)

    box.toggled.connect(toggled)
    return box


def colour_row(forms: Any, edit: QLineEdit, name: str, make: Callable[[str, Any], Any]) -> QWidget:
    """The colour's text (``#rrggbb`` or a name) and a swatch button that opens a colour picker."""
    row = QWidget()
    lay = QHBoxLayout(row)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(edit, 1)
    button = QPushButton("Pick…")
    button.setObjectName(f"pick-{name}")
    current = QColor(edit.text()) if edit.text() else QColor("#808080")
    if current.isValid():
        button.setStyleSheet(f"background: {current.name()}; color: "
                             f"{'black' if current.lightnessF() > 0.55 else 'white'}")

    def pick() -> None:
        dialog = QColorDialog(current if current.isValid() else QColor("#808080"), forms)
        dialog.setObjectName("colour-picker")
        dialog.setOption(QColorDialog.ColorDialogOption.DontUseNativeDialog, True)
        if dialog.exec():
            chosen = dialog.selectedColor().name()
            edit.setText(chosen)
            forms._commit(make, name, chosen, edit, "colour")

    button.clicked.connect(pick)
    lay.addWidget(button)
    return row
