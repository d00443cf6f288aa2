"""Extra panels and overlays a rule module brings to the umpire's window.

The main window is the same for every rule module; a module whose game needs more (the
Diplomacy family's orders panel and order arrows, War in Binni's menus of actions) registers an
*installer* here under the
module's ``name``. :meth:`MainWindow.set_game` calls :func:`prepare` before it builds the board
and :func:`install` after; installing for a new game first removes what the previous game's
installer put in (an installer returns an object with ``uninstall()``).

>>> sorted(INSTALLERS)
['binni', 'diplomacy']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

INSTALLERS: dict[str, str | Callable[[Any, Any], Any]] = {
    "binni": "boardapp.ui.rules.binni.actions:install",
    "diplomacy": "boardapp.ui.rules.diplomacy.board:install",
}
"""Rule module name -> ``installer(window, game)`` (or ``"module.path:function"``, imported on use)."""

PREPARERS: dict[str, str | Callable[[Any], None]] = {}
"""Rule module name -> ``prepare(game)``, run before the board is built for the game."""

_ATTR = "_module_extras"


def register(name: str, installer: str | Callable[[Any, Any], Any],
             preparer: str | Callable[[Any], None] | None = None) -> None:
    """Register the installer (and optionally a preparer) of the rule module ``name``."""
    INSTALLERS[name] = installer
    if preparer is not None:
        PREPARERS[name] = preparer


def _resolve(ref: str | Callable[..., Any]) -> Callable[..., Any]:
    if callable(ref):
        return ref
    mod, _, func = ref.partition(":")
    return getattr(importlib.import_module(mod), func)  # type: ignore[no-any-return]


def module_name(game: Any) -> str:
    return str(getattr(game.module, "name", ""))


def prepare(game: Any) -> None:
    """Adapt a game to the generic board before the scene is built (no-op for most modules)."""
    ref = PREPARERS.get(module_name(game))
    if ref is not None:
        _resolve(ref)(game)


def uninstall(window: Any) -> None:
    """Remove what the last :func:`install` put into ``window``."""
    extras = getattr(window, _ATTR, None)
    if extras is not None:
        setattr(window, _ATTR, None)
        extras.uninstall()


def install(window: Any, game: Any) -> Any:
    """Install the game's rule module extras into ``window`` (replacing the previous game's)."""
    uninstall(window)
    ref = INSTALLERS.get(module_name(game))
    if ref is None:
        return None
    extras = _resolve(ref)(window, game)
    setattr(window, _ATTR, extras)
    return extras


def extras(window: Any) -> Any:
    """The object the installer returned for the window's current game (or None)."""
    return getattr(window, _ATTR, None)
