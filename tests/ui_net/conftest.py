"""Fixtures for the network's Qt tests: a real host on 127.0.0.1 served by a board window, and seats."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: Any, monkeypatch: Any) -> Iterator[None]:
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)
    yield


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    path = tmp_path / "hosted.game"
    game = new_game(load_scenario(TINY), save=path)
    game.store.close()
    return path


@pytest.fixture
def host_window(qtbot: Any, game_path: Path) -> Iterator[Any]:
    """A board window on the game file, hosting it on 127.0.0.1 (any free port)."""
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import SeatPlan

    win = MainWindow(open_game(game_path), game_path)
    qtbot.addWidget(win)
    win.show()
    win.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, view_interval=0.02,
                          plan=SeatPlan(umpires=[("umpire 1", None), ("umpire 2", ["reb"])]))
    yield win
    win.network.shutdown()


@pytest.fixture
def join(qtbot: Any) -> Iterator[Callable[..., Any]]:
    """join(url, code, screen=False): a seat's window, closed (and its thread stopped) after the test."""
    from boardapp.ui.network.windows import open_join

    opened: list[Any] = []

    def go(url: str, code: str, screen: bool = False) -> Any:
        win = open_join(url, code, screen=screen)
        qtbot.addWidget(win)
        win.show()
        opened.append(win)
        return win

    yield go
    for win in opened:
        win.close()
