"""What the issue 24 rehearsal on Xvfb displays found in the windows (notes/rehearsal.md), each against a real
host on 127.0.0.1, driven through the Game menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.ui.network.windows import HostDialog

ROOT = Path(__file__).resolve().parents[2]
BINNI = ROOT / "scenarios" / "war-in-binni.yaml"


@pytest.fixture
def binni_window(qtbot: Any, tmp_path: Path) -> Any:
    from boardapp.ui.mainwindow import MainWindow

    path = tmp_path / "binni.game"
    new_game(load_scenario(BINNI), save=path).store.close()
    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    yield win
    _shut(win)


def _shut(win: Any) -> None:
    """Stop hosting and close the codes window, so no later test finds it among the top-level windows."""
    win.network.shutdown()
    codes = win.network.codes_dialog
    if codes is not None:
        codes.close()
        codes.deleteLater()
    win.close()
    QApplication.processEvents()


def _host_from_the_menu(win: Any, monkeypatch: Any, umpires: int = 2, teams: tuple[str, ...] = ()) -> None:
    def host_exec(dlg: HostDialog) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(dlg.bind.findData("127.0.0.1"))
        dlg.umpires.setValue(umpires)
        for edit, typed in zip(dlg.team_edits, teams, strict=False):  # typed as CONTROL typed them
            edit.setText(typed)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    win.network.host_action.trigger()
    for _ in range(5):
        QApplication.processEvents()


def test_hosting_binni_at_1920x1080_keeps_the_window_and_its_status_line_on_the_screen(binni_window: Any,
                                                                                      monkeypatch: Any) -> None:
    """The rehearsal: CONTROL full screen at 1920x1080 pressed Host and the window grew to 1920x1095 (the
    Seats dock stacked under Teams, Big screen and CONTROL's rulings), the status line half off the screen."""
    win = binni_window
    assert win.height() == 1080
    _host_from_the_menu(win, monkeypatch)
    net = win.network
    assert net.runner is not None and net.runner.running
    dock = net.status_dock
    assert dock is not None and dock.isVisible() and not dock.visibleRegion().isEmpty()  # shown, on top of its tab
    assert win.minimumSizeHint().height() <= 1080
    assert win.height() == 1080, f"hosting made the window {win.width()}x{win.height()}"
    bar = win.statusBar()
    assert bar.isVisible() and bar.geometry().bottom() < 1080  # the whole status line inside the window
    table = net.status_panel.table
    assert table.height() >= table.minimumHeight() > 0  # the Seats rows keep their room (issue 24.4)
    from PySide6.QtWidgets import QDockWidget

    clock = next(d for d in win.findChildren(QDockWidget) if d.objectName() == "Big screen")
    assert not clock.visibleRegion().isEmpty()  # the clock's dock is never the one put behind Seats


@pytest.mark.parametrize("height", [900, 760])
def test_hosting_on_a_short_screen_shares_tabs_and_keeps_seats_and_the_clock_in_sight(
        binni_window: Any, monkeypatch: Any, height: int) -> None:
    """Hosting adds the Seats dock (here 957 px of minimum height with it, offscreen); on a shorter screen the
    docks share tabs as on a laptop (ui/widgets/dockfit.py) until the window keeps its height, but the Seats
    dock CONTROL just opened and the Big screen dock's clock stay in front; nothing is hidden."""
    from PySide6.QtWidgets import QDockWidget

    win = binni_window
    win.resize(1920, height)
    QApplication.processEvents()
    assert win.height() == height and win.minimumSizeHint().height() <= height
    _host_from_the_menu(win, monkeypatch)
    shown = {d.objectName() for d in win.findChildren(QDockWidget) if not d.isHidden()}
    assert "Seats" in shown
    assert win.minimumSizeHint().height() <= height and win.height() == height, \
        f"hosting made the window {win.width()}x{win.height()} (its minimum {win.minimumSizeHint().height()})"
    seats = win.network.status_dock
    clock = next(d for d in win.findChildren(QDockWidget) if d.objectName() == "Big screen")
    assert not seats.visibleRegion().isEmpty() and not clock.visibleRegion().isEmpty()
    assert not win.tabifiedDockWidgets(clock), "the clock's dock shares a tab: it can be put behind one"
    assert {d.objectName() for d in win.findChildren(QDockWidget) if not d.isHidden()} == shown  # tabs, not gone


def test_an_umpires_board_at_1400x900_settles_instead_of_laying_out_its_teams_table_for_ever(
        binni_window: Any, monkeypatch: Any, qtbot: Any) -> None:
    """The rehearsal: an umpire's joined Binni board at its default 1400x900 used 30-55 % of a core while
    nobody touched it (its menus opened seconds late). The Teams table's vertical bar came and went: shown,
    it narrowed the name column, the names wrapped, the rows were measured again and it went, for ever."""
    import time

    from PySide6.QtCore import QEvent, QObject

    from boardapp.ui.network.windows import open_join

    _host_from_the_menu(binni_window, monkeypatch, umpires=1)
    runner = binni_window.network.runner
    token = next(g.token for g in runner.grants() if g.role == "umpire")
    seat = open_join(runner.url, token)
    qtbot.addWidget(seat)
    try:
        seat.resize(1400, 900)
        seat.show()
        table = seat.team_panel.table

        class Resizes(QObject):
            n = 0

            def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Resize:
                    Resizes.n += 1
                return False

        counter = Resizes()
        table.viewport().installEventFilter(counter)
        settle = time.monotonic() + 2.0
        while time.monotonic() < settle:  # the window's first layouts, the first picture from the host
            QApplication.processEvents()
        Resizes.n = 0
        idle = time.monotonic() + 2.0
        while time.monotonic() < idle:
            QApplication.processEvents()
        assert table.rowCount() >= 20 and table.isVisible()
        assert Resizes.n <= 2, f"the Teams table was laid out {Resizes.n} times in 2 s with nothing happening"
    finally:
        seat.close()


def test_the_join_codes_window_shows_every_qr_code_whole(binni_window: Any, monkeypatch: Any, qtbot: Any) -> None:
    """The rehearsal: CONTROL's Join codes window opened 720x480 after Host, each seat's QR code cut to a
    sliver at its right edge behind a horizontal scroll bar (a phone could not read one)."""
    from boardapp.ui.network.windows import CodesDialog

    _host_from_the_menu(binni_window, monkeypatch, umpires=2,  # the rehearsal's two umpires and their teams
                        teams=("Binni Government, UN / International Agencies",
                               "christian tribal faction, muslim tribal faction"))
    codes = binni_window.network.codes_dialog
    assert "UN / International Agencies" in codes.text
    assert isinstance(codes, CodesDialog) and codes.isVisible()
    qtbot.waitExposed(codes)
    QApplication.processEvents()
    viewport = codes.codes_area.viewport()
    qrs = list(codes.findChildren(QWidget, "seat-qr"))
    assert len(qrs) == len(codes.grants) >= 3  # CONTROL, two umpires, the big screen
    assert not codes.codes_area.horizontalScrollBar().isVisible()
    for qr in qrs:
        left = qr.mapTo(viewport, qr.rect().topLeft()).x()
        assert left >= 0 and left + qr.pixmap().width() <= viewport.width(), "a QR code is cut at the side"
    first = qrs[0]
    top = first.mapTo(viewport, first.rect().topLeft()).y()
    assert top >= 0 and top + first.pixmap().height() <= viewport.height(), "the first QR code is cut"
    screen = codes.screen().availableGeometry()
    assert codes.width() <= screen.width() and codes.height() <= screen.height()


def test_hosting_coup_leaves_the_table_its_width(qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """The rehearsal: CONTROL's Coup window at 1920x1080 hosted with two player seats from the Host dialog,
    and the table (Coup's own central view, made again for the hosting seat) went from 1,188 to 640 px wide:
    the Turn dock on the left and every right-hand dock grew to 634 px."""
    from PySide6.QtWidgets import QDockWidget

    from boardapp.ui.mainwindow import MainWindow

    path = tmp_path / "coup.game"
    new_game(load_scenario(ROOT / "scenarios" / "coup.yaml"), save=path).store.close()
    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    for _ in range(5):
        QApplication.processEvents()
    before = win.centralWidget().width()
    turn = next(d for d in win.findChildren(QDockWidget) if d.windowTitle() == "Turn")
    turn_before = turn.width()

    def host_exec(dlg: HostDialog) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(dlg.bind.findData("127.0.0.1"))
        dlg.umpires.setValue(1)
        dlg.player_boxes["gov-mil"].setChecked(True)
        dlg.player_boxes["reb-mil"].setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    try:
        win.network.host_action.trigger()
        for _ in range(20):
            QApplication.processEvents()
        players = {g.player for g in win.network.runner.grants() if g.role == "player"}
        assert players == {"gov-mil", "reb-mil"}
        after = win.centralWidget().width()
        assert after >= before - 10, f"the table went from {before} to {after} px wide"
        assert turn.width() <= turn_before + 10, f"the Turn dock grew from {turn_before} to {turn.width()} px"
        assert win.height() == 1080 and win.width() == 1920
    finally:
        _shut(win)


def test_hosting_the_game_at_1920x1080_keeps_the_window_on_the_screen(qtbot: Any, tmp_path: Path,
                                                                       monkeypatch: Any) -> None:
    """The rehearsal: The Game's window (Turn sequence and Ledgers docks, which come back after the hosting
    seat's board is installed) grew to 1920x1098 on Host, its status line below the screen."""
    from PySide6.QtWidgets import QDockWidget

    from boardapp.ui.mainwindow import MainWindow

    path = tmp_path / "the-game.game"
    new_game(load_scenario(ROOT / "scenarios" / "the-game.yaml"), save=path).store.close()
    win = MainWindow(open_game(path), path)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    for _ in range(5):
        QApplication.processEvents()
    assert win.height() == 1080
    try:
        _host_from_the_menu(win, monkeypatch, umpires=1, teams=("john astell, rich banner",))
        for _ in range(20):
            QApplication.processEvents()
        assert win.network.runner is not None and win.network.runner.running
        assert win.height() == 1080, f"hosting made the window {win.width()}x{win.height()}"
        assert win.statusBar().geometry().bottom() < 1080
        seats = win.network.status_dock
        assert seats is not None and not seats.visibleRegion().isEmpty()
        ledgers = [d for d in win.findChildren(QDockWidget) if d.windowTitle() == "Ledgers"]
        assert any(d.isVisible() for d in ledgers)  # The Game's own dock is still there
    finally:
        _shut(win)
