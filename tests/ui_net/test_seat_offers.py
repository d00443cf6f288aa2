"""Issue 24 items 3 and 8: hosting a map-less system leaves CONTROL's window whole, and a seat is offered only
what its role may do. Real hosts on 127.0.0.1, real seats joined over WebSockets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.ui.network.loops import SeatPlan
from tests.ui_net.test_network_windows import code_of

ROOT = Path(__file__).resolve().parents[2]
COUP = ROOT / "scenarios" / "coup.yaml"
MAP_DOCKS = ("Overview", "Off the map", "Teams")
WAIT = 10000


@pytest.fixture
def coup_path(tmp_path: Path) -> Path:
    path = tmp_path / "coup.game"
    game = new_game(load_scenario(COUP), save=path)
    game.store.close()
    return path


def _visible_windows() -> list[str]:
    for _ in range(5):
        QApplication.processEvents()
    return sorted(type(w).__name__ for w in QApplication.topLevelWidgets() if w.isVisible())


def _shown_docks(win: Any) -> set[str]:
    return {d.objectName() for d in win.findChildren(QDockWidget) if not d.isHidden()}


def test_hosting_coup_twice_leaves_no_stray_window_nor_map_docks_and_names_coups_turn(
        qtbot: Any, coup_path: Path, tmp_path: Path) -> None:
    from boardapp.ui.mainwindow import MainWindow

    win = MainWindow(open_game(coup_path), coup_path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    try:
        assert _visible_windows() == ["MainWindow"]
        for _ in range(2):  # Host, Stop hosting, Host again: each used to leave an empty top-level window
            win.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, plan=SeatPlan(umpires=[]))
            qtbot.waitUntil(lambda: win.network.clock_label.text() != "", timeout=WAIT)
            assert _visible_windows() == ["MainWindow"]
            assert not set(MAP_DOCKS) & _shown_docks(win), _shown_docks(win)
            assert win.network.clock_label.text().startswith("Set-up · "), win.network.clock_label.text()
            win.network.stop_hosting()
            assert _visible_windows() == ["MainWindow"]
            assert not set(MAP_DOCKS) & _shown_docks(win)
        # a map game opened in the same window: the map and its docks are back, in the window
        binni = new_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml"))
        win.set_game(binni)
        assert win.centralWidget() is win.view and win.view.isVisible()
        assert set(MAP_DOCKS) <= _shown_docks(win)
        assert _visible_windows() == ["MainWindow"]
    finally:
        win.network.shutdown()


def test_a_coup_players_window_offers_no_end_turn_and_no_force(qtbot: Any, coup_path: Path, join: Any) -> None:
    from boardapp.ui.mainwindow import MainWindow

    host = MainWindow(open_game(coup_path), coup_path)
    qtbot.addWidget(host)
    host.show()
    try:
        host.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, plan=SeatPlan(umpires=[]))
        token = str(host.network.runner.call(lambda h: h.add_seat("player", player="gov-mil")).token)
        seat = join(host.network.runner.url, token)
        assert seat.network.link.role == "player"
        assert not seat.end_turn_action.isVisible() and not seat.end_turn_action.isEnabled()
        assert "End turn" in seat.network.hidden
        assert seat.turn_panel.button.isHidden() and not seat.turn_panel.button.isEnabled()  # the Turn dock's too
        assert host.end_turn_action.isVisible()  # CONTROL's own
        assert not seat.may_force and host.may_force
    finally:
        host.network.shutdown()


def test_force_is_offered_to_control_only(qtbot: Any, host_window: Any, join: Any) -> None:
    """An umpire's refused move shows the rules' reasons and says only CONTROL may force; CONTROL's the
    Force button. Without the role check the umpire got a Force button that then failed at the host."""
    from boardapp.ui.dialogs.command import ForceDialog

    seat = join(host_window.network.runner.url, code_of(host_window, "umpire 1"))
    assert not seat.scene.drop_counter("g-bde1", "echo")  # too far: the rules refuse it
    assert seat.game.last_refusal.code == "illegal"
    dlg = seat.dialog
    assert isinstance(dlg, ForceDialog)
    assert dlg.force_button is None and not dlg.may_force
    assert "Only CONTROL may force" in dlg.findChild(type(dlg.what), "control-only").text()
    assert dlg.reason_texts == list(seat.game.last_refusal.reasons) and dlg.reason_texts  # the rules' reasons, whole
    dlg.reject()
    assert not host_window.scene.drop_counter("g-bde1", "echo")
    control = host_window.dialog
    assert isinstance(control, ForceDialog) and control.force_button is not None and control.may_force
    control.reject()
