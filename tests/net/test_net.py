"""A real host and real seats on 127.0.0.1 in one process (asyncio), each test bounded in time."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.game import Game
from boardapp.net import protocol as p
from boardapp.net.client import Seat, SeatError
from boardapp.net.host import Host
from boardapp.net.replica import Chain, public_board

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
LIMIT = 30.0


def run(coro: Awaitable[Any], timeout: float = LIMIT) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))  # type: ignore[arg-type]


async def until(cond: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not cond():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


@pytest.fixture
def game_path(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "net.game"
    game = new_game(load_scenario(TINY), save=path)
    game.store.close()
    yield path


def open_host_game(path: Path) -> Game[Any]:
    return open_game(path)


def replay_summary(game: Game[Any]) -> dict[str, Any]:
    return game.module.summary(game.replay(verify=True))


async def raw_session(url: str, *messages: str | bytes, answers: int = 1) -> list[dict[str, Any]]:
    """Send raw frames and collect up to ``answers`` replies (fewer if the host closes)."""
    out = []
    async with connect(url, proxy=None, max_size=p.MAX_HOST_MESSAGE) as ws:
        for m in messages:
            await ws.send(m)
        try:
            while len(out) < answers:
                out.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        except Exception:
            pass
        return out


def test_concurrent_moves_of_one_counter_exactly_one_wins(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            a = Seat(host.url, host.add_seat("umpire").token)
            b = Seat(host.url, host.add_seat("umpire").token)
            c = Seat(host.url, host.add_seat("control").token)
            for s in (a, b, c):
                await s.start()
            f1 = a.submit({"kind": "move", "counter": "g-bde1", "to": "bravo"})
            f2 = b.submit({"kind": "move", "counter": "g-bde1", "to": "bravo"})
            o1, o2 = await asyncio.gather(f1, f2)
            assert sorted([o1.accepted, o2.accepted]) == [False, True]
            loser = o2 if o1.accepted else o1
            assert loser.code in ("stale", "illegal")
            assert any("already moved this week" in r for r in loser.reasons)
            await until(lambda: all(s.head == 1 for s in (a, b, c)))
            for s in (a, b, c):
                assert s.game is not None and s.game.summary() == game.summary()
                assert not s.stale
            winner = (a, o1) if o1.accepted else (b, o2)
            assert game.entries[0].id == f"{winner[1].id}@{winner[0].key}"  # the journal records who played it
            for s in (a, b, c):
                await s.close()
        game.store.close()
    run(go())


def test_viewer_is_read_only_and_sees_only_public_data(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game, view_interval=0.01) as host:
            ctrl = Seat(host.url, host.add_seat("control").token)
            views: list[dict[str, Any]] = []
            viewer = Seat(host.url, host.add_seat("viewer", "big screen").token,
                          on_event=lambda k, d: views.append(d) if k == "view" else None)
            await ctrl.start()
            await viewer.start()
            assert viewer.role == "viewer" and viewer.game is None and viewer.view is not None
            assert viewer.setup is not None and viewer.setup.scenario is None
            out = await viewer.play({"kind": "news", "text": "hello"}, timeout=5)
            assert not out.accepted and out.code == "forbidden"
            await until(lambda: viewer.view is not None and any(
                t.get("team") == "gov" for t in viewer.view["tracks"]) and len(views) >= 1)
            seen = len(views)
            # special forces are hidden and their cost is paid in money, a hidden track: nothing public changed,
            # so the viewer is sent nothing at all (issue 11.11)
            assert (await ctrl.play({"kind": "deploy", "counter": "g-sf1", "to": "charlie"}, timeout=5)).accepted
            await asyncio.sleep(0.3)
            assert len(views) == seen
            text = json.dumps(viewer.view)
            assert "g-sf1" not in text  # special forces are hidden
            assert all("money" not in t and "stores" not in t and "cards" not in t for t in viewer.view["tracks"])
            assert viewer.view == json.loads(json.dumps(public_board(game)))
            assert game.entries[-1].command["kind"] == "deploy" and len(game.entries) == 1
            await viewer.close()
            await ctrl.close()
        game.store.close()
    run(go())


def test_roles_limits_forced_and_control_only(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            gov = Seat(host.url, host.add_seat("umpire", "gov umpire", teams=["gov"]).token)
            ctrl = Seat(host.url, host.add_seat("control").token)
            await gov.start()
            await ctrl.start()
            assert gov.teams == ["gov"]
            out = await gov.play({"kind": "move", "counter": "r-mil1", "to": "golf"}, timeout=5)
            assert not out.accepted and out.code == "forbidden" and "not reb" in out.reasons[0]
            out = await gov.play({"kind": "set_pr", "team": "gov", "level": 8, "reason": "x"}, timeout=5)
            assert out.code == "forbidden"
            out = await gov.play({"kind": "move", "counter": "g-bde1", "to": "echo", "force": "ruling"}, timeout=5)
            assert out.code == "forbidden"
            out = await gov.play({"kind": "move", "counter": "g-bde1"}, timeout=5)
            assert out.code == "invalid"
            assert (await gov.play({"kind": "move", "counter": "g-bde1", "to": "bravo"}, timeout=5)).accepted
            out = await ctrl.play({"kind": "set_pr", "team": "gov", "level": 8, "reason": "x"}, timeout=5)
            assert out.accepted and out.seq == 2
            assert not (await gov.undo()).accepted
            assert (await ctrl.undo()).accepted
            await until(lambda: gov.head == 1 and ctrl.head == 1)
            assert gov.game is not None and gov.game.can_redo
            assert (await ctrl.redo()).accepted
            await until(lambda: gov.head == 2)
            assert gov.game.summary() == ctrl.game.summary() == game.summary()  # type: ignore[union-attr]
            assert game.summary()["teams"]["gov"]["pr"] == 8
            for s in (gov, ctrl):
                await s.close()
        game.store.close()
    run(go())


def test_wrong_and_revoked_codes(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            with pytest.raises(SeatError) as info:
                await Seat(host.url, "not-a-code").start(timeout=5)
            assert info.value.code == "unauthorized"
            grant = host.add_seat("umpire")
            seat = Seat(host.url, grant.token)
            await seat.start()
            assert [s["seat"] for s in host.status()] == [grant.name]
            host.revoke(grant.token)
            await until(lambda: seat.stale and not host.status())
            await asyncio.sleep(0.3)
            with pytest.raises(SeatError):
                seat.submit({"kind": "news", "text": "x"})
            with pytest.raises(SeatError) as info:
                await Seat(host.url, grant.token).start(timeout=5)
            assert info.value.code == "revoked"
            await seat.close()
        game.store.close()
    run(go())


def test_oversized_and_malformed_messages(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            token = host.add_seat("umpire").token
            hello = json.dumps({"type": "hello", "token": token})
            # malformed before hello: error, then closed
            ans = await raw_session(host.url, "{not json", answers=2)
            assert ans[0]["type"] == "error" and ans[0]["code"] == "malformed" and ans[0]["fatal"]
            # after hello: malformed and unknown messages are answered, the connection kept
            ans = await raw_session(host.url, hello, "[1, 2", json.dumps({"type": "launch"}),
                                    json.dumps({"type": "ping", "t": 1.5}), answers=7)
            kinds = [(a["type"], a.get("code")) for a in ans]
            assert kinds[:4] == [("welcome", None), ("setup", None), ("catchup", None), ("clock", None)]
            assert ("error", "malformed") in kinds and kinds[-1] == ("pong", None)
            assert sum(1 for k in kinds if k == ("error", "malformed")) == 2
            # a command id that is not a uuid
            ans = await raw_session(host.url, hello, json.dumps({"type": "command", "id": "x", "command": {},
                                                                 "base_seq": 0}), answers=5)
            assert ans[-1]["type"] == "error" and "id" in ans[-1]["detail"]
            # oversized: refused and the connection closed
            big = json.dumps({"type": "command", "id": str(uuid.uuid4()), "base_seq": 0,
                              "command": {"kind": "news", "text": "x" * (p.MAX_MESSAGE + 10)}})
            ans = await raw_session(host.url, hello, big, answers=10)
            assert ans[-1]["type"] == "error" and ans[-1]["code"] == "too_big" and ans[-1]["fatal"]
            # binary frames are refused
            ans = await raw_session(host.url, hello, b"\x80\x04pickle", answers=5)
            assert ans[-1]["code"] == "malformed"
            # far beyond the transport limit: the connection is closed, the host lives on
            await raw_session(host.url, hello, "x" * (p.MAX_MESSAGE * 5), answers=3)
            seat = Seat(host.url, token)
            await seat.start()
            with pytest.raises(ValueError, match="too big"):
                seat.submit({"kind": "news", "text": "x" * (p.MAX_MESSAGE + 10)})
            assert (await seat.play({"kind": "news", "text": "still here"}, timeout=5)).accepted
            await seat.close()
            assert len(game.entries) == 1
        game.store.close()
    run(go())


def test_resend_of_an_applied_id_is_not_applied_twice(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            seat = Seat(host.url, host.add_seat("control").token)
            await seat.start()
            cid = uuid.uuid4()
            o1 = await seat.submit({"kind": "news", "text": "once"}, command_id=cid)
            o2 = await seat.submit({"kind": "news", "text": "once"}, command_id=cid)
            assert o1.accepted and o2.accepted and o2.duplicate and o1.seq == o2.seq == 1
            assert len(game.entries) == 1 and game.entries[0].id == f"{cid}@{seat.key}"
            await seat.close()
        game.store.close()
    run(go())


def test_cut_off_seat_reconnects_mid_turn_nothing_lost_or_doubled(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            seats = [Seat(host.url, host.add_seat("control").token, backoff=(0.05, 0.5)) for _ in range(3)]
            for s in seats:
                await s.start()
            a, b, _c = seats
            futures = []
            for i in range(30):
                futures.append(a.submit({"kind": "news", "text": f"a{i}"}))
                futures.append(b.submit({"kind": "supply", "team": "gov", "money": 1, "reason": f"b{i}"}))
                if i == 10:  # cut a off: its transport dies under it, mid-stream
                    assert a._ws is not None
                    a._ws.transport.abort()
                if i == 20:  # and again
                    await until(lambda: a.connected and not a.stale)
                    a._ws.transport.abort()  # type: ignore[union-attr]
                await asyncio.sleep(0.005)
            # offline commands are queued and sent on reconnecting
            outcomes = await asyncio.wait_for(asyncio.gather(*futures), 20)
            assert all(o.accepted for o in outcomes), [o for o in outcomes if not o.accepted]
            assert len({o.seq for o in outcomes}) == 60
            assert a.connections >= 3
            await until(lambda: all(s.head == 60 and not s.stale for s in seats))
            texts = [e.command.get("text") for e in game.entries if e.command["kind"] == "news"]
            assert sorted(texts) == sorted(f"a{i}" for i in range(30))  # none lost, none doubled
            assert game.summary()["teams"]["gov"]["money"] == 10 + 30
            expected = replay_summary(game)
            for s in seats:
                assert s.game is not None
                assert s.game.summary() == expected
                assert s.game.entries == game.entries
            for s in seats:
                await s.close()
        game.store.close()
    run(go())


def test_host_restart_from_its_game_file(game_path: Path, tmp_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        host = Host(game)
        ctrl_g = host.add_seat("control")
        ump_g = host.add_seat("umpire")
        await host.start()
        port = host.port
        host.save_grants(tmp_path / "seats.json")
        ctrl = Seat(host.url, ctrl_g.token, backoff=(0.05, 0.3))
        ump = Seat(host.url, ump_g.token, backoff=(0.05, 0.3))
        await ctrl.start()
        await ump.start()
        cid = uuid.uuid4()
        assert (await ctrl.submit({"kind": "news", "text": "before"}, command_id=cid)).accepted
        assert (await ump.play({"kind": "move", "counter": "g-bde1", "to": "bravo"}, timeout=5)).accepted
        replica_before = ump.game
        await host.stop()
        game.store.close()
        await until(lambda: ctrl.stale and ump.stale)
        # offline while the host is down
        queued = ump.submit({"kind": "news", "text": "while the host was down"})
        await asyncio.sleep(0.2)
        game2 = open_game(game_path)
        assert len(game2.entries) == 2
        host2 = Host(game2, port=port)
        host2.load_grants(tmp_path / "seats.json")
        await host2.start()
        out = await asyncio.wait_for(queued, 10)
        assert out.accepted and out.seq == 3
        # the id survived the restart: a resend is not applied again
        again = await ctrl.submit({"kind": "news", "text": "before"}, command_id=cid)
        assert again.accepted and again.duplicate and again.seq == 1
        assert (await ctrl.play({"kind": "move", "counter": "g-bde1", "to": "charlie"}, timeout=5)).code == "illegal"
        await until(lambda: ctrl.head == ump.head == 3 and not ctrl.stale)
        assert ump.game is replica_before  # caught up, not rebuilt
        expected = replay_summary(game2)
        assert ctrl.game.summary() == ump.game.summary() == expected  # type: ignore[union-attr]
        await ctrl.close()
        await ump.close()
        await host2.stop()
        game2.store.close()
        reopened = open_game(game_path, readonly=True)
        assert len(reopened.entries) == 3
        reopened.follow.close()  # type: ignore[attr-defined]
    run(go())


def test_catchup_pages_and_undo_while_offline(game_path: Path) -> None:
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            ctrl = Seat(host.url, host.add_seat("control").token, backoff=(0.05, 0.3))
            await ctrl.start()
            for i in range(p.CATCHUP_PAGE + 20):  # the host's own commands (its window) are broadcast too
                game.push({"kind": "news", "text": f"n{i}"})
            late = Seat(host.url, host.add_seat("umpire").token)
            await late.start()
            assert late.head == p.CATCHUP_PAGE + 20
            await until(lambda: ctrl.head == late.head)
            # the seat goes offline; the host undoes past what it held and plays other commands
            ctrl._ws.transport.abort()  # type: ignore[union-attr]
            await until(lambda: ctrl.stale)
            for _ in range(3):
                game.undo()
            game.push({"kind": "news", "text": "replacement"})
            await until(lambda: not ctrl.stale and ctrl.head == game.entries[-1].seq)
            assert Chain(ctrl.game).digest() == host.chain.digest()  # type: ignore[arg-type]
            assert ctrl.game.summary() == late.game.summary() == game.summary()  # type: ignore[union-attr]
            await ctrl.close()
            await late.close()
        game.store.close()
    run(go())


def test_seat_thread_for_a_window_without_asyncio(game_path: Path) -> None:
    """The Qt side's way in: the seat on its own loop in a thread, thread-safe futures."""
    import threading

    from boardapp.net.client import SeatThread

    game = open_host_game(game_path)
    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: dict[str, Any] = {}

    async def serve() -> None:
        holder["host"] = host = Host(game)
        holder["code"] = host.add_seat("umpire").token
        await host.start()
        holder["stop"] = asyncio.Event()
        started.set()
        await holder["stop"].wait()
        await host.stop()

    thread = threading.Thread(target=lambda: loop.run_until_complete(serve()), daemon=True)
    thread.start()
    assert started.wait(10)
    events: list[str] = []
    seat = SeatThread(holder["host"].url, holder["code"], on_event=lambda k, d: events.append(k))
    try:
        seat.start(timeout=10)
        out = seat.submit({"kind": "news", "text": "from a thread"}).result(10)
        assert out.accepted and out.seq == 1
        assert seat.call(lambda s: s.game.summary()["news"]) == ["from a thread"]
        assert "synced" in events and "entry" in events
    finally:
        seat.close()
        loop.call_soon_threadsafe(holder["stop"].set)
        thread.join(10)
        loop.close()
        game.store.close()


