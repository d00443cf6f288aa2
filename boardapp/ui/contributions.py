"""A rule system's contributions, put into a window: what its manifest (:mod:`boardapp.plugins`) names.

:meth:`MainWindow.set_game` calls :func:`install` after it builds the board: the docks, the actions
in menus found by id, the context actions, a central view for a map-less system and any board
extras come from the game's rule system's manifest, each imported only now. Installing for a new
game first removes what the previous game's system put in. The window itself knows no rule system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMenu, QWidget

from boardapp import plugins
from boardapp.plugins import Manifest
from boardapp.ui.document.source import GameSource

AREAS = {"left": Qt.DockWidgetArea.LeftDockWidgetArea, "right": Qt.DockWidgetArea.RightDockWidgetArea,
         "bottom": Qt.DockWidgetArea.BottomDockWidgetArea}
_ATTR = "_contributions"


def manifest_of(game: GameSource) -> Manifest | None:
    """The manifest of the game's rule system, or None (a viewer's public picture, an unknown name)."""
    name = getattr(game.module, "name", None)
    if not isinstance(name, str):
        return None
    try:
        return plugins.manifest(name)
    except ValueError:
        return None


class Installed:
    """What one rule system's manifest put into one window; :meth:`uninstall` takes it all out."""

    def __init__(self, window: Any, game: GameSource, manifest: Manifest) -> None:
        self.window = window
        self.game = game
        self.manifest = manifest
        self.docks: dict[str, QDockWidget] = {}
        self.actions: dict[str, QAction] = {}
        self._placed: list[tuple[QMenu, QAction]] = []
        self._contributors: list[Callable[[QMenu, str, str], None]] = []
        self.central: QWidget | None = None
        self.extras: Any = None
        """What ``board_extras`` returned (Diplomacy's orders board), or None."""

    # --- putting in ----------------------------------------------------------------------------
    def install(self) -> Installed:
        c, w = self.manifest.contributions, self.window
        for dock in c.docks:
            widget = plugins.resolve(dock.widget)(w)
            qdock = QDockWidget(dock.title, w)
            qdock.setObjectName(dock.id)
            qdock.setWidget(widget)
            w.addDockWidget(AREAS[dock.area], qdock)
            self.docks[dock.id] = qdock
        for action in c.actions:
            qaction = QAction(action.title, w)
            qaction.setObjectName(action.id)
            if action.shortcut:
                qaction.setShortcut(QKeySequence(action.shortcut))
            qaction.triggered.connect(lambda _checked=False, ref=action.run: plugins.resolve(ref)(w))
            self.actions[action.id] = qaction
        for item in c.menus:
            menu = w.menu(item.menu)
            menu.addAction(self.actions[item.action])
            self._placed.append((menu, self.actions[item.action]))
        for ctx in c.context:
            contribute = self._contributor(ctx.on, ctx.contribute)
            w.menu_contributors.append(contribute)
            self._contributors.append(contribute)
        if c.central_view is not None:
            self.central = plugins.resolve(c.central_view)(w)
            w.takeCentralWidget()  # the map view stays alive for the next game
            w.setCentralWidget(self.central)
        if c.board_extras is not None:
            self.extras = plugins.resolve(c.board_extras)(w, self.game)
        return self

    def _contributor(self, on: str, ref: str) -> Callable[[QMenu, str, str], None]:
        def contribute(menu: QMenu, what: str, ident: str) -> None:
            if what == on:
                plugins.resolve(ref)(self.window, menu, ident)
        return contribute

    # --- using ---------------------------------------------------------------------------------
    def open_dialog(self, dialog_id: str, *args: Any) -> QDialog:
        """Open the manifest's dialog ``dialog_id``; accepting it submits its ``command()``."""
        spec = self.manifest.dialog(dialog_id)
        w = self.window
        dlg: QDialog = plugins.resolve(spec.factory)(w, *args)
        command = getattr(dlg, "command", None)
        if command is not None:
            dlg.accepted.connect(lambda: w.push(command()))
        w.dialog = dlg
        dlg.open()
        return dlg

    # --- taking out ----------------------------------------------------------------------------
    def uninstall(self) -> None:
        w = self.window
        if self.extras is not None:
            self.extras.uninstall()
            self.extras = None
        if self.central is not None:
            w.takeCentralWidget()
            self.central.deleteLater()
            w.setCentralWidget(w.view)
            self.central = None
        for contribute in self._contributors:
            if contribute in w.menu_contributors:
                w.menu_contributors.remove(contribute)
        self._contributors = []
        for menu, action in self._placed:
            menu.removeAction(action)
        self._placed = []
        for action in self.actions.values():
            action.deleteLater()
        self.actions = {}
        for dock in self.docks.values():
            w.removeDockWidget(dock)
            dock.deleteLater()
        self.docks = {}


def uninstall(window: Any) -> None:
    """Remove what the last :func:`install` put into ``window``."""
    done = getattr(window, _ATTR, None)
    if done is not None:
        setattr(window, _ATTR, None)
        done.uninstall()


def install(window: Any, game: GameSource) -> Installed | None:
    """Put the contributions of the game's rule system into ``window`` (replacing the previous game's)."""
    uninstall(window)
    found = manifest_of(game)
    if found is None:
        return None
    done = Installed(window, game, found)
    setattr(window, _ATTR, done)  # before installing: a contribution may look itself up
    return done.install()


def installed(window: Any) -> Installed | None:
    """What the rule system of the window's current game put in (None if nothing)."""
    return getattr(window, _ATTR, None)


def sidebar_sections(screen: Any, game: GameSource) -> list[tuple[str, QWidget]]:
    """The big screen's side bar sections of the game's rule system, built for ``screen``: (title,
    widget) pairs. Each widget's ``show_picture(picture)`` is given the public picture on every change."""
    found = manifest_of(game)
    if found is None:
        return []
    return [(section.title, plugins.resolve(section.widget)(screen)) for section in found.contributions.sidebar]


def screen_view(screen: Any, game: GameSource) -> QWidget | None:
    """The big screen's view replacing the map, if the game's rule system declares one (``screen_view``):
    built for ``screen``; its ``show_picture(picture)`` is given the public picture on every change."""
    found = manifest_of(game)
    if found is None or found.contributions.screen_view is None:
        return None
    widget: QWidget = plugins.resolve(found.contributions.screen_view)(screen)
    return widget


def public_picture(game: GameSource) -> Any:
    """What public screens may be shown of ``game``: the rule module's ``view(state, PUBLIC)`` (a module
    with secrets in its table filters them there); a viewer's public game already holds only that."""
    from boardapp.engine.module import Audience

    view = getattr(game.module, "view", None)
    if view is None:
        return game.module.board(game.state).for_audience(Audience.PUBLIC)
    return view(game.state, Audience.PUBLIC)
