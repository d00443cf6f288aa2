"""The big screen's country names kept on their own areas (:class:`OwnAreaNames`, a part of
:class:`~boardapp.ui.bigscreen.scene.PublicScene`): after the name placer has put each name beside what is drawn
at its place, a name that stands off its own region (a country whose place shares its id: Mid-East, MUN, The
Game) is moved onto it or right beside it. Moved out of scene.py as it stood (a file past ~900 lines)."""

from __future__ import annotations

import math
from typing import Any

from boardapp.ui.board import labels

AREA_REACH = 0.5
"""How far a place's name may stand off its own region (a country whose place shares its id), in name
heights, before it is moved onto the region (:meth:`OwnAreaNames._near_own_areas`)."""
SEARCH_REACH = 8.0
"""How far from its place, beyond its own width, in name heights, a name off its region looks for room."""
NEIGHBOUR_COST = 3.0
"""What a moved name's middle over another country's region costs, in the height of one of its lines."""
NAME_GAP = 0.5
"""The room a name moved onto its region keeps from other names, in the height of one of its lines."""
DISPLACE_TRIES = 12
"""Spots tried at most for a name off its region that would move another country's name out of the way."""
PUSHED_REACH = 1.5
"""How far off its own region, in name heights, a country's name may go to make room for another's."""

def _shape_box(x0: float, y0: float, x1: float, y1: float) -> Any:
    from shapely.geometry import box

    return box(x0, y0, x1, y1)


