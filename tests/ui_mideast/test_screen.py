"""Mid-East PEACE in the hall: the big screen and a viewer's screen never see a fist before the reveal;
the UN tally grows live; the battle's reveal is shown as an event.

The secret walk reads everything a screen shows or holds as text — every widget's text (labels,
buttons, the side bar's drawn tracks and tallies, our sections), every scene item's text and
tooltip, the window title — and, for a viewer, the message a LAN host sends it (``public_board``).
A control case runs the same walk after the reveal and finds the numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QLabel,
    QLineEdit,
    QTableWidget,
    QWidget,
)

from boardapp.engine.files import new_game
from boardapp.net.replica import public_board
from boardapp.ui.bigscreen.window import BigScreenWindow
from boardapp.ui.network.public import PublicGame
from boardapp.ui.rules.mideast import screen as hall
from tests.mideast.helpers import variant

SECRET_ATTACK = 37  # Egypt's fist: no other number in this game is 37
SECRET_DEFENCE = 29  # Libya's fist
BIG = {"egypt": {"forces": {"lower-egypt": 40, "upper-egypt": 2}, "chips": 60},
       "libya": {"forces": {"tripolitania": 2, "cyrenaica": 30}, "chips": 50}}


def attack_declared() -> Any:
    game = new_game(variant(countries=BIG))
    game.push({"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    game.push({"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 40})
    return game


def leaves(value: Any) -> Iterator[str]:
    """Every leaf of a message as text (dicts, lists, dataclasses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from leaves(v)
    elif isinstance(value, (list, tuple, set)):
        for v in value:
            yield from leaves(v)
    else:
        yield str(value)


def screen_texts(window: QWidget) -> list[str]:
    """Everything the window shows or holds as text: widgets, the side bar's drawings, the map's items."""
    out = [window.windowTitle()]
    for w in window.findChildren(QWidget):
        out.append(w.toolTip())
        if isinstance(w, (QLabel, QAbstractButton, QLineEdit)):
            out.append(w.text())
        if isinstance(w, QTableWidget):
            out += [w.item(i, j).text() for i in range(w.rowCount()) for j in range(w.columnCount()) if w.item(i, j)]
        for method in ("drawn_texts", "text", "texts"):
            fn = getattr(w, method, None)
            if callable(fn) and not isinstance(w, (QLabel, QAbstractButton, QLineEdit)):
                got = fn()
                out += got if isinstance(got, list) else [str(got)]
    scene = getattr(window, "scene", None)
    if scene is not None:
        for item in scene.items():
            out.append(item.toolTip())
            if isinstance(item, QGraphicsSimpleTextItem):
                out.append(item.text())
            if isinstance(item, QGraphicsTextItem):
                out.append(item.toPlainText())
        for cid in scene.counters:
            out.append(scene.counters[cid].toolTip())
    return out


def showing(texts: list[str], secret: int) -> list[str]:
    return [t for t in texts if str(secret) in t]


@pytest.fixture
def screens(qtbot: Any) -> Any:
    """The game, its big screen and a viewer's screen (a public game following it, as a LAN viewer's)."""
    game = attack_declared()
    big = BigScreenWindow(game)
    viewer_game = PublicGame.following(game)
    viewer = BigScreenWindow(viewer_game)
    for w in (big, viewer):
        qtbot.addWidget(w)
        w.resize(1920, 1080)
        w.show()
    return game, big, viewer, viewer_game


@pytest.mark.parametrize(("side", "secret"), [("attacker", SECRET_ATTACK), ("defender", SECRET_DEFENCE)])
def test_no_screen_sees_a_fist_before_the_reveal(screens: Any, side: str, secret: int) -> None:
    game, big, viewer, viewer_game = screens
    game.push({"kind": "fist", "battle": "cyrenaica", "side": side, "chips": secret})
    assert "cyrenaica" not in {b.target for b in game.state.battles if b.result}
    for window in (big, viewer):
        texts = screen_texts(window)
        assert showing(texts, secret) == [], window
        assert any("fists: attacker in" in t or "defender in" in t for t in texts), window  # that it is in
    assert showing(list(leaves(public_board(game))), secret) == []  # the host's message to a viewer
    assert showing(list(leaves(viewer_game.state.board)), secret) == []
    # Control case: once the other fist is in, the same walks find the number on both screens.
    other = "defender" if side == "attacker" else "attacker"
    game.push({"kind": "fist", "battle": "cyrenaica", "side": other, "chips": 1 if side == "defender" else 2})
    for window in (big, viewer):
        assert showing(screen_texts(window), secret), window
    assert showing(list(leaves(public_board(game))), secret)


def sections(window: BigScreenWindow) -> dict[type, Any]:
    return {type(s): s for s in window.sections}


def test_the_big_screen_lights_the_battle_reveal_as_an_event(qtbot: Any, screens: Any,
                                                             monkeypatch: Any) -> None:
    game, big, _viewer, _ = screens
    battles = sections(big)[hall.BattleSection]
    assert battles.banner.text() == "" and not battles.lit and battles.board.isVisibleTo(big)
    # on the map view, in a margin the view keeps for it (the map is fitted above it: it covers no name)
    assert battles.board.parentWidget() is big.view and not battles.isVisibleTo(big)
    assert battles.board.geometry().top() >= big.view.viewport().geometry().bottom()
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": SECRET_ATTACK})
    assert battles.banner.text() == "" and not battles.lit
    monkeypatch.setattr(hall, "REVEAL_MS", 50)  # lit for 50 ms instead of 12 s (read when it lights up)
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": SECRET_DEFENCE})
    # 37 > 29: the attacker wins.
    assert battles.banner.text() == "Cyrenaica: Egypt 37 · Libya 29 — ATTACKER WINS"
    assert battles.lit
    assert "#ffd54f" in battles.banner.styleSheet()
    qtbot.waitUntil(lambda: not battles.lit, timeout=5000)
    assert battles.banner.text().startswith("Cyrenaica: Egypt 37")  # dimmed, kept
    game.push({"kind": "retreat", "to": "tripolitania"})
    game.push({"kind": "end_turn"})
    assert not battles.board.isVisibleTo(big)  # a new Player-Turn without battles: the banner goes


def test_the_un_tally_grows_live_on_the_big_screen(screens: Any) -> None:
    game, big, viewer, _ = screens
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 2})
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 3})  # repulsed
    game.push({"kind": "un_motion", "motion": "cease_fire"})
    un = sections(big)[hall.UnSection]
    assert un.motion.text() == "Cease Fire (Egypt)" and un.isVisibleTo(big)
    assert un.rows.text() == "12 still to vote"
    # One vote per country; a Cease Fire needs two thirds of the Yea+Nay votes.
    steps = [("egypt", "yea", "1 Yea, 0 Nay", "CARRIES"), ("israel", "nay", "1 Yea, 1 Nay", "FAILS"),
             ("jordan", "yea", "2 Yea, 1 Nay", "CARRIES"), ("syria", "nay", "2 Yea, 2 Nay", "FAILS")]
    for who, vote, counts, result in steps:
        game.push({"kind": "un_vote", "player": who, "vote": vote})
        for window in (big, viewer):
            live = sections(window)[hall.UnSection]
            assert live.tally.text().startswith(counts + " — ") and result in live.tally.text(), window
    assert "Egypt 1, Jordan 1" in un.rows.text() and "Israel 1, Syria 1" in un.rows.text()
    assert "8 still to vote" in un.rows.text()
    game.push({"kind": "un_tally"})  # 2 Yea of 4 is less than two thirds: no Cease Fire
    assert not game.state.ended and not un.isVisibleTo(big)


