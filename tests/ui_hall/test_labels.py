"""Place names never cover another name, a place symbol or a piece: on the big screen at 1920x1080
and 3840x2160, on the umpires' board and in a render, for every shipped map (issue #13 item 1).

The overlaps are counted from what the scene draws (each name item's letters, mapped to the map,
and each piece item's box), not from the placement's own answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.board import labels

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {
    "binni": ROOT / "scenarios" / "war-in-binni.yaml",
    "mun-1935": ROOT / "scenarios" / "mun-historical-1935.yaml",
    "mideast": ROOT / "scenarios" / "mideast-peace.yaml",
}
SYMBOL_HALF = 18.0
"""A place symbol's half side at base scale 1 (the symbols drawn in ``BoardScene._paint_place_symbol``
reach at most 18 units from the place)."""


def _box(r) -> labels.Box:
    return labels.Box(r.left(), r.top(), r.right(), r.bottom())


def _drawn_overlaps(scene) -> list[str]:
    """Every (name, name) and (name, symbol or piece) pair that shares area, as readable lines."""
    names = {pid: _box(item.mapRectToScene(item.ink_rect())) for pid, item in scene.names.items() if item.isVisible()}
    r = SYMBOL_HALF * scene.base_scale
    things = [(f"symbol of {p.id}", labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r))
              for p in scene.map.places]
    things += [(f"counter {cid}", _box(it.sceneBoundingRect())) for cid, it in scene.counters.items()]
    # markers drawn (the big screen leaves out the marker of a place whose only badge is its holder's)
    things += [(f"marker of {pid}", _box(it.sceneBoundingRect())) for pid, it in scene.badges.items()
               if it.isVisible()]
    things += [(f"token at {it.data(0)}", _box(it.sceneBoundingRect())) for it in scene.tokens]
    out = []
    ids = sorted(names)
    for i, a in enumerate(ids):
        out += [f"name {a} over name {b}" for b in ids[i + 1:] if names[a].meets(names[b])]
        out += [f"name {a} over {what}" for what, box in things if names[a].meets(box)]
    return out


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080", "4K"])
@pytest.mark.parametrize("map_name", list(SCENARIOS))
def test_big_screen_names_cover_nothing(qtbot, settings, map_name, size):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(SCENARIOS[map_name]))
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    assert window.name_screen_px() >= 14, "names are still sized for the hall"
    assert _drawn_overlaps(window.scene) == []
    window.detach()


def test_the_overlap_count_sees_an_overlap(qtbot, settings):
    """Control case: a name moved onto its neighbour is counted."""
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(SCENARIOS["binni"]))
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    a, b = list(window.scene.names.values())[:2]
    a.setPos(b.pos())
    assert any(f"name {a.place_id}" in line or f"name {b.place_id}" in line for line in _drawn_overlaps(window.scene))
    window.detach()


@pytest.mark.parametrize("map_name", list(SCENARIOS))
def test_board_and_render_names_cover_nothing(qtbot, map_name):
    """The umpires' board (and ``render``, which draws a BoardScene) places its names the same way."""
    from boardapp.ui.board.scene import BoardScene

    game = new_game(load_scenario(SCENARIOS[map_name]))
    scene = BoardScene(game, public=True)
    spots = scene.name_spots()
    assert set(spots) == {p.id for p in scene.map.places if p.name}
    r = SYMBOL_HALF * scene.base_scale
    obstacles = [labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r) for p in scene.map.places]
    obstacles += [_box(rect) for _b, rows in scene.pieces_layer().values() for _z, rect, _pm in rows]
    assert labels.overlaps([s.box for s in spots.values()], obstacles) == 0
    scene.detach()


def test_preference_order_and_last_resort():
    """A lone name sits below its place (the board's convention); boxed in on every near side it
    goes to a farther ring with a leader line; the greedy pass leaves room for a neighbour."""
    lone = labels.place_labels([labels.Label("a", 100, 100, 40, 10, clearance=5)])["a"]
    assert lone.rank == 0 and not lone.leader
    assert lone.box.y0 > 100 and abs((lone.box.x0 + lone.box.x1) / 2 - 100) < 1e-9
    walls = [labels.Box(75, 75, 125, 94), labels.Box(75, 106, 125, 125), labels.Box(75, 94, 94, 106),
             labels.Box(106, 94, 125, 106)]
    far = labels.place_labels([labels.Label("a", 100, 100, 40, 10, clearance=5)], walls)["a"]
    assert far.leader and labels.overlaps([far.box], walls) == 0
    # two places side by side: neither name may take the other's only free spot
    pair = labels.place_labels([labels.Label("a", 0, 0, 30, 10, clearance=5),
                                labels.Label("b", 50, 0, 30, 10, clearance=5)])
    assert labels.overlaps([s.box for s in pair.values()]) == 0


def test_a_board_view_places_its_names_just_after_the_first_paint(qtbot):
    """Cold start: the first paint draws names under their places; the placement follows at once."""
    from boardapp.ui.board.scene import BoardScene
    from boardapp.ui.board.view import BoardView

    game = new_game(load_scenario(SCENARIOS["binni"]))
    scene = BoardScene(game)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: scene._name_spots is not None, timeout=3000)
    assert set(scene._name_spots) == {p.id for p in scene.map.places if p.name}
    scene.detach()
