"""One game change at scale: only the places whose pieces changed are laid out and repainted again
(issue #13 item 14). The timing itself is in ``benchmarks/bench_board.py``; these tests hold the
behaviour the speed rests on, so a faster board cannot silently stop following the game."""

from __future__ import annotations

from types import SimpleNamespace

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken
from boardapp.model.mapfile import Map
from boardapp.ui.board.scene import BoardScene


class _Module:
    """Three places in a row, tokens at two of them, one counter: just what the board asks of a module."""

    def __init__(self) -> None:
        self.map = Map.model_validate(
            {"id": "m", "name": "M", "size": [900, 300], "regions": [],
             "places": [{"id": p, "name": p.title(), "kind": "town", "at": [150 + 300 * i, 150]}
                        for i, p in enumerate(("alpha", "bravo", "charlie"))],
             "roads": [{"between": ["alpha", "bravo"]}, {"between": ["bravo", "charlie"]}]},
            context={"defer_checks": True})
        team = SimpleNamespace(id="t", name="Team", colour="#0072b2", symbol="T", on_map=True)
        self.teams = [team]
        self.scenario = SimpleNamespace(name="M", teams=self.teams)
        self.tokens = [BoardToken(kind="dp", place="alpha", count=2), BoardToken(kind="dp", place="charlie", count=1)]
        self.pieces = [BoardPiece(id="c1", team="t", label="MIL", value="2", place="bravo")]

    def board(self, state: object) -> BoardPicture:
        return BoardPicture(control={}, pieces=list(self.pieces), tokens=list(self.tokens), turn_label="Week 1")


class _Game:
    def __init__(self) -> None:
        self.module = _Module()
        self.state = object()

    def subscribe(self, listener: object) -> object:
        return lambda: None


def _far_scene() -> tuple[BoardScene, _Game]:
    game = _Game()
    scene = BoardScene(game)  # type: ignore[arg-type]
    scene.set_far(True)
    scene.pieces_layer()  # the far-mode layer exists, so a refresh diffs against it
    return scene, game


def test_a_changed_token_remakes_only_its_place(qapp):
    scene, game = _far_scene()
    before = scene.pieces_layer()
    old_pixmap = next(it for it in scene.tokens if it.data(0) == "alpha").pixmap().cacheKey()
    game.module.tokens[0] = BoardToken(kind="dp", place="alpha", count=5)
    scene.refresh()
    after = scene.pieces_layer()
    assert after["charlie"] is before["charlie"], "an unchanged token's place was laid out again"
    assert after["bravo"] is before["bravo"]
    assert after["alpha"] is not before["alpha"]
    token = next(it for it in scene.tokens if it.data(0) == "alpha")
    assert token.pixmap().cacheKey() != old_pixmap, "the token still shows its old count"
    keys = [row[2].cacheKey() for row in after["alpha"][1]]  # the place's control marker, then its token
    assert token.pixmap().cacheKey() in keys and old_pixmap not in keys


def test_a_token_that_goes_leaves_its_place_and_the_layer(qapp):
    scene, game = _far_scene()
    del game.module.tokens[1]
    scene.refresh()
    assert len(scene.pieces_layer()["charlie"][1]) == 1  # its control marker alone
    assert [it.data(0) for it in scene.tokens] == ["alpha"]


def test_a_moved_counter_remakes_only_the_two_stacks(qapp):
    scene, game = _far_scene()
    before = scene.pieces_layer()
    game.module.pieces[0] = BoardPiece(id="c1", team="t", label="MIL", value="2", place="charlie")
    scene.refresh()
    after = scene.pieces_layer()
    assert after["alpha"] is before["alpha"]
    assert after["bravo"] is not before["bravo"] and len(after["bravo"][1]) == 1  # the marker alone
    assert len(after["charlie"][1]) == 3  # the marker, the token and the counter
