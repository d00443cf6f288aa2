"""Curves per team over the turns, drawn by matplotlib in the review window and on the big screen.

The values are :meth:`Review.curves` at the start and at every turn's end (the rule module's
``series``; public screens get the public audience, which leaves secret measures out). One measure is
shown at a time, chosen in a box; each side is a line in its team's colour. Hovering shows every
side's value at the nearest turn end; clicking a point emits :attr:`CurvesPanel.positionClicked` with
that turn end's position, and the window jumps there. A grey vertical line follows the timeline.

matplotlib (QtAgg canvas) is optional: without it the panel says what to install and the window
works without curves.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from boardapp.engine.module import Audience
from boardapp.review.curves import LINE_STYLES, outline, side_name, side_team
from boardapp.review.timeline import Curve, Review

try:  # optional: pip install 'boardapp[report]'
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
    from matplotlib.figure import Figure

    HAVE_MATPLOTLIB = True
except ImportError:  # pragma: no cover - exercised by monkeypatching in the tests
    HAVE_MATPLOTLIB = False

NEEDS_MATPLOTLIB = "Curves need matplotlib: pip install 'boardapp[report]' (the review works without them)."

MEASURE_NAMES = {
    "pr": "PR", "cards_max": "card limit", "cards": "cards in hand", "money": "money ($M)", "stores": "stores",
    "units": "units", "losses": "losses (steps)", "places": "places controlled", "displaced": "displaced people",
    "camps": "camps", "deaths": "deaths", "centres": "supply centres", "vp": "victory points", "score": "score",
}


def measure_name(measure: str) -> str:
    return MEASURE_NAMES.get(measure, measure.replace("_", " "))


class CurvesPanel(QWidget):
    """One measure's curves, every side, with hover values and click-to-jump; see the module docstring.

    ``scale`` enlarges every text and line (the figure's dots per inch are 100 times it; the big screen
    passes its height over 540 px, so a 4K screen draws the same picture as a 1080 one, twice as fine)."""

    positionClicked = Signal(int)

    MARKER_MS = 150
    """The 'you are here' line is redrawn this long after the timeline last moved, not at every frame
    of a drag: matplotlib redraws the whole figure (about 0.1 s on a busy 2-core machine)."""

    def __init__(self, review: Review, audience: Audience = Audience.CONTROL, scale: float = 1.0,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.review = review
        self.audience = audience
        self.scale = scale
        self.position = review.last
        self.curves: list[Curve] = []
        self.measures: list[str] = []
        self.teams = {t.id: t for t in review.module.teams}
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.measure_box = QComboBox(self)
        bar.addWidget(QLabel("Curve:", self))
        bar.addWidget(self.measure_box, 1)
        lay.addLayout(bar)
        self.body = QLabel("Drawing the curves…", self)
        self.body.setWordWrap(True)
        lay.addWidget(self.body, 1)
        self.readout = QLabel(self)
        self.readout.setObjectName("readout")
        self.readout.setWordWrap(True)
        lay.addWidget(self.readout)
        self.canvas: Any = None
        self.figure: Any = None
        self.axes: Any = None
        self._marker: Any = None
        self.lines: dict[str, Any] = {}
        self.loaded = False

    def load(self) -> None:
        """Sample the curves and draw them (the window calls this once its board is on screen: sampling
        and matplotlib's first draw take a few tenths of a second on a big game)."""
        if self.loaded:
            return
        self.loaded = True
        self.curves = self.review.curves(audience=self.audience)
        self.measures = list(dict.fromkeys(c.measure for c in self.curves))
        for m in self.measures:
            self.measure_box.addItem(measure_name(m), m)
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)
        if not HAVE_MATPLOTLIB:
            self.body.setText(NEEDS_MATPLOTLIB)
            self.body.setObjectName("needs_matplotlib")
            self.measure_box.setEnabled(False)
        elif not self.measures:
            self.body.setText("This rule system gives no curves.")
        else:
            self.body.hide()
            self.figure = Figure(figsize=(5, 3), dpi=100 * self.scale, layout="constrained")
            self.canvas = FigureCanvasQTAgg(self.figure)  # type: ignore[no-untyped-call]
            self.canvas.setParent(self)
            self.canvas.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
            self.axes = self.figure.add_subplot()
            self._marker_timer = QTimer(self)
            self._marker_timer.setSingleShot(True)
            self._marker_timer.setInterval(self.MARKER_MS)
            self._marker_timer.timeout.connect(self.canvas.draw_idle)
            lay.insertWidget(2, self.canvas, 1)
            self.canvas.mpl_connect("motion_notify_event", self._hover)
            self.canvas.mpl_connect("button_press_event", self._click)
            self.canvas.mpl_connect("resize_event", self._resized)  # the legend's columns follow the height
            self.measure_box.currentIndexChanged.connect(self.draw)
            self.draw()

    # --- drawing -------------------------------------------------------------------------------------
    @property
    def measure(self) -> str | None:
        data = self.measure_box.currentData()
        return str(data) if data is not None else None

    def shown(self) -> list[Curve]:
        """The curves of the chosen measure (every side)."""
        return [c for c in self.curves if c.measure == self.measure]

    def side_name(self, side: str) -> str:
        return side_name(side, {t.id: t.name for t in self.teams.values()})

    def side_team(self, side: str) -> Any:
        """The team a side is drawn in the colour of (see :func:`boardapp.review.curves.side_team`)."""
        return side_team(side, self.teams)

    def draw(self) -> None:
        if self.axes is None:
            return
        ax = self.axes
        ax.clear()
        self.lines = {}
        curves = self.shown()
        members: dict[str, int] = {}
        for c in curves:
            team = self.side_team(c.side)
            colour = team.colour if team is not None and team.colour else "#333333"
            # Seats of one team share its colour: solid, dashed, dotted tell them apart.
            nth = members[colour] = members.get(colour, -1) + 1
            (line,) = ax.plot(c.positions, c.values, marker="o", markersize=4, linewidth=1.6, color=colour,
                              linestyle=LINE_STYLES[nth % len(LINE_STYLES)], label=self.side_name(c.side),
                              picker=True, path_effects=outline(colour), markeredgecolor="#555555")
            self.lines[c.side] = line
        turns = self.review.turns
        ticks = [0, *(t.position for t in turns)]
        labels = ["start", *(self._short(t.label) for t in turns)]
        step = max(1, math.ceil(len(ticks) / 14))  # no more than 14 labels: legible on a narrow dock
        ax.set_xticks(ticks[::step], labels[::step], rotation=45, ha="right", fontsize=8 if self.scale <= 1 else 10)
        ax.tick_params(axis="y", labelsize=8 if self.scale <= 1 else 10)
        ax.set_title(measure_name(self.measure or ""), fontsize=10 if self.scale <= 1 else 14)
        ax.grid(True, alpha=0.3)
        if len(curves) > 1 or (curves and curves[0].side != "total"):
            # every side named, beside the plot (the hall cannot hover; nine powers or twenty teams alike)
            big = 9 if self.scale <= 1 else 11
            size = big if len(curves) <= 12 else big - 2
            # as many columns as it takes for the legend to stand no taller than the plot (a short dock
            # would otherwise squash the plot to a line)
            rows = max(2, int(self.figure.get_figheight() * 0.8 / (size * 1.45 / 72)))
            ax.legend(fontsize=size, loc="upper left", bbox_to_anchor=(1.01, 1.0), ncols=math.ceil(len(curves) / rows),
                      frameon=False)
        self._marker = ax.axvline(self.position, color="#555555", linewidth=1.2, linestyle="--")
        self.canvas.draw_idle()

    def _resized(self, event: Any) -> None:
        legend = self.axes.get_legend() if self.axes is not None else None
        if legend is not None and len(self.shown()) > 1:
            self.draw()

    @staticmethod
    def _short(label: str) -> str:
        """A tick label that leaves room for its neighbours (the readout gives the whole label)."""
        short = label.replace(" (retreats)", " R").replace(" (adjustments)", " A")
        return short if len(short) <= 22 else short[:21] + "…"

    def set_position(self, position: int) -> None:
        """Move the 'you are here' line (the timeline moved)."""
        self.position = position
        if self._marker is not None:
            self._marker.set_xdata([position, position])
            self._marker_timer.start()  # redraw once the slider rests: a full redraw costs ~0.1 s

    # --- the mouse -----------------------------------------------------------------------------------
    def nearest_sample(self, x: float) -> int:
        """The sampled position (a turn end or the start) nearest to ``x`` on the positions axis."""
        positions = self.shown()[0].positions if self.shown() else (0,)
        return min(positions, key=lambda p: abs(p - x))

    def values_at(self, position: int) -> dict[str, float]:
        """Every side's value of the chosen measure at a sampled position."""
        out = {}
        for c in self.shown():
            if position in c.positions:
                out[c.side] = c.values[c.positions.index(position)]
        return out

    def describe(self, position: int) -> str:
        label = "the start" if position == 0 else next(
            (t.label for t in self.review.turns if t.position == position), f"position {position}")
        vals = self.values_at(position)
        parts = [f"{self.side_name(s)} {v:g}" for s, v in sorted(vals.items(), key=lambda kv: -kv[1])
                 if not math.isnan(v)]
        return f"{measure_name(self.measure or '')} at the end of {label}: " + ", ".join(parts)

    def _hover(self, event: Any) -> None:
        if event.inaxes is not self.axes or event.xdata is None:
            return
        self.readout.setText(self.describe(self.nearest_sample(event.xdata)))

    def _click(self, event: Any) -> None:
        if event.inaxes is not self.axes or event.xdata is None:
            return
        self.positionClicked.emit(self.nearest_sample(event.xdata))

    def point_on_widget(self, position: int, side: str) -> tuple[int, int]:
        """Where the point of ``side`` at ``position`` is drawn, in the canvas's widget pixels (tests click it)."""
        curve = next(c for c in self.shown() if c.side == side)
        y = curve.values[curve.positions.index(position)]
        self.canvas.draw()
        px, py = self.axes.transData.transform((position, y))
        ratio = self.canvas.device_pixel_ratio or 1
        return int(px / ratio), int(self.canvas.height() - py / ratio)
