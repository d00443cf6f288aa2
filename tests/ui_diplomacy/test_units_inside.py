"""Issue #13 item 15: on the MUN board a unit is drawn inside its own province, not over a
neighbour's label. Checked from what the scene draws: each unit's counter box, its centre mapped to
the map, must lie inside its province's region polygon (the map file's outline), on the umpire's
board and on the big screen, both at 1920x1080."""

from __future__ import annotations

import pytest
from shapely.geometry import Point, Polygon


def _outside(scene) -> list[str]:
    """Every unit whose drawn box centre is not inside its province's polygon, as readable lines."""
    regions = {r.id: Polygon(r.polygon, [list(h) for h in (r.holes or [])]) for r in scene.map.regions}
    out = []
    for cid, item in scene.counters.items():
        place = item.piece.place
        c = item.sceneBoundingRect().center()
        if not regions[place].contains(Point(c.x(), c.y())):
            out.append(f"{cid} drawn at ({c.x():.0f}, {c.y():.0f}), outside {place}")
    return out


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings

    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_units_are_drawn_inside_their_province_on_the_board(win, mun_game):
    win.resize(1920, 1080)
    win.view.fit()
    assert len(win.scene.counters) == len(mun_game.state.units) == 45
    assert _outside(win.scene) == []


def test_units_are_drawn_inside_their_province_on_the_big_screen(qtbot, settings, mun_game):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(mun_game, settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    assert len(window.scene.counters) == 45
    assert _outside(window.scene) == []
    window.detach()