def test_the_turn_section_follows_the_player_turn(screens: Any) -> None:
    game, big, _viewer, _ = screens
    turn = sections(big)[hall.TurnSection]
    assert turn.board.parentWidget() is big.view and turn.board.isVisibleTo(big)
    assert turn.board.geometry().bottom() <= big.view.viewport().geometry().top()  # above the map, not on it
    assert turn.who.text().endswith("Egypt's Player-Turn · Round 1")
    assert "Military → Diplomatic" in turn.phases.text() and "now: <b>Move Forces</b>" in turn.phases.text()
    game.push({"kind": "end_turn", "force": "call the attack off"})
    assert turn.who.text().endswith("Israel's Player-Turn · Round 1")


def test_the_hall_map_has_the_bloc_and_un_outlines(screens: Any) -> None:
    game, big, viewer, _ = screens
    game.push({"kind": "set_bloc", "player": "israel", "bloc": "blue"})
    for window in (big, viewer):
        outlines = sections(window)[hall.TurnSection].outlines
        assert outlines.marks == {"sinai": "un", "israel": "blue"}, window


def test_a_viewer_is_sent_the_public_sections_only(monkeypatch: Any) -> None:
    """The LAN host's message carries a system's sections to viewers (so the UN tally reaches them), and
    never a hidden one — checked with a hidden section planted in the plain picture."""
    from boardapp.engine.module import Section
    from boardapp.ui.network.public import picture_from

    game = attack_declared()
    plain = game.module.board

    def with_secret(state: Any) -> Any:
        pic = plain(state)
        pic.sections.append(Section(id="secret", title="secret", rows=[["x", "37"]], hidden=True,
                                    visible_to=("egypt",)))
        return pic

    monkeypatch.setattr(game.module, "board", with_secret)
    message = public_board(game)
    ids = [s["id"] for s in message["sections"]]
    assert "secret" not in ids and {"turn", "un", "battles"} <= set(ids)
    assert [s.id for s in picture_from(message).sections] == ids
    assert picture_from(message).sections[0].rows == game.module.board(game.state).sections[0].rows


