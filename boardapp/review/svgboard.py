"""The board as a picture without Qt: the map (regions, roads, places with names) and a
:class:`~boardapp.engine.module.BoardPicture` on it (control, counters with their values, tokens).

The drawing is first laid out as a short list of shapes in map units, then written either as SVG
(the HTML report) or onto a matplotlib axes (the PDF report), so both show the same board. It is
deliberately simple: a printed page must stay legible, so counters are small labelled boxes stacked
beside their place, and tokens (displaced people, camps, aid, supply centres) are short text tags.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from html import escape
from typing import Any

from boardapp.engine.module import BoardPicture
from boardapp.model.mapfile import Map

NEUTRAL = "#ffffff"
REGION_FILL = "#eeeadf"
SEA_FILL = "#d6e6f2"


@dataclass(frozen=True)
class Shape:
    """One thing drawn, in map units. ``kind`` is 'poly', 'line', 'circle', 'rect' or 'text'."""

    kind: str
    points: tuple[tuple[float, float], ...]
    fill: str = "none"
    stroke: str = "none"
    width: float = 0.0
    size: float = 0.0
    """Radius (circle), or font size (text)."""
    text: str = ""
    anchor: str = "middle"
    bold: bool = False
    title: str = ""
    """A tooltip (SVG only)."""
    dash: bool = False
    opacity: float = 1.0


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (#rrggbb)."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#000000"
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def layout(the_map: Map, picture: BoardPicture, colours: dict[str, str]) -> list[Shape]:
    """The board's shapes in drawing order. ``colours``: team id -> #rrggbb."""
    w, h = the_map.size
    u = max(w, h) / 100  # one hundredth of the map: the unit every size below is given in
    shapes: list[Shape] = []
    for region in the_map.regions:
        holder = picture.control.get(region.id)
        fill = colours.get(holder, region.colour or REGION_FILL) if holder else (
            region.colour or (SEA_FILL if region.kind == "sea" else REGION_FILL))
        shapes.append(Shape("poly", tuple(region.polygon), fill=fill, stroke="#8a8577", width=u * 0.12,
                            opacity=0.55 if holder else 1.0, title=region.name))
    # On a dense map (the MUN's Europe) everything at a place is drawn smaller: names and counters are
    # sized by the typical distance between places, never larger than on a sparse one.
    k = min(1.0, max(0.3, 0.38 * _spacing([p.at for p in the_map.places]) / (u * 1.15)))
    for label in the_map.labels:  # a free label (a sea, an island) no smaller than a place's name
        shapes.append(Shape("text", (label.at,), text=label.text, size=min(max(label.size, u * k * 0.9), u * 2.2),
                            fill="#6b665a"))
    at = {p.id: p.at for p in the_map.places}
    for road in the_map.roads:
        a, b = road.between
        if a in at and b in at and road.kind != "adjacency":  # adjacency: a border, drawn by the regions
            shapes.append(Shape("line", (at[a], *road.via, at[b]), stroke="#7d705a", width=u * 0.22,
                                dash=road.kind == "track"))
    names: list[tuple[Any, float]] = []
    for place in the_map.places:
        x, y = place.at
        holder = picture.control.get(place.id)
        fill = colours.get(holder, NEUTRAL) if holder else NEUTRAL
        big = place.kind == "city"
        shapes.append(Shape("circle", ((x, y),), fill=fill, stroke="#222222", width=u * 0.15 * k,
                            size=u * (0.9 if big else 0.65) * k, title=f"{place.name}: held by {holder or 'nobody'}"))
        names.append((place, u * 1.15 * k))
    # Counters: a row of small boxes under their place, wrapping every four.
    by_place: dict[str, list[Any]] = defaultdict(list)
    for piece in picture.pieces:
        if piece.place in at:
            by_place[piece.place].append(piece)
    cw, ch = u * 3.0 * k, u * 1.6 * k
    u_k = u * k
    for place_id, pieces in by_place.items():
        x0, y0 = at[place_id]
        per_row = min(4, len(pieces))
        for i, piece in enumerate(pieces):
            col, row = i % 4, i // 4
            x = x0 - per_row * cw / 2 + col * cw
            y = y0 + u_k * 1.0 + row * ch
            colour = colours.get(piece.team, "#888888")
            shapes.append(Shape("rect", ((x, y), (x + cw * 0.94, y + ch * 0.92)), fill=colour, stroke="#111111",
                                width=u * 0.08, title=piece.tooltip or piece.id))
            text = f"{piece.label} {piece.value}".strip()
            shapes.append(Shape("text", ((x + cw * 0.47, y + ch * 0.66),), text=text, size=u_k * 0.9,
                                fill=_ink_on(colour), bold=True))
            if piece.damage:
                shapes.append(Shape("text", ((x + cw * 0.88, y + ch * 0.3),), text="•" * piece.damage,
                                    size=u_k * 0.7, fill="#ff2020", anchor="end"))
    # Tokens: short tags above-right of the place.
    tags: dict[str, list[str]] = defaultdict(list)
    for token in picture.tokens:
        if token.kind == "supply_centre":
            continue  # drawn as the place's control already
        tags[token.place].append(f"{token.count} {token.label}" if token.count != 1 else token.label)
    for place_id, texts in tags.items():
        if place_id not in at:
            continue
        x, y = at[place_id]
        shapes.append(Shape("text", ((x + u_k * 1.0, y + u_k * 0.3),), text=" · ".join(texts), size=u_k * 0.85,
                            fill="#7a1010", anchor="start", bold=True))
    shapes += _names(names, [s for s in shapes if s.kind in ("circle", "rect")], (w, h))
    return shapes


