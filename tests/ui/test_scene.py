from __future__ import annotations

from PySide6.QtGui import QColor

from boardapp.engine.files import new_game
from boardapp.ui.scene import BoardScene, CounterItem
from boardapp.ui.style import text_on


def test_scene_draws_every_counter_and_marker(qtbot, binni_game):
    scene = BoardScene(binni_game)
    picture = binni_game.module.board(binni_game.state)
    assert set(scene.counters) == {p.id for p in picture.pieces}
    assert set(scene.badges) == {p.id for p in binni_game.module.map.places}
    assert len(scene.tokens) == len(picture.tokens)
    scene.detach()


def test_stacks_are_fanned_so_every_counter_can_be_picked(qtbot, binni_game):
    scene = BoardScene(binni_game)
    kalen = [c for c in scene.counters.values() if c.piece.place == "kalen"]
    assert len(kalen) >= 2
    for item in kalen:  # the item found at the centre of each chip's visible left part is that chip
        r = item.sceneBoundingRect()
        hit = [i for i in scene.items(r.topLeft() + (r.bottomLeft() - r.topLeft()) / 2 + type(r.topLeft())(4, 0))
               if isinstance(i, CounterItem)]
        assert hit and hit[0] is item
    scene.detach()


def test_scene_follows_the_game(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    before = scene.counters["g-mil1"].pos()
    tiny_game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert scene.counters["g-mil1"].piece.place == "charlie"
    assert scene.counters["g-mil1"].pos() != before
    tiny_game.undo()
    assert scene.counters["g-mil1"].pos() == before
    scene.detach()


def test_public_scene_shows_no_hidden_counter(qtbot, tiny_game):
    tiny_game.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    picture = tiny_game.module.board(tiny_game.state)
    hidden = {p.id for p in picture.pieces if p.hidden}
    assert hidden, "the tiny scenario's special forces are hidden"
    public = BoardScene(tiny_game, public=True)
    umpire = BoardScene(tiny_game)
    assert not hidden & set(public.counters)
    assert hidden <= set(umpire.counters)
    shown = {i.counter_id for i in public.items() if isinstance(i, CounterItem)}
    assert not hidden & shown
    public.detach()
    umpire.detach()


def test_text_on_chips_contrasts():
    assert text_on(QColor("#000000")).name() == "#ffffff"
    assert text_on(QColor("#f0e442")).name() == "#000000"
    assert text_on(QColor("#0072b2")).name() == "#ffffff"


def test_render_png(tmp_path, binni_loaded):
    from PySide6.QtGui import QImage

    from boardapp.ui.render import render_png

    out = render_png(new_game(binni_loaded), tmp_path / "b.png", 800, 450)
    img = QImage(str(out))
    assert (img.width(), img.height()) == (800, 450)
