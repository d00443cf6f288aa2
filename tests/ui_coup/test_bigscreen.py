"""The big screen for Coup: the public table instead of the map, following the game as it is played,
with the running count of combat; the clock layout still works."""

from __future__ import annotations

from typing import Any

from boardapp.rules.coup.components import UNITS
from boardapp.ui.bigscreen.window import BigScreenWindow
from boardapp.ui.rules.coup.view import TableView
from tests.ui_coup.conftest import game_at, script


def test_the_big_screen_shows_the_table_not_the_map_in_every_layout_but_the_clock(qtbot: Any, loaded: Any) -> None:
    screen = BigScreenWindow(game_at(loaded, 12))
    qtbot.addWidget(screen)
    screen.show()
    assert isinstance(screen.screen_view, TableView)
    assert screen.view.isHidden() and not screen.screen_view.isHidden()
    screen.set_layout("clock")
    assert screen.screen_view.isHidden() and not screen.clock_panel.isHidden()
    screen.set_layout("map")
    assert screen.view.isHidden() and not screen.screen_view.isHidden()


def test_the_running_count_follows_combat_and_flipped_stacks_are_shown_to_all(qtbot: Any, loaded: Any) -> None:
    game = game_at(loaded, 80)
    screen = BigScreenWindow(game)
    qtbot.addWidget(screen)
    screen.resize(1920, 1080)
    screen.show()
    table = screen.screen_view
    assert isinstance(table, TableView)

    def count(side: str) -> int:  # military and paramilitary units left (armed civilians with them), no dummies
        return sum(1 for p in (f"{side}-mil", f"{side}-para") for u in game.state.units[p] if not UNITS[u].dummy)

    before = (count("gov"), count("reb"))
    for cmd in script()[80:83]:  # lay out, match (flip), the Government's loss
        game.push(cmd)
    assert (count("gov"), count("reb")) != before
    assert table.spot("count").texts == [f"Government {count('gov')}  ·  Rebels {count('reb')}"]
    flipped = {s.ident for s in table.spots if s.ident.startswith("flipped:")}
    pairing = game.state.combat.pairings[0]
    assert flipped == {f"flipped:{u}" for u in pairing.defender + pairing.attacker}, "flipped stacks are public"
    assert any("against Rebel Infantry" in t for t in table.drawn_texts()), "the flip's public event in the news"
