"""A board window never taller than its screen: docks stacked down one side share tabs instead.

Each rule system adds its own docks (Diplomacy's orders and officers, Mid-East's table, The Game's
ledgers …) to the window's own (Teams, Log, Big screen, Control team). Stacked down one side, their
minimum heights add up: MUN's window asked for 1,007 px, The Game's 832 and Mid-East's 804 — taller than
a 1366x768 or 1280x800 laptop, so the window ran off the screen with its status line, where the network's
notices go. :func:`fit_docks` puts the stacked groups that ask least into one tab group until the window's
minimum height fits; nothing is hidden (each stays a tab).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

SIDES = (Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea)


def _groups(window: QMainWindow, area: Qt.DockWidgetArea) -> list[list[QDockWidget]]:
    """The dock groups stacked down ``area``: a dock with the docks tabified with it, shown ones only."""
    seen: set[int] = set()
    groups: list[list[QDockWidget]] = []
    for dock in window.findChildren(QDockWidget):
        if id(dock) in seen or dock.isFloating() or window.dockWidgetArea(dock) != area:
            continue
        group = [dock, *window.tabifiedDockWidgets(dock)]
        seen.update(id(d) for d in group)
        if any(not d.isHidden() for d in group):
            groups.append(group)
    return groups


def _asks(group: list[QDockWidget]) -> int:
    return max(d.minimumSizeHint().height() for d in group if not d.isHidden())


def fit_docks(window: QMainWindow, height: int) -> int:
    """Tab together the dock groups that ask least, on the side that stacks most, until ``window``'s minimum
    height is at most ``height`` (or every side is one tab group). Returns how many docks moved."""
    moved = 0
    layout = window.layout()
    while True:
        if layout is not None:
            layout.activate()
        if window.minimumSizeHint().height() <= height:
            return moved
        sides = [(sum(_asks(g) for g in groups), groups) for area in SIDES
                 if len(groups := _groups(window, area)) >= 2]
        if not sides:
            return moved
        _, groups = max(sides, key=lambda s: s[0])
        small, other = sorted(groups, key=_asks)[:2]
        target = next((d for d in other if d.isVisible()), None) or next(d for d in other if not d.isHidden())
        for dock in small:
            window.tabifyDockWidget(target, dock)
            moved += 1
        target.raise_()  # the tab that was in front stays in front
