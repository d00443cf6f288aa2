"""Announcing results: after a fight or a strike (any event the rule module announces, see
``RuleModule.announce_kinds`` and ``Event.data["announce"]``) a banner over the map says who attacked
whom, the odds column, the die and the result, in letters sized to the view, for
:data:`ANNOUNCE_MS` — long enough for CONTROL to read it out to the hall. The big screen shows only
events the public may see; the umpires' board shows every one (a click dismisses it there)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from boardapp.engine.module import Audience, Event
from boardapp.ui.board import style

ANNOUNCE_MS = 15_000
"""How long a banner stays: about three readings aloud of its three lines."""


def announces(module: Any, event: Event) -> bool:
    flag = event.data.get("announce")
    if isinstance(flag, bool):
        return flag
    return event.kind in getattr(module, "announce_kinds", frozenset())


def banner_lines(module: Any, event: Event) -> list[str]:
    """The banner's lines, in the game's words: what happened (the event's sentence up to its first
    colon: 'Rebels attacks Kalen'), who defended (the other teams concerned), then the figures
    (odds column, die, result) from the event's data, else the rest of its sentence."""
    head, _, rest = event.text.partition(": ")
    lines = [head]
    names = {t.id: t.name for t in getattr(module, "teams", [])}
    others = [names.get(t, t) for t in event.teams if names.get(t, t) not in head]
    if others:
        lines.append("against " + ", ".join(others))
    d = event.data
    figures = []
    if "attack" in d and "defence" in d:
        figures.append(f"{d['attack']} against {d['defence']}")
    if "column" in d:
        figures.append(f"column {d['column']}")
    if "die" in d:
        figures.append(f"die {d['die']}" + (f" → {d['modified']}" if d.get("modified", d["die"]) != d["die"] else ""))
    if figures:
        lines.append(" · ".join(figures))
        if "result" in d:
            lines.append(str(d["result"]))
        elif rest:
            lines.append(rest.rpartition(": ")[2])
    elif rest:
        lines += rest.split(": ")
    return [line for line in lines if line]


def at_bottom(avoid_y: float | None) -> bool:
    """The one rule for where a banner over the map goes (issue 24.11): across the top, or across the bottom
    when the place fought over is in the top half of the view (``avoid_y``, its height in the view as a share
    of the view's, None when unknown): never over the area fought over."""
    return avoid_y is not None and avoid_y < 0.5


class Banner(QWidget):
    """A dark band across the top or bottom of its parent (a view's viewport) with the announcement
    (:func:`at_bottom`)."""

    def __init__(self, parent: QWidget, dismiss_on_click: bool = False) -> None:
        super().__init__(parent)
        self.lines: list[str] = []
        self.dismiss_on_click = dismiss_on_click
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not dismiss_on_click)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def announce(self, lines: list[str], ms: int = ANNOUNCE_MS, avoid_y: float | None = None) -> None:
        self.lines = list(lines)
        self.bottom = at_bottom(avoid_y)
        self._place()
        self.show()
        self.raise_()
        self.update()
        self.timer.start(ms)

    def line_px(self) -> float:
        """Letter size: a 22nd of the view's height (49 px at 1080), never under 16 px."""
        parent = self.parentWidget()
        return max(16.0, (parent.height() if parent is not None else 600) / 22)

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        px = self.line_px()
        h = round(px * 1.5 * len(self.lines) + px)
        self.setGeometry(0, max(0, parent.height() - h) if getattr(self, "bottom", False) else 0, parent.width(), h)

    def drawn_texts(self) -> list[str]:
        return list(self.lines) if self.isVisible() else []

    def mousePressEvent(self, event: Any) -> None:
        if self.dismiss_on_click:
            self.hide()
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        self._place()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(12, 16, 20, 225))
        p.setPen(QPen(QColor("#ffb000"), 4))
        p.drawLine(0, 1, self.width(), 1)
        p.drawLine(0, self.height() - 2, self.width(), self.height() - 2)
        px = self.line_px()
        y = px * 0.5
        for i, line in enumerate(self.lines):
            last = i == len(self.lines) - 1 and len(self.lines) > 1
            f = style.font(px * (1.15 if last else 1.0), True)
            fm = QFontMetricsF(f)
            while fm.horizontalAdvance(line) > self.width() * 0.96 and f.pixelSize() > 10:  # shrink, never cut
                f.setPixelSize(f.pixelSize() - 1)
                fm = QFontMetricsF(f)
            p.setFont(f)
            p.setPen(QColor("#ffb000") if last else QColor("#ffffff"))
            p.drawText(QRectF(0, y, self.width(), px * 1.5), int(Qt.AlignmentFlag.AlignCenter), line)
            y += px * 1.5
        p.end()


class Announcer:
    """Watches a game and puts its new announced events on a banner. New entries are those past the
    last journal number seen, so a game followed from a file (synced, not pushed) announces too."""

    def __init__(self, game: Any, banner: Banner, public: bool) -> None:
        self.game = game
        self.banner = banner
        self.public = public
        self.seen = max((e.seq for e in game.entries), default=0)
        self._unsubscribe: Callable[[], None] | None = game.subscribe(self._changed)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
            self._unsubscribe = None

    def _changed(self, what: str, entry: Any) -> None:
        if what == "undo":
            return
        new = [e for e in self.game.entries if e.seq > self.seen]
        if not new:
            return
        self.seen = max(e.seq for e in new)
        module = self.game.module
        found = [ev for e in new for ev in e.events
                 if announces(module, ev) and (not self.public or ev.visible(Audience.PUBLIC))]
        if found:
            import shiboken6

            if not shiboken6.isValid(self.banner):  # the view went away without detaching
                self.detach()
                return
            self.banner.announce(banner_lines(module, found[-1]), avoid_y=self._place_y(found[-1]))

    def _place_y(self, event: Any) -> float | None:
        """Where the place the event happened at is in the banner's view, as a share of its height."""
        place = event.data.get("place") if isinstance(getattr(event, "data", None), dict) else None
        viewport = self.banner.parentWidget()
        view = viewport.parentWidget() if viewport is not None else None
        scene = view.scene() if view is not None and hasattr(view, "scene") else None
        if not isinstance(place, str) or scene is None or place not in getattr(scene, "places", {}):
            return None
        y = view.mapFromScene(scene.place_pos(place)).y()
        return float(y) / max(1, viewport.height())
