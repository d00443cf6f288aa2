"""CONTROL's big screen: the public display of the live game, the turn clock and the timetable.

:class:`BigScreenWindow` is a second, full-screen window on a screen CONTROL chooses (remembered
with QSettings). It shows the same live game as the umpires' board, redrawn as they act, with
only public information: the board in public mode (:class:`PublicScene`: the rule module's
``view(state, Audience.PUBLIC)``), place names and counters sized to be read from the back of a
hall, and a side bar with the turn, the turn clock, the timetable, the rule system's own sections
(the picture's :class:`~boardapp.engine.module.Section` tables and its manifest's ``sidebar``
widgets) and the latest news line.

Layouts (``display.layout`` in the scenario, switchable live with :meth:`BigScreenWindow.set_layout`):
``map`` (the map only), ``map_sidebar`` (map and side bar), ``clock`` (the clock only).

:class:`~boardapp.ui.bigscreen.control.ClockControl` is the small panel CONTROL drives the clock and the
layout with (the board window docks it); :meth:`BigScreenWindow.show_region` pans and zooms the big screen smoothly.

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
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
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
    QHBoxLayout,
    QLabel,
    QLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from boardapp.clock import TurnClock, turn_minutes_of, week_of
from boardapp.engine.module import BoardPicture, Section
from boardapp.ui.bigscreen.follower import FileFollower
from boardapp.ui.bigscreen.pages import SectionPager, hall_font, hall_px, reserve_edge
from boardapp.ui.bigscreen.scene import INK, NAME_FRACTION, PIECE_SCALE, BigView, PublicScene, big_font
from boardapp.ui.bigscreen.sections import places_section, tallies_section, tracks_section
from boardapp.ui.bigscreen.tour import NAME_CAP, Tour
from boardapp.ui.board import style
from boardapp.ui.board.banner import Announcer, Banner
from boardapp.ui.board.mapdraw import NAME_PX
from boardapp.ui.board.scene import public_view
from boardapp.ui.board.style import VALUE_PX
from boardapp.ui.contributions import screen_view, sidebar_sections
from boardapp.ui.document.source import GameSource

LAYOUTS = ("map", "map_sidebar", "clock", "tables")
LAYOUT_WORDS = {"map": "map", "map_sidebar": "map + side bar", "clock": "clock", "tables": "tables"}
"""What CONTROL's panel calls each layout (the ids are settings keys, not words for people)."""
SETTINGS_SCREEN = "bigscreen/screen"
"""QSettings key: the name of the screen the big screen goes to."""

SIDEBAR_FRACTION = 0.30
"""The side bar's share of the window width in the ``map_sidebar`` layout."""
SIDEBAR_MIN_W = 320
"""The side bar's least width (a small window)."""
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
        self.week = _label(self, "week", wrap=True, align=centre)
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
        least = hall_px(100 * u)  # never below the hall standard (pages.py)
        self._week_px = (max(4.2 * u * min(k, 2.2), least), least)
        self._fit_week()
        self.digits.setFont(big_font(10.5 * u * k))
        self.status.setFont(big_font(max(3.0 * u * min(k, 2.0), least)))
        self.now.setFont(big_font(max(2.2 * u * min(k, 1.6), hall_px(100 * u, bold=False)), False))
        self.next.setFont(big_font(max(2.2 * u * min(k, 1.6), least), True))
        self.status.setMinimumHeight(round(4.0 * u * min(k, 2.0)))

    def _fit_week(self) -> None:
        """The turn label on two lines at most, smaller if it must, never below the hall standard."""
        px, least = getattr(self, "_week_px", (42.0, 26))
        width = self.width() or 400
        text = self.week.text() or "W"
        flags = int(Qt.TextFlag.TextWordWrap)
        while px > least:
            fm = QFontMetricsF(big_font(px))
            if fm.boundingRect(QRectF(0, 0, width, 1e6), flags, text).height() <= 2.2 * fm.lineSpacing():
                break
            px = max(least, px - 1)
        if self.week.font().pixelSize() != round(px):
            self.week.setFont(big_font(px))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_week()

    def show_clock(self, week_text: str, clock: TurnClock, now_text: str, next_text: str) -> None:
        state = clock.state()
        flash = state == "expired" and int(clock.overrun() * 2) % 2 == 0
        if self.week.text() != week_text:
            _set_text(self.week, week_text)
            self._fit_week()
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


