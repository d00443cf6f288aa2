"""A player's seat on the LAN (issue 15.6, issue 11.1): its join code opens the board for that one player.

CONTROL hosts a Coup game; Gov-Mil's player seat joins. Its window's audience is Gov-Mil: the table shows
Gov-Mil's hand face up and the others' as counts. Every message the seat receives, every spot it draws,
its log, turn panel and status line are walked for another player's cards, units or the pool's
identities (the same walk over CONTROL's window is the control case: it finds them). A card dragged onto a
counterpart reaches the host as Gov-Mil's play. For Mid-East PEACE, a country's seat enters its own fist
and is refused the other side's.

The secrets are the rulebook's (shared/rules/coup.md: a player sees his own hand and units) as
tests/ui_coup/test_secrets.py lists them; the example game (docs/examples/coup-every-command.yaml, seed 2)
has Gov-Mil play the 4 of Clubs against Reb-Mil at its 13th command.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.module import Audience
from boardapp.net import protocol
from boardapp.ui.network.public import PlayerGame
from boardapp.ui.rules.coup.view import TableView
from tests.ui_coup.conftest import SCENARIO, SEED, script
from tests.ui_coup.test_secrets import drawn, leaks, secrets_for
from tests.ui_coup.test_table import drag

WAIT = 10000
PLAY_AT = 12
"""The example game's command 12 (from 0) is Gov-Mil's 4C played against Reb-Mil."""


@pytest.fixture
def heard(monkeypatch: Any) -> Iterator[list[tuple[int, str]]]:
    """Every message any seat in this process receives, as (thread id, raw text): a seat's own are those
    of its loop's thread."""
    got: list[tuple[int, str]] = []
    parse = protocol.parse_host_message

    def recording(raw: Any) -> Any:
        got.append((threading.get_ident(), raw if isinstance(raw, str) else bytes(raw).decode("utf-8", "replace")))
        return parse(raw)

    monkeypatch.setattr(protocol, "parse_host_message", recording)
    yield got


def _host(qtbot: Any, path: Path) -> Any:
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import SeatPlan

    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    win.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, view_interval=0.02, view_events=True,
                          plan=SeatPlan(umpires=[]))
    return win


def _player_code(host_window: Any, player: str) -> str:
    return str(host_window.network.runner.call(lambda h: h.add_seat("player", player=player)).token)


def _table(win: Any) -> TableView:
    view = win.centralWidget().table  # in its scrolling area (TableArea)
    assert isinstance(view, TableView)
    return view


def _texts(win: Any) -> list[str]:
    """What the window shows besides the table: its log rows, turn panel, status line and every label."""
    rows = [str(r["text"]) for r in win.log_panel.rows]
    return rows + [win.status.text(), win.turn_panel.label.text(), win.turn_panel.tallies.text()] + \
        [lab.text() for lab in win.findChildren(QLabel)]


@pytest.fixture
def coup_path(tmp_path: Path) -> Path:
    path = tmp_path / "coup.game"
    game = new_game(load_scenario(SCENARIO), save=path, dice=SeededDice(SEED))
    for cmd in script()[:PLAY_AT]:
        game.push(cmd)
    game.store.close()
    return path


def test_a_coup_player_seat_sees_its_own_hand_only_and_plays_a_card_by_drag(
        qtbot: Any, coup_path: Path, join: Any, heard: list[tuple[int, str]]) -> None:
    host_window = _host(qtbot, coup_path)
    try:
        host_game = host_window.network.runner.call(lambda h: h.game)
        seat = join(host_window.network.runner.url, _player_code(host_window, "gov-mil"))
        seat.resize(1920, 1080)
        me = Audience.player_seat("gov-mil")
        assert isinstance(seat.game, PlayerGame) and seat.audience == me
        assert seat.network.link.role == "player" and seat.network.link.game is None  # no journal, no replica
        view = _table(seat)
        assert view.audience == me
        hand = list(host_game.state.hands["gov-mil"])
        assert "4C" in hand
        qtbot.waitUntil(lambda: {s.ident for s in view.spots if s.kind == "card"} == set(hand), timeout=WAIT)
        # the others' hands as counts: Reb-Mil's seat says how many cards it holds, shows none
        reb_hand = host_game.state.hands["reb-mil"]
        assert view.picture is not None and view.picture.table is not None
        seats = {st["player"]: st for st in view.picture.table["seats"]}
        assert seats["reb-mil"]["cards"] == len(reb_hand) and not seats["reb-mil"].get("hand")
        assert [h["card"] for h in seats["gov-mil"]["hand"]] == hand
        assert any(t.startswith(f"Cards {len(reb_hand)}/") for t in view.drawn_texts())

        hidden = secrets_for(host_game, me)
        assert hidden and not set(hand) & hidden
        control_view = _table(host_window)
        assert leaks(drawn(control_view), hidden), "control case: CONTROL's table shows the others' cards"
        assert leaks(drawn(view), hidden) == []
        assert leaks(_texts(seat), hidden) == []

        # play the 4 of Clubs on Reb-Mil, by drag: it reaches the host as Gov-Mil's play
        before = len(host_game.entries)
        drag(view, "4C", "reb-mil")
        qtbot.waitUntil(lambda: len(host_game.entries) > before, timeout=WAIT)
        assert host_game.entries[before].command == script()[PLAY_AT]
        assert host_game.entries[before].id is not None  # a seat's command (id@seat key)
        qtbot.waitUntil(lambda: "4C" not in {s.ident for s in view.spots if s.kind == "card"}, timeout=WAIT)

        # every message this seat received, after the play too (the Block window, the public events)
        seat_thread = seat.network.link.loop.thread.ident
        host_thread = host_window.network.link.loop.thread.ident
        mine = [raw for tid, raw in heard if tid == seat_thread]
        control = [raw for tid, raw in heard if tid == host_thread]
        assert mine and control
        hidden = secrets_for(host_game, me) | hidden
        assert leaks(control, hidden), "control case: CONTROL's seat receives the others' cards"
        assert leaks(mine, hidden) == []
        assert leaks(drawn(view) + _texts(seat), hidden) == []
        # its log shows what it may see: its own play's events, each one the host's and visible to Gov-Mil
        played = [ev.text for ev in host_game.entries[before].events if ev.visible(me)]
        assert played
        qtbot.waitUntil(lambda: played[-1] in [r["text"] for r in seat.log_panel.rows], timeout=WAIT)
        visible = {ev.text for e in host_game.entries for ev in e.events if ev.visible(me)}
        assert {r["text"] for r in seat.log_panel.rows} <= visible
        assert seat.status.text() in visible | {f"{view.picture.turn_label}: ready"}
    finally:
        host_window.network.shutdown()


