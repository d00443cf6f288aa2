"""A game change is found by comparing the new picture's pieces with those last laid out (issue #27):
by identity and slices when the rule module keeps its unchanged pieces, by the pieces' fields compared
in C when it makes every piece anew (as the shipped rule systems do). Whichever way is taken, the
pieces found must be exactly those that differ by value (a dataclass's ``==``): none missed (the
board would show a stale counter), none that did not change (every stack laid out again)."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from boardapp.engine.module import BoardPiece
from tests.ui_hall.test_speed_grid import _Game, _Module

_VALUES = {
    "team": ["t0", "t1", "t2", "t3"], "label": ["MIL", "BDE", "SF"], "value": ["1", "2", "3", "9"],
    "place": [None, "nowhere", "p3", "p40", "p299", "twin-a"], "damage": [0, 1, 2], "hidden": [False, True],
    "tooltip": ["", "a tip", "another tip"], "visible_to": [(), ("ann",), ("ann", "bob")],
    "shape": ["", "round", "hull"], "marks": [(), ("moved",), ("moved", "attacked")], "tally": [None, 0, 2, 6],
}


def _changed(piece: BoardPiece, rng: random.Random) -> BoardPiece:
    name = rng.choice(sorted(_VALUES))
    return replace(piece, **{name: rng.choice([v for v in _VALUES[name] if v != getattr(piece, name)])})


def _reference(old: list[BoardPiece], new: list[BoardPiece]) -> set[tuple[int, int]]:
    return {(id(a), id(b)) for a, b in zip(old, new, strict=True) if a != b}


def _scene(seed: int):
    from boardapp.ui.board.scene import BoardScene

    rng = random.Random(seed)
    module = _Module(rng)  # 302 places, 900 pieces: four of the diff's slices of 256
    scene = BoardScene(_Game(module))  # type: ignore[arg-type]
    scene.set_far(True)
    scene.pieces_layer()
    return rng, module, scene


def test_the_pieces_found_changed_are_those_that_differ_by_value(qtbot):
    """60 random changes of a 900-piece picture, the unchanged pieces kept, all made anew, or half of them
    made anew (which way the diff goes is decided from the first 32 pieces): the pieces the board finds changed
    are exactly those unequal to the ones laid out, and after the refresh each counter shows its piece."""
    rng, module, scene = _scene(5)
    pieces = module.pieces
    ways = {"kept": 0, "anew": 0, "half": 0}
    for step in range(60):
        way = ("kept", "anew", "half")[step % 3]
        for _ in range(rng.choice([1, 1, 2, 5])):
            i = rng.randrange(len(pieces))
            pieces[i] = _changed(pieces[i], rng)
        if way != "kept":
            pieces[:] = [replace(pc) if way == "anew" or rng.random() < 0.5 else pc for pc in pieces]
        new = list(pieces)  # what the board is given next (its picture is not taken yet)
        old = scene._laid_from[0]
        expected = _reference(old, new)
        found = scene._changed_pieces(new)
        assert found is not None, step
        assert {(id(a), id(b)) for a, b in found} == expected, (step, way)
        ways[way] += bool(expected)
        scene.refresh()
        shown = {cid: chip.piece for cid, chip in scene._chips.items()}
        assert all(shown[pc.id] == pc for pc in pieces if pc.place in scene.places), step
    assert all(n >= 15 for n in ways.values()), ways  # control: each way met changes
    scene.detach()


def test_a_change_of_any_field_is_seen_when_every_piece_is_made_anew(qtbot):
    """Every field of a piece, changed alone on one piece of a picture made anew, is found (the fields are
    compared as the pieces' dicts: a field left out of that comparison would be missed)."""
    rng, module, scene = _scene(6)
    pieces = module.pieces
    names = [f.name for f in fields(BoardPiece) if f.name != "id"]
    assert set(names) == set(_VALUES), "control: a value to change each field to"
    for name in names:
        i = rng.randrange(len(pieces))
        value = next(v for v in _VALUES[name] if v != getattr(pieces[i], name))
        pieces[:] = [replace(pc) for pc in pieces]
        pieces[i] = replace(pieces[i], **{name: value})
        old = scene._laid_from[0]
        found = scene._changed_pieces(list(pieces))
        assert found is not None and [(a.id, b.id) for a, b in found] == [(pieces[i].id, pieces[i].id)], name
        assert found[0][0] is old[i] and found[0][1] is not old[i], name
        scene.refresh()
    scene.detach()
