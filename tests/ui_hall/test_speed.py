"""The fast path of a game change (issue #13 item 14) draws what the slow path would: after moves,
the far-mode pieces layer remade only where places changed equals the layer made from scratch,
and every counter stands where a full layout puts it."""

from __future__ import annotations

import pytest

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game


def _rows(layer):
    return {pid: [(z, (r.x(), r.y(), r.width(), r.height()), pm.cacheKey()) for z, r, pm in rows]
            for pid, (_b, rows) in layer.items()}


def test_incremental_layout_equals_a_full_one(qtbot):
    from boardapp.ui.board.scene import BoardScene

    game = new_game(load_scenario(DEFAULT_SCENARIO))
    scene = BoardScene(game)
    scene.set_far(True)
    scene.pieces_layer()
    moved = 0
    for piece in game.module.board(game.state).pieces:
        if piece.place is None or piece.hidden:
            continue
        options = [o.place for o in game.module.move_options(game.state, piece.id) if o.place != piece.place]
        if options and scene.drop_counter(piece.id, options[0]):
            moved += 1
        if moved == 3:
            break
    assert moved == 3, "control: the game changed three times"
    assert scene._layer is not None
    incremental = _rows(scene._layer)
    assert incremental == _rows(scene._layer_of(None))
    # and the counters stand where a scene built from scratch lays them out
    fresh = BoardScene(game)
    assert {c: (ch.place, ch.pos) for c, ch in scene._chips.items()} == \
        {c: (ch.place, ch.pos) for c, ch in fresh._chips.items()}
    fresh.detach()
    scene.detach()


class _Picture:
    """A rule module stand-in over War in Binni's map whose picture the test changes at will: pieces
    kept as values (a changed piece is a new object, the others the same objects, as a module that
    keeps its pieces does) or all made anew (as the shipped rule systems do)."""

    def __init__(self, real, rng, n):
        from boardapp.engine.module import BoardPiece, BoardToken

        self.map, self.teams = real.map, real.teams
        self.scenario = real.scenario
        self.place_ids = [p.id for p in real.map.places]
        self.team_ids = [t.id for t in real.teams]
        self.pieces = [BoardPiece(id=f"c{i}", team=rng.choice(self.team_ids), label=rng.choice(["BDE", "MIL"]),
                                  value=str(rng.randint(1, 6)), place=rng.choice(self.place_ids),
                                  hidden=rng.random() < 0.2)
                       for i in range(n)]
        self.control = {p: rng.choice([None, *self.team_ids]) for p in self.place_ids}
        self.tokens = [BoardToken(kind="dp", place=rng.choice(self.place_ids), count=rng.randint(1, 5))
                       for _ in range(12)]
        self.anew = False

    def board(self, state):
        from dataclasses import replace

        from boardapp.engine.module import BoardPicture

        pieces = [replace(pc) for pc in self.pieces] if self.anew else list(self.pieces)
        return BoardPicture(control=dict(self.control), pieces=pieces, tokens=list(self.tokens))

    def move_options(self, state, piece):
        return []


class _Game:
    def __init__(self, module):
        self.module, self.state = module, object()

    def subscribe(self, listener):
        return lambda: None


def _change(module, rng, serial):
    """One random change of the picture: a piece moves, changes, leaves the map, goes, comes, hides,
    the pieces are reordered, a place changes hands, or a token changes."""
    from dataclasses import replace

    from boardapp.engine.module import BoardPiece

    pieces = module.pieces
    what = rng.randrange(9)
    i = rng.randrange(len(pieces))
    if what == 0:
        pieces[i] = replace(pieces[i], place=rng.choice(module.place_ids))
    elif what == 1:
        pieces[i] = replace(pieces[i], value=str(rng.randint(1, 9)), team=rng.choice(module.team_ids))
    elif what == 2:
        pieces[i] = replace(pieces[i], place=rng.choice([None, "nowhere"]))
    elif what == 3:
        del pieces[i]
    elif what == 4:
        pieces.insert(i, BoardPiece(id=f"n{serial}", team=rng.choice(module.team_ids), label="SF",
                                    place=rng.choice(module.place_ids)))
    elif what == 5:
        pieces[i] = replace(pieces[i], hidden=not pieces[i].hidden)
    elif what == 6:
        j = rng.randrange(len(pieces))
        pieces[i], pieces[j] = pieces[j], pieces[i]
    elif what == 7:
        module.control[rng.choice(module.place_ids)] = rng.choice([None, *module.team_ids])
    else:  # a token's count changes, or it moves
        t = rng.randrange(len(module.tokens))
        module.tokens[t] = replace(module.tokens[t], count=rng.randint(1, 5), place=rng.choice(
            [module.tokens[t].place, rng.choice(module.place_ids)]))


