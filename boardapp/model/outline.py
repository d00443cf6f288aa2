"""Plain-Python proofs that a map's region outlines are sound, so a shipped map is checked without shapely.

Importing shapely (and numpy with it) is a tenth of a second, the largest single cost of opening the board on
War in Binni. The map checks need three answers from it: is each region's outline a valid polygon with an
area, do two regions of one kind overlap, and which regions cover each place. For the plain outlines the
shipped maps use (no holes, no touching or crossing edges) those answers can be *proved* here with exact
integer arithmetic: every float is a fraction over a power of two, so after scaling every coordinate by the
same power of two, orientation tests, "on the segment" and "inside" are exact — no tolerance, no rounding.

Each proof answers yes only when it is sure. :func:`sound_regions` returns None as soon as any outline is
not plainly simple or any two regions of one kind are not proved apart; the caller then asks shapely, whose
messages say what is wrong. So a map passes here only if shapely would have passed it too (the tests
compare the two on every shipped map and on broken outlines), never because a check was skipped.

>>> square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
>>> scale = Scale([square])
>>> simple(scale.ring(square)), simple(scale.ring([(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardapp.model.mapfile import Map

Point = tuple[int, int]
Ring = list[Point]


class Scale:
    """One power of two that turns every given coordinate into an integer, exactly."""

    def __init__(self, rings: Iterable[Sequence[tuple[float, float]]]) -> None:
        shift = 0
        big = 0.0
        for ring in rings:
            for x, y in ring:
                for v in (x, y):
                    den = float(v).as_integer_ratio()[1]  # always a power of two
                    shift = max(shift, den.bit_length() - 1)
                    big = max(big, abs(float(v)))
        self.factor = 1 << shift
        # float products only where none can overflow (a hostile file's 1e-320 or 1e300 goes the exact slow way)
        self._k = 2.0 ** shift if shift <= 900 and big * 2.0 ** shift < 2.0 ** 1000 else 0.0

    def point(self, xy: tuple[float, float]) -> Point:
        # a float times a power of two is exact (no rounding short of overflow), and an integer by the choice
        # of the power: the same integers as Fraction(x) * factor, a tenth of the time
        x, y = xy
        k = self._k
        if k:
            return int(float(x) * k), int(float(y) * k)
        return int(Fraction(x) * self.factor), int(Fraction(y) * self.factor)

    def ring(self, points: Sequence[tuple[float, float]]) -> Ring:
        """The outline's points as integers, consecutive repeats (and a repeated first point) dropped."""
        out: Ring = []
        for xy in points:
            p = self.point(xy)
            if not out or out[-1] != p:
                out.append(p)
        while len(out) > 1 and out[-1] == out[0]:
            out.pop()
        return out


