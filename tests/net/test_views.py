"""What viewers and player seats learn (issue 11.11): the rule module's view for their audience, a
sequence of their own, no hidden event, and no other seat's outcomes.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.game import Game
from boardapp.engine.module import Audience, BoardPicture, Command, Event
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.net.replica import audience_board
from boardapp.rules.binni.module import BinniRules
from boardapp.rules.binni.state import BinniState

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


class Secretive(BinniRules):
    """Binni with secrets per player, as Coup will have: news starting 'secret' and what the government's
    special forces do are hidden events the government sees, and each team sees its own hidden pieces."""

    def apply(self, state: BinniState, command: Command, dice: Dice) -> list[Event]:
        events = super().apply(state, command, dice)
        if command.kind == "news" and getattr(command, "text", "").startswith("secret"):
            return [e.model_copy(update={"hidden": True, "visible_to": ("gov",)}) for e in events]
        return [e.model_copy(update={"hidden": True, "visible_to": ("gov",)}) if "g-sf1" in e.counters else e
                for e in events]  # the special forces' own moves are secret too

    def board(self, state: BinniState) -> BoardPicture:
        pic = super().board(state)
        for piece in pic.pieces:
            if piece.hidden:
                piece.visible_to = (piece.team,)
        return pic


def secretive_game() -> Game[Any]:
    scenario, the_map = load_scenario(TINY)
    return Game(Secretive(scenario, the_map))


def test_a_viewer_hears_nothing_of_hidden_changes_and_its_seq_is_its_own() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game, view_interval=0.01) as host:
            views: list[Any] = []
            viewer = Seat(host.url, host.add_seat("viewer").token,
                          on_event=lambda k, d: views.append(d) if k == "view" else None)
            await viewer.start()
            await until(lambda: len(views) == 1)
            assert viewer.view == json.loads(json.dumps(audience_board(game, Audience.PUBLIC)))  # as JSON carries it
            first = viewer.view_seq
            # money is a hidden track: five supplies change nothing a viewer sees
            for _ in range(5):
                game.push({"kind": "supply", "team": "gov", "money": 1, "reason": "arms dealer"})
            await asyncio.sleep(0.3)
            assert len(views) == 1 and viewer.view_seq == first
            # a public change: one new view, the viewer's sequence one further (not the journal's 6)
            game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
            await until(lambda: len(views) == 2)
            assert viewer.view_seq == first + 1 and len(game.entries) == 6
            assert viewer.view == json.loads(json.dumps(audience_board(game, Audience.PUBLIC)))
            # the deployed special forces stay off the viewer's board
            game.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
            await asyncio.sleep(0.3)
            assert "g-sf1" not in json.dumps(viewer.view) and "g-sf1" not in json.dumps(views)
            await viewer.close()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_outcomes_are_kept_per_seat() -> None:
    """A seat resending another seat's command id learns nothing of that command."""
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game) as host:
            a = Seat(host.url, host.add_seat("umpire", "A").token)
            b = Seat(host.url, host.add_seat("umpire", "B").token)
            viewer = Seat(host.url, host.add_seat("viewer").token)
            for s in (a, b, viewer):
                await s.start()
            cid = uuid.uuid4()
            first = await a.submit({"kind": "news", "text": "A's news"}, command_id=cid)
            assert first.accepted and first.seq == 1
            out = await viewer.submit({"kind": "news", "text": "A's news"}, command_id=cid)
            assert not out.accepted and out.code == "forbidden" and not out.duplicate and out.seq is None
            out = await b.submit({"kind": "news", "text": "B's news"}, command_id=cid)
            assert out.accepted and not out.duplicate and out.seq == 2  # a new command of B's, not A's outcome
            again = await a.submit({"kind": "news", "text": "A's news"}, command_id=cid)
            assert again.accepted and again.duplicate and again.seq == 1  # A's own resend: its first outcome
            refused = await b.submit({"kind": "move", "counter": "nobody", "to": "bravo"}, command_id=uuid.UUID(int=7))
            out = await a.submit({"kind": "news", "text": "fine"}, command_id=uuid.UUID(int=7))
            assert not refused.accepted and out.accepted  # B's refusal is not A's
            assert [e.command.get("text") for e in game.entries] == ["A's news", "B's news", "fine"]
            for s in (a, b, viewer):
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_player_seat_sees_its_own_and_plays_only_for_its_team() -> None:
    async def go() -> None:
        game = secretive_game()
        async with Host(game, view_interval=0.01, view_events=True) as host:
            got: dict[str, list[Any]] = {"viewer": [], "gov": [], "reb": []}

            def listen(who: str) -> Any:
                return lambda kind, data: got[who].append((kind, data))

            viewer = Seat(host.url, host.add_seat("viewer").token, on_event=listen("viewer"))
            gov = Seat(host.url, host.add_seat("player", player="gov").token, on_event=listen("gov"))
            reb = Seat(host.url, host.add_seat("player", player="reb").token, on_event=listen("reb"))
            for s in (viewer, gov, reb):
                await s.start()
            assert gov.role == "player" and gov.player == "gov" and gov.game is None and gov.view is not None
            assert not gov.follows_journal and not viewer.follows_journal

            # commands: its own team's only
            out = await gov.play({"kind": "deploy", "counter": "g-sf1", "to": "charlie"}, timeout=5)
            assert out.accepted and out.seq == 0  # a player is not told journal numbers
            out = await gov.play({"kind": "move", "counter": "r-mil1", "to": "charlie"}, timeout=5)
            assert out.code == "forbidden" and out.reasons == ("this seat plays for gov, not reb",)
            out = await gov.play({"kind": "news", "text": "from a player"}, timeout=5)
            assert out.code == "forbidden" and "nobody's" in out.reasons[0]
            out = await gov.play({"kind": "supply", "team": "gov", "money": 9, "reason": "x"}, timeout=5)
            assert out.code == "forbidden" and "only CONTROL may play 'supply'" in out.reasons
            out = await gov.play({"kind": "move", "counter": "g-bde1", "to": "echo"}, timeout=5)
            assert out.code == "illegal" and out.seq is None  # the rules' reasons, no journal detail

            # what each sees: the module's view for its audience
            await until(lambda: any("g-sf1" in json.dumps(gov.view) for _ in [0]))
            assert gov.view == json.loads(json.dumps(audience_board(game, Audience.player_seat("gov"))))
            assert "g-sf1" not in json.dumps(reb.view) and "g-sf1" not in json.dumps(viewer.view)

            # a hidden event reaches only the player it is visible to
            game.push({"kind": "news", "text": "secret talks in Bravo"})
            game.push({"kind": "news", "text": "a public statement"})
            for who in got:
                await until(lambda w=who: "a public statement" in json.dumps(got[w], default=str))
            assert "secret talks" in json.dumps(got["gov"], default=str)  # control case: the walk finds it
            for who in ("viewer", "reb"):
                text = json.dumps(got[who], default=str)
                assert "secret talks" not in text and "g-sf1" not in text, who
            # and its undo is told in public words only to those who saw it
            game.undo()
            game.undo()
            await until(lambda: any(k == "notice" and "a public statement" in d for k, d in got["viewer"]))
            await asyncio.sleep(0.3)
            assert not any(k == "notice" and "secret" in d for k, d in got["viewer"] + got["reb"])
            assert any(k == "notice" and "secret talks" in d for k, d in got["gov"])
            assert all("entry 5" not in str(d) for k, d in got["viewer"] if k == "notice")
            for s in (viewer, gov, reb):
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 30))
