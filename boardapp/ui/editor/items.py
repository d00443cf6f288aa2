"""The map editor's items: places, roads, regions, labels and vertex handles, drawn as the board draws them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
)

from boardapp.ui.board import style
from boardapp.ui.board.mapdraw import REGION_FILLS, SEA
from boardapp.ui.board.scene import BoardScene


# --- scene items ----------------------------------------------------------------------------
class PlaceItem(QGraphicsItem):
    """A place: its symbol and name, drawn like the board draws it; movable with the select tool."""

    def __init__(self, place: Any, k: float = 1.0) -> None:
        super().__init__()
        self.k = k
        """The map's own scale (its place spacing over War in Binni's): the name, symbol and chips are
        drawn this many times their size on Binni's map, so a dense map's names do not bury each other."""
        self.place = place
        self.place_id = place.id
        self.decor: list[tuple[str, str]] = []  # (colour, text) of control and counters
        self.chips: list[tuple[str, str] | None] = []
        """Beside ``decor``, one a chip: (scenario list, piece id) of a counter's chip, None for the control
        marker. A counter's chip can be dragged to another place (``counterdrag.py``)."""
        self.lifted: int | None = None
        """The chip being dragged away: not drawn here while it is (the dragged copy is)."""
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
        k = self.k
        right = max(160.0, self.chip_rect(len(self.decor) - 1).right() + 4)  # every chip, however many
        return QRectF(-160 * k, -66 * k, (160 + right) * k, 136 * k)

    def clear_decor(self) -> None:
        """No control marker or chips (before they are set again): the bounds follow the chips."""
        self.prepareGeometryChange()
        self.decor, self.chips, self.lifted = [], [], None

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), 24 * self.k, 24 * self.k)
        return path

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.save()
        p.translate(-self.place.at[0], -self.place.at[1])
        k = self.k
        BoardScene._paint_place_symbol(p, self.place, k)
        p.restore()
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), 4 * k, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(0, 0), 28 * k, 28 * k)
        dx, dy = self.place.label_offset
        style.halo_text(p, self.place.name, QPointF(dx, 40 * k + dy), 30 * k, True)
        p.scale(k, k)  # the control marker and counter chips at the map's scale too
        for n, (colour, text) in enumerate(self.decor):  # control marker and counter chips above
            if n == self.lifted:
                continue
            rect = self.chip_rect(n)
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
            paint_chip(p, rect, colour, text)

    @staticmethod
    def chip_rect(n: int) -> QRectF:
        """The ``n``-th chip's rectangle above the place, in the place's coordinates at scale 1 (times ``k``)."""
        return QRectF(-60 + n * 42, -62, 38, 26)

    def chip_at(self, scene_pos: QPointF) -> int | None:
        """The index of the counter chip (not the control marker) under ``scene_pos``, if any."""
        local = self.mapFromScene(scene_pos) / self.k
        for n in range(len(self.decor) - 1, -1, -1):  # the last drawn is on top
            if n < len(self.chips) and self.chips[n] is not None and self.chip_rect(n).contains(local):
                return n
        return None


def paint_chip(p: QPainter, rect: QRectF, colour: str, text: str) -> None:
    """A counter's chip: its team's colour, its unit type's label."""
    p.setPen(QPen(QColor("#1d1d1d"), 2))
    p.setBrush(QColor(colour))
    p.drawRoundedRect(rect, 4, 4)
    light = QColor(colour).lightness() < 140
    p.setPen(QColor("white") if light else QColor("black"))
    f = p.font()
    f.setPixelSize(12)
    f.setBold(True)
    p.setFont(f)
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class RoadItem(QGraphicsPathItem):
    def __init__(self, index: int, k: float = 1.0) -> None:
        super().__init__()
        self.index = index
        self.k = k
        """The map's own scale: a road's width (see :class:`PlaceItem`)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setZValue(10)

    def update_from(self, road: Any, ends: tuple[Any, Any]) -> None:
        path = QPainterPath(QPointF(*ends[0]))
        for v in road.via:
            path.lineTo(QPointF(*v))
        path.lineTo(QPointF(*ends[1]))
        self.setPath(path)
        width = (13 if road.kind == "highway" else 10) * self.k
        colour = QColor("#7a5c3a") if road.kind == "track" else QColor("#e0b450")
        pen = QPen(colour, width, Qt.PenStyle.DashLine if road.kind in ("track", "rail") else Qt.PenStyle.SolidLine,
                   Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setToolTip(f"road {road.between[0]} – {road.between[1]} ({road.kind})")

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), self.pen().widthF() + 10 * self.k, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawPath(self.path())
        p.setPen(self.pen())
        p.drawPath(self.path())

    def shape(self) -> QPainterPath:
        from PySide6.QtGui import QPainterPathStroker

        s = QPainterPathStroker()
        s.setWidth(24 * self.k)
        return s.createStroke(self.path())


class RegionItem(QGraphicsPathItem):
    def __init__(self, region: Any, index: int, k: float = 1.0) -> None:
        super().__init__()
        self.k = k
        """The map's own scale: outlines and the region's name (see :class:`PlaceItem`)."""
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
        self.setPen(QPen(QColor("#6d6356"), (6 if kind == "country" else 3) * self.k,
                         Qt.PenStyle.SolidLine if kind == "country" else Qt.PenStyle.DashLine))
        self.setZValue({"country": 1, "sea": 0, "area": 2, "province": 3}.get(kind, 1))
        self.setToolTip(f"{kind} {region.name} ({region.id})")
        self.update()  # a new name on the same outline: setPath alone would not repaint it

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setPen(self.pen())
        p.setBrush(self.brush())
        p.drawPath(self.path())
        if self.isSelected():
            p.setPen(QPen(QColor("#d62728"), 8 * self.k, Qt.PenStyle.DashLine))
            p.setBrush(QColor(214, 39, 40, 30))
            p.drawPath(self.path())
        from shapely.geometry import Polygon

        at = self.region.label_at or Polygon(self.region.polygon).representative_point().coords[0]
        px = (90.0 if str(self.region.kind) == "country" else 30.0) * self.k
        ink = QColor(90, 80, 70, 140) if str(self.region.kind) == "country" else QColor(110, 90, 150, 120)
        from boardapp.ui.editor.regionlabels import fitted_lines  # the name fits a narrow region

        px, lines = fitted_lines(self.region.name.upper(), px, self.path().boundingRect().width() * 0.9)
        for i, line in enumerate(lines):
            y = at[1] + (i - (len(lines) - 1) / 2) * px * 1.15
            style.halo_text(p, line, QPointF(at[0], y), px, True, ink=ink, halo=QColor(255, 255, 255, 0))

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


