"""A hosting board window and joined seats' windows in one process, over a real host on 127.0.0.1.

Each wait is bounded (``qtbot.waitUntil``); the host runs on its own loop in a worker thread, each
seat on another.
"""

from __future__ import annotations

import statistics
import time
import uuid
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from boardapp.net.client import SeatError
from boardapp.ui.network.public import PublicGame
from boardapp.ui.network.refusal import NetRefusal
from boardapp.ui.network.seats import LiveGame, normalise_url
from boardapp.ui.network.windows import CodesDialog, HostDialog, HostStatusPanel, open_join

WAIT = 5000
TINY = __import__("pathlib").Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


def code_of(window: Any, name: str) -> str:
    """The join code of seat ``name`` of the host a window runs."""
    return next(g.token for g in window.network.runner.grants() if g.name == name and not g.revoked)


def _move(viewport: Any, pos: Any) -> None:
    ev = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(viewport.mapToGlobal(pos)),
                     Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, ev)


def drag_counter(win: Any, counter: str, place: str) -> None:
    """Press on a counter's chip, move through the air, release on a place: real mouse events."""
    view, scene = win.view, win.scene
    r = scene.counters[counter].sceneBoundingRect()
    start = view.mapFromScene(QPointF(r.left() + 8, r.center().y()))
    end = view.mapFromScene(scene.place_pos(place))
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 9):
        _move(vp, start + (end - start) * (i / 8))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def place_in_scene(win: Any, counter: str) -> str | None:
    item = win.scene.counters.get(counter)
    return item.piece.place if item is not None else None


def host_summary(host_window: Any) -> dict[str, Any]:
    return host_window.network.runner.call(lambda h: h.game.summary())


def host_heads(host_window: Any) -> int:
    return int(host_window.network.runner.call(lambda h: len(h.game.entries)))


# --- moves travel ------------------------------------------------------------------------------------
def test_a_drag_at_a_seat_reaches_the_host_and_every_window(qtbot: Any, host_window: Any, join: Any) -> None:
    runner = host_window.network.runner
    seat = join(runner.url, code_of(host_window, "umpire 1"))
    assert isinstance(seat.game, LiveGame) and isinstance(host_window.game, LiveGame)
    assert "online" in seat.network.indicator.text() and "umpire 1" in seat.network.indicator.text()
    assert "hosting" in host_window.network.indicator.text()
    assert place_in_scene(seat, "g-bde1") == "alpha"

    drag_counter(seat, "g-bde1", "bravo")

    qtbot.waitUntil(lambda: place_in_scene(host_window, "g-bde1") == "bravo", timeout=WAIT)
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-bde1") == "bravo", timeout=WAIT)
    assert host_heads(host_window) == 1
    assert host_summary(host_window) == seat.game.summary() == host_window.game.summary()
    assert seat.undo_stack.count() == 1  # the window took it as its own accepted step

    # the host's window (CONTROL through its own seat) plays on the same game; the seat follows
    entry = host_window.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"}).entry
    assert entry.seq == 2 and host_window.game.entries[-1] is entry  # the window's game holds it on return
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-mil1") == "charlie", timeout=WAIT)
    # CONTROL's undo (of its own step) goes through the host too, and every replica takes it back
    host_window.undo()
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-mil1") == "bravo", timeout=WAIT)
    assert host_heads(host_window) == 1 and seat.game.can_redo
    host_window.redo()
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-mil1") == "charlie", timeout=WAIT)
    assert host_summary(host_window) == seat.game.summary()


def test_delay_from_a_push_at_one_seat_to_the_other_windows_scene(qtbot: Any, host_window: Any, join: Any,
                                                                    capsys: Any) -> None:
    runner = host_window.network.runner
    a = join(runner.url, code_of(host_window, "umpire 1"))
    b = join(runner.url, code_of(host_window, "CONTROL"))
    laid: list[float] = []
    b.scene.laidOut.connect(lambda: laid.append(time.perf_counter()))
    delays = []
    for i in range(20):
        before = len(laid)
        t0 = time.perf_counter()
        a.game.push({"kind": "news", "text": f"bulletin {i}"})
        qtbot.waitUntil(lambda before=before: len(laid) > before, timeout=WAIT)
        delays.append(laid[before] - t0)
    ms = sorted(d * 1000 for d in delays)
    p50, worst = statistics.median(ms), ms[-1]
    with capsys.disabled():
        print(f"\n[ui_net] push at one seat -> other window's scene redrawn, loopback, 20 pushes: "
              f"median {p50:.1f} ms, max {worst:.1f} ms")
    assert p50 <= 200
    assert len(b.game.entries) == 20 and b.game.summary() == host_summary(host_window)


