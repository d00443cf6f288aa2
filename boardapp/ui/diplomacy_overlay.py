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
from boardapp.ui import style

Z_TINT = 1.0
"""Above the map (drawn as the scene's background), under control markers (5) and counters (10)."""
Z_ORDERS = 950.0
"""Above the counters, under a counter in the air (1000)."""

LINE = 7.0
"""Width of an order line in map units (the casing adds 2 * CASING)."""
CASING = 2.5
HEAD = 26.0
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
        if self.pending is not None:
            _kind, first, second = self.pending
            pa, pb = self.pos_of(first), self.pos_of(second)
            if pa is not None and pb is not None:
                self._line(p, pa, pb, QColor("#1b4dd8"), Qt.PenStyle.DashLine, head=False)
                self._ring(p, pb, QColor("#1b4dd8"), 40, Qt.PenStyle.DashLine)
        if self.rubber is not None:
            ra, rb, kind = self.rubber
            style_ = {"move": Qt.PenStyle.SolidLine, "support": Qt.PenStyle.DashLine,
                      "convoy": Qt.PenStyle.DotLine}.get(kind, Qt.PenStyle.SolidLine)
            self._line(p, ra, rb, QColor("#1b4dd8"), style_, head=kind == "move", shorten=0)

    def _line(self, p: QPainter, a: QPointF, b: QPointF, c: QColor, pen_style: Qt.PenStyle, *,
              head: bool = True, shorten: float = 30.0, start_gap: float = 0.0, width: float = LINE) -> QPointF:
        """A cased line from a to b (stopping ``shorten`` before b) with an arrowhead; returns its end."""
        if math.hypot(b.x() - a.x(), b.y() - a.y()) < shorten + start_gap + 10:
            shorten = start_gap = 0.0
        end = self._towards(b, a, shorten) if shorten else QPointF(b)
        start = self._towards(a, b, start_gap) if start_gap else QPointF(a)
        shaft_end = self._towards(end, start, HEAD * 0.8) if head else end
        cap = Qt.PenCapStyle.FlatCap if pen_style != Qt.PenStyle.SolidLine else Qt.PenCapStyle.RoundCap
        casing = QPen(casing_for(c), width + 2 * CASING, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        ink = QPen(c, width, pen_style, cap)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if pen_style == Qt.PenStyle.SolidLine:
            p.setPen(casing)
            p.drawLine(start, shaft_end)
        else:  # a dashed line on a thin casing, so the gaps show the map
            thin = QPen(casing_for(c), width * 0.45, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            p.setPen(thin)
            p.drawLine(start, shaft_end)
            dash = QPen(casing_for(c), width + 2 * CASING, pen_style, cap)
            p.setPen(dash)
            p.drawLine(start, shaft_end)
        p.setPen(ink)
        p.drawLine(start, shaft_end)
        if head:
            self._head(p, start, end, c)
        return end

    def _head(self, p: QPainter, a: QPointF, b: QPointF, c: QColor) -> None:
        ang = math.atan2(b.y() - a.y(), b.x() - a.x())
        pts = [b]
        for s in (1, -1):
            pts.append(QPointF(b.x() - HEAD * math.cos(ang + s * 0.45), b.y() - HEAD * math.sin(ang + s * 0.45)))
        p.setPen(QPen(casing_for(c), CASING * 1.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.setBrush(c)
        p.drawPolygon(QPolygonF(pts))

    def _ring(self, p: QPainter, at: QPointF, c: QColor, r: float,  # noqa: PLR0917
              pen_style: Qt.PenStyle = Qt.PenStyle.SolidLine, width: float = LINE) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(casing_for(c), width + 2 * CASING))
        p.drawEllipse(at, r, r)
        p.setPen(QPen(c, width, pen_style))
        p.drawEllipse(at, r, r)

    def _cross(self, p: QPainter, at: QPointF, c: QColor, r: float = 16.0) -> None:
        for pen in (QPen(QColor("white"), 11, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                    QPen(c, 6.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)):
            p.setPen(pen)
            p.drawLine(QPointF(at.x() - r, at.y() - r), QPointF(at.x() + r, at.y() + r))
            p.drawLine(QPointF(at.x() - r, at.y() + r), QPointF(at.x() + r, at.y() - r))

    def _paint_order(self, p: QPainter, d: Drawn) -> None:
        a = self.pos_of(d.src)
        if a is None:
            return
        c = self.colour(d.power)
        failed = d.ok is False
        solid = Qt.PenStyle.DashLine if failed else Qt.PenStyle.SolidLine
        if d.kind in ("move", "retreat"):
            b = self.pos_of(d.dest)
            if b is None:
                return
            if failed:  # a bounce: the arrow stops short of the province with a red cross
                mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
                stop = self._towards(b, a, min(60.0, math.hypot(b.x() - a.x(), b.y() - a.y()) / 3))
                self._line(p, a, stop, c, Qt.PenStyle.DashLine, head=True, shorten=0, start_gap=22)
                self._cross(p, stop if d.kind == "move" else mid, FAIL)
            else:
                self._line(p, a, b, c, Qt.PenStyle.SolidLine, start_gap=22)
        elif d.kind == "support_move":
            t, b = self.pos_of(d.target), self.pos_of(d.dest)
            if t is None or b is None:
                return
            # to the middle of the supported move's path, just short of the destination
            aim = QPointF(t.x() * 0.35 + b.x() * 0.65, t.y() * 0.35 + b.y() * 0.65)
            end = self._line(p, a, aim, c, Qt.PenStyle.DashLine, head=False, shorten=0, start_gap=22, width=5.5)
            p.setPen(QPen(casing_for(c), CASING * 1.5))
            p.setBrush(c)
            p.drawEllipse(end, 9, 9)
            if failed:
                self._cross(p, QPointF((a.x() + end.x()) / 2, (a.y() + end.y()) / 2), FAIL, 12)
        elif d.kind == "support_hold":
            t = self.pos_of(d.target)
            if t is None:
                return
            self._line(p, a, t, c, Qt.PenStyle.DashLine, head=False, shorten=44, start_gap=22, width=5.5)
            self._ring(p, t, c, 44, Qt.PenStyle.DashLine, width=5.5)
            if failed:
                self._cross(p, QPointF((a.x() + t.x()) / 2, (a.y() + t.y()) / 2), FAIL, 12)
        elif d.kind == "convoy":
            army, b = self.pos_of(d.target), self.pos_of(d.dest)
            if army is None or b is None:
                return
            self._line(p, army, a, c, Qt.PenStyle.DotLine, head=False, shorten=0, start_gap=22, width=5.5)
            self._line(p, a, b, c, Qt.PenStyle.DotLine, head=True, shorten=30, width=5.5)
            self._ring(p, a, c, 30, Qt.PenStyle.DotLine, width=4.5)
            if failed:
                self._cross(p, a, FAIL, 12)
        elif d.kind == "hold":
            self._ring(p, a, c, 34, solid)
            if failed:
                self._cross(p, QPointF(a.x() + 34, a.y() - 34), FAIL, 10)
        elif d.kind == "disband":
            self._cross(p, a, c if d.ok is not False else FAIL, 22)
        elif d.kind == "build":
            self._ring(p, a, c, 34, Qt.PenStyle.DashLine if failed else Qt.PenStyle.SolidLine)
            for pen in (QPen(casing_for(c), 11, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                        QPen(c, 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)):
                p.setPen(pen)
                p.drawLine(QPointF(a.x() - 15, a.y()), QPointF(a.x() + 15, a.y()))
                p.drawLine(QPointF(a.x(), a.y() - 15), QPointF(a.x(), a.y() + 15))
            if failed:
                self._cross(p, QPointF(a.x() + 34, a.y() - 34), FAIL, 10)

    def _paint_dislodged(self, p: QPainter, prov: str, origin: str) -> None:
        at = self.pos_of(prov)
        if at is None:
            return
        for r, w in ((52.0, 13.0), (52.0, 7.0)):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor("white") if w > 10 else FAIL, w, Qt.PenStyle.SolidLine))
            p.drawEllipse(at, r, r)
        style.halo_text(p, "DISLODGED", QPointF(at.x(), at.y() + 70), 22, True, ink=FAIL)
