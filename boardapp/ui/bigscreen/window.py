"""CONTROL's big screen: the public display of the live game, the turn clock and the timetable.

:class:`BigScreenWindow` is a second, full-screen window on a screen CONTROL chooses (remembered
with QSettings). It shows the same live game as the umpires' board, redrawn as they act, with
only public information: the board in public mode (:class:`PublicScene`: nothing the picture
marks hidden), place names and counters sized to be read from the back of a hall, and a side
bar with the week, the turn clock, the timetable, every map team's PR track and card limit, the
humanitarian tally and the latest news line. Track keys the rule module lists in
``BoardPicture.hidden_keys`` (War in Binni: cards in hand, money, stores by default) never appear.

Layouts (``display.layout`` in the scenario, switchable live with :meth:`BigScreenWindow.set_layout`):
``map`` (the map only), ``map_sidebar`` (map and side bar), ``clock`` (the clock only).

:class:`ClockControl` is the small panel CONTROL drives the clock and the layout with (the board
window docks it); :meth:`BigScreenWindow.show_region` pans and zooms the big screen smoothly.

``boardapp screen GAME_FILE`` runs :func:`run_screen`: the game file opened read-only and
followed (:class:`FileFollower`) while the umpires' board writes it in another process.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QRectF,
    QSettings,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QScreen,
    QShortcut,
)
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from boardapp.clock import TurnClock, week_of
from boardapp.engine.module import Audience, BoardPicture
from boardapp.ui.bigscreen.follower import FileFollower
from boardapp.ui.bigscreen.scene import INK, NAME_FRACTION, BigView, PublicScene, big_font
from boardapp.ui.board import style
from boardapp.ui.board.scene import NAME_PX
from boardapp.ui.contributions import sidebar_sections
from boardapp.ui.document.source import GameSource

LAYOUTS = ("map", "map_sidebar", "clock")
SETTINGS_SCREEN = "bigscreen/screen"
"""QSettings key: the name of the screen the big screen goes to."""

SIDEBAR_FRACTION = 0.30
"""The side bar's share of the window width in the ``map_sidebar`` layout."""
PANEL = QColor("#101418")
DIM = QColor("#9aa4ad")
CLOCK_COLOURS = {
    "running": "#ffffff",
    "paused": "#9aa4ad",
    "warning5": "#ffb000",
    "warning1": "#ff3b30",
    "expired": "#ffffff",
}
STATE_WORDS = {
    "running": "",
    "paused": "PAUSED",
    "warning5": "LESS THAN 5 MINUTES",
    "warning1": "LAST MINUTE",
    "expired": "TIME UP",
}
NAMED_KEYS = {"money": "$M", "cruise_missiles": "Missiles", "stores": "Stores", "aid": "Aid", "cards": "Cards"}
"""How a track key not hidden is labelled in a team's row."""
TRACK_SKIP = {"team", "name", "pr", "pr_max", "cards_max", "on_map"}



# --- the side bar -------------------------------------------------------------------------------
def _label(parent: QWidget, name: str, wrap: bool = False, align: Any = None) -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(name)
    lab.setWordWrap(wrap)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    if align is not None:
        lab.setAlignment(align)
    lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed if not wrap else
                      QSizePolicy.Policy.Preferred)
    return lab


def _set_colour(w: QWidget, fg: str, bg: str | None = None) -> None:
    css = f"color: {fg};" + (f" background: {bg};" if bg else " background: transparent;")
    if w.styleSheet() != css:
        w.setStyleSheet(css)


