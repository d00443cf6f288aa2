"""Where place names go: a label placement over plain boxes (no Qt), shared by the umpires' board,
the big screen and ``boardapp render``.

A name is first tried at candidate positions around its place in the order a cartographer prefers
them (Imhof; Christensen, Marks and Shieber's eight-position model) after the board's own
convention (below the place, where the umpires are used to reading it): below, right, upper right,
lower right, left, upper left, lower left, above, then below and above slid sideways. Among the
free ones of this first ring, the one that blocks the fewest free candidates of the names still to
come wins (the conflict graph's degree), which leaves room for the neighbours.

A name whose first ring is full takes the cheapest free spot near its place (:func:`nearby`): the
rings at every size and a fine lattice between them, costed by the leader line's length in label
heights plus what shrinking the name costs (:data:`SHRINK_COST`), so a slightly smaller name at its
place beats a full-size one at the end of a line, and no leader is longer than
:data:`LEADER_MAX`. A leader never runs through another name, nor a name over a leader, unless a
crowd leaves nothing else near (then the spot with the fewest crossings). Only then the far rings
(:data:`FAR_RINGS`), and last the first-ring spot with the least covered area, which
:func:`overlaps` reports.

Names are placed greedily, cities first, then the longest (they have the fewest free spots); the
greedy pass is run again (:data:`PASSES`) with the names that paid most so far choosing first, and
the dearest names are then placed again with their neighbours (ruin and recreate,
:data:`REPAIRS`), each change kept only if the whole map's cost (:func:`spot_cost`) goes down.

>>> names = [Label("a", 0, 0, 40, 10), Label("b", 30, 0, 40, 10)]
>>> spots = place_labels(names, obstacles=[Box(-10, -10, 10, 10), Box(20, -10, 40, 10)])
>>> overlaps([s.box for s in spots.values()], [Box(-10, -10, 10, 10), Box(20, -10, 40, 10)])
0
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

POSITIONS: tuple[tuple[float, float], ...] = (
    (0.0, 1.0),    # below (the board's convention)
    (1.0, 0.0),    # right
    (1.0, -1.0),   # upper right
    (1.0, 1.0),    # lower right
    (-1.0, 0.0),   # left
    (-1.0, -1.0),  # upper left
    (-1.0, 1.0),   # lower left
    (0.0, -1.0),   # above
    (0.8, 1.0),    # below, slid right until the place is over the name's start
    (-0.8, 1.0),   # below, slid left
    (0.8, -1.0),   # above, slid right
    (-0.8, -1.0),  # above, slid left
)
"""Directions from the place, in the order of preference. A coordinate of +-1 puts the name beside
the place's group on that side; a smaller one slides it along that side by that fraction of half
the name (a slider model's stops: in a crowd a name needs the room just beside its best spot)."""
RINGS = 5
"""Candidate rings: the first touches the place's clearance; the others are farther, with a leader line."""
FAR_RINGS = 10
"""Rings tried, shrinking too, only when nothing near is free: a long leader line is better than a
name over a counter."""
SHRINK = (0.85, 0.7, 0.55)
"""A name with no free spot at its size tries these fractions of it before it is let overlap."""
SHRINK_COST = {1.0: 0.0, 0.85: 0.75, 0.7: 1.75, 0.55: 3.0}
"""What a smaller name costs the reader, in label heights of leader line: a name 15% smaller at its
place is worth a leader of less than one height, one at 55% (an 8-pixel name on MUN's 1080-line
render, barely legible) is worth three."""
PASSES = 3
"""Greedy passes at most: after each, the names that had to shrink or stand away so far choose first."""
REPAIRS = 10
"""Names at most placed again with their neighbours after the passes (the dearest first)..."""
REPAIR_FROM = 1.0
"""... when they cost at least this (a leader line of one label height, or a shrunk name)..."""
REPAIR_REACH = 8.0
"""... and the neighbours are the names within this many label heights of its place."""
LEADER_SLACK = 0.25
"""A name standing at most this many label heights (beyond the gap) from what is drawn at its place
reads as its place's without a leader line."""
CROSS_COST = 10.0
"""What a leader line across another name costs, in label heights (tried only when nothing near is
free without one, and before the far rings)."""
FAR_COST = 50.0
"""What one name in the far rings costs, in label heights: a name at the end of a long line reads as
another place's, which is worse than the shrinking and short leaders of a dozen neighbours."""
LEADER_MAX = 2.4
"""How far from what is drawn at its place a name may stand before the far rings, in label heights
(the box's: ink and a little halo, at most 1.13 name heights on the shipped maps), so under three name heights, the
typical distance between neighbouring places on a dense map: farther, a name stands at the next
place."""


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
    shift: tuple[float, float] = (0.0, 0.0)
    """Where the text is centred when drawn, from the centre of its box (``w`` x ``h`` being the
    letters' ink, which a painter centring the text's advance box sees a little off centre)."""
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
    shift: tuple[float, float] = (0.0, 0.0)
    """The label's :attr:`Label.shift` at the size drawn."""

    @property
    def centre(self) -> tuple[float, float]:
        """Where the text is centred: the box's centre, moved by ``shift`` when the box is the ink."""
        return ((self.box.x0 + self.box.x1) / 2 + self.shift[0], (self.box.y0 + self.box.y1) / 2 + self.shift[1])


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
            beside_x = g.x1 + step + w / 2 if dx > 0 else g.x0 - step - w / 2
            beside_y = g.y1 + step + h / 2 if dy > 0 else g.y0 - step - h / 2
            cx = label.x + dx * w / 2 if abs(dx) < 1 else beside_x
            cy = label.y + dy * h / 2 if abs(dy) < 1 else beside_y
            if rank == 0:
                cx += label.nudge[0]
                cy += label.nudge[1]
            out.append((rank, Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), ring > 0))
    return out