def test_undo_takes_back_only_the_entry_of_its_own_step(qtbot: Any, host_window: Any, join: Any) -> None:
    """Two CONTROL windows on one hosted game: A moves, B moves, A's Ctrl+Z must not take back B's move."""
    a = join(host_window.network.runner.url, code_of(host_window, "CONTROL"))
    b = host_window
    drag_counter(a, "g-bde1", "bravo")
    qtbot.waitUntil(lambda: place_in_scene(b, "g-bde1") == "bravo", timeout=WAIT)
    mine = a.undo_stack.command(0).entry
    assert mine.command["counter"] == "g-bde1"
    b.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(a, "g-mil1") == "charlie", timeout=WAIT)
    assert host_heads(host_window) == 2

    a.undo()  # A's step stands for entry 1, which is no longer the last: the host refuses

    assert a.game.last_refusal is not None and a.game.last_refusal.code == "stale"
    said = a.network.messages[-1]  # names what stands after it, from A's side (issue 24.9)
    assert f"your entry {mine.seq} (" in said and "stands behind CONTROL's entry 2 (" in said
    assert host_heads(host_window) == 2
    assert host_summary(host_window)["counters"]["g-mil1"]["place"] == "charlie"  # B's move stands
    assert host_summary(host_window)["counters"]["g-bde1"]["place"] == "bravo"
    assert place_in_scene(a, "g-mil1") == "charlie"
    assert a.undo_stack.count() == 0  # the refused step left the Edit menu
    a.undo()  # nothing of A's left to undo: the journal's last entry (B's) is not A's to take back
    assert host_heads(host_window) == 2
    # B takes back its own move, then A may take back its own
    b.undo()
    qtbot.waitUntil(lambda: place_in_scene(a, "g-mil1") == "bravo", timeout=WAIT)
    assert host_heads(host_window) == 1


def test_control_may_still_take_back_the_last_entry_by_an_explicit_ruling(qtbot: Any, host_window: Any,
                                                                         join: Any) -> None:
    a = join(host_window.network.runner.url, code_of(host_window, "CONTROL"))
    host_window.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(a, "g-mil1") == "charlie", timeout=WAIT)
    a.undo()  # Ctrl+Z: A has no step of its own
    assert host_heads(host_window) == 1
    taken = a.take_back_last()  # Edit ▸ Take back the last entry (whoever played it)
    assert taken is not None and taken.command["counter"] == "g-mil1"
    qtbot.waitUntil(lambda: place_in_scene(host_window, "g-mil1") == "bravo", timeout=WAIT)
    assert host_heads(host_window) == 0


# --- refusals ------------------------------------------------------------------------------------------
def test_a_stale_command_is_refused_with_the_reason_and_the_view_corrected(qtbot: Any, host_window: Any,
                                                                            join: Any) -> None:
    seat = join(host_window.network.runner.url, code_of(host_window, "umpire 1"))
    # hold the seat's loop so it has not yet heard of CONTROL's move when its own command leaves
    seat.network.link.loop.loop.call_soon_threadsafe(time.sleep, 0.5)
    host_window.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    assert place_in_scene(seat, "g-bde1") == "alpha"  # the seat has not heard yet
    ok = seat.scene.drop_counter("g-bde1", "bravo")
    assert not ok
    refusal = seat.game.last_refusal
    assert isinstance(refusal, NetRefusal) and refusal.code == "stale"
    assert any("already moved this week" in r for r in refusal.reasons)
    shown = seat.network.messages[-1]
    assert shown.startswith("Refused (the game moved on)") and "already moved this week" in shown
    assert "already moved" in seat.statusBar().currentMessage()
    assert seat.dialog is None  # no force dialog for a stale refusal
    # the view shows the move that won
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-bde1") == "bravo", timeout=WAIT)
    assert host_heads(host_window) == 1


