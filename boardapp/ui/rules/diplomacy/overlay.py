"""What a Diplomacy game draws over the board: supply-centre ownership tinted in the owners'
colours, and orders as arrows (moves), dashed lines (supports), dotted paths (convoys), rings
(holds), crosses (disbands) — drafts of the power being edited, or after adjudication every
order with its result (failed orders dashed with a red cross where they stopped, dislodged
units ringed in red).

Both are plain :class:`QGraphicsItem` objects added to the board's scene (the scene itself is
not changed): the tint just above the map, the orders above the counters.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from boardapp.rules.diplomacy.mapdata import province_of
from boardapp.rules.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
)
from boardapp.ui.board import style
from boardapp.ui.board.scale import place_spacing

Z_TINT = 1.0
"""Above the map (drawn as the scene's background), under control markers (5) and counters (10)."""
Z_ORDERS = 950.0
"""Above the counters, under a counter in the air (1000)."""

LINE_PX = 4.5
"""Width of a move arrow in screen pixels, whatever the zoom (the casing adds 2 * CASING_PX)."""
SUPPORT_PX = 3.2
CASING_PX = 1.5
HEAD = 0.4
"""Arrowhead length as a fraction of the map's place spacing (see :func:`place_spacing`)."""
FAIL = QColor("#d00000")


@dataclass(frozen=True)
class Drawn:
    """One order as the map shows it (provinces, not regions)."""

    kind: str  # hold | move | support_hold | support_move | convoy | retreat | disband | build
    power: str
    src: str
    dest: str | None = None
    target: str | None = None
    """The supported or convoyed unit's province."""
    ok: bool | None = None
    """None: a draft (no result yet)."""
    reason: str = ""
    text: str = ""


def drawn_from_order(order: Order, power: str, ok: bool | None = None, reason: str = "") -> Drawn | None:
    src = order.province
    text = str(order)
    if isinstance(order, Move):
        return Drawn("move", power, src, province_of(order.dest), None, ok, reason, text)
    if isinstance(order, Retreat):
        return Drawn("retreat", power, src, province_of(order.dest), None, ok, reason, text)
    if isinstance(order, SupportMove):
        return Drawn("support_move", power, src, province_of(order.dest), province_of(order.target), ok, reason, text)
    if isinstance(order, SupportHold):
        return Drawn("support_hold", power, src, None, province_of(order.target), ok, reason, text)
    if isinstance(order, Convoy):
        return Drawn("convoy", power, src, province_of(order.dest), province_of(order.army), ok, reason, text)
    if isinstance(order, Hold):
        return Drawn("hold", power, src, None, None, ok, reason, text)
    if isinstance(order, Disband):
        return Drawn("disband", power, src, None, None, ok, reason, text)
    if isinstance(order, Build):
        return Drawn("build", power, src, None, None, ok, reason, text)
    return None


def casing_for(c: QColor) -> QColor:
    """The outline that makes a line of colour ``c`` stand out (black on light, white on dark)."""
    out = style.text_on(c)
    out.setAlpha(235)
    return out


class SupplyCentreTint(QGraphicsItem):
    """Every owned supply centre's province filled lightly in its owner's colour."""

    def __init__(self, the_map: Any, colour_of: Callable[[str | None], str | None]) -> None:
        super().__init__()
        self.colour_of = colour_of
        self._paths: dict[str, QPainterPath] = {}
        rect = QRectF()
        for r in the_map.regions:
            path = QPainterPath()
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in r.polygon]))
            path.closeSubpath()
            for hole in r.holes:
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in hole]))
                path.closeSubpath()
            self._paths[r.id] = path
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-10, -10, 10, 10)
        self.owners: dict[str, str | None] = {}
        self.setZValue(Z_TINT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_owners(self, owners: dict[str, str | None]) -> None:
        if owners != self.owners:
            self.owners = dict(owners)
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for centre, owner in self.owners.items():
            path = self._paths.get(centre)
            hexcol = self.colour_of(owner) if owner else None
            if path is None or hexcol is None:
                continue
            c = QColor(hexcol)
            fill = QColor(c)
            fill.setAlpha(95)
            edge = QColor(c) if style.luminance(c) < 0.8 else QColor("#777777")
            edge.setAlpha(200)
            p.setBrush(fill)
            p.setPen(QPen(edge, 4))
            p.drawPath(path)


class OrdersLayer(QGraphicsItem):
    """Orders drawn over the board, plus the rubber band of an order being dragged."""

    def __init__(self, scene: Any) -> None:
        super().__init__()
        self.board = scene
        self.orders: list[Drawn] = []
        self.dislodged: list[tuple[str, str]] = []
        """(province of the dislodged unit, its attacker's origin)"""
        self.rubber: tuple[QPointF, QPointF, str] | None = None
        self.pending: tuple[str, str, str] | None = None
        """(kind, from province, to province) of a support or convoy waiting for its second click."""
        self.g = min(150.0, max(30.0, place_spacing(p.at for p in scene.places.values())))
        """The drawings' size unit in map units: the median distance between neighbouring places."""
        self.setZValue(Z_ORDERS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # --- content -------------------------------------------------------------------------
    def set_orders(self, orders: list[Drawn], dislodged: list[tuple[str, str]] | None = None) -> None:
        self.orders = list(orders)
        self.dislodged = list(dislodged or [])
        self.update()

    def set_rubber(self, start: QPointF | None, end: QPointF | None = None, kind: str = "move") -> None:
        self.rubber = None if start is None or end is None else (start, end, kind)
        self.update()

    def set_pending(self, pending: tuple[str, str, str] | None) -> None:
        self.pending = pending
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self.board.sceneRect())

    # --- geometry ----------------------------------------------------------------------------
    def pos_of(self, prov: str | None) -> QPointF | None:
        if prov is None or prov not in self.board.places:
            return None
        return QPointF(self.board.place_pos(prov))

    def colour(self, power: str) -> QColor:
        return QColor(self.board.team_colour(power) or "#888888")

    @staticmethod
    def _towards(a: QPointF, b: QPointF, d: float) -> QPointF:
        """The point ``d`` map units from ``a`` towards ``b`` (negative: beyond a, away from b)."""
        dx, dy = b.x() - a.x(), b.y() - a.y()
        n = math.hypot(dx, dy) or 1.0
        return QPointF(a.x() + dx / n * d, a.y() + dy / n * d)

    # --- painting ----------------------------------------------------------------------------
    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # supports and convoys first, then moves on top, then markers
        rank = {"support_hold": 0, "support_move": 0, "convoy": 1, "hold": 2, "move": 3, "retreat": 3,
                "build": 4, "disband": 4}
        for d in sorted(self.orders, key=lambda d: rank.get(d.kind, 5)):
            self._paint_order(p, d)
        for prov, origin in self.dislodged:
            self._paint_dislodged(p, prov, origin)
        g = self.g
        blue = QColor("#1b4dd8")
        if self.pending is not None:
            _kind, first, second = self.pending
            pa, pb = self.pos_of(first), self.pos_of(second)
            if pa is not None and pb is not None:
                self._line(p, pa, pb, blue, Qt.PenStyle.DashLine, head=False, shorten=0)
                self._ring(p, pb, blue, 0.9 * g, Qt.PenStyle.DashLine)
        if self.rubber is not None:
            ra, rb, kind = self.rubber
            style_ = {"move": Qt.PenStyle.SolidLine, "support": Qt.PenStyle.DashLine,
                      "convoy": Qt.PenStyle.DotLine}.get(kind, Qt.PenStyle.SolidLine)
            self._line(p, ra, rb, blue, style_, head=kind == "move", shorten=0)

    @staticmethod
    def _pen(c: QColor, px: float, pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine,
             cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
        """A pen ``px`` screen pixels wide whatever the zoom (lines stay legible far away)."""
        pen = QPen(c, px, pen_style, cap, Qt.PenJoinStyle.RoundJoin)
        pen.setCosmetic(True)
        return pen

    def _line(self, p: QPainter, a: QPointF, b: QPointF, c: QColor, pen_style: Qt.PenStyle, *,
              head: bool = True, shorten: float | None = None, start_gap: float = 0.0,
              width: float = LINE_PX) -> QPointF:
        """A cased line from a to b (stopping ``shorten`` map units before b, by default a
        place's radius) with an arrowhead; returns where it ends."""
        g = self.g
        shorten = 0.45 * g if shorten is None else shorten
        if math.hypot(b.x() - a.x(), b.y() - a.y()) < shorten + start_gap + 0.3 * g:
            shorten = start_gap = 0.0
        end = self._towards(b, a, shorten) if shorten else QPointF(b)
        start = self._towards(a, b, start_gap) if start_gap else QPointF(a)
        shaft_end = self._towards(end, start, HEAD * g * 0.7) if head else end
        case = casing_for(c)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if pen_style == Qt.PenStyle.SolidLine:
            p.setPen(self._pen(case, width + 2 * CASING_PX))
            p.drawLine(start, shaft_end)
        else:  # dashes cased one by one, with a hairline between them so the line reads as one
            p.setPen(self._pen(case, 1.2))
            p.drawLine(start, shaft_end)
            dash = self._pen(case, width + 2 * CASING_PX, pen_style, Qt.PenCapStyle.FlatCap)
            p.setPen(dash)
            p.drawLine(start, shaft_end)
        p.setPen(self._pen(c, width, pen_style, Qt.PenCapStyle.FlatCap if pen_style != Qt.PenStyle.SolidLine
                           else Qt.PenCapStyle.RoundCap))
        p.drawLine(start, shaft_end)
        if head:
            self._head(p, start, end, c)
        return end

    def _head(self, p: QPainter, a: QPointF, b: QPointF, c: QColor) -> None:
        size = HEAD * self.g
        ang = math.atan2(b.y() - a.y(), b.x() - a.x())
        pts = [b]
        for s in (1, -1):
            pts.append(QPointF(b.x() - size * math.cos(ang + s * 0.45), b.y() - size * math.sin(ang + s * 0.45)))
        p.setPen(self._pen(casing_for(c), CASING_PX * 1.3))
        p.setBrush(c)
        p.drawPolygon(QPolygonF(pts))

    def _ring(self, p: QPainter, at: QPointF, c: QColor, r: float,  # noqa: PLR0917
              pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine, width: float = LINE_PX) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(self._pen(casing_for(c), width + 2 * CASING_PX))
        p.drawEllipse(at, r, r)
        p.setPen(self._pen(c, width, pen_style, Qt.PenCapStyle.FlatCap))
        p.drawEllipse(at, r, r)

    def _cross(self, p: QPainter, at: QPointF, c: QColor, r: float) -> None:
        for pen in (self._pen(QColor("white"), 7.0), self._pen(c, 4.0)):
            p.setPen(pen)
            p.drawLine(QPointF(at.x() - r, at.y() - r), QPointF(at.x() + r, at.y() + r))
            p.drawLine(QPointF(at.x() - r, at.y() + r), QPointF(at.x() + r, at.y() - r))

    def _paint_order(self, p: QPainter, d: Drawn) -> None:
        a = self.pos_of(d.src)
        if a is None:
            return
        g = self.g
        c = self.colour(d.power)
        failed = d.ok is False
        gap = 0.3 * g
        thin = SUPPORT_PX
        if d.kind in ("move", "retreat"):
            b = self.pos_of(d.dest)
            if b is None:
                return
            if failed:  # a bounce: the arrow stops short of the province, a red cross where it stopped
                stop = self._towards(b, a, min(0.8 * g, math.hypot(b.x() - a.x(), b.y() - a.y()) / 3))
                self._line(p, a, stop, c, Qt.PenStyle.DashLine, shorten=0, start_gap=gap)
                self._cross(p, stop, FAIL, 0.28 * g)
            else:
                self._line(p, a, b, c, Qt.PenStyle.SolidLine, start_gap=gap)
        elif d.kind == "support_move":
            t, b = self.pos_of(d.target), self.pos_of(d.dest)
            if t is None or b is None:
                return
            # to a point on the supported move's path, short of its destination
            aim = QPointF(t.x() * 0.3 + b.x() * 0.7, t.y() * 0.3 + b.y() * 0.7)
            end = self._line(p, a, aim, c, Qt.PenStyle.DashLine, head=False, shorten=0, start_gap=gap, width=thin)
            p.setPen(self._pen(casing_for(c), CASING_PX * 1.3))
            p.setBrush(c)
            p.drawEllipse(end, 0.14 * g, 0.14 * g)
            if failed:
                self._cross(p, QPointF((a.x() + end.x()) / 2, (a.y() + end.y()) / 2), FAIL, 0.2 * g)
        elif d.kind == "support_hold":
            t = self.pos_of(d.target)
            if t is None:
                return
            self._line(p, a, t, c, Qt.PenStyle.DashLine, head=False, shorten=0.55 * g, start_gap=gap, width=thin)
            self._ring(p, t, c, 0.55 * g, Qt.PenStyle.DashLine, width=thin)
            if failed:
                self._cross(p, QPointF((a.x() + t.x()) / 2, (a.y() + t.y()) / 2), FAIL, 0.2 * g)
        elif d.kind == "convoy":
            army, b = self.pos_of(d.target), self.pos_of(d.dest)
            if army is None or b is None:
                return
            self._line(p, army, a, c, Qt.PenStyle.DotLine, head=False, shorten=0, start_gap=gap, width=thin)
            self._line(p, a, b, c, Qt.PenStyle.DotLine, width=thin)
            self._ring(p, a, c, 0.4 * g, Qt.PenStyle.DotLine, width=thin)
            if failed:
                self._cross(p, a, FAIL, 0.2 * g)
        elif d.kind == "hold":
            self._ring(p, a, c, 0.45 * g, Qt.PenStyle.DashLine if failed else Qt.PenStyle.SolidLine)
            if failed:
                self._cross(p, QPointF(a.x() + 0.45 * g, a.y() - 0.45 * g), FAIL, 0.16 * g)
        elif d.kind == "disband":
            self._cross(p, a, c if d.ok is not False else FAIL, 0.35 * g)
        elif d.kind == "build":
            self._ring(p, a, c, 0.45 * g, Qt.PenStyle.DashLine if failed else Qt.PenStyle.SolidLine)
            for pen in (self._pen(casing_for(c), 8.0), self._pen(c, 4.5)):
                p.setPen(pen)
                p.drawLine(QPointF(a.x() - 0.22 * g, a.y()), QPointF(a.x() + 0.22 * g, a.y()))
                p.drawLine(QPointF(a.x(), a.y() - 0.22 * g), QPointF(a.x(), a.y() + 0.22 * g))
            if failed:
                self._cross(p, QPointF(a.x() + 0.45 * g, a.y() - 0.45 * g), FAIL, 0.16 * g)

    def _paint_dislodged(self, p: QPainter, prov: str, origin: str) -> None:
        at = self.pos_of(prov)
        if at is None:
            return
        r = 0.6 * self.g
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(self._pen(QColor("white"), 8.0))
        p.drawEllipse(at, r, r)
        p.setPen(self._pen(FAIL, 4.5))
        p.drawEllipse(at, r, r)
        style.halo_text(p, "DISLODGED", QPointF(at.x(), at.y() + r + 0.3 * self.g), max(11.0, 0.26 * self.g),
                        True, ink=FAIL)
