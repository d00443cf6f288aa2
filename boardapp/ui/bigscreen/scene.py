"""The big screen's map: place names and counters sized for a hall, public only, and the view that
fits it to the map or pans smoothly to a region."""

from __future__ import annotations

import math
import time
from collections import defaultdict
from dataclasses import replace
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from boardapp.engine.module import BoardPiece, BoardToken
from boardapp.ui.bigscreen import badges
from boardapp.ui.bigscreen.ownareas import OwnAreaNames
from boardapp.ui.board import labels, style
from boardapp.ui.board.mapdraw import NAME_PX, _label_point
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.style import BADGE, CHIP, FAN, HALL_TOKEN_H, PIX
from boardapp.ui.board.view import room_for_pieces
from boardapp.ui.document.source import GameSource

PIECE_SCALE = 1.5
"""Counters, control markers and tokens on the big screen, relative to the umpires' board."""
NAME_FRACTION = 1 / 40
"""Place names' font pixel size at fit-to-screen, as a fraction of the window height
(26 px at 1080: capitals about 19 px high, above the 1/60 legibility floor; a little smaller than
they were, so that counters, whose values are at least this size, leave the names room)."""
SYMBOL_R = 18.0
"""Half the side of a place's symbol at the base scale (what a name keeps clear of)."""
ROTATE_NAMES_MS = 12_000
"""How long a placement of the names stays before the names left out choose first (a tour's pace)."""
Z_NAME = 7.0
"""Place names: above tokens and control markers, below counters."""

INK = QColor("#ffffff")
HALO = QColor(255, 255, 255, 235)
NAME_INK = QColor("#111111")
AREA_INK = QColor("#5a4632")
"""Region names and free labels (a country, a plateau, a gulf): dark brown, told apart from places' black."""

def big_font(px: float, bold: bool = True, condensed: bool = False) -> QFont:
    f = style.font(px, bold)
    if condensed:
        f.setStretch(QFont.Stretch.Condensed)
    return f


# --- the public board ---------------------------------------------------------------------------
def wrap_name(name: str, longest: int = 14) -> str:
    """A long place name on two lines, split at the space that balances them best."""
    if len(name) <= longest or " " not in name:
        return name
    cuts = [i for i, ch in enumerate(name) if ch == " "]
    i = min(cuts, key=lambda i: max(i, len(name) - i - 1))
    return f"{name[:i]}\n{name[i + 1:]}"


class PlaceName(QGraphicsSimpleTextItem):
    """A place's name in large condensed bold letters over a white halo, a long name centred on
    two lines. ``text()`` is the name as drawn; painting replays one cached path."""

    def __init__(self, place_id: str, name: str, ink: QColor | None = None) -> None:
        super().__init__(wrap_name(name))
        self.ink = ink or NAME_INK
        self.place_id = place_id
        self.setZValue(Z_NAME)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = QPainterPath()
        self._halo = QPainterPath()
        self._rect = QRectF()
        # painted once into a pixmap per zoom level: a redraw of the board blits it
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._leader: tuple[QPointF, QPointF] | None = None
        self.ink_height = 0.0
        """Height of the capitals in map units (what the legibility check measures)."""

    def set_px(self, px: float) -> None:
        # a whole pixel size at least ``px`` (rounding to the nearest took up to half a unit off), its
        # outline unhinted: on a dense map the names are 9-10 map units and the view magnifies them
        # 4-6 times, where hinting at 9 units rounded the capitals down to 37 px at 4K (38 needed)
        f = big_font(math.ceil(px - 1e-6), True, condensed=True)
        f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        self.setFont(f)
        fm = QFontMetricsF(f)
        lines = self.text().split("\n")
        widths = [fm.horizontalAdvance(line) for line in lines]
        w = max(widths)
        step = fm.ascent() + fm.descent() * 0.6
        path = QPainterPath()
        for i, (line, lw) in enumerate(zip(lines, widths, strict=True)):
            path.addText(QPointF((w - lw) / 2, fm.ascent() + i * step), f, line)
        halo = px * 0.30
        stroker = QPainterPathStroker()
        stroker.setWidth(halo)
        stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.prepareGeometryChange()
        self._path = path
        # the stroke alone: the letters are filled over it, so uniting it with them (17 ms a name on the
        # 2-core machine, 4 s for The Game's world) would paint the same pixels
        self._halo = stroker.createStroke(path)
        self._rect = path.boundingRect().adjusted(-halo, -halo, halo, halo)
        self.ink_height = fm.capHeight()
        self.update()

    def set_leader(self, spot: labels.Spot) -> None:
        """A thin line from the name to its place when the name had to stand away from it."""
        self.prepareGeometryChange()
        self._leader = None
        if spot.leader:
            ax, ay = spot.anchor
            tip = self.mapFromScene(QPointF(ax, ay))
            ink = self.ink_rect()
            near = QPointF(min(max(tip.x(), ink.left()), ink.right()), min(max(tip.y(), ink.top()), ink.bottom()))
            self._leader = (near, tip)
        self.update()

    def width(self) -> float:
        return self._path.boundingRect().width()

    def ink_rect(self) -> QRectF:
        """The letters' box in item coordinates (no halo), what must not overlap another name."""
        return self._path.boundingRect()

    def boundingRect(self) -> QRectF:
        if self._leader is not None:
            a, b = self._leader
            return QRectF(self._rect).united(QRectF(a, b).normalized()).adjusted(-2, -2, 2, 2)
        return QRectF(self._rect)

    def shape(self) -> QPainterPath:
        s = QPainterPath()
        s.addRect(self._rect)
        return s

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        if self._leader is not None:
            p.setPen(QPen(NAME_INK, max(1.0, self.font().pixelSize() * 0.06)))
            p.drawLine(*self._leader)
        p.fillPath(self._halo, HALO)
        p.fillPath(self._path, self.ink)