# --- issue 19.3: one clock, owned by the host -----------------------------------------------------------
def test_the_host_owns_one_clock_every_seat_and_viewer_follows_it_across_a_restart(game_path: Path,
                                                                                    tmp_path: Path) -> None:
    """War in Binni: a week is 30 minutes of real time, the first 45 (rules digest). CONTROL starts the
    clock and takes a minute off; an umpire and a viewer are told within 1 s; an umpire may not set it;
    a seat joining late and a restarted host (from the game file's meta ``clock``) have the same clock."""
    from boardapp.clock import TurnClock

    async def go() -> None:
        game = open_host_game(game_path)
        host = Host(game)
        ctrl_g, ump_g, view_g = host.add_seat("control"), host.add_seat("umpire"), host.add_seat("viewer")
        await host.start()
        port = host.port
        host.save_grants(tmp_path / "seats.json")
        seats = [Seat(host.url, g.token, backoff=(0.05, 0.3)) for g in (ctrl_g, ump_g, view_g)]
        for s in seats:
            await s.start()
        ctrl, ump, viewer = seats
        await until(lambda: all(s.clock is not None for s in seats), timeout=1)
        assert all(s.clock is not None and not s.clock["running"] and s.clock["week"] == 1 for s in seats)
        first = TurnClock()
        first.restore(ump.clock or {})
        assert first.length == 45 * 60  # the first week: 45 minutes, paused, nothing run

        mine = TurnClock()  # CONTROL's panel: start, a minute less
        mine.start()
        mine.adjust(-60)
        t0 = asyncio.get_running_loop().time()
        assert (await asyncio.wait_for(ctrl.set_clock(mine.record()), 5)).accepted
        await until(lambda: all(s.clock is not None and s.clock["running"] for s in (ump, viewer)), timeout=1)
        assert asyncio.get_running_loop().time() - t0 < 1.0
        assert ump.clock is not None and ump.clock["extra"] == -60 and ump.clock_by == ctrl.seat_name
        assert host.clock.running and host.clock.length == 44 * 60

        refused = await asyncio.wait_for(ump.set_clock(TurnClock().record()), 5)
        assert not refused.accepted and refused.code == "forbidden" and "CONTROL" in refused.reasons[0]
        assert host.clock.running  # unchanged

        await asyncio.sleep(0.3)
        await host.stop()
        game.store.close()
        await until(lambda: ump.stale)
        await asyncio.sleep(0.5)  # the host is down for a while: a running clock runs on
        game2 = open_game(game_path)
        host2 = Host(game2, port=port)
        host2.load_grants(tmp_path / "seats.json")
        assert host2.clock.running and host2.clock.length == 44 * 60
        assert 0.8 <= host2.clock.elapsed() < 3.0  # 0.3 s before the stop + 0.5 s down + the rest
        before = ump.clock
        await host2.start()
        await until(lambda: not ump.stale and ump.clock is not before, timeout=5)
        assert ump.clock is not None and ump.clock["running"] and ump.clock["extra"] == -60
        for s in seats:
            await s.close()
        await host2.stop()
        game2.store.close()
    run(go())


