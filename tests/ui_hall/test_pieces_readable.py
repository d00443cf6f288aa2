"""On the big screen the game state reads at least as well as the names (issue #13 item 2): a
counter's value is drawn no smaller on screen than a place name, and every layout that shows the
map says whose pieces are whose."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.board.style import PIX, VALUE_PX

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {"binni": ROOT / "scenarios" / "war-in-binni.yaml",
             "mun-1935": ROOT / "scenarios" / "mun-historical-1935.yaml"}


def _window(qtbot, settings, path, size):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(new_game(load_scenario(path)), settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    return window


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080", "4K"])
@pytest.mark.parametrize("map_name", list(SCENARIOS))
def test_counter_values_are_no_smaller_than_names(qtbot, settings, map_name, size):
    window = _window(qtbot, settings, SCENARIOS[map_name], size)
    scale = window.view.scale_now()
    counter = next(iter(window.scene.counters.values()))
    # the value's font is VALUE_PX pixmap units of the chip pixmap (PIX pixmap pixels per map unit)
    value_screen_px = VALUE_PX * PIX * counter.scale() * scale
    assert value_screen_px >= window.name_screen_px() - 0.5
    window.detach()


def test_a_team_legend_in_every_map_layout(qtbot, settings):
    window = _window(qtbot, settings, SCENARIOS["mun-1935"], (1920, 1080))
    powers = [t.name for t in window.game.module.teams if t.on_map]
    window.set_layout("map_sidebar")
    assert window.sidebar.legend.isVisible() and window.sidebar.legend.drawn_texts()[:len(powers)] == powers
    window.set_layout("map")
    assert window.map_legend.isVisible() and window.map_legend.drawn_texts()[:len(powers)] == powers
    # a band along the view's bottom, in a margin the view keeps for it: the map is fitted above it
    # (issue #23: nothing covers a name; it was over the map's bottom-right corner)
    qtbot.waitUntil(lambda: window.view.viewportMargins().bottom() == window.map_legend.height())
    legend = window.map_legend.geometry()
    assert window.view.rect().contains(legend) and legend.top() >= window.view.viewport().geometry().bottom()
    window.set_layout("clock")  # no map, no pieces: nothing to explain
    assert not window.map_legend.isVisible()
    window.detach()
