"""A game change far away on a map of many places (issue #27): the repaint finds the places near
the repainted region through a grid of the places' points instead of testing every place's
rectangle. These tests hold that the grid never misses a place: the places it gives for any
rectangle include every place whose pieces meet it, and the pixels of a change painted in part
equal those of the whole background painted again."""

from __future__ import annotations

import random
from types import SimpleNamespace

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken
from boardapp.model.mapfile import Map

COLS, ROWS, STEP = 20, 15, 300


class _Module:
    """300 places on a jittered grid, 900 counters three a place, tokens at every 7th place."""

    def __init__(self, rng: random.Random) -> None:
        places = [{"id": f"p{i}", "name": f"Place {i}", "kind": rng.choice(["town", "city"]),
                   "at": [150 + (i % COLS) * STEP + rng.uniform(-60, 60),
                          150 + (i // COLS) * STEP + rng.uniform(-60, 60)]}
                  for i in range(COLS * ROWS)]
        places += [{"id": "twin-a", "name": "Twin A", "kind": "town", "at": [2950, 2300]},  # two places closer
                   {"id": "twin-b", "name": "Twin B", "kind": "town", "at": [2990, 2310]}]  # than a chip is wide
        self.map = Map.model_validate({"id": "g", "name": "G", "size": [COLS * STEP, ROWS * STEP], "regions": [],
                                       "places": places, "roads": []}, context={"defer_checks": True})
        self.teams = [SimpleNamespace(id=f"t{i}", name=f"Team {i}", colour=c, symbol=f"T{i}", on_map=True)
                      for i, c in enumerate(["#0072b2", "#e69f00", "#009e73", "#cc79a7"])]
        self.scenario = SimpleNamespace(name="G", teams=self.teams)
        self.place_ids = [p["id"] for p in places]
        self.pieces = [BoardPiece(id=f"c{i}", team=rng.choice(self.teams).id, label="MIL", value=str(rng.randint(1, 6)),
                                  place=self.place_ids[i % len(self.place_ids)]) for i in range(900)]
        self.control = {p: rng.choice([None, "t0", "t1"]) for p in self.place_ids}
        self.tokens = [BoardToken(kind="dp", place=p, count=2) for p in self.place_ids[::7]]

    def board(self, state: object) -> BoardPicture:
        return BoardPicture(control=dict(self.control), pieces=list(self.pieces), tokens=list(self.tokens))

    def move_options(self, state: object, piece: str) -> list:
        return []


class _Game:
    def __init__(self, module: _Module) -> None:
        self.module, self.state = module, object()

    def subscribe(self, listener: object) -> object:
        return lambda: None


def test_the_places_near_a_rectangle_include_every_place_whose_pieces_meet_it(qtbot):
    from PySide6.QtCore import QRectF

    from boardapp.ui.board.scene import BoardScene

    rng = random.Random(3)
    module = _Module(rng)
    scene = BoardScene(_Game(module))  # type: ignore[arg-type]
    scene.set_far(True)
    layer = scene.pieces_layer()
    used = 0
    for step in range(400):
        if step % 40 == 39:  # the layer changes: a stack grows wider than any before
            to = rng.choice(module.place_ids)
            for _ in range(step // 40 + 2):
                i = rng.randrange(len(module.pieces))
                module.pieces[i] = BoardPiece(**{**module.pieces[i].__dict__, "place": to})
            scene.refresh()
            layer = scene.pieces_layer()
        w, h = rng.uniform(1, 500), rng.uniform(1, 500)
        rect = QRectF(rng.uniform(-300, COLS * STEP), rng.uniform(-300, ROWS * STEP), w, h)
        near = scene._places_near(rect)
        if near is None:
            continue
        used += 1
        meeting = {pid for pid, (bounds, rows) in layer.items() if any(r.intersects(rect) for _z, r, _pm in rows)}
        assert meeting <= near, (step, sorted(meeting - near))
    assert used > 200, "control: the grid answered for most rectangles"
    scene.detach()


def test_a_change_on_a_large_map_repaints_in_part_what_a_full_repaint_paints(qtbot):
    from PySide6.QtWidgets import QGraphicsScene

    from boardapp.ui.board.scene import BoardScene
    from boardapp.ui.board.view import BoardView

    rng = random.Random(5)
    module = _Module(rng)
    scene = BoardScene(_Game(module))  # type: ignore[arg-type]
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    view.fit()
    vp = view.viewport()
    vp.repaint()
    qtbot.waitUntil(lambda: scene._name_spots is not None and not scene._map_straight)
    vp.repaint()
    assert scene.far and len(scene.places) >= 200, "control: far mode, on a map the grid is used for"
    before = vp.grab().toImage()
    grid_used = 0
    near = scene._places_near

    def counting(rect):
        nonlocal grid_used
        got = near(rect)
        grid_used += got is not None
        return got

    scene._places_near = counting
    for _ in range(12):  # counters move across the map (the region repainted: two places far apart)
        i = rng.randrange(len(module.pieces))
        module.pieces[i] = BoardPiece(**{**module.pieces[i].__dict__, "place": rng.choice(module.place_ids)})
        scene.refresh()
        vp.repaint()
    # two places' stacks grow where they overlap: chips of equal height (z) from the two places are
    # painted in the order a full repaint paints them
    for _ in range(10):
        for pid in ("twin-a", "twin-b"):
            i = rng.randrange(len(module.pieces))
            module.pieces[i] = BoardPiece(**{**module.pieces[i].__dict__, "place": pid})
        scene.refresh()
        vp.repaint()
    a, b = scene.pieces_layer()["twin-a"][0], scene.pieces_layer()["twin-b"][0]
    assert a.intersects(b), "control: the two stacks overlap"
    module.control[module.place_ids[33]] = "t1" if module.control[module.place_ids[33]] != "t1" else "t0"
    scene.refresh()
    vp.repaint()
    assert grid_used >= 12, "control: the repaints went through the grid"
    partial = vp.grab().toImage()
    assert partial != before, "control: the changes were painted"
    scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    vp.repaint()
    assert partial == vp.grab().toImage()
    scene.detach()


def test_a_change_is_seen_when_the_picture_shares_its_list_of_pieces(qtbot):
    """A change is found by comparing the pieces with those last laid out: the scene keeps a list of its own,
    also when a module gives its own list in every picture and changes it in place (as bench_board's stand-in
    does) and the visible pieces are that very list."""
    from boardapp.ui.board.scene import BoardScene

    class SharingModule(_Module):
        def board(self, state: object) -> BoardPicture:
            return BoardPicture(control=self.control, pieces=self.pieces, tokens=self.tokens)

    class Scene(BoardScene):
        def visible_pieces(self):
            return self.picture.pieces

    module = SharingModule(random.Random(7))
    scene = Scene(_Game(module))  # type: ignore[arg-type]
    scene.set_far(True)
    scene.pieces_layer()
    assert scene.visible_pieces() is module.pieces, "control: the scene lays out the module's own list"
    for n, to in enumerate(("p5", "p77", "p140")):
        module.pieces[n] = BoardPiece(**{**module.pieces[n].__dict__, "place": to})
        scene.refresh()
        assert scene._chips[module.pieces[n].id].place == to
    scene.detach()
