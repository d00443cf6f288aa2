"""Where the move costs go while a counter is in the air (issue #31 item 10): each legal place's cost
("$M1 to activate") is a screen-sized text, placed by the same candidates as the place names
(:mod:`boardapp.ui.board.labels`: its positions and rings, then its nearby spots) around its green
ring, clear of every name as drawn (the regions' large names, "BINNI", too), every place's symbol,
every ring and the counters, and of the other costs. It was drawn under the ring, where the board
draws the place's own name, and covered it.

A cost keeps its size (no shrinking: the hall standard); where nothing near is free it takes the
placement's leader-line spot, drawn with a thin green line to its ring, and last the spot covering least.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsRectItem

from boardapp.ui.board import labels

RING = 37.5
"""Half the outer size of a legal place's ring (radius 34 plus half its 7-unit pen), in map units at scale 1."""


PAD = 3
"""Screen pixels of the plate either side of a cost's letters."""


def screen_zoom(scene: Any) -> float:
    """Screen pixels per map unit in the scene's first view (1 without one)."""
    views = scene.views()
    return float(views[0].transform().m11()) if views else 1.0


def region_name_boxes(scene: Any) -> list[labels.Box]:
    """The boxes (map units) of the region names the board draws at the view's zoom: the same names,
    points, sizes and letters as its recorded map paints them (``BoardScene._paint_map``: a region's
    ``label_at`` or a point inside it, 110 units high for a country, 60 else, upper case, centred, with a
    halo pen of 0.28 of the size), near (full detail) without a region a place of the same name names."""
    from PySide6.QtGui import QFontMetricsF, QPainterPath

    from boardapp.ui.board import scene as board_scene
    from boardapp.ui.board import style
    from boardapp.ui.board.mapdraw import _label_point

    s = scene.base_scale
    detail = screen_zoom(scene) * s >= board_scene.LOD_FAR
    named = {pl.name.casefold() for pl in scene.map.places} if detail else set()
    named |= set(getattr(scene, "names_drawn_elsewhere", set()))
    out = []
    for r in scene.map.regions:
        if not r.name or r.name.casefold() in named:
            continue
        at = QPointF(*r.label_at) if r.label_at is not None else _label_point(r.polygon)
        px = (110.0 if r.kind == "country" else 60.0) * s
        font = style.font(px, True)
        fm = QFontMetricsF(font)
        text = r.name.upper()
        path = QPainterPath()
        path.addText(QPointF(at.x() - fm.horizontalAdvance(text) / 2, at.y() + fm.ascent() / 2 - fm.descent() / 2),
                     font, text)
        ink, halo = path.boundingRect(), px * 0.14
        out.append(labels.Box(ink.left() - halo, ink.top() - halo, ink.right() + halo, ink.bottom() + halo))
    return out


def obstacles(scene: Any, rings: list[tuple[float, float]]) -> list[labels.Box]:
    """What a cost must not cover: the names as drawn (places' and regions'), the places' symbols, the
    rings, the counters."""
    s = scene.base_scale
    out = [spot.box for spot in scene.name_spots().values()]
    out += region_name_boxes(scene)
    r = 18 * s
    out += [labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r) for p in scene.map.places]
    ring = RING * s
    out += [labels.Box(x - ring, y - ring, x + ring, y + ring) for x, y in rings]
    for _bounds, rows in scene.pieces_layer().values():
        out += [labels.Box(b.left(), b.top(), b.right(), b.bottom()) for _, b, _ in rows]
    return out