class TeamLegend(QWidget):
    """The teams on the map: each one's swatch (its colour with its symbol, as on its pieces) and full
    name, in one or two columns, at hall size (a long name wraps at spaces, never shrinks below the
    standard nor is cut). In the side bar, and over the map's spare edge in the ``map`` layout, so
    every layout that shows pieces says whose they are."""

    def __init__(self, teams: list[Any], parent: QWidget | None = None, panel: bool = False,
                 max_columns: int = 2) -> None:
        super().__init__(parent)
        self.teams = [t for t in teams if getattr(t, "on_map", True)]
        self.unit = 10.0
        self.panel = panel
        self.max_columns = max_columns
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def legend_font(self) -> QFont:
        return hall_font(self.unit * 100, condensed=True)

    def _pad(self) -> float:
        return self.unit * 0.5 if self.panel else 0.0

    def _swatch_w(self, fm: QFontMetricsF) -> float:
        return max((fm.horizontalAdvance(t.symbol) for t in self.teams), default=0.0) + fm.height() * 0.5

    def columns(self) -> int:
        """As many columns as the names' words fit (two at most in the side bar, one for four teams)."""
        if len(self.teams) <= 4 and self.max_columns <= 2:
            return 1
        fm = QFontMetricsF(self.legend_font())
        longest = max((fm.horizontalAdvance(w) for t in self.teams for w in t.name.split()), default=0.0)
        best = 1
        for c in range(2, min(self.max_columns, len(self.teams)) + 1):
            col_w = (self.width() - 2 * self._pad()) / c - self._swatch_w(fm) - self.unit
            if longest <= col_w:
                best = c
        return best

    def _lines(self, col_w: float) -> int:
        fm = QFontMetricsF(self.legend_font())
        box = col_w - self._swatch_w(fm) - self.unit
        flags = int(Qt.TextFlag.TextWordWrap)
        return max((round(fm.boundingRect(QRectF(0, 0, max(box, 1.0), 1e6), flags, t.name).height() / fm.lineSpacing())
                    for t in self.teams), default=1)

    def row_h(self) -> float:
        fm = QFontMetricsF(self.legend_font())
        col_w = (self.width() - 2 * self._pad()) / self.columns()
        return fm.lineSpacing() * max(1, self._lines(col_w)) + self.unit * 0.6

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.set_unit(self.unit)  # the number of columns follows the width

    def set_unit(self, u: float) -> None:
        self.unit = u
        rows = -(-len(self.teams) // self.columns()) if self.teams else 0
        self.setFixedHeight(round(self.row_h() * rows + 2 * self._pad()))
        self.update()

    def drawn_texts(self) -> list[str]:
        return [t.name for t in self.teams] + [t.symbol for t in self.teams]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self.panel:
            p.fillRect(self.rect(), QColor(16, 20, 24, 215))
        u, rh = self.unit, self.row_h()
        pad = self._pad()
        col_w = (self.width() - 2 * pad) / self.columns()
        rows = -(-len(self.teams) // self.columns()) if self.teams else 1
        f = self.legend_font()
        fm = QFontMetricsF(f)
        sw = self._swatch_w(fm)
        p.setFont(f)
        for i, t in enumerate(self.teams):
            col, row = divmod(i, rows)
            x, y = pad + col * col_w, pad + row * rh
            chip = QRectF(x, y + (rh - fm.height() * 1.1) / 2, sw, fm.height() * 1.1)
            fill = style.colour(t.colour)
            p.setPen(QPen(QColor("#ffffff"), max(1.0, u * 0.15)))
            p.setBrush(fill)
            p.drawRoundedRect(chip, chip.height() * 0.2, chip.height() * 0.2)
            p.setPen(style.text_on(fill))
            p.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), t.symbol)
            box = QRectF(x + sw + u * 0.6, y, col_w - sw - u, rh)
            p.setPen(INK)
            p.drawText(box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
                       t.name)
        p.end()