class ClockPanel(QWidget):
    """The week, the countdown in big digits, what the clock is doing and the timetable.

    ``size`` scales everything: the side bar uses 1, the full-screen ``clock`` layout about 3.
    """

    def __init__(self, size: float = 1.0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.size_factor = size
        self.setAutoFillBackground(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
        self.week = _label(self, "week", align=centre)
        self.digits = _label(self, "digits", align=centre)
        self.status = _label(self, "status", align=centre)
        self.now = _label(self, "now", wrap=True, align=centre)
        self.next = _label(self, "next", wrap=True, align=centre)
        for w in (self.week, self.digits, self.status, self.now, self.next):
            lay.addWidget(w)
        if size > 1:
            lay.insertStretch(0, 1)
            lay.addStretch(1)
        self._state = ""
        self.set_unit(10.0)

    def set_unit(self, u: float) -> None:
        """Font sizes from ``u`` = 1% of the window height."""
        k = self.size_factor
        self.week.setFont(big_font(4.2 * u * min(k, 2.2)))
        self.digits.setFont(big_font(10.5 * u * k))
        self.status.setFont(big_font(3.0 * u * min(k, 2.0)))
        self.now.setFont(big_font(2.2 * u * min(k, 1.6), False))
        self.next.setFont(big_font(2.2 * u * min(k, 1.6), True))
        self.status.setMinimumHeight(round(4.0 * u * min(k, 2.0)))

    def show_clock(self, week_text: str, clock: TurnClock, now_text: str, next_text: str) -> None:
        state = clock.state()
        flash = state == "expired" and int(clock.overrun() * 2) % 2 == 0
        _set_text(self.week, week_text)
        _set_colour(self.week, "#ffffff")
        _set_text(self.digits, clock.text() if state != "expired" else "TIME UP")
        _set_text(self.status, STATE_WORDS[state] if state != "expired" else f"+{_mmss(clock.overrun())}")
        _set_colour(self.digits, CLOCK_COLOURS[state])
        _set_colour(self.status, CLOCK_COLOURS[state] if state != "paused" else "#9aa4ad")
        bg = ("#d0021b" if flash else "#5a0009") if state == "expired" else None
        if state != self._state or state == "expired":
            css = f"background: {bg};" if bg else ""
            if self.styleSheet() != css:
                self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, bool(bg))
                self.setStyleSheet(css)
            self._state = state
        _set_text(self.now, now_text)
        _set_text(self.next, next_text)
        _set_colour(self.now, "#d6dde3")
        _set_colour(self.next, "#ffffff")


def _mmss(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 60:02d}:{s % 60:02d}"


def _set_text(lab: QLabel, text: str) -> None:
    if lab.text() != text:
        lab.setText(text)


class TeamTracks(QWidget):
    """Every map team's PR as a track 0 to 8 with its card limit, painted; :meth:`drawn_texts`
    lists every string it paints (the public-information tests read it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.colours: dict[str, tuple[str, str]] = {}
        self.unit = 10.0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        if rows != self.rows:
            self.rows = rows
            self.setFixedHeight(self._row_h() * len(rows))
            self.update()

    def set_unit(self, u: float) -> None:
        self.unit = u
        self.setFixedHeight(self._row_h() * len(self.rows))
        self.update()

    def _row_h(self) -> int:
        return round(self.unit * 4.0)

    def sizeHint(self) -> QSize:
        return QSize(400, self._row_h() * max(1, len(self.rows)))

    def drawn_texts(self) -> list[str]:
        texts = []
        for r in self.rows:
            texts += [r["symbol"], r["name"], r["limit"], r["extra"]]
            texts += [str(i) for i in range(r["pr_max"] + 1)] if r["pr"] is not None else []
        return [t for t in texts if t]

    def paintEvent(self, event: QPaintEvent) -> None:
        """One row a team: marker with symbol, name (and any public resources under it), the
        PR track with the current level lit in the team's colour, the card limit."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        u = self.unit
        rh = self._row_h()
        w = self.width()
        d = u * 3.1
        name_w = w * 0.34
        limit_w = u * 3.6
        left = d + u * 0.6
        cells_left = left + name_w + u * 0.4
        vcentre = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        for i, r in enumerate(self.rows):
            top = i * rh
            fill = QColor(r["colour"])
            badge = QRectF(0, top + (rh - d) / 2, d, d)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, u * 0.18)))
            p.setBrush(fill)
            p.drawEllipse(badge)
            p.setPen(style.text_on(fill))
            p.setFont(big_font(u * (1.3 if len(r["symbol"]) <= 2 else 0.95)))
            p.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), r["symbol"])
            p.setPen(INK)
            f = big_font(u * 1.9, True, condensed=True)
            p.setFont(f)
            name_h = rh * (0.58 if r["extra"] else 1.0)
            p.drawText(QRectF(left, top, name_w, name_h), vcentre,
                       QFontMetricsF(f).elidedText(r["name"], Qt.TextElideMode.ElideRight, name_w))
            if r["extra"]:
                f = big_font(u * 1.35, False, condensed=True)
                p.setFont(f)
                p.setPen(QColor("#c9d3dc"))
                p.drawText(QRectF(left, top + name_h - u * 0.3, name_w, rh - name_h), vcentre,
                           QFontMetricsF(f).elidedText(r["extra"], Qt.TextElideMode.ElideRight, name_w))
            p.setPen(INK)
            p.setFont(big_font(u * 2.1))
            p.drawText(QRectF(w - limit_w, top, limit_w, rh),
                       int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight), r["limit"])
            if r["pr"] is None:
                continue
            n = r["pr_max"] + 1
            box_w = (w - limit_w - u * 0.5 - cells_left) / n
            bh = u * 2.6
            by = top + (rh - bh) / 2
            p.setFont(big_font(u * 1.6))
            for v in range(n):
                cell = QRectF(cells_left + v * box_w + 1, by, box_w - 2, bh)
                on = v == r["pr"]
                p.setPen(QPen(QColor("#ffffff") if on else QColor("#56606a"), max(1.0, u * (0.25 if on else 0.1))))
                p.setBrush(fill if on else QColor("#1c232a"))
                p.drawRect(cell)
                p.setPen(style.text_on(fill) if on else DIM)
                if on:
                    p.setFont(big_font(u * 2.0))
                p.drawText(cell, int(Qt.AlignmentFlag.AlignCenter), str(v))
                if on:
                    p.setFont(big_font(u * 1.6))
        p.end()