Near = tuple[float, float, int, float, float, float, float, bool]
"""A spot near a place: (cost, minus the scale, rank, x0, y0, x1, y1, leader), so that sorting puts
the cheapest first, then the larger name, then the rings' order."""


def nearby(lab: Label, gap: float, bounds: Box | None, shrink: tuple[float, ...] = SHRINK) -> list[Near]:
    """The spots near ``lab``'s place, cheapest first, for a name whose first ring is full: the
    rings' positions at every size, and between them a lattice half a label height fine (in a crowd
    the free room is seldom just at a ring's position), no farther than :data:`LEADER_MAX` label
    heights out. The cost is the leader's length in label heights (none for a name touching what
    is drawn at its place) plus :data:`SHRINK_COST`; among equals the rings' order of preference
    wins."""
    g = lab.group()
    gx0, gy0, gx1, gy1 = g.x0, g.y0, g.x1, g.y1
    n = len(POSITIONS)
    far_rank = n * RINGS - 1
    limit = gap + LEADER_MAX * lab.h
    slack = gap + LEADER_SLACK * lab.h
    bx0, by0, bx1, by1 = (bounds.x0, bounds.y0, bounds.x1, bounds.y1) if bounds else (-1e300, -1e300, 1e300, 1e300)
    found: list[Near] = []
    for scale in (1.0, *shrink):
        small = replace(lab, w=lab.w * scale, h=lab.h * scale)
        w, h = small.w, small.h
        smaller = SHRINK_COST[scale]
        spots = [(box.x0, box.y0, rank, 0.001 * (rank % n)) for rank, box, _ in candidates(small, gap, range(RINGS))]
        step_x, step_y = max(lab.h / 2, w / 8), lab.h / 2
        nx = int((gx1 - gx0 + w + 2 * limit) / step_x) + 1
        ny = int((gy1 - gy0 + h + 2 * limit) / step_y) + 1
        spots += [(gx0 - limit - w + i * step_x, gy0 - limit - h + j * step_y, far_rank, 0.01)
                  for i in range(nx) for j in range(ny)]
        for x0, y0, rank, pref in spots:
            x1, y1 = x0 + w, y0 + h
            if x0 < bx0 or y0 < by0 or x1 > bx1 or y1 > by1:
                continue
            dx = gx0 - x1 if gx0 - x1 > x0 - gx1 else x0 - gx1
            dy = gy0 - y1 if gy0 - y1 > y0 - gy1 else y0 - gy1
            if dx < 0 and dy < 0:  # over what is drawn at the place
                continue
            away = ((dx if dx > 0 else 0.0) ** 2 + (dy if dy > 0 else 0.0) ** 2) ** 0.5
            if away > limit:
                continue
            leader = away > slack
            cost = (away / lab.h if leader else 0.0) + smaller + pref
            found.append((cost, -scale, rank if not leader or rank >= n else far_rank, x0, y0, x1, y1, leader))
    found.sort()
    return found


