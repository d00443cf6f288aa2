"""The board's File ▸ Recent list lives in the user's config folder (boardapp/resources.py), not in Qt's settings."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.mainwindow import MainWindow

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


def test_recent_files_are_kept_in_the_config_folder(qtbot: Any, tmp_path: Path) -> None:
    first = new_game(load_scenario(TINY), save=tmp_path / "a.game")
    win = MainWindow(first, tmp_path / "a.game")
    qtbot.addWidget(win)
    win.remember(tmp_path / "a.game")
    win.remember(TINY)
    kept = Path(os.environ["BOARDAPP_CONFIG_DIR"]) / "recent.txt"
    assert kept.read_text(encoding="utf-8").splitlines() == [str(TINY.resolve()), str(tmp_path / "a.game")]
    first.store.close()
    second = new_game(load_scenario(TINY))
    again = MainWindow(second, None)  # a later session sees them in its menu
    qtbot.addWidget(again)
    assert [a.text() for a in again.recent_menu.actions()] == [str(TINY.resolve()), str(tmp_path / "a.game")]
    assert again.recent_menu.isEnabled()
