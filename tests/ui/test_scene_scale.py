"""The board's drawing scales to the map's density (places' median nearest-neighbour distance)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.board.scale import REFERENCE_SPACING, map_scale, place_spacing
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.style import CHIP

ROOT = Path(__file__).resolve().parents[2]
MUN = ROOT / "scenarios" / "mun-historical-1935.yaml"


@pytest.fixture(scope="module")
def mun_loaded():
    return load_scenario(MUN)


def brute_spacing(pts):
    near = sorted(min(math.dist(a, b) for j, b in enumerate(pts) if j != i) for i, a in enumerate(pts))
    n = len(near)
    return near[n // 2] if n % 2 else (near[n // 2 - 1] + near[n // 2]) / 2


def test_place_spacing_matches_brute_force():
    import random

    rng = random.Random(3)
    for n in (2, 3, 17, 200):
        pts = [(rng.uniform(0, 1000), rng.uniform(0, 400)) for _ in range(n)]
        assert place_spacing(pts) == pytest.approx(brute_spacing(pts))
    assert place_spacing([(0, 0), (0, 50), (0, 90)]) == pytest.approx(40)  # on one line
    assert place_spacing([(5, 5)]) == REFERENCE_SPACING
    assert place_spacing([(5, 5), (5, 5)]) == REFERENCE_SPACING


def test_binni_keeps_its_look(qtbot, binni_game):
    assert map_scale(binni_game.module.map) == pytest.approx(1.0, abs=0.03)
    scene = BoardScene(binni_game)
    assert scene.piece_k == pytest.approx(1.0, abs=0.03)
    chip = next(iter(scene.counters.values()))
    assert chip.sceneBoundingRect().width() == pytest.approx(CHIP + 1, rel=0.03)
    scene.detach()


def test_mun_counters_of_neighbours_do_not_overlap(qtbot, mun_loaded):
    game = new_game(mun_loaded)
    scene = BoardScene(game)
    assert 0.1 < scene.base_scale < 0.25  # places ~46 units apart
    the_map = game.module.map
    rects = {}
    for item in scene.counters.values():
        rects.setdefault(item.piece.place, []).append(item.sceneBoundingRect())
    assert len(rects) >= 40
    places = {p.id: p for p in the_map.places}
    neighbours = {tuple(sorted(r.between)) for r in the_map.roads}
    for enlarge in (1.0, 1.45):  # as drawn near, and enlarged by a view zoomed out
        scene.set_piece_scale(enlarge)
        rects = {}
        for item in scene.counters.values():
            rects.setdefault(item.piece.place, []).append(item.sceneBoundingRect())
        checked = 0
        for a, b in neighbours:
            for ra in rects.get(a, []):
                for rb in rects.get(b, []):
                    inter = ra.intersected(rb)
                    # at most a hairline: the half pixel of margin round a pixmap item's rect
                    assert inter.isEmpty() or min(inter.width(), inter.height()) < 0.02 * ra.width(), (a, b, enlarge)
                    checked += 1
        assert checked >= 10
        # and a chip stays near its own place: within half the place spacing of it
        for pid, rs in rects.items():
            x, y = places[pid].at
            for r in rs:
                assert math.dist(r.center().toTuple(), (x, y)) < 46 * 0.5
    scene.detach()


def test_explicit_scale_overrides_the_derived_one(qtbot, mun_loaded):
    scene = BoardScene(new_game(mun_loaded), scale=0.5)
    assert scene.base_scale == 0.5 and scene.piece_k == 0.5
    item = next(iter(scene.counters.values()))
    assert item.sceneBoundingRect().width() == pytest.approx((CHIP + 1) * 0.5, rel=0.02)
    scene.set_piece_scale(1.45)
    assert scene.piece_k == pytest.approx(0.5 * 1.45)
    scene.detach()


def test_view_level_of_detail_follows_piece_size(qtbot, mun_loaded):
    """A view fitted on the dense MUN map (zoom ~1) shows pieces ~11 units wide: far and enlarged."""
    from boardapp.ui.board.view import BoardView

    scene = BoardScene(new_game(mun_loaded))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1400, 1000)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    assert view.zoom() > 0.6  # far mode on Binni's absolute zoom would not trigger here
    assert scene.far and scene.zoom_k > 1
    view.zoom_by(6 / view.zoom())
    assert not scene.far and scene.zoom_k == 1
    scene.detach()
