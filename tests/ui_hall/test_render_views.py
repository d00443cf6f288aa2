"""``boardapp render`` for every system (issue #23 items 4 and 6): a map-less system (Coup) renders its
table view, public unless ``--umpire``; every render carries a legend of the teams it shows. Read
from what is painted into the image (tests/ui_hall/hall_measure.py follows the text into it)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("render-games")


def _texts(game, public: bool = True, size=(1920, 1080)) -> list[str]:
    from boardapp.ui.board.render import render_image

    with hall_measure.recording():
        img = render_image(game, *size, public=public)
        return [d.text for d in hall_measure.image_texts(img)]


def test_coup_renders_its_table_public_unless_umpire(qtbot, games):
    from boardapp.engine.files import open_game
    from boardapp.engine.module import Audience

    game = open_game(make_game("coup", games), readonly=True)
    public = _texts(game)
    umpire = _texts(game, public=False)
    seats = ["Gov-Mil", "Gov-Para", "Gov-Civ", "Reb-Mil", "Reb-Para", "Reb-Civ", "For-Mil", "For-Para", "For-Civ"]
    for seat in seats:  # the rulebook's nine seats, each on the table
        assert any(t.startswith(seat) for t in public), seat
    assert any("Rebels hold power" in t for t in public)  # the game's end, as the table says it
    # CONTROL's table shows what the public's does not (the hands: objectives on the cards)
    full = game.module.view(game.state, Audience.CONTROL).table
    seen = game.module.view(game.state, Audience.PUBLIC).table
    assert full != seen, "control: the umpire's table holds more than the public's"
    extra = set(umpire) - set(public)
    assert extra, "the umpire's render draws nothing the public's does not"
    assert not any("Objective" in t for t in public)


@pytest.mark.parametrize("system", ["thegame", "mideast", "binni", "mun", "coup"])
def test_every_render_has_a_legend_of_its_teams(qtbot, games, system):
    from boardapp.engine.files import open_game
    from boardapp.engine.module import Audience
    from boardapp.ui.board.render import shown_teams

    game = open_game(make_game(system, games), readonly=True)
    teams = shown_teams(game.module.view(game.state, Audience.PUBLIC), list(game.module.teams))
    assert teams
    texts = _texts(game)
    for t in teams:
        assert t.name in texts, f"{t.name} not in the legend"
        assert t.symbol in texts
