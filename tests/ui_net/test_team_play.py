"""Issue 19: several umpires, one game, as a team plays it — real host, real seats, real windows."""

from __future__ import annotations

from typing import Any

from tests.ui_net.test_network_windows import WAIT, code_of, host_heads, host_summary, place_in_scene


def _edit_texts(win: Any) -> dict[str, tuple[str, bool]]:
    """The hosted Edit menu's visible actions: object name -> (text, enabled)."""
    return {a.objectName(): (a.text(), a.isEnabled()) for a in win.menu("edit").actions()
            if a.isVisible() and a.objectName()}


# --- 19.1-2: undo names its entry and its seat; each seat is offered only what it may do --------------
def test_each_seat_is_offered_only_the_undo_it_may_do_named_with_its_seat(qtbot: Any, host_window: Any,
                                                                          join: Any) -> None:
    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))
    ump2 = join(control.network.runner.url, code_of(control, "umpire 2"))
    ump.controller.submit({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    qtbot.waitUntil(lambda: place_in_scene(control, "g-bde1") == "bravo", timeout=WAIT)
    qtbot.waitUntil(control.network.edit.undo_action.isEnabled, timeout=WAIT)

    # CONTROL may undo any last entry: the menu names the entry and whose it is
    text, enabled = _edit_texts(control)["hosted-undo"]
    assert enabled and text.startswith("Undo entry 1: ") and text.endswith("(umpire 1's)")
    # the umpire who played it may undo it: "yours"
    assert _edit_texts(ump)["hosted-undo"][1] and _edit_texts(ump)["hosted-undo"][0].endswith("(yours)")
    # another umpire may not: nothing offered
    assert not _edit_texts(ump2)["hosted-undo"][1]
    # the window's own stack actions are hidden (they would offer steps the host refuses)
    assert not ump.undo_action.isVisible() and not control.take_back_action.isVisible()

    # CONTROL plays after it: the umpire's Undo goes grey as the entry arrives
    control.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(ump, "g-mil1") == "charlie", timeout=WAIT)
    qtbot.waitUntil(lambda: not ump.network.edit.undo_action.isEnabled(), timeout=WAIT)
    assert _edit_texts(control)["hosted-undo"][0].endswith("(yours)")

    # CONTROL undoes its own, then umpire 1's: exactly the named entry, and every seat is told
    control.network.edit.undo_action.trigger()
    assert host_heads(control) == 1
    qtbot.waitUntil(ump.network.edit.undo_action.isEnabled, timeout=WAIT)
    named = control.network.edit.undo_action.text()
    assert named.startswith("Undo entry 1: ") and "umpire 1's" in named
    control.network.edit.undo_action.trigger()
    assert host_heads(control) == 0
    assert host_summary(control)["counters"]["g-bde1"]["place"] == "alpha"
    for seat in (ump, ump2):
        qtbot.waitUntil(lambda s=seat: any("undid umpire 1's entry 1" in m for m in s.network.messages),
                        timeout=WAIT)
        log = seat.network.log_view
        assert any("undid umpire 1's entry 1" in log.item(i).text() for i in range(log.count()))
    # CONTROL may redo; umpire 1 may not redo what CONTROL took back
    qtbot.waitUntil(control.network.edit.redo_action.isEnabled, timeout=WAIT)
    assert control.network.edit.redo_action.text().startswith("Redo entry 1: ")
    assert not ump.network.edit.redo_action.isEnabled()


def test_an_umpire_undoes_its_own_last_entry_and_may_redo_it(qtbot: Any, host_window: Any, join: Any) -> None:
    ump = join(host_window.network.runner.url, code_of(host_window, "umpire 2"))
    ump.controller.submit({"kind": "move", "counter": "r-mil3", "to": "delta"})
    qtbot.waitUntil(ump.network.edit.undo_action.isEnabled, timeout=WAIT)
    ump.network.edit.undo_action.trigger()
    assert host_heads(host_window) == 0
    assert place_in_scene(ump, "r-mil3") == "echo"
    qtbot.waitUntil(ump.network.edit.redo_action.isEnabled, timeout=WAIT)
    ump.network.edit.redo_action.trigger()
    assert host_heads(host_window) == 1
    qtbot.waitUntil(lambda: place_in_scene(host_window, "r-mil3") == "delta", timeout=WAIT)


def test_control_takes_back_a_chosen_entry_and_everything_after_it(qtbot: Any, host_window: Any,
                                                                   join: Any) -> None:
    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))
    ump.controller.submit({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    control.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    ump.controller.submit({"kind": "move", "counter": "r-mil3", "to": "delta"})
    qtbot.waitUntil(lambda: len(control.game.entries) == 3, timeout=WAIT)
    choices = control.network.edit.take_back_choices()
    assert [e.seq for e, _ in choices] == [3, 2, 1]  # newest first
    assert choices[0][1].endswith("(umpire 1's)") and choices[1][1].endswith("(yours)")
    assert ump.network.edit.take_back_menu is None  # an umpire has no such list

    taken = control.network.edit.take_back_to(2)
    assert [e.seq for e in taken] == [3, 2]
    assert host_heads(control) == 1
    summary = host_summary(control)["counters"]
    assert summary["g-bde1"]["place"] == "bravo"  # entry 1 stands
    assert summary["g-mil1"]["place"] == "bravo" and summary["r-mil3"]["place"] == "echo"
    qtbot.waitUntil(lambda: sum("undid" in m for m in ump.network.messages) == 2, timeout=WAIT)


# --- 19.3: one clock, owned by the host ------------------------------------------------------------------
def test_control_starts_the_clock_and_every_seat_and_the_big_screen_show_it(qtbot: Any, host_window: Any,
                                                                           join: Any) -> None:
    """CONTROL presses Start on its clock panel: the umpire's status bar and the hall's big screen (a
    viewer seat) run the same clock within 1 s; a minute more reaches them too."""
    import time

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))
    screen = join(control.network.runner.url, code_of(control, "big screen"))
    qtbot.waitUntil(lambda: ump.network.clock is not None, timeout=WAIT)
    assert ump.network.clock_label.text() == "Week 1 · 45:00 · paused"  # the first week: 45 minutes
    panel = control.bigscreen.dock_widget.clock_control
    t0 = time.monotonic()
    QTest.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ump.network.clock is not None and ump.network.clock.running, timeout=1000)
    qtbot.waitUntil(lambda: screen.clock.running, timeout=1000)
    assert time.monotonic() - t0 < 1.0
    assert control.network.runner.call(lambda h: h.clock.running)
    QTest.mouseClick(panel.plus_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ump.network.clock is not None and ump.network.clock.length == 46 * 60, timeout=1000)
    qtbot.waitUntil(lambda: screen.clock.length == 46 * 60, timeout=1000)
    ump.network.update_indicator()
    # 45 + 1 minutes, less than 2 s run (the display rounds up)
    assert ump.network.clock_label.text() in ("Week 1 · 46:00 · running", "Week 1 · 45:59 · running")
    assert abs(screen.clock.remaining() - ump.network.clock.remaining()) < 1.0


