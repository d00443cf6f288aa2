"""Undo on a hosted game names the entry it takes back, and every seat hears who undid what (issues 10, 19.1-2).

Policy (docs/network.md): CONTROL may undo the last entry whoever played it; an umpire only their own
last entry while nothing was played after it. Two umpire seats and CONTROL against a real host.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.net.client import Seat
from boardapp.net.host import Host

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
MOVE_A = "g-bde1 (Government Combat Brigade) moves from Alpha to Bravo ($M1 activation)"
MOVE_B = "r-mil3 (Rebels Armed Militia) moves from Echo to Delta"


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def test_two_umpires_and_control_undo_only_what_they_may(tmp_path: Path) -> None:
    path = tmp_path / "undo.game"
    new_game(load_scenario(TINY), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            heard: dict[str, list[str]] = {"A": [], "B": [], "C": []}

            def seat(role: str, name: str, ear: str) -> Seat:
                code = host.add_seat(role, name).token  # type: ignore[arg-type]
                return Seat(host.url, code, on_event=lambda k, d: heard[ear].append(d) if k == "notice" else None)

            a, b = seat("umpire", "umpire A", "A"), seat("umpire", "umpire B", "B")
            ctrl = seat("control", "CONTROL", "C")
            for s in (a, b, ctrl):
                await s.start()
            assert (await a.play({"kind": "move", "counter": "g-bde1", "to": "bravo"}, timeout=5)).seq == 1
            assert (await b.play({"kind": "move", "counter": "r-mil3", "to": "delta"}, timeout=5)).seq == 2
            await until(lambda: a.head == b.head == ctrl.head == 2)

            # what each seat's Edit menu may offer
            assert a.may_undo() is None
            assert b.may_undo() is game.entries[-1] or b.may_undo() == game.entries[-1]
            assert ctrl.may_undo() == game.entries[-1]
            assert a.author(game.entries[1]) == "umpire B" and b.author(game.entries[1]) == "this seat"

            # A's own entry 1 has B's entry 2 after it; A may not undo B's entry 2
            out = await a.undo(1)
            assert not out.accepted and out.code == "stale"
            said = (f"your entry 1 ({MOVE_A}) stands behind umpire B's entry 2 ({MOVE_B}): only the last entry can "
                    "be undone (ask CONTROL)")
            assert out.reasons == (said,)
            assert a.why_not_undo() == said  # what A's Edit menu says (issue 24.9)
            out = await a.undo(2)
            assert not out.accepted and out.code == "forbidden"
            assert out.reasons == (f"entry 2 ({MOVE_B}) was played by umpire B: an umpire may undo only their own "
                                   "entries (ask CONTROL)",)
            assert len(game.entries) == 2

            # B undoes its own last entry: exactly entry 2, and every seat hears it
            out = await b.undo(2)
            assert out.accepted and out.seq == 2
            assert [e.seq for e in game.entries] == [1] and game.redo_stack[-1].command["counter"] == "r-mil3"
            said = f"umpire B undid their own entry 2 ({MOVE_B})"
            await until(lambda: all(said in heard[k] for k in heard))
            await until(lambda: a.head == ctrl.head == 1)

            # now A's entry 1 is the last: A may undo it; the next to redo is A's own
            assert a.may_undo() == game.entries[0]
            assert (await a.undo()).accepted
            assert game.entries == [] and [e.seq for e in game.redo_stack] == [2, 1]
            await until(lambda: all(f"umpire A undid their own entry 1 ({MOVE_A})" in heard[k] for k in heard))
            await until(lambda: b.head == 0 and b.game is not None and len(b.game.redo_stack) == 2)
            assert b.may_redo() is None and a.may_redo() is not None
            out = await b.redo(1)
            assert out.code == "forbidden" and "was played by umpire A" in out.reasons[0]
            assert (await a.redo()).accepted

            # CONTROL may redo and undo another seat's last entry; it undoes exactly the entry named
            await until(lambda: ctrl.head == 1)
            assert (await ctrl.redo(2)).accepted
            await until(lambda: ctrl.head == 2)
            out = await ctrl.undo(1)
            assert out.code == "stale" and "entry 2" in out.reasons[0] and "umpire B's" in out.reasons[0]
            out = await ctrl.undo(2)
            assert out.accepted and [e.seq for e in game.entries] == [1]
            assert game.entries[0].command["counter"] == "g-bde1"
            said = f"CONTROL undid umpire B's entry 2 ({MOVE_B})"
            await until(lambda: all(said in heard[k] for k in heard))
            assert "CONTROL redid umpire B's entry 2 (" + MOVE_B + ")" in heard["A"]
            await until(lambda: a.head == b.head == 1)
            assert a.game.summary() == b.game.summary() == ctrl.game.summary() == game.summary()  # type: ignore[union-attr]

            # what CONTROL took back, the umpire who played it may not put back
            assert (await ctrl.undo(1)).accepted
            await until(lambda: a.head == 0)
            assert a.may_redo() is None and ctrl.may_redo() is not None
            out = await a.redo(1)
            assert out.code == "forbidden"
            assert out.reasons == (f"entry 1 ({MOVE_A}) was taken back by CONTROL: an umpire may redo only what they "
                                   "took back themselves (ask CONTROL)",)
            assert game.entries == []
            for s in (a, b, ctrl):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_who_played_an_entry_survives_a_host_restart(tmp_path: Path) -> None:
    """The journal records the seat of each entry, so after a restart an umpire still may undo their own."""
    path = tmp_path / "restart.game"
    new_game(load_scenario(TINY), save=path).store.close()
    seats = tmp_path / "seats.json"

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            a_code = host.add_seat("umpire", "umpire A").token
            b_code = host.add_seat("umpire", "umpire B").token
            host.save_grants(seats)
            a = Seat(host.url, a_code)
            await a.start()
            assert (await a.play({"kind": "news", "text": "A's"}, timeout=5)).accepted
            await a.close()
        game.store.close()
        game = open_game(path)
        host = Host(game)
        host.load_grants(seats)
        async with host:
            b = Seat(host.url, b_code)
            a = Seat(host.url, a_code)
            await b.start()
            await a.start()
            assert (await b.undo()).code == "forbidden"
            assert (await a.undo()).accepted and game.entries == []
            await a.close()
            await b.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
