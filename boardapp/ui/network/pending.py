"""Moves queued while offline, drawn on the map as pending (issue 19.11).

Offline, a drop is queued and the counter goes back to where the host last had it — which looked like a
refusal. So each queued move is drawn: a dashed arrow from the counter to the place it will go, marked
"queued", until the host settles it; then the arrow goes and the window says "Queued move accepted by the
host (entry 7)" or "… refused …". The marks are the window's own scene items, not game state: the
scene never reads them, and a rebuilt scene simply starts without them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItemGroup, QGraphicsLineItem, QGraphicsScene, QGraphicsSimpleTextItem

PENDING = QColor("#ef6c00")


def _move_of(command: Any) -> tuple[str, str] | None:
    """(counter, place) of a move command (a dict or a Command), else None."""
    data = command if isinstance(command, dict) else command.model_dump() if hasattr(command, "model_dump") else {}
    kind = data.get("kind", getattr(command, "kind", None))
    counter, to = data.get("counter"), data.get("to")
    if kind == "move" and isinstance(counter, str) and isinstance(to, str):
        return counter, to
    return None


class PendingMoves:
    """The pending marks of one window's scene, keyed by (counter, place)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.marks: dict[tuple[str, str], QGraphicsItemGroup] = {}

    def add(self, command: Any) -> bool:
        """Draw ``command`` as pending if it is a move the scene can place; True when drawn."""
        move = _move_of(command)
        scene: QGraphicsScene | None = getattr(self.window, "scene", None)
        if move is None or scene is None or move in self.marks:
            return False
        counter, place = move
        item = getattr(scene, "counters", {}).get(counter)
        if item is None:
            return False
        start = item.sceneBoundingRect().center()
        end = QPointF(scene.place_pos(place))  # type: ignore[attr-defined]
        group = QGraphicsItemGroup()
        pen = QPen(PENDING, 4, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        line = QGraphicsLineItem(QLineF(start, end))
        line.setPen(pen)
        group.addToGroup(line)
        label = QGraphicsSimpleTextItem(f"{counter} → queued")
        font = QFont()
        font.setBold(True)
        font.setPointSize(12)
        label.setFont(font)
        label.setBrush(PENDING)
        label.setPos(end + QPointF(8, -24))
        group.addToGroup(label)
        group.setZValue(10_000)
        group.setToolTip(f"{counter} to {place}: queued while offline; the host decides on reconnecting")
        scene.addItem(group)
        self.marks[move] = group
        return True

    def settle(self, command: Any) -> bool:
        """The host answered ``command``: its mark goes. True when there was one."""
        move = _move_of(command)
        group = self.marks.pop(move, None) if move is not None else None
        if group is None:
            return False
        scene = group.scene()
        if scene is not None:
            scene.removeItem(group)
        return True

    def clear(self) -> None:
        for group in self.marks.values():
            if group.scene() is not None:
                group.scene().removeItem(group)
        self.marks.clear()