def test_an_umpire_limited_to_some_teams_is_told_so(qtbot: Any, host_window: Any, join: Any) -> None:
    seat = join(host_window.network.runner.url, code_of(host_window, "umpire 2"))
    assert seat.network.link.teams == ["reb"]
    assert not seat.scene.drop_counter("g-bde1", "bravo")
    assert seat.game.last_refusal.code == "forbidden"
    assert "plays for Rebels, not Government" in seat.network.messages[-1]  # names, not ids (issue 19.8)
    assert seat.scene.drop_counter("r-mil3", "foxtrot") or seat.game.last_refusal.code == "illegal"
    host_window.game.push({"kind": "news", "text": "CONTROL's entry"})
    qtbot.waitUntil(lambda: len(seat.game.entries) == host_heads(host_window), timeout=WAIT)
    seat.game.undo()  # an umpire may undo only their own entries: said, not raised
    assert seat.game.last_refusal.code == "forbidden"
    assert seat.network.messages[-1].startswith("Undo refused (forbidden): entry ")
    assert seat.network.messages[-1].endswith(": an umpire may undo only their own entries (ask CONTROL)")


def test_an_illegal_command_still_offers_control_the_force_dialog(qtbot: Any, host_window: Any) -> None:
    from boardapp.ui.dialogs.command import ForceDialog

    assert not host_window.scene.drop_counter("g-bde1", "echo")  # too far
    assert host_window.game.last_refusal.code == "illegal"
    assert isinstance(host_window.dialog, ForceDialog)
    host_window.dialog.reject()


# --- offline -------------------------------------------------------------------------------------------
def test_offline_seat_keeps_its_state_queues_and_reports_on_reconnecting(qtbot: Any, host_window: Any,
                                                                          join: Any) -> None:
    runner = host_window.network.runner
    seat = join(runner.url, code_of(host_window, "umpire 1"))
    seat.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    runner.stop()
    qtbot.waitUntil(lambda: seat.network.link.stale, timeout=WAIT)
    qtbot.waitUntil(lambda: "offline — reconnecting" in seat.network.indicator.text(), timeout=WAIT)
    assert place_in_scene(seat, "g-bde1") == "bravo"  # the last state stays on the board

    with pytest.raises(NetRefusal) as queued:
        seat.game.push({"kind": "news", "text": "while the host was away"})
    assert queued.value.code == "queued"
    assert not seat.scene.drop_counter("g-mil1", "charlie")  # a drop while offline is queued too
    assert seat.network.messages[-1].startswith("Queued: offline")
    seat.network.update_indicator()
    assert "(2 queued)" in seat.network.indicator.text()

    runner.restart()
    qtbot.waitUntil(lambda: not seat.network.link.stale, timeout=10000)
    qtbot.waitUntil(lambda: "online" in seat.network.indicator.text(), timeout=WAIT)
    qtbot.waitUntil(lambda: sum("accepted by the host" in m for m in seat.network.messages) == 2, timeout=WAIT)
    assert any(m.startswith("Queued news accepted") for m in seat.network.messages)
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-mil1") == "charlie", timeout=WAIT)
    qtbot.waitUntil(lambda: not host_window.network.link.stale, timeout=10000)
    qtbot.waitUntil(lambda: place_in_scene(host_window, "g-mil1") == "charlie", timeout=WAIT)
    assert host_heads(host_window) == 3
    assert host_summary(host_window) == seat.game.summary() == host_window.game.summary()


def test_a_queued_command_refused_on_reconnecting_is_reported(qtbot: Any, host_window: Any, join: Any) -> None:
    runner = host_window.network.runner
    seat = join(runner.url, code_of(host_window, "umpire 1"))
    runner.stop()
    qtbot.waitUntil(lambda: seat.network.link.stale, timeout=WAIT)
    with pytest.raises(NetRefusal):
        seat.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    # meanwhile the host, restarted, plays a move of that brigade first (the seat's loop is held meanwhile)
    seat.network.link.loop.loop.call_soon_threadsafe(time.sleep, 0.5)
    runner.restart()
    runner.call(lambda h: h.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"}))
    qtbot.waitUntil(lambda: any("refused by the host" in m for m in seat.network.messages), timeout=10000)
    assert "already moved this week" in seat.network.messages[-1]


# --- viewers ---------------------------------------------------------------------------------------------
def test_a_viewer_seat_is_the_big_screen_and_cannot_send_commands(qtbot: Any, host_window: Any,
                                                                     join: Any) -> None:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    screen = join(host_window.network.runner.url, code_of(host_window, "big screen"))
    assert isinstance(screen, BigScreenWindow) and isinstance(screen.game, PublicGame)
    link = screen.link
    assert link.role == "viewer" and link.game is None
    with pytest.raises(NetRefusal) as refused:
        screen.game.push({"kind": "news", "text": "from the hall"})
    assert refused.value.code == "forbidden"
    outcome = link.submit({"kind": "news", "text": "from the hall"}, str(uuid.uuid4())).result(5)
    assert not outcome.accepted and outcome.code == "forbidden"
    assert not screen.scene.drop_counter("g-bde1", "bravo")

    host_window.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    host_window.game.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(screen, "g-bde1") == "bravo", timeout=WAIT)
    assert "g-sf1" not in screen.scene.counters  # hidden special forces stay off the public screen
    assert "g-sf1" in host_window.scene.counters
    assert host_heads(host_window) == 2


