"""How a :class:`~boardapp.ui.board.scene.BoardScene` draws its map: regions, roads, place symbols and names,
recorded once as pictures (full detail, and a lighter one for a view far out), and where the names stand.

:class:`MapDrawing` is part of :class:`~boardapp.ui.board.scene.BoardScene` (a mixin, as
:class:`~boardapp.ui.board.layout.CounterLayout` is: its methods use the scene's map, scale and caches)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import pairwise
from typing import Any, NamedTuple

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPicture,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsScene,
)

from boardapp.ui.board import labels, style

SEA = QColor("#cfe2ee")
REGION_FILLS = ["#f4ecd6", "#e2ebd3", "#efe0c4", "#e5ddd6", "#dde6ee", "#f0dde0"]
NAME_PX = 34.0
_SYMBOL_DARK, _SYMBOL_LIGHT = QColor("#1d1d1d"), QColor("#ffffff")
_SYMBOL_YELLOW, _SYMBOL_WATER = QColor("#fff2a8"), QColor("#2b5f8a")


class _SymbolKit(NamedTuple):
    """The pens and shapes of the place symbols at one scale, shapes around (0, 0)."""

    light3: QPen
    light25: QPen
    dark3: QPen
    dark25: QPen
    dark4flat: QPen
    water3: QPen
    bolt: QPolygonF
    dam: QPolygonF
    wave: QPainterPath
    border: QPolygonF


@lru_cache(maxsize=64)
def _symbol_kit(u: float) -> _SymbolKit:
    def at(dx: float, dy: float) -> QPointF:
        return QPointF(dx * u, dy * u)

    wave = QPainterPath(at(-16, 13))
    wave.cubicTo(at(-8, 7), at(-4, 19), at(4, 13))
    wave.cubicTo(at(10, 8), at(12, 17), at(16, 13))
    return _SymbolKit(
        light3=QPen(_SYMBOL_LIGHT, 3 * u), light25=QPen(_SYMBOL_LIGHT, 2.5 * u), dark3=QPen(_SYMBOL_DARK, 3 * u),
        dark25=QPen(_SYMBOL_DARK, 2.5 * u),
        dark4flat=QPen(_SYMBOL_DARK, 4 * u, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap),
        water3=QPen(_SYMBOL_WATER, 3 * u),
        bolt=QPolygonF([at(3, -13), at(-7, 2), at(-1, 2), at(-4, 13), at(7, -3), at(1, -3)]),
        dam=QPolygonF([at(-18, -8), at(18, -8), at(13, 6), at(-13, 6)]), wave=wave,
        border=QPolygonF([at(0, -13), at(13, 0), at(0, 13), at(-13, 0)]))
"""A place symbol's ink and paper (made once: the map has a thousand symbols; a painter copies what it is given)."""
THIN_ROAD_PX = 6.0
"""A road whose casing is at most this many pixels wide on screen is drawn as straight lines with square ends
(:meth:`BoardScene._stroke_roads`): Qt's fast line rasteriser instead of its stroker."""


def _inside(x: float, y: float, ring: list[tuple[float, float]]) -> bool:
    inside = False
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _label_point(ring: list[tuple[float, float]]) -> QPointF:
    """Where a region's name goes: the centre of its vertices when that lies inside, else a point
    shapely finds inside (shapely is only imported for concave regions)."""
    pts = [tuple(p) for p in ring]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    if _inside(cx, cy, pts):  # type: ignore[arg-type]
        return QPointF(cx, cy)
    from shapely.geometry import Polygon

    pt = Polygon(pts).representative_point()
    return QPointF(pt.x, pt.y)


class _Polylines:
    """Roads' points as Qt polylines, made when first asked for (thin roads are drawn without them)."""

    def __init__(self, points: list[list[tuple[float, float]]]) -> None:
        self.points = points
        self._made: list[QPolygonF] | None = None

    def __iter__(self) -> Iterator[QPolygonF]:
        if self._made is None:
            self._made = [QPolygonF([QPointF(*v) for v in line]) for line in self.points]
        return iter(self._made)


