"""Diplomacy's seat rights (issue 11.1): a power's seat hands in its own orders and proposes its own goal.

Rulings (docs/network.md, *A seat's rights*): ``power`` acts (by id; the officers' commands also take
a power's name, resolved to its id); a conference acts for every delegation named, each of which
must agree to attend; orders, points, goals' texts, reasons and places are the sender's choice.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.game import Game
from boardapp.engine.rights import teams_concerned
from boardapp.net.client import Seat
from boardapp.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "mun-historical-1935.yaml"


def _teams(game: Game[Any], data: dict[str, Any]) -> set[str]:
    return teams_concerned(game.module, game.state, game.parse(data))


def test_who_acts_in_each_command() -> None:
    game: Game[Any] = new_game(load_scenario(SCENARIO))
    assert _teams(game, {"kind": "submit_orders", "power": "uk", "orders": ["F lon h"]}) == {"uk"}
    assert _teams(game, {"kind": "set_victory_points", "power": "uk", "points": 2}) == {"uk"}
    # a power's name counts as its id
    assert _teams(game, {"kind": "propose_goal", "power": "United Kingdom", "goal": "x"}) == {"uk"}
    assert _teams(game, {"kind": "award_points", "power": "france", "goal": 1, "points": 1}) == {"france"}
    assert _teams(game, {"kind": "open_conference", "name": "Stresa", "location": "rom",
                         "powers": ["italy", "Republic of France", "uk"]}) == {"italy", "france", "uk"}
    # an unknown name stays as written: no seat holds it
    assert _teams(game, {"kind": "propose_goal", "power": "Ruritania", "goal": "x"}) == {"Ruritania"}
    for data in ({"kind": "adjudicate"}, {"kind": "end_conference"}, {"kind": "end_game"}):
        assert _teams(game, data) == set(), data


def test_a_powers_seat_plays_for_its_power_only(tmp_path: Path) -> None:
    path = tmp_path / "diplomacy.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            uk = Seat(host.url, host.add_seat("player", player="uk").token)
            west = Seat(host.url, host.add_seat("umpire", "western umpire", teams=["uk", "france"]).token)
            for s in (uk, west):
                await s.start()
            assert (await uk.play({"kind": "submit_orders", "power": "uk", "orders": []}, timeout=5)).accepted
            out = await uk.play({"kind": "propose_goal", "power": "United Kingdom", "goal": "Hold Malta"}, timeout=5)
            assert out.accepted, out
            for seat, data, who in [
                (uk, {"kind": "submit_orders", "power": "france", "orders": []}, "france"),
                (uk, {"kind": "propose_goal", "power": "Republic of France", "goal": "x"}, "france"),
                (west, {"kind": "submit_orders", "power": "italy", "orders": []}, "italy"),
                (west, {"kind": "open_conference", "name": "Stresa", "location": "lon",
                        "powers": ["uk", "france", "italy"]}, "italy"),
            ]:
                before = game.summary()
                out = await seat.play(data, timeout=5)
                assert out.code == "forbidden" and any(r.endswith(f"not {who}") for r in out.reasons), (data, out)
                assert game.summary() == before
            out = await west.play({"kind": "submit_orders", "power": "france", "orders": []}, timeout=5)
            assert out.accepted, out
            # the officers' kinds stay CONTROL's
            out = await uk.play({"kind": "award_points", "power": "uk", "goal": 1, "points": 1}, timeout=5)
            assert out.code == "forbidden" and "only CONTROL may play 'award_points'" in out.reasons
            for s in (uk, west):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
