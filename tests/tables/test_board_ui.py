"""The Tarn Valley (rules: tables) plays on the ordinary board: legal destinations with their costs while
dragging, a move through the window's one door, a fight with its die, the tracks in the panels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import Audience
from boardapp.ui.mainwindow import MainWindow

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"


def test_the_board_opens_moves_and_fights(qtbot: Any) -> None:
    game = new_game(load_scenario(SCENARIO), dice=ScriptedDice([1]))
    win = MainWindow(game)
    qtbot.addWidget(win)
    win.show()
    assert win.controller is not None
    assert set(win.scene.counters) >= {"c-inf1", "l-inf1", "r-mil2"}
    # dragging the Crown's infantry offers its legal destinations with their costs (from the tables:
    # Millford by highway 1 MP, Crossway 1 + 2 = 3 MP, Ashby is the Crown's own militia's: 2 MP)
    options = {o.place: o.cost for o in game.module.move_options(game.state, "c-inf1")}
    assert options["millford"] == "1 MP" and options["crossway"] == "3 MP" and options["ashby"] == "2 MP"
    assert "port-lind" not in options  # League units there
    out = win.controller.submit({"kind": "move", "counter": "c-inf1", "to": "crossway"})
    assert out.entry is not None, out.reasons
    assert game.state.counters["c-inf1"].place == "crossway"
    refused = win.controller.submit({"kind": "move", "counter": "c-cav1", "to": "old-dam"})
    assert refused.entry is None and refused.reasons == ("Horses cannot cross the dam at Old Dam",)
    # the drop of the League's cavalry on Ashby, where the Crown's militia stands, is an attack:
    # 3 against 1 is the 3:1 column, and a 1 there is EX, one unit lost on each side
    assert win.scene.drop_counter("l-cav1", "ashby")
    fight = game.entries[-1].events[0]
    assert fight.kind == "fight" and (fight.data["column"], fight.data["result"]) == ("3:1", "EX")
    assert fight.data["attacker_losses"] == ["l-cav1"] and fight.data["defender_losses"] == ["c-mil1"]
    assert "l-cav1" not in win.scene.counters and "c-mil1" not in game.state.counters
    picture = game.module.view(game.state, Audience.PUBLIC)
    assert all("supply" not in t for t in picture.tracks)  # each team's supply is its own
    assert win.controller.submit({"kind": "end_turn"}).entry is not None
    assert game.module.turn_label(game.state) == "Turn 2"
    win.close()


def test_the_big_screen_shows_the_public_tracks_only(qtbot: Any) -> None:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(SCENARIO))
    game.push({"kind": "end_turn"})  # each team's supply is now 5 (6 + 3 income - 4 upkeep for the Crown)
    screen = BigScreenWindow(game)
    qtbot.addWidget(screen)
    screen.resize(1920, 1080)
    screen.show()
    shown = screen.sidebar.tables
    assert list(shown) == ["tables.tracks"]  # no team's own supply table
    assert shown["tables.tracks"].columns == ["Team", "Morale", "Actions"]
    assert shown["tables.tracks"].rows[0] == ["Crown", "3", "0/3"]
    assert all("supply" not in t for t in screen.picture.tracks)
    screen.close()
