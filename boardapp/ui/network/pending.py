"""Moves queued while offline, drawn on the map as pending (issue 19.11).

Offline, a drop is queued and the counter goes back to where the host last had it — which looked like a
refusal. So each queued move is drawn: a dashed arrow from the counter to the place it will go, marked
"queued", until the host settles it; then the arrow goes and the window says "Queued move accepted by the
host (entry 7)" or "… refused …". The marks are the window's own scene items, not game state: the
scene never reads them, and a rebuilt scene simply starts without them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsLineItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

PENDING = QColor("#ef6c00")


def _move_of(command: Any) -> tuple[str, str] | None:
    """(counter, place) of a move command (a dict or a Command), else None."""
    data = command if isinstance(command, dict) else command.model_dump() if hasattr(command, "model_dump") else {}
    kind = data.get("kind", getattr(command, "kind", None))
    counter, to = data.get("counter"), data.get("to")
    if kind == "move" and isinstance(counter, str) and isinstance(to, str):
        return counter, to
    return None


LABEL_PX = 26
"""The queued mark's type in screen pixels on a 1080-line screen (ink ≥ 19 px, the hall standard), grown with
the screen (2x at 2160 lines). It keeps its size whatever the zoom: drawn in map units it was ~6 px on a
fitted board (issue 24.13)."""


class QueuedLabel(QGraphicsSimpleTextItem):
    """'g-bde1 → queued' on a light box, at a fixed size on screen, just right of and above its place."""

    def __init__(self, text: str, px: int) -> None:
        super().__init__(text)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(px)
        self.setFont(font)
        self.setBrush(PENDING)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        pad = px * 0.25
        self.pad = pad
        self.setTransform(QTransform.fromTranslate(px * 0.4, -px * 1.6))

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-self.pad, -self.pad, self.pad, self.pad)

    def paint(self, painter: Any, option: Any, widget: Any = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(self.boundingRect(), self.pad, self.pad)
        super().paint(painter, option, widget)


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
        label = QueuedLabel(f"{counter} → queued", self._px())
        label.setPos(end)
        group.addToGroup(label)
        group.setZValue(10_000)
        group.setToolTip(f"{counter} to {place}: queued while offline; the host decides on reconnecting")
        scene.addItem(group)
        self.marks[move] = group
        return True

    def _px(self) -> int:
        """:data:`LABEL_PX` grown with the window's screen (see ``widgets.scaling.screen_factor``)."""
        from boardapp.ui.widgets.scaling import screen_factor

        screen = self.window.screen() if hasattr(self.window, "screen") else None
        factor = screen_factor(screen.geometry().height(), screen.devicePixelRatio()) if screen is not None else 1.0
        return round(LABEL_PX * factor)

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
