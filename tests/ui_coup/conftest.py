"""Fixtures: the Coup scenario in the real umpire's window (offscreen), at any step of the example game."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "coup.yaml"
EXAMPLE = ROOT / "docs" / "examples" / "coup-every-command.yaml"
SEED = 2
"""The example game was played on seed 2's draws (docs/commands-coup.md)."""


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: Any, monkeypatch: Any) -> None:
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture(scope="session")
def loaded() -> Any:
    return load_scenario(SCENARIO)


def script() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    return data


def game_at(loaded: Any, steps: int | None = None, until: Any = None) -> Game[Any]:
    """The example game after its first ``steps`` commands (or until ``until(game)`` holds)."""
    game: Game[Any] = Game.new(loaded, dice=SeededDice(SEED))
    for i, cmd in enumerate(script()):
        if steps is not None and i >= steps:
            break
        if until is not None and until(game):
            break
        game.push(cmd)
    return game


@pytest.fixture
def window(qtbot: Any) -> Any:
    """Open a game in the real umpire's window, sized like a 1920 by 1080 screen."""
    from boardapp.ui.mainwindow import MainWindow

    def open_(game: Game[Any]) -> MainWindow:
        w = MainWindow(game)
        qtbot.addWidget(w)
        w.resize(1920, 1080)
        w.show()
        qtbot.waitExposed(w)
        return w

    return open_
