"""Issue #13 item 10: a context menu names its piece or place, and items that cannot apply are greyed
with the rules' reason as their tooltip (asked of the rule module, never decided by the menu)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

from boardapp.ui.mainwindow import MainWindow


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def right_click(win, qtbot, scene_point: QPointF) -> list[tuple[str, bool, str]]:
    """A real context-menu event on the board; the popup's items as (text, enabled, tooltip)."""
    at = win.view.mapFromScene(scene_point)
    seen: list[list[tuple[str, bool, str]]] = []

    def read_popup() -> None:
        menu = QApplication.activePopupWidget()
        if isinstance(menu, QMenu):
            seen.append([(a.text(), a.isEnabled(), a.toolTip()) for a in menu.actions() if not a.isSeparator()])
            menu.close()
        else:
            QTimer.singleShot(10, read_popup)

    QTimer.singleShot(10, read_popup)
    ev = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, win.view.viewport().mapToGlobal(at))
    QApplication.sendEvent(win.view.viewport(), ev)
    qtbot.waitUntil(lambda: bool(seen))
    return seen[0]


def counter_point(win, ident: str) -> QPointF:
    r = win.scene.counters[ident].sceneBoundingRect()
    return QPointF(r.left() + 6, r.center().y())


def item(items, text):
    return next(i for i in items if i[0].startswith(text))


def test_counter_menu_has_a_header_and_greys_a_rebuild_without_losses(win, qtbot):
    items = right_click(win, qtbot, counter_point(win, "g-bde1"))
    header = items[0]
    assert "g-bde1" in header[0] and "Combat Brigade" in header[0] and not header[1]
    _, enabled, tip = item(items, "Rebuild (1 loss)")
    assert not enabled, "an undamaged brigade has nothing to rebuild"
    assert "0 losses" in tip, "the rule module's own reason"
    assert item(items, "Activate for this week")[1], "a fresh brigade can be activated"


def test_activate_is_greyed_once_activated(win, qtbot):
    win.push({"kind": "activate", "counter": "g-bde1"})
    _, enabled, tip = item(right_click(win, qtbot, counter_point(win, "g-bde1")), "Activate")
    assert not enabled and "already activated" in tip


def test_attack_on_an_empty_neutral_place_is_greyed_and_named(win, qtbot):
    items = right_click(win, qtbot, win.scene.place_pos("charlie"))
    assert items[0][0] == "Charlie" and not items[0][1]
    _, enabled, tip = item(items, "Attack this place")
    assert not enabled and "nobody at Charlie" in tip
    assert item(items, "Influence contest")[1], "what does apply stays enabled"


def test_attack_on_a_held_place_stays_enabled(win, qtbot):
    assert item(right_click(win, qtbot, win.scene.place_pos("delta")), "Attack this place")[1]
