"""The fast path of a game change (issue #13 item 14) draws what the slow path would: after moves,
the far-mode pieces layer remade only where places changed equals the layer made from scratch,
and every counter stands where a full layout puts it."""

from __future__ import annotations

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
