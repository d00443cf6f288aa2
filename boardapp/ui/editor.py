"""The map and scenario editor window: draw places, roads and regions, set up teams and counters.

Every change goes through an undoable command of :mod:`boardapp.editor` (wrapped in Qt's
QUndoStack); the scene only listens to the documents and redraws the pieces that changed.
Files are written by :mod:`boardapp.model.writer`, so a saved file is canonical YAML.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QColor,
    QImage,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSlider,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from boardapp.editor import commands as C
from boardapp.editor.background import image_pixel, rect_from_references
from boardapp.editor.document import MapDocument, ScenarioDocument
from boardapp.model.problems import FileProblemsError, Problem
from boardapp.ui import style
from boardapp.ui.scene import REGION_FILLS, SEA, BoardScene, load_background

PICK = 40.0
"""How near (map units) a click must be to a place or vertex to pick it."""


class Tool(Enum):
    SELECT = "Select / move"
    PLACE = "Add place"
    ROAD = "Draw road"
    REGION = "Draw region"
    VERTEX = "Move vertices"
    SPLIT = "Split region"
    CONTROL = "Paint control"
    BACKGROUND = "Background points"
    LABEL = "Add label"


class _Undo(QUndoCommand):
    """A :class:`boardapp.editor.commands.Command` on Qt's undo stack."""

    MERGE_ID = 1

    def __init__(self, command: C.Command, doc: Any) -> None:
        super().__init__(command.text)
        self.command, self.doc, self.first = command, doc, True

    def redo(self) -> None:
        if self.first:  # already applied by EditorWindow.push (so errors surface before the push)
            self.first = False
            return
        self.command.apply(self.doc)

    def undo(self) -> None:
        self.command.revert(self.doc)

    def id(self) -> int:
        return self.MERGE_ID if type(self.command).merge is not C.Command.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        return isinstance(other, _Undo) and self.command.merge(other.command)


# --- scene items ----------------------------------------------------------------------------
class PlaceItem(QGraphicsItem):
    """A place: its symbol and name, drawn like the board draws it; movable with the select tool."""

    def __init__(self, place: Any) -> None:
        super().__init__()
        self.place = place
        self.place_id = place.id
        self.decor: list[tuple[str, str]] = []  # (colour, text) of control and counters
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(20)
        self.update_from(place)

    def update_from(self, place: Any) -> None:
        self.prepareGeometryChange()
        self.place = place
        self.place_id = place.id
        self.setPos(QPointF(*place.at))
        self.setToolTip(f"{place.name} ({place.id}), {place.kind}")
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-160, -60, 320, 130)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 24, 24)
        return path

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.save()
        p.translate(-self.place.at[0], -self.place.at[1])
        BoardScene._paint_place_symbol(p, self.place)
        p.restore()
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), 4, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), 28, 28)
        dx, dy = self.place.label_offset
        style.halo_text(p, self.place.name, QPointF(dx, 40 + dy), 30, True)
        for n, (colour, text) in enumerate(self.decor):  # control marker and counter chips above
            rect = QRectF(-60 + n * 42 - (len(self.decor) - 1) * 0, -62, 38, 26)
            p.setPen(QPen(QColor("#1d1d1d"), 2))
            p.setBrush(QColor(colour))
            if n == 0 and text.startswith("●"):
                p.drawEllipse(QPointF(-48, 0), 16, 16)
                light = QColor(colour).lightness() < 140
                p.setPen(QColor("white") if light else QColor("black"))
                f = p.font()
                f.setPixelSize(13)
                f.setBold(True)
                p.setFont(f)
                p.drawText(QRectF(-64, -16, 32, 32), Qt.AlignmentFlag.AlignCenter, text[1:])
                continue
            p.drawRoundedRect(rect, 4, 4)
            light = QColor(colour).lightness() < 140
            p.setPen(QColor("white") if light else QColor("black"))
            f = p.font()
            f.setPixelSize(12)
            f.setBold(True)
            p.setFont(f)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class RoadItem(QGraphicsPathItem):
    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(10)

    def update_from(self, road: Any, ends: tuple[Any, Any]) -> None:
        path = QPainterPath(QPointF(*ends[0]))
        for v in road.via:
            path.lineTo(QPointF(*v))
        path.lineTo(QPointF(*ends[1]))
        self.setPath(path)
        width = 13 if road.kind == "highway" else 10
        colour = QColor("#7a5c3a") if road.kind == "track" else QColor("#e0b450")
        pen = QPen(colour, width, Qt.PenStyle.DashLine if road.kind in ("track", "rail") else Qt.PenStyle.SolidLine,
                   Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setToolTip(f"road {road.between[0]} – {road.between[1]} ({road.kind})")

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), self.pen().widthF() + 10, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(self.path())
        p.setPen(self.pen())
        p.drawPath(self.path())

    def shape(self) -> QPainterPath:
        from PySide6.QtGui import QPainterPathStroker

        s = QPainterPathStroker()
        s.setWidth(24)
        return s.createStroke(self.path())


class RegionItem(QGraphicsPathItem):
    def __init__(self, region: Any, index: int) -> None:
        super().__init__()
        self.region_id = region.id
        self.region = region
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.update_from(region, index)

    def update_from(self, region: Any, index: int, alpha: int = 255) -> None:
        self.region, self.region_id = region, region.id
        path = QPainterPath()
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in region.polygon]))
        path.closeSubpath()
        for hole in region.holes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in hole]))
            path.closeSubpath()
        self.setPath(path)
        kind = str(region.kind)
        fill = QColor(region.colour or (SEA.name() if kind == "sea" else REGION_FILLS[index % len(REGION_FILLS)]))
        fill.setAlpha(alpha)
        self.setBrush(fill if kind != "province" else QColor(0, 0, 0, 0))
        self.setPen(QPen(QColor("#6d6356"), 6 if kind == "country" else 3,
                         Qt.PenStyle.SolidLine if kind == "country" else Qt.PenStyle.DashLine))
        self.setZValue({"country": 1, "sea": 0, "area": 2, "province": 3}.get(kind, 1))
        self.setToolTip(f"{kind} {region.name} ({region.id})")

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setPen(self.pen())
        p.setBrush(self.brush())
        p.drawPath(self.path())
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), 8, Qt.PenStyle.DashLine))
            p.setBrush(QColor(214, 39, 40, 30))
            p.drawPath(self.path())
        from shapely.geometry import Polygon

        at = self.region.label_at or Polygon(self.region.polygon).representative_point().coords[0]
        px = 90.0 if str(self.region.kind) == "country" else 30.0
        ink = QColor(90, 80, 70, 140) if str(self.region.kind) == "country" else QColor(110, 90, 150, 120)
        style.halo_text(p, self.region.name.upper(), QPointF(*at), px, True, ink=ink,
                        halo=QColor(255, 255, 255, 0))

    def shape(self) -> QPainterPath:
        return self.path()