# --- 19.4: hosting again keeps the saved seats and limits; a change is explicit and logged -----------------
def _log_texts(win: Any) -> list[str]:
    log = win.network.log_view
    return [log.item(i).text() for i in range(log.count())]


def test_hosting_again_keeps_the_saved_seats_and_limits_and_logs_a_change(qtbot: Any, tmp_path: Any,
                                                                          monkeypatch: Any, join: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QDialogButtonBox

    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.windows import HostDialog
    from tests.ui_net.test_network_windows import TINY

    win = MainWindow(new_game(load_scenario(TINY), save=tmp_path / "t.game"), tmp_path / "t.game")
    qtbot.addWidget(win)
    seen: list[tuple[list[str], list[str]]] = []
    edits: dict[int, str] = {}

    def host_exec(dlg: Any) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(1)
        if dlg.saved is None:
            dlg.umpires.setValue(2)
        seen.append(([dlg._rows_layout.itemAt(i, dlg._rows_layout.ItemRole.LabelRole).widget().text()
                      for i in range(dlg._rows_layout.rowCount())], [e.text() for e in dlg.team_edits]))
        for i, text in edits.items():
            dlg.team_edits[i].setText(text)
        ok = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)  # the Host button checks the team names
        return dlg.result()

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    monkeypatch.setattr("boardapp.ui.network.windows.NetworkControl.show_codes", lambda self: None)
    net = win.network

    edits = {1: "Rebels, Martians"}  # a team that does not exist: refused, nothing hosted
    net.host_action.trigger()
    assert net.runner is None and "no team called 'Martians'" in net.window.dialog.error.text()
    edits = {1: "rebels"}  # a name, in any case
    net.host_action.trigger()
    assert net.runner is not None
    codes = {g.name: (g.token, g.teams) for g in net.runner.grants() if g.role == "umpire"}
    assert codes["umpire 1"][1] is None and codes["umpire 2"][1] == frozenset({"reb"})
    net.stop_hosting()

    edits = {}  # host again, touching nothing: the dialog shows the saved limits and keeps them
    before = len(_log_texts(win))
    net.host_action.trigger()
    assert seen[-1] == (["umpire 1:", "umpire 2:"], ["", "Rebels"])
    again = {g.name: (g.token, g.teams) for g in net.runner.grants() if g.role == "umpire"}
    assert again == codes  # the same codes, the same limits
    log = _log_texts(win)[:len(_log_texts(win)) - before]  # what this hosting said (newest first)
    assert any("Seats and limits loaded from t.game.seats.json" in t and "umpire 2 (umpire, Rebels)" in t
               for t in log)
    assert not any("New join code" in t or "changed" in t for t in log)
    # the tribal umpire still may not move a government brigade
    ump2 = join(net.runner.url, codes["umpire 2"][0])
    outcome = ump2.controller.submit({"kind": "move", "counter": "g-bde1", "to": "bravo"})
    assert not outcome.accepted and outcome.code == "forbidden"
    ump2.close()
    net.stop_hosting()

    edits = {1: "Rebels, United Nations"}  # an explicit change: made and logged
    net.host_action.trigger()
    teams = {g.name: g.teams for g in net.runner.grants() if g.role == "umpire"}
    assert teams["umpire 2"] == frozenset({"reb", "un"})
    assert any("umpire 2: teams changed from Rebels to Rebels, United Nations" in t for t in _log_texts(win))
    net.shutdown()


