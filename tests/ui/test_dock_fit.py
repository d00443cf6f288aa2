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


def _stacked(qtbot: Any, heights: list[int]) -> tuple[Any, list[QDockWidget]]:
    """A window with a dock per height stacked down its right side, each asking that many pixels."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("board"))
    docks = []
    for i, h in enumerate(heights):
        dock = QDockWidget(f"dock {i}", window)
        dock.setObjectName(f"dock {i}")
        inner = QWidget()
        inner.setMinimumSize(200, h)
        dock.setWidget(inner)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        docks.append(dock)
    window.resize(1000, 500)
    window.show()
    qtbot.waitExposed(window)
    return window, docks


def test_a_dock_kept_in_sight_never_goes_behind_a_tab(qtbot: Any) -> None:
    """The two docks that ask least share a tab, unless one of them is kept in sight (hosting keeps the Seats
    dock and the Big screen dock's clock in front): then another group moves, or joins it behind it."""
    window, docks = _stacked(qtbot, [100, 120, 300, 320])
    tall = window.minimumSizeHint().height()
    fit_docks(window, tall - 200, keep_in_sight=[docks[0], docks[1]])  # both larger docks must move
    assert window.minimumSizeHint().height() <= tall - 200
    for kept in docks[:2]:
        assert not kept.visibleRegion().isEmpty(), f"{kept.objectName()} went behind a tab"
    assert docks[1] not in window.tabifiedDockWidgets(docks[0])
    assert docks[2] in window.tabifiedDockWidgets(docks[0]) and docks[3] in window.tabifiedDockWidgets(docks[1])

    window, docks = _stacked(qtbot, [100, 120, 300, 320])  # the same without: the two smallest share a tab
    fit_docks(window, tall - 200)
    assert docks[1] in window.tabifiedDockWidgets(docks[0])


def test_the_tab_in_front_stays_in_front(qtbot: Any) -> None:
    """A group joins a tab group: the dock that was in front of it stays there (Qt calls a dock behind a tab
    visible too, and the first of the group came to the front: hosting showed the Log instead of the Teams)."""
    window, (a, b, c, _) = _stacked(qtbot, [200, 210, 100, 400])
    window.tabifyDockWidget(a, b)
    b.raise_()
    qtbot.waitUntil(lambda: a.visibleRegion().isEmpty() and not b.visibleRegion().isEmpty())
    fit_docks(window, window.minimumSizeHint().height() - 50)  # one move: the smallest (c) joins a and b
    assert c in window.tabifiedDockWidgets(b)
    qtbot.waitUntil(lambda: not b.visibleRegion().isEmpty(), timeout=1000)
    assert a.visibleRegion().isEmpty() and c.visibleRegion().isEmpty()


def test_a_kept_dock_below_comes_up_and_the_side_keeps_its_order(qtbot: Any) -> None:
    """Hosting adds the Seats dock at the bottom, kept in sight: the group that must share a tab with it is the
    Teams/Log group at the top. The Seats dock comes up into that place, in front; the docks between stay where
    they were (seen in the rehearsal of 27 Nov: MUN's and Binni's Teams tabs went under the Seats dock at the
    bottom and the Big screen dock jumped to the top)."""
    window, (top, middle, clock, seats) = _stacked(qtbot, [100, 300, 320, 120])
    tall = window.minimumSizeHint().height()
    fit_docks(window, tall - 60, keep_in_sight=[clock, seats])  # one move: the top group and the Seats dock
    assert seats in window.tabifiedDockWidgets(top)
    qtbot.waitUntil(lambda: not seats.visibleRegion().isEmpty(), timeout=1000)
    assert top.visibleRegion().isEmpty()
    assert seats.y() < middle.y() < clock.y(), (seats.y(), middle.y(), clock.y())
