"""MUN 1935 hosted on the LAN: CONTROL's force ("reality trumps rules") and *Reveal and resolve* end to
end, through ``GameController.submit`` (CONTROL's window) and real seats (rehearsal 2 left both untried).

Rulebook (MUN, Rules of the game): "Each delegation secretly writes 'orders' … All players' orders are
then revealed at the same time by the student officers." "An 'illegal' order … isn't followed. A unit
that is given an illegal order (or given no order) must stand in place (the unit holds)." The officers
"are the final arbiter": CONTROL may resolve without a missing delegation (docs/mun-historical.md,
*resolving without them*), an umpire may not. A forced hand-in does not make an illegal order legal:
the hand-in is not refused, so there is nothing to override (docs/mun-historical.md, *Force in MUN*).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.net.replica import public_board
from boardapp.ui.document.controller import GameController

ROOT = Path(__file__).resolve().parents[2]
MUN = ROOT / "scenarios" / "mun-historical-1935.yaml"

UK = ["F Lon-Eng", "F Edi-Nth"]
FRANCE = ["A Par-Pic", "A Par-Bur"]  # the second: no Burgundy on the 1935 map, and Paris has one order
REASON = "the chair resolves: the other delegations are late and hold"


def units_at(board: dict[str, Any]) -> dict[str, str]:
    """Place -> team of the public picture's pieces (what the big screen draws)."""
    return {pc["place"]: pc["team"] for pc in board["pieces"] if pc.get("place")}


def seen(data: Any) -> str:
    return json.dumps(data, default=str)


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


def test_orders_sealed_until_revealed_and_control_alone_forces_the_reveal(tmp_path: Path) -> None:
    path = tmp_path / "mun.game"
    new_game(load_scenario(MUN), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        control = GameController(game)  # CONTROL's window: the one door
        async with Host(game) as host:
            heard: dict[str, list[Any]] = {"viewer": [], "france": []}
            umpire = Seat(host.url, host.add_seat("umpire", "UK and France", teams=["uk", "france"]).token)
            screen = Seat(host.url, host.add_seat("viewer", "big screen").token,
                          on_event=lambda k, d: heard["viewer"].append((k, d)))
            france = Seat(host.url, host.add_seat("player", player="france").token,
                          on_event=lambda k, d: heard["france"].append((k, d)))
            uk_player = Seat(host.url, host.add_seat("player", player="uk").token)
            for s in (umpire, screen, france, uk_player):
                await s.start()
            start = units_at(screen.view)
            assert start["lon"] == "uk" and start["par"] == "france" and "eng" not in start

            # the delegations hand in through the umpire; the illegal line is recorded, not refused
            assert (await umpire.play({"kind": "submit_orders", "power": "uk", "orders": UK}, timeout=5)).accepted
            out = await umpire.play({"kind": "submit_orders", "power": "france", "orders": FRANCE}, timeout=5)
            assert out.accepted
            assert game.state.illegal["france"][0][0] == "A Par-Bur"

            # sealed: neither the big screen nor another power's seat learns a word of the orders
            await until(lambda: any(k == "events" for k, _ in heard["viewer"]))
            uk_bits = ["Lon-Eng", "lon -> eng", "Edi-Nth", "edi -> nth", "English Channel", "North Sea"]
            france_bits = ["Par-Pic", "par -> pic", "Picardy", "Par-Bur"]
            for who, data, secret in (("the big screen", [screen.view, heard["viewer"]], uk_bits + france_bits),
                                      ("France's seat", [france.view, heard["france"]], uk_bits),
                                      ("the UK's seat", [uk_player.view], france_bits)):
                text = seen(data)
                assert [b for b in secret if b in text] == [], who
            assert units_at(screen.view) == start

            # Reveal and resolve with seven delegations missing: refused, and only CONTROL may force it
            out = await umpire.play({"kind": "adjudicate"}, timeout=5)
            assert not out.accepted and any("no orders yet" in r for r in out.reasons), out
            out = await umpire.play({"kind": "adjudicate", "force": "the umpire's own ruling"}, timeout=5)
            assert out.code == "forbidden" and "only CONTROL may force a command the rules refuse" in out.reasons
            assert out.code == "forbidden" and game.state.phase == "movement" and len(game.entries) == 2
            refused = control.submit({"kind": "adjudicate"})
            assert not refused.accepted and refused.forceable
            before = repr(game.state)
            forced = control.submit({"kind": "adjudicate", "force": REASON})
            assert forced.accepted and forced.entry is not None

            # the log keeps CONTROL's reason with the refusal it overrode
            entry = forced.entry
            assert entry.command["force"] == REASON
            assert any("no orders yet" in r for r in entry.overridden)
            ruling = game.staff.rulings[entry.seq]
            assert ruling.text == REASON and ruling.forced is not None and ruling.by == "CONTROL"

            # revealed: the orders are public now, and the big screen draws the resolved position
            after = public_board(game)
            assert units_at(after)["eng"] == "uk" and units_at(after)["nth"] == "uk"
            assert units_at(after)["pic"] == "france" and "par" not in units_at(after)
            await until(lambda: units_at(screen.view or {"pieces": []}) == units_at(after))
            said = [e.text for k, d in heard["viewer"] if k == "events" for e in d]
            for result in ("United Kingdom: F lon -> eng — succeeds", "United Kingdom: F edi -> nth — succeeds",
                           "Republic of France: A par -> pic — succeeds"):
                assert result in said, (result, said)  # revealed to all at once
            assert any("A Par-Bur" in t and "the unit holds" in t for t in said), said  # the void one too
            assert "Now: Fall 1935" in said and game.state.season == "fall"

            # undo and redo give the same states; so does a replay of the game file
            resolved = repr(game.state)
            game.undo()
            assert repr(game.state) == before
            game.redo()
            assert repr(game.state) == resolved
            for s in (umpire, screen, france, uk_player):
                await s.close()
        game.store.close()
        again = open_game(path)
        assert repr(again.state) == resolved
        assert again.entries[-1].command["force"] == REASON and again.entries[-1].overridden == entry.overridden
        again.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))


def test_a_forced_hand_in_does_not_make_an_illegal_order_legal() -> None:
    """The rulebook's rule stands under CONTROL's force: the hand-in was never refused, so nothing is
    overridden, and the unit given the illegal order holds."""
    game = new_game(load_scenario(MUN))
    control = GameController(game)
    out = control.submit({"kind": "submit_orders", "power": "france", "orders": ["A Par-Bur"],
                          "force": "the delegate insists"})
    assert out.accepted and out.entry is not None and out.entry.overridden == []
    assert game.state.illegal["france"][0][0] == "A Par-Bur"
    assert game.staff.rulings == {}, "no ruling: the rules refused nothing"
    control.submit({"kind": "adjudicate", "force": "resolve"})
    assert any(u.province == "par" and u.power == "france" for u in game.state.units), "Paris holds"