def test_a_new_week_resets_the_clock_and_warnings_reach_every_seat(game_path: Path) -> None:
    """The clock's warnings (5 minutes, 1 minute, time up) are told to every seat, viewers too; a new
    week's clock is 30 minutes (rules digest), paused."""
    from boardapp.clock import TurnClock

    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            ump = Seat(host.url, host.add_seat("umpire").token)
            viewer = Seat(host.url, host.add_seat("viewer").token)
            notices: list[str] = []
            viewer.on_event = lambda kind, data: notices.append(data) if kind == "notice" else None
            await ump.start()
            await viewer.start()
            record = host.clock.record()
            host.set_clock(dict(record, running=True, started=True, elapsed=45 * 60 - 5 * 60 + 0.2),
                           by="CONTROL")
            await until(lambda: "5 minutes left in week 1" in notices, timeout=2)
            host.set_clock(dict(record, running=True, started=True, elapsed=45 * 60 - 0.2), by="CONTROL")
            await until(lambda: "time is up in week 1" in notices, timeout=2)
            assert notices.count("5 minutes left in week 1") == 1  # each warning said once
            # the end of the week: every seat's clock is week 2's, 30 minutes, paused until CONTROL starts it
            ctrl = Seat(host.url, host.add_seat("control").token)
            await ctrl.start()
            assert (await ctrl.play({"kind": "end_turn"}, timeout=5)).accepted
            await until(lambda: ump.clock is not None and ump.clock["week"] == 2, timeout=1)
            await until(lambda: viewer.clock is not None and viewer.clock["week"] == 2, timeout=1)
            week2 = TurnClock()
            week2.restore(viewer.clock or {})
            assert week2.length == 30 * 60 and not week2.running and week2.elapsed() == 0
            await ctrl.close()
            await ump.close()
            await viewer.close()
    run(go())