def _cross(o: Point, a: Point, b: Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    """p lies on the closed segment a-b (exact)."""
    return (_cross(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def _boxes_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    return (max(min(a[0], b[0]), min(c[0], d[0])) <= min(max(a[0], b[0]), max(c[0], d[0]))
            and max(min(a[1], b[1]), min(c[1], d[1])) <= min(max(a[1], b[1]), max(c[1], d[1])))


def _segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """The closed segments a-b and c-d share at least one point (exact)."""
    if not _boxes_meet(a, b, c, d):
        return False
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return _on_segment(a, c, d) or _on_segment(b, c, d) or _on_segment(c, a, b) or _on_segment(d, a, b)


def _crossing(a: Point, b: Point, c: Point, d: Point) -> bool:
    """a-b and c-d cross at one point inside both (not at an end of either)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def twice_area(ring: Ring) -> int:
    """Twice the signed area (positive when the points go anticlockwise with y up)."""
    n = len(ring)
    return sum(ring[i][0] * ring[(i + 1) % n][1] - ring[(i + 1) % n][0] * ring[i][1] for i in range(n))


def simple(ring: Ring) -> bool:
    """Proved: the outline is a simple polygon with an area (no edge touches another except its neighbours at
    their shared corner, and no edge doubles back on its neighbour). False means "not proved", not "invalid"."""
    n = len(ring)
    if n < 3 or twice_area(ring) == 0:
        return False
    edges = [(ring[i], ring[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        a, b = edges[i]
        c = edges[(i + 1) % n][1]
        if _cross(a, b, c) == 0 and (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0:
            return False  # the next edge runs back along this one: a spike
    # every two edges that are not neighbours must not meet; only edges whose boxes meet can, so the edges
    # are swept from left to right, each met with those still open at its left end (not all n^2 pairs:
    # a Natural Earth outline has hundreds of edges)
    boxes = [(min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in edges]
    open_: list[int] = []
    for i in sorted(range(n), key=lambda k: boxes[k][0]):
        x0, _x1, y0, y1 = boxes[i]
        open_ = [j for j in open_ if boxes[j][1] >= x0]
        for j in open_:
            box = boxes[j]
            if box[2] > y1 or box[3] < y0:
                continue
            lo, hi = (i, j) if i < j else (j, i)
            if hi == lo + 1 or (lo == 0 and hi == n - 1):
                continue  # neighbours: they share their corner
            if _segments_meet(*edges[lo], *edges[hi]):
                return False
        open_.append(i)
    return True


def _where(px: int, py: int, pd: int, ring: Ring) -> int:
    """1 strictly inside, 0 on the outline, -1 outside, for the point (px/pd, py/pd), pd > 0 (exact)."""
    inside = False
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        cross = (x2 - x1) * (py - y1 * pd) - (y2 - y1) * (px - x1 * pd)
        if (cross == 0 and min(x1, x2) * pd <= px <= max(x1, x2) * pd
                and min(y1, y2) * pd <= py <= max(y1, y2) * pd):
            return 0
        # the edge spans the point's height and passes to the right of the point
        if (y1 * pd > py) != (y2 * pd > py) and (cross > 0) == (y2 > y1):
            inside = not inside
    return 1 if inside else -1


def where(p: Point, ring: Ring) -> int:
    """1 strictly inside the outline, 0 on it, -1 outside (exact)."""
    return _where(p[0], p[1], 1, ring)


def _box(ring: Ring) -> tuple[int, int, int, int]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def _edge_enters(a: Ring, b: Ring, b_box: tuple[int, int, int, int]) -> bool:
    """Some point of ``a``'s outline lies strictly inside ``b``. Each edge of ``a`` is cut where ``b``'s corners
    lie on it; between two cuts a piece that crosses no edge of ``b`` is wholly inside, outside or on ``b``'s
    outline, so its midpoint tells which."""
    x0, y0, x1, y1 = b_box
    n = len(a)
    for i in range(n):
        p, q = a[i], a[(i + 1) % n]
        if max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1:
            continue
        dx, dy = q[0] - p[0], q[1] - p[1]
        length2 = dx * dx + dy * dy
        cuts = {Fraction(0), Fraction(1)}
        for r in b:
            if _on_segment(r, p, q):
                cuts.add(Fraction((r[0] - p[0]) * dx + (r[1] - p[1]) * dy, length2))
        ordered = sorted(cuts)
        for lo, hi in pairwise(ordered):
            t = (lo + hi) / 2
            den = t.denominator
            if _where(p[0] * den + t.numerator * dx, p[1] * den + t.numerator * dy, den, b) == 1:
                return True
    return False


def _edges_meeting(ring: Ring, box: tuple[int, int, int, int]) -> list[tuple[Point, Point]]:
    """The edges of ``ring`` whose boxes meet ``box`` (closed)."""
    x0, y0, x1, y1 = box
    n = len(ring)
    out = []
    for i in range(n):
        p, q = ring[i], ring[(i + 1) % n]
        if not (max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1):
            out.append((p, q))
    return out


def apart(a: Ring, b: Ring) -> bool:
    """Proved: the insides of two simple outlines do not overlap (they may share edges and corners).

    Overlapping insides need one of: two edges crossing inside both, an edge of one strictly inside the
    other, or a shared stretch of outline with both insides on the same side of it. Each is looked for."""
    ba, bb = _box(a), _box(b)
    if ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]:
        return True
    sa, sb = twice_area(a) > 0, twice_area(b) > 0
    # only an edge whose box meets the other outline's box can meet one of its edges
    a_edges = _edges_meeting(a, bb)
    b_edges = _edges_meeting(b, ba)
    for p, q in a_edges:
        for r, s in b_edges:
            if not _boxes_meet(p, q, r, s):
                continue
            if _crossing(p, q, r, s):
                return False
            if _cross(p, q, r) == 0 and _cross(p, q, s) == 0:  # on one line: a shared stretch?
                dot = (q[0] - p[0]) * (s[0] - r[0]) + (q[1] - p[1]) * (s[1] - r[1])
                lo = max(min(p, q), min(r, s))
                hi = min(max(p, q), max(r, s))
                # with both outlines turned the same way round, their insides lie on one side of a shared
                # stretch exactly when the two edges run the same way along it
                if lo < hi and (dot > 0) == (sa == sb):
                    return False
    return not _edge_enters(a, b, bb) and not _edge_enters(b, a, ba)


def sound_regions(m: Map) -> dict[str, tuple[str, ...]] | None:
    """Place id -> ids of the regions covering it, when every region's outline is proved simple and no two
    regions of one kind are proved to overlap; None when anything is not proved (then ask shapely).

    The ids are in map order, not smallest first as :func:`boardapp.model.geometry.regions_containing` gives
    them: the map checks only ask whether a place is in some region."""
    if any(r.holes for r in m.regions):
        return None
    scale = Scale([r.polygon for r in m.regions] + [[p.at for p in m.places]])
    rings = [scale.ring(r.polygon) for r in m.regions]
    if any(len(ring) < 3 for ring in rings):
        return None
    # regions not proved apart are looked for first: on a map whose outlines overlap a little (Natural Earth's
    # borders) that ends the proof sooner; a pair apart() passes is still only proved once both are simple
    for i, (region, ring) in enumerate(zip(m.regions, rings, strict=True)):
        for other, other_ring in zip(m.regions[i + 1:], rings[i + 1:], strict=True):
            if region.kind == other.kind and not apart(ring, other_ring):
                return None
    if not all(simple(ring) for ring in rings):
        return None
    boxes = [_box(ring) for ring in rings]
    out: dict[str, tuple[str, ...]] = {}
    for place in m.places:
        x, y = scale.point(place.at)
        out[place.id] = tuple(region.id for region, ring, box in zip(m.regions, rings, boxes, strict=True)
                              if box[0] <= x <= box[2] and box[1] <= y <= box[3] and where((x, y), ring) >= 0)
    return out
