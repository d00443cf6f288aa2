"""Undo rulings of issue 24 against a real host on 127.0.0.1:

* 24.10 — an entry that rolled dice (drawn, or a physical roll typed in) is undone only by CONTROL: an umpire's
  undo of it is refused with a reason naming it, and the seat says so beforehand (``Seat.why_not_undo``);
* 24.9 — a seat whose own entry stands behind another seat's says why it cannot undo ("your entry 3 (…) stands
  behind umpire B's entry 4 (…)");
* 24.14 — notices name every CONTROL seat "CONTROL" (not the hosting window's seat name "host board"), and the
  web page's news drops the lines of an entry that was undone.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.web.server import WebView

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
STRIKE = {"kind": "strike", "team": "gov", "weapon": "cruise_missile", "target": "r-mil3"}
"""A strike draws a die (``entry.rolls``)."""
MOVE = {"kind": "move", "counter": "g-bde1", "to": "charlie"}
ATTACK = {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 6}
"""An attack with the die typed in (a physical roll): it rolled dice too."""


async def until(cond: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def test_only_control_undoes_an_entry_that_rolled_dice() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game) as host:
            heard: list[str] = []
            a = Seat(host.url, host.add_seat("umpire", "umpire A").token)
            ctrl = Seat(host.url, host.add_seat("control", "host board").token,
                        on_event=lambda k, d: heard.append(d) if k == "notice" else None)
            for s in (a, ctrl):
                await s.start()

            # a drawn die
            out = await a.play(STRIKE, timeout=5)
            assert out.accepted and game.entries[-1].rolls
            die = game.entries[-1].rolls[0]
            await until(lambda: a.head == 1)
            assert a.may_undo() is None  # the Edit menu offers nothing …
            why = a.why_not_undo()       # … and says why
            assert why is not None and why.startswith("your entry 1 (") and f"rolled dice (a {die})" in why
            assert "only CONTROL may undo an entry that rolled dice" in why
            refused = await a.undo(1)
            assert not refused.accepted and refused.code == "forbidden"
            assert refused.reasons == (why,)  # the host says exactly what the seat said beforehand
            assert len(game.entries) == 1

            # an entry without dice stays the umpire's own to undo
            assert (await a.play(MOVE, timeout=5)).accepted
            await until(lambda: a.head == 2)
            assert a.may_undo() == game.entries[-1] and a.why_not_undo() is None
            assert (await a.undo(2)).accepted
            assert (await a.play(MOVE, timeout=5)).accepted

            # a die typed in (a physical roll) counts as rolled
            assert (await a.play(ATTACK, timeout=5)).accepted
            assert game.entries[-1].rolls == []
            await until(lambda: a.head == 3)
            assert a.may_undo() is None
            refused = await a.undo(3)
            assert refused.code == "forbidden" and "rolled dice (a 6)" in refused.reasons[0]

            # CONTROL may, and is named CONTROL in every notice even through a seat called "host board"
            await until(lambda: ctrl.head == 3)
            assert ctrl.may_undo() == game.entries[-1] and ctrl.why_not_undo() is None
            assert (await ctrl.undo(3)).accepted
            await until(lambda: any("undid umpire A's entry 3" in t for t in heard))
            text = next(t for t in heard if "undid umpire A's entry 3" in t)
            assert text.startswith("CONTROL undid umpire A's entry 3 (") and "host board" not in text
            # the umpire may not redo what CONTROL took back; redoing replays the same die anyway
            await until(lambda: a.head == 2)
            assert a.may_redo() is None
            for s in (a, ctrl):
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_a_seat_says_why_it_cannot_undo() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game) as host:
            a = Seat(host.url, host.add_seat("umpire", "umpire A").token)
            b = Seat(host.url, host.add_seat("umpire", "umpire B").token)
            hosted = host.add_seat("control", "host board")
            ctrl = Seat(host.url, hosted.token)
            viewer = Seat(host.url, host.add_seat("viewer", "big screen").token)
            for s in (a, b, ctrl, viewer):
                await s.start()
            assert a.why_not_undo() == "nothing to undo"
            assert viewer.why_not_undo() == "a viewer seat cannot undo: ask an umpire or CONTROL"
            assert (await b.play({"kind": "news", "text": "B's first"}, timeout=5)).accepted
            await until(lambda: a.head == 1)
            assert a.why_not_undo() == "nothing of yours to undo"
            assert (await a.play({"kind": "news", "text": "A's"}, timeout=5)).accepted
            assert (await b.play({"kind": "news", "text": "B's second"}, timeout=5)).accepted
            assert (await ctrl.play({"kind": "news", "text": "CONTROL's"}, timeout=5)).accepted
            await until(lambda: a.head == 4)
            assert a.why_not_undo() == ("your entry 2 (NEWS: A's) stands behind umpire B's entry 3 (NEWS: B's second) "
                                        "and 1 more entry after it: only the last entry can be undone (ask CONTROL)")
            out = await a.undo(2)
            assert out.code == "stale" and out.reasons == (a.why_not_undo(),)
            # B's own entry stands behind CONTROL's (the hosting window's seat is CONTROL to everyone)
            assert b.why_not_undo() == ("your entry 3 (NEWS: B's second) stands behind CONTROL's entry 4 "
                                        "(NEWS: CONTROL's): only the last entry can be undone (ask CONTROL)")
            assert a.author(game.entries[-1]) == "CONTROL"
            for s in (a, b, ctrl, viewer):
                await s.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_web_news_drops_the_lines_of_an_undone_entry() -> None:
    async def go() -> None:
        game = new_game(load_scenario(TINY))
        async with Host(game, view_interval=0.02) as host:
            web = WebView(host.url, host.add_seat("viewer", "web page").token)
            await web.start()
            ctrl = Seat(host.url, host.add_seat("control", "CONTROL").token)
            await ctrl.start()

            def news() -> list[str]:
                return [line["text"] for line in web.state_message()["news"]]

            assert (await ctrl.play({"kind": "news", "text": "Talks collapse"}, timeout=5)).accepted
            assert (await ctrl.play({"kind": "news", "text": "Bridge reopens"}, timeout=5)).accepted
            await until(lambda: "Bridge reopens" in " ".join(news()))
            assert (await ctrl.undo(2)).accepted
            await until(lambda: "NEWS: Bridge reopens" not in news())
            # the entry still standing keeps its line; the notice of the undo is news itself
            assert news() == ["CONTROL undid their own entry (NEWS: Bridge reopens)", "NEWS: Talks collapse"]
            # an entry undone before its view went out never reaches the news at all
            host.view_interval = 1.0
            await asyncio.sleep(0.2)
            assert (await ctrl.play({"kind": "news", "text": "Rain"}, timeout=5)).accepted  # a view goes out now …
            await asyncio.sleep(0.1)
            assert (await ctrl.play({"kind": "news", "text": "Ceasefire"}, timeout=5)).accepted  # … the next in 1 s
            assert (await ctrl.undo(3)).accepted
            await until(lambda: "NEWS: Rain" in news())
            await asyncio.sleep(1.5)
            assert "NEWS: Ceasefire" not in news(), news()
            # a redo brings the line back
            assert (await ctrl.redo(3)).accepted
            await until(lambda: news()[:2] == ["NEWS: Ceasefire", "CONTROL redid their own entry (NEWS: Ceasefire)"]
                        or news()[:2] == ["CONTROL redid their own entry (NEWS: Ceasefire)", "NEWS: Ceasefire"], 5)
            await ctrl.close()
            await web.stop()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_a_seat_of_protocol_1_is_told_to_update() -> None:
    """Views now carry marks (protocol 2): a seat of 1 would refuse them, so its hello is answered clearly."""
    from websockets.asyncio.client import connect

    from boardapp.net import protocol as p

    async def go() -> None:
        async with Host(new_game(load_scenario(TINY))) as host:
            code = host.add_seat("viewer", "old screen").token
            async with connect(host.url, proxy=None) as ws:
                await ws.send(p.Hello(token=code, client="boardapp 0.old", protocol=1).model_dump_json())
                answer = p.parse_host_message(await asyncio.wait_for(ws.recv(), 5))
            assert answer.type == "error" and answer.fatal
            assert answer.detail == "protocol 1 is not spoken here (the host speaks 2); update boardapp"

    asyncio.run(asyncio.wait_for(go(), 30))