class Sidebar(QWidget):
    """The clock, then the rule system's sections (the picture's :class:`Section` tables and its
    manifest's ``sidebar`` widgets), then the latest news. A system that gives neither shows its
    teams' public numbers and its public counts as tables."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"#sidebar {{ background: {PANEL.name()}; }} QLabel {{ color: white; }}")
        lay = QVBoxLayout(self)
        self._layout = lay
        self.clock = ClockPanel(1.0, self)
        lay.addWidget(self.clock)
        self.legend_title = _label(self, "legend_title")
        self.legend_title.setText("TEAMS")
        lay.addWidget(self.legend_title)
        self.legend: TeamLegend | None = None
        self.news_title = _label(self, "news_title")
        self.news_title.setText("NEWS")
        lay.addWidget(self.news_title)
        self.news = _label(self, "news", wrap=True)
        self.news.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.news)
        self.section_titles: list[QLabel] = []
        self.widgets: list[QWidget] = []
        """The manifest's section widgets."""
        self.pager = SectionPager(self)
        """The picture's sections at hall size, a page at a time when they do not fit (pages.py)."""
        lay.insertWidget(lay.indexOf(self.clock) + 1, self.pager, 1)
        self.unit = 10.0
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
        self.widgets.append(widget)
        self.set_unit(self.unit)

    def set_legend(self, legend: TeamLegend) -> None:
        """The map's teams, under the sections (a system whose sections already name every team
        with its marker may leave it; the generic side bar cannot know, so it is always there)."""
        self.legend = legend
        legend.setParent(self)
        self._layout.insertWidget(self._layout.indexOf(self.legend_title) + 1, legend)
        legend.set_unit(self.unit)
        # a section that says it names every map team with its marker (``names_every_team``) stands for it
        shown = bool(legend.teams) and not any(getattr(w, "names_every_team", False) for w in self.widgets)
        self.legend_title.setVisible(shown)
        legend.setVisible(shown)

    def show_sections(self, sections: list[Section]) -> None:
        """The picture's tables, in its order, under the clock: as many as fit the room left, the
        rest on further pages shown in turn."""
        self.pager.set_sections(sections)

    @property
    def tables(self) -> dict[str, Section]:
        """The picture's sections shown, by id."""
        return {s.id: s for s in self.pager.sections}

    def needed_height(self) -> int:
        """The height the side bar needs to show everything on one page."""
        lay = self._layout
        width = self.width() - lay.contentsMargins().left() - lay.contentsMargins().right()
        h = lay.contentsMargins().top() + lay.contentsMargins().bottom()
        shown = 0
        for i in range(lay.count()):
            w = lay.itemAt(i).widget()
            if w is None or w.isHidden():
                continue
            if w is self.pager:
                h += round(w.needed_height(width))
            elif w.hasHeightForWidth():
                h += w.heightForWidth(width)
            else:
                h += max(w.sizeHint().height(), w.minimumHeight())
            shown += 1
        return h + lay.spacing() * shown

    def _style_heading(self, t: QLabel) -> None:
        t.setFont(hall_font(100 * self.unit))
        t.setStyleSheet("color: #8fb3d9; background: transparent;")

    def set_unit(self, u: float) -> None:
        self.unit = u
        m = round(u * 1.6)
        self._layout.setContentsMargins(m, round(u), m, round(u))
        self._layout.setSpacing(round(u * 0.7))
        self.clock.set_unit(u)
        for t in (self.news_title, self.legend_title, *self.section_titles):
            self._style_heading(t)
        for w in (*self.widgets, *([self.legend] if self.legend else [])):
            if hasattr(w, "set_unit"):
                w.set_unit(u)
        self.news.setFont(big_font(max(2.5 * u, hall_px(100 * u, bold=False)), False))
        self.pager.set_sections(self.pager.sections, 100 * u)