def test_the_web_page_shows_the_hosts_clock(game_path: Path) -> None:
    """The web page (boardapp/web) reads the host's own clock: CONTROL's start reaches it within 1 s."""
    from boardapp.clock import TurnClock
    from boardapp.web.hosting import start_web

    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            web = await start_web(host, game, "127.0.0.1", 0)
            try:
                await until(lambda: web.clock is not None, timeout=2)
                assert web.clock is not None and not web.clock["running"] and web.clock["remaining"] == 45 * 60
                mine = TurnClock()
                mine.start()
                mine.adjust(120)
                ctrl = Seat(host.url, host.add_seat("control").token)
                await ctrl.start()
                assert (await asyncio.wait_for(ctrl.set_clock(mine.record()), 5)).accepted
                await until(lambda: web.clock is not None and web.clock["running"], timeout=1)
                assert web.clock is not None and web.clock["length"] == 47 * 60
                await ctrl.close()
            finally:
                await web.stop()
        game.store.close()
    run(go())


def test_a_broken_seats_file_is_named_with_what_is_wrong(tmp_path: Path) -> None:
    from boardapp.net.host import read_grants

    bad = tmp_path / "g.game.seats.json"
    bad.write_text('[{"role": "umpire", "name": "umpire 1", "token": "abc"},\n {"role": ', encoding="utf-8")
    with pytest.raises(ValueError, match=r"g\.game\.seats\.json:2:\d+: the seats file is not valid JSON"):
        read_grants(bad)
    bad.write_text('[{"role": "umpire", "name": "umpire 1"}]', encoding="utf-8")
    with pytest.raises(ValueError, match=r"seat 1 lacks or garbles 'token'"):
        read_grants(bad)
    bad.write_text('[{"role": "general", "name": "x", "token": "abc"}]', encoding="utf-8")
    with pytest.raises(ValueError, match=r"seat 1 \('x'\) has the unknown role 'general'"):
        read_grants(bad)
    bad.write_text('[{"role": "umpire", "name": "umpire 2", "token": "abc", "teams": ["reb"]}]', encoding="utf-8")
    assert [(g.name, g.teams) for g in read_grants(bad)] == [("umpire 2", frozenset({"reb"}))]


