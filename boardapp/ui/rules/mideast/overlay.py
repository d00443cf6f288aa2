"""Bloc colours and the UN Peacekeeping Force drawn on the map: outlines of whole zones.

Read from the public board picture's tokens (``bloc-red`` / ``bloc-blue`` on every zone of a Bloc
member, ``peacekeeping_force`` on its zone), so the same drawing serves the umpire's board, the big
screen and a viewer's public game. A Bloc member's zones get a thick inner border in the Bloc's
colour; the Peacekeeping Force's zone a UN-blue tint and dashed border. Overturned Forces
(``overturned-<zone>`` counters) are drawn face down: a dark cover with a dashed edge over their
counter. Nothing here is secret.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem, QGraphicsScene

from boardapp.engine.module import Audience, BoardPicture
from boardapp.ui.rules.mideast.common import BLOC_COLOURS

UN_BLUE = "#4b92db"
Z_OUTLINE = 1.5
"""Above the map picture (drawn as the background), under the place markers, tokens and counters."""


def zone_marks(picture: BoardPicture) -> dict[str, str]:
    """Zone -> what outlines it: 'red', 'blue' (a Bloc member's zone) or 'un' (the Peacekeeping Force's)."""
    marks: dict[str, str] = {}
    for t in picture.tokens:
        if t.kind.startswith("bloc-") and t.kind[5:] in BLOC_COLOURS:
            marks.setdefault(t.place, t.kind[5:])
    for t in picture.tokens:
        if t.kind == "peacekeeping_force":
            marks[t.place] = "un"
    return marks


class BlocOutlines:
    """Outline items on a scene, redrawn whenever the game changes."""

    def __init__(self, scene: QGraphicsScene, game: Any) -> None:
        self.scene = scene
        self.game = game
        self.items: dict[str, QGraphicsPathItem] = {}
        self.marks: dict[str, str] = {}
        self.paths = {r.id: self._path(r) for r in game.module.map.regions}
        self._unsubscribe = game.subscribe(lambda _what, _entry: self.refresh())
        self.refresh()

    @staticmethod
    def _path(region: Any) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in region.polygon]))
        path.closeSubpath()
        return path

    def refresh(self) -> None:
        picture = self.game.module.board(self.game.state).for_audience(Audience.PUBLIC)
        marks = {z: m for z, m in zone_marks(picture).items() if z in self.paths}
        if marks == self.marks:
            return
        self.marks = marks
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items = {}
        width = max(self.scene.sceneRect().width(), 1.0) / 260
        for zone, mark in marks.items():
            item = QGraphicsPathItem(self.paths[zone])
            colour = QColor(UN_BLUE if mark == "un" else BLOC_COLOURS[mark])
            pen = QPen(colour, width * (1.3 if mark == "un" else 1.0))
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if mark == "un":
                pen.setStyle(Qt.PenStyle.DashLine)
                fill = QColor(colour)
                fill.setAlpha(70)
                item.setBrush(QBrush(fill))
            item.setPen(pen)
            item.setZValue(Z_OUTLINE)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            item.setToolTip({"red": "Red Bloc", "blue": "Blue Bloc", "un": "UN Peacekeeping Force"}[mark])
            self.scene.addItem(item)
            self.items[zone] = item

    def remove(self) -> None:
        with contextlib.suppress(ValueError, RuntimeError):
            self._unsubscribe()
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items = {}


class OverturnedMarks:
    """Overturned Forces drawn face down: a dark cover over each ``overturned-*`` counter,
    laid again whenever the scene lays its pieces out (its ``laidOut`` signal)."""

    PREFIX = "overturned-"

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.items: dict[str, QGraphicsRectItem] = {}
        scene.laidOut.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        wanted = {cid for cid in self.scene.counters if cid.startswith(self.PREFIX)}
        for cid in list(self.items):
            if cid not in wanted:
                self.scene.removeItem(self.items.pop(cid))
        for cid in wanted:
            chip = self.scene.counters[cid]
            rect: QRectF = chip.sceneBoundingRect()
            item = self.items.get(cid)
            if item is None:
                item = QGraphicsRectItem()
                item.setBrush(QBrush(QColor(20, 20, 20, 140)))
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                item.setToolTip("Overturned Forces: they retreated this Player-Turn and cannot defend")
                self.scene.addItem(item)
                self.items[cid] = item
            item.setPen(QPen(QColor("#202020"), max(rect.width() / 18, 0.5), Qt.PenStyle.DashLine))
            item.setRect(rect)
            item.setZValue(chip.zValue() + 0.005)
            item.setVisible(True)  # far mode paints the chip into the background: the cover stays an item

    def remove(self) -> None:
        import contextlib

        with contextlib.suppress(RuntimeError, TypeError):
            self.scene.laidOut.disconnect(self.refresh)
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items = {}
