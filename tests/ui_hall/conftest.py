"""Fixtures for the big screen's tests: headless Qt, isolated settings, the default scenario."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game  # noqa: E402

TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


class FakeTime:
    """A monotonic time source the tests move by hand."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def fake_time():
    return FakeTime()


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    """Keep settings and data of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    yield


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(scope="session")
def binni_loaded():
    return load_scenario(DEFAULT_SCENARIO)


@pytest.fixture
def binni_game(binni_loaded):
    return new_game(binni_loaded)


@pytest.fixture
def tiny_game(tmp_path):
    return new_game(load_scenario(TINY), save=tmp_path / "tiny.game")