# --- 19.10: after a crash, CONTROL's board comes back from the board itself ----------------------------------
def test_open_the_game_file_then_host_brings_back_controls_board_and_seats_dock(qtbot: Any, tmp_path: Any,
                                                                                monkeypatch: Any) -> None:
    """A headless host ran the game and died; CONTROL opens the game file on the board (File ▸ Open) and
    presses Game ▸ Host: one step gives its board on the host, the Seats dock, and the same codes."""
    from PySide6.QtWidgets import QDialog

    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.loops import HostRunner, SeatPlan
    from boardapp.ui.network.seats import LiveGame
    from boardapp.ui.network.windows import HostDialog
    from tests.ui_net.test_network_windows import TINY

    path = tmp_path / "crash.game"
    new_game(load_scenario(TINY), save=path).store.close()
    before = HostRunner(path, bind="127.0.0.1", port=0)  # the host that crashed
    before.start(SeatPlan(umpires=[("umpire 1", None), ("umpire 2", ["reb"])]))
    codes = {g.name: g.token for g in before.grants()}
    before.call(lambda h: h.game.push({"kind": "move", "counter": "g-bde1", "to": "bravo"}))
    before.close()

    win = MainWindow(new_game(load_scenario(TINY)), None)
    qtbot.addWidget(win)
    win.show()
    assert win.open_path(path)  # File ▸ Open…
    monkeypatch.setattr(HostDialog, "exec", lambda dlg: (dlg.port.setValue(0), dlg.bind.setCurrentIndex(1),
                                                         QDialog.DialogCode.Accepted)[-1])
    monkeypatch.setattr("boardapp.ui.network.windows.NetworkControl.show_codes", lambda self: None)
    win.network.host_action.trigger()  # Game ▸ Host on the LAN…
    net = win.network
    assert net.runner is not None and net.runner.running
    assert isinstance(win.game, LiveGame) and net.link is not None and net.link.role == "control"
    assert net.status_dock is not None and net.status_dock.isVisible()
    assert place_in_scene(win, "g-bde1") == "bravo"  # the game as the crashed host left it
    assert {g.name: g.token for g in net.runner.grants() if g.name in codes} == codes
    net.shutdown()


