"""A posted render never shows a name far from its place (issue #13 item 1): on every shipped map,
at 1920x1080 and 3840x2160, each name stands within :data:`READER_REACH` name heights of what is
drawn at its place, no leader line runs through two names, and the letters are drawn inside the
box the placement kept free.

The distances are measured from the page's own set-up (``render.page_layout``, the sizes
``boardapp render`` draws with) and the scene's answer, against the place's symbol and pieces as
the scene lays them out."""

from __future__ import annotations

import math
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
SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}
READER_REACH = 3.0
"""How far, in name heights (the font's pixel size), a name may stand from its place's symbol and
pieces. ``render`` sizes names so that on a dense map a name is a third of the typical distance
between neighbouring places (``100 * base_scale`` map units against places ``300 * base_scale``
apart, the big screen's rule too): a name more than three heights from its own place has reached
the next place, where a reader takes it for that place's name, leader line or not."""
SYMBOL_HALF = 18.0
"""A place symbol's half side at base scale 1 (as in ``BoardScene.name_spots``)."""


def _page_scene(map_name: str, size: tuple[int, int]):
    from boardapp.ui.board.render import ensure_app, page_layout
    from boardapp.ui.board.scene import BoardScene

    ensure_app()
    game = new_game(load_scenario(SCENARIOS[map_name]))
    scene = BoardScene(game, public=True)
    page_layout(scene, game, *size)
    return scene


def _drawn_at_places(scene) -> dict[str, labels.Box]:
    """Per named place: the box around its symbol and the pieces laid out at it."""
    r = SYMBOL_HALF * scene.base_scale
    out = {p.id: labels.Box(p.at[0] - r, p.at[1] - r, p.at[0] + r, p.at[1] + r) for p in scene.map.places if p.name}
    for pid, (_bounds, rows) in scene.pieces_layer().items():
        if pid in out:
            b = out[pid]
            for _z, rect, _pm in rows:
                b = labels.Box(min(b.x0, rect.left()), min(b.y0, rect.top()), max(b.x1, rect.right()),
                               max(b.y1, rect.bottom()))
            out[pid] = b
    return out


def _gap(a: labels.Box, b: labels.Box) -> float:
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.y0 - b.y1, b.y0 - a.y1, 0.0)
    return math.hypot(dx, dy)


def _far_names(scene) -> list[str]:
    from boardapp.ui.board.mapdraw import NAME_PX

    em = NAME_PX * scene.base_scale * scene.name_k
    at = _drawn_at_places(scene)
    return [f"{pid} ({scene.places[pid].name}) {_gap(spot.box, at[pid]) / em:.1f} name heights away"
            for pid, spot in sorted(scene.name_spots().items()) if _gap(spot.box, at[pid]) > READER_REACH * em]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("map_name", list(SCENARIOS))
def test_every_render_name_stands_near_its_place(map_name, size):
    scene = _page_scene(map_name, SIZES[size])
    try:
        assert _far_names(scene) == []
        spots = scene.name_spots()
        assert labels.overlaps([s.box for s in spots.values()]) == 0
    finally:
        scene.detach()


@pytest.mark.parametrize("map_name", list(SCENARIOS))
def test_no_render_leader_runs_through_two_names(map_name):
    """A line through name after name is the web a reader cannot follow (the old renders had lines
    through up to six); where a crowd leaves no other room, a short line may cross one name."""
    scene = _page_scene(map_name, SIZES["1080"])
    try:
        spots = scene.name_spots()
        webs = {pid: through for pid, s in spots.items() if s.leader
                for through in [[other for other, o in spots.items()
                                 if other != pid and labels.crosses(labels.leader_of(s.box, s.anchor), o.box)]]
                if len(through) > 1}
        assert webs == {}
    finally:
        scene.detach()


def test_the_reach_check_sees_a_far_name():
    """Control case: a name moved five name heights below its place is reported."""
    from dataclasses import replace

    from boardapp.ui.board.mapdraw import NAME_PX

    scene = _page_scene("binni", SIZES["1080"])
    try:
        spots = scene.name_spots()
        pid = sorted(spots)[0]
        at = _drawn_at_places(scene)[pid]
        em = NAME_PX * scene.base_scale * scene.name_k
        b = spots[pid].box
        down = at.y1 + 5 * em - b.y0
        scene._name_spots = {**spots, pid: replace(spots[pid], box=labels.Box(b.x0, b.y0 + down, b.x1, b.y1 + down))}
        assert [line.split()[0] for line in _far_names(scene)] == [pid]
    finally:
        scene.detach()


@pytest.mark.parametrize("map_name", ["mun-1935"])
def test_a_render_name_is_drawn_inside_its_box(map_name):
    """The board measures a name as its letters' ink: the letters, drawn as ``halo_label`` draws
    them (the advance box centred on ``spot.centre``), must land inside the box kept free."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFontMetricsF, QPainterPath

    from boardapp.ui.board import style
    from boardapp.ui.board.mapdraw import NAME_PX

    scene = _page_scene(map_name, SIZES["1080"])
    try:
        for pid, spot in scene.name_spots().items():
            name = scene.places[pid].name
            px = NAME_PX * scene.base_scale * scene.name_k * spot.scale
            font = style.font(px, True)
            fm = QFontMetricsF(font)
            cx, cy = spot.centre
            outline = QPainterPath()
            outline.addText(QPointF(cx - fm.horizontalAdvance(name) / 2, cy + fm.ascent() / 2 - fm.descent() / 2),
                            font, name)
            ink = outline.boundingRect()
            # a shrunk name's letters are not quite the full size's scaled (hinting): they may reach
            # into the half halo kept around them (6% of the size), never into a neighbour's
            slack = 0.06 * px
            box = spot.box
            assert (ink.left() >= box.x0 - slack and ink.right() <= box.x1 + slack
                    and ink.top() >= box.y0 - slack and ink.bottom() <= box.y1 + slack), (pid, ink, box)
    finally:
        scene.detach()