def _spacing(points: list[tuple[float, float]]) -> float:
    """The median distance from a place to its nearest neighbour (the first 800 places)."""
    import math

    pts = points[:800]
    if len(pts) < 2:
        return math.inf
    near = sorted(min(math.dist(a, b) for j, b in enumerate(pts) if j != i) for i, a in enumerate(pts))
    return near[len(near) // 2]


def _text_box(x: float, y: float, text: str, size: float, anchor: str) -> tuple[float, float, float, float]:
    """About where ``text`` lands (DejaVu Sans bold averages 0.62 of its size a letter; a little room kept)."""
    w = 0.66 * size * len(text) + 0.2 * size
    x0 = {"middle": x - w / 2, "start": x, "end": x - w}[anchor]
    return x0, y - 0.75 * size, x0 + w, y + 0.2 * size


def _names(names: list[tuple[Any, float]], drawn: list[Shape], size: tuple[float, float]) -> list[Shape]:
    """Every place's name where it covers no other name, place or counter: above its place, else below
    its counters, right, left; else a fifth smaller; a name that finds no room at all is left out
    rather than printed over another ("NorwayGulf of Bothnia")."""
    def box_of(s: Shape) -> tuple[float, float, float, float]:
        if s.kind == "circle":
            (x, y), = s.points
            return x - s.size, y - s.size, x + s.size, y + s.size
        (x0, y0), (x1, y1) = s.points
        return x0, y0, x1, y1

    fixed = [box_of(s) for s in drawn]
    counters = [box_of(s) for s in drawn if s.kind == "rect"]
    placed: list[tuple[float, float, float, float]] = []
    out = []
    w, h = size

    def free(b: tuple[float, float, float, float]) -> bool:
        if b[0] < 0 or b[2] > w or b[1] < 0 or b[3] > h:
            return False
        return not any(b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3] for o in (*fixed, *placed))

    order = sorted(range(len(names)), key=lambda i: (names[i][0].kind != "city", i))
    for i in order:
        place, px = names[i]
        if not place.name:
            continue
        x, y = place.at
        dx, dy = place.label_offset
        x, y = x + dx, y + dy
        # the place's own counters hang under it: a name below goes under them
        lowest = max([b[3] for b in counters if b[0] - px < x < b[2] + px and y < b[1] < y + px * 2]
                     + [y + px * 0.6])
        chosen = None
        for scale in (1.0, 0.8):
            s = px * scale
            for cx, cy, anchor in ((x, y - s * 0.95, "middle"), (x, lowest + s * 0.95, "middle"),
                                   (x + s * 0.7, y + s * 0.35, "start"), (x - s * 0.7, y + s * 0.35, "end"),
                                   (x + s * 0.5, y - s * 0.8, "start"), (x - s * 0.5, y - s * 0.8, "end"),
                                   (x + s * 0.5, lowest + s * 0.95, "start"),
                                   (x - s * 0.5, lowest + s * 0.95, "end")):
                b = _text_box(cx, cy, place.name, s, anchor)
                if free(b):
                    chosen = (cx, cy, anchor, s, b)
                    break
            if chosen:
                break
        if chosen is None:
            continue
        cx, cy, anchor, s, b = chosen
        placed.append(b)
        out.append(Shape("text", ((cx, cy),), text=place.name, size=s, fill="#1a1a1a", bold=place.kind == "city",
                         anchor=anchor))
    return out