# --- 19.5: a fight's result at the seat that fought, and announced to the hall ----------------------------
def test_a_fights_result_is_shown_at_the_seat_that_fought_and_on_the_big_screen(qtbot: Any, host_window: Any,
                                                                                 join: Any) -> None:
    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))
    other = join(control.network.runner.url, code_of(control, "umpire 2"))
    screen = join(control.network.runner.url, code_of(control, "big screen"))
    control.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(ump, "g-mil1") == "charlie", timeout=WAIT)
    # 2 + 2 (four extra stores) against 4: column 1:1; a 6 is a decisive win (the combat results table)
    outcome = ump.controller.submit({"kind": "attack", "place": "delta", "attackers": ["g-mil1"], "die": 6,
                                     "extra_stores": 4})
    assert outcome.accepted
    box = ump.network.fight_box
    assert box.isVisible() and "Government attacks Delta: 4 against 4, column 1:1, die 6" in box.text()
    assert "DECISIVE WIN" in box.text() and "retreat from Delta to Echo" in box.text()
    assert getattr(other.network, "fight_box", None) is None  # it did not fight: its log says it
    qtbot.waitUntil(lambda: any("Fight (umpire 1): Government attacks Delta" in m for m in other.network.messages),
                    timeout=WAIT)
    banner = screen.fight_banner
    qtbot.waitUntil(lambda: banner.isVisible() and "DECISIVE WIN" in banner.text(), timeout=WAIT)
    assert banner.text().startswith("Government attacks Delta") and "destroyed" in banner.text()
    # over the map, at the bottom: the side bar's week and clock stay in view (seen in the rehearsal)
    assert banner.geometry().bottom() > screen.height() * 3 // 4 and banner.geometry().right() < screen.width() * 0.7


# --- 19.6: the big screen says it is offline, over the picture ----------------------------------------------
def test_the_big_screen_shows_a_reconnecting_banner_while_offline(qtbot: Any, host_window: Any, join: Any) -> None:
    runner = host_window.network.runner
    screen = join(runner.url, code_of(host_window, "big screen"))
    banner = screen.offline_banner
    assert not banner.isVisible()
    runner.stop(close_game=False)  # the host goes away (a crash, a cable)
    qtbot.waitUntil(banner.isVisible, timeout=WAIT)
    assert "Offline — reconnecting" in banner.text()
    assert banner.geometry().top() < screen.height() // 4 and banner.geometry().right() < screen.width() * 0.7
    runner.restart()  # back, same port and codes
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=10000)


# --- 19.7: the Join dialog fits a code; a wrong port is said quickly and truthfully -------------------------
def test_join_dialog_fits_the_code_and_a_wrong_port_fails_fast_saying_the_seat_gave_up(
        qtbot: Any, host_window: Any, monkeypatch: Any) -> None:
    import socket
    import time

    from PySide6.QtWidgets import QDialog, QMessageBox

    from boardapp.ui.network.windows import JoinDialog

    code = code_of(host_window, "umpire 1")
    dlg = JoinDialog()
    qtbot.addWidget(dlg)
    dlg.code.setText(code)
    dlg.show()
    assert dlg.code.width() > dlg.code.fontMetrics().horizontalAdvance(code) + 8  # the whole code in view

    with socket.socket() as s:  # a port where nothing listens
        s.bind(("127.0.0.1", 0))
        dead_port = s.getsockname()[1]
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: said.append(text))

    def join_exec(d: Any) -> int:
        d.address.setText(f"127.0.0.1:{dead_port}")
        d.code.setText(code)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(JoinDialog, "exec", join_exec)
    t0 = time.monotonic()
    host_window.network.join_action.trigger()
    took = time.monotonic() - t0
    assert took < 3.0, f"{took:.1f} s of silence"
    assert len(said) == 1 and "connection was refused" in said[0] and f":{dead_port}" in said[0]
    assert "gave up" in said[0] and "keeps trying" not in said[0]
    assert host_window.network.joined == []