class OwnAreaNames:
    """Names moved onto their own areas; mixed into :class:`~boardapp.ui.bigscreen.scene.PublicScene`, whose
    ``places``, ``map``, ``names``, ``areas`` and ``bumped`` it reads."""

    places: Any
    map: Any
    names: Any
    areas: Any
    bumped: set[str]

    def _own_areas(self) -> dict[str, Any]:
        """Per place that is a region of the map (a country whose place shares its id): the region's
        polygon (shapely), made once."""
        shapes = getattr(self, "_own_area_shapes", None)
        if shapes is None:
            from shapely.geometry import Polygon

            ids = set(self.places)
            shapes = self._own_area_shapes = {r.id: Polygon(r.polygon).buffer(0) for r in self.map.regions
                                              if r.id in ids and len(r.polygon) >= 3}
        return shapes

    def _line_h(self, lab: labels.Label) -> float:
        """The height of one line of a label's name (a long name is drawn on two)."""
        item = self.names.get(lab.id)
        return lab.h / (item.text().count("\n") + 1 if item is not None else 1)

    def _off_own_areas(self, spots: dict[str, labels.Spot], todo: list[labels.Label]) -> dict[str, float]:
        """Per place's name drawn (not left out) more than :data:`AREA_REACH` name heights off its own
        region: how far, in name heights."""
        areas = self._own_areas()
        far_ring = len(labels.POSITIONS) * labels.RINGS
        out = {}
        for lab in todo:
            spot = spots.get(lab.id)
            if spot is None or lab.id not in areas or spot.rank >= far_ring:
                continue
            b = spot.box
            d = float(areas[lab.id].distance(_shape_box(b.x0, b.y0, b.x1, b.y1))) / self._line_h(lab)
            if d > AREA_REACH:
                out[lab.id] = d
        return out

    def _near_own_areas(self, spots: dict[str, labels.Spot], todo: list[labels.Label],
                        obstacles: list[labels.Box], bounds: labels.Box) -> dict[str, labels.Spot]:
        """The placer's spots, but a place's name that stands more than :data:`AREA_REACH` name heights
        off its own region (it followed its badges, which in a crowd stand beside the region: the
        Levant's over the sea) moved onto its region, or as near it as there is room: a name over its own
        country reads as that country's, a name beside its badges over the sea or a neighbour does not.
        Where only another country's name is in the way, that name moves too (once), to a spot less than
        :data:`PUSHED_REACH` off its own region, when the two names stand nearer their regions so; a
        region's or a sea's name in the way (drawn only where it has room) is left out (:attr:`bumped`).
        A moved name covers no symbol, piece, name or leader line and stays inside ``bounds``; it needs no
        leader (it is on its area). Kept for the same input (the screen places on every refresh)."""
        areas = self._own_areas()
        self.bumped = set()
        if not areas:
            return spots
        key = (tuple(spots.items()), tuple(obstacles), bounds)
        memo = getattr(self, "_near_memo", None)
        if memo is not None and memo[0] == key:
            self.bumped = set(memo[2])
            return dict(memo[1])
        from shapely.geometry import Point

        out = dict(spots)
        far_ring = len(labels.POSITIONS) * labels.RINGS
        by_id = {lab.id: lab for lab in todo}
        pushed: set[str] = set()  # names moved out of another's way (once each)
        bumped: set[str] = set()

        def off(pid: str, b: labels.Box) -> float:
            return float(areas[pid].distance(_shape_box(b.x0, b.y0, b.x1, b.y1)))

        def search(pid: str, limit: float, displace: bool) -> list[tuple[float, labels.Box, str | None, set[str]]]:
            """Spots for ``pid``'s name standing less than ``limit`` off its region, cheapest first: (cost,
            box, the one place's name it covers and that may move, or None; the area names it covers)."""
            lab, spot, area = by_id[pid], out[pid], areas[pid]
            w, box_h = spot.box.x1 - spot.box.x0, spot.box.y1 - spot.box.y0
            h = self._line_h(lab)  # distances in the height of one of its lines
            ax0, ay0, ax1, ay1 = area.bounds
            reach = w + SEARCH_REACH * h  # near the place too: a wide country's name is not looked for far off
            zone = labels.Box(max(ax0 - w - 3 * h, lab.x - reach), max(ay0 - 4 * h, lab.y - reach),
                              min(ax1 + w + 3 * h, lab.x + reach), min(ay1 + 4 * h, lab.y + reach))
            near = [b for b in obstacles if b.meets(zone)]
            g = NAME_GAP * h  # other names kept this far off (names touching read as one: "Kirkuk Baghdad")
            names = [(q, labels.Box(sp.box.x0 - g, sp.box.y0 - g, sp.box.x1 + g, sp.box.y1 + g))
                     for q, sp in out.items() if q != pid and q not in bumped and sp.rank < far_ring
                     and sp.box.meets(zone)]
            lines = [seg for q, sp in out.items() if q != pid and sp.leader
                     for seg in [labels.leader_of(sp.box, sp.anchor)]
                     if labels.Box(min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]) + 1e-9,
                                   max(seg[1], seg[3]) + 1e-9).meets(zone)]
            free: list[tuple[labels.Box, str | None, set[str]]] = []
            # half a name's height (a quarter cost The Game's big screen ~0.5 s of its opening: 1.36 -> 1.99 s)
            step = h / 2
            nx, ny = int((zone.x1 - zone.x0 - w) / step) + 1, int((zone.y1 - zone.y0 - box_h) / step) + 1
            for i in range(nx):
                x0 = zone.x0 + i * step
                if x0 < bounds.x0 or x0 + w > bounds.x1:
                    continue
                # the spots of this column that meet no symbol nor piece: each one blocks a run of them
                blocked = bytearray(ny)
                for o in near:
                    if o.x0 < x0 + w and x0 < o.x1:
                        lo = max(0, math.floor((o.y0 - box_h - zone.y0) / step) + 1)
                        hi = min(ny - 1, math.ceil((o.y1 - zone.y0) / step) - 1)
                        for j in range(lo, hi + 1):
                            blocked[j] = 1
                in_column = [(q, o) for q, o in names if o.x0 < x0 + w and x0 < o.x1]
                for j in range(ny):
                    if blocked[j]:
                        continue
                    y0 = zone.y0 + j * step
                    b = labels.Box(x0, y0, x0 + w, y0 + box_h)
                    if not b.inside(bounds):
                        continue
                    under = [q for q, o in in_column if b.meets(o) and q not in self.areas]
                    if under and not (displace and len(under) == 1 and under[0] in areas and under[0] not in pushed):
                        continue
                    if any(labels.crosses(seg, b) for seg in lines):
                        continue
                    bump = {q for q, o in in_column if b.meets(o) and q in self.areas}
                    free.append((b, under[0] if under else None, bump))
            if not free:
                return []
            import shapely  # the distances of every free spot at once (one by one they were most of the time)

            xs = [((b.x0, b.y0, b.x1, b.y1), ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)) for b, _, _ in free]
            boxes = shapely.box(*zip(*(r for r, _ in xs), strict=True))
            centres = shapely.points([c for _, c in xs])
            offs = shapely.distance(area, boxes)
            # the middle of the name on its own area first, then near its place's point; moving another
            # name costs a name height, leaving an area's name out one and a half, and its middle over a
            # neighbour's region (where it reads as the neighbour's: "Jordan" over Sinai) three
            costs = (shapely.distance(area, centres) / h + 0.25 * shapely.distance(Point(lab.x, lab.y), centres) / h)
            zone_shape = shapely.box(zone.x0, zone.y0, zone.x1, zone.y1)
            for q, other in areas.items():
                if q != pid and other.intersects(zone_shape):
                    costs = costs + NEIGHBOUR_COST * shapely.intersects(other, centres)
            found = [(float(c) + (1.0 if under else 0.0) + 1.5 * len(bump), b, under, bump)
                     for (b, under, bump), c, d in zip(free, costs, offs, strict=True) if d < limit]
            found.sort(key=lambda f: f[0])
            return found

        def put(pid: str, b: labels.Box, bump: set[str]) -> None:
            sp = out[pid]
            out[pid] = labels.Spot(b, sp.rank, False, sp.anchor, sp.scale, sp.shift)
            bumped.update(bump)

        far = self._off_own_areas(spots, todo)
        for pid in sorted(far, key=lambda q: -far[q]):  # the farthest first
            found = search(pid, off(pid, out[pid].box), True)
            free = [f for f in found if f[2] is None][:1]
            tries = sorted(free + [f for f in found if f[2] is not None][:DISPLACE_TRIES], key=lambda f: f[0])
            for _cost, b, other, bump in tries:
                if other is None:
                    put(pid, b, bump)
                    break
                was = out[pid]
                out[pid] = labels.Spot(b, was.rank, False, was.anchor, was.scale, was.shift)  # there for the search
                before = set(bumped)
                bumped.update(bump)  # out of the way for the search too
                h, h_other = self._line_h(by_id[pid]), self._line_h(by_id[other])
                room = search(other, PUSHED_REACH * h_other, False)
                # both names together nearer their regions than before
                if room and (off(pid, b) / h + off(other, room[0][1]) / h_other
                             < off(pid, was.box) / h + off(other, out[other].box) / h_other):
                    put(pid, b, bump)
                    put(other, room[0][1], room[0][3])
                    pushed.add(other)
                    break
                out[pid] = was
                bumped.intersection_update(before)
        self._near_memo = (key, out, set(bumped))
        self.bumped = bumped
        return dict(out)
