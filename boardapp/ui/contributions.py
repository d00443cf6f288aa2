"""A rule system's contributions, put into a window: what its manifest (:mod:`boardapp.plugins`) names.

:meth:`MainWindow.set_game` calls :func:`install` after it builds the board: the docks, the actions
in menus found by id, the context actions, a central view for a map-less system and any board
extras come from the game's rule system's manifest, each imported only now. Installing for a new
game first removes what the previous game's system put in. The window itself knows no rule system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
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
        self.hidden_docks: list[QDockWidget] = []
        """The window's docks the central view hid (the map's own): shown again when it goes."""
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
            shown = [d for d in w.findChildren(QDockWidget) if not d.isHidden()]
            for dock in getattr(w, "map_docks", ()):  # the window's docks only a map fills
                dock.hide()
            self.central = plugins.resolve(c.central_view)(w)
            self.hidden_docks = [d for d in shown if d.isHidden()]  # ours and any the system's view hid
            keep_map_view(w)
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
            central, self.central = self.central, None
            central.hide()
            central.deleteLater()
            w.setCentralWidget(w.view)
            w.view.show()  # hidden explicitly while kept (keep_map_view)
            for dock in self.hidden_docks:
                if shiboken6.isValid(dock):
                    dock.show()
            self.hidden_docks = []
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


def keep_map_view(window: Any) -> None:
    """Take the window's map view out of the middle for a rule system's central view, keeping it alive for
    the next game as a hidden child of the window. Taken out as it is (``takeCentralWidget`` leaves it
    without a parent) it became a stray top-level window: put back a moment before (uninstalling the
    last game's view), the layout had queued showing it, and the queued show came after."""
    view = window.takeCentralWidget()
    if view is not None:
        view.setParent(window)
        view.hide()


def uninstall(window: Any) -> None:
    """Remove what the last :func:`install` put into ``window``."""
    done = getattr(window, _ATTR, None)
    if done is not None:
        setattr(window, _ATTR, None)
        done.uninstall()


def install(window: Any, game: GameSource) -> Installed | None:
    """Put the contributions of the game's rule system into ``window`` (replacing the previous game's). The same
    system's docks built again for the new game (hosting: the host's CONTROL seat replaces the game) come back
    where they were — same side, same order, same tabs (:class:`DockPlaces`)."""
    found = manifest_of(game)
    before = installed(window)
    places = DockPlaces(window) if found is not None and before is not None \
        and before.manifest.name == found.name else None
    uninstall(window)
    if found is None:
        return None
    done = Installed(window, game, found)
    setattr(window, _ATTR, done)  # before installing: a contribution may look itself up
    done.install()
    if places is not None:
        places.restore()
    return done


class DockPlaces:
    """Where a window's docks are, kept while a rule system's docks are taken out and built again, and given back
    to the new docks of the same names. Added again, each came last on its side: hosting War in Binni put CONTROL's
    rulings under the Big screen dock, MUN's Officers too, and Diplomacy's Orders came in front of the Teams."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.state = window.saveState()
        self.docks = set(window.findChildren(QDockWidget))

    def restore(self) -> bool:
        w = self.window
        new = {d.objectName() for d in set(w.findChildren(QDockWidget)) - self.docks if d.objectName()}
        for old in self.docks:  # taken out but not deleted yet (deleteLater): its name must not take the place
            if shiboken6.isValid(old) and old.objectName() in new and not old.isFloating() \
                    and w.dockWidgetArea(old) == Qt.DockWidgetArea.NoDockWidgetArea:
                old.setObjectName("")
        return bool(w.restoreState(self.state))


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


# --- a review of a finished game: what can be shown, nothing that plays -----------------------------
READ_ONLY_TIP = "a review is read-only: nothing can be played into it"


def make_read_only(widget: QWidget) -> None:
    """Take the actions out of a rule system's panel shown in a review: every button is disabled (with a
    tooltip saying why) and every text field made read-only, so nothing there offers to submit a command.
    Lists, tables, tabs and scroll bars still work: the review reads them."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QPlainTextEdit,
        QTabBar,
        QTextEdit,
    )

    for button in widget.findChildren(QAbstractButton):
        if isinstance(button.parent(), QTabBar):
            continue  # a tab's scroll arrows and close buttons move the view, they play nothing
        button.setEnabled(False)
        button.setToolTip(READ_ONLY_TIP)
    for edit in [*widget.findChildren(QPlainTextEdit), *widget.findChildren(QTextEdit),
                 *widget.findChildren(QLineEdit)]:
        edit.setReadOnly(True)
    for spin in widget.findChildren(QAbstractSpinBox):
        spin.setReadOnly(True)
    for box in widget.findChildren(QComboBox):
        if box.isEditable():
            box.lineEdit().setReadOnly(True)


