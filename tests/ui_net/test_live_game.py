"""A seat's LiveGame follows its replica's snapshots through Game.sync_to, and tells its listeners
('replaced') when the host serves another game; the window then builds its board again."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.document.source import GameSource
from boardapp.ui.network.seats import LiveGame, _Snapshot
from tests.ui_net.conftest import TINY

LOADED = load_scenario(TINY)


def setup_of(name: str) -> SimpleNamespace:
    scenario, the_map = LOADED
    return SimpleNamespace(rules="binni", scenario=scenario.model_dump(mode="json") | {"name": name},
                           map=the_map.model_dump(mode="json"))


def test_the_mirror_follows_snapshots_and_hears_a_new_game(qtbot: Any) -> None:
    from boardapp.ui.mainwindow import MainWindow

    live = LiveGame(SimpleNamespace(last_change=0.0))  # the link is only told when the mirror changed
    live._take(_Snapshot("first", setup_of("First"), (), ()))
    assert isinstance(live, GameSource) and live.shared
    win = MainWindow(live)
    qtbot.addWidget(win)
    heard: list[str] = []
    live.subscribe(lambda what, _entry: heard.append(what))
    first_scene = win.scene

    host = new_game(LOADED, dice=SeededDice(5))
    host.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    host.push({"kind": "news", "text": "taken back"})
    host.undo()
    live._take(_Snapshot("first", setup_of("First"), tuple(host.entries), tuple(host.redo_stack)))
    assert heard == ["push"] and live.entries == host.entries and live.redo_stack == host.redo_stack
    assert win.scene.counters["g-mil1"].piece.place == "charlie"

    live._take(_Snapshot("second", setup_of("Second"), (), ()))  # the host serves another game
    assert heard[-1] == "replaced"
    assert live.module.scenario.name == "Second" and live.entries == []
    assert win.scene is not first_scene, "the window built its board again for the new game"
    assert win.scene.counters["g-mil1"].piece.place == "bravo"
    assert "Second" in win.windowTitle()
