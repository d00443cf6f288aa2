"""Fixtures: the MUN Historical 1935 scenario in the real umpire's window (offscreen)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
MUN = ROOT / "scenarios" / "mun-historical-1935.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    """Keep autosaves and settings of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    from PySide6.QtCore import QStandardPaths

    QStandardPaths.setTestModeEnabled(True)


@pytest.fixture(scope="session")
def mun_loaded():
    return load_scenario(MUN)


@pytest.fixture
def mun_game(mun_loaded):
    return new_game(mun_loaded)


@pytest.fixture
def win(qtbot, mun_game):
    from boardapp.ui.mainwindow import MainWindow

    w = MainWindow(mun_game)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


@pytest.fixture
def board(win):
    from boardapp.ui import contributions

    return contributions.installed(win).extras
