"""A board window never taller than its screen: docks stacked down one side share tabs instead.

Each rule system adds its own docks (Diplomacy's orders and officers, Mid-East's table, The Game's
ledgers …) to the window's own (Teams, Log, Big screen, Control team). Stacked down one side, their
minimum heights add up: MUN's window asked for 1,007 px, The Game's 832 and Mid-East's 804 — taller than
a 1366x768 or 1280x800 laptop, so the window ran off the screen with its status line, where the network's
notices go. :func:`fit_docks` puts the stacked groups that ask least into one tab group until the window's
minimum height fits; nothing is hidden (each stays a tab).
"""

from __future__ import annotations

from collections.abc import Iterable

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


def _front(group: list[QDockWidget]) -> QDockWidget:
    """The dock of a tab group that is in front. Not ``isVisible()``: Qt says a dock behind a tab is visible too,
    so the first of the group was raised (hosting brought the Log in front of the Teams)."""
    return (next((d for d in group if d.isVisible() and not d.visibleRegion().isEmpty()), None)
            or next(d for d in group if not d.isHidden()))


def _pair(groups: list[list[QDockWidget]], keep: set[int]) -> tuple[list[QDockWidget], list[QDockWidget]] | None:
    """The group that moves (the one that asks least, holding no dock kept in sight) and the group it joins
    (the one that asks least of the rest); None when every group holds a dock kept in sight."""
    movable = sorted((g for g in groups if not any(id(d) in keep for d in g)), key=_asks)
    if not movable:
        return None
    small = movable[0]
    other = min((g for g in groups if g is not small), key=_asks)
    return small, other


def fit_docks(window: QMainWindow, height: int, keep_in_sight: Iterable[QDockWidget] = ()) -> int:
    """Tab together the dock groups that ask least, on the side that stacks most, until ``window``'s minimum
    height is at most ``height`` (or every side is one tab group). Returns how many docks moved.

    A dock in ``keep_in_sight`` is never put behind another tab: its group never moves, and a group that
    joins it goes behind it (the Seats dock CONTROL just opened by hosting, the Big screen dock's clock); a kept
    group lower down moves up into the other's place, so the docks keep their order down the side."""
    keep = {id(d) for d in keep_in_sight}
    moved = 0
    layout = window.layout()
    while True:
        if layout is not None:
            layout.activate()
        if window.minimumSizeHint().height() <= height:
            return moved
        sides = [(sum(_asks(g) for g in groups), pair) for area in SIDES
                 if len(groups := _groups(window, area)) >= 2 and (pair := _pair(groups, keep)) is not None]
        if not sides:
            return moved
        _, (small, other) = max(sides, key=lambda s: s[0])
        kept = next((d for d in other if id(d) in keep and not d.isHidden()), None)
        anchor = _front(small)
        if kept is not None and kept.y() > anchor.y():
            # a kept group below comes up into the place of the group that joins it, in front: the side keeps
            # its order (hosting put the Teams/Log tabs under the new Seats dock, and the Big screen on top)
            for dock in other:
                window.tabifyDockWidget(anchor, dock)
                moved += 1
            kept.raise_()
            continue
        target = kept or _front(other)
        for dock in small:
            window.tabifyDockWidget(target, dock)
            moved += 1
        target.raise_()  # the tab that was in front stays in front


def join_a_tab_group(window: QMainWindow, dock: QDockWidget, height: int,
                     keep_in_sight: Iterable[QDockWidget] = ()) -> bool:
    """A dock just added (hosting's Seats dock) that makes ``window`` taller than ``height`` joins, in front, the
    tab group on its side that asks the most height (where it costs least) whose dock in front is not one kept in sight:
    the other docks keep their side, order and tabs (:func:`fit_docks` alone tabbed MUN's Officers in with the
    Teams). False if it was not needed or there is no such group."""
    layout = window.layout()
    if layout is not None:
        layout.activate()
    if window.minimumSizeHint().height() <= height or dock.isFloating() or window.tabifiedDockWidgets(dock):
        return False
    keep = {id(d) for d in keep_in_sight} | {id(dock)}
    groups = [g for g in _groups(window, window.dockWidgetArea(dock))  # not over a kept dock shown in front
              if dock not in g and id(_front(g)) not in keep]
    if not groups:
        return False
    target = _front(max(groups, key=_asks))
    window.tabifyDockWidget(target, dock)
    dock.raise_()
    return True


CENTRE_SHARE = 0.5
"""The least share of a window's width its centre (the map, Coup's table) keeps beside the side docks."""


def keep_centre_share(window: QMainWindow, share: float = CENTRE_SHARE, gap: int = 12) -> bool:
    """Narrow the left and right dock columns, in proportion and never below their own minimum widths, so that the
    window's centre keeps ``share`` of its width: an umpire's 1400x900 window gave Mid-East PEACE's map 528 px beside
    the 300-px left docks and the 560-px table dock, War in Binni's 668. True if docks were narrowed."""
    layout = window.layout()
    if layout is not None:
        layout.activate()
    columns: list[tuple[list[QDockWidget], int, int]] = []  # docks, width, least width
    for area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
        docks = [d for d in window.findChildren(QDockWidget)
                 if not d.isFloating() and d.isVisible() and window.dockWidgetArea(d) == area]
        if docks:
            columns.append((docks, max(d.width() for d in docks),
                            max(d.minimumSizeHint().width() for d in docks)))
    room = int(window.width() * (1 - share)) - gap * len(columns)
    used = sum(width for _docks, width, _least in columns)
    if not columns or used <= room:
        return False
    spare = sum(width - least for _docks, width, least in columns)
    cut = min(used - room, spare)
    if cut <= 0:
        return False
    docks, widths = [], []
    for column, width, least in columns:
        new = width - round(cut * (width - least) / spare) if spare else width
        for dock in column:
            docks.append(dock)
            widths.append(max(new, least))
    window.resizeDocks(docks, widths, Qt.Orientation.Horizontal)
    return True