# --- 19.8: an umpire's board shows only what an umpire may do -----------------------------------------------
def test_controls_only_control_may_use_are_hidden_on_an_umpires_board(qtbot: Any, host_window: Any,
                                                                      join: Any) -> None:
    from PySide6.QtWidgets import QDockWidget, QPushButton

    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))

    def rulings(win: Any) -> QDockWidget:
        return next(d for d in win.findChildren(QDockWidget)
                    if any(b.property("command_kind") == "set_pr" for b in d.findChildren(QPushButton)))

    for win, shown in ((control, True), (ump, False)):
        assert win.end_turn_action.isVisible() is shown
        dock = rulings(win)
        buttons = {b.text(): b.isVisibleTo(dock) for b in dock.findChildren(QPushButton) if b.property("command_kind")}
        assert buttons == {"Set PR": shown, "Supply": shown}
        assert dock.toggleViewAction().isVisible() is shown
        assert win.bigscreen.region_action.isVisible() is shown  # "Show this on the big screen"
        assert win.turn_panel.button.isVisibleTo(win.turn_panel) is shown  # the Turn dock's End turn… button
        assert win.turn_panel.isVisibleTo(win)  # the Turn dock itself stays: the week is everyone's
        assert win.bigscreen.dock_widget.region_button.isVisibleTo(win.bigscreen.dock_widget) is shown
        assert win.bigscreen.dock_widget.clock_control.isVisibleTo(win.bigscreen.dock_widget) is shown
    assert set(ump.network.hidden) >= {"End turn", "Set PR", "Supply", "Show this on the big screen",
                                       "the clock panel"}
    # the host still refuses (fail closed) and the refusal is said in the game's words
    outcome = ump.controller.submit({"kind": "set_pr", "team": "gov", "level": 5, "reason": "test"})
    assert not outcome.accepted and outcome.code == "forbidden"
    assert "only CONTROL may set PR" in ump.network.messages[-1] and "'set_pr'" not in ump.network.messages[-1]


# --- 19.9: the Seats dock and the Host dialog ----------------------------------------------------------------
def test_seats_dock_shows_offline_since_kicks_only_when_confirmed_and_keeps_limits_after_a_rehost(
        qtbot: Any, host_window: Any, join: Any) -> None:
    import time

    net = host_window.network
    panel = net.status_panel
    ump2 = join(net.runner.url, code_of(host_window, "umpire 2"))

    def row(name: str) -> dict[str, str]:
        panel.refresh()
        i = next(i for i, r in enumerate(panel.rows) if r["seat"] == name)
        return {panel.COLUMNS[j]: panel.table.item(i, j).text() for j in range(1, len(panel.COLUMNS))}

    qtbot.waitUntil(lambda: row("umpire 2")["State"] == "online", timeout=WAIT)
    assert row("umpire 2")["Teams"] == "Rebels" and row("umpire 1")["Teams"] == "every team"
    assert row("umpire 1")["State"] == "not joined yet"  # a seat with a code that never came is listed too
    ump2.close()  # the umpire's laptop dies
    qtbot.waitUntil(lambda: row("umpire 2")["State"].startswith("offline since"), timeout=WAIT)
    assert row("umpire 2")["State"] in {"offline since " + time.strftime("%H:%M", time.localtime(time.time() - d))
                                        for d in (0, 60)}
    # Kick is the first column: in view whatever the dock's width; it asks first
    kick = panel.kick_buttons["umpire 2"]
    assert panel.table.viewport().rect().contains(kick.geometry())
    panel.confirm = lambda name: False  # CONTROL says Cancel
    kick.click()
    assert any(g.name == "umpire 2" and not g.revoked for g in net.runner.grants())
    # after a re-host the rows show the real roles and limits
    net.runner.stop(close_game=False)
    net.runner.restart()
    assert row("umpire 2")["Role"] == "umpire" and row("umpire 2")["Teams"] == "Rebels"


def test_host_dialog_fits_a_1920_screen_and_names_the_teams(qtbot: Any) -> None:
    from boardapp.ui.network.windows import HostDialog

    teams = [(f"t{i}", f"The Very Long Name Of Faction Number {i}") for i in range(30)]
    dlg = HostDialog(teams)
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.width() <= 1920 and dlg.sizeHint().width() <= 1920
    texts = " ".join(lbl.text() for lbl in dlg.findChildren(type(dlg.error)))
    assert "The Very Long Name Of Faction Number 29" in texts and "t29," not in texts


