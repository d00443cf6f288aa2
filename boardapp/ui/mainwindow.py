"""The map umpire's window: the board, its overview, the side panels, menus and dialogs.

Every change to the game goes through the window's :class:`~boardapp.ui.document.controller.GameController`
(:meth:`MainWindow.push` is a short way to it): an accepted entry becomes an undo step that holds
it, a refusal shows the reasons and offers CONTROL's force. The board and the panels redraw when
the game notifies them.
"""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import boardapp
from boardapp.engine.dice import Dice, DiceError, ScriptedDice, SeededDice, UnknownDice
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Audience
from boardapp.ui import contributions
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView, OverviewView
from boardapp.ui.document.controller import GameController, Outcome
from boardapp.ui.document.source import GameSource, is_shared
from boardapp.ui.document.undo import JournalStep
from boardapp.ui.widgets.panels import LogPanel, OffMapTree, TeamPanel, TurnPanel

if TYPE_CHECKING:  # the dialogs are imported when first opened: opening the board shows neither
    from boardapp.ui.dialogs.command import ForceDialog, PreviewDialog

MAX_RECENT = 8


class MainWindow(QMainWindow):
    gameReplaced = Signal(object)
    def __init__(self, game: GameSource, path: str | Path | None = None, autosave: bool = False,
                 extras_after_first_paint: bool = False) -> None:
        """``extras_after_first_paint``: the network, big screen and Control team are added once the board has
        painted (``boardapp`` itself does so: its window shows the board sooner, issue #27); else at once."""
        super().__init__()
        self.game: GameSource = game
        """The game shown (:meth:`set_game` replaces it)."""
        self.audience: Audience = getattr(game, "audience", None) or Audience.CONTROL
        """Whose eyes the board shows the game through: CONTROL (everything) by default; a player's seat
        on the LAN shows that player's (its game source says so: ``PlayerGame.audience``), and the log,
        turn panel and status line show only the events that audience may see."""
        self.controller: GameController | None = None
        """The one door commands go through (rebuilt for each game)."""
        self.refusal_handlers: list[Callable[[Outcome], bool]] = []
        """Asked in turn about a refused command before the force dialog: one that shows the refusal
        itself (the network's status line for a host's 'stale' or 'queued') returns True."""
        self.path: Path | None = None
        self.autosave = autosave
        self.scene: BoardScene | None = None
        self.dialog: Any = None
        """The dialog open now (tests find it here)."""
        self.autosave_path: Path | None = None
        """The autosave game file whose session marker this window holds (removed on a clean close)."""
        self.undo_stack = QUndoStack(self)
        self._unsubscribe: Any = None
        self._extras_pending = False  # set below: the network, big screen and Control team still to add
        self.may_force = True
        """Whether this window's seat may force a refused command (CONTROL's ruling): a LAN seat other than
        CONTROL's may not (:mod:`boardapp.ui.network.roles` sets it from the seat's role)."""
        self.menu_contributors: list[Callable[[QMenu, str, str], None]] = []
        """Add actions to the context menu of a place or counter: ``contributor(menu, what, ident)``
        with ``what`` 'place' or 'counter' (the rule module's extras, the big screen…)."""
        self.view = BoardView()
        self.setCentralWidget(self.view)
        self._build_docks()
        self._build_menus()
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        self.resize(1400, 900)
        self.apply_screen_scale()
        self.setAcceptDrops(True)  # a game or scenario file dropped on the window opens it
        self.set_game(game, path, autosave)
        self._extras_pending = extras_after_first_paint
        if extras_after_first_paint:  # the board first (issue #27): the rest when the event loop is next free
            for target in self._first_paint_targets():
                target.installEventFilter(self)
        else:
            self._install_extras()

    def _install_extras(self) -> None:
        """The network, the big screen and the Control team: their menus, docks and indicator."""
        self._extras_pending = False
        from boardapp.ui.network import windows as network  # Game ▸ Host on the LAN / Join, the network indicator

        network.install(self)
        from boardapp.ui.bigscreen import (
            control as bigscreen_control,  # View ▸ Big screen, the Big screen dock, the shared clock
        )

        bigscreen_control.install(self)
        from boardapp.ui.control import dock as control_team  # the Control team dock: rulings, follow-ups, notes

        control_team.install(self)
        self._scale_own_fonts()  # the network's and the big screen's docks, added after the first scaling
        self.gameReplaced.connect(lambda _game: self.fit_to_screen())  # a new system brings its own docks
        if self.isVisible():
            self.fit_to_screen()  # the docks just added share the window's height (as at show)
            # and again once their layout has run: Mid-East PEACE's window was still 804 px on a 1366x768 screen
            QTimer.singleShot(0, self, self.fit_to_screen)

    def _first_paint_targets(self) -> list[QWidget]:
        """What paints first: the map view's viewport, or the rule system's own centre (Coup's table: its
        CONTROL window waited for a map that is never shown, with no Host menu, Big screen or Control team)."""
        targets: list[QWidget] = [self.view.viewport()]
        central = self.centralWidget()
        if central is not None and central is not self.view:
            targets.append(central.viewport() if isinstance(central, QAbstractScrollArea) else central)
            inner = central.widget() if isinstance(central, QScrollArea) else None
            if inner is not None:  # what a scroll area holds paints over its viewport (Coup's readable table)
                targets.append(inner)
        return targets

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if self._extras_pending and event.type() == QEvent.Type.Paint and watched in self._first_paint_targets():
            for target in self._first_paint_targets():
                target.removeEventFilter(self)
            QTimer.singleShot(0, self, self._install_extras_once)  # after this paint, not inside it
        return super().eventFilter(watched, event)

    def _install_extras_once(self) -> None:
        if self._extras_pending:
            self._install_extras()

    def fit_to_screen(self) -> None:
        """Keep the window no taller than its screen's free height: docks stacked down a side share tabs
        (ui/widgets/dockfit.py). Not on the headless test platform, whose 'screen' is a nominal 800x600."""
        from PySide6.QtGui import QGuiApplication

        from boardapp.ui.widgets.dockfit import fit_docks

        screen = self.screen()
        if screen is None or QGuiApplication.platformName() == "offscreen":
            return
        free = screen.availableGeometry()
        frame = self.frameGeometry().height() - self.height()  # the title bar a window manager adds
        fit_docks(self, free.height() - frame)
        if self.height() > free.height() - frame or self.width() > free.width():
            self.resize(min(self.width(), free.width()), min(self.height(), free.height() - frame))

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self.fit_to_screen()
        if not getattr(self, "_centre_kept", False):  # the first time: later the user's own dock widths stand
            self._centre_kept = True
            QTimer.singleShot(0, self, self.keep_centre_share)  # once laid out at the size shown

    def keep_centre_share(self) -> bool:
        """The map (or a rule system's centre) keeps half the window's width: the side docks narrow if need be."""
        from boardapp.ui.widgets.dockfit import keep_centre_share

        return keep_centre_share(self)

    # --- building -------------------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        self.overview = OverviewView(self.view)
        self.overview_dock = self._dock("Overview", self.overview, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.turn_panel = TurnPanel()
        self.turn_panel.endTurn.connect(self.end_turn)
        self._dock("Turn", self.turn_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.off_map = OffMapTree()
        off_map = self._dock("Off the map", self.off_map, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.map_docks = [self.overview_dock, off_map]
        """Docks only a map fills: hidden while a rule system's central view stands in the map's place."""
        self.team_panel = TeamPanel()
        teams = self.teams_dock = self._dock("Teams", self.team_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_panel = LogPanel()
        self.log_panel.placeClicked.connect(self.view.centre_on_place)
        log = QWidget()
        lay = QVBoxLayout(log)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.log_panel)
        export = QPushButton("Export…")
        export.clicked.connect(self.export_log)
        lay.addWidget(export)
        log_dock = self._dock("Log", log, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(teams, log_dock)
        teams.raise_()
        self.overview.setMaximumHeight(260)
        self.resizeDocks([self.overview_dock, teams], [300, 420], Qt.Orientation.Horizontal)

    def _action(self, menu: QMenu, text: str, slot: Any, shortcut: Any = None) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self.menus: dict[str, QMenu] = {"file": file}
        """The window's menus by id: rule systems and extras add to them by id, never by label."""
        self._action(file, "&New from scenario…", self.new_from_scenario, QKeySequence.StandardKey.New)
        self._action(file, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.save_action = self._action(file, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file, "Save &As…", self.save_as_dialog, QKeySequence.StandardKey.SaveAs)
        self.recent_menu = file.addMenu("Recent files")
        file.addSeparator()
        self._action(file, "Render &PNG…", self.render_dialog)
        self._action(file, "Re&view a game…", self.review_dialog)  # the after-action review (ui/review)
        file.addSeparator()
        self._action(file, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = self.menus["edit"] = bar.addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        self.take_back_action = self._action(edit, "Take &back the last entry (whoever played it)",
                                             self.take_back_last)
        view = self.menus["view"] = bar.addMenu("&View")
        self._action(view, "Zoom &in", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Zoom &out", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._action(view, "&Fit to window", self.view.fit, "Ctrl+0")
        view.addSeparator()
        for dock in self.findChildren(QDockWidget):
            view.addAction(dock.toggleViewAction())
        turn = self.menus["turn"] = bar.addMenu("&Turn")
        self.end_turn_action = self._action(turn, "&End turn…", self.end_turn, "Ctrl+E")
        game_menu = self.menus["game"] = bar.addMenu("&Game")
        game_menu.setObjectName("game-menu")  # hosting and joining (the network's actions)
        help_menu = self.menus["help"] = bar.addMenu("&Help")
        self._action(help_menu, "&About", self.about)
        self._update_recent()

    def apply_screen_scale(self, factor: float | None = None) -> float:
        """Docks and tables scaled to the screen (see :mod:`boardapp.ui.widgets.scaling`); ``factor``
        overrides what the screen suggests. Returns the factor used."""
        from boardapp.ui.widgets.scaling import scale_widget_font, screen_factor

        if factor is None:
            screen = self.screen()
            factor = 1.0 if screen is None else screen_factor(screen.geometry().height(),
                                                               screen.devicePixelRatio())
        scale_widget_font(self, factor)
        # The docks widen with their text (the map keeps the rest), so names fit as they do at 1080.
        self.overview.setMaximumHeight(round(260 * factor))
        self.resizeDocks([self.overview_dock, self.teams_dock], [round(300 * factor), round(420 * factor)],
                         Qt.Orientation.Horizontal)
        self.screen_scale = factor
        return factor

    def _scale_own_fonts(self) -> None:
        """Widgets added since the window was scaled that chose a font size of their own, scaled too."""
        from boardapp.ui.widgets.scaling import scale_own_fonts

        scale_own_fonts(self, getattr(self, "screen_scale", 1.0))

    def menu(self, menu_id: str) -> QMenu:
        """The menu ``menu_id`` ('file', 'edit', 'view', 'turn', 'game', 'help')."""
        try:
            return self.menus[menu_id]
        except KeyError:
            raise ValueError(f"no menu {menu_id!r}; menus are {sorted(self.menus)}") from None

    # --- the game ------------------------------------------------------------------------------
    def set_game(self, game: GameSource, path: str | Path | None = None, autosave: bool = False) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.scene is not None:
            self.scene.detach()
        self.game = game
        self.audience = getattr(game, "audience", None) or Audience.CONTROL
        self.controller = GameController(game)
        self.controller.on_accepted(self._accepted)
        self.controller.on_refused(self._refused)
        self.path = Path(path) if path is not None else None
        self.autosave = autosave
        self.undo_stack.clear()
        self.scene = BoardScene(game, controller=self.controller)
        self.scene.contextRequested.connect(self.context_menu)
        self.scene.pickupRefused.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.view.setScene(self.scene)
        self.overview.set_scene(self.scene)
        self.view.fit()
        self._unsubscribe = game.subscribe(self._on_game_changed)
        self._on_game_changed("reset", None)
        contributions.install(self, game)  # the rule system's own docks, menus, dialogs and overlays
        self._scale_own_fonts()
        if self.path is not None:  # autosaves too: a hosted game's file is one (issue 24.7)
            self.remember(self.path)
        self.gameReplaced.emit(game)

    def _on_game_changed(self, what: str, entry: JournalEntry | None) -> None:
        game = self.game
        if what == "replaced":  # a LAN seat's host serves another game: build the board again
            self.set_game(game, self.path, self.autosave)
            return
        self.team_panel.show_game(game)
        self.log_panel.show_game(game, self.audience)
        self.turn_panel.show_game(game, self.audience)
        self.end_turn_action.setEnabled(self.turn_panel.button.isEnabled())  # none after the game's end
        self.off_map.show_game(game)
        turn = game.module.turn_label(game.state)
        where = "unsaved" if self.path is None else ("autosave" if self.autosave else self.path.name)
        self.setWindowTitle(f"{game.module.scenario.name} — {turn} — {where}")
        last = game.entries[-1] if game.entries else None
        seen = [ev for ev in last.events if ev.visible(self.audience)] if last is not None else []
        self.status.setText(seen[-1].text if seen else f"{turn}: ready")

    def _accepted(self, outcome: Outcome) -> None:
        assert outcome.entry is not None
        self.statusBar().clearMessage()  # a refusal's 10-s message hid what this command did (rehearsal 3)
        self.undo_stack.push(JournalStep(self.game, outcome.entry, refused=self._say))

    def _refused(self, outcome: Outcome) -> None:
        for handler in list(self.refusal_handlers):
            if handler(outcome):
                return
        if outcome.code == "malformed":  # a missing reason, a bad field
            text = "\n".join(outcome.reasons)
            self.statusBar().showMessage(text.splitlines()[0] if text else "not a valid command", 8000)
            QMessageBox.warning(self, "Not a valid command", text)
            return
        self.offer_force(outcome.command_data, list(outcome.reasons))

    def _say(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def push(self, command: dict[str, Any]) -> JournalEntry | None:
        """Submit a command through the controller: its entry, or None (the refusal is shown and
        CONTROL is offered the force dialog)."""
        assert self.controller is not None
        return self.controller.submit(command).entry

    def offer_force(self, command: dict[str, Any], reasons: list[str]) -> ForceDialog:
        from boardapp.ui.dialogs.command import ForceDialog  # lazy: see the imports

        self.statusBar().showMessage("Refused: " + "; ".join(reasons), 10000)
        dlg = ForceDialog(command, reasons, self, module=self.game.module, state=self.game.state,
                          may_force=getattr(self, "may_force", True))
        dlg.accepted.connect(lambda: self._push_forced(dlg.forced_command()))
        self.dialog = dlg
        dlg.open()
        return dlg

    def _push_forced(self, command: dict[str, Any]) -> None:
        """Push CONTROL's forced command; once it stands, the status line says so (it kept "Refused: …")."""
        entry = self.push(command)
        if entry is not None:
            done = "; ".join(e.text for e in entry.events[:2] if getattr(e, "text", ""))
            self._say(f"Forced (CONTROL's ruling: {command.get('force', '')})" + (f": {done}" if done else ""))

    def undo(self) -> None:
        """Take back this window's last step; on a game of its own (not shared on the LAN) also the
        journal's entries from before this window opened it."""
        if self.undo_stack.canUndo():
            self.undo_stack.undo()
        elif self.game.can_undo and not is_shared(self.game):
            self.game.undo()

    def take_back_last(self) -> JournalEntry | None:
        """CONTROL's ruling: take back the journal's last entry, whoever played it (Ctrl+Z takes back only
        this window's own steps). On a hosted game the host decides (only CONTROL may)."""
        if not self.game.can_undo:
            return None
        last = self.game.entries[-1]
        top = self.undo_stack.command(self.undo_stack.index() - 1) if self.undo_stack.canUndo() else None
        if isinstance(top, JournalStep) and top.entry.seq == last.seq:
            self.undo_stack.undo()  # it is this window's own step: undo it as one
            return last
        try:
            return self.game.undo(last)
        except ValueError as exc:
            self._say(f"Take back refused: {exc}")
            return None

    def redo(self) -> None:
        if self.undo_stack.canRedo():
            self.undo_stack.redo()
        elif self.game.can_redo and not is_shared(self.game):
            self.game.redo()

    # --- turn -----------------------------------------------------------------------------------
    def end_turn_preview(self) -> list[str]:
        module = self.game.module
        command = module.end_turn_command()
        refused = [f"Refused now: {r}" for r in self.game.check(command)]  # said first, not after End turn
        if refused:
            refused.append("Ending the turn anyway needs CONTROL's ruling: End turn offers the force, with a reason")
        try:
            events = module.apply(module.copy_state(self.game.state), command, self._preview_dice())
        except DiceError:  # a script of dice ran out: the preview on stand-ins (the end of turn will say why)
            events = module.apply(module.copy_state(self.game.state), command, UnknownDice())
        from boardapp.ui.control.dock import open_follow_up_lines  # the Control team's open follow-ups

        # a rule system's board extras may word a result as its results list does (MUN: 'Army Liverpool → Clyde',
        # not the adjudicator's 'A lvp -> cly')
        worded = getattr(getattr(contributions.installed(self), "extras", None), "result_line", None)
        return refused + [worded(e) if worded else e.text for e in events] + open_follow_up_lines(self)

    def _preview_dice(self) -> Dice:
        """The end-of-turn preview's dice: a copy of the game's own where a seed or a script fixes them and this
        window casts them, so the preview draws what the end of turn will; otherwise stand-ins the rule module
        words as 'rolled when it happens' (a preview on its own fresh die showed a roll that did not happen)."""
        own = getattr(self.game, "dice", None)
        fixed = isinstance(own, ScriptedDice) or (isinstance(own, SeededDice) and not isinstance(own, UnknownDice)
                                                   and own.seed is not None)
        if own is not None and fixed and not is_shared(self.game):
            return copy.deepcopy(own)
        return UnknownDice()

    def end_turn(self) -> PreviewDialog:
        from boardapp.ui.dialogs.command import PreviewDialog  # lazy: see the imports

        dlg = PreviewDialog(f"End of {self.game.module.turn_label(self.game.state)}", self.end_turn_preview(),
                            self, ok="End turn")
        dlg.accepted.connect(self._end_turn_now)
        self.dialog = dlg
        dlg.open()
        return dlg

    def _end_turn_now(self) -> None:
        assert self.controller is not None
        self.controller.end_turn()

    # --- actions on places and counters -----------------------------------------------------------
    def context_menu(self, what: str, ident: str, screen_pos: Any) -> None:
        menu = self.build_context_menu(what, ident)
        menu.exec(screen_pos)

    def build_context_menu(self, what: str, ident: str) -> QMenu:
        """The menu of a place or counter: a header naming it, then what the rule module and the other
        extras contribute (items that cannot apply now come greyed, their reason as tooltip)."""
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        header = menu.addAction(self.display_name(what, ident))
        header.setObjectName("context-header")
        header.setEnabled(False)
        font = header.font()
        font.setBold(True)
        header.setFont(font)
        menu.addSeparator()
        for contribute in list(self.menu_contributors):
            if menu.actions() and not menu.actions()[-1].isSeparator():
                menu.addSeparator()
            contribute(menu, what, ident)
        return menu

    def display_name(self, what: str, ident: str) -> str:
        """A place or counter by its name, as the umpire calls it."""
        from boardapp.ui.dialogs.command import name_of

        return name_of(self.game.module, self.game.state, ident)

    # --- files ------------------------------------------------------------------------------------
    def new_from_scenario(self) -> None:
        from boardapp.engine.files import SCENARIO_DIR

        path, _ = QFileDialog.getOpenFileName(self, "New game from scenario", str(SCENARIO_DIR),
                                              "Scenarios (*.yaml *.yml)")
        if path:
            self.open_path(path)

    def review_dialog(self) -> None:
        """File ▸ Review a game…: a game file replayed read-only in a review window of its own."""
        from boardapp.ui.review.window import review_dialog

        review_dialog(self)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open", str(self.games_folder()),
                                              "Games and scenarios (*.game *.yaml *.yml)")
        if path:
            self.open_path(path)

    def games_folder(self) -> Path:
        """Where File ▸ Open starts: the folder of this window's game, else of the last game opened, else
        the autosaves' (every game started from a scenario is there) — never the working folder."""
        from boardapp.ui.app import autosave_dir

        for candidate in [self.path, *(Path(p) for p in self.recent())]:
            if candidate is not None and candidate.parent.is_dir():
                return candidate.parent
        return autosave_dir()

    def open_path(self, path: str | Path) -> bool:
        from boardapp.engine.gamefile import DamagedGameError
        from boardapp.ui.app import game_for_path

        try:
            game, saved, autosave = game_for_path(path)
        except DamagedGameError as exc:
            return self.open_damaged(Path(path), exc)
        except Exception as exc:  # show every file problem, never crash
            QMessageBox.critical(self, "Cannot open", f"{path}:\n{exc}")
            return False
        self.close_store()
        self.set_game(game, saved, autosave)
        return True

    def open_damaged(self, path: Path, error: Any) -> bool:
        """A damaged game file: say what was damaged and, when some leading entries are proven, offer
        them read-only (nothing is written to the damaged file; Save As starts a new one)."""
        from boardapp.engine.files import open_intact_prefix

        text = f"{path}:\n{error.damage}"
        if error.intact <= 0:
            QMessageBox.critical(self, "The game file is damaged", text + "\n\nNo entry of its journal is intact.")
            return False
        box = QMessageBox(QMessageBox.Icon.Warning, "The game file is damaged",
                          f"{text}\n\nEntries 1 to {error.intact} are intact.", QMessageBox.StandardButton.Cancel,
                          self)
        open_button = box.addButton("Open the intact part read-only", QMessageBox.ButtonRole.AcceptRole)
        self.dialog = box
        box.exec()
        if box.clickedButton() is not open_button:
            return False
        try:
            game, _damage = open_intact_prefix(path)
        except Exception as exc:  # the scenario or map records themselves are damaged
            QMessageBox.critical(self, "Cannot open", f"{path}:\n{exc}")
            return False
        self.close_store()
        self.set_game(game, None, False)
        self.setWindowTitle(self.windowTitle().replace("— unsaved", f"— {path.name} (intact part, read-only)"))
        return True

    def save(self) -> Path | None:
        """File ▸ Save: a game in a file of its own is already saved (every command is committed to its
        journal as it is played), so Save says so; an autosave or an unsaved game asks for a name."""
        if self.path is not None and not self.autosave and getattr(self.game, "store", None) is not None:
            self._say(f"Saved: {self.path.name} (every command is written to it as it is played)")
            return self.path
        return self.save_as_dialog()

    def save_as_dialog(self) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(self, "Save game as", "", "Games (*.game)")
        if path:
            if not path.endswith(".game"):
                path += ".game"
            return self.save_as(path)
        return None

    def save_as(self, path: str | Path) -> Path:
        """Copy the game (journal and all) to ``path`` and go on playing in that file."""
        from boardapp.engine.gamefile import GameFile

        path = Path(path)
        game = self.game
        if game.store is None:
            from boardapp.engine.files import _game_meta

            meta = _game_meta((game.module.scenario, game.module.map), getattr(game, "source", ""))
            # In one go: undone entries follow the active ones and are marked undone together, so
            # any number of them survives (appending them one by one broke at two).
            store = GameFile.create(path, meta, overwrite=True, entries=game.entries,
                                    undone=list(reversed(game.redo_stack)))
        else:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            dst = sqlite3.connect(path)
            try:
                game.store.conn.backup(dst)
            finally:
                dst.close()
            store = GameFile.open(path)
        old_autosave = self.autosave
        self.close_store()
        game.store = store
        self.path, self.autosave = path, False
        if old_autosave:
            from boardapp.ui.app import finish_session

            if self.autosave_path is not None:
                finish_session(self.autosave_path)
        self.remember(path)
        self._on_game_changed("reset", None)
        return path

    def close_store(self) -> None:
        store = getattr(self.game, "store", None)
        if store is not None:
            store.close()
            self.game.store = None

    def render_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Render the board", "board.png", "PNG (*.png)")
        if path:
            from boardapp.ui.board.render import render_png

            render_png(self.game, path)

    def export_log(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the log", "log.csv", "CSV (*.csv);;Markdown (*.md)")
        if path:
            text = self.log_panel.to_markdown() if path.endswith(".md") else self.log_panel.to_csv()
            Path(path).write_text(text, encoding="utf-8")

    # --- recent files -----------------------------------------------------------------------------
    def recent(self) -> list[str]:
        from boardapp.resources import recent_files

        return recent_files()[:MAX_RECENT]

    def remember(self, path: Path) -> None:
        from boardapp.resources import remember_file

        remember_file(path)  # a text file in the user's config folder (docs/install.md)
        self._update_recent()

    def _update_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.recent():
            self.recent_menu.addAction(p, lambda p=p: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent()))

    # --- help and closing ---------------------------------------------------------------------------
    def about(self) -> None:
        QMessageBox.about(self, "About boardapp",
                          f"<b>boardapp</b> {boardapp.__version__}<br>A map-board for megagames.<br>"
                          f"Rules: {self.game.module.title}")

    # --- a file dropped on the window opens it ---------------------------------------------------
    OPENABLE = (".game", ".yaml", ".yml")

    def _dropped_file(self, event: Any) -> Path | None:
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return None
        for url in mime.urls():
            if url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in self.OPENABLE:
                return Path(url.toLocalFile())
        return None

    def dragEnterEvent(self, event: Any) -> None:
        if self._dropped_file(event) is not None:
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: Any) -> None:
        path = self._dropped_file(event)
        if path is None:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        self.open_path(path)

    def closeEvent(self, event: Any) -> None:
        if self.scene is not None:
            self.scene.detach()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.close_store()
        if self.autosave_path is not None:
            from boardapp.ui.app import finish_session

            finish_session(self.autosave_path)
        super().closeEvent(event)