def _reach(box: Box, lab: Label) -> float:
    """How far the box stands from the label's place (its point), in the boxes' units."""
    x = min(max(lab.x, box.x0), box.x1) - lab.x
    y = min(max(lab.y, box.y0), box.y1) - lab.y
    return float((x * x + y * y) ** 0.5)


def spot_cost(spot: Spot, lab: Label) -> float:
    """What a spot costs the reader, in label heights: its leader's length, the shrinking, and
    a far ring :data:`FAR_COST` more."""
    cost = SHRINK_COST.get(spot.scale, 0.0)
    if spot.leader:
        cost += _reach(spot.box, lab) / lab.h
    if spot.rank >= RINGS * len(POSITIONS):
        cost += FAR_COST
    return cost


def leader_of(box: Box, anchor: tuple[float, float]) -> tuple[float, float, float, float]:
    """The leader line from ``anchor`` (the place) to the nearest point of the name's box."""
    ax, ay = anchor
    return ax, ay, min(max(ax, box.x0), box.x1), min(max(ay, box.y0), box.y1)


def crosses(segment: tuple[float, float, float, float], box: Box) -> bool:
    """Whether the segment passes through the inside of ``box`` (Liang-Barsky clipping; touching an
    edge or a corner does not count)."""
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box.x0), (dx, box.x1 - x0), (-dy, y0 - box.y0), (dy, box.y1 - y0)):
        if p == 0:
            if q <= 0:
                return False
        else:
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
    return hi - lo > 1e-9


def place_labels(labels: Sequence[Label], obstacles: Iterable[Box] = (), bounds: Box | None = None,
                 gap: float = 2.0, shrink: tuple[float, ...] = SHRINK) -> dict[str, Spot]:
    """Each label's spot: no name over an obstacle or another name wherever the map leaves room.

    ``bounds``: names stay inside it when they can (the map's edge). ``gap``: the space kept
    between a name and its place's symbol, in the boxes' units. ``shrink``: the fractions of its
    size a name may take where it has no room whole (the big screen: none, the hall standard)."""
    if not labels:
        return {}
    key = (tuple(labels), tuple(obstacles), bounds, gap, shrink)
    if key in _recent:  # the big screen places again on every refresh, mostly with nothing moved
        _recent[key] = _recent.pop(key)  # the most recent last
        return dict(_recent[key])
    placed = _place(key[0], key[1], bounds, gap, shrink)
    _recent[key] = placed
    while len(_recent) > RECENT:
        del _recent[next(iter(_recent))]  # the least recently used
    return dict(placed)


RECENT = 4
"""Placements remembered: the board, the big screen and a render in one process each keep theirs."""
_recent: dict[tuple[tuple[Label, ...], tuple[Box, ...], Box | None, float, tuple[float, ...]], dict[str, Spot]] = {}
"""The last placements, by their whole input (labels and boxes are frozen, so equal input, equal answer)."""