class MapDrawing:
    """The map's drawing and its names, for a :class:`~boardapp.ui.board.scene.BoardScene`."""

    def _record_map(self) -> tuple[QPicture, QPicture | None]:
        """The full-detail map (the far one, :attr:`_map_far`, is recorded when a view first needs it)."""
        if self._map_full is None:
            self._map_full = self._record(True)
        return self._map_full, self._map_far

    def _record(self, detail: bool) -> QPicture:
        pic = QPicture()
        p = QPainter(pic)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_map(p, detail)
        p.end()
        return pic

    def _paint_map(self, p: QPainter, detail: bool) -> None:
        m = self.map  # the sea and the background image are drawn by drawBackground, not recorded
        # regions: soft fills, darker outlines
        alpha = 150 if self._background_image is not None else 255
        s = self.base_scale
        for i, r in enumerate(m.regions):
            path = QPainterPath()
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in r.polygon]))
            path.closeSubpath()
            for hole in r.holes:
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in hole]))
                path.closeSubpath()
            fill = QColor(r.colour or (SEA.name() if r.kind == "sea" else REGION_FILLS[i % len(REGION_FILLS)]))
            fill.setAlpha(alpha)
            p.setBrush(fill)
            p.setPen(QPen(QColor("#8a7f70"), (6 if r.kind == "country" else 3) * s, Qt.PenStyle.DashDotLine
                          if r.kind == "country" else Qt.PenStyle.DotLine))
            p.drawPath(path)
        # region names, large and faint, under everything else; near, where place names are drawn, not a
        # region a place of the same name already names (a Diplomacy province is a region and a place:
        # "MOSCOW" under "Moscow"); far away, where place names are not drawn, every region's name
        named = {pl.name.casefold() for pl in m.places} if detail else set()
        named |= self.names_drawn_elsewhere
        for r in m.regions:
            if not r.name or r.name.casefold() in named:
                continue
            at = QPointF(*r.label_at) if r.label_at is not None else _label_point(r.polygon)
            px = (110.0 if r.kind == "country" else 60.0) * s
            style.halo_text(p, r.name.upper(), at, px, True, ink=QColor(90, 80, 70, 110),
                            halo=QColor(255, 255, 255, 0))
        # roads: a dark casing under a light core (casing only near). One polyline per road: Qt
        # strokes 2,000 short polylines ten times faster than one path holding them all.
        # Each road's points as numbers: the map seen whole draws its roads as straight pieces, made from
        # them at once (2,000 roads: Qt polylines made and read back point by point cost ~10 ms of a first paint)
        roads: dict[str, list[list[tuple[float, float]]]] = defaultdict(list)
        for road in m.roads:
            a, b = (self.places.get(x) for x in road.between)
            if a is None or b is None or road.kind == "adjacency":  # a border crossing, not a drawn road
                continue
            roads[road.kind].append([a.at, *road.via, b.at])
        p.setBrush(Qt.BrushStyle.NoBrush)
        t = p.worldTransform()
        on_screen = math.sqrt(abs(t.determinant())) if not (t.m12() or t.m21()) else math.inf
        for kind, points in roads.items():
            lines = _Polylines(points)
            if kind == "track":
                p.setPen(QPen(QColor("#7a5c3a"), 5 * s, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
                for line in lines:
                    p.drawPolyline(line)
                continue
            width = (13 if kind == "highway" else 10) * s
            # thin on screen (a map seen whole), a road is drawn as its straight pieces with square ends, all
            # in one call: Qt rasterises such lines itself, three times faster than stroking round-jointed
            # polylines, and at a few pixels wide a square end under a place symbol or at a bend looks the same
            thin = (width + 5 * s) * on_screen <= THIN_ROAD_PX
            pieces = [QLineF(x0, y0, x1, y1) for line in points
                      for (x0, y0), (x1, y1) in pairwise(line)] if thin else []
            if detail:
                self._stroke_roads(p, QColor("#6d5a45"), width + 5 * s, Qt.PenStyle.SolidLine, lines, pieces=pieces)
            self._stroke_roads(p, QColor("#f6d88a") if kind != "rail" else QColor("#444444"), width,
                               Qt.PenStyle.SolidLine if kind != "rail" else Qt.PenStyle.DashLine, lines,
                               pieces=pieces if kind != "rail" else [])
        # free labels (rivers, plateaus, seas)
        for lab in m.labels:
            p.save()
            p.translate(*lab.at)
            p.rotate(lab.angle)
            style.halo_text(p, lab.text, QPointF(0, 0), lab.size, False, ink=QColor(40, 70, 110, 200),
                            halo=QColor(255, 255, 255, 120))
            p.restore()
        # places
        for place in m.places:
            self._paint_place_symbol(p, place, s)
        if detail:
            spots = self._name_spots
            if spots is None and self.defer_names:  # first paint: under the place; placed a moment later
                self._schedule_names()
                spots = {}
            elif spots is None:
                spots = self.name_spots()
            for place in m.places:
                spot = spots.get(place.id)
                if spot is None:
                    if place.name and self.defer_names:
                        dx, dy = place.label_offset
                        style.halo_label(p, place.name, QPointF(place.at[0] + dx, place.at[1] + 36 * s + dy),
                                         NAME_PX * s)
                    continue
                cx, cy = spot.centre
                if spot.leader:
                    leader = QPen(QColor("#1a1a1a"), 1.2)
                    leader.setCosmetic(True)  # a hairline at any scale
                    p.setPen(leader)
                    p.drawLine(QPointF(*spot.anchor), QPointF(min(max(spot.anchor[0], spot.box.x0), spot.box.x1),
                                                              min(max(spot.anchor[1], spot.box.y0), spot.box.y1)))
                style.halo_label(p, place.name, QPointF(cx, cy), NAME_PX * s * self.name_k * spot.scale)

    @staticmethod
    def _stroke_roads(p: QPainter, colour: QColor, width: float, style: Qt.PenStyle, lines: Iterable[QPolygonF], *,
                      pieces: list[QLineF]) -> None:
        """Roads as round-jointed polylines, or (given ``pieces``, see :data:`THIN_ROAD_PX`) as straight lines
        with square ends in one call."""
        if pieces:
            p.setPen(QPen(colour, width, style, Qt.PenCapStyle.SquareCap, Qt.PenJoinStyle.MiterJoin))
            p.drawLines(pieces)
            return
        p.setPen(QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        for line in lines:
            p.drawPolyline(line)

    def _schedule_names(self) -> None:
        if self._names_pending:
            return
        self._names_pending = True
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, self._place_names_now)

    def _place_names_now(self) -> None:
        """Place the names (after the first paint, so a cold start is not kept waiting) and draw
        the map again with them."""
        self._names_pending = False
        self._map_straight = False
        if self._name_spots is not None:
            return
        self.name_spots()
        self._map_full = self._map_far = None
        self._map_image = None
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def name_spots(self) -> dict[str, labels.Spot]:
        """Where each place's name is drawn (:func:`labels.place_labels`): clear of every place's
        symbol, of the pieces laid out when the map was recorded, and of the other names.

        A name's box is its letters' ink (as the big screen measures it) plus half its halo each
        side, so two neighbours' halos may meet but never cover each other's letters; measuring the
        font's full line height instead made every name a third taller than drawn, and a dense
        map's names were pushed out to long leader lines."""
        from PySide6.QtGui import QFontMetricsF

        def ink_box(name: str, px: float, pad: float) -> tuple[float, float, float, float]:
            """The box (x0, y0, x1, y1) around a name's letters, ``pad`` wider each side, seen from
            the point :func:`style.halo_label` centres it on, at ``px``: the union over the sizes a
            name may be shrunk to (:data:`labels.SHRINK`), each measured at its own size and scaled
            back, as small letters are not quite the large ones scaled (hinting)."""
            x0 = y0 = float("inf")
            x1 = y1 = float("-inf")
            for k in (1.0, *labels.SHRINK):
                font = style.font(px * k, True)
                fm = QFontMetricsF(font)
                # halo_label centres the advance box on its point: the ink, seen from there, starts
                # half the advance left, on a baseline (ascent - descent) / 2 below; an outline's box
                # is exact where tightBoundingRect rounds to whole pixels
                outline = QPainterPath()
                outline.addText(QPointF(-fm.horizontalAdvance(name) / 2, (fm.ascent() - fm.descent()) / 2), font, name)
                ink = outline.boundingRect()
                x0, y0 = min(x0, ink.left() / k), min(y0, ink.top() / k)
                x1, y1 = max(x1, ink.right() / k), max(y1, ink.bottom() / k)
            return x0 - pad, y0 - pad, x1 + pad, y1 + pad

        if self._name_spots is None:
            s = self.base_scale
            px = NAME_PX * s * self.name_k
            pad = 0.06 * px  # half the halo :func:`style.halo_label` draws (0.12 of the size)
            r = 18 * s
            groups = {p.id: [labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r)]
                      for p in self.map.places if p.name}
            for pid, (_bounds, rows) in self.pieces_layer().items():
                if pid in groups:
                    groups[pid] += [labels.Box(b.left(), b.top(), b.right(), b.bottom()) for _, b, _ in rows]
            todo = []
            for place in self.map.places:
                own = groups.get(place.id)
                if own is None:
                    continue
                around = labels.Box(min(b.x0 for b in own), min(b.y0 for b in own), max(b.x1 for b in own),
                                    max(b.y1 for b in own))
                x0, y0, x1, y1 = ink_box(place.name, px, pad)
                w, h = x1 - x0, y1 - y0
                todo.append(labels.Label(place.id, place.at[0], place.at[1], w, h,
                                         clearance=r, around=around,
                                         priority=0 if str(place.kind) == "city" else 1,
                                         nudge=tuple(place.label_offset),  # type: ignore[arg-type]
                                         shift=(-(x0 + w / 2), -(y0 + h / 2))))
            mw, mh = self.map.size
            self._name_spots = labels.place_labels(todo, [b for bs in groups.values() for b in bs],
                                                   bounds=labels.Box(0, 0, mw, mh),
                                                   gap=0.15 * px)
        return self._name_spots

    @staticmethod
    def _paint_place_symbol(p: QPainter, place: Any, scale: float = 1.0) -> None:
        """A place's symbol, ``scale`` times its size at scale 1 (its pens and shapes made once per scale:
        a map of 1,000 places draws 1,000 symbols at its first paint)."""
        x, y = place.at
        u = scale
        kit = _symbol_kit(u)
        c = QPointF(x, y)
        kind = str(place.kind)
        p.setPen(kit.light3)
        p.setBrush(_SYMBOL_DARK)
        if kind == "city":
            p.drawRect(QRectF(x + -14 * u, y + -14 * u, 28 * u, 28 * u))
            p.setBrush(_SYMBOL_LIGHT)
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRect(QRectF(x + -5 * u, y + -5 * u, 10 * u, 10 * u))
        elif kind == "power_plant":
            p.setBrush(_SYMBOL_YELLOW)
            p.setPen(kit.dark3)
            p.drawEllipse(c, 16 * u, 16 * u)
            p.setBrush(_SYMBOL_DARK)
            p.setPen(Qt.PenStyle.NoPen)
            p.drawPolygon(kit.bolt.translated(x, y))
        elif kind == "dam":
            p.setBrush(_SYMBOL_WATER)
            p.setPen(kit.light25)
            p.drawPolygon(kit.dam.translated(x, y))
            p.setPen(kit.water3)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(kit.wave.translated(x, y))
        elif kind == "airfield":
            p.setBrush(_SYMBOL_LIGHT)
            p.setPen(kit.dark25)
            p.drawEllipse(c, 15 * u, 15 * u)
            p.setPen(kit.dark4flat)
            p.drawLine(QPointF(x, y + -12 * u), QPointF(x, y + 12 * u))
            p.drawLine(QPointF(x + -11 * u, y + -2 * u), QPointF(x + 11 * u, y + -2 * u))
            p.drawLine(QPointF(x + -5 * u, y + 9 * u), QPointF(x + 5 * u, y + 9 * u))
        elif kind == "port":
            p.setBrush(_SYMBOL_WATER)
            p.drawEllipse(c, 14 * u, 14 * u)
            p.setPen(kit.light3)
            p.drawLine(QPointF(x, y + -8 * u), QPointF(x, y + 8 * u))
            p.drawLine(QPointF(x + -7 * u, y + 4 * u), QPointF(x + 7 * u, y + 4 * u))
        elif kind == "border_post":
            p.drawPolygon(kit.border.translated(x, y))
        else:  # town
            p.drawEllipse(c, 10 * u, 10 * u)
