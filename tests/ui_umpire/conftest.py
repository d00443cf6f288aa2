"""Fixtures for the umpire's-window tests: settings and autosaves kept out of the user's directories, a tiny game."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)
    yield


@pytest.fixture
def tiny_game(tmp_path):
    return new_game(load_scenario(TINY), save=tmp_path / "tiny.game")