LEFT_OUT_OF_REVIEWS = {"binni.rulings": "CONTROL's rulings panel does nothing but submit rulings"}
"""Manifest docks a review does not install, and why: panels whose only use is to submit commands. (A
manifest field saying so would let a plugin declare it; until then the built-ins are named here.)"""


class InstalledForReview(Installed):
    """A rule system's read-only contributions in the review window: the board extras and overlays (drag
    hooks taken off again), the central view (drawn for the window's ``audience``, with no controller),
    and the docks with their buttons disabled. Actions, menus, context actions and dialogs are left out:
    each of them submits commands, and a review takes none."""

    def install(self) -> InstalledForReview:
        c, w = self.manifest.contributions, self.window
        before = set(w.findChildren(QDockWidget))
        for dock in c.docks:
            if dock.id in LEFT_OUT_OF_REVIEWS:
                continue
            widget = plugins.resolve(dock.widget)(w)
            qdock = QDockWidget(dock.title, w)
            qdock.setObjectName(dock.id)
            qdock.setWidget(widget)
            area = AREAS[dock.area]
            w.addDockWidget(area, qdock)
            ours = [d for d in before if w.dockWidgetArea(d) == area and d.isVisible() is not False]
            if ours:  # behind the review's own docks (the log, the curves), one tab click away
                w.tabifyDockWidget(ours[0], qdock)
                ours[0].raise_()
            self.docks[dock.id] = qdock
        if c.central_view is not None:
            controller = getattr(w, "controller", None)
            w.controller = None  # built without one, the view draws no buttons and takes no drags (Coup's table)
            try:
                self.central = plugins.resolve(c.central_view)(w)
            finally:
                w.controller = controller
            keep_map_view(w)  # the map view stays alive: uninstall puts it back
            w.setCentralWidget(self.central)
        if c.board_extras is not None:
            self.extras = plugins.resolve(c.board_extras)(w, self.game)
            scene = getattr(w, "scene", None)
            if scene is not None:  # a drag on the board would start an order or a declaration: none here
                for hook in ("pointer_hook", "drop_hook"):
                    if getattr(scene, hook, None) is not None:
                        setattr(scene, hook, None)
        self.read_only_docks = list(set(w.findChildren(QDockWidget)) - before)  # the manifest's and the extras'
        self.keep_read_only()
        return self

    def keep_read_only(self) -> None:
        """Disable the docks' buttons again: a panel refreshing at a new position turns on the buttons its
        rules allow there (Mid-East's), or makes new ones; the review calls this after every move."""
        for qdock in self.read_only_docks:
            inner = qdock.widget()
            if inner is not None:
                make_read_only(inner)


def install_for_review(window: Any, game: GameSource) -> InstalledForReview | None:
    """Put the read-only contributions of the game's rule system into a review ``window`` (which has
    ``game``, ``scene``, ``view``, ``audience``, and a ``controller`` and ``push`` that refuse everything:
    a dock wires its buttons to them before :func:`make_read_only` disables the buttons)."""
    uninstall(window)
    found = manifest_of(game)
    if found is None:
        return None
    done = InstalledForReview(window, game, found)
    setattr(window, _ATTR, done)
    return done.install()