def test_an_umpire_code_can_open_the_big_screen_on_the_public_picture(qtbot: Any, host_window: Any,
                                                                         join: Any) -> None:
    screen = join(host_window.network.runner.url, code_of(host_window, "umpire 1"), screen=True)
    host_window.game.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    host_window.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    qtbot.waitUntil(lambda: place_in_scene(screen, "g-bde1") == "bravo", timeout=WAIT)
    assert "g-sf1" not in screen.scene.counters


# --- the host's panel -------------------------------------------------------------------------------------
def test_kick_revokes_a_seat(qtbot: Any, host_window: Any, join: Any) -> None:
    runner = host_window.network.runner
    code = code_of(host_window, "umpire 1")
    seat = join(runner.url, code)
    panel = host_window.network.status_panel
    assert isinstance(panel, HostStatusPanel) and host_window.network.status_dock.isVisible()
    qtbot.waitUntil(lambda: (panel.refresh(), "umpire 1" in panel.kick_buttons)[1], timeout=WAIT)
    seats = {r["seat"]: r for r in panel.rows}
    assert seats["umpire 1"]["role"] == "umpire" and "host board" in seats
    assert "host board" not in panel.kick_buttons  # the host's own board cannot kick itself
    asked: list[str] = []
    panel.confirm = lambda name: asked.append(name) is None  # CONTROL confirms
    panel.kick_buttons["umpire 1"].click()
    assert asked == ["umpire 1"]
    qtbot.waitUntil(lambda: bool(seat.network.link.fatal), timeout=WAIT)
    qtbot.waitUntil(lambda: "stopped" in seat.network.indicator.text(), timeout=WAIT)
    assert "revoked" in seat.network.messages[-1]
    with pytest.raises(NetRefusal) as closed:
        seat.game.push({"kind": "news", "text": "still here?"})
    assert closed.value.code == "closed"
    qtbot.waitUntil(lambda: "umpire 1" not in {r["seat"] for r in runner.status()}, timeout=WAIT)
    assert "kicked code" not in panel.refusals.text()
    with pytest.raises(SeatError):
        open_join(runner.url, code)
    # the host refused the kicked code: the Seats dock says so (issue 11.6)
    qtbot.waitUntil(lambda: (panel.refresh(), "kicked code" in panel.refusals.text())[1], timeout=WAIT)
    assert panel.refusals.text().startswith("Refused or dropped: ")
    # the revocation is kept in the seats file: a restarted host refuses the code too
    assert any(g.revoked and g.name == "umpire 1" for g in runner.grants())
    assert '"revoked": true' in runner.seats_file.read_text(encoding="utf-8")


def test_join_codes_dialog_lists_every_code_but_the_hosts_own(qtbot: Any, host_window: Any) -> None:
    dlg = host_window.network.show_codes()
    assert isinstance(dlg, CodesDialog)
    names = [g.name for g in dlg.grants]
    assert names == ["CONTROL", "umpire 1", "umpire 2", "big screen"]
    assert code_of(host_window, "umpire 2") in dlg.text and "(teams: Rebels)" in dlg.text  # names, not ids (issue 24.4)
    assert code_of(host_window, "host board") not in dlg.text
    assert host_window.network.runner.url in dlg.text
    dlg.accept()


def test_menu_and_dialogs(qtbot: Any, tiny_window: Any) -> None:
    control = tiny_window.network
    texts = [a.text() for a in control.menu.actions()]
    assert texts[:3] == ["&Host on the LAN…", "&Join a hosted game…", "Host &status"]
    assert not control.status_action.isEnabled() and control.host_action.isEnabled()
    assert control.indicator.text() == ""
    dlg = HostDialog(["gov", "reb", "un"])
    qtbot.addWidget(dlg)
    dlg.umpires.setValue(2)
    dlg.team_edits[1].setText("reb, un")
    plan = dlg.plan()
    assert plan.umpires == [("umpire 1", None), ("umpire 2", ["reb", "un"])]
    dlg.umpires.setValue(1)
    assert len(dlg.plan().umpires) == 1


