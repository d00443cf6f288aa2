"""The table-driven rules' seat rights: a move and an attack act for the units' team; CONTROL's
commands are the designer's list (``control_only:``), refused by the LAN host from other seats."""

from __future__ import annotations

import asyncio
from pathlib import Path

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.rights import teams_concerned, undeclared_fields
from boardapp.net.client import Seat
from boardapp.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"


def test_the_units_team_acts() -> None:
    game = new_game(load_scenario(SCENARIO))
    assert undeclared_fields(type(game.module).command_types) == []
    concerned = {k: teams_concerned(game.module, game.state, game.parse(d)) for k, d in {
        "move": {"kind": "move", "counter": "l-inf1", "to": "ashby"},
        "attack": {"kind": "attack", "attackers": ["l-inf1", "l-cav1"], "place": "ashby"},
        "set_track": {"kind": "set_track", "team": "rebels", "track": "morale", "value": 1},
        "end_turn": {"kind": "end_turn"},
    }.items()}
    assert concerned == {"move": {"league"}, "attack": {"league"}, "set_track": {"rebels"}, "end_turn": set()}
    # the defender's choice of its losses is the defender's (the Crown's militia stands at Ashby)
    chooses = game.parse({"kind": "attack", "attackers": ["l-inf1"], "place": "ashby", "defender_losses": ["c-mil1"]})
    assert teams_concerned(game.module, game.state, chooses) == {"league", "crown"}


def test_a_league_seat_plays_the_league_only_and_not_controls_commands(tmp_path: Path) -> None:
    path = tmp_path / "tarn.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            league = Seat(host.url, host.add_seat("umpire", "League's umpire", teams=["league"]).token)
            ctrl = Seat(host.url, host.add_seat("control").token)
            for s in (league, ctrl):
                await s.start()
            out = await league.play({"kind": "move", "counter": "c-inf1", "to": "crossway"}, timeout=5)
            assert out.code == "forbidden", out
            out = await league.play({"kind": "move", "counter": "l-inf2", "to": "old-dam"}, timeout=5)
            assert out.accepted, out
            for cmd in ({"kind": "end_turn"}, {"kind": "set_track", "team": "league", "track": "morale", "value": 4}):
                out = await league.play(cmd, timeout=5)
                assert out.code == "forbidden" and f"only CONTROL may play {cmd['kind']!r}" in out.reasons, out
            assert (await ctrl.play({"kind": "end_turn"}, timeout=5)).accepted
            for s in (league, ctrl):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))
