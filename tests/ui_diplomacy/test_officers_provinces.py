"""Issue 32.1 on the board: the officers' dock shows a pending tie for an eliminated country with the
choice, and its button records (and later changes) the officers' ruling through the one door.

The rule: "You will be considered a province of the Great Power that took your last supply centre".
In the position (tests/diplomacy/data/russia-down.yaml) Austria and Turkey each take one of Russia's
last two centres in the same Fall phase: no single power took the last one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui import contributions
from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.rules.diplomacy.officers import ProvincesPanel

RUSSIA_DOWN = Path(__file__).resolve().parents[1] / "diplomacy" / "data" / "russia-down.yaml"


def test_the_officers_dock_shows_the_tie_and_rules_it(qtbot):
    w = MainWindow(new_game(load_scenario(RUSSIA_DOWN)))
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    qtbot.waitExposed(w)
    dock = contributions.installed(w).docks["diplomacy.officers"]
    panel = dock.widget()
    assert isinstance(panel, ProvincesPanel)
    assert panel.rows == {}  # nobody eliminated yet
    for cmd in ({"kind": "submit_orders", "power": "austria", "orders": ["A Ukr-Mos"]},
                {"kind": "submit_orders", "power": "turkey", "orders": ["A Arm-Sev"]}, {"kind": "adjudicate"}):
        w.push(cmd)
    label, combo, button = panel.rows["russia"]
    assert label.text() == "Russia: awaiting the officers' ruling — Austria or Turkey took its last centres"
    assert [combo.itemText(i) for i in range(combo.count())] == ["Austria", "Turkey"]
    assert button.text() == "Rule"
    combo.setCurrentIndex(1)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert w.game.state.eliminated == {"russia": "turkey"}
    assert w.game.entries[-1].command == {"kind": "rule_province", "power": "russia", "to": "turkey"}
    label, combo, button = panel.rows["russia"]
    assert label.text() == "Russia: a province of Turkey (the officers' ruling)"
    assert combo.currentData() == "turkey" and button.text() == "Change the ruling"
    combo.setCurrentIndex(0)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert w.game.state.eliminated == {"russia": "austria"}
    # undo takes the change back like any command
    w.undo_stack.undo()
    assert w.game.state.eliminated == {"russia": "turkey"}
    assert panel.rows["russia"][0].text() == "Russia: a province of Turkey (the officers' ruling)"
