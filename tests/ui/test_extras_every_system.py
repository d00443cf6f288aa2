"""The network, big screen and Control team come after the first paint for every rule system, not only those
with a map (found in the game-day rehearsal of 27 Nov on Xvfb: Coup's CONTROL window, whose centre is the
table, had an empty Game menu, no Host on the LAN, no Big screen and no Control team dock: they waited for
the map view's first paint, and Coup's map view is never shown)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_deferred_docks_and_menus_arrive_for_every_system(qtbot: Any, name: str) -> None:
    from PySide6.QtWidgets import QDockWidget

    from boardapp.ui.app import open_window

    window = open_window(ROOT / "scenarios" / name, ask=None, extras_after_first_paint=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: getattr(window, "network", None) is not None, timeout=5_000)
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Game")
    assert any(a.text().replace("&", "").startswith("Host on the LAN") for a in game_menu.actions())
    docks = {d.objectName() for d in window.findChildren(QDockWidget)}
    assert {"Big screen", "control-team"} <= docks, docks


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_laptops_window_stays_on_its_screen_once_the_deferred_docks_arrive(qtbot: Any, monkeypatch: Any,
                                                                             name: str) -> None:
    """At 1366x768 the window fits its screen after the docks added after the first paint too (Mid-East
    PEACE's CONTROL window was 1366x804 on Xvfb: its status line and turn strip were off the screen; built at
    once the same window fitted). The offscreen platform's nominal screen is replaced by a 1366x768 one."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QGuiApplication

    from boardapp.ui.app import open_window

    class Laptop:
        def availableGeometry(self) -> QRect:
            return QRect(0, 0, 1366, 768)

    monkeypatch.setattr(QGuiApplication, "platformName", staticmethod(lambda: "xcb"))
    window = open_window(ROOT / "scenarios" / name, ask=None, extras_after_first_paint=True)
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "screen", Laptop)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: getattr(window, "network", None) is not None, timeout=5_000)
    qtbot.wait(100)
    assert window.height() <= 768 and window.minimumSizeHint().height() <= 768, \
        (window.height(), window.minimumSizeHint().height())
