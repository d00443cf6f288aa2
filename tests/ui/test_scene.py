from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor

from boardapp.engine.files import new_game
from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.style import text_on


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

    from boardapp.ui.board.render import render_png

    game = new_game(binni_loaded)
    out = render_png(game, tmp_path / "b.png", 800, 450)
    img = QImage(str(out))
    assert (img.width(), img.height()) == (800, 450)
    seen: dict[str, int] = {}
    for y in range(img.height()):
        for x in range(img.width() * 3 // 4):  # the map, left of the legend of teams
            name = img.pixelColor(x, y).name()
            seen[name] = seen.get(name, 0) + 1
    # every map faction holds places or counters at the start, drawn in its scenario colour on the map
    for team in game.module.teams:
        if team.on_map:
            assert seen.get(team.colour.lower(), 0) >= 20, f"{team.id} ({team.colour}) is not on the map"
    assert img.pixelColor(2, 2).lightness() < 80, "the title strip is dark"
    assert len(seen) > 1000, "a board, not a flat fill"


def test_far_mode_paints_pieces_into_the_background_and_still_drags(qtbot, tiny_game):
    """Zoomed far out, the view asks the scene to paint its pieces with the map (no items drawn);
    a press on a counter's picture brings that counter up as its item so it can be dragged."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest

    from boardapp.ui.board.scene import LOD_PIECES
    from boardapp.ui.board.view import BoardView

    scene = BoardScene(tiny_game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    assert view.zoom() < LOD_PIECES and scene.far
    assert not any(i.isVisible() for i in scene.counters.values())
    layer = scene.pieces_layer()
    assert set(layer) >= {c.piece.place for c in scene.counters.values()}
    item = scene.counters["g-mil1"]
    r = item.sceneBoundingRect()
    start = view.mapFromScene(QPointF(r.left() + 4, r.center().y()))
    end = view.mapFromScene(scene.place_pos("charlie"))
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    assert item.isVisible()
    from tests.ui.test_window import _move

    for i in range(1, 7):
        _move(vp, start + (end - start) * (i / 6))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert tiny_game.state.counters["g-mil1"].place == "charlie"
    assert not item.isVisible()  # back in the background picture, at its new place
    assert scene.pieces_layer()["charlie"]
    view.zoom_by(1.0 / view.zoom())
    assert not scene.far and item.isVisible()
    scene.detach()


def test_background_path_is_relative_to_the_map_file(qtbot, tmp_path, monkeypatch):
    """A scenario in one folder, its map in a sub-folder with a background beside it; the program
    runs from elsewhere. The scene finds the image through the game's source scenario."""

    from PySide6.QtGui import QImage

    from boardapp.engine.files import load_scenario

    data = Path(__file__).resolve().parents[1] / "data"
    (tmp_path / "maps").mkdir()
    text = (data / "tiny-map.yaml").read_text(encoding="utf-8")
    (tmp_path / "maps" / "tiny-map.yaml").write_text(text + "\nbackground: {image: art/bg.png}\n",
                                                      encoding="utf-8")
    (tmp_path / "maps" / "art").mkdir()
    img = QImage(200, 120, QImage.Format.Format_RGB32)
    img.fill(0x336699)
    assert img.save(str(tmp_path / "maps" / "art" / "bg.png"))
    scen = (data / "tiny-scenario.yaml").read_text(encoding="utf-8").replace("map: tiny-map.yaml",
                                                                            "map: maps/tiny-map.yaml")
    (tmp_path / "scenario.yaml").write_text(scen, encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    game = new_game(load_scenario(tmp_path / "scenario.yaml"), save=tmp_path / "g.game",
                    source=str(tmp_path / "scenario.yaml"))
    scene = BoardScene(game)
    assert scene.background_path() == tmp_path / "maps" / "art" / "bg.png"
    assert scene._background_image is not None and scene._background_image.width() == 200
    scene.detach()
    game.store.close()


def test_background_over_the_allocation_limit_still_loads(qtbot, tmp_path):
    """A PNG (no scaled decoding) whose decoded size exceeds Qt's allocation limit is read whole
    with the limit raised for that read, then held reduced; the global limit is put back."""
    from PySide6.QtGui import QImage, QImageReader

    from boardapp.ui.board.scene import load_background

    img = QImage(3000, 2000, QImage.Format.Format_RGB32)  # 23 MB decoded
    img.fill(0x808080)
    path = tmp_path / "big.png"
    assert img.save(str(path))
    old = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(8)  # stands for the default 256 MB against a 20,000-pixel PNG
    try:
        assert QImageReader(str(path)).read().isNull()  # what a plain read does
        out = load_background(str(path), max_side=1500)
        assert QImageReader.allocationLimit() == 8
    finally:
        QImageReader.setAllocationLimit(old)
    assert out is not None and (out.width(), out.height()) == (1500, 1000)
    jpeg = tmp_path / "big.jpg"
    assert img.save(str(jpeg))
    small = load_background(str(jpeg), max_side=600)
    assert small is not None and (small.width(), small.height()) == (600, 400)
