"""Where place names go: a label placement over plain boxes (no Qt), shared by the umpires' board,
the big screen and ``boardapp render``.

A name is tried at candidate positions around its place in the order a cartographer prefers them
(Imhof; Christensen, Marks and Shieber's eight-position model) after the board's own convention
(below the place, where the umpires are used to reading it): below, right, upper right, lower right,
left, upper left, lower left, above; then the same eight one and two steps farther out, where a
thin leader line ties the name to its place (a last resort). Names are placed greedily by priority
(cities first, then the longest names, which have the fewest free spots); each name takes the
first candidate, in that order, that covers no obstacle (a place symbol, a piece) and no name
already placed. Among the free candidates of one ring, the one that blocks the fewest free
candidates of the names still to come wins (the conflict graph's degree), which is what makes the
greedy pass leave room for its neighbours. A name with no free candidate at all takes the one
a little smaller (:data:`SHRINK`), and only then the one with the least covered area, which
:func:`overlaps` reports.

>>> names = [Label("a", 0, 0, 40, 10), Label("b", 30, 0, 40, 10)]
>>> spots = place_labels(names, obstacles=[Box(-10, -10, 10, 10), Box(20, -10, 40, 10)])
>>> overlaps([s.box for s in spots.values()], [Box(-10, -10, 10, 10), Box(20, -10, 40, 10)])
0
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

POSITIONS: tuple[tuple[float, float], ...] = (
    (0.0, 1.0),    # below (the board's convention)
    (1.0, 0.0),    # right
    (1.0, -1.0),   # upper right
    (1.0, 1.0),    # lower right
    (-1.0, 0.0),   # left
    (-1.0, -1.0),  # upper left
    (-1.0, 1.0),   # lower left
    (0.0, -1.0),   # above
)
"""Directions from the place, in the order of preference."""
RINGS = 5
FAR_RINGS = 10
"""Rings tried, shrinking too, only when nothing within ``RINGS`` is free: a long leader line is better
than a name over a counter."""
"""Candidate rings: the first touches the place's clearance; the others are farther, with a leader line."""
SHRINK = (0.85, 0.7, 0.55)
"""A name with no free spot at its size tries these fractions of it before it is let overlap."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned box, ``x0 < x1``, ``y0 < y1`` (y grows downwards, as on the map)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def meets(self, other: Box) -> bool:
        """Whether the two boxes share some area (touching edges do not count)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def area_with(self, other: Box) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def inside(self, other: Box) -> bool:
        return self.x0 >= other.x0 and self.y0 >= other.y0 and self.x1 <= other.x1 and self.y1 <= other.y1


@dataclass(frozen=True)
class Label:
    """A name to place: its place's point, the name's size, the half-size of the place's symbol
    (the name keeps clear of it) and its priority (lower first)."""

    id: str
    x: float
    y: float
    w: float
    h: float
    clearance: float = 0.0
    priority: float = 0.0
    nudge: tuple[float, float] = (0.0, 0.0)
    """The map's own ``label_offset``: added to the first candidate (the map maker's choice)."""
    around: Box | None = None
    """What is drawn at the place (its symbol, control marker, tokens, counters): the name stands
    outside it. None: the symbol alone, ``clearance`` each side of the point."""

    def group(self) -> Box:
        c = self.clearance
        own = Box(self.x - c, self.y - c, self.x + c, self.y + c)
        if self.around is None:
            return own
        a = self.around
        return Box(min(a.x0, own.x0), min(a.y0, own.y0), max(a.x1, own.x1), max(a.y1, own.y1))


@dataclass(frozen=True)
class Spot:
    """Where a name went: its box, the candidate's rank and whether it needs a leader line."""

    box: Box
    rank: int
    leader: bool = False
    anchor: tuple[float, float] = (0.0, 0.0)
    scale: float = 1.0
    """Below 1: the name had no room at its full size and is drawn this much smaller."""

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.box.x0 + self.box.x1) / 2, (self.box.y0 + self.box.y1) / 2)


