"""Fixtures: Mid-East PEACE in the real umpire's window (offscreen), with scenario variants.

The game's numbers come from ``scenarios/mideast-peace.yaml`` (and the variants the tests ask for);
expected values in the tests are worked out from the rules and those numbers, not read off the code.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Callable
from typing import Any

import pytest

from boardapp.engine.files import new_game
from tests.mideast.helpers import variant


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: Any, monkeypatch: Any) -> None:
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def open_board(qtbot: Any) -> Callable[..., Any]:
    """open_board(settings=..., countries=...) -> the umpire's window on a new game of that variant."""

    def make(settings: dict[str, Any] | None = None, countries: dict[str, dict[str, Any]] | None = None) -> Any:
        from boardapp.ui.mainwindow import MainWindow

        game = new_game(variant(settings, countries))
        w = MainWindow(game)
        qtbot.addWidget(w)
        w.resize(1800, 1000)
        w.show()
        qtbot.waitExposed(w)
        w.view.fit()
        return w

    return make


@pytest.fixture
def win(open_board: Callable[..., Any]) -> Any:
    return open_board()
