"""CONTROL drives the big screen from the umpires' board (View ▸ Big screen, the "Big screen" dock).

:func:`install` adds to a board window (:class:`~boardapp.ui.mainwindow.MainWindow`):

* **View ▸ Big screen** (Ctrl+Shift+B) opens a :class:`~boardapp.ui.bigscreen.window.BigScreenWindow` on
  the same live game, in the same process: full screen on the screen chosen in the dock
  (remembered with QSettings) when there are several screens, as a normal window when there is
  one. The same action closes it; closing the board closes it too. The big screen never takes
  input from the hall: the board stays the only place that acts, and gets the focus back.
* a **Big screen** dock: the clock panel (:class:`ClockControl`: Start,
  Pause/Resume, ±1 min, New week/season/turn, Layout, Whole map), the screen chooser, "Show my view" and a
  **News** line that pushes the rule module's ``news`` command (when it has one).
* **View ▸ Show this on the big screen** (Ctrl+Shift+R) and **Whole map on the big screen**
  (Ctrl+Shift+H), also in the map's context menu: the big screen glides to the region the
  umpire's view shows now, or back to the whole map. Pan and zoom come from the board only.

The turn clock belongs to the board (:class:`ScreenDriver`), not to the big-screen window: it
keeps running while the big screen is closed and is handed to every big screen opened. Each
change CONTROL makes is written to the game file's meta key ``clock`` (JSON of
:meth:`~boardapp.clock.TurnClock.record`) when the game has a writable file, so ``boardapp screen
GAME_FILE`` on a second machine follows it, and a board reopened after a crash takes it back.
When the game's week advances (``end_turn``) the clock restarts paused at the new week's length:
the open big screen does that itself, the driver only when no big screen is open, and then
writes the new week's clock to the file.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.clock import TurnClock, turn_minutes_of, turn_word, week_of
from boardapp.ui.bigscreen.window import (
    LAYOUT_WORDS,
    LAYOUTS,
    SETTINGS_SCREEN,
    BigScreenWindow,
    _mmss,
    _set_text,
)
from boardapp.ui.board import style
from boardapp.ui.document.source import GameSource
from boardapp.ui.widgets.wrapfit import keep_whole

__all__ = ["META_CLOCK", "BigScreenControl", "BigScreenDock", "ClockControl", "ScreenDriver", "has_command", "install"]

META_CLOCK = "clock"
"""The game file's meta key holding CONTROL's clock (what ``boardapp screen`` follows)."""
TOGGLE_KEY = "Ctrl+Shift+B"
REGION_KEY = "Ctrl+Shift+R"
WHOLE_KEY = "Ctrl+Shift+H"


def has_command(module: Any, kind: str) -> bool:
    """Whether the rule module has a command of this ``kind``."""
    for cls in getattr(module, "command_types", ()):
        field = getattr(cls, "model_fields", {}).get("kind")
        if field is not None and field.default == kind:
            return True
    return False


def screen_label(screen: QScreen) -> str:
    size = screen.size()
    primary = " (primary)" if screen is QGuiApplication.primaryScreen() else ""
    return f"{screen.name() or 'screen'} — {size.width()}×{size.height()}{primary}"


def _week(game: GameSource) -> int:
    try:
        label = game.module.turn_label(game.state)
    except Exception:
        label = ""
    return week_of(game.state, label, game.module) or 1


# --- the clock and the layout, whether a big screen is open or not ---------------------------------

class ClockControl(QWidget):
    """CONTROL's clock and layout buttons for a :class:`BigScreenWindow` (dockable in the board)."""

    def __init__(self, screen: BigScreenWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.screen_window = screen
        lay = QVBoxLayout(self)
        self.readout = QLabel(self)
        self.readout.setFont(style.font(20, True))
        keep_whole(self.readout).setWordWrap(True)  # a long turn label wraps (never cut) rather than widen the docks
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

    def turn_label(self) -> str:
        """The game's turn in its own words, for a driver that keeps no picture (no big screen open)."""
        game = getattr(self.screen_window, "game", None)  # the big screen's, or the driver's board window's
        if game is None:
            return ""
        try:
            return str(game.module.turn_label(game.state))
        except Exception:  # a rule module's bug must not break CONTROL's clock panel
            return ""

    def update_readout(self) -> None:
        clock = self.screen_window.clock
        state = clock.state()
        words = {"running": "running", "paused": "paused", "warning5": "under 5 minutes", "warning1": "last minute",
                 "expired": f"time up (+{_mmss(clock.overrun())})"}[state]
        turn = getattr(getattr(self.screen_window, "picture", None), "turn_label", "") or self.turn_label()
        turn = turn or f"Turn {clock.week}"
        _set_text(self.readout, f"{turn}  {clock.text()}  — {words}")
        word = turn_word([turn])
        word = word if word in ("week", "season", "round", "year") else "turn"  # what the clock restarts for
        _set_text(self.week_button, f"New {word}")
        self.week_button.setToolTip(f"Reset the clock for the next {word} (it also resets when the game's "
                                    f"{word} ends)")
        self.start_button.setEnabled(not clock.started)
        _set_text(self.pause_button, "Pause" if clock.running else "Resume")
        self.pause_button.setEnabled(clock.started)
        name = self.screen_window.layout_name
        _set_text(self.layout_button, f"Layout: {LAYOUT_WORDS.get(name, name)} ▸")

class ScreenDriver(QObject):
    """What the clock panel drives: the board's turn clock and the big screen's layout and region.

    It offers the part of :class:`BigScreenWindow`'s interface :class:`ClockControl` uses, so the
    panel works with the big screen closed; when one is open the calls go through it (it redraws
    at once). ``publish`` is called with ``clock.record()`` after every change CONTROL makes."""

    ticked = Signal()
    layoutChanged = Signal(str)
    clockChanged = Signal(dict)

    TICK_MS = 250

    def __init__(self, clock: TurnClock, layout: str = "map_sidebar", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.clock = clock
        self.layout_name = layout if layout in LAYOUTS else "map_sidebar"
        self.region: QRectF | None = None
        self.screen: BigScreenWindow | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(self.TICK_MS)
        self.timer.timeout.connect(self.ticked)
        self.timer.start()

    @property
    def game(self) -> GameSource | None:
        """The board window's game (it may be replaced), so the clock panel words the turn as the game does."""
        return getattr(getattr(self.parent(), "window", None), "game", None)

    # --- the open big screen -------------------------------------------------------------------
    def attach(self, screen: BigScreenWindow) -> None:
        """Drive ``screen`` (made with this driver's clock): layout, region, clock changes."""
        self.screen = screen
        screen.set_layout(self.layout_name)
        screen.show_region(self.region, animate=False)
        screen.on_clock_change = self._changed
        screen.layoutChanged.connect(self._screen_layout)

    def detach(self) -> None:
        if self.screen is not None:
            self.screen.on_clock_change = None
            with contextlib.suppress(RuntimeError, TypeError):
                self.screen.layoutChanged.disconnect(self._screen_layout)
        self.screen = None

    def _screen_layout(self, name: str) -> None:  # the L key at the big screen
        self.layout_name = name
        self.layoutChanged.emit(name)

    # --- clock ---------------------------------------------------------------------------------
    def _changed(self, record: dict[str, Any] | None = None) -> None:
        self.ticked.emit()
        self.clockChanged.emit(record if record is not None else self.clock.record())

    def _do(self, name: str, *args: Any) -> None:
        if self.screen is not None:
            getattr(self.screen, name)(*args)  # changes the clock, redraws, calls _changed
            return
        act: Any = {"start_clock": self.clock.start, "pause_clock": self.clock.pause, "toggle_clock": self.clock.toggle,
                    "adjust_clock": self.clock.adjust, "new_week": self.clock.reset}[name]
        act(*args)
        self._changed()

    def start_clock(self) -> None:
        self._do("start_clock")

    def pause_clock(self) -> None:
        self._do("pause_clock")

    def toggle_clock(self) -> None:
        self._do("toggle_clock")

    def adjust_clock(self, seconds: float) -> None:
        self._do("adjust_clock", seconds)

    def new_week(self, week: int | None = None) -> None:
        self._do("new_week", week)

    # --- layout and region ---------------------------------------------------------------------
    def set_layout(self, name: str) -> None:
        if name not in LAYOUTS:
            raise ValueError(f"unknown layout {name!r}; layouts are {', '.join(LAYOUTS)}")
        if self.screen is not None:
            self.screen.set_layout(name)  # comes back through _screen_layout
        else:
            self._screen_layout(name)

    def next_layout(self) -> str:
        name = LAYOUTS[(LAYOUTS.index(self.layout_name) + 1) % len(LAYOUTS)]
        self.set_layout(name)
        return name

    def show_region(self, rect: QRectF | None, animate: bool = True) -> None:
        self.region = QRectF(rect) if rect is not None else None
        if self.screen is not None:
            self.screen.show_region(rect, animate)


# --- the dock ----------------------------------------------------------------------------------------
class BigScreenDock(QWidget):
    """The "Big screen" dock: open/close and where, the clock panel, the view to show, the news."""

    def __init__(self, control: BigScreenControl, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.control = control
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)

        top = QHBoxLayout()
        self.state_label = QLabel(self)
        self.state_label.setObjectName("bigscreen-state")
        self.state_label.setWordWrap(True)
        self.open_button = QPushButton(self)
        self.open_button.setToolTip(f"Open or close the big screen ({TOGGLE_KEY})")
        self.open_button.clicked.connect(control.toggle)
        top.addWidget(self.state_label, 1)
        top.addWidget(self.open_button)
        lay.addLayout(top)

        where = QHBoxLayout()
        where.addWidget(QLabel("Screen:", self))
        self.screen_box = QComboBox(self)
        self.screen_box.setToolTip("The screen the big screen goes to, full screen (remembered)")
        self.screen_box.activated.connect(self._screen_chosen)
        where.addWidget(self.screen_box, 1)
        lay.addLayout(where)

        lay.addWidget(self._rule())
        self.clock_control = ClockControl(control.driver, self)  # type: ignore[arg-type]
        self.clock_control.whole_button.setToolTip(f"The whole map on the big screen ({WHOLE_KEY})")
        lay.addWidget(self.clock_control)
        self.share_label = QLabel(self)
        self.share_label.setObjectName("bigscreen-share")
        self.share_label.setStyleSheet("color: #666666;")
        self.share_label.setToolTip("boardapp screen GAME_FILE on another machine follows this clock")
        lay.addWidget(self.share_label)
        self.region_button = QPushButton("Show my view on the big screen", self)
        self.region_button.setToolTip(f"The big screen glides to what the board shows now ({REGION_KEY})")
        self.region_button.clicked.connect(control.show_my_view)
        lay.addWidget(self.region_button)

        lay.addWidget(self._rule())
        lay.addWidget(QLabel("News (journal and big screen):", self))
        news = QHBoxLayout()
        self.news_edit = QLineEdit(self)
        self.news_edit.setPlaceholderText("Headline…")
        self.news_edit.returnPressed.connect(self.push_news)
        self.news_button = QPushButton("Push", self)
        self.news_button.clicked.connect(self.push_news)
        news.addWidget(self.news_edit, 1)
        news.addWidget(self.news_button)
        lay.addLayout(news)
        lay.addStretch(1)
        control.driver.ticked.connect(self.update_share)  # a Save As gives the game a file
        self.update_state()

    def _rule(self) -> QFrame:
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        return line

    def fill_screens(self) -> None:
        chosen = self.control.chosen_screen()
        self.screen_box.clear()
        for s in QGuiApplication.screens():
            self.screen_box.addItem(screen_label(s), s.name())
        i = self.screen_box.findData(chosen.name()) if chosen is not None else -1
        self.screen_box.setCurrentIndex(max(0, i))

    def _screen_chosen(self, index: int) -> None:
        name = self.screen_box.itemData(index)
        screen = next((s for s in QGuiApplication.screens() if s.name() == name), None)
        if screen is not None:
            self.control.choose_screen(screen)

    def update_state(self) -> None:
        self.fill_screens()
        several = len(QGuiApplication.screens()) > 1
        self.screen_box.setEnabled(several)
        self.screen_box.setToolTip("The screen the big screen goes to, full screen (remembered)" if several
                                   else "Only one screen is connected: the big screen opens in a window")
        screen = self.control.screen
        if screen is None:
            self.state_label.setText(f"Closed — Open or {TOGGLE_KEY}")
            self.open_button.setText("Open")
        else:
            on = screen.screen()
            name = (on.name() if on is not None else "") or "this screen"
            mode = f"full screen on {name}" if screen.isFullScreen() else "in a window (one screen)"
            self.state_label.setText(f"<b>Open</b> {mode}")
            self.open_button.setText("Close")
        self.update_share()
        has_news = has_command(self.control.window.game.module, "news")
        for w in (self.news_edit, self.news_button):
            w.setEnabled(has_news)
        self.news_edit.setToolTip("Pushed as a news command: logged in the journal, shown on the big screen"
                                  if has_news else "This game's rules have no news command")

    def update_share(self) -> None:
        """Say where the clock other screens see comes from.

        A board playing through a network seat (hosting, or joined) shows the host's one clock, which
        the host sends to every seat and screen: the game file is the host's business then, so "no
        writable game file" would be false. Otherwise the clock reaches ``boardapp screen`` on another
        machine through the game file, when there is a writable one."""
        network = getattr(self.control.window, "network", None)
        store = getattr(self.control.window.game, "store", None)
        if getattr(network, "link", None) is not None:
            text = "Clock: the host's, shared with every seat and screen"
        elif store is None or getattr(store, "readonly", False):
            text = "Clock not shared: no writable game file"
        elif self.control.last_error:
            text = "Clock not saved in the game file (see the status bar)"
        else:
            text = f"Clock shared through {(getattr(store, 'path', None) and store.path.name) or 'the game file'}"
        self.share_label.setText(text)

    def push_news(self) -> None:
        text = self.news_edit.text().strip()
        if text and self.control.push_news(text) is not None:
            self.news_edit.clear()


# --- the control -------------------------------------------------------------------------------------
class BigScreenControl(QObject):
    """The big screen of one board window: actions, dock, clock sharing (see :func:`install`)."""

    screenOpened = Signal(object)
    screenClosed = Signal()

    def __init__(self, window: Any, settings: QSettings | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings if settings is not None else QSettings("boardapp", "boardapp")
        self.screen: BigScreenWindow | None = None
        self.last_error = ""
        self._unsubscribe: Any = None
        self._subscribed_game: GameSource | None = None
        game = window.game
        self._game_week = _week(game)
        self._scenario: Any = None
        self._path: Any = None
        self.driver = ScreenDriver(self._clock_for(game, None)[0], self._layout_for(game), self)
        self.driver.clockChanged.connect(self.publish)
        self._listen(game)
        self._build_actions()
        self.dock_widget = BigScreenDock(self)
        self.dock = QDockWidget("Big screen", window)
        self.dock.setObjectName("Big screen")
        self.dock.setWidget(self.dock_widget)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        dock_action = self.dock.toggleViewAction()
        dock_action.setText("Big screen &dock")  # not a second "Big screen" in the View menu
        self.view_menu.addAction(dock_action)
        self._wrap_window()
        window.installEventFilter(self)
        self._viewport = window.view.viewport()
        self._viewport.installEventFilter(self)

    # --- building ------------------------------------------------------------------------------
    def _build_actions(self) -> None:
        menu = self.window.menu("view")  # by id, never by its label text
        self.view_menu: QMenu = menu
        menu.addSeparator()

        def act(text: str, slot: Any, key: str) -> QAction:
            a = QAction(text, self.window)
            a.setShortcut(QKeySequence(key))
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.triggered.connect(slot)
            menu.addAction(a)
            return a

        self.toggle_action = act("&Big screen", lambda _checked=False: self.toggle(), TOGGLE_KEY)
        self.toggle_action.setCheckable(True)
        self.region_action = act("&Show this on the big screen", self.show_my_view, REGION_KEY)
        self.whole_action = act("&Whole map on the big screen", self.show_whole_map, WHOLE_KEY)

    def _wrap_window(self) -> None:
        """Follow the window's game when it changes; add the big screen to the map's context menu."""
        self.window.gameReplaced.connect(self.game_replaced)
        self.window.menu_contributors.append(lambda menu, what, ident: self.add_menu_actions(menu))

    def add_menu_actions(self, menu: QMenu) -> None:
        menu.addAction(self.region_action)
        menu.addAction(self.whole_action)

    def context_menu(self) -> QMenu:
        """The menu of a right click on the empty map (places and counters have the board's menu)."""
        menu = QMenu(self.window)
        self.add_menu_actions(menu)
        return menu

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Close:
            if obj is self.window:
                self.close()
            elif obj is self.screen:
                QTimer.singleShot(0, self._screen_gone)
        elif kind == QEvent.Type.ContextMenu and obj is self._viewport:
            return self._empty_map_menu(event)
        return False

    def _empty_map_menu(self, event: Any) -> bool:
        """A right click on the empty map: the big-screen items (places and counters have the
        board's own menu, which :meth:`_wrap_window` extends)."""
        scene = self.window.scene
        pos = self.window.view.mapToScene(event.pos())
        if scene is None or scene.counter_at(pos) is not None or scene.place_at(pos, 60) is not None:
            return False
        self.context_menu().exec(event.globalPos())
        return True

    # --- the game ------------------------------------------------------------------------------
    @staticmethod
    def _layout_for(game: GameSource) -> str:
        display = getattr(game.module.scenario, "display", None)
        layout = getattr(display, "layout", "map_sidebar")
        return layout if layout in LAYOUTS else "map_sidebar"

    def _clock_for(self, game: GameSource, old: TurnClock | None) -> tuple[TurnClock, bool]:
        """The clock for ``game`` and whether it is ``old``, the live clock, kept.

        The same game file in another guise (hosting it, stopping hosting), same scenario and week:
        the live clock goes on. Otherwise the clock the game's file holds for this week (a board
        reopened after a crash), else a fresh clock for the week."""
        week = _week(game)
        same_file = self._path == getattr(self.window, "path", None)
        if (old is not None and old.week == week and same_file
                and self._scenario == getattr(game.module.scenario, "id", None)):
            return old, True
        clock = TurnClock.for_game(game.module, game.state)
        clock.week = week
        store = getattr(game, "store", None)
        with contextlib.suppress(Exception):  # no file, an old file, a broken record: a fresh clock
            record = json.loads(store.meta()[META_CLOCK]) if store is not None else None
            if record and int(record["week"]) == week:
                clock.restore(record)
        return clock, False

    def _listen(self, game: GameSource) -> None:
        """(Re)subscribe to ``game``, after any big screen, so that the screen's own reset of the
        clock at a new week has happened when :meth:`_on_game_changed` runs."""
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
        self._unsubscribe = game.subscribe(self._on_game_changed)
        self._subscribed_game = game
        self._scenario = getattr(game.module.scenario, "id", None)
        self._path = getattr(self.window, "path", None)

    def _on_game_changed(self, what: str, entry: Any) -> None:
        game = self.window.game
        week = week_of(game.state, "", game.module)
        if week is None:
            with contextlib.suppress(Exception):
                week = week_of(game.state, game.module.turn_label(game.state), game.module)
        if week is None:
            return
        if week > self._game_week:
            if self.screen is None and self.driver.clock.week < week:
                # the open big screen resets it itself; the turn's length as the rule module gives it
                self.driver.clock.reset(week, turn_minutes_of(game.module, game.state))
            self._game_week = week
            self.publish(self.driver.clock.record())
            self.driver.ticked.emit()
        else:
            self._game_week = week

    def game_replaced(self, game: GameSource) -> None:
        """The window plays another game (a file opened, hosting, joining): follow it."""
        if game is self._subscribed_game:
            if self.screen is not None:
                self.screen.refresh()
            return
        was_open = self.screen is not None
        if was_open:
            self.close()
        self.driver.clock, kept = self._clock_for(game, self.driver.clock)
        self._game_week = _week(game)
        self._listen(game)
        if kept:  # back on the file after hosting it: the file learns the clock of the meantime
            self.publish(self.driver.clock.record())
        self.dock_widget.update_state()
        self.driver.ticked.emit()
        if was_open:
            self.open()

    # --- sharing the clock ---------------------------------------------------------------------
    def publish(self, record: dict[str, Any]) -> bool:
        """Write the clock to the game file's meta key ``clock`` (when the game has a writable file)."""
        store = getattr(self.window.game, "store", None)
        if store is None or getattr(store, "readonly", False) or not hasattr(store, "set_meta"):
            return False
        try:
            store.set_meta(META_CLOCK, json.dumps(record))
        except (sqlite3.Error, ValueError) as exc:  # GameFileError is a ValueError
            msg = f"The clock could not be saved in the game file: {exc}"
            if msg != self.last_error:
                self.window.statusBar().showMessage(msg, 10000)
            self.last_error = msg
            self.dock_widget.update_share()
            return False
        if self.last_error:
            self.last_error = ""
            self.dock_widget.update_share()
        return True

    # --- screens -------------------------------------------------------------------------------
    def chosen_screen(self) -> QScreen | None:
        """The remembered screen if connected, else one that is not the primary, else the primary."""
        screens = QGuiApplication.screens()
        name = self.settings.value(SETTINGS_SCREEN, "")
        for s in screens:
            if name and s.name() == name:
                return s
        primary = QGuiApplication.primaryScreen()
        others = [s for s in screens if s is not primary]
        return others[0] if others else primary

    def choose_screen(self, screen: QScreen) -> None:
        """Send the big screen to ``screen`` from now on (moves it if open)."""
        self.settings.setValue(SETTINGS_SCREEN, screen.name())
        self.settings.sync()
        if self.screen is not None:
            self._place(self.screen, screen)
        self.dock_widget.update_state()

    def _place(self, window: BigScreenWindow, target: QScreen | None) -> None:
        if len(QGuiApplication.screens()) > 1 and target is not None:
            window.show_on(target)  # full screen there
        else:  # one screen: the board needs it, so a normal window CONTROL can move
            if window.isFullScreen():
                window.showNormal()
            if target is not None:
                geo = target.availableGeometry()
                window.resize(min(1280, geo.width() * 3 // 4), min(720, geo.height() * 3 // 4))
            window.show()

    # --- opening and closing -------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.screen is not None

    def toggle(self) -> BigScreenWindow | None:
        if self.screen is not None:
            self.close()
            return None
        return self.open()

    def open(self) -> BigScreenWindow:
        """The big screen on the window's live game, on the chosen screen; the board keeps the focus."""
        if self.screen is not None:
            return self.screen
        screen = BigScreenWindow(self.window.game, clock=self.driver.clock, settings=self.settings)
        screen.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.screen = screen
        self.driver.attach(screen)
        screen.installEventFilter(self)
        self._listen(self.window.game)  # after the screen's own listener
        self._place(screen, self.chosen_screen())
        self.window.activateWindow()
        self.window.raise_()
        self._update_actions()
        self.screenOpened.emit(screen)
        return screen

    def close(self) -> None:
        screen = self.screen
        if screen is None:
            return
        self.screen = None
        self.driver.detach()
        screen.removeEventFilter(self)
        screen.close()  # detaches it from the game
        screen.deleteLater()
        self._update_actions()
        self.screenClosed.emit()

    def _screen_gone(self) -> None:
        """The big screen was closed at its own end (the window manager)."""
        if self.screen is not None and not self.screen.isVisible():
            self.close()

    def _update_actions(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.toggle_action.setChecked(self.screen is not None)
            self.dock_widget.update_state()

    # --- what CONTROL shows ----------------------------------------------------------------------
    def umpire_rect(self) -> QRectF:
        """The part of the map the umpire's view shows now (scene coordinates)."""
        view = self.window.view
        rect: QRectF = view.mapToScene(view.viewport().rect()).boundingRect()
        return rect

    def show_my_view(self) -> None:
        self.driver.show_region(self.umpire_rect())

    def show_whole_map(self) -> None:
        self.driver.show_region(None)

    def push_news(self, text: str) -> Any:
        """Push the rule module's ``news`` command through the board (journal, undo, big screen)."""
        if not has_command(self.window.game.module, "news"):
            self.window.statusBar().showMessage("This game's rules have no news command", 8000)
            return None
        return self.window.push({"kind": "news", "text": text})


def install(window: Any, settings: QSettings | None = None) -> BigScreenControl:
    """Add the big screen to a board window: the View menu actions, the dock, the clock's sharing."""
    existing = getattr(window, "bigscreen", None)
    if isinstance(existing, BigScreenControl):
        return existing
    control = BigScreenControl(window, settings)
    window.bigscreen = control
    return control
