"""Fixtures for the board's tests: headless Qt, a tiny game and the default scenario."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


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


@pytest.fixture(scope="session")
def binni_loaded():
    return load_scenario(DEFAULT_SCENARIO)


@pytest.fixture
def binni_game(binni_loaded):
    return new_game(binni_loaded)