class _Grid:
    """Boxes bucketed in square cells, to find those near a box without scanning them all."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1e-6)
        self.cells: dict[tuple[int, int], list[Box]] = defaultdict(list)

    def _keys(self, b: Box) -> Iterator[tuple[int, int]]:
        c = self.cell
        for i in range(int(b.x0 // c), int(b.x1 // c) + 1):
            for j in range(int(b.y0 // c), int(b.y1 // c) + 1):
                yield i, j

    def add(self, b: Box) -> None:
        for k in self._keys(b):
            self.cells[k].append(b)

    def near(self, b: Box) -> set[Box]:
        out: set[Box] = set()
        for k in self._keys(b):
            out.update(self.cells.get(k, ()))
        return out

    def hits(self, b: Box) -> bool:
        """Whether ``b`` shares area with a box in the grid (inlined: the placement's hot loop)."""
        x0, y0, x1, y1 = b.x0, b.y0, b.x1, b.y1
        c = self.cell
        cells = self.cells
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(int(y0 // c), int(y1 // c) + 1):
                for o in cells.get((i, j), ()):
                    if x0 < o.x1 and o.x0 < x1 and y0 < o.y1 and o.y0 < y1:
                        return True
        return False

    def covered(self, b: Box) -> float:
        return sum(b.area_with(o) for o in self.near(b))


def candidates(label: Label, gap: float, rings: Iterable[int] = range(RINGS)) -> list[tuple[int, Box, bool]]:
    """(rank, box, leader) of the candidates of ``label`` in ``rings``, in the order of preference."""
    out: list[tuple[int, Box, bool]] = []
    w, h = label.w, label.h
    g = label.group()
    n = len(POSITIONS)
    for ring in rings:
        step = gap + ring * h
        for i, (dx, dy) in enumerate(POSITIONS):
            rank = ring * n + i
            cx = label.x if dx == 0 else (g.x1 + step + w / 2 if dx > 0 else g.x0 - step - w / 2)
            cy = label.y if dy == 0 else (g.y1 + step + h / 2 if dy > 0 else g.y0 - step - h / 2)
            if rank == 0:
                cx += label.nudge[0]
                cy += label.nudge[1]
            out.append((rank, Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), ring > 0))
    return out


def place_labels(labels: Sequence[Label], obstacles: Iterable[Box] = (), bounds: Box | None = None,
                 gap: float = 2.0) -> dict[str, Spot]:
    """Each label's spot: no name over an obstacle or another name wherever the map leaves room.

    ``bounds``: names stay inside it when they can (the map's edge). ``gap``: the space kept
    between a name and its place's symbol, in the boxes' units."""
    if not labels:
        return {}
    cell = max(max(lab.w, lab.h) for lab in labels) * 1.5
    fixed = _Grid(cell)
    for b in obstacles:
        fixed.add(b)
    taken = _Grid(cell)

    def ring_of(lab: Label, ring: int) -> list[tuple[int, Box, bool]]:
        cs = candidates(lab, gap, (ring,))
        return [c for c in cs if bounds is None or c[1].inside(bounds)] or cs

    first = {lab.id: ring_of(lab, 0) for lab in labels}
    # who may still want each area: the free first-ring candidates of the labels not yet placed
    # (the farther rings are only made, lazily, for a name whose first ring is full)
    wanted = _Grid(cell)
    owner: dict[int, str] = {}
    for lid, cs in first.items():
        for c in cs:
            if not fixed.hits(c[1]):
                wanted.add(c[1])
                owner[id(c[1])] = lid
    order = sorted(labels, key=lambda lab: (lab.priority, -lab.w * lab.h, lab.id))
    placed: dict[str, Spot] = {}
    done: set[str] = set()
    for lab in order:
        choice: tuple[int, Box, bool] | None = None
        tried: list[tuple[int, Box, bool]] = []
        for ring in range(RINGS):
            cs = first[lab.id] if ring == 0 else ring_of(lab, ring)
            tried += cs
            open_ = [c for c in cs if not taken.hits(c[1]) and not fixed.hits(c[1])]
            if not open_:
                continue

            def blocked(c: tuple[int, Box, bool], me: str = lab.id) -> bool:
                return any(c[1].meets(o) for o in wanted.near(c[1]) if owner[id(o)] not in done and owner[id(o)] != me)

            # the first spot in the order of preference that takes no free spot from a name to come
            choice = next((c for c in open_ if not blocked(c)), open_[0])
            break
        scale = 1.0
        if choice is None:
            for scale in SHRINK:
                small = replace(lab, w=lab.w * scale, h=lab.h * scale)
                choice = next((c for c in candidates(small, gap) if (bounds is None or c[1].inside(bounds))
                               and not fixed.hits(c[1]) and not taken.hits(c[1])), None)
                if choice is not None:
                    break
        if choice is None:  # farther out still, with a leader line, before covering anything
            for scale in (1.0, *SHRINK):
                small = replace(lab, w=lab.w * scale, h=lab.h * scale)
                choice = next((c for c in candidates(small, gap, range(RINGS, FAR_RINGS))
                               if (bounds is None or c[1].inside(bounds))
                               and not fixed.hits(c[1]) and not taken.hits(c[1])), None)
                if choice is not None:
                    break
        if choice is None:
            scale = 1.0
            choice = min(tried, key=lambda c: (fixed.covered(c[1]) + taken.covered(c[1]), c[0]))
        rank, box, leader = choice
        placed[lab.id] = Spot(box, rank, leader, (lab.x, lab.y), scale)
        taken.add(box)
        done.add(lab.id)
    return placed


def overlaps(names: Sequence[Box], obstacles: Iterable[Box] = ()) -> int:
    """How many pairs (name, name) and (name, obstacle) share some area."""
    boxes = list(names)
    if not boxes:
        return 0
    cell = max(max(b.x1 - b.x0, b.y1 - b.y0) for b in boxes) * 1.5
    grid = _Grid(cell)
    count = 0
    for b in boxes:
        count += sum(1 for o in grid.near(b) if b.meets(o))
        grid.add(b)
    for o in obstacles:
        count += sum(1 for b in grid.near(o) if b.meets(o))
    return count