def test_boardapp_host_prints_one_line_per_code_and_no_qr_codes(game_path: Path, monkeypatch: Any,
                                                                 capsys: Any) -> None:
    """Issue 19.10: five large QR codes flooded the terminal. Text lines only (even with qrcode installed)."""
    import sys
    import types

    import boardapp.net.host as host_module

    printed: list[str] = []

    class FakeQR:
        def __init__(self, border: int = 4) -> None:
            pass

        def add_data(self, text: str) -> None:
            printed.append(text)

        def print_ascii(self) -> None:
            printed.append("QR")

    monkeypatch.setitem(sys.modules, "qrcode", types.SimpleNamespace(QRCode=FakeQR))

    async def stop_at_once() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(host_module.asyncio, "Event", lambda: types.SimpleNamespace(wait=stop_at_once))
    assert host_module.main(game_path, port=0, bind="127.0.0.1", umpires=2) == 0
    out = capsys.readouterr().out
    assert printed == []
    codes = [line for line in out.splitlines() if line.startswith("  ")]
    assert [c.split()[0] for c in codes] == ["control", "umpire", "umpire", "viewer"]  # one line each
    assert "CONTROL's board on this machine: boardapp join 127.0.0.1:" in out


def test_a_hidden_fight_is_never_announced_to_viewers(game_path: Path) -> None:
    """Fights are announced to viewers (issue 19.5) only as far as they may see them; the control case (a
    public fight) proves the announcement would have come."""
    from boardapp.engine.journal import JournalEntry
    from boardapp.engine.module import Event

    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            heard: list[str] = []
            viewer = Seat(host.url, host.add_seat("viewer").token,
                          on_event=lambda kind, data: heard.append(data) if kind == "fight" else None)
            await viewer.start()
            secret = JournalEntry(seq=1, command={"kind": "attack"}, events=[
                Event(kind="fight", text="SECRET special forces attack Delta", hidden=True),
                Event(kind="loss", text="SECRET loss", hidden=True)])
            public = JournalEntry(seq=1, command={"kind": "attack"}, events=[
                Event(kind="shortfall", text="Government lacked 2 warlike stores"),
                Event(kind="fight", text="Government attacks Delta: DECISIVE WIN"),
                Event(kind="loss", text="SECRET-less loss", hidden=False),
                Event(kind="loss", text="SECRET hidden loss", hidden=True)])
            host._changed("push", secret)  # what the game's subscription calls after a push
            host._changed("push", public)
            await until(lambda: len(heard) >= 1, timeout=2)
            await asyncio.sleep(0.2)
            assert heard == ["Government attacks Delta: DECISIVE WIN; SECRET-less loss"]  # no cost, nothing hidden
            await viewer.close()
        game.store.close()
    run(go())


