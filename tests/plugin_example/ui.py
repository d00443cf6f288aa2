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


# --- more than the example needs: what the contribution tests also exercise ----------------------
def table_view(window: Any) -> QLabel:
    """A central view instead of the map (what a map-less system such as Coup would give)."""
    view = QLabel("the table")
    view.setObjectName("tiny-table")
    return view


class WhereSection(QLabel):
    """A big-screen side bar section: the counters the public picture shows."""

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.setObjectName("tiny-where")

    def show_picture(self, picture: Any) -> None:
        self.setText(", ".join(f"{p.id} at {p.place}" for p in picture.pieces))


def counter_menu(window: Any, menu: Any, counter: str) -> None:
    menu.addAction(f"Send {counter} home", lambda: window.controller.submit(
        {"kind": "move", "counter": counter, "to": "alpha"}))


def hello(window: Any) -> None:
    window.controller.submit({"kind": "end_turn"})