@pytest.fixture
def tiny_window(qtbot: Any, tmp_path: Any) -> Any:
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.mainwindow import MainWindow

    win = MainWindow(new_game(load_scenario(TINY), save=tmp_path / "t.game"), tmp_path / "t.game")
    qtbot.addWidget(win)
    return win


def test_addresses() -> None:
    assert normalise_url("192.168.1.5:8765") == ("ws://192.168.1.5:8765/", "")
    assert normalise_url("ws://h:1/#abc") == ("ws://h:1/", "abc")
    assert normalise_url(" ws://h:1 ") == ("ws://h:1/", "")


def test_cli_join_parses() -> None:
    from boardapp.cli import build_parser, cmd_join

    args = build_parser().parse_args(["join", "10.0.0.2:8765", "--code", "xyz", "--screen"])
    assert args.func is cmd_join and args.address == "10.0.0.2:8765" and args.code == "xyz" and args.screen


def test_host_and_join_through_the_menus_then_stop_hosting(qtbot: Any, tiny_window: Any, monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QDialog

    from boardapp.ui.network.windows import JoinDialog

    def host_exec(dlg: Any) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(1)  # this machine only
        dlg.umpires.setValue(1)
        dlg.team_edits[0].setText("gov")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    control = tiny_window.network
    control.host_action.trigger()
    assert control.runner is not None and control.runner.running
    assert control.runner.url.startswith("ws://127.0.0.1:")
    assert isinstance(control.codes_dialog, CodesDialog) and "(teams: Government)" in control.codes_dialog.text
    assert control.stop_action.isEnabled() and not control.host_action.isEnabled()
    url, code = control.runner.url, code_of(tiny_window, "umpire 1")
    control.codes_dialog.accept()

    def join_exec(dlg: Any) -> int:
        dlg.address.setText(url.removeprefix("ws://").rstrip("/"))
        dlg.code.setText(code)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(JoinDialog, "exec", join_exec)
    control.join_action.trigger()
    assert len(control.joined) == 1
    seat = control.joined[0]
    qtbot.addWidget(seat)
    assert seat.network.link.teams == ["gov"]
    seat.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    qtbot.waitUntil(lambda: place_in_scene(tiny_window, "g-bde1") == "bravo", timeout=WAIT)

    control.stop_hosting()
    assert control.runner is None and control.host_action.isEnabled()
    assert not isinstance(tiny_window.game, LiveGame)  # the window plays on the file alone again
    assert tiny_window.game.entries[-1].command == {"kind": "move", "counter": "g-bde1", "to": "bravo"}
    assert place_in_scene(tiny_window, "g-bde1") == "bravo"
    qtbot.waitUntil(lambda: seat.network.link.stale, timeout=WAIT)
    seat.close()


def test_every_seat_has_a_qr_code_a_reader_reads(qtbot: Any, host_window: Any, tmp_path: Any) -> None:
    """QR codes are always there (segno is a dependency): the codes window shows one per seat, holding the
    host's address and the seat's code, and a QR reader (zbarimg) reads it back from the painted pixels."""
    import shutil
    import subprocess

    from PySide6.QtWidgets import QLabel

    dlg = host_window.network.show_codes()
    url = host_window.network.runner.url
    pictures = dlg.findChildren(QLabel, "seat-qr")
    assert len(pictures) == len(dlg.grants) >= 1
    first = pictures[0].pixmap()
    assert not first.isNull() and first.width() >= 29 * 4  # the smallest QR code, 4 px a module
    if shutil.which("zbarimg"):
        path = tmp_path / "seat.png"
        assert first.save(str(path))
        read = subprocess.run(["zbarimg", "-q", "--raw", str(path)], capture_output=True, text=True, timeout=60,
                              check=False)
        assert read.stdout.strip() == f"{url}#{dlg.grants[0].token}"
    dlg.accept()


def test_closing_the_hosting_window_stops_the_host(qtbot: Any, host_window: Any) -> None:
    import socket

    runner = host_window.network.runner
    port = runner.port
    host_window.close()
    assert host_window.network.runner is None and not runner.running
    with socket.socket() as s, pytest.raises(OSError):
        s.settimeout(1)
        s.connect(("127.0.0.1", port))