class TablesPanel(QWidget):
    """The ``tables`` layout: the turn and the clock in a line, then the rule system's tables on the
    whole screen, paged at hall size (:class:`~boardapp.ui.bigscreen.pages.SectionPager`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tables")
        lay = QVBoxLayout(self)
        self.heading = _label(self, "tables_heading", wrap=True)
        self.heading.setStyleSheet("color: white; background: transparent;")
        lay.addWidget(self.heading)
        self.pager = SectionPager(self)
        lay.addWidget(self.pager, 1)
        self.set_unit(10.0)

    def set_unit(self, u: float) -> None:
        m = round(u * 1.6)
        self.layout().setContentsMargins(m, round(u), m, round(u))
        self.heading.setFont(hall_font(100 * u, 1.4))
        self.pager.set_sections(self.pager.sections, 100 * u)


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
        self.picture: BoardPicture = public_view(game.module, game.state)
        week = week_of(game.state, self.picture.turn_label, game.module) or 1
        self.clock = clock if clock is not None else TurnClock.for_game(game.module, game.state)
        self.on_clock_change: Callable[[dict[str, Any]], None] | None = None
        self._game_week = week
        self.setWindowTitle(f"{scenario.name} — big screen")
        self.setObjectName("bigscreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"#bigscreen {{ background: {PANEL.name()}; }}")
        self.setCursor(Qt.CursorShape.BlankCursor)

        self.scene = PublicScene(game, self)
        self.view = BigView(self.scene, self)
        self.banner = Banner(self.view.viewport())
        """Fights' and strikes' results read out to the hall (public events only)."""
        self.announcer = Announcer(game, self.banner, public=True)
        self.sidebar = Sidebar(self)
        self.sections: list[QWidget] = []
        """The rule system's own side bar sections (they are shown the public picture only)."""
        for title, widget in sidebar_sections(self, game):
            self.sidebar.add_section(title, widget)
            self.sections.append(widget)
        self.sidebar.set_legend(TeamLegend(list(game.module.teams)))
        self.map_legend = TeamLegend(list(game.module.teams), self.view, panel=True, max_columns=12)
        """The legend in the ``map`` layout, a band along the map's bottom edge in a margin the view keeps
        for it (the side bar has its own)."""
        self.clock_panel = ClockPanel(3.0, self)
        self.clock_panel.setObjectName("clockpanel")
        self.screen_view: QWidget | None = screen_view(self, game)
        """A map-less rule system's public table, shown instead of the map (its manifest's ``screen_view``)."""
        box = QHBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        box.addWidget(self.view, 1)
        if self.screen_view is not None:
            box.addWidget(self.screen_view, 1)
        box.addWidget(self.sidebar)
        box.addWidget(self.clock_panel, 1)
        self.tables = TablesPanel(self)
        """The ``tables`` layout: the rule system's tables on the whole screen, paged at hall size (a
        ledger of a hundred rows reads in a few pages here where the side bar needs hundreds)."""
        box.addWidget(self.tables, 1)
        self._settles = 0
        """How many times the view has come to rest (a settle inside another makes the outer one stale)."""
        self.view.settled.connect(self._on_settled)
        self.view.gliding.connect(self._on_glide)
        self.tour = Tour(self)
        """A dense map's slow tour of its regions (none on a map the hall reads whole)."""

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
        self.announcer.detach()
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
        was = self.layout_name
        self.layout_name = name
        self.view.setVisible(name not in ("clock", "tables") and self.screen_view is None)
        if self.screen_view is not None:
            self.screen_view.setVisible(name not in ("clock", "tables"))
        self.sidebar.setVisible(name == "map_sidebar")
        self.clock_panel.setVisible(name == "clock")
        self.tables.setVisible(name == "tables")
        tour = getattr(self, "tour", None)
        if tour is not None and name in ("clock", "tables"):  # no map shown: no tour (it starts again with the map)
            tour.stop()
        elif tour is not None and was in ("clock", "tables") and (tour.running or self.view.region is None):
            # the map shown again: once the layout has settled, the whole map or its tour, planned for the
            # view's final size (a tour planned while the layout changed kept a passing size's stops)
            QTimer.singleShot(0, self, lambda: self.show_region(None, animate=False))
        self._size_parts()
        self.tick()
        self.layoutChanged.emit(name)

    def next_layout(self) -> str:
        name = LAYOUTS[(LAYOUTS.index(self.layout_name) + 1) % len(LAYOUTS)]
        self.set_layout(name)
        return name

    def show_region(self, rect: QRectF | None, animate: bool = True) -> None:
        """Pan and zoom the map to ``rect`` in scene (map) coordinates; None: the whole map."""
        if rect is None and self.tour.start():  # a dense map's "whole map" is the tour of its regions
            return
        self.tour.stop()
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
            # fixed here, after the layout has sized the view for the old width: the view settles once at a
            # passing width first (a layout by stretch would spare that placing of the names, but the hall
            # badges' layout, bigscreen/scene.py, keeps boxes from that pass and was tuned with them)
            self.sidebar.setFixedWidth(max(SIDEBAR_MIN_W, round(self.width() * SIDEBAR_FRACTION)))
        self.sidebar.set_unit(u)
        self.clock_panel.set_unit(u)
        self.tables.set_unit(u)
        self.fit_sidebar()
        self._place_map_legend(u)

    def _place_map_legend(self, u: float) -> None:
        """In the ``map`` layout, the legend as a band along the view's bottom edge, at hall size, in a
        margin the view keeps free (the map is fitted above it: it covers no name; it was over the
        map's bottom-right corner)."""
        legend = self.map_legend
        show = self.layout_name == "map" and bool(legend.teams)
        legend.setVisible(show)
        if show:
            legend.setFixedWidth(self.view.width())
            legend.set_unit(u)
        at = reserve_edge(self.view, "legend", "bottom", legend.height() if show else 0,
                          place=lambda: self._place_map_legend(max(4.0, self.height() / 100)))
        if show:
            legend.move(0, self.view.height() - at - legend.height())
            legend.raise_()

    def fit_sidebar(self) -> None:
        """The side bar's type stays at hall size; what does not fit its height goes on the pager's
        further pages (pages.py), never smaller type."""
        self.sidebar.set_unit(max(4.0, self.height() / 100))

    def _on_settled(self, scale: float) -> None:
        """Size place names to :data:`NAME_FRACTION` of the window height on screen (never smaller
        than the umpires' board draws them, in map units)."""
        self._settles += 1
        settles = self._settles
        self._place_map_legend(max(4.0, self.height() / 100))  # the view has its final size now
        if self.tour.running:
            self.tour.plan()  # again for a new size of the view (a layout change, full screen)
            if self._settles != settles:  # it moved to a stop of the new plan, whose own settle named it:
                return  # this one's scale is stale (it sized the names for the old stop, a second time)
        elif self.view.region is None and self.view.isVisible() and self.tour.start(animate=False):
            return  # a dense map is shown as a tour of its regions from the start (never named whole)
        if scale <= 0:
            return
        px = max(NAME_PX * self.scene.base_scale, self.height() * NAME_FRACTION / scale)
        # On a dense map (a Diplomacy board of 100+ provinces) names that big would bury each other:
        # never taller than a third of the typical distance between places.
        px = min(px, NAME_CAP * self.scene.base_scale)
        # the game state reads at least as well as the names: a counter's value (VALUE_PX map units at
        # piece scale 1) is never smaller on screen than a place name
        k = max(PIECE_SCALE * self.scene.base_scale, px / VALUE_PX)
        # a region shown (a tour's, CONTROL's): only what is in it is named, and its names stay in it
        bounds = None
        if self.view.region is not None:
            bounds = self.view.visible_rect()
            if self.tour.running:  # nor under the locator's band
                bounds.setTop(bounds.top() + self.tour.locator.height() / scale)
        moved = self.scene.set_view_bounds(bounds, place=False)
        # names sized first, then the pieces laid out, and the names placed once around them (placing a
        # whole map's names is the dearest step of opening: The Game's took 0.1-0.5 s, done twice a settle)
        resized = abs(px - self.scene.name_px) > 0.5
        if resized:  # the scene's set_name_px without its placing
            self.scene.name_px = px
            for item in self.scene.names.values():
                item.set_px(px)
        spots = self.scene.spots
        self.scene.set_piece_size(k)  # when k changed: pieces laid out again, names placed around them
        if self.scene.spots is spots and (resized or moved):
            self.scene.place_names()

    def _on_glide(self, rest: QRectF) -> None:
        """Before a glide's first frame: name (and show the pieces of) both where the view is and where
        it goes. Names and pieces are shown only inside the view's bounds (:meth:`PublicScene.place_names`);
        left at the region the view leaves, every frame of a tour's step showed the region it reaches
        bare, no names and no counters, and its last frame stayed so while the settle placed the names
        (rehearsal 3, fault 5: a flicker at every step). The settle places them for the region reached."""
        if self.scene.view_bounds is None or self.view.region is None:  # from or to the whole map: all named
            self.scene.set_view_bounds(None)
            return
        # every frame of the glide shows a part of the two rectangles' union (the view glides between them,
        # fitting each rectangle between to its shape), and a few pixels more (fitInView's margin)
        now, vh = self.view.visible_rect(), max(1, self.view.viewport().height())
        pad = 4 * max(now.height(), rest.height()) / vh
        bounds = now.united(rest).adjusted(-pad, -pad, pad, pad)
        if self.tour.running:  # nor under the locator's band (at the nearer zoom's height: the smaller band)
            bounds.setTop(bounds.top() + self.tour.locator.height() * min(now.height(), rest.height()) / vh)
        self.scene.set_view_bounds(bounds)

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
        self.clock.reset(week, turn_minutes_of(self.game.module, self.game.state))
        self._clock_changed()

    def restore_clock(self, record: dict[str, Any]) -> None:
        """Take over the clock another process shared (no echo back)."""
        self.clock.restore(record)
        self.tick()

    def timetable_texts(self) -> tuple[str, str]:
        """The timetable as the game stands: the slot of the game's week (not of the wall clock's
        time) and the slots after it; the wall clock comes second, as how far the day runs late or
        early against the plan. Between weeks that have no slot, the wall clock's slot."""
        now = self.wallclock()
        tt = self.clock.timetable
        if not len(tt):
            return "", ""
        cur = tt.slot_for_week(self.clock.week)
        if cur is None:
            cur = tt.current(now)
            up = tt.upcoming(now, 2)
            drift = ""
        else:
            after = [s for s in tt.slots if (s.start, s.end) > (cur.start, cur.end)]
            up = after[:2]
            minutes = now.hour * 60 + now.minute
            late, early = minutes - cur.end, cur.start - minutes
            drift = (f"  · {now:%H:%M}, {late} min late" if late > 0 else
                     f"  · {now:%H:%M}, {early} min early" if early > 0 else "")
        now_text = f"Now {cur.start_text}–{cur.end_text}  {cur.label}{drift}" if cur else ""
        next_text = "\n".join(f"Next {s.start_text}  {s.label}" if i == 0 else f"then {s.start_text}  {s.label}"
                              for i, s in enumerate(up))
        return now_text, next_text or "End of the day"

    def tick(self) -> None:
        """Show the clock and the timetable as they are now (the timer calls it every 200 ms)."""
        week_text = (self.picture.turn_label or self.game.module.turn_label(self.game.state)
                     or f"Turn {self.clock.week}").upper()
        now_text, next_text = self.timetable_texts()
        if self.sidebar.isVisible() or self.layout_name == "map_sidebar":
            self.sidebar.clock.show_clock(week_text, self.clock, now_text, next_text.split("\n")[0])
        if self.clock_panel.isVisible() or self.layout_name == "clock":
            self.clock_panel.show_clock(week_text, self.clock, now_text, next_text)
        if self.layout_name == "tables":
            _set_text(self.tables.heading, f"{week_text}   {self.clock.text()}")
        self.ticked.emit()

    # --- the game -----------------------------------------------------------------------------
    def _on_game_changed(self, what: str, entry: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the public picture of the game: tracks, tallies, news; a new week resets the clock."""
        pic = public_view(self.game.module, self.game.state)  # never board(): the hall sees the public
        self.picture = pic
        module = self.game.module
        week = week_of(self.game.state, pic.turn_label, module)
        if week is not None and week > self._game_week:
            self.clock.reset(week, turn_minutes_of(module, self.game.state))
        if week is not None:
            self._game_week = week
        sections = list(pic.sections)
        if not sections and not self.sections:  # the system gives nothing of its own: its teams and counts
            sections = [s for s in (tracks_section(pic), tallies_section(pic)) if s is not None]
        self.sidebar.show_sections(sections)
        if not pic.sections:  # the tables layout is never empty: the teams, the counts and the map's places
            sections = [s for s in (tracks_section(pic), tallies_section(pic),
                                    places_section(pic, list(self.scene.map.places), list(module.teams)))
                        if s is not None]
        self.tables.pager.set_sections(sections)
        _set_text(self.sidebar.news, self.latest_news())
        self.fit_sidebar()
        # the same public view the map was drawn from (the module's view: a map-less table filtered too)
        for widget in [*self.sections, *([self.screen_view] if self.screen_view is not None else [])]:
            widget.show_picture(pic)  # type: ignore[attr-defined]
        self.tick()

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
