"""The Game hosted: an umpire's seat (not CONTROL) makes a legal command of its own on the board
(rehearsal 2 found none: "the umpire acts through CONTROL's steps"). In step I an umpire limited to
John Astell and Rich Banner breaks Astell's relations with Banner.

Rulebook (The Game, *Breaking diplomatic relations*): "At the beginning of each turn a player may break
diplomatic relations with any country he chooses. A breach in diplomatic relations removes all PIPs and
existing relations of both the breaching and the breached country from their opponent's capitals".
In the scenario Banner's capitals are Russia, Canada East and Zimbabwe; Astell's are Mexico, India and
Romania. CONTROL first sets the PIPs and relations the breach must remove (``edit``, CONTROL's own)."""

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
SCENARIO = ROOT / "scenarios" / "the-game.yaml"

SETUP = [  # CONTROL's edits: Astell's PIPs and Understanding in Russia, Banner's PIPs in Mexico, a bystander's
    {"kind": "edit", "path": "regions.russia.pips.astell", "old": 0, "new": 4, "reason": "test set-up"},
    {"kind": "edit", "path": "regions.russia.relations.astell", "old": None, "new": "understanding",
     "reason": "test set-up"},
    {"kind": "edit", "path": "regions.mexico.pips.banner", "old": 0, "new": 3, "reason": "test set-up"},
    {"kind": "edit", "path": "regions.russia.pips.kbrown", "old": 0, "new": 2, "reason": "test set-up"},
]


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


def test_an_umpire_breaks_relations_for_its_player_in_step_one(tmp_path: Path) -> None:
    path = tmp_path / "thegame.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        control = GameController(game)
        for cmd in SETUP:
            assert control.submit(cmd).accepted, cmd
        async with Host(game) as host:
            umpire = Seat(host.url, host.add_seat("umpire", "Astell and Banner", teams=["astell", "banner"]).token)
            screen = Seat(host.url, host.add_seat("viewer", "big screen").token)
            for s in (umpire, screen):
                await s.start()
            assert "I Sever" in game.module.turn_label(game.state)
            assert (await umpire.play({"kind": "finish_step"}, timeout=5)).code == "forbidden"  # CONTROL's
            out = await umpire.play({"kind": "sever", "player": "kbrown", "other": "astell"}, timeout=5)
            assert out.code == "forbidden", "Kevin Brown is not this umpire's player"

            out = await umpire.play({"kind": "sever", "player": "astell", "other": "banner"}, timeout=5)
            assert out.accepted, out.reasons
            russia, mexico = game.state.regions["russia"], game.state.regions["mexico"]
            assert "astell" not in russia.pips, "the breacher's PIPs in his opponent's capital are removed"
            assert "astell" not in russia.relations, "and his relation there"
            assert "banner" not in mexico.pips, "the breached player's, in the breacher's capital"
            assert russia.pips.get("kbrown") == 2, "a third player's PIPs stay"
            # the public log says it: the big screen hears the breach
            text = "John Astell breaks diplomatic relations with Rich Banner"
            await until(lambda: text in str(screen.view))
            assert text in str(public_board(game))
            # an umpire's own command is on its own journal entry, which the umpire may take back
            assert game.entries[-1].command == {"kind": "sever", "player": "astell", "other": "banner"}
            for s in (umpire, screen):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))
