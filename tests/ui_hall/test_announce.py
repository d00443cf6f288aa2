"""A fight's result is announced in a banner on the big screen and on the umpires' board (issue #13
item 6): attacker, defender, odds column, die and result, for long enough to read out."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import Event
from boardapp.ui.board.banner import ANNOUNCE_MS, announces, banner_lines

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


@pytest.fixture
def duel():
    """Tiny map: a government militia (attack 4) at charlie next to a rebel militia (defence 2) at delta."""
    game = new_game(load_scenario(TINY))
    for cid in list(game.state.counters):
        game.state.relocate(game.state.counters[cid], None)
    for cid, place, value in (("g-mil1", "charlie", 4), ("r-mil1", "delta", 2)):
        ctr = game.state.counters[cid]
        game.state.relocate(ctr, place)
        ctr.combat_value = value
        ctr.strength = 3
    game.state.counters["g-mil1"].attacked = False
    return game


def _attack(game):
    # attack 4 against defence 2 is the 2:1 column; die 5 on 2:1 is a DECISIVE WIN (digest's table)
    return game.push({"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "die": 5})


def test_big_screen_announces_the_fight(qtbot, settings, duel):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(duel, settings=settings)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    assert not window.banner.isVisible()
    _attack(duel)
    assert window.banner.isVisible()
    lines = window.banner.lines
    names = {t.id: t.name for t in duel.module.teams}
    delta = next(p.name for p in duel.module.map.places if p.id == "delta")
    assert lines[0] == f"{names['gov']} attacks {delta}"
    assert lines[1] == f"against {names['reb']}"
    assert lines[2] == "4 against 2 · column 2:1 · die 5"
    assert lines[3] == "DECISIVE WIN"
    # read out from the back: a line at least 1/22 of the screen high, there for 15 s
    assert window.banner.line_px() >= window.view.viewport().height() / 22 - 1e-6
    assert window.banner.timer.remainingTime() > ANNOUNCE_MS - 2000
    window.detach()


def test_board_announces_and_a_click_dismisses(qtbot, duel):
    from boardapp.ui.board.scene import BoardScene
    from boardapp.ui.board.view import BoardView

    scene = BoardScene(duel)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    _attack(duel)
    assert view.banner.isVisible() and view.banner.lines[-1] == "DECISIVE WIN"
    qtbot.mouseClick(view.banner, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert not view.banner.isVisible()
    scene.detach()


def test_what_is_announced():
    class Module:
        announce_kinds = frozenset({"fight"})
        teams = ()

    assert announces(Module, Event(kind="fight", text="x"))
    assert not announces(Module, Event(kind="moved", text="x"))
    assert announces(Module, Event(kind="vote", text="x", data={"announce": True}))
    assert not announces(Module, Event(kind="fight", text="x", data={"announce": False}))
    assert banner_lines(Module, Event(kind="vote", text="UN Assembly: the motion passes: 7 to 5")) == [
        "UN Assembly", "the motion passes", "7 to 5"]
