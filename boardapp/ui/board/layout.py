"""The counters' layout: where each counter of the board's picture stands, a stack fanned above its
place (below it or on it where the place's own region needs it), laid out in full, or after a game
change only at the places a changed piece left or entered.

:class:`CounterLayout` is part of :class:`~boardapp.ui.board.scene.BoardScene` (a mixin: its methods use
the scene's places, chips and counter items); it is the scene's second idea, split out of scene.py."""

from __future__ import annotations

from collections import defaultdict
from itertools import compress
from operator import attrgetter, is_, is_not, ne
from typing import Any, cast

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPixmap, QPolygonF

from boardapp.engine.module import BoardPiece
from boardapp.ui.board import style
from boardapp.ui.board.items import _Chip
from boardapp.ui.board.style import CHIP, FAN, PIX, Z_CHIP

_DIFF_SLICE = 256
"""A game change's pieces are compared with the last picture's this many at a time
(:meth:`CounterLayout._changed_pieces`)."""

_fields = attrgetter("__dict__")
"""A piece's fields as a dict: two pieces with equal dicts are equal (a dataclass's ``__eq__`` compares the same
fields as a tuple, in Python: 5,000 pieces made anew for each picture took 5 ms to compare that way)."""


class CounterLayout:
    """The counters' layout of a :class:`~boardapp.ui.board.scene.BoardScene`."""

    # --- what goes where ---------------------------------------------------------------------
    def stack_positions(self, at: tuple[float, float], n: int) -> list[QPointF]:
        """Top-left corners of a stack of n chips above a place, fanned to the right and centred."""
        x, y = at
        k = self.piece_k
        chip = CHIP * k
        width = chip + (n - 1) * chip * FAN
        left = x - width / 2
        top = y - 22 * k - chip
        return [QPointF(left + i * chip * FAN, top) for i in range(n)]

    def stack_chip(self) -> float:
        """A chip's side in map units, as :meth:`stack_positions` lays it out."""
        return CHIP * self.piece_k

    def chip_pixmap(self, fill: str, symbol: str, label: str, value: str, damage: int, *, shape: str = "",
                    marks: tuple[str, ...] = ()) -> QPixmap:
        """A counter's picture: :func:`style.chip_pixmap` (the big screen draws its own)."""
        return style.chip_pixmap(fill, symbol, label, value, damage, shape=shape, marks=marks)

    def _stack_inside(self, pid: str, n: int) -> list[QPointF]:
        """:meth:`stack_positions`, moved so the stack's centre stays inside the place's own region.

        Above the place is the convention, but on a map of small provinces (MUN's Low Countries,
        Britain) a stack above the place sits over the neighbour and its name: then it goes below
        the place, or failing that centred on it (the place point lies inside its region)."""
        at = self.places[pid].at
        pos = self.stack_positions(at, n)
        shapes = getattr(self, "_region_shapes", None)
        if shapes is None:
            shapes = self._region_shapes = {r.id: QPolygonF([QPointF(x, y) for x, y in r.polygon])
                                            for r in self.map.regions if r.id in self.places}
        poly = shapes.get(pid)
        if poly is None or not pos:
            return pos
        chip = self.stack_chip()

        def inside(ps: list[QPointF]) -> bool:
            return poly.containsPoint(QPointF((ps[0].x() + ps[-1].x() + chip) / 2, ps[0].y() + chip / 2),
                                      Qt.FillRule.OddEvenFill)

        if inside(pos):
            return pos
        top = pos[0].y()
        for dy in (2 * (at[1] - top) - chip, at[1] - chip / 2 - top):  # below the place, then on it
            moved = [QPointF(p.x(), p.y() + dy) for p in pos]
            if inside(moved):
                return moved
        return pos

    # --- the counters laid out -----------------------------------------------------------------
    def _refresh_counters(self) -> None:
        self._arts = {}
        pieces = self.visible_pieces()
        if self._refresh_changed_counters(pieces):
            return
        seen: set[str] = set()
        stacks: dict[str, list[BoardPiece]] = defaultdict(list)
        for pc in pieces:
            if pc.place in self.places:
                stacks[pc.place].append(pc)
        looks: dict[str, tuple[str, str]] = {}
        chips, items = self._chip_store, self._items
        keys, ids = self._stack_keys, self._stack_ids
        new_keys: dict[str, tuple[Any, ...]] = {}
        by_team_and_id = attrgetter("team", "id")  # C-level sort keys: 5,000 pieces are sorted on a full layout
        for pid, stack in stacks.items():
            stack.sort(key=by_team_and_id)
            new_keys[pid] = self._lay_out_stack(pid, stack, looks, seen)
        for pid in keys.keys() - new_keys.keys():
            ids.pop(pid, None)
            if self._dirty is not None:
                self._dirty.add(pid)
        self._stack_keys = new_keys
        for cid in [c for c in chips if c not in seen]:
            if self._dirty is not None:
                self._dirty.add(chips[cid].place)
            del chips[cid]
            item = items.pop(cid, None)
            if item is not None:
                self.removeItem(item)
        if self._all_items:  # new counters get their items at once, as the others have
            for cid in chips.keys() - items.keys():
                self._counter_item(cid)
        self._hand_moved.clear()
        # the next change starts from this layout, unless two pieces share an id (then every change is full)
        unique = len({pc.id for pc in pieces}) == len(pieces)
        self._laid_from = ((pieces if pieces is not self.picture.pieces else list(pieces), self.piece_k, new_keys)
                           if unique else None)

    def _lay_out_stack(self, pid: str, stack: list[BoardPiece], looks: dict[str, tuple[str, str]],
                       seen: set[str]) -> tuple[Any, ...]:
        """Lay out the counters of one place (``stack``, sorted by team and id); returns the stack's key
        (an unchanged stack is skipped, but for counters moved by hand, which go back in place)."""
        chips, items = self._chip_store, self._items
        keys, ids, dirty, piece_k = self._stack_keys, self._stack_ids, self._dirty, self.piece_k
        key = (piece_k, stack)
        if keys.get(pid) == key and all(map(chips.__contains__, ids[pid])):  # unchanged: nothing to lay out
            seen.update(ids[pid])
            for cid in ids[pid]:  # but a counter moved by hand (an illegal drop) goes back in place
                item = items.get(cid)
                if item is not None and item.look != chips[cid].look:
                    self._sync_item(item, chips[cid])
            return key
        ids[pid] = [pc.id for pc in stack]
        if dirty is not None:
            dirty.add(pid)
        scale = piece_k / PIX
        half = 0.5 * scale  # a selectable pixmap item's bounding rect has half a pixel more all round
        seen_add = seen.add
        arts = self._arts
        # the loop below runs for each of 5,000 counters when a view first shows the board: what it
        # asks of Qt and of the pieces is asked once (a point's x and y, the chip's side)
        for i, (pc, pos) in enumerate(zip(stack, self._stack_inside(pid, len(stack)), strict=True)):
            cid = pc.id
            seen_add(cid)
            chip = chips.get(cid)
            if chip is None:
                chip = chips[cid] = _Chip(pc)
            chip.piece = pc
            team = pc.team
            look = looks.get(team)
            if look is None:
                look = looks[team] = (self.team_colour(team) or "#bbbbbb", self.team_symbol(team))
            label, value, damage, shape, marks = pc.label, pc.value, pc.damage, pc.shape, tuple(pc.marks)
            tip = pc.tooltip or f"{team} {label} {cid}"
            face = (look, label, value, damage, tip, shape, marks)
            x, y = pos.x(), pos.y()
            where = (pid, x, y, i, piece_k)
            was = chip.look
            if was != (face, where):
                if not was or was[0] != face:
                    art_key = (look, label, value, damage, shape, marks)
                    art = arts.get(art_key)  # 5,000 counters show ~900 faces: each asked of Qt once a layout
                    if art is None:
                        pm = self.chip_pixmap(look[0], look[1], label, value, damage, shape=shape, marks=marks)
                        art = arts[art_key] = (pm, (pm.width() + 1, pm.height() + 1))
                    chip.pixmap, chip.side = art
                    chip.tip = tip
                w, h = chip.side
                chip.place, chip.pos, chip.z, chip.scale = pid, pos, Z_CHIP + i * 0.01, scale
                chip.rect = QRectF(x - half, y - half, w * scale, h * scale)
                chip.look = (face, where)
            if items:
                item = items.get(cid)
                if item is not None:
                    self._sync_item(item, chip)
        return key

    def _changed_pieces(self, pieces: list[BoardPiece]) -> list[tuple[BoardPiece | None, BoardPiece | None]] | None:
        """(before, after) of every piece that differs from the picture last laid out (None for a piece
        that came or went), or None when the whole picture must be laid out again: none laid out yet,
        the pieces' size changed, or a subclass dropped the stacks' keys (the big screen's new size).

        A piece the same object as before is unchanged (pictures are values: a rule module gives a
        changed piece as a new one); otherwise pieces are compared by value, in order, and by id when
        the order or the number changed."""
        laid = self._laid_from
        if laid is None or laid[1] != self.piece_k or laid[2] is not self._stack_keys:
            return None
        old = laid[0]
        n = len(pieces)
        fields = _fields
        if len(old) == n:
            d = _DIFF_SLICE
            if sum(map(is_, old[:32], pieces[:32])) * 2 >= min(n, 32):  # the first 32 kept, most of them?
                # a module that keeps its unchanged pieces: slices compared in C (identical items are not
                # even touched), then the pieces of an unequal slice that are not the same object, by value
                pairs = [(old[i], pieces[i]) for a in range(0, n, d) if old[a:a + d] != pieces[a:a + d]
                         for i in compress(range(a, min(a + d, n)), map(is_not, old[a:a + d], pieces[a:a + d]))
                         if old[i] != pieces[i]]
            else:  # every piece made anew (the shipped rule systems): their fields compared in C, not by __eq__
                pairs = [(old[i], pieces[i]) for i in compress(range(n), map(ne, map(fields, old), map(fields, pieces)))
                         if old[i] != pieces[i]]
            if all(a.id == b.id for a, b in pairs):
                return pairs  # type: ignore[return-value]
        before = {pc.id: pc for pc in old}
        after = {pc.id: pc for pc in pieces}
        if len(after) != n:  # two pieces with one id: laid out in full, as ever
            return None
        out: list[tuple[BoardPiece | None, BoardPiece | None]] = []
        for cid, pc in after.items():
            was = before.get(cid)
            if was is not pc and (was is None or fields(was) != fields(pc)) and was != pc:
                out.append((was, pc))
        out += [(pc, None) for cid, pc in before.items() if cid not in after]
        return out

    def _refresh_changed_counters(self, pieces: list[BoardPiece]) -> bool:
        """Lay out again only the stacks of places a changed piece left or entered (a game change moves a
        few counters of thousands); False when the whole picture must be laid out (:meth:`_changed_pieces`).
        The layout is the one a full layout makes (tests/ui_hall/test_speed.py compares them)."""
        pairs = self._changed_pieces(pieces)
        if pairs is None:
            return False
        places, chips, items = self.places, self._chip_store, self._items
        keys, ids = self._stack_keys, self._stack_ids
        touched: set[str] = set()
        changed: set[str] = set()
        for was, now in pairs:
            for pc in (was, now):
                if pc is not None:
                    changed.add(pc.id)
                    if pc.place in places:
                        touched.add(cast(str, pc.place))
        arriving: dict[str, list[BoardPiece]] = defaultdict(list)
        for _was, now in pairs:
            if now is not None and now.place in places:
                arriving[cast(str, now.place)].append(now)
        looks: dict[str, tuple[str, str]] = {}
        seen: set[str] = set()
        by_team_and_id = attrgetter("team", "id")
        for pid in touched:
            old_key = keys.get(pid)
            stack = [pc for pc in (old_key[1] if old_key is not None else ()) if pc.id not in changed]
            stack += arriving.get(pid, ())
            if not stack:
                if keys.pop(pid, None) is not None and self._dirty is not None:
                    self._dirty.add(pid)
                ids.pop(pid, None)
                continue
            stack.sort(key=by_team_and_id)
            keys[pid] = self._lay_out_stack(pid, stack, looks, seen)
        for cid in changed - seen:  # gone from the map (or from the picture)
            chip = chips.pop(cid, None)
            if chip is None:
                continue
            if self._dirty is not None:
                self._dirty.add(chip.place)
            item = items.pop(cid, None)
            if item is not None:
                self.removeItem(item)
        for cid in self._hand_moved:  # a counter moved by hand (an illegal drop) goes back in place
            item, chip = items.get(cid), chips.get(cid)
            if item is not None and chip is not None and item.look != chip.look:
                self._sync_item(item, chip)
        self._hand_moved.clear()
        if self._all_items:  # new counters get their items at once, as the others have
            for cid in seen - items.keys():
                self._counter_item(cid)
        # the pieces as laid out: visible_pieces() made a list of its own, which is kept as it is
        self._laid_from = (pieces if pieces is not self.picture.pieces else list(pieces), self.piece_k, keys)
        return True