def test_a_mideast_country_seat_enters_its_own_fist(qtbot: Any, tmp_path: Path) -> None:
    """Through the player's game source and the window's one door (GameController), as the board submits.

    Mid-East PEACE's own docks read the real rule module, which a player's seat does not hold: joining
    with a country's code says so cleanly instead of opening the board (until those docks draw from a view)."""
    from boardapp.ui.document.controller import GameController
    from boardapp.ui.network.seats import SeatLink

    path = tmp_path / "mideast.game"
    root = Path(__file__).resolve().parents[2]
    game = new_game(load_scenario(root / "scenarios" / "mideast-peace.yaml"), save=path)
    game.push({"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    game.push({"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 4})  # Egypt attacks Libya
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 2})
    game.store.close()
    host_window = _host(qtbot, path)
    link = None
    try:
        host_game = host_window.network.runner.call(lambda h: h.game)
        link = SeatLink(host_window.network.runner.url, _player_code(host_window, "libya"))
        link.start()
        libya = link.public
        assert isinstance(libya, PlayerGame) and libya.audience == Audience.player_seat("libya")
        assert link.game is None
        door = GameController(libya)
        # Libya may not enter Egypt's fist; its own reaches the host
        out = door.submit({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 1})
        assert not out.accepted and out.code == "forbidden" and out.reasons[-1].endswith("not egypt"), out.reasons
        before = len(host_game.entries)
        out = door.submit({"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1})
        assert out.accepted, out.reasons
        assert len(host_game.entries) == before + 1
        assert host_game.entries[-1].command == {"kind": "fist", "battle": "cyrenaica", "side": "defender",
                                                 "chips": 1}
        assert host_game.state.retreat is not None and host_game.state.retreat.player == "libya"  # 2 beat 1
        # its board window is not there yet for Mid-East PEACE (the docks read the whole game): a clear refusal
        from boardapp.net.client import SeatError
        from boardapp.ui.network.windows import open_join

        with pytest.raises(SeatError, match="a player's seat cannot open mideast's board yet"):
            open_join(host_window.network.runner.url, _player_code(host_window, "egypt"))
        # the player's view follows: its picture is the host's view for Libya
        qtbot.waitUntil(lambda: libya.state.picture.turn_label == host_game.module.view(
            host_game.state, Audience.player_seat("libya")).turn_label, timeout=WAIT)
    finally:
        if link is not None:
            link.close()
        host_window.network.shutdown()


def test_the_log_turn_panel_and_status_line_show_only_the_audiences_events(qtbot: Any) -> None:
    """The window's event filter on a whole game (CONTROL's is the control case): a player's audience sees
    public events and its own hidden ones, never another player's (a draw is the drawer's secret)."""
    from boardapp.ui.mainwindow import MainWindow
    from tests.ui_coup.conftest import game_at

    game = game_at(load_scenario(SCENARIO), 30)
    win = MainWindow(game)
    qtbot.addWidget(win)
    every = [ev for e in game.entries for ev in e.events]
    hidden_from_me = [ev for ev in every if not ev.visible(Audience.player_seat("gov-mil"))]
    assert hidden_from_me, "the example game has secrets from Gov-Mil by command 30"
    assert {r["text"] for r in win.log_panel.rows} == {ev.text for ev in every}  # CONTROL: everything
    me = Audience.player_seat("gov-mil")
    win.audience = me
    win.log_panel.show_game(game, me)
    rows = [r["text"] for r in win.log_panel.rows]
    assert rows == [ev.text for ev in every if ev.visible(me)]
    assert len(rows) == len(every) - len(hidden_from_me)
    win.turn_panel.show_game(game, me)
    assert win.turn_panel.label.text() == game.module.view(game.state, me).turn_label
