"""Fixtures for CONTROL's big screen driven from the board: headless Qt, isolated settings, a game file."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: Any, monkeypatch: Any) -> Iterator[None]:
    """Keep autosaves and settings (the remembered screen, recent files) out of the user's directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)
    yield


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.game"
    new_game(load_scenario(TINY), save=path).store.close()
    return path


@pytest.fixture
def win(qtbot: Any, game_path: Path) -> Iterator[Any]:
    """The umpires' board on a writable game file (War in Binni rules, the tiny scenario)."""
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow

    window = MainWindow(open_game(game_path), game_path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.bigscreen.close()
