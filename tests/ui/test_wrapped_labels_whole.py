"""Wrapped labels in docks are kept whole (found in the game-day rehearsal of 27 Nov on Xvfb at 1920x1080: the
Big screen dock's clock line and The Game's Turn dock were cut top and bottom, as was Coup's turn in combat).
Measured from what is laid out: each label is at least as tall as its wrapped text needs at its width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel

ROOT = Path(__file__).resolve().parents[2]


def _cut(label: QLabel) -> tuple[str, int, int] | None:
    need = label.heightForWidth(label.width())
    return (label.text(), label.height(), need) if label.isVisible() and label.height() < need else None


@pytest.mark.parametrize("width", [1920, 1366])
def test_the_games_turn_and_clock_lines_are_whole(qtbot: Any, width: int) -> None:
    from boardapp.ui.app import open_window

    window = open_window(ROOT / "scenarios" / "the-game.yaml", ask=None)
    qtbot.addWidget(window)
    window.resize(width, 1000 if width == 1920 else 700)
    window.show()
    qtbot.waitExposed(window)
    for _ in range(5):
        QApplication.processEvents()
        qtbot.wait(30)
    clock = window.findChild(QDockWidget, "Big screen").widget().clock_control.readout
    panel = window.turn_panel
    assert "Sever diplomatic relations" in clock.text()
    cut = [c for c in (_cut(clock), _cut(panel.label), _cut(panel.tallies)) if c is not None]
    assert cut == [], cut