def test_an_umpire_of_a_team_and_allies_plays_for_the_allies_of_the_moment(game_path: Path, tmp_path: Path) -> None:
    """Issue 19.9's "and allies": limited to the UN and its allies, an umpire may move a government brigade
    only while CONTROL has the two allied; the limit survives the seats file."""
    async def go() -> None:
        game = open_host_game(game_path)
        async with Host(game) as host:
            grant = host.add_seat("umpire", "UN umpire", ["un"])
            grant.allies = True
            host.save_grants(tmp_path / "seats.json")
            ump = Seat(host.url, grant.token)
            ctrl = Seat(host.url, host.add_seat("control").token)
            await ump.start()
            await ctrl.start()
            move = {"kind": "move", "counter": "g-bde1", "to": "bravo"}
            out = await ump.play(move, timeout=5)
            assert out.code == "forbidden" and "this seat plays for un, not gov" in out.reasons
            ally = {"kind": "set_alliance", "teams": ["un", "gov"], "allied": True, "reason": "test"}
            assert (await ctrl.play(ally, timeout=5)).accepted
            assert (await ump.play(move, timeout=5)).accepted  # an ally of the moment
            assert (await ctrl.play(dict(ally, allied=False), timeout=5)).accepted
            out = await ump.play({"kind": "move", "counter": "g-mil1", "to": "charlie"}, timeout=5)
            assert out.code == "forbidden"  # the alliance ended
            await ump.close()
            await ctrl.close()
        from boardapp.net.host import read_grants

        saved = {g.name: g for g in read_grants(tmp_path / "seats.json")}
        assert saved["UN umpire"].allies and saved["UN umpire"].teams == frozenset({"un"})
        game.store.close()
    run(go())