def to_svg(the_map: Map, shapes: list[Shape], title: str = "") -> str:
    """The shapes as one inline ``<svg>`` element (no external references)."""
    w, h = the_map.size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" class="board" role="img"'
           f' aria-label="{escape(title)}">',
           f'<rect x="0" y="0" width="{w:g}" height="{h:g}" fill="#fbfaf6"/>']
    for s in shapes:
        tip = f"<title>{escape(s.title)}</title>" if s.title else ""
        if s.kind == "poly":
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in s.points)
            out.append(f'<polygon points="{pts}" fill="{s.fill}" fill-opacity="{s.opacity:g}" stroke="{s.stroke}" '
                       f'stroke-width="{s.width:.2f}">{tip}</polygon>')
        elif s.kind == "line":
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in s.points)
            dash = f' stroke-dasharray="{s.width * 3:.1f} {s.width * 2:.1f}"' if s.dash else ""
            out.append(f'<polyline points="{pts}" fill="none" stroke="{s.stroke}" stroke-width="{s.width:.2f}"'
                       f' stroke-linecap="round"{dash}/>')
        elif s.kind == "circle":
            (x, y), = s.points
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s.size:.2f}" fill="{s.fill}" stroke="{s.stroke}" '
                       f'stroke-width="{s.width:.2f}">{tip}</circle>')
        elif s.kind == "rect":
            (x0, y0), (x1, y1) = s.points
            out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}"'
                       f' rx="{s.width * 2:.1f}" fill="{s.fill}" stroke="{s.stroke}" stroke-width="{s.width:.2f}">'
                       f'{tip}</rect>')
        elif s.kind == "text":
            (x, y), = s.points
            weight = ' font-weight="bold"' if s.bold else ""
            halo = "" if s.fill in ("#ffffff",) else (
                f' stroke="#ffffff" stroke-width="{s.size * 0.18:.2f}" paint-order="stroke" stroke-linejoin="round"')
            out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{s.size:.2f}" text-anchor="{s.anchor}" '
                       f'fill="{s.fill}"{weight}{halo}>{escape(s.text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def draw_on_axes(ax: Any, the_map: Map, shapes: list[Shape]) -> None:
    """The shapes on a matplotlib axes (for the PDF), y growing downwards as on the map."""
    from matplotlib.patches import Circle, FancyBboxPatch, Polygon

    w, h = the_map.size
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    # Font sizes are in map units; matplotlib's are in points: convert through the axes' width.
    fig = ax.figure
    width_pt = ax.get_position().width * fig.get_figwidth() * 72
    pt = width_pt / w
    for s in shapes:
        if s.kind == "poly":
            ax.add_patch(Polygon(s.points, closed=True, facecolor=s.fill, edgecolor=s.stroke, alpha=s.opacity,
                                 linewidth=s.width * pt))
        elif s.kind == "line":
            xs, ys = zip(*s.points, strict=True)
            ax.plot(xs, ys, color=s.stroke, linewidth=s.width * pt, linestyle="--" if s.dash else "-",
                    solid_capstyle="round")
        elif s.kind == "circle":
            ax.add_patch(Circle(s.points[0], s.size, facecolor=s.fill, edgecolor=s.stroke, linewidth=s.width * pt,
                                zorder=3))
        elif s.kind == "rect":
            (x0, y0), (x1, y1) = s.points
            ax.add_patch(FancyBboxPatch((x0, y0), x1 - x0, y1 - y0, boxstyle="round,pad=0", facecolor=s.fill,
                                        edgecolor=s.stroke, linewidth=s.width * pt, zorder=4))
        elif s.kind == "text":
            import matplotlib.patheffects as pe

            (x, y), = s.points
            effects = [] if s.fill == "#ffffff" else [pe.withStroke(linewidth=s.size * pt * 0.25, foreground="white")]
            ha = {"middle": "center", "start": "left", "end": "right"}[s.anchor]
            ax.text(x, y, s.text, fontsize=s.size * pt, ha=ha, va="baseline", color=s.fill,
                    fontweight="bold" if s.bold else "normal", zorder=5, path_effects=effects)
