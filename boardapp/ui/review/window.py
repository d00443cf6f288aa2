"""The review window: a finished game replayed on the ordinary board, read-only.

The board is the normal :class:`BoardScene` fed by a :class:`ReviewSource` (the review at the
timeline's position), so what it draws is exactly what the live board drew at that moment. The
timeline bar steps by command, turn or forced ruling; the log lists every entry of the game and a
click on a line jumps to right after it; the curves dock jumps to a turn end on a click. View ▸ Big
screen opens the ordinary big screen on the same source (it follows the timeline) with a second
layout of its own, the curves (key C, or View ▸ Big screen: curves).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedLayout,
    QTreeWidgetItem,
    QWidget,
)

from boardapp.engine.module import Audience
from boardapp.review.timeline import Review
from boardapp.ui import contributions
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView
from boardapp.ui.document.controller import GameController
from boardapp.ui.review.curves import CurvesPanel
from boardapp.ui.review.source import READ_ONLY, ReviewSource
from boardapp.ui.review.timeline import TimelineBar
from boardapp.ui.widgets.panels import LogPanel


class ReviewWindow(QMainWindow):
    """CONTROL's after-action review of one game; see the module docstring."""

    def __init__(self, review: Review, parent: QWidget | None = None, *, umpire: bool = False) -> None:
        super().__init__(parent)
        self.review = review
        self.game = ReviewSource(review)
        self.audience = Audience.CONTROL if umpire else Audience.PUBLIC
        """Whom a rule system's own views draw for (Coup's table): CONTROL with ``--umpire``, else the hall."""
        self.controller = GameController(self.game)
        """The one door, over a source that refuses every command (the rule systems' docks wire their
        buttons to it; those are disabled, and a command that still arrives is refused and said)."""
        self.controller.on_refused(lambda _outcome: self.statusBar().showMessage(READ_ONLY, 8000))
        name = getattr(review.module.scenario, "name", "game")
        where = f" ({Path(review.source).name})" if review.source else ""
        self.setWindowTitle(f"{name}{where} — review (read-only)")
        self.scene = BoardScene(self.game)
        self.view = BoardView()
        self.view.setScene(self.scene)
        self.setCentralWidget(self.view)
        self.timeline = TimelineBar(review, self)
        bar = QDockWidget("Timeline", self)
        bar.setObjectName("timeline_dock")
        bar.setWidget(self.timeline)
        bar.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        bar.setTitleBarWidget(QWidget(bar))
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, bar)
        self.log = LogPanel(self)
        self.log.tree.itemClicked.connect(self._log_clicked)
        self.log.placeClicked.connect(self.view.centre_on_place)
        self._dock("log", "Log", self.log, Qt.DockWidgetArea.RightDockWidgetArea)
        self.curves = CurvesPanel(review, Audience.CONTROL, parent=self)
        self.curves.positionClicked.connect(self.timeline.set_position)
        self.curves_dock = self._dock("curves", "Curves", self.curves, Qt.DockWidgetArea.RightDockWidgetArea)
        self.timeline.positionChanged.connect(self.show_position)
        self.big_screen: ReviewScreen | None = None
        self._menus()
        self.contributions = contributions.install_for_review(self, self.game)
        self.resize(1500, 950)
        self.resizeDocks([self.curves_dock], [560], Qt.Orientation.Horizontal)  # room for the log's events
        self.resizeDocks([self.curves_dock], [380], Qt.Orientation.Vertical)
        self.view.fit()
        self.loaded = False
        QTimer.singleShot(0, self.load)

    def load(self) -> None:
        """Fill the log (every line of the game, whatever the position) and draw the curves, once the
        board is up: on a 5,000-entry game these take about half a second, and the board comes first."""
        if self.loaded:
            return
        self.loaded = True
        self.log.show_game(ReviewSource(self.review))
        self.curves.load()
        self.curves.set_position(self.position)

    def _dock(self, ident: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(ident)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _menus(self) -> None:
        file = self.menuBar().addMenu("&File")
        file.addAction("&Review a game…", self.review_dialog)
        file.addAction("&Close", QKeySequence.StandardKey.Close, self.close)
        view = self.menuBar().addMenu("&View")
        view.addAction("&Big screen", self.open_screen)
        view.addAction("Big screen: &curves", lambda: self.open_screen().set_layout("curves"))
        view.addAction(self.curves_dock.toggleViewAction())

    def push(self, command: Any) -> None:
        """The rule systems' views call ``window.push``: a review takes nothing, and says so in the status bar."""
        self.statusBar().showMessage(READ_ONLY, 8000)

    # --- the timeline --------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.game.position

    def show_position(self, position: int) -> None:
        """Show the game at ``position``: the board (and the big screen) redraw, the curves mark it."""
        self.game.seek(position)
        if getattr(self, "contributions", None) is not None:  # the rule system's panels refreshed: none may play
            self.contributions.keep_read_only()
        self.curves.set_position(position)
        if self.big_screen is not None:
            self.big_screen.curves.set_position(position)

    def _log_clicked(self, item: QTreeWidgetItem) -> None:
        row = item.data(0, Qt.ItemDataRole.UserRole)
        if row:
            self.timeline.set_position(self.review.position_of(int(row["seq"])))

    # --- other windows -------------------------------------------------------------------------------
    def open_screen(self) -> ReviewScreen:
        if self.big_screen is None:
            self.big_screen = ReviewScreen(self)
        self.big_screen.show()
        return self.big_screen

    def review_dialog(self) -> None:
        review_dialog(self)

    def closeEvent(self, event: Any) -> None:
        self.timeline.timer.stop()
        if self.big_screen is not None:
            self.big_screen.close()
        contributions.uninstall(self)
        self.scene.detach()
        super().closeEvent(event)


class ReviewScreen(QWidget):
    """The big screen during the review: the ordinary big screen (following the timeline) or, as a
    layout of its own, the public curves in hall-sized type. C (or Tab) switches between them."""

    LAYOUTS = ("board", "curves")

    def __init__(self, window: ReviewWindow) -> None:
        super().__init__(None, Qt.WindowType.Window)
        from boardapp.ui.bigscreen.window import BigScreenWindow  # the hall's own window, embedded

        self.window_ = window
        self.setWindowTitle(window.windowTitle().replace("review", "big screen of the review"))
        self.board = BigScreenWindow(window.game, parent=self)
        self.board.setWindowFlags(Qt.WindowType.Widget)
        self.board.timer.stop()  # no turn clock in a review: the day's timetable and countdown are long past
        self.board.sidebar.clock.hide()
        height = QApplication.primaryScreen().geometry().height()
        self.curves = CurvesPanel(window.review, Audience.PUBLIC, scale=max(1.5, height / 540), parent=self)
        self.curves.setObjectName("screen_curves")
        self.curves.setStyleSheet(f"QLabel, QComboBox {{ font-size: {round(height / 40)}px; }}")
        self.curves.load()
        self.curves.set_position(window.position)
        self.curves.positionClicked.connect(window.timeline.set_position)
        self.stack = QStackedLayout(self)
        self.stack.addWidget(self.board)
        self.stack.addWidget(self.curves)
        self.layout_name = "board"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.resize(1920, 1080)

    def set_layout(self, name: str) -> None:
        if name not in self.LAYOUTS:
            raise ValueError(f"unknown review screen layout {name!r}; layouts are {', '.join(self.LAYOUTS)}")
        self.layout_name = name
        self.stack.setCurrentIndex(self.LAYOUTS.index(name))

    def next_layout(self) -> None:
        self.set_layout(self.LAYOUTS[(self.LAYOUTS.index(self.layout_name) + 1) % len(self.LAYOUTS)])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """C or Tab: the other layout (keys the big screen's own parts leave unhandled reach here)."""
        if event.key() in (Qt.Key.Key_C, Qt.Key.Key_Tab):
            self.next_layout()
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:
        return False  # Tab switches layouts here, it does not walk focus

    def closeEvent(self, event: Any) -> None:
        self.board.detach()
        if self.window_.big_screen is self:
            self.window_.big_screen = None
        super().closeEvent(event)


_open: list[ReviewWindow] = []
"""Review windows opened from a menu (kept alive while shown)."""


def review_dialog(parent: QWidget) -> ReviewWindow | None:
    """File ▸ Review a game…: ask for a game file and open it in a review window."""
    path, _ = QFileDialog.getOpenFileName(parent, "Review a game", "", "Games (*.game)")
    return open_review_window(path, parent_for_errors=parent) if path else None


def open_review_window(path: str | Path, parent_for_errors: QWidget | None = None, *,
                       umpire: bool = False) -> ReviewWindow | None:
    """Open ``path`` in review mode; a file that cannot be reviewed is said in a message box."""
    from boardapp.engine.gamefile import GameFileError

    try:
        review = Review.open(path)
    except (GameFileError, OSError, ValueError) as exc:
        QMessageBox.warning(parent_for_errors, "Cannot review this game", str(exc))
        return None
    window = ReviewWindow(review, umpire=umpire)
    _open.append(window)
    window.destroyed.connect(lambda *_: _open.remove(window) if window in _open else None)
    window.show()
    return window


def run_review(path: str | Path, umpire: bool = False) -> int:
    """``boardapp review GAME [--umpire]``: the review window on a game file (read-only); a rule system's
    own views (Coup's table) show the public picture unless ``umpire``."""
    from boardapp.engine.gamefile import GameFileError

    app = QApplication.instance() or QApplication(sys.argv[:1])
    try:
        review = Review.open(path)
    except (GameFileError, OSError, ValueError) as exc:
        print(f"boardapp review: {exc}", file=sys.stderr)
        return 2
    window = ReviewWindow(review, umpire=umpire)
    window.show()
    return int(app.exec())
