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
    for label in the_map.labels:
        shapes.append(Shape("text", (label.at,), text=label.text, size=min(label.size, u * 2.2), fill="#6b665a"))
    at = {p.id: p.at for p in the_map.places}
    for road in the_map.roads:
        a, b = road.between
        if a in at and b in at and road.kind != "adjacency":  # adjacency: a border, drawn by the regions
            shapes.append(Shape("line", (at[a], *road.via, at[b]), stroke="#7d705a", width=u * 0.22,
                                dash=road.kind == "track"))
    for place in the_map.places:
        x, y = place.at
        holder = picture.control.get(place.id)
        fill = colours.get(holder, NEUTRAL) if holder else NEUTRAL
        big = place.kind == "city"
        shapes.append(Shape("circle", ((x, y),), fill=fill, stroke="#222222", width=u * 0.15,
                            size=u * (0.9 if big else 0.65), title=f"{place.name}: held by {holder or 'nobody'}"))
        dx, dy = place.label_offset
        shapes.append(Shape("text", ((x + dx, y + dy - u * 1.1),), text=place.name, size=u * 1.15, fill="#1a1a1a",
                            bold=big))
    # Counters: a row of small boxes under their place, wrapping every four.
    by_place: dict[str, list[Any]] = defaultdict(list)
    for piece in picture.pieces:
        if piece.place in at:
            by_place[piece.place].append(piece)
    cw, ch = u * 3.0, u * 1.6
    for place_id, pieces in by_place.items():
        x0, y0 = at[place_id]
        per_row = min(4, len(pieces))
        for i, piece in enumerate(pieces):
            col, row = i % 4, i // 4
            x = x0 - per_row * cw / 2 + col * cw
            y = y0 + u * 1.0 + row * ch
            colour = colours.get(piece.team, "#888888")
            shapes.append(Shape("rect", ((x, y), (x + cw * 0.94, y + ch * 0.92)), fill=colour, stroke="#111111",
                                width=u * 0.08, title=piece.tooltip or piece.id))
            text = f"{piece.label} {piece.value}".strip()
            shapes.append(Shape("text", ((x + cw * 0.47, y + ch * 0.66),), text=text, size=u * 0.9,
                                fill=_ink_on(colour), bold=True))
            if piece.damage:
                shapes.append(Shape("text", ((x + cw * 0.88, y + ch * 0.3),), text="•" * piece.damage, size=u * 0.7,
                                    fill="#ff2020", anchor="end"))
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
        shapes.append(Shape("text", ((x + u * 1.0, y + u * 0.3),), text=" · ".join(texts), size=u * 0.85,
                            fill="#7a1010", anchor="start", bold=True))
    return shapes


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