def place_costs(scene: Any, texts: dict[str, Any]) -> dict[str, labels.Spot]:
    """Put each cost text (place id -> a QGraphicsSimpleTextItem ignoring the view's zoom) at its spot."""
    if not texts:
        return {}
    zoom = max(screen_zoom(scene), 1e-6)
    s = scene.base_scale
    todo = []
    rings = []
    for pid, item in texts.items():
        x, y = scene.places[pid].at
        rings.append((x, y))
        br = item.boundingRect()
        todo.append(labels.Label(pid, x, y, (br.width() + 2 * PAD + 2) / zoom, (br.height() + 2) / zoom,
                                 clearance=RING * s))  # the plate and its 1-pixel edge
    mw, mh = scene.map.size
    spots = greedy(todo, obstacles(scene, rings), labels.Box(0, 0, mw, mh), gap=3 / zoom)
    for pid, item in texts.items():
        spot = spots.get(pid)
        if spot is None:
            continue
        item.setData(0, pid)  # whose cost it is (read by the tests)
        _plate(item)
        item.setTransform(QTransform())
        item.setPos(spot.box.x0 + (PAD + 1) / zoom, spot.box.y0 + 1 / zoom)  # the letters' top left, in pixels
        if spot.leader:
            _leader(scene, pid, spot, item.zValue())
    return spots


def greedy(todo: list[labels.Label], blocked: list[labels.Box], bounds: labels.Box,
           gap: float) -> dict[str, labels.Spot]:
    """The names' placement in one greedy pass (a pick-up must not wait for the names' repair passes:
    with the whole placer a pick-up took a median 55 ms for Binni's 15 costs, with this 16 ms, on a
    loaded machine): each cost at the first free candidate of
    :func:`labels.candidates` (the names' positions and rings, in their order), else the cheapest free
    spot :func:`labels.nearby` finds, else the far rings (:data:`labels.FAR_RINGS`), else the first ring's
    spot covering least."""
    grid = labels._Grid(max(max(lab.w, lab.h) for lab in todo) * 1.5)  # the placer's own grid
    for b in blocked:
        grid.add(b)
    out: dict[str, labels.Spot] = {}
    for lab in todo:
        spot = next((labels.Spot(box, rank, leader, anchor=(lab.x, lab.y))
                     for rank, box, leader in labels.candidates(lab, gap)
                     if box.inside(bounds) and not grid.hits(box)), None)
        if spot is None:
            for _cost, _k, rank, x0, y0, x1, y1, leader in labels.nearby(lab, gap, bounds, shrink=()):
                box = labels.Box(x0, y0, x1, y1)
                if not grid.hits(box):
                    spot = labels.Spot(box, rank, leader, anchor=(lab.x, lab.y))
                    break
        if spot is None:  # the far rings, with a line to the ring
            spot = next((labels.Spot(box, rank, True, anchor=(lab.x, lab.y)) for rank, box, _ in
                         labels.candidates(lab, gap, range(labels.RINGS, labels.RINGS + labels.FAR_RINGS))
                         if box.inside(bounds) and not grid.hits(box)), None)
        if spot is None:
            rank, box, _ = min(labels.candidates(lab, gap, range(1)), key=lambda c: grid.covered(c[1]))
            spot = labels.Spot(box, rank)
        grid.add(spot.box)
        out[lab.id] = spot
    return out


def _plate(item: Any) -> None:
    """Dark letters on a light plate: the white outline the text had was drawn over its letters (seen
    under Xvfb: white, unreadable 17-pixel costs on the map's beige)."""
    item.setPen(QPen(Qt.PenStyle.NoPen))
    plate = QGraphicsRectItem(item.boundingRect().adjusted(-PAD, 0, PAD, 0), item)
    plate.setBrush(QBrush(QColor(255, 255, 255, 225)))
    plate.setPen(QPen(QColor("#00a050"), 1))
    plate.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
    plate.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


def _leader(scene: Any, pid: str, spot: labels.Spot, z: float) -> None:
    """A hairline from the ring's edge to the nearest point of the cost's box."""
    x, y = scene.places[pid].at
    b = spot.box
    end = QPointF(min(max(x, b.x0), b.x1), min(max(y, b.y0), b.y1))
    line = QLineF(QPointF(x, y), end)
    ring = RING * scene.base_scale
    if line.length() <= ring:
        return
    line.setP1(line.pointAt(ring / line.length()))
    item = QGraphicsLineItem(line)
    pen = QPen(QColor("#00a050"), 2)
    pen.setCosmetic(True)
    item.setPen(pen)
    item.setZValue(z - 0.5)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    scene.addItem(item)
    scene._option_items.append(item)