class TallyBox(QWidget):
    """The humanitarian tally: a big number over a word for each count."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.numbers: dict[str, QLabel] = {}
        self.words: dict[str, QLabel] = {}
        self.unit = 10.0

    def set_tallies(self, tallies: dict[str, int]) -> None:
        if list(tallies) != list(self.numbers):
            for lab in [*self.numbers.values(), *self.words.values()]:
                lab.deleteLater()
            self.numbers, self.words = {}, {}
            centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
            for col, key in enumerate(tallies):
                self.numbers[key] = _label(self, f"tally_{key}", align=centre)
                self.words[key] = _label(self, f"tally_{key}_word", align=centre)
                self.words[key].setText(key.upper())
                self.grid.addWidget(self.numbers[key], 0, col)
                self.grid.addWidget(self.words[key], 1, col)
            self.set_unit(self.unit)
        for key, value in tallies.items():
            _set_text(self.numbers[key], str(value))
            _set_colour(self.numbers[key], "#ff6b5e" if key == "deaths" and value else "#ffffff")

    def set_unit(self, u: float) -> None:
        self.unit = u
        for lab in self.numbers.values():
            lab.setFont(big_font(3.4 * u))
        for lab in self.words.values():
            lab.setFont(big_font(1.5 * u))
            lab.setStyleSheet("color: #c9d3dc; background: transparent;")

    def text(self) -> str:
        return "   ".join(f"{k.capitalize()} {lab.text()}" for k, lab in self.numbers.items())


class Sidebar(QWidget):
    """The clock, the teams' tracks, the humanitarian tally and the latest news."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"#sidebar {{ background: {PANEL.name()}; }} QLabel {{ color: white; }}")
        lay = QVBoxLayout(self)
        self._layout = lay
        self.clock = ClockPanel(1.0, self)
        lay.addWidget(self.clock)
        self.tracks_title = _label(self, "tracks_title")
        self.tracks_title.setText("POLITICAL RATING 0–8 · CARD LIMIT")
        lay.addWidget(self.tracks_title)
        self.tracks = TeamTracks(self)
        lay.addWidget(self.tracks)
        self.tally_title = _label(self, "tally_title")
        self.tally_title.setText("HUMANITARIAN")
        lay.addWidget(self.tally_title)
        self.tally = TallyBox(self)
        lay.addWidget(self.tally)
        self.news_title = _label(self, "news_title")
        self.news_title.setText("NEWS")
        lay.addWidget(self.news_title)
        self.news = _label(self, "news", wrap=True)
        self.news.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.news.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        lay.addWidget(self.news, 1)
        self.section_titles: list[QLabel] = []
        self.set_unit(10.0)

    def add_section(self, title: str, widget: QWidget) -> None:
        """A rule system's own section (its manifest's ``sidebar``), above the news."""
        heading = _label(self, f"section_{len(self.section_titles)}")
        heading.setText(title.upper())
        at = self._layout.indexOf(self.news_title)
        self._layout.insertWidget(at, heading)
        self._layout.insertWidget(at + 1, widget)
        widget.setParent(self)
        self.section_titles.append(heading)

    def set_unit(self, u: float) -> None:
        m = round(u * 1.6)
        self._layout.setContentsMargins(m, round(u), m, round(u))
        self._layout.setSpacing(round(u * 0.7))
        self.clock.set_unit(u)
        self.tracks.set_unit(u)
        for t in (self.tracks_title, self.tally_title, self.news_title, *self.section_titles):
            t.setFont(big_font(1.7 * u))
            t.setStyleSheet("color: #8fb3d9; background: transparent;")
        self.tally.set_unit(u)
        self.news.setFont(big_font(2.5 * u, False))


