"""Hidden information on the Coup table: a player's seat, a viewer and the big screen never receive or
draw another player's hand, units or the Neutral Pool's identities. Every spot drawn (its texts and its
id), every label of the big screen and the table data each was handed are walked; Control's table is
the control case (the same walk finds every secret there).

Who may see what is the rulebook's table talk (shared/rules/coup.md) and the module's ruling
(docs/coup.md, "Secrets"): a player sees his own hand and units; in combat a side's Mil and Para
players see that side's military and paramilitary units (its Mil player lays them out); the public sees
counts, whose turn, the order and public events.
"""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from boardapp.engine.game import Game
from boardapp.engine.module import Audience
from boardapp.rules.coup.components import PLAYERS, card_name
from boardapp.ui.bigscreen.window import BigScreenWindow
from boardapp.ui.network.public import PublicGame
from boardapp.ui.rules.coup.layout import card_face
from boardapp.ui.rules.coup.view import TableView
from tests.ui_coup.conftest import game_at

MOMENTS = {"card phase, turn 2": 30, "a Block window open": 20, "combat, stacks laid face down": 79}


def card_words(card: str) -> set[str]:
    return {card, card_face(card), card_name(card)}


def secrets_for(game: Game[Any], audience: Audience) -> set[str]:
    """Every card and unit id (and a card's face and name) ``audience`` may not see now."""
    st = game.state
    fighting = st.phase in ("combat", "over")
    out: set[str] = set() if audience.sees_everything else {u for units in st.pool.values() for u in units}
    for p in PLAYERS:
        if not audience.may_see((p,)):
            for card in st.hands[p]:
                out |= card_words(card)
        team, cls = p.split("-")
        side_sees = fighting and team in ("gov", "reb") and cls != "civ" and audience.may_see(
            (f"{team}-mil", f"{team}-para"))
        if not audience.may_see((p,)) and not side_sees:
            out |= set(st.units[p])
    if not audience.sees_everything:
        for card in st.deck:
            out |= card_words(card)
    return out


def drawn(view: TableView) -> list[str]:
    """Everything a table view draws or names: its spots' texts and ids."""
    return [t for s in view.spots for t in (*s.texts, s.ident)]


def leaks(words: list[str], secrets: set[str]) -> list[str]:
    return sorted({f"{s} in {w!r}" for w in words for s in secrets if _names(w, s)})


def _names(text: str, secret: str) -> bool:
    """Whether ``text`` names ``secret`` (as a whole word: '4S' is not in '14S…', 'mil-mp-1' not in 'mil-mp-12')."""
    import re

    return re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", text) is not None


def table_json(view: TableView) -> str:
    assert view.picture is not None
    return json.dumps(view.picture.table)


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_player_seat_sees_its_own_hand_and_units_and_nothing_else(qtbot: Any, loaded: Any, moment: str) -> None:
    game = game_at(loaded, MOMENTS[moment])
    view = TableView(game, Audience.CONTROL, controller=None)
    qtbot.addWidget(view)
    view.resize(1500, 950)
    everything = secrets_for(game, Audience.PUBLIC)
    assert not secrets_for(game, Audience.CONTROL)
    assert len(leaks(drawn(view), everything)) > 20, "control case: Control's table shows the secrets"
    for p in PLAYERS:
        seat = Audience.player_seat(p)
        view.set_audience(seat)
        hidden = secrets_for(game, seat)
        assert leaks(drawn(view), hidden) == [], p
        assert leaks([table_json(view)], hidden) == [], p
        own_cards = {s.ident for s in view.spots if s.kind == "card"}
        assert own_cards == set(game.state.hands[p]), p


@pytest.mark.parametrize("moment", MOMENTS)
def test_the_big_screen_shows_counts_and_public_events_only(qtbot: Any, loaded: Any, moment: str) -> None:
    game = game_at(loaded, MOMENTS[moment])
    screen = BigScreenWindow(game)
    qtbot.addWidget(screen)
    screen.resize(1920, 1080)
    screen.show()
    table = screen.screen_view
    assert isinstance(table, TableView) and table.hall and table.audience == Audience.PUBLIC
    hidden = secrets_for(game, Audience.PUBLIC)
    labels = [lab.text() for lab in screen.findChildren(QLabel)]
    assert leaks(drawn(table) + labels, hidden) == []
    assert leaks([table_json(table)], hidden) == []
    assert not [s for s in table.spots if s.kind in ("card", "unit") and s.ident in hidden]
    # what it does show: the counts, from the rules' own numbers
    pool = game.state.pool
    for cls in ("mil", "para", "civ"):
        if game.state.phase == "play":
            assert table.spot(f"pool:{cls}").texts == [str(len(pool[cls]))]
    assert f"Deck {len(game.state.deck)}" in " ".join(t for s in table.spots for t in s.texts)


def _viewer(game: Game[Any], board: dict[str, Any]) -> PublicGame:
    setup = SimpleNamespace(map=game.module.map.model_dump(mode="json"), rules=game.module.scenario.rules,
                            name=game.module.scenario.name, teams=[])
    return PublicGame(setup, board)


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_viewer_draws_the_public_view_and_even_a_whole_table_sent_by_mistake_draws_no_secret(
        qtbot: Any, loaded: Any, moment: str) -> None:
    game = game_at(loaded, MOMENTS[moment])
    hidden = secrets_for(game, Audience.PUBLIC)
    public = dataclasses.asdict(game.module.view(game.state, Audience.PUBLIC))
    whole = dataclasses.asdict(game.module.board(game.state))  # what a host sending board() would send
    assert leaks([json.dumps(whole["table"])], hidden), "control case: the whole table holds the secrets"
    for board in (public, whole):
        screen = BigScreenWindow(_viewer(game, board))
        qtbot.addWidget(screen)
        screen.resize(1920, 1080)
        table = screen.screen_view
        assert isinstance(table, TableView)
        assert any(s.kind == "panel" and s.ident == "gov-mil" for s in table.spots), "the viewer draws the table"
        labels = [lab.text() for lab in screen.findChildren(QLabel)]
        assert leaks(drawn(table) + labels, hidden) == []
    assert leaks([json.dumps(public["table"])], hidden) == []