class PublicScene(OwnAreaNames, BoardScene):
    """The board in public mode, drawn for a hall: place names as items whose size follows the
    fitted scale, counters, markers and tokens :data:`PIECE_SCALE` times larger."""

    lazy_badges = False  # the control markers' items are moved after each layout (:meth:`_enlarge`)

    @property
    def piece_scale(self) -> float:
        """Pieces PIECE_SCALE times the board's, which are sized for the map's density (War in Binni:
        base scale 1; the dense MUN map less). A property, so the layout made while the base class
        initialises already uses it."""
        return getattr(self, "_piece_scale", None) or PIECE_SCALE * getattr(self, "base_scale", 1.0)

    def set_piece_size(self, k: float | None) -> None:
        """Draw pieces ``k`` times their size at Binni's density (None: :data:`PIECE_SCALE` times the
        base scale), laid out again, names placed again around them."""
        if k == getattr(self, "_piece_scale", None):
            return
        self._piece_scale = k
        self._stack_keys = {}  # every stack and marker is laid out again at the new size
        self._badge_keys = {}
        self.refresh()

    def __init__(self, game: GameSource, parent: Any = None) -> None:
        self.hall_marks = True  # before the first layout, which the base class may make
        super().__init__(game, public=True, parent=parent)
        self.hall_marks = True
        self.name_px = NAME_PX
        self.names: dict[str, PlaceName] = {}
        self.spots: dict[str, labels.Spot] = {}
        for place in self.map.places:
            item = PlaceName(place.id, place.name)
            self.addItem(item)
            self.names[place.id] = item
        self.bumped: set[str] = set()
        """Area names left out at the last placement for a country's name moved onto its region."""
        self.areas: dict[str, tuple[float, float]] = {}
        """The anchor of every area's name drawn as an item (``region:<id>``, ``label:<n>``)."""
        placed = {pl.name.casefold() for pl in self.map.places if pl.name}
        for r in self.map.regions:  # a region's name (a country, a plateau), unless a place names it
            if r.name and r.name.casefold() not in placed:
                at = QPointF(*r.label_at) if r.label_at is not None else _label_point(r.polygon)
                self._add_area(f"region:{r.id}", r.name.upper() if r.kind == "country" else r.name, (at.x(), at.y()))
        for i, lab in enumerate(self.map.labels):  # free labels: a river, a sea, a desert
            self._add_area(f"label:{i}", lab.text, (float(lab.at[0]), float(lab.at[1])))
        self.view_bounds: QRectF | None = None
        self.left_out: set[str] = set()
        """Places whose name found no room whole near them at the last placement (not drawn)."""
        self._first: set[str] = set()
        """Places whose names choose first: those left out before, in turn (:meth:`rotate_names`)."""
        self.rotation = QTimer(self)
        self.rotation.setInterval(ROTATE_NAMES_MS)
        self.rotation.timeout.connect(self.rotate_names)
        """The part of the map the screen shows (a tour's region, CONTROL's region); None: all of it.
        Names stay inside it, and only places inside it are named."""
        self.set_name_px(NAME_PX * self.piece_scale)

    detached = Signal()
    """The scene stopped following its game (:meth:`detach`): what moves on the screen stops too."""

    def detach(self) -> None:
        """Stop listening to the game, and stop what would go on placing the names of a screen that is
        gone: the names' rotation, a view's glide, the tour (:class:`~boardapp.ui.bigscreen.tour.Tour`
        listens to :attr:`detached`). A closed big screen kept re-placing its names every few seconds
        until it was collected."""
        super().detach()
        self.rotation.stop()
        self._first = set()
        for view in self.views():
            if isinstance(view, BigView):
                view._anim.stop()
        self.detached.emit()

    def _add_area(self, key: str, text: str, at: tuple[float, float]) -> None:
        item = PlaceName(key, text, AREA_INK)
        item.setZValue(Z_NAME - 0.5)
        self.addItem(item)
        self.names[key] = item
        self.areas[key] = at

    def _paint_map(self, p: QPainter, detail: bool) -> None:
        """The static map without place names (this scene draws them as items it can resize)."""
        real = self.map
        self.names_drawn_elsewhere = {pl.name.casefold() for pl in real.places if pl.name}
        # place names, region names and free labels are this scene's items (sized for the hall, placed
        # clear of the pieces): the recorded map has none of them
        self.map = real.model_copy(update={
            "places": [pl.model_copy(update={"name": ""}) for pl in real.places],
            "regions": [r.model_copy(update={"name": ""}) for r in real.regions], "labels": []})
        try:
            super()._paint_map(p, detail)
        finally:
            self.map = real

    def set_name_px(self, px: float) -> None:
        """Place names ``px`` map units high (font pixel size), placed by :func:`labels.place_labels`:
        no name over another name, a place symbol, a counter, a control marker or a token."""
        self.name_px = px
        for item in self.names.values():
            item.set_px(px)
        self.place_names()

    def name_obstacles(self) -> list[labels.Box]:
        """What a name must not cover: every place's symbol and every piece on the map."""
        return [b for boxes in self._place_groups().values() for b in boxes]

    def _place_groups(self) -> dict[str, list[labels.Box]]:
        """Per place: its symbol's box and the boxes of the pieces drawn at it."""
        r = SYMBOL_R * self.base_scale
        out = {p.id: [labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r)] for p in self.map.places}
        for it in (*self.counters.values(), *self.badges.values(), *self.tokens):
            pid = it.data(0)
            if pid in out and not (it.data(0) in self.folded and self._badges.get(pid) is it):
                b = it.sceneBoundingRect()
                out[pid].append(labels.Box(b.left(), b.top(), b.right(), b.bottom()))
        return out

    def set_view_bounds(self, rect: QRectF | None, place: bool = True) -> bool:
        """Name only what lies in ``rect`` (map units; None: the whole map), keeping names inside it;
        placed again now unless ``place`` is false. True when the bounds changed."""
        if rect == self.view_bounds:
            return False
        self.view_bounds = QRectF(rect) if rect is not None else None
        if place:
            self.place_names()
        return True

    def place_names(self) -> None:
        """Put every name at its spot (again after the pieces moved)."""
        rank = {"city": 0, "power_plant": 2, "airfield": 2, "dam": 2, "port": 2}
        todo = []
        groups = self._place_groups()
        view = getattr(self, "view_bounds", None)
        shown: dict[str, PlaceName] = {}
        whole: dict[str, bool] = {}
        for pid, boxes in groups.items():  # a place whose symbol and pieces are all in view
            whole[pid] = view is None or all(view.contains(QRectF(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0))
                                             for b in boxes)
        for key, item in self.names.items():
            inside = (view is None or view.contains(QPointF(*self.areas[key]))) if key in self.areas else whole[key]
            item.setVisible(inside)
            if inside:
                shown[key] = item
        # a place cut by the view's edge shows nothing (no piece half on the screen): a tour frames
        # every place whole at one of its stops
        for it in (*self.counters.values(), *self.badges.values(), *self.tokens):
            pid = it.data(0)
            show = whole.get(pid, False) and not (pid in self.folded and self._badges.get(pid) is it)
            if pid in whole and it.isVisible() != show:
                it.setVisible(show)
        for key, (ax, ay) in self.areas.items():
            item = shown.get(key)
            if item is not None:  # an area's name: near its point, after the places' names, or not at all
                br = item.ink_rect()
                todo.append(labels.Label(key, ax, ay, br.width(), br.height(), priority=5))
        for item in shown.values():
            if item.place_id in self.areas:
                continue
            place = self.places[item.place_id]
            br = item.ink_rect()
            own = groups[place.id]
            around = labels.Box(min(b.x0 for b in own), min(b.y0 for b in own), max(b.x1 for b in own),
                                max(b.y1 for b in own))
            todo.append(labels.Label(place.id, place.at[0], place.at[1], br.width(), br.height(),
                                     clearance=SYMBOL_R * self.base_scale, around=around,
                                     priority=-1 if place.id in self._first else rank.get(str(place.kind), 1),
                                     nudge=tuple(place.label_offset)))
        w, h = self.map.size
        bounds = labels.Box(0, 0, w, h)
        if view is not None:  # a little in from the view's edges (a pixel's rounding cut "Holland")
            m = 0.1 * self.name_px
            bounds = labels.Box(max(0.0, view.left() + m), max(0.0, view.top() + m), min(w, view.right() - m),
                                min(h, view.bottom() - m))
        obstacles = [b for boxes in groups.values() for b in boxes]
        # never smaller than the hall's size (issue #23): a name with no room whole stands farther, on a line
        spots = labels.place_labels(todo, obstacles, bounds=bounds, gap=0.15 * self.name_px, shrink=())
        spots = self._near_own_areas(spots, todo, obstacles, bounds)
        self.spots = spots
        kept: list[labels.Box] = []
        left_out: set[str] = set()
        far_ring = len(labels.POSITIONS) * labels.RINGS  # the placer's far rings' first rank
        order = {lab.id: (lab.priority, i) for i, lab in enumerate(todo)}
        for item in sorted(shown.values(), key=lambda it: order.get(it.place_id, (9, 0))):
            spot = spots[item.place_id]
            if item.place_id in self.areas and (spot.scale < 1.0 or spot.leader or item.place_id in self.bumped):
                item.setVisible(False)  # an area's name (a country, a sea label) only where it has room whole
                continue
            if spot.rank >= far_ring:  # at the end of a long line a name reads as another place's (issue #23:
                item.setVisible(False)  # "Idu Makera Air Base"): left out where it has no room whole near its place
                if item.place_id in self.places:
                    left_out.add(item.place_id)
                continue
            covers = view is not None and any(spot.box.meets(b) for q, boxes in groups.items() if q != item.place_id
                                              for b in boxes[1:])  # over another place's pieces
            if view is not None and (covers or any(spot.box.meets(b) for b in kept) or not spot.box.inside(bounds)):
                # a region shown (a tour's stop): a name the placer could only lay over another or across the
                # view's edge is left to the stop where it has room (the stops overlap), never drawn so
                item.setVisible(False)
                continue
            kept.append(spot.box)
            br = item.ink_rect()
            item.setScale(spot.scale)
            item.setPos(spot.box.x0 - br.x() * spot.scale, spot.box.y0 - br.y() * spot.scale)
            item.set_leader(spot)
        self.left_out = left_out
        # names that had no room take turns with those that took it (issue #23: where there is more than
        # room, the view rotates through it): every ROTATE_NAMES_MS the left-out names choose first
        if left_out and not self.rotation.isActive():
            self.rotation.start()
        elif not left_out and not self._first:
            self.rotation.stop()

    def rotate_names(self) -> None:
        """Let the names left out at the last placement choose first now (others may give way in turn)."""
        self._first = set(self.left_out)
        self.place_names()

    def stack_chip(self) -> float:
        return CHIP * self.piece_scale

    # --- pieces as one badge per team and place (issue #23's "DE x3") ---------------------------------
    folded: set[str] = set()
    """Places whose control marker is not drawn: their only badge is their holder's (see :meth:`visible_pieces`)."""
    hall_pieces = False
    """True while the pieces are drawn as :mod:`~boardapp.ui.bigscreen.badges` (see :meth:`visible_pieces`)."""

    def visible_pieces(self) -> list[BoardPiece]:
        """The public pieces, as one piece per team and place standing for them all (a badge): a counter's
        three texts (kind, strength, team) cannot all reach the hall standard at the size a crowded map
        leaves them, a badge's two or three short lines can. What a badge says is the picture's to say
        (:func:`badges.badge_lines`: "BG 6", "CL x2" over "4", "ISR 6", "LB x3" over "FTR MEC"). Lone units
        (Diplomacy's armies and fleets, one a province, whose kind is the chip's shape and letter) keep
        their chips."""
        pieces, self.folded, self.hall_pieces = self._folding()
        if not self.hall_pieces:
            return pieces
        groups: dict[tuple[Any, str], list[BoardPiece]] = defaultdict(list)
        for pc in pieces:
            groups[(pc.place, pc.team)].append(pc)
        control = self.picture.control
        notes: dict[Any, list[str]] = defaultdict(list)  # a folded place's holder's tokens, on its badge
        for t in super().visible_tokens():
            if t.place in self.folded and t.team is not None and t.team == control.get(t.place):
                text = t.label or t.kind.upper()
                notes[t.place].append(f"{text} {t.count}" if t.count != 1 or t.kind == "dp" else text)
        out: list[BoardPiece] = []
        sizes: dict[Any, list[tuple[float, float]]] = defaultdict(list)
        for (place, team), group in sorted(groups.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
            group.sort(key=lambda pc: pc.id)
            lines = badges.badge_lines(self.team_symbol(team), group, notes.get(place, ()))
            sizes[place].append(badges.badge_size(lines))
            tip = "\n".join(pc.tooltip or f"{pc.team} {pc.label} {pc.id}" for pc in group)
            # named after its first piece (what follows a counter on the big screen follows its team's badge);
            # its lines travel as its label to :meth:`chip_pixmap`
            out.append(replace(group[0], label="\n".join(lines), value=badges.badge_total(group),
                               marks=(badges.MARK,), tooltip=tip, damage=max(pc.damage for pc in group),
                               tally=None, shape=""))
        self._hall_sizes = dict(sizes)
        kept = {pc.place for pc in out}
        self._hall_boxes = {q: b for q, b in getattr(self, "_hall_boxes", {}).items() if q in kept}
        return out

    def _folding(self) -> tuple[list[BoardPiece], set[str], bool]:
        """The public pieces, the places whose only badge is their holder's, and whether the pieces are
        drawn as badges (once per picture: the tokens, laid out first, ask too). At such a place the
        badge, in the holder's colour, says who holds it: the control marker beside it is not drawn, and
        the holder's tokens there ("BLUE", "PIP 4") are lines of the badge (a crowded map's room goes to
        what is read)."""
        memo = getattr(self, "_fold_memo", None)
        if memo is not None and memo[0] is self.picture:
            return memo[1], memo[2], memo[3]
        pieces = super().visible_pieces()
        hall = bool(pieces) and not any(pc.shape and not pc.value for pc in pieces)
        folded: set[str] = set()
        if hall:
            teams_at: dict[Any, set[str]] = defaultdict(set)
            for pc in pieces:
                teams_at[pc.place].add(pc.team)
            control = self.picture.control
            folded = {q for q, teams in teams_at.items() if control.get(q) is not None and teams == {control[q]}}
        self._fold_memo = (self.picture, pieces, folded, hall)
        return pieces, folded, hall

    def visible_tokens(self) -> list[BoardToken]:
        """The public tokens but a folded place's holder's, which its badge carries (see :meth:`_folding`)."""
        tokens = super().visible_tokens()
        _, folded, _ = self._folding()
        control = self.picture.control
        return [t for t in tokens if not (t.place in folded and t.team is not None and t.team == control.get(t.place))]

    def chip_pixmap(self, fill: str, symbol: str, label: str, value: str, damage: int, *, shape: str = "",
                    marks: tuple[str, ...] = ()) -> QPixmap:
        if badges.MARK in marks:
            return badges.badge_pixmap(fill, tuple(label.split("\n")), min(damage, 1))
        return super().chip_pixmap(fill, symbol, label, value, damage, shape=shape, marks=marks)

    def _stack_inside(self, pid: str, n: int) -> list[QPointF]:
        """A place's badges side by side above it, centred, or slid up to half their width right or left
        (and a little up) where that covers no place's symbol, control marker, token or other badges
        (centred when none is free: a badge moved farther reads as the next place's)."""
        if not self.hall_pieces or pid not in self._hall_sizes:
            return self._clear_of_markers(pid, super()._stack_inside(pid, n))
        k = self.piece_scale
        sizes = self._hall_sizes[pid]  # in the order the stack is laid out: by team
        h = max(sh for _, sh in sizes)
        width = sum(sw for sw, _ in sizes) * k + 6 * k * (len(sizes) - 1)
        x, y = self.places[pid].at
        pos, left = [], x - width / 2
        for sw, sh in sizes:  # side by side, bottoms aligned 16 units above the place
            pos.append(QPointF(left, y - 16 * k - sh * k))
            left += (sw + 6) * k
        r = SYMBOL_R * self.base_scale
        busy = []
        for q, place in self.places.items():
            qx, qy = place.at
            busy.append(QRectF(qx - r, qy - r, 2 * r, 2 * r))
            if q in self._badges and q != pid and q not in self.folded:  # a control marker left of its place (see
                # _enlarge); its own marker's top stands under the badges' bottom edge, clear of its letters
                busy.append(self._marker_box(q))
        busy += [box for _, box in self._token_columns().values()]
        own = getattr(self, "_hall_boxes", None)
        if own is None:
            own = self._hall_boxes = {}
        busy += [b for q, b in own.items() if q != pid]  # other places' badges laid out so far
        left0, top0 = pos[0].x(), y - 16 * k - h * k
        # above the place, centred; slid half its width, or beside the place, or under it, only onto free
        # ground; where none is free, the spot above covering least of the rest (a badge moved far reads
        # as the next place's)
        tries = [(f * width, -g * h * k) for g in (0.0, 0.3) for f in (0.0, 0.25, -0.25, 0.5, -0.5)]
        if pid in self.folded:  # no marker left of the place: the badge may stand there, or right, or under
            tries += [(-width / 2 - r - 4 * k, (16 + h / 2) * k), (width / 2 + r + 4 * k, (16 + h / 2) * k),
                      (0.0, 32 * k + h * k)]
        best, least = (0.0, 0.0), math.inf
        for i, (dx, dy) in enumerate(tries):
            box = QRectF(left0 + dx, top0 + dy, width, h * k)
            cover = sum(box.intersected(b).width() * box.intersected(b).height() for b in busy if box.intersects(b))
            if cover == 0:
                best = (dx, dy)
                break
            if (i < 5 or pid in self.folded) and cover < least:
                best, least = (dx, dy), cover
        dx, dy = best
        own[pid] = QRectF(left0 + dx, top0 + dy, width, h * k)
        return [QPointF(p.x() + dx, p.y() + dy) for p in pos]

    def _clear_of_markers(self, pid: str, pos: list[QPointF]) -> list[QPointF]:
        """A stack of chips as the board lays it out (above the place, or below or on it to stay in its
        region) moved where it covers no control marker and no other place's symbol (issue #23: in the
        MUN's Germany chips covered their own and their neighbours' markers) nor a stack laid out before:
        where it was, else above, below, right or left of the place, each slid up to half its width (and
        then a third of its height up or down), its middle inside the place's region (issue #13: a unit is
        drawn in its own province); else where it covers least."""
        if not pos:
            return pos
        chip, k = self.stack_chip(), self.piece_scale
        folded = getattr(self, "folded", ())  # markers a badge stands for are not drawn
        r = SYMBOL_R * self.base_scale
        busy = [self._marker_box(q) for q in self._badges if q not in folded]
        busy += [QRectF(p.at[0] - r, p.at[1] - r, 2 * r, 2 * r) for q, p in self.places.items() if q != pid]
        laid = getattr(self, "_chip_boxes", None)
        if laid is None or laid[0] != k:  # the stacks laid out so far at this size
            laid = self._chip_boxes = (k, {})
        busy += [b for q, b in laid[1].items() if q != pid]
        x, y = self.places[pid].at
        left0, top0 = min(p.x() for p in pos), min(p.y() for p in pos)
        w, h = max(p.x() for p in pos) - left0 + chip, max(p.y() for p in pos) - top0 + chip
        tries = [QPointF(left0, top0), QPointF(x - w / 2, y - 16 * k - h), QPointF(x - w / 2, y + r + 4 * k),
                 QPointF(x + r + 4 * k, y - h / 2), QPointF(x - r - 4 * k - w, y - h / 2)]
        rx, ry = 3 * w + 2 * r + 4 * k + abs(left0 - x), 3 * h + 2 * r + 16 * k + abs(top0 - y)
        reach = QRectF(x - rx, y - ry, 2 * rx, 2 * ry)  # every place tried lies in here
        busy = [b for b in busy if b.intersects(reach)]
        region = getattr(self, "_region_shapes", {}).get(pid)  # the board's: a unit stays in its province
        best, least = tries[0], math.inf
        tries.append(QPointF(x - w / 2, y - h / 2))  # on the place (a narrow province)
        for at in (QPointF(t.x() + f * w, t.y() + g * h) for g in (0.0, -0.3, 0.3, -0.6, 0.6) for t in tries
                   for f in (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75)):
            box = QRectF(at.x(), at.y(), w, h)
            if region is not None and at != tries[0] and not region.containsPoint(box.center(),
                                                                                Qt.FillRule.OddEvenFill):
                continue
            cover = sum(box.intersected(b).width() * box.intersected(b).height() for b in busy if box.intersects(b))
            if cover < least:
                best, least = at, cover
            if cover == 0:
                break
        laid[1][pid] = QRectF(best.x(), best.y(), w, h)
        dx, dy = best.x() - left0, best.y() - top0
        return [QPointF(p.x() + dx, p.y() + dy) for p in pos]

    def _marker_box(self, pid: str) -> QRectF:
        """Where :meth:`_enlarge` puts a place's control marker: left of it, centred on its height (a
        marker whose letters are wider than its disc is a wider pill: :func:`style.badge_pixmap`)."""
        k = self.piece_scale
        item = self._badges.get(pid)
        pm = item.pixmap() if item is not None else None
        w, h = (pm.width() / PIX, pm.height() / PIX) if pm is not None and pm.width() else (style.HALL_BADGE,) * 2
        x, y = self.places[pid].at
        return QRectF(x - (16 + w) * k, y - h * k / 2, w * k, h * k)

    def _token_columns(self, after_badges: bool = False) -> dict[str, tuple[QPointF, QRectF]]:
        """Per place with tokens: the top-left of its column of tokens and the box the column covers.
        Right of the place (the marker is left of it), or lower right, under the place, under its marker,
        left of it (and, where the pieces are chips laid out first, upper right, over the place or over its
        marker), each slid up to half its width either way: the first that covers no other place's
        symbol, marker (its own too), column or chip (else the one covering least). ``after_badges``: the
        badges are laid out (they kept off the columns laid out without them): a column keeps off them too."""
        k = self.piece_scale
        step = (HALL_TOKEN_H + 3) * k
        sizes: dict[str, list[float]] = defaultdict(list)
        for item in self._tokens:
            q = item.data(0)
            if q in self.places:
                sizes[q].append(item.pixmap().width() / PIX * k)
        # the chips as drawn (enlarged: their layout's rects are at the board's size), laid out before
        chips = [] if self.hall_pieces else [(it.data(0), it.sceneBoundingRect()) for it in self.counters.values()]
        if self.hall_pieces and after_badges:
            chips = [(q, QRectF(b)) for q, b in getattr(self, "_hall_boxes", {}).items()]
        key = (k, after_badges, tuple((q, tuple(ws)) for q, ws in sizes.items()),
               tuple((q, self._marker_box(q).getRect()) for q in sorted(self._badges) if q not in self.folded),
               tuple((q, r.getRect()) for q, r in chips))
        if getattr(self, "_columns_key", None) == key:
            return self._columns
        r = SYMBOL_R * self.base_scale
        fixed = [self._marker_box(q) for q in self._badges if q not in self.folded]
        fixed += [QRectF(p.at[0] - r, p.at[1] - r, 2 * r, 2 * r) for p in self.places.values()]
        out: dict[str, tuple[QPointF, QRectF]] = {}
        for q, widths in sizes.items():
            x, y = self.places[q].at
            w, h = max(widths), len(widths) * step - 3 * k
            mark = self._marker_box(q) if q in self._badges and q not in self.folded else QRectF(x - 16 * k, y, 0, 0)
            tries = [QPointF(x + 20 * k, y - 12 * k), QPointF(x + 20 * k, y + r + 4 * k),
                     QPointF(x - w / 2, y + r + 4 * k), QPointF(mark.center().x() - w / 2, mark.bottom() + 4 * k),
                     QPointF(mark.left() - 4 * k - w, y - h / 2)]
            if not self.hall_pieces:  # above the place is the badges' (laid out after the tokens)
                tries += [QPointF(x + 20 * k, y - 12 * k - h - 20 * k), QPointF(x - w / 2, y - r - 4 * k - h),
                          QPointF(mark.center().x() - w / 2, mark.top() - 4 * k - h)]
            others = [b for b in (*fixed, *(b for _, b in out.values())) if not b.contains(QPointF(x, y))]
            others += [r for _, r in chips]  # chips laid out already (badges avoid tokens)
            pick, least = tries[0], math.inf
            # each spot slid sideways, then (where none is free: a crowded region at a tour's stop) half a token
            # up or down too
            for at in (QPointF(t.x() + f * w, t.y() + g * step) for g in (0.0, -0.5, 0.5) for t in tries
                       for f in (0.0, -0.25, 0.25, -0.5, 0.5)):
                box = QRectF(at.x(), at.y(), w, h)
                cover = sum(box.intersected(b).width() * box.intersected(b).height() for b in others
                            if box.intersects(b))
                if cover < least:
                    pick, least = at, cover
                if cover == 0:
                    break
            out[q] = (pick, QRectF(pick.x(), pick.y(), w, h))
        self._columns_key, self._columns = key, out
        return out

    def stack_positions(self, at: tuple[float, float], n: int) -> list[QPointF]:  # type: ignore[override]
        k = self.piece_scale
        x, y = at
        chip = CHIP * k
        width = chip + (n - 1) * chip * FAN
        left = x - width / 2
        top = y - 16 * self.piece_scale - chip
        return [QPointF(left + i * chip * FAN, top) for i in range(n)]

    def refresh(self) -> None:
        super().refresh()
        self._enlarge()
        if getattr(self, "names", None):  # pieces moved: names step out of their way
            self.place_names()

    def _enlarge(self) -> None:
        k = self.piece_scale
        for item in self.counters.values():
            item.setScale(k / PIX)
        for pid, item in self.badges.items():
            x, y = self.places[pid].at
            pm = item.pixmap()  # the hall's marker (hall_marks) is larger, and wider for wider letters
            w, h = (pm.width() / PIX, pm.height() / PIX) if pm.width() else (BADGE, BADGE)
            item.setScale(k / PIX)
            item.setPos(x - (16 + w) * k, y - h * k / 2)
            if pid in self.folded:  # its holder's badge stands for it
                item.setVisible(False)
        step = HALL_TOKEN_H + 3  # this scene draws its tokens for the hall (hall_marks)
        spots = self._token_columns(after_badges=True)
        column: dict[str, int] = defaultdict(int)
        for item in self.tokens:  # in layout order: a place's tokens from the top of its column down
            pid = item.data(0)
            if pid not in spots:
                continue
            at = spots[pid][0]
            item.setScale(k / PIX)
            item.setPos(at.x(), at.y() + column[pid] * step * k)
            column[pid] += 1


class BigView(QGraphicsView):
    """The big screen's map: no scroll bars, no interaction, fitted to the map or to a region."""

    settled = Signal(float)
    """The view's scale once it has come to rest on its region (after a resize or a move)."""
    painted = Signal()
    gliding = Signal(QRectF)
    """A glide is about to start: the part of the map (scene units) the view will show once at rest. The
    window names what the glide shows before its first frame (:meth:`BigScreenWindow._on_glide`)."""

    ANIMATION_MS = 700

    def __init__(self, scene: PublicScene, parent: Any = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        w, h = scene.map.size
        self.map_rect = QRectF(0, 0, w, h).adjusted(-0.015 * w, -0.015 * h, 0.015 * w, 0.015 * h)
        self.region: QRectF | None = None
        self.frames = 0
        self.last_paint = 0.0
        self._anim = QVariantAnimation(self)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._anim.valueChanged.connect(self._fit)
        self._anim.finished.connect(self._settle)

    def target_rect(self) -> QRectF:
        return QRectF(self.region) if self.region is not None else QRectF(self.map_rect)

    def visible_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def fit_scale(self) -> float:
        """The scale at which the whole map fits the viewport."""
        vp = self.viewport().size()
        return min(vp.width() / self.map_rect.width(), vp.height() / self.map_rect.height())

    def scale_now(self) -> float:
        return self.transform().m11()

    def _fit(self, rect: Any) -> None:
        if isinstance(rect, QRectF) and rect.isValid():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def _settle(self) -> None:
        self._fit(self.target_rect())
        self.settled.emit(self.scale_now())

    def show_region(self, rect: QRectF | None, animate: bool = True) -> None:
        """Pan and zoom to ``rect`` (scene coordinates; None: the whole map), smoothly."""
        self.region = QRectF(rect) if rect is not None else None
        self._anim.stop()
        if not animate or not self.isVisible():
            self._settle()
            return
        self.gliding.emit(self.rect_at_rest())
        self._anim.setDuration(self.ANIMATION_MS)
        self._anim.setStartValue(self.visible_rect())
        self._anim.setEndValue(self.target_rect())
        self._anim.start()

    def rect_at_rest(self) -> QRectF:
        """The part of the map the viewport shows once fitted to :meth:`target_rect` (the target grown
        to the viewport's shape, as ``fitInView`` keeps the aspect ratio)."""
        t, vp = self.target_rect(), self.viewport().size()
        if t.isEmpty() or vp.isEmpty():
            return t
        k = min(vp.width() / t.width(), vp.height() / t.height())
        w, h = vp.width() / k, vp.height() / k
        return QRectF(t.center().x() - w / 2, t.center().y() - h / 2, w, h)

    @property
    def animating(self) -> bool:
        return self._anim.state() == QVariantAnimation.State.Running

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        room_for_pieces(self)  # its markers and tokens keep their pictures in Qt's pixmap cache, as the board's
        if not self.animating:
            self._settle()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        self.frames += 1
        self.last_paint = time.perf_counter()
        self.painted.emit()


