"""The tiny system's one dock: where each counter stands, redrawn as the game changes."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel


def where_dock(window: Any) -> QLabel:
    label = QLabel()
    game = window.game

    def show(_what: str = "", _entry: Any = None) -> None:
        label.setText(", ".join(f"{team} at {place}" for team, place in sorted(game.state.items())))

    show()
    stop = game.subscribe(show)
    label.destroyed.connect(lambda _obj=None: stop())
    return label