def test_a_cease_fire_ends_the_game_in_peace_on_both_screens(qtbot: Any) -> None:
    """Libya hands Egypt 5 chips; a Cease Fire carries unanimously: PEACE, scored in Oil Chips, Egypt
    (25) ahead of the ten countries on 20 and Libya on 15."""
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.rules.mideast.table import PeaceTable

    game = new_game(variant())
    board = MainWindow(game)
    big = BigScreenWindow(game)
    for w in (board, big):
        qtbot.addWidget(w)
        w.resize(1920, 1080)
        w.show()
    game.push({"kind": "give_chips", "player": "libya", "to": "egypt", "chips": 5})
    game.push({"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    game.push({"kind": "un_motion", "motion": "cease_fire"})
    final = sections(big)[hall.FinalSection]
    assert not final.board.isVisibleTo(big)
    for who in game.module.rules.order:
        game.push({"kind": "un_vote", "player": who, "vote": "yea"})
    game.push({"kind": "un_tally"})
    assert game.state.ended == "peace"
    assert final.board.isVisibleTo(big) and final.title.text() == "PEACE: Egypt wins"
    assert "<b>Egypt&nbsp;25</b>" in final.table.text() and "Libya&nbsp;15" in final.table.text()
    # along the bottom of the map view, in a margin the view keeps for it: the map is fitted above it,
    # so it covers nothing (it was over the Levant: issue #23 item 3)
    qtbot.waitUntil(lambda: final.board.geometry().top() >= big.view.viewport().geometry().bottom())  # laid soon after
    geo = final.board.geometry()
    assert geo.bottom() >= big.view.height() - big.view.height() // 20
    countries = board.findChild(QDockWidget, "mideast.table").widget()
    assert isinstance(countries, PeaceTable)
    assert countries.countries.final.text() == "Final table (PEACE): Egypt wins"
