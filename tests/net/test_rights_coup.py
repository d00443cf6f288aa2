"""Coup's seat rights (issue 11.1, issue 15.6): each of the nine seats plays its own commands only.

Rulings (docs/network.md, *A seat's rights*): in Coup a seat's rights are held by player (gov-mil …
for-civ), since the nine seats, not the three teams, are who act; a team's umpire is limited to its
three players. Every command names its acting player in ``player`` (a Block is the blocking player's,
a card's target decides nothing: it answers with a Block of its own); all else is that player's choice.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.rights import field_rights, teams_concerned
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.rules.coup.commands import ALL_COMMANDS, CONTROL_ONLY

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "coup.yaml"

BY_PLAYER: dict[str, dict[str, Any]] = {
    "draw": {},
    "pass": {},
    "play_card": {"card": "7C", "target": "reb-mil"},
    "attempt": {"action": "recruit", "target": "reb-mil"},
    "bust": {"card": "5H", "against": "reb"},
    "block": {"card": "5S"},
    "no_block": {},
    "transfer": {"to": "gov-para", "chips": 0},
    "discard": {"card": "7C"},
    "declare_coup": {},
    "support": {"side": "gov"},
    "arm": {"units": ["civ-students-1"]},
    "lay_out": {"stacks": [["mil-tanks-1"]]},
    "match": {"pairs": {1: ["mil-tanks-1"]}},
    "lose": {"units": ["mil-tanks-1"]},
    "objective_met": {},
    "arrange_meeting": {"counterpart": "gov-civ"},  # the arranger acts; whom he meets is his choice
    "meet": {"counterpart": "gov-civ"},
}
"""Every kind that names its acting player, with the rest of a well-formed command."""


def test_every_command_names_its_player_and_nothing_else_acts() -> None:
    naming = {cls.model_fields["kind"].default: {n: d.who for n, d in field_rights(cls).items() if d.who != "chosen"}
              for cls in ALL_COMMANDS}
    assert {k for k, v in naming.items() if v} == set(BY_PLAYER)
    assert all(v == {"player": "team"} for v in naming.values() if v)
    # what acts for nobody is Control's alone
    assert {k for k, v in naming.items() if not v} <= CONTROL_ONLY


def test_the_acting_player_is_who_is_concerned() -> None:
    game = new_game(load_scenario(SCENARIO))
    for kind, rest in BY_PLAYER.items():
        data = {"kind": kind, "player": "for-civ"} | rest
        assert teams_concerned(game.module, game.state, game.parse(data)) == {"for-civ"}, kind
    # the Coup is always Reb-Mil's, even when the field is left out
    assert teams_concerned(game.module, game.state, game.parse({"kind": "declare_coup"})) == {"reb-mil"}


def test_each_seat_plays_its_own_players_commands_only(tmp_path: Path) -> None:
    path = tmp_path / "coup.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            ctrl = Seat(host.url, host.add_seat("control").token)
            gov_mil = Seat(host.url, host.add_seat("player", player="gov-mil").token)
            gov_umpire = Seat(host.url, host.add_seat("umpire", "Government's umpire",
                                                      teams=["gov-mil", "gov-para", "gov-civ"]).token)
            for s in (ctrl, gov_mil, gov_umpire):
                await s.start()
            assert (await ctrl.play({"kind": "setup"}, timeout=5)).accepted
            for kind, rest in BY_PLAYER.items():
                own = await gov_mil.play({"kind": kind, "player": "gov-mil"} | rest, timeout=5)
                if kind in CONTROL_ONLY:
                    assert own.code == "forbidden" and f"only CONTROL may play {kind!r}" in own.reasons, kind
                else:
                    assert own.code != "forbidden", (kind, own)  # the rules may still say no
                for seat, other in ((gov_mil, "gov-para"), (gov_mil, "reb-mil"), (gov_umpire, "reb-mil")):
                    before = game.summary()
                    out = await seat.play({"kind": kind, "player": other} | rest, timeout=5)
                    assert out.code == "forbidden", (kind, other, out)
                    assert any(r.endswith(f"not {other}") for r in out.reasons), (kind, other, out.reasons)
                    assert game.summary() == before
                if kind not in CONTROL_ONLY:
                    out = await gov_umpire.play({"kind": kind, "player": "gov-para"} | rest, timeout=5)
                    assert out.code != "forbidden", (kind, out)
            # Control's own kinds act for nobody: no player's seat plays them
            out = await gov_mil.play({"kind": "end_turn"}, timeout=5)
            assert out.code == "forbidden" and "only CONTROL may play 'end_turn'" in out.reasons
            for s in (ctrl, gov_mil, gov_umpire):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))


def test_a_team_named_for_an_umpire_gives_its_three_players(tmp_path: Path) -> None:
    """Rehearsal 3 (27 Nov, on Xvfb): the Host dialog offers Coup's teams (Government, Rebel, Foreign Power),
    and an umpire hosted for "Rebel, Foreign Power" got teams ["for", "reb"]; its Reb-Mil Draw was refused
    "this seat plays for Foreign Power, Rebel, not reb-mil", so a team's umpire could play nothing at all.
    The ruling above (a team's umpire is limited to its three players) holds when the team is named."""
    path = tmp_path / "coup.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            ctrl = Seat(host.url, host.add_seat("control").token)
            rebels = Seat(host.url, host.add_seat("umpire", "Rebels' umpire", teams=["reb"]).token)
            for s in (ctrl, rebels):
                await s.start()
            assert (await ctrl.play({"kind": "setup"}, timeout=5)).accepted
            for player in ("reb-mil", "reb-para", "reb-civ"):
                out = await rebels.play({"kind": "pass", "player": player}, timeout=5)
                assert out.code != "forbidden", (player, out)  # the rules may still say no (not his turn)
            for player in ("gov-mil", "for-civ"):
                before = game.summary()
                out = await rebels.play({"kind": "pass", "player": player}, timeout=5)
                assert out.code == "forbidden" and any(r.endswith(f"not {player}") for r in out.reasons), out
                assert game.summary() == before
            for s in (ctrl, rebels):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