def _place(labels: Sequence[Label], obstacles: Iterable[Box], bounds: Box | None, gap: float,
           shrink: tuple[float, ...] = SHRINK) -> dict[str, Spot]:
    """:func:`place_labels` without the memory of the last answer."""
    cell = max(max(lab.w, lab.h) for lab in labels) * 1.5
    fixed = _Grid(cell)
    for b in obstacles:
        fixed.add(b)
    first = {lab.id: _ring_of(lab, 0, gap, bounds) for lab in labels}
    # who may still want each area: the free first-ring candidates of the labels not yet placed
    # (the farther rings are only made for a name whose first ring is full)
    wanted = _Grid(cell)
    owner: dict[int, str] = {}
    for lid, cs in first.items():
        for c in cs:
            if not fixed.hits(c[1]):
                wanted.add(c[1])
                owner[id(c[1])] = lid
    start = sorted(labels, key=lambda lab: (lab.priority, -lab.w * lab.h, lab.id))
    by_id = {lab.id: lab for lab in labels}
    ctx = _Context(first, fixed, wanted, owner, cell, bounds, gap, shrink=shrink)

    def costs(placed: dict[str, Spot], extra: dict[str, float]) -> dict[str, float]:
        return {lid: spot_cost(sp, by_id[lid]) + extra.get(lid, 0.0) for lid, sp in placed.items()}

    best: tuple[float, dict[str, Spot], dict[str, float]] | None = None
    trouble: dict[str, float] = defaultdict(float)
    order = start
    for _ in range(PASSES):
        placed, extra = _greedy(order, ctx)
        cost = costs(placed, extra)
        total = sum(cost.values())
        if best is None or total < best[0]:
            best = (total, placed, extra)
        if total == 0:
            break
        for lid, paid in cost.items():
            trouble[lid] += paid
        # the names that paid the most so far choose first in the next pass
        order = sorted(start, key=lambda lab: -trouble[lab.id])
    assert best is not None
    total, placed, extra = best
    # ruin and recreate: the dearest name and its neighbours are placed again, it first; kept if cheaper
    cost = costs(placed, extra)
    for lid in sorted(cost, key=lambda i: -cost[i])[:REPAIRS]:
        if cost[lid] < REPAIR_FROM:
            break
        lab = by_id[lid]
        reach = REPAIR_REACH * lab.h
        zone = Box(lab.x - reach, lab.y - reach, lab.x + reach, lab.y + reach)
        near = [i for i, sp in placed.items() if i != lid and (sp.box.meets(zone) or zone.meets(
            Box(by_id[i].x - 1e-6, by_id[i].y - 1e-6, by_id[i].x + 1e-6, by_id[i].y + 1e-6)))]
        keep = {i: sp for i, sp in placed.items() if i != lid and i not in near}
        again = [lab, *sorted((by_id[i] for i in near), key=lambda la: (-cost[la.id], la.priority, la.id))]
        new, new_extra = _greedy(again, ctx, keep)
        trial = {**keep, **new}
        trial_extra = {i: v for i, v in extra.items() if i != lid and i not in near} | new_extra
        trial_cost = costs(trial, trial_extra)
        if sum(trial_cost.values()) < sum(cost.values()) - 1e-9:
            placed, extra, cost = trial, trial_extra, trial_cost
    return placed


Candidate = tuple[int, Box, bool]
"""(rank, box, leader): a spot a name may take."""


def _ring_of(lab: Label, ring: int, gap: float, bounds: Box | None) -> list[Candidate]:
    """The candidates of one ring inside ``bounds``, or all of them when none is."""
    cs = candidates(lab, gap, (ring,))
    return [c for c in cs if bounds is None or c[1].inside(bounds)] or cs


@dataclass
class _Context:
    """What every greedy pass of one placement shares."""

    first: dict[str, list[Candidate]]
    fixed: _Grid
    wanted: _Grid
    owner: dict[int, str]
    cell: float
    bounds: Box | None
    gap: float
    nearby: dict[str, list[Near]] = field(default_factory=dict)
    """Per name, once its first ring was found full: :func:`nearby`."""
    shrink: tuple[float, ...] = SHRINK
    """The smaller sizes a name may take (:func:`place_labels`)."""


