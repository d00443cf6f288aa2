"""A board scene lays its picture out when first needed, not when it is made: a view sets its far
mode and its enlargement of the pieces first, so the pieces are laid out once, at the view's size.
What the board shows must not change: the first paint equals that of a scene laid out at once,
and a game change made before the first paint shows in it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage

from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView


def _shown(qtbot, scene: BoardScene, one_to_one: bool = False) -> QImage:
    """The viewport of a 500x300 view of ``scene``, fitted (far mode on the tiny map) or at 1:1."""
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    if one_to_one:
        view.zoom_by(1.0 / view.zoom())
        view.centerOn(scene.place_pos("bravo"))
    return view.viewport().grab().toImage()


def test_a_new_scene_waits_for_its_view_to_lay_out(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    assert scene._unlaid and not scene._chip_store and not scene._badges  # nothing laid out at scale 1
    _shown(qtbot, scene)
    assert scene.far and scene.zoom_k > 1  # fitted far out: the pieces enlarged ...
    chip = scene._chips["g-mil1"]  # ... and laid out at that size, not at the scene's own
    assert chip.rect.width() == pytest.approx(scene.stack_chip() + chip.scale)  # a chip's side, plus a pixel's rim
    scene.detach()


def test_first_paint_equals_a_scene_laid_out_at_once(qtbot, tiny_game):
    for one_to_one in (False, True):
        lazy = BoardScene(tiny_game)
        eager = BoardScene(tiny_game)
        assert len(eager.counters) == 5  # asking for the counters lays the picture out at scale 1 now
        assert not eager._unlaid and lazy._unlaid
        a, b = _shown(qtbot, lazy, one_to_one), _shown(qtbot, eager, one_to_one)
        assert a == b, f"the first paint differs ({'1:1' if one_to_one else 'fitted'})"
        lazy.detach()
        eager.detach()


def test_a_game_change_before_the_first_paint_shows(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    tiny_game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert scene._unlaid  # still not laid out: the change waits with it
    first = _shown(qtbot, scene)
    assert scene.counters["g-mil1"].piece.place == "charlie"
    assert scene._chips["g-mil1"].place == "charlie"
    assert any(row[2] is scene._chips["g-mil1"].pixmap for row in scene.pieces_layer()["charlie"][1])
    after = BoardScene(tiny_game)  # made after the move: what the board must show
    assert first == _shown(qtbot, after)
    before = BoardScene(tiny_game)
    tiny_game.undo()
    before.refresh()
    assert first != _shown(qtbot, before)  # the control: the move does change the picture
    for s in (scene, after, before):
        s.detach()


def test_every_way_in_sees_the_laid_out_picture(qtbot, tiny_game):
    """Whatever is asked first (markers, tokens, counters, items, a counter under a point) is
    answered from the laid-out picture."""
    picture = tiny_game.module.board(tiny_game.state)
    placed = {p.id for p in picture.pieces if p.place}
    asks: dict[str, Any] = {
        "badges": lambda s: set(s.badges) == {p.id for p in s.map.places},
        "tokens": lambda s: len(s.tokens) == len([t for t in picture.tokens if t.place in s.places]),
        "counters": lambda s: set(s.counters) == placed,
        "contains": lambda s: "g-mil1" in s.counters,
        "len": lambda s: len(s.counters) == len(placed),
        "chips": lambda s: set(s._chips) == placed,
        "items": lambda s: len(s.items()) >= len(s.map.places) + len(placed),
        "items far": lambda s: not s.set_far(True) and len(s.items()) >= len(s.map.places),
        "counter_at": None,  # asked at a point: where the chip lies once laid out (below)
        "pieces_layer": lambda s: set(s.pieces_layer()) >= {p.place for p in picture.pieces if p.place},
    }
    for name, ask in asks.items():
        scene = BoardScene(tiny_game)
        assert scene._unlaid
        if ask is None:
            probe = BoardScene(tiny_game)
            assert len(probe.counters) == len(placed)  # asking lays it out
            rect = probe._chips["g-mil1"].rect
            assert scene.counter_at(rect.center()) is not None, name
            probe.detach()
        else:
            assert ask(scene), name
        assert not scene._unlaid, name
        scene.detach()
