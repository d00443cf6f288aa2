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


FORCED = "the chair resolves; the powers not handed in hold"
"""CONTROL's reason when revealing with powers missing (the scenario sets officers.orders_from_all)."""


def resolve_forced(win, board, missing: int) -> None:
    """Press "Reveal and resolve" with ``missing`` powers not handed in: the board asks first (a Force
    dialog naming them) and resolves only when CONTROL forces it with a reason."""
    from boardapp.ui.dialogs.command import ForceDialog

    before = len(win.game.entries)
    board.resolve()
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog), "resolving with powers missing must ask first"
    assert f"({missing} of 9)" in dlg.reason_texts[0]
    assert len(win.game.entries) == before, "nothing resolved before the answer"
    dlg.reason.setText(FORCED)
    dlg.force_button.click()
    assert win.game.entries[-1].command == {"kind": "adjudicate", "force": FORCED}


RESOLVE = {"kind": "adjudicate", "force": FORCED}