class LabelItem(QGraphicsItem):
    """Free text on the map (a river, a sea), drawn like the board draws it; dragged with the select tool."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
        self.label: Any = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(15)

    def update_from(self, label: Any) -> None:
        self.prepareGeometryChange()
        self.label = label
        self.setPos(QPointF(*label.at))
        self.setRotation(label.angle)
        self.setToolTip(f"label {label.text!r}")
        self.update()

    def _text_rect(self) -> QRectF:
        from PySide6.QtGui import QFontMetricsF

        fm = QFontMetricsF(style.font(self.label.size, False))
        w = max(fm.horizontalAdvance(self.label.text), self.label.size)
        return QRectF(-w / 2, -self.label.size * 0.7, w, self.label.size * 1.4)

    def boundingRect(self) -> QRectF:
        return self._text_rect().adjusted(-12, -12, 12, 12)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._text_rect().adjusted(-6, -6, 6, 6))
        return path

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), 3, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self._text_rect().adjusted(-6, -6, 6, 6))
        style.halo_text(p, self.label.text, QPointF(0, 0), self.label.size, False, ink=QColor(40, 70, 110, 220),
                        halo=QColor(255, 255, 255, 160))


class Handle(QGraphicsEllipseItem):
    """A vertex of the selected region, dragged with the vertex tool."""

    def __init__(self, region_id: str, vertex: int, at: tuple[float, float]) -> None:
        super().__init__(-6, -6, 12, 12)  # screen pixels: the same size at every zoom
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.region_id, self.vertex = region_id, vertex
        self.setPos(QPointF(*at))
        self.setBrush(QColor("#ffffff"))
        self.setPen(QPen(QColor("#d62728"), 2))
        self.setZValue(50)


class EditorScene(QGraphicsScene):
    """The map drawn as editable items; mouse input becomes commands through the window."""

    def __init__(self, window: EditorWindow) -> None:
        super().__init__()
        self.w = window
        self.places: dict[str, PlaceItem] = {}
        self.roads: list[RoadItem] = []
        self.regions: dict[str, RegionItem] = {}
        self.labels: list[LabelItem] = []
        self.handles: list[Handle] = []
        self.draft = QGraphicsPathItem()  # a road, region or split line being drawn
        self.draft.setPen(QPen(QColor("#d62728"), 6, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        self.draft.setZValue(100)
        self.addItem(self.draft)
        self.points: list[tuple[float, float]] = []
        self.road_from: str | None = None
        self.drag: Any = None
        self.background: QImage | None = None
        self.show_background = True

    # --- drawing the document --------------------------------------------------------------
    @property
    def doc(self) -> MapDocument:
        return self.w.map_doc

    def rebuild(self) -> None:
        for item in [*self.places.values(), *self.roads, *self.regions.values(), *self.labels, *self.handles]:
            self.removeItem(item)
        self.places, self.roads, self.regions, self.labels, self.handles = {}, [], {}, [], []
        self.setSceneRect(QRectF(-200, -200, self.doc.head["size"][0] + 400, self.doc.head["size"][1] + 400))
        self.sync_regions()
        for place in self.doc.places:
            item = PlaceItem(place)
            self.places[place.id] = item
            self.addItem(item)
        self.sync_roads()
        self.sync_labels()
        self.sync_decor()
        self.load_background()

    def load_background(self) -> None:
        bg = self.doc.background
        self.background = None
        if bg is not None:
            base = self.doc.path.parent if self.doc.path else Path.cwd()
            path = Path(bg.image) if Path(bg.image).is_absolute() else base / bg.image
            self.background = load_background(str(path))
        self.update()

    def sync_regions(self) -> None:
        alpha = 150 if self.doc.background is not None else 255
        seen = set()
        for i, region in enumerate(self.doc.regions):
            seen.add(region.id)
            item = self.regions.get(region.id)
            if item is None:
                item = self.regions[region.id] = RegionItem(region, i)
                self.addItem(item)
            item.update_from(region, i, alpha)
        for rid in [r for r in self.regions if r not in seen]:
            self.removeItem(self.regions.pop(rid))
        self.show_handles()

    def sync_roads(self) -> None:
        roads = self.doc.roads
        while len(self.roads) > len(roads):
            self.removeItem(self.roads.pop())
        while len(self.roads) < len(roads):
            item = RoadItem(len(self.roads))
            self.roads.append(item)
            self.addItem(item)
        for i, road in enumerate(roads):
            self.update_road(i, road)

    def sync_labels(self) -> None:
        labels = self.doc.labels
        while len(self.labels) > len(labels):
            self.removeItem(self.labels.pop())
        while len(self.labels) < len(labels):
            item = LabelItem(len(self.labels))
            self.labels.append(item)
            self.addItem(item)
        for item, label in zip(self.labels, labels, strict=True):
            item.update_from(label)

    def label_at(self, pos: QPointF) -> int | None:
        """The index of the label under map point ``pos``, if any."""
        for item in self.items(pos):
            if isinstance(item, LabelItem):
                return item.index
        return None

    def update_road(self, i: int, road: Any) -> None:
        a, b = (self.places.get(x) for x in road.between)
        if a is None or b is None:
            self.roads[i].setPath(QPainterPath())
            return
        self.roads[i].update_from(road, (a.place.at, b.place.at))

    def sync_place(self, place_id: str) -> None:
        try:
            place = self.doc.place(place_id)
        except KeyError:
            item = self.places.pop(place_id, None)
            if item is not None:
                self.removeItem(item)
            return
        item = self.places.get(place_id)
        if item is None:
            item = self.places[place_id] = PlaceItem(place)
            self.addItem(item)
        item.update_from(place)
        if len(self.roads) == len(self.doc.roads):
            for i in self.doc.roads_of(place_id):
                self.update_road(i, self.doc.roads[i])

    def sync_decor(self) -> None:
        sc = self.w.scenario
        for item in self.places.values():
            item.decor = []
        if sc is not None:
            teams = {t.id: t for t in sc.teams}
            for place, team in sc.control.items():
                if place in self.places and team in teams:
                    self.places[place].decor.append((teams[team].colour, "●" + teams[team].symbol))
            types = {u.id: u for u in sc.unit_types}
            for c in sc.counters:
                if c.at in self.places and c.team in teams:
                    label = types[c.type].label if c.type in types else c.type
                    self.places[c.at].decor.append((teams[c.team].colour, label))
        for item in self.places.values():
            item.update()

    def on_changes(self, changes: list[tuple[str, Any]]) -> None:
        for section, key in changes:
            if section == "places" and isinstance(key, str):
                self.sync_place(key)
            elif section == "places" or section == "all":
                self.rebuild()
                return
            elif section == "roads":
                if isinstance(key, int) and len(self.roads) == len(self.doc.roads):
                    self.update_road(key, self.doc.roads[key])
                else:
                    self.sync_roads()
            elif section == "regions":
                self.sync_regions()
            elif section == "labels":
                self.sync_labels()
            elif section == "background":
                self.sync_regions()
                self.load_background()
            elif section == "head":
                size = self.doc.head["size"]
                self.setSceneRect(QRectF(-200, -200, size[0] + 400, size[1] + 400))
        self.sync_decor()

    def show_handles(self) -> None:
        for h in self.handles:
            self.removeItem(h)
        self.handles = []
        if self.w.tool != Tool.VERTEX:
            return
        for item in self.selectedItems():
            if isinstance(item, RegionItem):
                try:
                    region = self.doc.region(item.region_id)
                except KeyError:
                    continue
                for n, at in enumerate(region.polygon):
                    h = Handle(region.id, n, at)
                    self.handles.append(h)
                    self.addItem(h)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        size = self.doc.head["size"]
        painter.fillRect(rect, QColor("#9aa3ab"))
        painter.fillRect(QRectF(0, 0, *size), SEA)
        bg = self.doc.background
        if self.background is not None and bg is not None and self.show_background:
            painter.save()
            painter.setOpacity(bg.opacity)
            painter.drawImage(QRectF(*(bg.rect or (0, 0, *size))), self.background)
            painter.restore()
        painter.setPen(QPen(QColor("#555555"), 4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(0, 0, *size))

    # --- input ------------------------------------------------------------------------------
    def place_near(self, pos: QPointF, radius: float = PICK) -> str | None:
        best, dist = None, radius * radius
        for pid, item in self.places.items():
            d = (item.pos().x() - pos.x()) ** 2 + (item.pos().y() - pos.y()) ** 2
            if d <= dist:
                best, dist = pid, d
        return best

    def set_draft(self, extra: QPointF | None = None, close: bool = False) -> None:
        pts = [QPointF(*p) for p in self.points] + ([extra] if extra is not None else [])
        path = QPainterPath()
        if pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
            if close:
                path.closeSubpath()
            for p in pts:
                path.addEllipse(p, 8, 8)
        self.draft.setPath(path)

    def cancel_draft(self) -> None:
        self.points, self.road_from = [], None
        self.draft.setPath(QPainterPath())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        xy = (round(pos.x(), 1), round(pos.y(), 1))
        tool = self.w.tool
        if event.button() != Qt.MouseButton.LeftButton:
            self.cancel_draft()
            return
        if tool == Tool.SELECT:
            super().mousePressEvent(event)
            pid = self.place_near(pos)
            label = None if pid else self.label_at(pos)
            if pid:
                self.drag = ("place", pid, pos)
            elif label is not None:
                self.drag = ("label", label, pos, self.labels[label].pos() - pos)
            else:
                self.drag = None
            return
        if tool == Tool.VERTEX:
            for h in self.handles:
                if (h.pos() - pos).manhattanLength() < PICK:
                    self.drag = ("vertex", h, pos)
                    return
            super().mousePressEvent(event)
            self.show_handles()
            return
        if tool == Tool.PLACE:
            self.w.add_place_at(xy)
        elif tool == Tool.ROAD:
            pid = self.place_near(pos)
            if self.road_from is None:
                if pid:
                    self.road_from, self.points = pid, [self.places[pid].place.at]
                    self.set_draft()
            elif pid and pid != self.road_from:
                self.w.add_road(self.road_from, pid, self.points[1:])
                self.cancel_draft()
            elif pid is None:
                self.points.append(xy)  # a bend
                self.set_draft()
        elif tool == Tool.REGION:
            if len(self.points) >= 3 and (QPointF(*self.points[0]) - pos).manhattanLength() < PICK:
                self.w.finish_region(self.points)
                self.cancel_draft()
            else:
                self.points.append(xy)
                self.set_draft(close=True)
        elif tool == Tool.SPLIT:
            self.points = [xy]
            self.set_draft()
        elif tool == Tool.CONTROL:
            self.w.undo.beginMacro("paint control")
            self.drag = ("paint", set(), pos)
            self._paint(pos)
        elif tool == Tool.BACKGROUND:
            self.w.background_point(xy)
        elif tool == Tool.LABEL:
            self.w.add_label_at(xy)

    def _paint(self, pos: QPointF) -> None:
        pid = self.place_near(pos)
        if pid and pid not in self.drag[1]:
            self.drag[1].add(pid)
            self.w.paint_control(pid)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        if self.drag and self.drag[0] == "place":
            self.places[self.drag[1]].setPos(pos)
            return
        if self.drag and self.drag[0] == "label":
            self.labels[self.drag[1]].setPos(pos + self.drag[3])
            return
        if self.drag and self.drag[0] == "vertex":
            self.drag[1].setPos(pos)
            return
        if self.drag and self.drag[0] == "paint":
            self._paint(pos)
            return
        if self.points and self.w.tool in (Tool.ROAD, Tool.SPLIT):
            self.set_draft(pos)
        elif self.points and self.w.tool == Tool.REGION:
            self.set_draft(pos, close=True)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        pos = event.scenePos()
        xy = (round(pos.x(), 1), round(pos.y(), 1))
        drag, self.drag = self.drag, None
        if drag and drag[0] == "place":
            if (pos - drag[2]).manhattanLength() > 2:
                self.w.push(C.MovePlace(drag[1], xy))
            else:
                self.sync_place(drag[1])
        elif drag and drag[0] == "label":
            at = pos + drag[3]
            if (pos - drag[2]).manhattanLength() > 2:
                self.w.push(C.SetItemField("labels", drag[1], "at", (round(at.x(), 1), round(at.y(), 1))))
            else:
                self.sync_labels()
        elif drag and drag[0] == "vertex":
            h = drag[1]
            self.w.push(C.MoveVertex(h.region_id, h.vertex, xy))
        elif drag and drag[0] == "paint":
            self.w.undo.endMacro()
        elif self.w.tool == Tool.ROAD and self.road_from is not None:
            pid = self.place_near(pos)
            if pid and pid != self.road_from:  # dragged from place to place
                self.w.add_road(self.road_from, pid, self.points[1:])
                self.cancel_draft()
        elif self.w.tool == Tool.SPLIT and self.points:
            line = [self.points[0], xy]
            self.cancel_draft()
            self.w.split_at(line)
        super().mouseReleaseEvent(event)
        if self.w.tool == Tool.VERTEX:
            self.show_handles()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.w.tool == Tool.REGION and len(self.points) >= 3:
            self.w.finish_region(self.points)
            self.cancel_draft()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel_draft()
            self.w.bg_points = []
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.w.tool == Tool.REGION \
                and len(self.points) >= 3:
            self.w.finish_region(self.points)
            self.cancel_draft()
            return
        super().keyPressEvent(event)

    @staticmethod
    def _counter_of(event: Any) -> tuple[str, str] | None:
        """(team, unit type) of a drag from the counter palette; None for anything else."""
        data = event.mimeData()
        text = data.text() if data is not None and data.hasText() else ""
        parts = text.split(":")
        return (parts[1], parts[2]) if len(parts) == 3 and parts[0] == "counter" else None

    def dragEnterEvent(self, event: Any) -> None:
        if self._counter_of(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:  # only over a place: elsewhere the cursor says no
        if self._counter_of(event) is not None and self.place_near(event.scenePos(), 120):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: Any) -> None:
        counter = self._counter_of(event)
        pid = self.place_near(event.scenePos(), 120)
        if counter is not None and pid and self.w.drop_counter(*counter, pid):
            event.acceptProposedAction()
        else:
            event.ignore()


class PaletteList(QListWidget):
    """Team × unit type entries, dragged onto a place to put a counter there."""

    def mimeData(self, items: Any) -> Any:
        from PySide6.QtCore import QMimeData

        data = QMimeData()
        if items:
            data.setText(items[0].data(Qt.ItemDataRole.UserRole))
        return data


class MapView(QGraphicsView):
    def __init__(self, scene: EditorScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAcceptDrops(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def wheelEvent(self, event: Any) -> None:
        f = 1.2 if event.angleDelta().y() > 0 else 1 / 1.2
        self.scale(f, f)

    def fit(self) -> None:
        size = self.scene().doc.head["size"]  # type: ignore[attr-defined]
        self.fitInView(QRectF(-50, -50, size[0] + 100, size[1] + 100), Qt.AspectRatioMode.KeepAspectRatio)


# --- the window --------------------------------------------------------------------------------
class EditorWindow(QMainWindow):
    """The editor: the map in the middle, tools above, panels around."""

    def __init__(self, path: str | Path | None = None) -> None:
        super().__init__()
        self.resize(1500, 950)
        self.tool = Tool.SELECT
        self.undo = QUndoStack(self)
        self.map_doc: MapDocument = MapDocument.new()
        self.scenario: ScenarioDocument | None = None
        self.selected: tuple[str, Any] | None = None
        self.bg_points: list[tuple[float, float]] = []
        self.region_clicks: list[str] = []  # the selected regions, in the order they were picked
        self.scene = EditorScene(self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.problems_timer = QTimer(self, singleShot=True, interval=300)
        self.problems_timer.timeout.connect(self.refresh_problems)
        self._build_actions()
        self._build_docks()
        self.scene.selectionChanged.connect(self._scene_selection)
        self.undo.cleanChanged.connect(lambda _: self._title())
        if path is not None:
            self.open_path(path)
        else:
            self.new_scenario()

    # --- documents ------------------------------------------------------------------------
    @property
    def doc(self) -> Any:
        return self.scenario if self.scenario is not None else self.map_doc

    def _attach(self, map_doc: MapDocument, scenario: ScenarioDocument | None) -> None:
        self.map_doc, self.scenario = map_doc, scenario
        map_doc.listeners.append(self._changed)
        if scenario is not None:
            scenario.listeners.append(self._changed)
        self.undo.clear()
        self.selected = None
        self.scene.cancel_draft()
        self.scene.rebuild()
        self.view.fit()
        self.refresh_lists()
        self.sync_background_controls()
        self.refresh_problems()
        self.show_properties(None)
        self._title()

    def new_scenario(self) -> None:
        map_doc = MapDocument.new()
        self._attach(map_doc, ScenarioDocument.new(map_doc))

    def new_map(self) -> None:
        self._attach(MapDocument.new(), None)

    def open_path(self, path: str | Path) -> None:
        path = Path(path)
        from boardapp.engine.files import sniff

        if sniff(path) == "scenario":
            sc = ScenarioDocument.open(path)
            self._attach(sc.map_doc, sc)
        else:
            self._attach(MapDocument.open(path), None)

    def save_to(self, path: str | Path | None = None) -> Path:
        saved = self.doc.save(path)
        self.undo.setClean()
        self._title()
        return saved

    def _title(self) -> None:
        name = self.doc.path.name if self.doc.path else "untitled"
        what = "scenario" if self.scenario is not None else "map"
        try:
            star = "" if self.undo.isClean() else " *"
        except RuntimeError:  # closing
            return
        self.setWindowTitle(f"{name}{star} – boardapp editor ({what})")

    def push(self, command: C.Command) -> bool:
        """Do a command and put it on the undo stack; a refused edit shows why and changes nothing."""
        try:
            command.apply(self.doc)
        except (ValueError, KeyError) as exc:
            self.statusBar().showMessage(f"Not done: {exc}", 8000)
            return False
        self.undo.push(_Undo(command, self.doc))
        return True

    def _changed(self, changes: list[tuple[str, Any]]) -> None:
        self.scene.on_changes(changes)
        if any(s in ("background", "all") for s, _ in changes):
            self.sync_background_controls()
        if any(s in ("teams", "unit_types", "counters", "all", "timetable") for s, _ in changes):
            self.refresh_lists()
        if self.selected is not None:  # later: the edit that caused this may still be emitting its signal
            QTimer.singleShot(0, lambda: self.show_properties(self.selected, keep_focus=True))
        self.problems_timer.start()

    # --- edits the scene asks for ---------------------------------------------------------
    def add_place_at(self, xy: tuple[float, float]) -> str | None:
        n = len(self.map_doc.places) + 1
        pid = self.map_doc.new_id(f"place-{n}")
        if self.push(C.AddPlace({"id": pid, "name": f"Place {n}", "at": xy})):
            self.select(("places", pid))
            return pid
        return None

    def add_label_at(self, xy: tuple[float, float], text: str = "Label") -> int | None:
        """A new label at ``xy``, selected so its text can be typed in Properties."""
        index = len(self.map_doc.labels)
        if self.push(C.AddItem("labels", {"text": text, "at": xy})):
            self.select(("labels", index))
            QTimer.singleShot(0, self._focus_label_text)  # after Properties is refreshed for the edit
            return index
        return None

    def _focus_label_text(self) -> None:
        edit = self.props_box.findChild(QLineEdit, "prop-text")
        if edit is not None and self.selected is not None and self.selected[0] == "labels":
            edit.setFocus()
            edit.selectAll()

    def add_road(self, a: str, b: str, via: list[tuple[float, float]] | None = None) -> bool:
        return self.push(C.AddRoad(a, b, via or []))

    def finish_region(self, points: list[tuple[float, float]]) -> str | None:
        n = len(self.map_doc.regions) + 1
        rid = self.map_doc.new_id(f"region-{n}")
        kind = self.region_kind.currentText()
        if self.push(C.AddRegion({"id": rid, "name": f"Region {n}", "kind": kind, "polygon": points})):
            self.select(("regions", rid))
            return rid
        return None

    def split_at(self, line: list[tuple[float, float]]) -> bool:
        from shapely.geometry import LineString, Polygon

        mid = LineString(line).interpolate(0.5, normalized=True)
        hits = [r for r in self.map_doc.regions if Polygon(r.polygon).contains(mid)]
        hits.sort(key=lambda r: Polygon(r.polygon).area)
        if not hits:
            self.statusBar().showMessage("Draw the split line across a region", 6000)
            return False
        return self.push(C.SplitRegion(hits[0].id, line))

    def merge_selected(self) -> bool:
        """Merge the selected regions (Ctrl+click to select several) into the first one clicked."""
        ids = [i.region_id for i in self.scene.selectedItems() if isinstance(i, RegionItem)]
        first = [rid for rid in self.region_clicks if rid in ids]
        ids = first + [rid for rid in ids if rid not in first]
        if len(ids) < 2:
            self.statusBar().showMessage("Select two or more touching regions (Ctrl+click) to merge", 6000)
            return False
        if not self.push(C.MergeRegions(ids)):
            return False
        self.select(("regions", ids[0]))
        self.statusBar().showMessage(f"Merged {len(ids)} regions into {ids[0]}", 6000)
        return True

    def generate_in_selected(self) -> bool:
        ids = [i.region_id for i in self.scene.selectedItems() if isinstance(i, RegionItem)]
        if len(ids) != 1:
            self.statusBar().showMessage("Select the one region (a country) to fill with provinces", 6000)
            return False
        return self.push(C.GenerateRegions(ids[0]))

    def paint_control(self, place: str) -> bool:
        team = self.brush_team.currentData()
        return self.push(C.PaintControl(place, team or None))

    def drop_counter(self, team: str, unit_type: str, place: str | None) -> bool:
        sc = self.scenario
        if sc is None:
            return False
        cid = sc.new_id("counters", f"{team[:3]}-{unit_type[:3]}-1".strip("-"))
        n = 1
        while any(c.id == cid for c in sc.counters):
            n += 1
            cid = f"{team[:3]}-{unit_type[:3]}-{n}".strip("-")
        if not self.push(C.PlaceCounter({"id": cid, "team": team, "type": unit_type, "at": place})):
            return False
        self.select(("counters", cid))
        return True

    def background_point(self, xy: tuple[float, float]) -> None:
        """Four clicks: a spot on the image, where it belongs; a second spot, where it belongs."""
        bg = self.map_doc.background
        if bg is None or self.scene.background is None:
            self.statusBar().showMessage("Choose a background image first", 6000)
            return
        self.bg_points.append(xy)
        self.scene.points = list(self.bg_points)  # the spots so far, drawn as the draft
        self.scene.set_draft()
        steps = ["Click where that spot belongs on the map", "Click a second spot on the image, far from the first",
                 "Click where that spot belongs on the map"]
        if len(self.bg_points) < 4:
            self.statusBar().showMessage(steps[len(self.bg_points) - 1])
            return
        self.scene.cancel_draft()
        if self.place_background_by(*self.bg_points):
            self.statusBar().showMessage("Background placed by the two reference points", 6000)
        self.bg_points = []

    def place_background_by(self, img1: Any, map1: Any, img2: Any, map2: Any) -> bool:
        bg = self.map_doc.background
        image = self.scene.background
        assert bg is not None and image is not None
        size = (image.width(), image.height())
        rect = bg.rect or (0, 0, *self.map_doc.head["size"])
        try:
            new = rect_from_references(size, (image_pixel(rect, size, img1), map1),
                                       (image_pixel(rect, size, img2), map2))
        except ValueError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return False
        return self.push(C.SetBackground({**bg.model_dump(), "rect": new}))

    # --- actions --------------------------------------------------------------------------
    def _build_actions(self) -> None:
        bar = QToolBar("Tools")
        bar.setObjectName("tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(bar)
        file_menu = self.menuBar().addMenu("&File")
        for text, key, slot in (("New scenario", QKeySequence.StandardKey.New, self.new_scenario),
                                ("New map", None, self.new_map),
                                ("Open…", QKeySequence.StandardKey.Open, self._open_dialog),
                                ("Save", QKeySequence.StandardKey.Save, self._save),
                                ("Save as…", QKeySequence.StandardKey.SaveAs, self._save_as),
                                ("Play this scenario", None, self.play)):
            act = QAction(text, self)
            if key is not None:
                act.setShortcut(key)
            act.triggered.connect(slot)
            file_menu.addAction(act)
        edit_menu = self.menuBar().addMenu("&Edit")
        undo, redo = self.undo.createUndoAction(self, "Undo"), self.undo.createRedoAction(self, "Redo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        delete = QAction("Delete selected", self, shortcut=QKeySequence.StandardKey.Delete)
        delete.triggered.connect(self.delete_selected)
        edit_menu.addAction(delete)
        bar.addAction(undo)
        bar.addAction(redo)
        bar.addSeparator()
        self.tool_actions: dict[Tool, QAction] = {}
        group = QActionGroup(self)
        for tool in Tool:
            act = QAction(tool.value, self, checkable=True)
            act.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            group.addAction(act)
            bar.addAction(act)
            self.tool_actions[tool] = act
        self.tool_actions[Tool.SELECT].setChecked(True)
        self.addToolBarBreak()
        bar = QToolBar("Regions and background")
        bar.setObjectName("regions")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(bar)
        bar.addWidget(QLabel(" New region kind: "))
        self.region_kind = QComboBox()
        self.region_kind.addItems(["country", "province", "area", "sea"])
        self.region_kind.setToolTip("Kind of the next region drawn")
        bar.addWidget(self.region_kind)
        bar.addSeparator()
        self.bar_actions: dict[str, QAction] = {}
        for text, slot in (("Merge regions", self.merge_selected), ("Generate provinces", self.generate_in_selected),
                           ("Background image…", self._background_dialog), ("Fit", lambda: self.view.fit())):
            act = QAction(text, self)
            act.triggered.connect(lambda _=False, f=slot: f())
            bar.addAction(act)
            self.bar_actions[text] = act
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setFixedWidth(90)
        self.opacity.setToolTip("Background opacity (saved in the map)")
        self.opacity.setEnabled(False)
        self.opacity.sliderReleased.connect(self._set_opacity)
        self.opacity.valueChanged.connect(lambda _: None if self.opacity.isSliderDown() else self._set_opacity())
        bar.addWidget(QLabel(" Dim "))
        bar.addWidget(self.opacity)
        self.hide_bg = QCheckBox("Hide")
        self.hide_bg.setToolTip("Hide the background image (the view only; not saved)")
        self.hide_bg.toggled.connect(self._toggle_background)
        bar.addWidget(self.hide_bg)

    def set_tool(self, tool: Tool) -> None:
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self.scene.cancel_draft()
        self.bg_points = []
        self.scene.show_handles()
        hints = {Tool.PLACE: "Click to add a place", Tool.ROAD: "Drag from place to place; or click a place, "
                 "click bends, click the other place", Tool.REGION: "Click the corners; click the first point or "
                 "double-click to close", Tool.VERTEX: "Select a region, then drag its corners",
                 Tool.SPLIT: "Drag a line across a region, edge to edge", Tool.CONTROL: "Choose a team in "
                 "'Control brush', then click or drag over places", Tool.BACKGROUND: "Click a spot on the image",
                 Tool.LABEL: "Click to add a label; type its text in Properties; drag it with Select / move"}
        self.statusBar().showMessage(hints.get(tool, ""))

    def _set_opacity(self) -> None:
        bg = self.map_doc.background
        value = self.opacity.value() / 100
        if bg is not None and abs(bg.opacity - value) > 1e-9:
            self.push(C.SetBackground({**bg.model_dump(), "opacity": value}))

    def sync_background_controls(self) -> None:
        """The Dim slider shows the background's opacity (after an edit, an undo, opening a file)."""
        bg = self.map_doc.background
        self.opacity.blockSignals(True)
        self.opacity.setValue(round(bg.opacity * 100) if bg is not None else 100)
        self.opacity.blockSignals(False)
        self.opacity.setEnabled(bg is not None)

    def _toggle_background(self, hidden: bool) -> None:
        self.scene.show_background = not hidden
        self.scene.update()

    def _background_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Background image", "", "Images (*.png *.jpg *.jpeg *.svg)")
        if path:
            self.set_background_image(path)

    def set_background_image(self, path: str) -> bool:
        image = Path(path)
        if self.map_doc.path is not None:
            try:
                image = image.resolve().relative_to(self.map_doc.path.resolve().parent)
            except ValueError:
                pass
        old = self.map_doc.background
        return self.push(C.SetBackground({"image": image.as_posix(), "rect": old.rect if old else None,
                                          "opacity": old.opacity if old else 0.6}))

    def _open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a map or scenario", "", "YAML (*.yaml *.yml)")
        if path:
            try:
                self.open_path(path)
            except FileProblemsError as exc:
                QMessageBox.warning(self, "Cannot open", str(exc))

    def _save(self) -> None:
        if self.doc.path is None:
            self._save_as()
        else:
            self.save_to()

    def _save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save", "", "YAML (*.yaml)")
        if path:
            self.save_to(path)

    def play(self) -> bool:
        """Save, then open the scenario on the board (``boardapp.ui.app.run``) in its own process."""
        if self.scenario is None:
            self.statusBar().showMessage("Only a scenario can be played; this is a map", 6000)
            return False
        if self.doc.path is None or not self.undo.isClean():
            self._save()
        if self.doc.path is None:
            return False
        try:
            from boardapp.ui import app

            app.run
        except (ImportError, AttributeError):
            self.statusBar().showMessage("The board (boardapp.ui.app.run) is not available in this build", 8000)
            return False
        from PySide6.QtCore import QProcess

        code = "import sys; from boardapp.ui.app import run; sys.exit(run(sys.argv[1]))"
        return bool(QProcess.startDetached(sys.executable, ["-c", code, str(self.doc.path)]))

    def delete_selected(self) -> None:
        sel = self.selected
        if sel is None:
            return
        section, key = sel
        cmd: C.Command | None = {
            "places": lambda: C.DeletePlace(key), "roads": lambda: C.DeleteRoad(key),
            "regions": lambda: C.DeleteRegion(key), "counters": lambda: C.DeleteCounter(key),
            "labels": lambda: C.DeleteItem("labels", key),
        }.get(section, lambda: None)()
        if cmd is None and self.scenario is not None and section in ("teams", "unit_types", "timetable"):
            idx = key if isinstance(key, int) else self.scenario.index(section, key)
            cmd = C.DeleteItem(section, idx)
        if cmd is not None and self.push(cmd):
            self.select(None)

    # --- docks ----------------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        # properties
        self.props_box = QWidget()
        self.props = QFormLayout(self.props_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.props_box)
        scroll.setMinimumWidth(300)
        self._dock("Properties", scroll, right)
        # search
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        self.search = QLineEdit(placeholderText="Search places, teams, counters, settings…")
        self.search.textChanged.connect(self.run_search)
        self.results = QListWidget()
        self.results.itemClicked.connect(lambda it: self.select(it.data(Qt.ItemDataRole.UserRole), centre=True))
        lay.addWidget(self.search)
        lay.addWidget(self.results)
        self._dock("Search", box, right)
        # problems
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.itemClicked.connect(lambda it: self.go_to_problem(it.data(Qt.ItemDataRole.UserRole)))
        problems = self._dock("Problems", self.problem_list, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([problems], [130], Qt.Orientation.Vertical)
        # scenario: teams, unit types, palette, brush, settings
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        self.team_list, self.type_list = QListWidget(), QListWidget()
        for label, lst, add in (("Teams", self.team_list, self.add_team), ("Unit types", self.type_list,
                                                                          self.add_unit_type)):
            row = QHBoxLayout()
            row.addWidget(QLabel(f"<b>{label}</b>"))
            btn = QPushButton("Add")
            btn.clicked.connect(add)
            row.addWidget(btn)
            lay.addLayout(row)
            lst.itemClicked.connect(lambda it: self.select(it.data(Qt.ItemDataRole.UserRole)))
            lay.addWidget(lst)
        lay.addWidget(QLabel("<b>Counter palette</b> (drag onto a place)"))
        self.counter_palette = PaletteList()
        self.counter_palette.setDragEnabled(True)
        self.counter_palette.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        lay.addWidget(self.counter_palette)
        row = QHBoxLayout()
        row.addWidget(QLabel("<b>Control brush</b>"))
        self.brush_team = QComboBox()
        self.brush_team.currentIndexChanged.connect(lambda _: self.set_tool(Tool.CONTROL)
                                                    if self.brush_team.count() and self.isVisible() else None)
        row.addWidget(self.brush_team)
        lay.addLayout(row)
        btn = QPushButton("Scenario settings, timetable, hidden information")
        btn.clicked.connect(lambda: self.select(("scenario", None)))
        lay.addWidget(btn)
        self._dock("Scenario", box, left)

    def refresh_lists(self) -> None:
        sc = self.scenario
        for lst in (self.team_list, self.type_list, self.counter_palette):
            lst.clear()
        self.brush_team.blockSignals(True)
        brush = self.brush_team.currentData()
        self.brush_team.clear()
        self.brush_team.addItem("(neutral)", "")
        if sc is not None:
            for t in sc.teams:
                it = QListWidgetItem(f"{t.symbol}  {t.name}")
                it.setData(Qt.ItemDataRole.UserRole, ("teams", t.id))
                it.setForeground(QBrush(QColor(t.colour)))
                self.team_list.addItem(it)
                if t.on_map:
                    self.brush_team.addItem(f"{t.symbol} {t.name}", t.id)
                    if t.id == brush:
                        self.brush_team.setCurrentIndex(self.brush_team.count() - 1)
            for u in sc.unit_types:
                it = QListWidgetItem(f"{u.label}  {u.name} ({u.combat_value})")
                it.setData(Qt.ItemDataRole.UserRole, ("unit_types", u.id))
                self.type_list.addItem(it)
            for t in sc.teams:
                if not t.on_map:
                    continue
                for u in sc.unit_types:
                    it = QListWidgetItem(f"{t.symbol} {u.label} – {t.name} {u.name}")
                    it.setData(Qt.ItemDataRole.UserRole, f"counter:{t.id}:{u.id}")
                    self.counter_palette.addItem(it)
        self.brush_team.blockSignals(False)

    def add_team(self) -> bool:
        if self.scenario is None:
            return False
        n = len(self.scenario.teams) + 1
        tid = self.scenario.new_id("teams", f"team-{n}")
        colours = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000"]
        ok = self.push(C.AddTeam({"id": tid, "name": f"Team {n}", "colour": colours[(n - 1) % len(colours)],
                                  "symbol": f"T{n}"[:3], "pr_table": [2, 3, 4, 5, 6, 7, 8, 9, 10]}))
        if ok:
            self.select(("teams", tid))
        return ok

    def add_unit_type(self) -> bool:
        if self.scenario is None:
            return False
        n = len(self.scenario.unit_types) + 1
        uid = self.scenario.new_id("unit_types", f"unit-{n}")
        ok = self.push(C.AddUnitType({"id": uid, "name": f"Unit {n}", "label": f"U{n}"[:4], "combat_value": 2}))
        if ok:
            self.select(("unit_types", uid))
        return ok

    # --- selection and properties -----------------------------------------------------------
    def _scene_selection(self) -> None:
        try:
            items = self.scene.selectedItems()
        except RuntimeError:  # the scene is gone (the window is closing)
            return
        regions = [i.region_id for i in items if isinstance(i, RegionItem)]
        self.region_clicks = [r for r in self.region_clicks if r in regions] + [
            r for r in regions if r not in self.region_clicks]  # in the order they were picked
        if not items:
            return
        item = items[0]
        if len(regions) > 1:
            item = self.scene.regions[self.region_clicks[0]]
        if isinstance(item, PlaceItem):
            self.show_properties(("places", item.place_id))
        elif isinstance(item, RoadItem):
            self.show_properties(("roads", item.index))
        elif isinstance(item, RegionItem):
            self.show_properties(("regions", item.region_id))
        elif isinstance(item, LabelItem):
            self.show_properties(("labels", item.index))
        if self.tool == Tool.VERTEX:
            self.scene.show_handles()

    def select(self, what: tuple[str, Any] | None, centre: bool = False) -> None:
        self.scene.blockSignals(True)
        self.scene.clearSelection()
        item: QGraphicsItem | None = None
        if what is not None:
            section, key = what
            if section == "places":
                item = self.scene.places.get(key)
            elif section == "regions":
                item = self.scene.regions.get(key)
            elif section == "roads" and isinstance(key, int) and key < len(self.scene.roads):
                item = self.scene.roads[key]
            elif section == "labels" and isinstance(key, int) and key < len(self.scene.labels):
                item = self.scene.labels[key]
            elif section == "counters" and self.scenario is not None:
                try:
                    at = self.scenario.item("counters", key).at
                except KeyError:
                    at = None
                item = self.scene.places.get(at) if at else None
        if item is not None:
            item.setSelected(True)
            if centre:
                self.view.centerOn(item)
        self.scene.blockSignals(False)
        self.show_properties(what)
        if self.tool == Tool.VERTEX:
            self.scene.show_handles()

    def _current(self, what: tuple[str, Any]) -> tuple[BaseModel | None, Callable[[str, Any], C.Command] | None]:
        section, key = what
        sc = self.scenario
        try:
            if section == "places":
                return self.map_doc.place(key), lambda f, v: (C.RenamePlace(key, v) if f == "id"
                                                              else C.SetPlaceField(key, f, v))
            if section == "regions":
                return self.map_doc.region(key), lambda f, v: C.SetRegionField(key, f, v)
            if section == "roads":
                return self.map_doc.roads[key], lambda f, v: (C.SetRoadBends(key, v) if f == "via"
                                                              else C.SetItemField("roads", key, f, v))
            if section == "labels":
                return self.map_doc.labels[key], lambda f, v: C.SetItemField("labels", key, f, v)
            if section in ("teams", "unit_types", "counters") and sc is not None:
                return sc.item(section, key), lambda f, v: C.SetItemField(section, key, f, v)
            if section == "timetable" and sc is not None:
                return sc.timetable[key], lambda f, v: C.SetItemField("timetable", key, f, v)
            if section in ("settings", "display") and sc is not None:
                return sc.fields[section], lambda f, v: C.SetSetting(f, v, group=section)
        except (KeyError, IndexError):
            pass
        return None, None

    def show_properties(self, what: tuple[str, Any] | None, keep_focus: bool = False) -> None:
        if keep_focus and self.props_box.focusWidget() is not None and self.props_box.focusWidget().hasFocus():
            return
        self.selected = what
        while self.props.rowCount():
            self.props.removeRow(0)
        if what is None:
            self.props.addRow(QLabel("Nothing selected. Pick a tool above; click a place, road or region."))
            self._head_fields()
            return
        if what[0] == "scenario":
            self._scenario_fields()
            return
        model, make = self._current(what)
        if model is None or make is None:
            return
        self.props.addRow(QLabel(f"<b>{what[0].rstrip('s').replace('_', ' ').title()}</b>"))
        self._model_rows(model, make, readonly={"id"} if what[0] not in ("places",) else set(),
                         skip={"between"} if what[0] == "roads" else set())
        if what[0] == "roads":
            self.props.addRow("between", QLabel(" – ".join(model.between)))  # type: ignore[attr-defined]

    def _model_rows(self, model: BaseModel, make: Callable[[str, Any], C.Command], readonly: set[str] = frozenset(),
                    skip: set[str] = frozenset()) -> None:
        from boardapp.model.writer import _flow, plain

        choices = self._choices(model)
        for name, info in type(model).model_fields.items():
            if name in skip:
                continue
            value = getattr(model, name)
            if name in choices and name not in readonly:
                self.props.addRow(name, self._choice_box(name, value, choices[name], make, info.description))
                continue
            text = "" if value is None else _flow(plain(value))
            edit = self._field_edit(text)
            edit.setToolTip(info.description or name)
            edit.setObjectName(f"prop-{name}")
            if name in readonly:
                edit.setReadOnly(True)
            else:
                edit.editingFinished.connect(lambda n=name, e=edit: self._commit(make, n, e.text(), e))
            self.props.addRow(name, edit)

    def _choices(self, model: BaseModel) -> dict[str, list[tuple[str, Any]]]:
        """The fields of ``model`` chosen from a list in Properties: (shown text, value) each."""
        from enum import Enum as _Enum

        from boardapp.model.mapfile import Place

        out: dict[str, list[tuple[str, Any]]] = {}
        for name, info in type(model).model_fields.items():
            ann = info.annotation
            if isinstance(ann, type) and issubclass(ann, _Enum):
                out[name] = [(str(e.value), e.value) for e in ann]
        sc = self.scenario
        if self.selected is not None and self.selected[0] == "counters" and sc is not None:
            out["team"] = [(f"{t.symbol}  {t.name} ({t.id})", t.id) for t in sc.teams]
            out["type"] = [(f"{u.label}  {u.name} ({u.id})", u.id) for u in sc.unit_types]
        if isinstance(model, Place) and self.map_doc.communities:
            out["community"] = [("(none)", None)] + [(c.name, c.id) for c in self.map_doc.communities]
        return out

    def _choice_box(self, name: str, value: Any, choices: list[tuple[str, Any]],
                    make: Callable[[str, Any], C.Command], tip: str | None) -> QComboBox:
        box = QComboBox()
        box.setObjectName(f"prop-{name}")
        box.setToolTip(tip or name)
        values = [v for _, v in choices]
        current = getattr(value, "value", value)
        for text, v in choices:
            box.addItem(text, v)
        if current not in values:  # a value the list does not offer (a broken file): shown, not chosen
            box.addItem(f"{current} (not in the list)", current)
            values.append(current)
        box.setCurrentIndex(values.index(current))

        def chosen(index: int) -> None:
            new = box.itemData(index)
            if new != current and not self.push(make(name, new)):
                box.blockSignals(True)
                box.setCurrentIndex(values.index(current))
                box.blockSignals(False)

        box.currentIndexChanged.connect(chosen)
        return box

    def _commit(self, make: Callable[[str, Any], C.Command], name: str, text: str, edit: QWidget) -> None:
        """Take a field typed in Properties; ``edit`` remembers the text last taken (or shown), so that
        leaving the field again (focus moves, the panel is rebuilt) is not a second edit."""
        if text == edit.property("taken"):
            return
        try:
            value = yaml.safe_load(text) if text.strip() else None
        except yaml.YAMLError as exc:
            self.statusBar().showMessage(f"Not done: {name}: {exc}", 8000)
            return
        if isinstance(value, (int, float)) and name in ("name", "label", "text", "symbol", "image"):
            value = text
        if self.push(make(name, value)):
            edit.setProperty("taken", text)

    @staticmethod
    def _field_edit(text: str) -> QLineEdit:
        edit = QLineEdit(text)
        edit.setProperty("taken", text)
        return edit

    def _head_fields(self) -> None:
        self.props.addRow(QLabel("<b>Map</b>"))
        for name in ("id", "name", "size"):
            value = self.map_doc.head[name]
            text = f"[{value[0]:g}, {value[1]:g}]" if name == "size" else str(value)
            edit = self._field_edit(text)
            edit.editingFinished.connect(lambda n=name, e=edit: self._commit(
                lambda f, v: C.SetHeadField(f, v), n, e.text(), e))
            self.props.addRow(name, edit)

    def _scenario_fields(self) -> None:
        sc = self.scenario
        if sc is None:
            return
        self.props.addRow(QLabel("<b>Scenario</b>"))
        for name in ("id", "name", "description"):
            text = str(sc.fields.get(name) or "")
            edit = self._field_edit(text)
            edit.editingFinished.connect(lambda n=name, e=edit: self._commit(
                lambda f, v: C.SetHeadField(f, v if v is not None else "", target="scenario"), n, e.text(), e))
            self.props.addRow(name, edit)
        for group in ("display", "settings"):
            if isinstance(sc.fields.get(group), BaseModel):
                self.props.addRow(QLabel(f"<b>{group.title()}</b>" + (" (hidden information)" if group == "display"
                                                                      else "")))
                self._model_rows(sc.fields[group], lambda f, v, g=group: C.SetSetting(f, v, group=g))
        self.props.addRow(QLabel("<b>Timetable</b>"))
        for i, slot in enumerate(sc.timetable):
            btn = QPushButton(f"{slot.start}–{slot.end} {slot.label}")
            btn.clicked.connect(lambda _=False, n=i: self.select(("timetable", n)))
            self.props.addRow(btn)
        add = QPushButton("Add timetable slot")
        add.clicked.connect(self.add_timetable_slot)
        self.props.addRow(add)

    def add_timetable_slot(self) -> bool:
        sc = self.scenario
        if sc is None:
            return False
        start = sc.timetable[-1].end if sc.timetable else "10:00"
        h, m = map(int, start.split(":"))
        end = f"{min(23, h + (m + 30) // 60):02d}:{(m + 30) % 60:02d}"
        weeks = [s.week for s in sc.timetable if s.week]
        week = (max(weeks) + 1) if weeks else 1
        return self.push(C.AddTimetableEntry(start, end, f"Week {week}", week))

    # --- problems and search ----------------------------------------------------------------
    def refresh_problems(self) -> None:
        self.problem_list.clear()
        try:
            problems = self.doc.problems()
        except Exception as exc:
            problems = [Problem(f"the checks could not run: {exc}")]
        for p in problems:
            mark = "⚠" if p.severity == "warning" else "✖"
            it = QListWidgetItem(f"{mark} {p.file.name if p.file else ''}: {p.message}")
            it.setForeground(QBrush(QColor("#a05a00" if p.severity == "warning" else "#b00020")))
            it.setData(Qt.ItemDataRole.UserRole, p)
            self.problem_list.addItem(it)
        if not problems:
            self.problem_list.addItem("✔ No problems: boardapp check finds nothing wrong.")
        self.problems = problems

    def target_of(self, loc: tuple[str | int, ...]) -> tuple[str, Any] | None:
        if not loc:
            return None
        section = loc[0]
        if section in ("places", "regions") and len(loc) > 1 and isinstance(loc[1], int):
            lst = self.map_doc.places if section == "places" else self.map_doc.regions
            return (section, lst[loc[1]].id) if loc[1] < len(lst) else None
        if section in ("roads", "labels") and len(loc) > 1:
            return (section, loc[1])
        if section == "control" and len(loc) > 1:
            return ("places", loc[1])
        sc = self.scenario
        if sc is not None and section in ("teams", "unit_types", "counters") and len(loc) > 1:
            lst = sc.fields[section]
            return (section, lst[loc[1]].id) if isinstance(loc[1], int) and loc[1] < len(lst) else None
        if sc is not None and section in ("dp_tokens", "camps", "aid_blocks") and len(loc) > 1:
            return ("places", sc.fields[section][loc[1]].place)
        if section in ("settings", "display", "timetable"):
            return ("scenario", None)
        return None

    def go_to_problem(self, problem: Problem | None) -> None:
        if isinstance(problem, Problem):
            self.select(self.target_of(problem.loc), centre=True)

    def run_search(self, text: str) -> None:
        self.results.clear()
        for hit in self.doc.find(text)[:200]:
            it = QListWidgetItem(hit.label)
            target = self.target_of(hit.loc) if hit.section not in ("teams", "unit_types", "counters") else (
                hit.section, hit.key)
            it.setData(Qt.ItemDataRole.UserRole, target)
            self.results.addItem(it)


def run_editor(path: str | None = None) -> int:
    """Open the editor on a map or scenario file (or a new scenario) and run until it closes."""
    app = QApplication.instance() or QApplication(sys.argv)
    try:
        window = EditorWindow(path)
    except FileProblemsError as exc:
        print(exc, file=sys.stderr)
        return 1
    window.show()
    return int(app.exec())
