"""Fixtures: The Game's starting world (scenarios/the-game.yaml) in the real umpire's window (offscreen)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
THE_GAME = ROOT / "scenarios" / "the-game.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: Any, monkeypatch: Any) -> None:
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture(scope="session")
def loaded() -> Any:
    return load_scenario(THE_GAME)


@pytest.fixture(scope="session")
def scenario_data() -> dict[str, Any]:
    """The scenario file as written (expected values are read from it, not from the code)."""
    data: dict[str, Any] = yaml.safe_load(THE_GAME.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def game(loaded: Any) -> Any:
    return new_game(loaded)


@pytest.fixture
def win(qtbot: Any, game: Any) -> Iterator[Any]:
    from boardapp.ui.mainwindow import MainWindow

    w = MainWindow(game)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.bigscreen.close()


@pytest.fixture
def installed(win: Any) -> Any:
    from boardapp.ui import contributions

    done = contributions.installed(win)
    assert done is not None
    return done
