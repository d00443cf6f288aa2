"""How large a map's drawing is: the place spacing of a map, and the base scale the board draws it at.

Plain Python (no Qt): the board, the big screen and a rule system's overlays all size their
drawings from :func:`place_spacing`, so there is one (linear-time) way of measuring it.

>>> place_spacing([(0, 0), (0, 50), (0, 90)])
40.0
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

REFERENCE_SPACING = 300.0
"""The place spacing (median nearest-neighbour distance, map units) the board's drawing is sized
for: a map whose places lie this far apart is drawn at scale 1 (War in Binni's lie ~301 apart)."""
SCALE_RANGE = (0.05, 2.0)
"""The least and greatest base scale a map's density gives."""


def place_spacing(points: Iterable[tuple[float, float]]) -> float:
    """The median distance from a place to its nearest neighbour (map units), found with a grid of
    cells about one place each (linear time: 1,000 places take a few milliseconds)."""
    pts = [(float(x), float(y)) for x, y in points]
    n = len(pts)
    if n < 2:
        return REFERENCE_SPACING
    x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
    w, h = max(x for x, _ in pts) - x0, max(y for _, y in pts) - y0
    cell = math.sqrt(w * h / n) if w * h > 0 else max(w, h) / n
    if cell <= 0:  # every place at the same spot
        return REFERENCE_SPACING
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    cells = [(int((x - x0) // cell), int((y - y0) // cell)) for x, y in pts]
    for i, c in enumerate(cells):
        grid[c].append(i)
    near = []
    for i, ((x, y), (cx, cy)) in enumerate(zip(pts, cells, strict=True)):
        best, r = math.inf, 0
        while True:  # rings of cells outwards; a point beyond ring r lies at least r cells away
            for gx in range(cx - r, cx + r + 1):
                for gy in range(cy - r, cy + r + 1) if gx in (cx - r, cx + r) else (cy - r, cy + r):
                    for j in grid.get((gx, gy), ()):
                        if j != i:
                            best = min(best, math.hypot(pts[j][0] - x, pts[j][1] - y))
            if best <= r * cell:
                break
            r += 1
        near.append(best)
    return statistics.median(near) or REFERENCE_SPACING


def map_scale(the_map: Any) -> float:
    """The base scale of a map's drawing: its place spacing over :data:`REFERENCE_SPACING`, within
    :data:`SCALE_RANGE`."""
    spacing = place_spacing(p.at for p in the_map.places)
    lo, hi = SCALE_RANGE
    return min(hi, max(lo, spacing / REFERENCE_SPACING))
