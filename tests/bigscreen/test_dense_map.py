"""The big screen on a dense map (the MUN Diplomacy board): pieces at their provinces, names that fit."""

from __future__ import annotations

import math
from pathlib import Path

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.bigscreen.window import BigScreenWindow

MUN = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"


def test_pieces_stand_at_their_provinces_and_names_stay_small(qtbot, settings):
    game = new_game(load_scenario(MUN))
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    scene = window.scene
    assert scene.base_scale < 0.3, "the MUN map is dense"
    spacing = 300 * scene.base_scale
    places = scene.places
    far = []
    for cid, item in scene.counters.items():
        piece_place = next(p.place for p in game.module.board(game.state).pieces if p.id == cid)
        x, y = places[piece_place].at
        c = item.sceneBoundingRect().center()
        if math.hypot(c.x() - x, c.y() - y) > spacing:
            far.append(cid)
    assert far == [], "counters drawn away from their provinces"
    assert scene.name_px <= 100 * scene.base_scale + 1e-6, "names never taller than a third of the spacing"
