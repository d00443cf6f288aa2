"""Announcing results: after a fight or a strike (any event the rule module announces, see
``RuleModule.announce_kinds`` and ``Event.data["announce"]``) a banner over the map says who attacked
whom, the odds column, the die and the result, in letters sized to the view, for
:data:`ANNOUNCE_MS` — long enough for CONTROL to read it out to the hall. The big screen shows only
events the public may see; the umpires' board shows every one (a click dismisses it there).

The banner never covers a place's name, the place fought over or an open dialog (issue #31 item 10): it
is as wide as its longest line, and goes to the first spot along the top or the bottom of the view (the
side away from the fight first, :func:`at_bottom`) that is clear of the names as the board draws them
(the scene's ``name_spots``) and of the window's dialogs; where every such spot would cover one, the view
gives it a margin of its own above or below the map (``setViewportMargins``), given back when it goes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QDialog, QWidget

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


def drawn_names(scene: Any) -> list[QRectF]:
    """The boxes (map units) of the names a scene draws: its name items where it has them (the big
    screen's), else the spots its map painting puts them at (the umpires' board's ``name_spots``)."""
    items = getattr(scene, "names", None)
    if isinstance(items, dict) and items:
        return [it.sceneBoundingRect() for it in items.values() if it.isVisible()]
    if not hasattr(scene, "name_spots"):
        return []
    try:
        spots = scene.name_spots()
    except Exception:  # a scene that cannot place its names must not stop the announcement
        return []
    return [QRectF(s.box.x0, s.box.y0, s.box.x1 - s.box.x0, s.box.y1 - s.box.y0) for s in spots.values()]


class Banner(QWidget):
    """The announcement over (or beside) a view's map: a dark box as wide as its longest line, placed
    clear of the names and dialogs (see the module's note). Made with the view's viewport as ``parent``;
    it lives on the view itself, so that it can also sit in a margin outside the viewport."""

    def __init__(self, parent: QWidget, dismiss_on_click: bool = False) -> None:
        area = parent.parentWidget()
        self._viewport = parent if isinstance(area, QAbstractScrollArea) and area.viewport() is parent else None
        super().__init__(area if self._viewport is not None else parent)
        self.lines: list[str] = []
        self.bottom = False
        self.margin = 0
        """The height of the margin the view gave the banner (0: it sits over the map, covering no name)."""
        self._edge = "top"
        self._kept: list[Any] = []
        """The region the view showed before the banner took a margin (kept in a list: None is a region)."""
        self.avoid_at: QPointF | None = None
        self.dismiss_on_click = dismiss_on_click
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not dismiss_on_click)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def viewport(self) -> QWidget | None:
        """The widget the map is drawn in (the banner's parent when it was not made on a view's viewport)."""
        return self._viewport if self._viewport is not None else self.parentWidget()

    def announce(self, lines: list[str], ms: int = ANNOUNCE_MS, avoid_y: float | None = None,
                 avoid_at: QPointF | None = None) -> None:
        """Show ``lines`` for ``ms``; ``avoid_y``: the height of the place fought over as a share of the
        view's, ``avoid_at``: that place in the viewport's pixels (kept clear too)."""
        self.lines = list(lines)
        self.bottom = at_bottom(avoid_y)
        self.avoid_at = avoid_at
        self._place()
        self.show()
        self.raise_()
        self.update()
        self.timer.start(ms)

    def line_px(self) -> float:
        """Letter size: a 22nd of the view's height (49 px at 1080), never under 16 px."""
        parent = self.parentWidget()
        return max(16.0, (parent.height() if parent is not None else 600) / 22)

    def _fonts(self) -> list[tuple[str, Any, bool]]:
        px = self.line_px()
        out = []
        for i, line in enumerate(self.lines):
            last = i == len(self.lines) - 1 and len(self.lines) > 1
            out.append((line, style.font(px * (1.15 if last else 1.0), True), last))
        return out

    def _size(self, room: int) -> tuple[int, int]:
        px = self.line_px()
        h = round(px * 1.5 * len(self.lines) + px)
        widest = max((QFontMetricsF(f).horizontalAdvance(line) for line, f, _ in self._fonts()), default=0.0)
        return min(room, round(widest / 0.96 + 2 * px)), h

    def obstacles(self, names: bool = True) -> list[QRectF]:
        """What the banner must leave visible, in the viewport's pixels: every place's name as the scene
        draws it and the place fought over (unless ``names`` is False), and the window's open dialogs."""
        vp = self.viewport()
        out: list[QRectF] = []
        if vp is None:
            return out
        view = vp.parentWidget()
        scene = view.scene() if view is not None and hasattr(view, "scene") else None
        if names and scene is not None and hasattr(view, "viewportTransform"):
            t = view.viewportTransform()
            out += [t.mapRect(r) for r in drawn_names(scene)]
        if names and self.avoid_at is not None:
            r = self.line_px() * 1.5
            out.append(QRectF(self.avoid_at.x() - r, self.avoid_at.y() - r, 2 * r, 2 * r))
        window = vp.window()
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QDialog) and w.isVisible() and w is not window and (
                    w.parentWidget() is not None and w.parentWidget().window() is window):
                g = w.frameGeometry()
                out.append(QRectF(QRectF(vp.mapFromGlobal(g.topLeft()), g.size().toSizeF())))
        return out

    def _spots(self, vw: int, vh: int, w: int, h: int) -> list[QRect]:
        """Where the banner may go over the map, in the order tried: along the side away from the fight,
        from the middle outwards, then along the other side."""
        xs = [(vw - w) // 2]
        step = max(1, (vw - w) // 16)
        for k in range(1, 17):
            xs += [x for x in ((vw - w) // 2 - k * step, (vw - w) // 2 + k * step) if 0 <= x <= vw - w]
        ys = [max(0, vh - h), 0] if self.bottom else [0, max(0, vh - h)]
        return [QRect(x, y, w, h) for y in ys for x in dict.fromkeys(xs)]

    def _place(self) -> None:
        vp = self.viewport()
        if vp is None:
            return
        self._give_back()
        vw, vh = vp.width(), vp.height()
        w, h = self._size(vw)
        if self._viewport is None:  # not on a view: across the top or the bottom, as before
            self.setGeometry(0, max(0, vh - h) if self.bottom else 0, vw, h)
            return
        blocked = self.obstacles()
        free = next((r for r in self._spots(vw, vh, w, h) if not any(QRectF(r).intersects(b) for b in blocked)),
                    None)
        off = vp.geometry().topLeft()
        if free is not None:
            self.setGeometry(free.translated(off))
            return
        self.margin = h  # every spot over the map covers a name or a dialog: a margin of the view's own
        dialogs = self.obstacles(names=False)
        strip = QRectF(0, vh - h, vw, h) if self.bottom else QRectF(0, 0, vw, h)
        if any(strip.intersects(d) for d in dialogs):  # on the other side, away from the dialog
            self.bottom = not self.bottom
        self._edge = "bottom" if self.bottom else "top"
        self._keep_zoom(vp.height())
        self._lay_in_margin()

    def _keep_zoom(self, vh: int) -> None:
        """On a view that shows a region of the map (the big screen's ``show_region``), the region shown
        loses the band the margin takes, so the map keeps its zoom and the hall's letter size: the band
        goes out of view for the banner's 15 s instead of the whole map being fitted smaller."""
        view = self.parentWidget()
        if not (hasattr(view, "show_region") and hasattr(view, "region") and hasattr(view, "visible_rect")):
            return
        if not self._kept:
            self._kept = [view.region]  # type: ignore[union-attr]
        shown = view.visible_rect()  # type: ignore[union-attr]
        band = shown.height() * self.margin / max(1, vh)
        view.region = shown.adjusted(0, band, 0, 0) if self._edge == "top" else shown.adjusted(0, 0, 0, -band)  # type: ignore[union-attr]

    def _lay_in_margin(self) -> None:
        """In the margin the view keeps for the banner (:func:`boardapp.ui.bigscreen.pages.reserve_edge`,
        stacked with the big screen's other overlays at that edge; the map fitted again in what is left)."""
        from boardapp.ui.bigscreen.pages import reserve_edge

        view, vp = self.parentWidget(), self.viewport()
        if not self.margin or view is None or vp is None:
            return
        offset = reserve_edge(view, "announcement", self._edge, self.margin, place=self._lay_in_margin)
        frame = view.contentsRect()
        y = frame.top() + offset if self._edge == "top" else frame.bottom() + 1 - offset - self.margin
        g = vp.geometry()
        self.setGeometry(g.left(), y, g.width(), self.margin)

    def _give_back(self) -> None:
        if self.margin and self._viewport is not None:
            from boardapp.ui.bigscreen.pages import reserve_edge

            view = self.parentWidget()
            if self._kept:  # the region it showed before (its whole map: None), fitted again with the margin gone
                view.region = self._kept[0]  # type: ignore[union-attr]
            reserve_edge(view, "announcement", self._edge, 0)
        self._kept = []
        self.margin = 0

    def hideEvent(self, event: Any) -> None:
        self._give_back()
        super().hideEvent(event)

    def drawn_texts(self) -> list[str]:
        return list(self.lines) if self.isVisible() else []

    def mousePressEvent(self, event: Any) -> None:
        if self.dismiss_on_click:
            self.hide()
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(12, 16, 20, 225))
        p.setPen(QPen(QColor("#ffb000"), 4))
        p.drawLine(0, 1, self.width(), 1)
        p.drawLine(0, self.height() - 2, self.width(), self.height() - 2)
        px = self.line_px()
        y = px * 0.5
        for line, f, last in self._fonts():
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
            at = self._place_at(found[-1])
            viewport = self.banner.viewport()
            share = at.y() / max(1, viewport.height()) if at is not None and viewport is not None else None
            self.banner.announce(banner_lines(module, found[-1]), avoid_y=share, avoid_at=at)

    def _place_at(self, event: Any) -> QPointF | None:
        """Where the place the event happened at is in the banner's view's viewport, in pixels."""
        place = event.data.get("place") if isinstance(getattr(event, "data", None), dict) else None
        viewport = self.banner.viewport()
        view = viewport.parentWidget() if viewport is not None else None
        scene = view.scene() if view is not None and hasattr(view, "scene") else None
        if not isinstance(place, str) or scene is None or place not in getattr(scene, "places", {}):
            return None
        return QPointF(view.mapFromScene(scene.place_pos(place)))
