"""The status line names the turn in the rule system's own words, as its Turn dock does (the game-day rehearsal
of 27 Nov: the hosted window's status line said "Season 1" where MUN's Turn dock said "Spring 1935", and "Turn 1"
where Mid-East's said "Round 1"). Every shipped system, hosted on 127.0.0.1; read from the labels shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import load_scenario, new_game, open_game

ROOT = Path(__file__).resolve().parents[2]
WAIT = 10_000
FIRST_TURN = {  # each system's first turn as its rulebook and Turn dock call it
    "war-in-binni.yaml": "Week 1",
    "mun-historical-1935.yaml": "Spring 1935",
    "mideast-peace.yaml": "Round 1",
    "coup.yaml": "Set-up",
    "the-game.yaml": "Turn 1 (2000)",
    "tarn-valley.yaml": "Turn 1",
}


@pytest.mark.parametrize("name", sorted(FIRST_TURN))
def test_the_status_lines_clock_calls_the_turn_as_the_turn_dock_does(qtbot: Any, tmp_path: Path,
                                                                    name: str) -> None:
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import SeatPlan

    path = tmp_path / "hosted.game"
    new_game(load_scenario(ROOT / "scenarios" / name), save=path).store.close()
    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    try:
        win.network.host_game(port=0, bind="127.0.0.1", plan=SeatPlan(umpires=[]))
        clock = win.network.clock_label
        qtbot.waitUntil(lambda: clock.text() != "", timeout=WAIT)
        turn = clock.text().split(" · ")[0]
        assert turn == FIRST_TURN[name], clock.text()
        assert win.turn_panel.label.text().startswith(turn), (turn, win.turn_panel.label.text())
        assert win.status.text().startswith(turn), win.status.text()
        assert clock.isVisible() and clock.width() >= clock.sizeHint().width()  # shown whole
    finally:
        win.network.shutdown()
        win.close()
        QApplication.processEvents()
