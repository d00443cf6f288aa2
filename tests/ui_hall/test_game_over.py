"""A finished game takes no more turns (issue #23 item 7): the rule module says the game is over
(``RuleModule.game_over``) and the umpire's board disables End turn… (menu and Turn panel); the MUN's
Orders dock says "game over" instead of "waiting" and its Hand in / Reveal buttons are off. A game
still going (War in Binni's example) keeps them."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from tests.ui_hall.hall_games import make_game


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("over-games")


def _board(qtbot, path):
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow

    window = MainWindow(open_game(path, readonly=True), path)
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize(("system", "over"), [("coup", True), ("mideast", True), ("mun", True), ("binni", False),
                                              ("thegame", False)])
def test_end_turn_only_while_the_game_goes_on(qtbot, games, system, over):
    window = _board(qtbot, make_game(system, games))
    said = window.game.module.game_over(window.game.state)
    assert (said is not None) == over, said
    assert window.end_turn_action.isEnabled() is not over
    assert window.turn_panel.button.isEnabled() is not over
    if over:
        assert said in window.turn_panel.button.toolTip()


def test_finished_mun_orders_dock_waits_for_nobody(qtbot, games):
    from boardapp.ui.rules.diplomacy.board import OrdersPanel

    window = _board(qtbot, make_game("mun", games))
    [panel] = window.findChildren(OrdersPanel)
    texts = [panel.handed_in.item(i).text() for i in range(panel.handed_in.count())]
    assert len(texts) == len(list(window.game.module.teams))  # every power listed
    assert not any("waiting" in t for t in texts)
    assert all("game over" in t or "eliminated" in t for t in texts)
    assert not panel.hand_in.isEnabled() and not panel.resolve_button.isEnabled()