# --- 19.11: a move queued offline is drawn as pending, then settled ------------------------------------------
def test_a_move_queued_offline_is_drawn_as_pending_until_the_host_settles_it(qtbot: Any, host_window: Any,
                                                                             join: Any) -> None:
    runner = host_window.network.runner
    seat = join(runner.url, code_of(host_window, "umpire 1"))
    runner.stop()
    qtbot.waitUntil(lambda: seat.network.link.stale, timeout=WAIT)
    assert not seat.scene.drop_counter("g-mil1", "charlie")  # queued: the counter stays where the host had it
    marks = seat.network.pending.marks
    assert list(marks) == [("g-mil1", "charlie")]
    mark = marks[("g-mil1", "charlie")]
    assert mark.scene() is seat.scene and mark.isVisible()
    texts = [c.text() for c in mark.childItems() if hasattr(c, "text")]
    assert texts == ["g-mil1 → queued"]
    runner.restart()
    qtbot.waitUntil(lambda: any(m.startswith("Queued move accepted by the host") for m in seat.network.messages),
                    timeout=10000)
    assert seat.network.pending.marks == {} and mark.scene() is None  # the mark went with the answer
    qtbot.waitUntil(lambda: place_in_scene(seat, "g-mil1") == "charlie", timeout=WAIT)


# --- 19.12: "Attack … from here" asks which neighbouring place ------------------------------------------------
def test_attack_from_here_asks_which_neighbouring_place_and_opens_the_fight_there(qtbot: Any, host_window: Any,
                                                                                  join: Any,
                                                                                  monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QInputDialog, QMenu

    from boardapp.ui.rules.binni.actions import BinniActions

    control = host_window
    ump = join(control.network.runner.url, code_of(control, "umpire 1"))
    control.controller.submit({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    qtbot.waitUntil(lambda: place_in_scene(ump, "g-mil1") == "charlie", timeout=WAIT)
    menu = QMenu(ump)
    BinniActions(ump).counter_menu(menu, "g-mil1")
    action = next(a for a in menu.actions() if "from here" in a.text())
    assert action.text() == "Attack a neighbouring place from here…"
    asked: list[list[str]] = []

    def get_item(_parent: Any, _title: str, _label: str, items: list[str], *_a: Any) -> tuple[str, bool]:
        asked.append(list(items))
        return items[0], True

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    action.trigger()
    # Charlie's roads lead to Bravo and Delta (tiny map); Delta holds the two rebel militias: offered first
    assert asked == [["Delta — 2 hostile units", "Bravo — no hostile unit"]]
    dialog = ump.dialog
    assert dialog.place == "delta"  # not the counter's own place, Charlie
    dialog.reject()


def test_host_dialog_offers_and_allies_kept_across_a_rehost(qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QDialog

    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.network.windows import HostDialog
    from tests.ui_net.test_network_windows import TINY

    win = MainWindow(new_game(load_scenario(TINY), save=tmp_path / "a.game"), tmp_path / "a.game")
    qtbot.addWidget(win)
    seen: list[list[bool]] = []

    def host_exec(dlg: Any) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(1)
        seen.append([b.isChecked() for b in dlg.ally_boxes])
        if dlg.saved is None:
            assert all(not b.isHidden() for b in dlg.ally_boxes)  # War in Binni has alliances: offered
            dlg.umpires.setValue(2)
            dlg.team_edits[1].setText("Rebels")
            dlg.ally_boxes[1].setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    monkeypatch.setattr("boardapp.ui.network.windows.NetworkControl.show_codes", lambda self: None)
    net = win.network
    net.host_action.trigger()
    allies = {g.name: g.allies for g in net.runner.grants() if g.role == "umpire"}
    assert allies == {"umpire 1": False, "umpire 2": True}
    panel = net.status_panel
    panel.refresh()
    i = next(i for i, r in enumerate(panel.rows) if r["seat"] == "umpire 2")
    assert panel.table.item(i, 3).text() == "Rebels and allies"
    net.stop_hosting()
    net.host_action.trigger()  # again, untouched: the box comes checked from the seats file
    assert seen[-1] == [False, True]
    assert {g.name: g.allies for g in net.runner.grants() if g.role == "umpire"} == allies
    net.shutdown()
