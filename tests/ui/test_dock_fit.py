"""A board window fits a laptop's screen whatever the rule system's docks (ui/widgets/dockfit.py).

Measured before the fix (offscreen, the window's minimum height): MUN 1,007 px, The Game 832, Mid-East 804 —
taller than a 1366x768 laptop's screen, so the window's bottom (its status line, where network notices go)
ran off the screen."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDockWidget

from boardapp import resources
from boardapp.ui.app import open_window
from boardapp.ui.widgets.dockfit import fit_docks

SCENARIOS = [p.name for p in resources.shipped_scenarios()]


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_systems_window_fits_a_1366x768_laptop(qtbot: Any, name: str) -> None:
    window = open_window(str(resources.scenario_dir() / name), ask=None)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    shown = {d.objectName() or d.windowTitle() for d in window.findChildren(QDockWidget) if not d.isHidden()}
    fit_docks(window, 768 - 40)  # the screen less a task bar
    assert window.minimumSizeHint().height() <= 728, name
    still = {d.objectName() or d.windowTitle() for d in window.findChildren(QDockWidget) if not d.isHidden()}
    assert still == shown  # nothing hidden: the docks share tabs
    window.resize(1366, 728)
    qtbot.wait(50)
    assert window.height() <= 728
