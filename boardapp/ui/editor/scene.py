"""The map editor's scene: the map drawn as editable items; mouse input becomes document commands through the window."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
)

from boardapp.editor import commands as C
from boardapp.editor.document import MapDocument
from boardapp.ui.board.mapdraw import SEA
from boardapp.ui.board.scale import REFERENCE_SPACING, SCALE_RANGE, place_spacing
from boardapp.ui.board.scene import load_background
from boardapp.ui.editor.items import Handle, LabelItem, PlaceItem, RegionItem, RoadItem

if TYPE_CHECKING:
    from boardapp.ui.editor.window import EditorWindow

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
        self.k = 1.0
        """The map's own scale (``map_scale``, its place spacing over War in Binni's): names, symbols,
        roads and outlines are drawn at it, as the board draws them (set when the map is loaded)."""

    # --- drawing the document --------------------------------------------------------------
    @property
    def doc(self) -> MapDocument:
        return self.w.map_doc

    def map_k(self) -> float:
        """The map's own scale, as the board's :func:`~boardapp.ui.board.scale.map_scale` gives it."""
        lo, hi = SCALE_RANGE
        return min(hi, max(lo, place_spacing(p.at for p in self.doc.places) / REFERENCE_SPACING))

    def rebuild(self) -> None:
        for item in [*self.places.values(), *self.roads, *self.regions.values(), *self.labels, *self.handles]:
            self.removeItem(item)
        self.places, self.roads, self.regions, self.labels, self.handles = {}, [], {}, [], []
        self.k = self.map_k()
        self.draft.setPen(QPen(QColor("#d62728"), 6 * self.k, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        self.setSceneRect(QRectF(-200, -200, self.doc.head["size"][0] + 400, self.doc.head["size"][1] + 400))
        self.sync_regions()
        for place in self.doc.places:
            item = PlaceItem(place, self.k)
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
                item = self.regions[region.id] = RegionItem(region, i, self.k)
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
            item = RoadItem(len(self.roads), self.k)
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
            item = self.places[place_id] = PlaceItem(place, self.k)
            self.addItem(item)
        item.update_from(place)
        if len(self.roads) == len(self.doc.roads):
            for i in self.doc.roads_of(place_id):
                self.update_road(i, self.doc.roads[i])

    def sync_decor(self) -> None:
        sc = self.w.scenario
        for item in self.places.values():
            item.clear_decor()
        if sc is not None:
            teams = {t.id: t for t in sc.teams}
            for place, team in sc.control.items():
                if place in self.places and team in teams:
                    self.places[place].decor.append((teams[team].colour, "●" + teams[team].symbol))
                    self.places[place].chips.append(None)
            types = {u.id: u for u in sc.unit_types}
            from boardapp.editor.refs import pieces

            section = pieces(sc)
            for c in sc.fields.get(section) or []:  # counters, or the list the rule system names
                if c.at in self.places and c.team in teams:
                    label = types[c.type].label if c.type in types else c.type
                    self.places[c.at].decor.append((teams[c.team].colour, label))
                    self.places[c.at].chips.append((section, c.id))
        for item in self.places.values():
            item.update()

    def on_changes(self, changes: list[tuple[str, Any]]) -> None:
        for section, key in changes:
            if section == "places" and isinstance(key, str):
                self.sync_place(key)
            elif section in {"places", "all"}:
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
        from boardapp.ui.editor import selection as S  # issue #31 item 8: snapping, rubber band, several

        pos = event.scenePos()
        tool = self.w.tool
        xy = S.snap(self, pos, vertices=tool in (Tool.REGION, Tool.SPLIT))
        if tool == Tool.SELECT and event.button() == Qt.MouseButton.LeftButton \
                and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            S.start_band(self, pos)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            self.cancel_draft()
            return
        if tool == Tool.SELECT:
            from boardapp.ui.editor import counterdrag

            if counterdrag.press(self, pos):  # a counter's chip: dragged to another place
                return
            super().mousePressEvent(event)
            pid = self.place_near(pos)
            label = None if pid else self.label_at(pos)
            if pid:
                self.drag = ("place", pid, pos)
            elif label is not None:
                self.drag = ("label", label, pos, self.labels[label].pos() - pos)
            else:
                self.drag = None
                if not self.selectedItems() and self.w.selected is not None:
                    self.w.select(None)  # a click on empty map: the map's own form (communities …)
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
        if self.drag and self.drag[0] == "band":
            from boardapp.ui.editor.selection import band_move

            band_move(self, pos)
            return
        if self.drag and self.drag[0] == "counter":
            from boardapp.ui.editor import counterdrag

            counterdrag.move(self, self.drag, pos)
            return
        if self.drag and self.drag[0] == "place":
            from boardapp.ui.editor.selection import drag_along

            if not drag_along(self, self.drag, pos):
                self.places[self.drag[1]].setPos(pos)
            return
        if self.drag and self.drag[0] == "label":
            self.labels[self.drag[1]].setPos(pos + self.drag[3])
            return
        if self.drag and self.drag[0] == "vertex":
            from boardapp.ui.editor.selection import vertex_drag

            vertex_drag(self, self.drag[1], pos)  # snapped to the vertices near it, or the grid
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
        from boardapp.ui.editor import selection as S

        pos = event.scenePos()
        xy = S.snap(self, pos, vertices=self.w.tool == Tool.SPLIT)
        drag, self.drag = self.drag, None
        if drag and drag[0] == "band":
            S.band_release(self, drag, pos)
            return
        if drag and drag[0] == "counter":
            from boardapp.ui.editor import counterdrag

            counterdrag.drop(self, drag, pos)
            return
        if drag and drag[0] == "place" and S.move_selection(self, drag, pos):
            pass
        elif drag and drag[0] == "place":
            if (pos - drag[2]).manhattanLength() > 2:
                self.w.push(C.MovePlace(drag[1], xy))
            else:
                self.sync_place(drag[1])
        elif drag and drag[0] == "label":
            at = pos + drag[3]
            if (pos - drag[2]).manhattanLength() > 2:
                self.w.push(C.SetItemField("labels", drag[1], "at", (round(at.x()), round(at.y()))))
            else:
                self.sync_labels()
        elif drag and drag[0] == "vertex":
            S.vertex_drop(self, drag[1], pos)  # with the corners other regions share there
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
            from boardapp.ui.editor import counterdrag

            counterdrag.cancel(self)  # a counter being dragged goes back
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


