"""Counter items are made when first needed: a scene fitted far away paints its chips from their
layout and makes no item until one is asked for, pressed, or the view zooms in past far mode."""

from __future__ import annotations

from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView


def _counter_items(scene: BoardScene) -> list[CounterItem]:
    return [i for i in scene._items.values() if i.scene() is scene]


def test_far_view_makes_no_counter_items_until_asked(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    assert scene.far
    assert not _counter_items(scene)
    picture = tiny_game.module.board(tiny_game.state)
    assert set(scene.counters) == {p.id for p in picture.pieces if p.place}
    layer = scene.pieces_layer()
    chip = scene._chips["g-mil1"]
    assert any(row[2] is chip.pixmap for row in layer[chip.place][1])
    # geometry-based lookups make just the one item, hidden (far mode paints it)
    r = chip.rect
    item = scene.counter_at(r.center())
    assert isinstance(item, CounterItem) and not item.isVisible()
    assert item.sceneBoundingRect() == r  # the item lies exactly where the chip was painted
    assert len(_counter_items(scene)) == 1
    view.zoom_by(1.0 / view.zoom())  # zoomed in: every counter is an item again
    assert not scene.far
    assert len(_counter_items(scene)) == len(scene.counters)
    assert all(i.isVisible() for i in scene.counters.values())
    scene.detach()


def test_scene_without_view_makes_items_when_drawn(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    assert not _counter_items(scene)
    shown = {i.counter_id for i in scene.items() if isinstance(i, CounterItem)}
    assert shown == set(scene.counters)
    scene.detach()
