"""The board's far mode (:class:`FarLayer`, a part of :class:`~boardapp.ui.board.scene.BoardScene`): zoomed out,
the control markers, tokens and counters are painted with the map into the view's cached background (the pieces
layer, kept per place on a grid for a change's repaint) instead of being drawn as ~6,000 items on every repaint;
near, they are items, made when first needed. Moved out of scene.py as it stood (a file past ~900 lines).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from itertools import product
from operator import itemgetter
from typing import Any, cast

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QPainter,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
)

from boardapp.ui.board.items import CounterItem, _Chip
from boardapp.ui.board.style import Z_BADGE


def _same_rows(a: list[tuple[float, QRectF, Any]], b: list[tuple[float, QRectF, Any]]) -> bool:
    return len(a) == len(b) and all(za == zb and ra == rb and pa.cacheKey() == pb.cacheKey()
                                    for (za, ra, pa), (zb, rb, pb) in zip(a, b, strict=True))


def _piece_item() -> QGraphicsPixmapItem:
    """A control marker's or a token's item: its pixmap (drawn at twice its size, :data:`style.PIX`)
    scaled down smoothly once per zoom into a device pixmap, then blitted. Scaled on every paint,
    the ~100 markers and tokens of a 4K view at 1:1 cost ~7 ms of each full redraw, more than the
    ~450 counters beside them, which cache the same way (:meth:`BoardScene._counter_item`)."""
    item = QGraphicsPixmapItem()
    item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    return item  # its cache mode is set when it goes into the scene (:meth:`BoardScene._add_marker`)



class FarLayer:
    """The pieces painted far and made into items near; mixed into :class:`~boardapp.ui.board.scene.BoardScene`."""

    # --- far mode: pieces painted into the background ---------------------------------------------
    def set_far(self, far: bool) -> None:
        """Paint markers, tokens and counters into the background (True) or as items (False)."""
        if far == self.far:
            return
        self.far = far
        for item in self._piece_items():
            item.setVisible(not far or item is self._revealed)
        if not far:
            self._materialize()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def set_piece_scale(self, k: float) -> None:
        """Draw markers, tokens and counters ``k`` times their size at the scene's base scale (a view
        zoomed far out enlarges them, as a printed map enlarges its symbols at small scales), laid
        out again around their places."""
        if abs(k - self.zoom_k) < 1e-9:
            return
        self.zoom_k = k
        self.piece_k = self.base_scale * k
        self.layout_pieces()
        if self._name_spots is not None:  # the names step out of the pieces' new size
            self._name_spots = None
            self._map_full = self._map_far = None
            self._map_image = None
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def layout_pieces(self) -> None:
        """Lay the current picture out again (no new picture from the rules)."""
        if self._unlaid:  # not laid out yet: it will be, at the current size, when first needed
            return
        self.clear_options()
        self._dirty = None  # everything moves: the layer is made anew
        self._refresh_control()
        self._refresh_tokens()
        self._refresh_counters()
        self._layer_changed()
        self.laidOut.emit()

    def _piece_items(self) -> list[QGraphicsPixmapItem]:
        """The piece items made so far (counters get theirs when first asked for)."""
        return [*self._badges.values(), *self._tokens, *self._items.values()]

    def _counter_item(self, cid: str) -> CounterItem:
        item = self._items.get(cid)
        if item is None:
            self._lay_out_now()
            chip = self._chip_store[cid]
            item = CounterItem(chip.piece)
            # painted once per zoom into a device pixmap, then blitted: a 1:1 redraw of ~500 chips halves
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            item.setVisible(not self.far)
            self._sync_item(item, chip)
            self.addItem(item)
            self._items[cid] = item
        return item

    def _materialize(self) -> None:
        """Make the item of every counter (the pieces are about to be drawn as items)."""
        if not self._all_items:
            self._lay_out_now()
            self._add_marker_items()
            for cid in self._chip_store:
                self._counter_item(cid)
            self._all_items = True

    def _add_marker_items(self) -> None:
        """Put the control markers' and tokens' items into the scene (made, but kept out of it while the
        pieces are painted into the background: see :attr:`_markers_added`); later ones go in at once."""
        if not self._markers_added:
            self._markers_added = True
            for item in (*self._badges.values(), *self._token_items.values()):
                self._add_marker(item)
            self._make_badges()  # (those not made yet go in as they are made)

    def _add_marker(self, item: QGraphicsPixmapItem) -> None:
        if self._markers_added:
            # cached as the counters are (see :func:`_piece_item`); set here, as it costs a fifth of making one
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            self.addItem(item)

    def _remove_marker(self, item: QGraphicsPixmapItem) -> None:
        if item.scene() is self:
            self.removeItem(item)

    @staticmethod
    def _sync_item(item: CounterItem, chip: _Chip) -> None:
        item.piece = chip.piece
        if item.look == chip.look:  # unchanged since the last layout: touch nothing
            return
        if not item.look or item.look[0] != chip.look[0]:
            item.setPixmap(chip.pixmap)
            item.setToolTip(chip.tip)
        if not item.look or item.look[1] != chip.look[1]:
            item.setData(0, chip.place)
            item.setScale(chip.scale)
            item.setPos(chip.pos)
            item.setZValue(chip.z)
        item.look = chip.look

    def pieces_layer(self) -> dict[str, tuple[QRectF, list[tuple[float, QRectF, Any]]]]:
        """Per place: the rectangle its pieces cover and (z, rect, pixmap) of each, bottom first."""
        self._lay_out_now()
        if self._layer is None:
            self._layer = self._layer_of(None)
            self._reach = self._reach_of(self._layer)
        return self._layer

    def _reach_of(self, entries: dict[str, tuple[QRectF, list[tuple[float, QRectF, Any]]]]) -> float:
        """How far (map units) the pieces of ``entries`` reach from their place's point, at most: a
        place's pieces can meet a rectangle only if its point lies within this of it
        (:meth:`_places_near`). Infinite when an entry is not at a place of the map."""
        reach = 0.0
        places = self.places
        for pid, (bounds, _rows) in entries.items():
            place = places.get(pid)
            if place is None:
                return math.inf
            x, y = place.at
            left, top, right, bottom = cast(tuple[float, float, float, float], bounds.getCoords())  # one call, not four
            reach = max(reach, x - left, right - x, y - top, bottom - y)
        return reach

    def _places_near(self, rect: QRectF) -> set[str] | None:
        """The places whose pieces may meet ``rect`` (a superset, from a grid of the places' points and
        :attr:`_reach`), or None when that would be most of them. A repaint of a change meets a few
        places of a thousand: testing each place's rectangle with Qt cost more than the repaint."""
        reach = self._reach
        if not math.isfinite(reach) or len(self.places) < 200:
            return None
        grid = self._place_grid
        if grid is None:
            w, h = self.map.size
            cell = max(w, h, 1.0) / 64
            cells: dict[tuple[int, int], list[str]] = defaultdict(list)
            for pid, place in self.places.items():
                cells[(int(place.at[0] // cell), int(place.at[1] // cell))].append(pid)
            grid = self._place_grid = (cell, dict(cells))
        cell, cells = grid
        x0, y0 = int((rect.left() - reach) // cell), int((rect.top() - reach) // cell)
        x1, y1 = int((rect.right() + reach) // cell), int((rect.bottom() + reach) // cell)
        near: set[str] = set()
        if (x1 - x0 + 1) * (y1 - y0 + 1) <= len(cells):
            for key in product(range(x0, x1 + 1), range(y0, y1 + 1)):
                got = cells.get(key)
                if got is not None:
                    near.update(got)
        else:  # more cells in the range than cells holding places: those holding places, tested
            for (cx, cy), got in cells.items():
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    near.update(got)
        return near if len(near) <= len(self.places) // 2 else None

    def _layer_of(self, places: set[str] | None) -> dict[str, tuple[QRectF, list[tuple[float, QRectF, Any]]]]:
        """:meth:`pieces_layer`'s entries of ``places`` (None: every place)."""
        self._lay_out_now()
        layer: dict[str, list[tuple[float, QRectF, Any]]] = defaultdict(list)
        if self._badges_made:  # from the items (the big screen moves them after each layout)
            own: Any = self._badges
            badges = (own.values() if places is None else [own[p] for p in places if p in own])
            for item in badges:
                layer[item.data(0)].append((item.zValue(), item.sceneBoundingRect(), item.pixmap()))
        else:  # as their items would give them
            looks = self._badge_looks
            for pid in (looks if places is None else [p for p in places if p in looks]):
                look = looks[pid]
                layer[pid].append((float(Z_BADGE), look.rect(), look.pixmap))
        if places is None:
            items: Any = self._tokens
        else:  # a place's tokens are found by their keys (place, i), not by asking each token item its place
            toks = self._token_items
            items = [toks[(p, i)] for p in places if p in self._token_looks
                     for i in range(len(self._token_looks[p][1])) if (p, i) in toks]
        for item in items:
            pid = item.data(0)
            if pid is None or (places is not None and pid not in places):
                continue
            layer[pid].append((item.zValue(), item.sceneBoundingRect(), item.pixmap()))
        if places is None:
            for chip in self._chip_store.values():
                layer[chip.place].append((chip.z, chip.rect, chip.pixmap))
        else:
            chips = self._chip_store
            for pid in places:
                for cid in self._stack_ids.get(pid, ()):
                    chip = chips[cid]
                    layer[pid].append((chip.z, chip.rect, chip.pixmap))
        out = {}
        by_z = itemgetter(0)
        for pid, rows in layer.items():
            rows.sort(key=by_z)
            bounds = QRectF(rows[0][1])
            for _, r, _ in rows[1:]:
                bounds = bounds.united(r)
            out[pid] = (bounds, rows)
        return out

    def paint_pieces(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the pieces that meet ``rect`` as their items would (markers, tokens, then chips)."""
        t = painter.worldTransform()
        areas = [rect]
        if painter.hasClipping() and not (t.m12() or t.m21()) and t.m11() > 0:
            # the view repaints its cached background under the region it was told changed, but asks
            # for that region's bounding rectangle: two places far apart (a counter's old and new
            # place) would paint every piece between them, clipped away
            region = painter.clipRegion()  # in scene units (integers): widened by two screen pixels
            if 0 < region.rectCount() <= 32:
                m = 2.0 / t.m11()
                areas = [QRectF(r).adjusted(-m, -m, m, m) for r in region]
        meets = rect.intersects  # a piece outside the area would be clipped away
        layer = self.pieces_layer()
        near: set[str] | None = set()
        for a in areas:
            got = self._places_near(a)
            if got is None:
                near = None
                break
            near |= got  # type: ignore[operator]
        if near is None:
            hits = [(bounds, place_rows) for bounds, place_rows in layer.values() if meets(bounds)]
        else:  # in the layer's order, as painting all of them would (pieces of equal z may overlap)
            order = self._layer_order
            if order[0] is not layer:
                order = self._layer_order = (layer, {pid: i for i, pid in enumerate(layer)})
                self._next_rank = len(layer)
            # (near.intersection(layer) would walk the layer's thousand places, not the few near ones)
            hits = [entry for pid in sorted([p for p in near if p in layer], key=order[1].__getitem__)
                    if meets((entry := layer[pid])[0])]
        if len(areas) == 1:
            inside = rect.contains  # a place wholly inside (the first paint: all of them) needs no piece tested
            rows = []
            for bounds, place_rows in hits:  # (asked once a place, not once a piece)
                rows += place_rows if inside(bounds) else [row for row in place_rows if meets(row[1])]
        else:  # the places meeting one of the region's rectangles, then their pieces meeting one
            rows = []
            tests = [a.intersects for a in areas]
            for bounds, place_rows in hits:
                meeting = [test for test in tests if test(bounds)]
                if len(meeting) == 1:
                    rows += filter(lambda row, test=meeting[0]: test(row[1]), place_rows)
                elif meeting:
                    rows += [row for row in place_rows if any(test(row[1]) for test in meeting)]
        rows.sort(key=itemgetter(0))
        if t.m12() or t.m21() or t.m11() <= 0 or t.m22() <= 0:  # rotated: let the painter scale them
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            for _, r, pm in rows:
                painter.drawPixmap(r, pm, QRectF(pm.rect()))
            return
        # each look scaled once to its size on screen (area-averaged), then blitted at whole pixels:
        # 6,000 unscaled blits cost a third less than 6,000 bilinear scalings of 144-pixel chips
        kx, ky, dx, dy = t.m11(), t.m22(), t.dx(), t.dy()
        cache = self._scaled_pixmaps
        if len(cache) > 8192:
            cache.clear()
        painter.save()
        painter.setWorldTransform(QTransform())
        # whole-pixel blits of pictures already at their size: the same pixels without the smoothing and
        # antialiasing hints, which cost a fifth of 6,000 blits' time at the first paint
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        draw = painter.drawPixmap
        rect_of = cast(Callable[[QRectF], tuple[float, float, float, float]], QRectF.getRect)  # typed as object
        looks: dict[int, int] = {}  # each picture's cache key, asked once a paint (5,000 counters show ~900)
        for _, r, pm in rows:  # ~6,000 rows at the first paint: one call to Qt for the rectangle
            rx, ry, rw, rh = rect_of(r)
            w, h = round(rw * kx) or 1, round(rh * ky) or 1  # at least a pixel (kx, ky > 0 here)
            look = looks.get(id(pm))  # the rows hold their pictures: an id stands for one during this paint
            if look is None:
                look = looks[id(pm)] = pm.cacheKey()
            key = (look, w, h)
            small = cache.get(key)
            if small is None:
                small = cache[key] = pm.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation)
            draw(round(rx * kx + dx), round(ry * ky + dy), small)
        painter.restore()

    def _layer_changed(self) -> None:
        """After a refresh: in far mode repaint only the background under places whose pieces changed."""
        old = self._layer
        dirty_places, self._dirty = self._dirty, None
        if old is not None and dirty_places is not None:  # only the places that changed are made again
            fresh = self._layer_of(dirty_places)
            new = dict(old)
            layer_of, ranks = self._layer_order
            ranks = ranks if layer_of is old else None  # places keep their rank; a new one comes last
            for pid in dirty_places:
                if pid in fresh:
                    if ranks is not None and pid not in new:
                        ranks[pid] = self._next_rank
                        self._next_rank += 1
                    new[pid] = fresh[pid]
                else:
                    new.pop(pid, None)
            self._layer = new
            if ranks is not None:
                self._layer_order = (new, ranks)
            self._reach = max(self._reach, self._reach_of(fresh))
            check: Any = dirty_places
        else:
            self._layer = None
            if not self.far:
                return
            new = self.pieces_layer()
            check = set(old or ()) | set(new)
        if not self.far:
            return
        if old is None or self._map_straight:  # see _draw_map_straight
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
            return
        dirty = []
        for pid in check:
            before, after = old.get(pid), new.get(pid)
            if before is None:
                if after is not None:
                    dirty.append(after[0])
            elif after is None:
                dirty.append(before[0])
            elif not _same_rows(before[1], after[1]):  # a place's stack before and after: one rectangle
                dirty.append(before[0].united(after[0]))
        if len(dirty) > 32:  # a new layout everywhere (32 places): one repaint of the whole background
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
            return
        for rect in dirty:
            self.invalidate(rect.adjusted(-2, -2, 2, 2), QGraphicsScene.SceneLayer.BackgroundLayer)
