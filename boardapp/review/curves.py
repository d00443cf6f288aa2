"""The review's curves drawn with matplotlib: one small chart per measure, a line per side in the
side's colour, the turns along the bottom.

matplotlib is an optional dependency (``pip install 'boardapp[report]'``): it draws the same figure
to SVG (inlined in the HTML report), to PDF pages (``PdfPages``) and, later, inside the review window
(its QtAgg canvas embeds in PySide6 and gives hover and click events). :func:`matplotlib_missing`
says in words what to install when it is not there, and the report shows that sentence.
"""

from __future__ import annotations

import io
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from boardapp.review.timeline import Curve

T = TypeVar("T")

MEASURE_NAMES = {
    "pr": "PR (political rating)", "cards_max": "Card limit", "cards": "Influence cards in hand",
    "money": "Money ($M)", "stores": "Warlike stores", "units": "Units on the map", "losses": "Losses (steps)",
    "places": "Places controlled", "displaced": "Displaced people (tokens)", "camps": "Camps", "deaths": "Deaths",
    "centres": "Supply centres", "vp": "Political victory points", "score": "Score",
}
"""Titles of the measures the built-in rule modules supply; any other is shown by its own name."""

MISSING = ("The curves are left out: matplotlib is not installed. "
           "Install it with  pip install 'boardapp[report]'  (or pip install 'matplotlib>=3.8') "
           "and run the report again.")


def matplotlib_missing() -> str | None:
    """None when matplotlib can be used, else the sentence the report shows instead of the curves."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return MISSING
    return None


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=False)  # no window: the report runs headless
    import matplotlib.pyplot as plt

    return plt


def by_measure(curves: Sequence[Curve]) -> dict[str, list[Curve]]:
    """Curves grouped by measure, in the order the rule module gives them; sides that never change
    and stay at zero are dropped (25 flat lines at 0 hide the few that tell the story)."""
    groups: dict[str, list[Curve]] = defaultdict(list)
    for cv in curves:
        values = [v for v in cv.values if not math.isnan(v)]
        if values and all(v == 0 for v in values):
            continue
        groups[cv.measure].append(cv)
    return dict(groups)


def side_team(side: str, teams: Mapping[str, T]) -> T | None:
    """The team a side of a curve is drawn in the colour of: the team itself, or for a player's seat named
    after its team ('gov-mil' in Coup) that team; None for a side of no team ('total').

    >>> side_team("gov-mil", {"gov": "#0072b2"}), side_team("total", {"gov": "#0072b2"})
    ('#0072b2', None)
    """
    return teams.get(side) or teams.get(side.split("-", maxsplit=1)[0])


def side_name(side: str, names: Mapping[str, str]) -> str:
    """A side's name: its team's, 'all' for the total, else its id in words ('gov-mil' -> 'Gov-Mil')."""
    if side in names:
        return names[side]
    if side == "total":
        return "all"
    return "-".join(part.capitalize() for part in side.split("-"))


LINE_STYLES = ("-", "--", ":", "-.")
"""Seats of one team share its colour: solid, dashed, dotted and dash-dot lines tell them apart."""


def outline(colour: str) -> list[Any]:
    """matplotlib path effects that outline a light team colour's line in grey (Poland's white line is
    otherwise invisible on white paper and in its own legend); none for other colours."""
    try:
        r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    except (ValueError, IndexError):
        return []
    if 0.299 * r + 0.587 * g + 0.114 * b < 200:
        return []
    import matplotlib.patheffects as pe

    return [pe.Stroke(linewidth=3.4, foreground="#555555"), pe.Normal()]


def figure(measure: str, curves: Sequence[Curve], labels: Sequence[str], colours: dict[str, str],
           names: dict[str, str]) -> Any:
    """One chart: ``curves`` of ``measure`` against the turn ``labels`` (one per position sampled); each
    side in its team's colour (:func:`side_team`), a team's several seats in different line styles."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.2, 3.1), dpi=100)
    xs = list(range(len(labels)))
    changing = [cv for cv in curves if len(set(cv.values)) > 1]
    steady = [cv for cv in curves if len(set(cv.values)) <= 1]
    members: dict[str, int] = {}
    for cv in changing or curves:
        colour = side_team(cv.side, colours) or "#444444"
        nth = members[colour] = members.get(colour, -1) + 1
        ax.plot(xs, cv.values, marker="o", markersize=3, linewidth=1.8, color=colour,
                linestyle=LINE_STYLES[nth % len(LINE_STYLES)], label=side_name(cv.side, names),
                path_effects=outline(colour), markeredgecolor="#555555")
    if changing and steady:
        note = "unchanged: " + ", ".join(f"{side_name(cv.side, names)} {cv.values[0]:g}" for cv in steady[:12])
        if len(steady) > 12:
            note += f" and {len(steady) - 12} more"
        ax.text(0.0, -0.32, note, transform=ax.transAxes, fontsize=7, color="#555555", va="top", wrap=True)
    ax.set_title(MEASURE_NAMES.get(measure, measure), fontsize=11, loc="left")
    step = max(1, len(xs) // 12)
    ax.set_xticks(xs[::step], [labels[i] for i in xs[::step]], fontsize=7, rotation=30, ha="right")
    ax.tick_params(axis="y", labelsize=8)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts and levels: no 2.25 deaths
    ax.grid(alpha=0.3)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    shown = changing or curves
    if len(shown) > 1 or shown[0].side != "total":
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
                  ncol=1 if len(shown) <= 12 else 2)
    fig.tight_layout()
    return fig


def to_svg(fig: Any, salt: str, close: bool = True) -> str:
    """The figure as an inline ``<svg>`` element (text kept as paths: no font needed to read it).
    ``salt`` keeps its element ids apart from the other charts' in the same page."""
    plt = _pyplot()
    buf = io.StringIO()
    with plt.rc_context({"svg.hashsalt": salt}):
        fig.savefig(buf, format="svg", bbox_inches="tight")
    if close:
        plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]