def _greedy(order: Sequence[Label], ctx: _Context,
            keep: dict[str, Spot] | None = None) -> tuple[dict[str, Spot], dict[str, float]]:
    """One greedy pass placing ``order`` around the names already at ``keep``: the new names' spots,
    and what some of them cost beyond :func:`spot_cost` (a leader across a name, a name over something)."""
    first, fixed, wanted, owner, bounds, gap = ctx.first, ctx.fixed, ctx.wanted, ctx.owner, ctx.bounds, ctx.gap
    taken = _Grid(ctx.cell)
    lines: list[tuple[float, float, float, float]] = []  # the leader lines drawn so far
    for sp in (keep or {}).values():
        taken.add(sp.box)
        if sp.leader:
            lines.append(leader_of(sp.box, sp.anchor))

    def inside(c: Candidate) -> bool:
        return bounds is None or c[1].inside(bounds)

    def free(c: Candidate, lab: Label, strict: bool = True) -> bool:
        """Nothing under the name and (``strict``) no leader line through it, and its own line
        through no name."""
        box = c[1]
        if taken.hits(box) or fixed.hits(box):
            return False
        if not strict:
            return True
        if any(crosses(seg, box) for seg in lines):
            return False
        if c[2]:
            seg = leader_of(box, (lab.x, lab.y))
            reach = Box(min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]) + 1e-9,
                        max(seg[1], seg[3]) + 1e-9)
            if any(crosses(seg, o) for o in taken.near(reach)):
                return False
        return True

    def first_free(lab: Label, strict: bool) -> tuple[Candidate, float] | None:
        """The cheapest free spot of :func:`nearby`; those under an obstacle are dropped for good
        on the way (the obstacles stay where they are for the whole placement)."""
        spots = ctx.nearby[lab.id]
        alive: list[Near] = []
        for k, spot in enumerate(spots):
            _cost, minus, rank, x0, y0, x1, y1, leader = spot
            c = (rank, Box(x0, y0, x1, y1), leader)
            if fixed.hits(c[1]):
                continue
            alive.append(spot)
            if free(c, lab, strict):
                ctx.nearby[lab.id] = alive + spots[k + 1:]
                return c, -minus
        ctx.nearby[lab.id] = alive
        return None

    def crossings(c: Candidate, lab: Label) -> int:
        """How many leader lines run through the name, and how many names its own line runs through."""
        box = c[1]
        n = sum(1 for seg in lines if crosses(seg, box))
        if c[2]:
            seg = leader_of(box, (lab.x, lab.y))
            reach = Box(min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]) + 1e-9,
                        max(seg[1], seg[3]) + 1e-9)
            n += sum(1 for o in taken.near(reach) if crosses(seg, o))
        return n

    def fewest_crossings(lab: Label) -> tuple[Candidate, float] | None:
        """Of :func:`nearby`'s spots covering nothing, the one crossed by or crossing the fewest
        lines and names (then the cheapest): one line across one name, not a web."""
        best: tuple[int, int, Candidate, float] | None = None
        for k, (_cost, minus, rank, x0, y0, x1, y1, leader) in enumerate(ctx.nearby[lab.id]):
            c = (rank, Box(x0, y0, x1, y1), leader)
            if taken.hits(c[1]) or fixed.hits(c[1]):
                continue
            n = crossings(c, lab)
            if best is None or n < best[0]:
                best = (n, k, c, -minus)
                if n <= 1:
                    break
        return None if best is None else (best[2], best[3])

    placed: dict[str, Spot] = {}
    extra: dict[str, float] = {}
    done: set[str] = set(keep or ())
    for lab in order:
        choice: Candidate | None = None
        scale = 1.0
        open_ = [c for c in first[lab.id] if free(c, lab)]
        if open_:
            def blocked(c: Candidate, me: str = lab.id) -> bool:
                return any(c[1].meets(o) for o in wanted.near(c[1]) if owner[id(o)] not in done and owner[id(o)] != me)

            # the first spot in the order of preference that takes no free spot from a name to come
            choice = next((c for c in open_ if not blocked(c)), open_[0])
        else:
            if lab.id not in ctx.nearby:
                ctx.nearby[lab.id] = nearby(lab, gap, bounds, ctx.shrink)
            found = first_free(lab, True)
            if found is None:  # a short line across a name still reads better than a name far away
                found = fewest_crossings(lab)
                extra[lab.id] = CROSS_COST
            if found is not None:
                choice, scale = found
        for strict in (True, False):  # farther out still, with a leader line, before covering anything
            if choice is not None:
                break
            far: list[tuple[float, float, Candidate]] = []
            for size in (1.0, *ctx.shrink):
                small = replace(lab, w=lab.w * size, h=lab.h * size)
                far += [(_reach(c[1], lab) / lab.h + SHRINK_COST[size], -size, c)
                        for c in candidates(small, gap, range(RINGS, FAR_RINGS)) if inside(c) and free(c, lab, strict)]
            if far:
                _cost, minus, choice = min(far, key=lambda f: (f[0], f[1], f[2][0]))
                scale = -minus
                extra[lab.id] = 0.0 if strict else CROSS_COST
        if choice is None:
            scale = 1.0
            choice = min(first[lab.id], key=lambda c: (fixed.covered(c[1]) + taken.covered(c[1]), c[0]))
            extra[lab.id] = 2 * FAR_COST
        rank, box, leader = choice
        placed[lab.id] = Spot(box, rank, leader, (lab.x, lab.y), scale, (lab.shift[0] * scale, lab.shift[1] * scale))
        taken.add(box)
        if leader:
            lines.append(leader_of(box, (lab.x, lab.y)))
        done.add(lab.id)
    return placed, extra


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