def _layout(scene):
    return ({c: (ch.place, ch.pos, ch.z, ch.rect, ch.look, ch.pixmap.cacheKey()) for c, ch in scene._chips.items()},
            {p: (it.pos(), it.scale(), it.pixmap().cacheKey()) for p, it in scene.badges.items()},
            sorted((it.data(0), it.pos().x(), it.pos().y()) for it in scene.tokens))


def test_a_change_laid_out_in_part_equals_a_full_layout_for_random_changes(qtbot):
    """Property-style, bounded: 4 seeds x 30 random changes (one or a few at a time), on the umpires'
    board and the public one, pieces kept or made anew: after every change the scene laid out in part
    (only the places a change touched) equals a scene laid out in full from the same picture, and
    its far-mode pieces layer equals the one made from scratch."""
    import random

    from boardapp.ui.board.scene import BoardScene

    real = new_game(load_scenario(DEFAULT_SCENARIO)).module
    partial_layouts = 0
    for seed in range(4):
        rng = random.Random(seed)
        module = _Picture(real, rng, 60)
        module.anew = seed % 2 == 1
        public = seed >= 2
        game = _Game(module)
        scene = BoardScene(game, public=public)
        scene.set_far(True)
        scene.pieces_layer()
        for step in range(30):
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                _change(module, rng, f"{seed}-{step}-{_}")
            before = scene._laid_from
            scene.refresh()
            # control: the change was laid out in part (the full layout is what it is compared with)
            partial_layouts += before is not None and scene._stack_keys is before[2]
            fresh = BoardScene(game, public=public)
            assert _layout(scene) == _layout(fresh), (seed, step)
            for chip in scene._chips.values():  # each counter shows its own picture
                pc = chip.piece
                own = scene.chip_pixmap(scene.team_colour(pc.team) or "#bbbbbb", scene.team_symbol(pc.team), pc.label,
                                        pc.value, pc.damage, shape=pc.shape, marks=tuple(pc.marks))
                assert chip.pixmap.cacheKey() == own.cacheKey(), (seed, step, pc)
            assert _rows(scene._layer) == _rows(scene._layer_of(None)), (seed, step)
            fresh.detach()
        scene.detach()
    assert partial_layouts >= 100, "control: most changes took the partial path"


@pytest.mark.parametrize("names_placed", [True, False])
def test_a_change_repaints_in_part_what_a_full_repaint_paints(qtbot, names_placed):
    """Far away the pieces are in the view's cached background, and a change repaints only the
    region of the places it touched (painting only the pieces meeting that region, not all of
    its bounding rectangle): the pixels are those of the whole background painted again. Also for a
    change before the names are placed (the map then drawn straight into the view's background)."""
    from PySide6.QtWidgets import QGraphicsScene

    from boardapp.ui.board.scene import BoardScene
    from boardapp.ui.board.view import BoardView

    game = new_game(load_scenario(DEFAULT_SCENARIO))
    scene = BoardScene(game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()  # no event processed before the first paint: the names are placed after it
    view.fit()
    vp = view.viewport()
    vp.repaint()
    # the names are placed just after the first paint, and the map drawn again with them: from then on
    # a change repaints only its places (before, the whole background: see BoardScene._draw_map_straight)
    if names_placed:
        qtbot.waitUntil(lambda: scene._name_spots is not None and not scene._map_straight)
        vp.repaint()
    else:
        vp.grab()  # the first paint (a repaint of a widget never shown on a screen may paint nothing)
        assert scene._map_straight, "control: the first paint drew the map straight"
    assert scene.far, "control: fitted, the pieces are painted into the background"
    before = vp.grab().toImage()
    moved = 0
    for piece in game.module.board(game.state).pieces:
        if piece.place is None or piece.hidden:
            continue
        options = [o.place for o in game.module.move_options(game.state, piece.id) if o.place != piece.place]
        # the farthest option: the region repainted is two places apart, its bounding rect wide
        far = max(options, key=lambda p: (scene.places[p].at[0] - scene.places[piece.place].at[0]) ** 2
                  + (scene.places[p].at[1] - scene.places[piece.place].at[1]) ** 2, default=None)
        if far is not None and scene.drop_counter(piece.id, far):
            moved += 1
            vp.repaint()
        if moved == 3:
            break
    assert moved == 3, "control: the game changed three times"
    partial = vp.grab().toImage()
    assert partial != before, "control: the change was painted"
    scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    vp.repaint()
    full = vp.grab().toImage()
    assert partial == full
    scene.detach()
