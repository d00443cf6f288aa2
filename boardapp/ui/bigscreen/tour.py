"""The hall treatment of a dense map: a slow tour of its regions, each framed close enough that its
names are drawn at the hall's size, with a locator (the whole map, the region outlined) and a caption
saying where ("Around Berlin · 3/9").

A map whose places lie far enough apart on screen when the whole map is fitted (War in Binni) has no
tour: the screen shows the whole map. A dense one (the MUN's Europe: 170 provinces, central Europe's
a few pixels apart) cannot be read whole from the back of the hall, so the screen never shows it
whole: :func:`plan_tour` cuts it into a grid of regions of the screen's shape (each fills the
screen), small enough that places stand :data:`TOUR_SPACING` of the screen's height apart, and the
screen visits them in turn, :data:`DWELL_S` seconds each.
CONTROL's *Show this on the big screen* stops the tour; *Whole map* (Home) starts it again.

:func:`plan_tour` is plain Python (boxes and points); :class:`Tour` drives the big screen's view.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from boardapp.ui.board import style

if TYPE_CHECKING:
    from boardapp.ui.bigscreen.window import BigScreenWindow

NEEDS_TOUR = 0.075
"""A map needs a tour when, fitted whole, its places stand (median nearest-neighbour distance) less
than this fraction of the view's height apart: there a name at the hall's size (a 40th of the height)
would be more than a third of the distance to the next place, and the big screen caps names at that
(War in Binni fitted at 1080: 89 px apart, above the 81 px line; the MUN's Europe: 37 px)."""
TOUR_SPACING = 0.15
"""The zoom of a tour's regions: places a median 0.135 of the view's height apart (146 px at 1080, five
name heights), so that names at the hall's size find room beside their pieces in the crowded parts
(at 0.12 the label placer still shrank 3.5 % of the MUN's names at some stop; at 0.135, under 3 %;
the MUN's Europe then takes 20 regions at 1920x1080 with the side bar: five minutes a round)."""
OVERLAP = 0.06
"""Each region is framed this fraction larger on every side, so a place on a region's edge is whole
in one of them."""
DWELL_S = 12.0
"""Seconds a region stays on the screen (a slow tour: a player finds their pieces and reads them)."""
CAPTION_FRACTION = 1 / 34
"""The caption's font pixel size as a fraction of the view's height (32 px at 1080: capitals 23 px)."""
NAME_CAP = 100.0
"""The largest name the big screen draws, in map units at base scale 1 (the window's ``_on_settled``)."""
SEA_KINDS = {"sea", "ocean", "water"}


@dataclass(frozen=True)
class Stop:
    """One region of the tour: its rectangle in map units and what the caption calls it."""

    rect: tuple[float, float, float, float]
    """x, y, width, height, in map units (the screen's shape)."""
    name: str


@dataclass(frozen=True)
class Spot:
    """A place as the tour sees it."""

    name: str
    x: float
    y: float
    sea: bool = False


def nearest(points: Sequence[tuple[float, float]]) -> list[float]:
    """Each point's distance to its nearest neighbour (a grid of cells about one point each)."""
    n = len(points)
    if n < 2:
        return [math.inf] * n
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    cell = max(math.sqrt(w * h / n) if w * h > 0 else max(w, h) / n, 1e-9)
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    keys = [(int((x - min(xs)) // cell), int((y - min(ys)) // cell)) for x, y in points]
    for i, k in enumerate(keys):
        grid[k].append(i)
    out = []
    for i, (cx, cy) in enumerate(keys):
        best, r = math.inf, 0
        while True:
            for gx in range(cx - r, cx + r + 1):
                for gy in range(cy - r, cy + r + 1) if gx in (cx - r, cx + r) else (cy - r, cy + r):
                    for j in grid.get((gx, gy), ()):
                        if j != i:
                            best = min(best, math.dist(points[i], points[j]))
            if best <= r * cell:
                break
            r += 1
        out.append(best)
    return out


def _median(values: list[float]) -> float:
    v = sorted(values)
    return v[len(v) // 2] if v else math.inf


COMPASS = {(0, 0): "North-west", (1, 0): "North", (2, 0): "North-east", (0, 1): "West", (1, 1): "Centre",
           (2, 1): "East", (0, 2): "South-west", (1, 2): "South", (2, 2): "South-east"}


def _where(col: int, row: int, cols: int, rows: int) -> str:
    """The compass name of a cell of a ``cols`` x ``rows`` grid ("North-west", "Centre" ...)."""
    def third(i: int, n: int) -> int:
        return 1 if n == 1 else min(2, round(2 * i / (n - 1)))
    return COMPASS[(third(col, cols), third(row, rows))]


def plan_tour(places: Sequence[Spot], map_size: tuple[float, float], view: tuple[float, float],
              spacing: float = TOUR_SPACING) -> list[Stop]:
    """The regions a ``view``-sized screen visits to show every place of a ``map_size`` map at a zoom
    where places stand (median) ``spacing`` of the view's height from their nearest neighbour; none
    when the whole map fitted has them :data:`NEEDS_TOUR` apart. The regions are a grid of equal frames of the
    screen's shape, overlapping by :data:`OVERLAP`, in reading order, those without a place left out;
    each is named by where it lies and the place nearest its middle ("Centre: around Saxony").

    >>> sparse = [Spot(f"p{i},{j}", 100 * i + 50, 100 * j + 50) for i in range(10) for j in range(10)]
    >>> plan_tour(sparse, (1000, 1000), (500, 500))  # 50 px apart fitted: the hall reads it whole
    []
    >>> dense = [Spot(f"p{i},{j}", 50 * i + 25, 50 * j + 25) for i in range(20) for j in range(20)]
    >>> stops = plan_tour(dense, (1000, 1000), (500, 500), spacing=0.12)  # 25 px apart: 9 regions, 60 px apart
    >>> len(stops), stops[0].name, stops[4].name, stops[-1].name
    (9, 'North-west: around p3,3', 'Centre: around p9,9', 'South-east: around p15,15')
    >>> [round(v) for v in stops[0].rect]
    [0, 0, 417, 417]
    """
    vw, vh = view
    mw, mh = map_size
    if not places or vw <= 0 or vh <= 0 or mw <= 0 or mh <= 0:
        return []
    gap = _median(nearest([(p.x, p.y) for p in places]))
    if not math.isfinite(gap) or gap * min(vw / mw, vh / mh) >= NEEDS_TOUR * vh:
        return []
    w = vw * gap / (spacing * vh)  # the frame's width at the zoom the names need
    h = w * vh / vw
    step_w, step_h = w * (1 - 2 * OVERLAP), h * (1 - 2 * OVERLAP)
    cols, rows = max(1, math.ceil((mw - w) / step_w - 1e-9) + 1), max(1, math.ceil((mh - h) / step_h - 1e-9) + 1)
    dx = (mw - w) / (cols - 1) if cols > 1 else 0.0  # spread evenly: the first and last frames touch the edges
    dy = (mh - h) / (rows - 1) if rows > 1 else 0.0
    x_first = 0.0 if cols > 1 else (mw - w) / 2
    y_first = 0.0 if rows > 1 else (mh - h) / 2
    stops: list[Stop] = []
    used: set[str] = set()
    for r in range(rows):
        for c in range(cols):
            x, y = x_first + c * dx, y_first + r * dy
            inside = [p for p in places if x <= p.x <= x + w and y <= p.y <= y + h]
            if not inside:
                continue
            # centred on what is in it (the frame still holds all of it): a coast fills the frame, not the sea
            cx = (min(p.x for p in inside) + max(p.x for p in inside)) / 2
            cy = (min(p.y for p in inside) + max(p.y for p in inside)) / 2
            x, y = min(max(cx - w / 2, min(0.0, mw - w)), max(0.0, mw - w)), min(max(cy - h / 2, min(0.0, mh - h)),
                                                                                  max(0.0, mh - h))
            land = [p for p in inside if not p.sea] or inside
            fresh = [p for p in land if p.name not in used] or land  # no two regions called alike
            centre = min(fresh, key=lambda p: math.hypot(p.x - cx, p.y - cy))
            used.add(centre.name)
            stop = Stop((x, y, w, h), f"{_where(c, r, cols, rows)}: around {centre.name}")
            if all(st.rect != stop.rect for st in stops):
                stops.append(stop)
    return stops


class Locator(QWidget):
    """Along the view's top-left edge: the whole map small, the region shown outlined in red, and
    beside it the caption ("Centre: around Hungary · 5/9")."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.image = QImage()
        self.map_size = (1.0, 1.0)
        self.rect_shown: tuple[float, float, float, float] | None = None
        self.caption = ""
        self.px = 32.0
        self.map_h = 100.0

    def drawn_texts(self) -> list[str]:
        return [self.caption] if self.caption else []

    def set_stop(self, rect: tuple[float, float, float, float], caption: str) -> None:
        self.rect_shown = rect
        self.caption = caption
        self._fit_caption()
        self.update()

    def set_size(self, view_h: float) -> None:
        """A map an eighth of the view's height high, the caption on one line beside it."""
        self.px = max(12.0, view_h * CAPTION_FRACTION)
        self.map_h = view_h / 8
        self._fit_caption()

    def _fit_caption(self) -> None:
        """As wide as the map and the caption beside it (never cut)."""
        from PySide6.QtGui import QFontMetricsF

        mw, mh = self.map_size
        text_w = QFontMetricsF(style.font(self.px, True)).horizontalAdvance(self.caption) if self.caption else 0
        self.resize(round(self.map_h * mw / mh + text_w + 40), round(self.map_h + 16))

    def map_box(self) -> QRectF:
        mw, mh = self.map_size
        return QRectF(8, 8, self.map_h * mw / mh, self.map_h)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        box = self.map_box()
        p.fillRect(self.rect(), QColor(12, 16, 22, 225))
        if not self.image.isNull():
            p.drawImage(box, self.image)
        if self.rect_shown is not None:
            mw = self.map_size[0]
            x, y, w, h = self.rect_shown
            k = box.width() / mw
            r = QRectF(box.x() + x * k, box.y() + y * k, w * k, h * k).intersected(box)
            p.setPen(QPen(QColor("#ff2a2a"), max(3.0, self.px * 0.12)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(r)
        if self.caption:
            p.setFont(style.font(self.px, True))
            p.setPen(QColor("#ffffff"))
            p.drawText(QRectF(box.right() + 16, 0, self.width() - box.right() - 16, self.height()),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.caption)
        p.end()


class Tour(QObject):
    """Visits the stops of :func:`plan_tour` on a big screen's view, :data:`DWELL_S` seconds each."""

    def __init__(self, window: BigScreenWindow) -> None:
        super().__init__(window)
        self.window = window
        self.stops: list[Stop] = []
        self.index = -1
        self.running = False
        self._planned_for: tuple[int, int] = (0, 0)
        self.timer = QTimer(self)
        self.timer.setInterval(round(DWELL_S * 1000))
        self.timer.timeout.connect(self.next)
        window.scene.detached.connect(self.stop)  # a screen that is gone tours no more
        self.locator = Locator(window)  # the window's, not the viewport's (a view's scroll moves its children)
        self.locator.hide()
        scene = window.scene
        self.locator.map_size = tuple(float(v) for v in scene.map.size)  # type: ignore[assignment]
        seas = {str(r.name).casefold() for r in scene.map.regions if str(r.kind) in SEA_KINDS}
        self.places = [Spot(pl.name or pl.id, pl.at[0], pl.at[1], (pl.name or "").casefold() in seas)
                       for pl in scene.map.places]

    def plan(self) -> list[Stop]:
        """Plan the stops for the view's present size (again only when the size changed)."""
        vp = self.window.view.viewport().size()
        size = (vp.width(), vp.height())
        if size != self._planned_for and min(size) > 50:
            self._planned_for = size
            self.stops = (plan_tour(self.places, self.locator.map_size, (float(size[0]), float(size[1])))
                          if self.names_capped() else [])
            self.locator.set_size(size[1])
            if self.running and not self.stops:
                self.stop()
            elif self.running:  # new regions for the new size: from the busiest again
                self.index = self._busiest()
                self._show(animate=False)
        return self.stops

    def names_capped(self) -> bool:
        """Whether the whole map fitted would draw names below the hall's size: the big screen caps a
        name at a third of the typical distance between places (:data:`NAME_CAP` base-scale units)."""
        from boardapp.ui.bigscreen.scene import NAME_FRACTION

        view = self.window.view
        fit = view.fit_scale()
        vh = view.viewport().height()
        return fit > 0 and vh * NAME_FRACTION / fit > NAME_CAP * self.window.scene.base_scale

    def start(self, animate: bool | None = None) -> bool:
        """Start (or restart) the tour at its busiest region (gliding there when ``animate``, by default
        when the screen is shown), then on in reading order; False when the map needs none."""
        if not self.plan():
            self.stop()
            return False
        self.running = True
        self.index = self._busiest()
        if self.locator.image.isNull():
            self.locator.image = self._map_image()
        self._show(animate=self.window.view.isVisible() if animate is None else animate)
        self.timer.start()
        return True

    def _busiest(self) -> int:
        """The region to start at: the busiest (the open sea of a map's corner is no way to start)."""
        return max(range(len(self.stops)), key=lambda i: (self._count(self.stops[i].rect), -i))

    def _count(self, rect: tuple[float, float, float, float]) -> int:
        x, y, w, h = rect
        return sum(1 for p in self.places if x <= p.x <= x + w and y <= p.y <= y + h)

    def stop(self) -> None:
        self.running = False
        self.timer.stop()
        self.locator.hide()

    def next(self) -> None:
        if not self.running or not self.stops:
            return
        self.index = (self.index + 1) % len(self.stops)
        self._show(animate=True)

    def caption(self) -> str:
        if not self.running or not self.stops:
            return ""
        return f"{self.stops[self.index].name} · {self.index + 1}/{len(self.stops)}"

    def _show(self, animate: bool) -> None:
        stop = self.stops[self.index]
        x, y, w, h = self._whole(stop.rect)
        # the frame grows upwards by the locator's band, so that nothing of the region is under it
        vh = max(1, self.window.view.viewport().height())
        k = 1 / max(0.5, 1 - self.locator.height() / vh)
        self.window.view.show_region(QRectF(x + w / 2 - w * k / 2, y + h - h * k, w * k, h * k), animate)
        self.locator.set_stop(stop.rect, self.caption())
        self.locator.move(self.window.view.geometry().topLeft())
        self.locator.show()
        self.locator.raise_()

    def _whole(self, rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """``rect`` grown to hold whole every place in it: its symbol and the pieces drawn around it."""
        x0, y0, w, h = rect
        x1, y1 = x0 + w, y0 + h
        scene: Any = self.window.scene
        for pid, boxes in scene._place_groups().items():
            px, py = scene.places[pid].at
            if x0 <= px <= x0 + w and y0 <= py <= y0 + h:
                x0, y0 = min([x0, *(b.x0 for b in boxes)]), min([y0, *(b.y0 for b in boxes)])
                x1, y1 = max([x1, *(b.x1 for b in boxes)]), max([y1, *(b.y1 for b in boxes)])
        return x0, y0, x1 - x0, y1 - y0

    def _map_image(self) -> QImage:
        """The map small, for the locator (the scene's map picture, without pieces or names)."""
        scene: Any = self.window.scene
        mw, mh = self.locator.map_size
        h = max(40, self.locator.height())
        img = QImage(round(h * mw / mh), h, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("#b7d3e8"))
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(img.width() / mw, img.height() / mh)
        full, _ = scene._record_map()
        p.drawPicture(QPointF(0, 0), full)
        p.end()
        return img
