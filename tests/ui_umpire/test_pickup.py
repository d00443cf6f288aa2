"""Issue #13 item 9: picking up a counter says at once when it has no legal move and why; costs beside
the legal places are readable; the dragged chip looks lifted and its old place shows a ghost."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsDropShadowEffect, QGraphicsPixmapItem, QGraphicsSimpleTextItem

from boardapp.ui.mainwindow import MainWindow


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.resize(1920, 1080)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def lift(win, counter: str, towards: str):
    """Press on the counter and move halfway towards a place (the drag is under way)."""
    view, scene = win.view, win.scene
    r = scene.counters[counter].sceneBoundingRect()
    start = view.mapFromScene(QPointF(r.left() + 8, r.center().y()))
    end = view.mapFromScene(scene.place_pos(towards))
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 5):
        pos = start + (end - start) * (i / 8)
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
                                               Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                               Qt.KeyboardModifier.NoModifier))
    return vp, start + (end - start) * 0.5


def test_a_counter_that_already_moved_says_no_legal_move_on_pick_up(win):
    win.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    vp, at = lift(win, "g-mil1", "delta")
    reason = win.game.module.check(win.game.state, win.game.module.drop_command(win.game.state, "g-mil1", "delta"))
    assert reason and "already moved" in reason[0]
    assert win.scene.no_move_reason == f"no legal move ({reason[0]})"
    assert win.statusBar().currentMessage() == win.scene.no_move_reason, "said on pick-up, before any drop"
    assert win.dialog is None
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


def test_a_counter_with_moves_says_nothing_and_is_lifted_over_a_ghost(win):
    item = win.scene.counters["g-bde1"]
    old_pos, old_scale = item.pos(), item.scale()
    vp, at = lift(win, "g-bde1", "charlie")
    assert win.scene.no_move_reason == ""
    assert isinstance(item.graphicsEffect(), QGraphicsDropShadowEffect)
    assert item.scale() > old_scale
    ghosts = [i for i in win.scene.items() if isinstance(i, QGraphicsPixmapItem) and i is not item
              and i.pos() == old_pos and i.opacity() < 0.5]
    assert len(ghosts) == 1
    # the costs beside the rings: a fixed screen size, whatever the zoom
    costs = [i for i in win.scene._option_items if isinstance(i, QGraphicsSimpleTextItem)]
    assert costs
    for c in costs:
        assert c.flags() & c.GraphicsItemFlag.ItemIgnoresTransformations
        assert max(c.font().pixelSize(), c.font().pointSize()) >= 15
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert item.graphicsEffect() is None, "put down"
    assert not [i for i in win.scene.items() if i in ghosts], "the ghost goes with the drop"
