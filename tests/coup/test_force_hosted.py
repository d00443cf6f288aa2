"""Coup hosted on the LAN: CONTROL forces an action the rules refuse ("reality trumps rules"), through
``GameController.submit`` as CONTROL's window does; an umpire's seat cannot (rehearsal 2 left it untried).

The refused action: a player draws a card in another team's turn. Rulebook: "The order of play is
determined anew and randomly each turn"; "Team members play in any order they agree on" — teams act
in the rolled order (docs/coup.md, ruling 4). CONTROL rules that the draw stands (a card dealt at the
wrong moment at the table): the card is his, the deck is one shorter, the big screen shows both."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.net.replica import public_board
from boardapp.ui.document.controller import GameController

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "coup.yaml"
REASON = "Control dealt him a card while his team waited: it stands"


def seat_row(board: dict[str, Any], player: str) -> dict[str, Any]:
    return next(s for s in board["table"]["seats"] if s["player"] == player)


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


def test_control_forces_a_draw_out_of_turn_and_an_umpire_cannot(tmp_path: Path) -> None:
    path = tmp_path / "coup.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        control = GameController(game)
        async with Host(game) as host:
            assert control.submit({"kind": "setup"}).accepted
            waiting = game.state.order[-1]  # the team that acts last this turn: not its turn now
            player = f"{waiting}-mil"
            umpire = Seat(host.url, host.add_seat("umpire", "an umpire", teams=[
                f"{waiting}-mil", f"{waiting}-para", f"{waiting}-civ"]).token)
            screen = Seat(host.url, host.add_seat("viewer", "big screen").token)
            for s in (umpire, screen):
                await s.start()
            start = public_board(game)
            cards, deck = seat_row(start, player)["cards"], start["table"]["deck"]

            out = await umpire.play({"kind": "draw", "player": player}, timeout=5)
            assert not out.accepted and any("turn" in r for r in out.reasons), out
            out = await umpire.play({"kind": "draw", "player": player, "force": "the umpire's own ruling"}, timeout=5)
            assert out.code == "forbidden" and "only CONTROL may force a command the rules refuse" in out.reasons
            assert public_board(game) == start, "a refused command changes nothing"

            refused = control.submit({"kind": "draw", "player": player})
            assert not refused.accepted and refused.forceable
            before = repr(game.state)
            forced = control.submit({"kind": "draw", "player": player, "force": REASON})
            assert forced.accepted and forced.entry is not None
            entry = forced.entry
            assert entry.command["force"] == REASON and any("turn" in r for r in entry.overridden)
            assert game.staff.rulings[entry.seq].text == REASON

            # the forced state: one card more in his hand, one fewer in the deck, on the big screen too
            after = public_board(game)
            assert seat_row(after, player)["cards"] == cards + 1
            assert after["table"]["deck"] == deck - 1
            await until(lambda: screen.view is not None and screen.view["table"]["deck"] == deck - 1)
            assert seat_row(screen.view, player)["cards"] == cards + 1

            # undo and redo give the same states (the drawn card is the same card: the deck is dealt once)
            forced_state = repr(game.state)
            game.undo()
            assert repr(game.state) == before
            game.redo()
            assert repr(game.state) == forced_state
            await until(lambda: screen.view is not None and screen.view["table"]["deck"] == deck - 1)
            for s in (umpire, screen):
                await s.close()
        game.store.close()
        again = open_game(path)  # the game file replayed
        assert repr(again.state) == forced_state
        assert again.entries[-1].command["force"] == REASON and again.entries[-1].overridden == entry.overridden
        again.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))