# --- the window ---------------------------------------------------------------------------------
class BigScreenWindow(QWidget):
    """CONTROL's public display of ``game``: nothing hidden, readable across a hall."""

    layoutChanged = Signal(str)
    ticked = Signal()
    """After every clock tick (the clock panel refreshes its own display on it)."""

    TICK_MS = 200

    def __init__(self, game: GameSource, clock: TurnClock | None = None, settings: QSettings | None = None,
                 wallclock: Callable[[], _dt.datetime] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.game = game
        scenario = game.module.scenario
        self.settings = settings if settings is not None else QSettings("boardapp", "boardapp")
        self.wallclock = wallclock or _dt.datetime.now
        self.picture: BoardPicture = game.module.view(game.state, Audience.PUBLIC)
        week = week_of(game.state, self.picture.turn_label) or 1
        self.clock = clock if clock is not None else TurnClock.for_scenario(scenario, week=week)
        self.on_clock_change: Callable[[dict[str, Any]], None] | None = None
        self._game_week = week
        self.setWindowTitle(f"{scenario.name} — big screen")
        self.setObjectName("bigscreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"#bigscreen {{ background: {PANEL.name()}; }}")
        self.setCursor(Qt.CursorShape.BlankCursor)

        self.scene = PublicScene(game, self)
        self.view = BigView(self.scene, self)
        self.sidebar = Sidebar(self)
        self.sections: list[QWidget] = []
        """The rule system's own side bar sections (they are shown the public picture only)."""
        for title, widget in sidebar_sections(self, game):
            self.sidebar.add_section(title, widget)
            self.sections.append(widget)
        self.clock_panel = ClockPanel(3.0, self)
        self.clock_panel.setObjectName("clockpanel")
        box = QHBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        box.addWidget(self.view, 1)
        box.addWidget(self.sidebar)
        box.addWidget(self.clock_panel, 1)
        self.view.settled.connect(self._on_settled)

        layout = getattr(getattr(scenario, "display", None), "layout", "map_sidebar")
        self.layout_name = ""
        self.set_layout(layout if layout in LAYOUTS else "map_sidebar")

        self._unsubscribe: Callable[[], None] | None = game.subscribe(self._on_game_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(self.TICK_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self._shortcuts()
        self.refresh()

    # --- lifetime -----------------------------------------------------------------------------
    def detach(self) -> None:
        """Stop listening to the game (before dropping the window)."""
        self.timer.stop()
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
            self._unsubscribe = None
        self.scene.detach()

    def closeEvent(self, event: Any) -> None:
        self.detach()
        super().closeEvent(event)

    def _shortcuts(self) -> None:
        """Keys for CONTROL at the big screen's own machine (``boardapp screen``)."""
        keys: list[tuple[str, Callable[[], None]]] = [
            ("Space", self.toggle_clock), ("+", lambda: self.adjust_clock(60)), ("=", lambda: self.adjust_clock(60)),
            ("-", lambda: self.adjust_clock(-60)), ("L", self.next_layout), ("Home", lambda: self.show_region(None)),
            ("N", self.new_week), ("F11", self.toggle_full_screen), ("Escape", self.showNormal),
        ]
        for seq, fn in keys:
            QShortcut(QKeySequence(seq), self, fn)

    # --- screens ------------------------------------------------------------------------------
    def preferred_screen(self) -> QScreen:
        """The screen remembered in the settings if it is connected, else a screen that is not the
        primary (the projector), else the primary."""
        screens = QGuiApplication.screens()
        name = self.settings.value(SETTINGS_SCREEN, "")
        for s in screens:
            if name and s.name() == name:
                return s
        primary = QGuiApplication.primaryScreen()
        others = [s for s in screens if s is not primary]
        return others[0] if others else primary

    def set_screen(self, screen: QScreen, remember: bool = True) -> None:
        """Move to ``screen`` (full screen there when shown full screen) and remember the choice."""
        if remember:
            self.settings.setValue(SETTINGS_SCREEN, screen.name())
            self.settings.sync()
        self.winId()  # make the native window so it can be placed on a screen
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        self.setGeometry(screen.geometry())
        if self.isFullScreen():
            self.showNormal()
            self.showFullScreen()

    def show_on(self, screen: QScreen | None = None) -> None:
        """Show full screen on ``screen`` (default: :meth:`preferred_screen`)."""
        self.set_screen(screen or self.preferred_screen(), remember=screen is not None)
        self.showFullScreen()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    # --- layouts and regions ------------------------------------------------------------------
    def set_layout(self, name: str) -> None:
        if name not in LAYOUTS:
            raise ValueError(f"unknown layout {name!r}; layouts are {', '.join(LAYOUTS)}")
        self.layout_name = name
        self.view.setVisible(name != "clock")
        self.sidebar.setVisible(name == "map_sidebar")
        self.clock_panel.setVisible(name == "clock")
        self._size_parts()
        self.tick()
        self.layoutChanged.emit(name)

    def next_layout(self) -> str:
        name = LAYOUTS[(LAYOUTS.index(self.layout_name) + 1) % len(LAYOUTS)]
        self.set_layout(name)
        return name

    def show_region(self, rect: QRectF | None, animate: bool = True) -> None:
        """Pan and zoom the map to ``rect`` in scene (map) coordinates; None: the whole map."""
        self.view.show_region(rect, animate)

    def show_places(self, places: list[str], animate: bool = True) -> None:
        """Frame the given places (with room around them for counters and names)."""
        pts = [self.scene.places[p].at for p in places if p in self.scene.places]
        if not pts:
            return
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        pad = 260.0
        self.show_region(QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                max(ys) - min(ys) + 2 * pad), animate)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_parts()

    def _size_parts(self) -> None:
        u = max(4.0, self.height() / 100)
        if self.layout_name == "map_sidebar":
            self.sidebar.setFixedWidth(max(320, round(self.width() * SIDEBAR_FRACTION)))
        self.sidebar.set_unit(u)
        self.clock_panel.set_unit(u)

    def _on_settled(self, scale: float) -> None:
        """Size place names to :data:`NAME_FRACTION` of the window height on screen (never smaller
        than the umpires' board draws them, in map units)."""
        if scale <= 0:
            return
        px = max(NAME_PX * self.scene.base_scale, self.height() * NAME_FRACTION / scale)
        # On a dense map (a Diplomacy board of 100+ provinces) names that big would bury each other:
        # never taller than a third of the typical distance between places.
        px = min(px, 100.0 * self.scene.base_scale)
        if abs(px - self.scene.name_px) > 0.5:
            self.scene.set_name_px(px)

    def name_screen_px(self) -> float:
        """Place names' font pixel size on screen at the current zoom."""
        return self.scene.name_px * self.view.scale_now()

    # --- clock --------------------------------------------------------------------------------
    def _clock_changed(self) -> None:
        """After CONTROL changes the clock: redraw, and hand the clock's record to whoever shares it
        (the board writes it into the game file, so a big screen on another machine follows)."""
        self.tick()
        if self.on_clock_change is not None:
            self.on_clock_change(self.clock.record())

    def start_clock(self) -> None:
        self.clock.start()
        self._clock_changed()

    def pause_clock(self) -> None:
        self.clock.pause()
        self._clock_changed()

    def toggle_clock(self) -> None:
        self.clock.toggle()
        self._clock_changed()

    def adjust_clock(self, seconds: float) -> None:
        self.clock.adjust(seconds)
        self._clock_changed()

    def new_week(self, week: int | None = None) -> None:
        self.clock.reset(week)
        self._clock_changed()

    def restore_clock(self, record: dict[str, Any]) -> None:
        """Take over the clock another process shared (no echo back)."""
        self.clock.restore(record)
        self.tick()

    def timetable_texts(self) -> tuple[str, str]:
        now = self.wallclock()
        tt = self.clock.timetable
        if not len(tt):
            return "", ""
        cur = tt.current(now)
        up = tt.upcoming(now, 2)
        now_text = f"Now {cur.start_text}–{cur.end_text}  {cur.label}" if cur else ""
        next_text = "\n".join(f"Next {s.start_text}  {s.label}" if i == 0 else f"then {s.start_text}  {s.label}"
                              for i, s in enumerate(up))
        return now_text, next_text or "End of the day"

    def tick(self) -> None:
        """Show the clock and the timetable as they are now (the timer calls it every 200 ms)."""
        week_text = (self.picture.turn_label or f"Week {self.clock.week}").upper()
        now_text, next_text = self.timetable_texts()
        if self.sidebar.isVisible() or self.layout_name == "map_sidebar":
            self.sidebar.clock.show_clock(week_text, self.clock, now_text, next_text.split("\n")[0])
        if self.clock_panel.isVisible() or self.layout_name == "clock":
            self.clock_panel.show_clock(week_text, self.clock, now_text, next_text)
        self.ticked.emit()

    # --- the game -----------------------------------------------------------------------------
    def _on_game_changed(self, what: str, entry: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the public picture of the game: tracks, tallies, news; a new week resets the clock."""
        pic = self.game.module.view(self.game.state, Audience.PUBLIC)  # never board(): the hall sees the public
        self.picture = pic
        week = week_of(self.game.state, pic.turn_label)
        if week is not None and week > self._game_week:
            self.clock.reset(week)
        if week is not None:
            self._game_week = week
        self.sidebar.tracks.set_rows(self.track_rows(pic))
        self.sidebar.tally.set_tallies({k: v for k, v in pic.tallies.items() if k not in pic.hidden_keys})
        _set_text(self.sidebar.news, self.latest_news())
        for widget in self.sections:
            widget.show_picture(pic)  # type: ignore[attr-defined]
        self.tick()

    def track_rows(self, pic: BoardPicture) -> list[dict[str, Any]]:
        hidden = pic.hidden_keys
        rows = []
        for t in pic.tracks:
            if not t.get("on_map", True):
                continue
            team = self.scene.teams.get(t.get("team"))
            pr = t.get("pr") if "pr" not in hidden else None
            limit = f"cards ≤ {t['cards_max']}" if "cards_max" in t and "cards_max" not in hidden else ""
            extra = []
            for key, value in t.items():
                if key in TRACK_SKIP or key in hidden or not isinstance(value, int) or isinstance(value, bool):
                    continue
                word = NAMED_KEYS.get(key, key.replace("_", " ").capitalize())
                extra.append(f"{word}{value}" if word == "$M" else f"{word} {value}")
            rows.append({
                "team": t.get("team"), "name": t.get("name", ""), "pr": pr, "pr_max": int(t.get("pr_max", 8)),
                "limit": limit, "extra": " · ".join(extra),
                "colour": team.colour if team is not None else "#888888",
                "symbol": team.symbol if team is not None else str(t.get("team", ""))[:3].upper(),
            })
        return rows

    @staticmethod
    def tally_text(pic: BoardPicture) -> str:
        parts = [f"{k.capitalize()} {v}" for k, v in pic.tallies.items() if k not in pic.hidden_keys]
        return "   ".join(parts)

    def latest_news(self) -> str:
        news = getattr(self.game.state, "news", None)
        if news:
            return str(news[-1])
        for entry in reversed(self.game.entries):
            for ev in entry.events:
                if ev.kind == "news":
                    return ev.text.removeprefix("NEWS: ")
        return ""


# --- CONTROL's panel ----------------------------------------------------------------------------
class ClockControl(QWidget):
    """CONTROL's clock and layout buttons for a :class:`BigScreenWindow` (dockable in the board)."""

    def __init__(self, screen: BigScreenWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.screen_window = screen
        lay = QVBoxLayout(self)
        self.readout = QLabel(self)
        self.readout.setFont(style.font(20, True))
        lay.addWidget(self.readout)
        row = QHBoxLayout()
        self.start_button = QPushButton("Start", self)
        self.pause_button = QPushButton("Pause", self)
        self.minus_button = QPushButton("−1 min", self)
        self.plus_button = QPushButton("+1 min", self)
        for b in (self.start_button, self.pause_button, self.minus_button, self.plus_button):
            row.addWidget(b)
        lay.addLayout(row)
        row2 = QHBoxLayout()
        self.week_button = QPushButton("New week", self)
        self.week_button.setToolTip("Reset the clock for the next week (it also resets when the game's week ends)")
        self.layout_button = QPushButton("Layout", self)
        self.whole_button = QPushButton("Whole map", self)
        for b in (self.week_button, self.layout_button, self.whole_button):
            row2.addWidget(b)
        lay.addLayout(row2)
        self.start_button.clicked.connect(screen.start_clock)
        self.pause_button.clicked.connect(self._pause_or_resume)
        self.minus_button.clicked.connect(lambda: screen.adjust_clock(-60))
        self.plus_button.clicked.connect(lambda: screen.adjust_clock(60))
        self.week_button.clicked.connect(lambda: screen.new_week(None))
        self.layout_button.clicked.connect(screen.next_layout)
        self.whole_button.clicked.connect(lambda: screen.show_region(None))
        screen.ticked.connect(self.update_readout)
        screen.layoutChanged.connect(lambda _name: self.update_readout())
        self.update_readout()

    def _pause_or_resume(self) -> None:
        if self.screen_window.clock.running:
            self.screen_window.pause_clock()
        else:
            self.screen_window.start_clock()

    def update_readout(self) -> None:
        clock = self.screen_window.clock
        state = clock.state()
        words = {"running": "running", "paused": "paused", "warning5": "under 5 minutes", "warning1": "last minute",
                 "expired": f"time up (+{_mmss(clock.overrun())})"}[state]
        _set_text(self.readout, f"Week {clock.week}  {clock.text()}  — {words}")
        self.start_button.setEnabled(not clock.started)
        _set_text(self.pause_button, "Pause" if clock.running else "Resume")
        self.pause_button.setEnabled(clock.started)
        _set_text(self.layout_button, f"Layout: {self.screen_window.layout_name} ▸")


def open_screen(path: str | Path, settings: QSettings | None = None,
                interval_ms: int = 200) -> tuple[BigScreenWindow, FileFollower]:
    """The big screen of a game file opened read-only, and the follower that keeps it current."""
    from boardapp.engine.files import open_game

    game = open_game(path, readonly=True)
    window = BigScreenWindow(game, settings=settings)
    follower = FileFollower(game, interval_ms=interval_ms, parent=window)
    follower.clock.connect(window.restore_clock)
    follower._read_clock()  # the clock as CONTROL last left it
    return window, follower


def run_screen(path: str | Path, screen_name: str | None = None) -> int:
    """``boardapp screen GAME_FILE``: the big screen of a game another process is playing."""
    from boardapp.model.problems import FileProblemsError

    app = QApplication.instance() or QApplication(sys.argv[:1])
    try:
        window, follower = open_screen(path)
    except (FileProblemsError, OSError) as exc:
        print(f"boardapp screen: {exc}", file=sys.stderr)
        return 2
    screen = None
    if screen_name:
        screen = next((s for s in QGuiApplication.screens() if s.name() == screen_name), None)
        if screen is None:
            names = ", ".join(s.name() for s in QGuiApplication.screens())
            print(f"boardapp screen: no screen {screen_name!r}; screens are {names}", file=sys.stderr)
            return 2
    window.show_on(screen)
    try:
        return int(app.exec())
    finally:
        follower.stop()
        window.detach()
        window.game.follow.close()
