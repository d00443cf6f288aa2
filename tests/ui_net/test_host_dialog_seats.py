"""Issue 24 items 2 (the Host dialog's part), 4 and 5: player seats made from Game ▸ Host, the join codes
window naming teams and never stacking, the Seats dock showing its rows, and a re-host listening where the
seats look for it. Real hosts on 127.0.0.1, driven through the Game menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDialog

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.net.host import read_grants
from boardapp.ui.network.windows import CodesDialog, HostDialog

ROOT = Path(__file__).resolve().parents[2]
COUP = ROOT / "scenarios" / "coup.yaml"
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


@pytest.fixture
def window_on(qtbot: Any, tmp_path: Path) -> Any:
    opened: list[Any] = []

    def make(scenario: Path) -> Any:
        from boardapp.ui.mainwindow import MainWindow

        path = tmp_path / (scenario.stem + ".game")
        new_game(load_scenario(scenario), save=path).store.close()
        win = MainWindow(open_game(path), path)
        qtbot.addWidget(win)
        win.resize(1920, 1080)
        win.show()
        opened.append(win)
        return win

    yield make
    for win in opened:
        win.network.shutdown()


def _visible_codes() -> list[CodesDialog]:
    QApplication.processEvents()
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, CodesDialog) and w.isVisible()]


def test_coups_player_seats_are_made_from_the_host_dialog_and_kept_for_a_rehost(window_on: Any,
                                                                                monkeypatch: Any) -> None:
    win = window_on(COUP)
    players = list(win.game.module.players)
    assert len(players) == 9  # Coup's nine players (shared/rules/coup.md: three teams of three)
    seen: list[dict[str, bool]] = []

    def host_exec(dlg: HostDialog) -> int:
        seen.append({p: b.isChecked() for p, b in dlg.player_boxes.items()})
        if len(seen) == 1:
            dlg.port.setValue(0)
            dlg.bind.setCurrentIndex(dlg.bind.findData("127.0.0.1"))
            dlg.umpires.setValue(0)
            dlg.player_boxes["gov-mil"].setChecked(True)
            dlg.player_boxes["reb-civ"].setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    net = win.network
    net.host_action.trigger()
    assert set(seen[0]) == set(players) and not any(seen[0].values())  # every player offered, none yet
    made = {g.player for g in net.runner.grants() if g.role == "player" and not g.revoked}
    assert made == {"gov-mil", "reb-civ"}
    on_file = {g.player for g in read_grants(net.runner.seats_file) if g.role == "player"}
    assert on_file == made  # the seats file `boardapp host` reads holds them too
    codes = net.codes_dialog
    assert isinstance(codes, CodesDialog)
    assert sum("(plays " in line for line in codes.text.splitlines()) == 2
    first_port = net.runner.port
    net.stop_hosting()
    net.host_action.trigger()  # untouched: the boxes come checked from the seats file, the port is the same
    assert {p for p, on in seen[1].items() if on} == {"gov-mil", "reb-civ"}
    assert {g.player for g in net.runner.grants() if g.role == "player" and not g.revoked} == made
    assert net.runner.port == first_port and net.runner.url.startswith("ws://127.0.0.1:")
    assert len(_visible_codes()) == 1 and not _visible_codes()[0].isModal()  # one codes window, never modal


def test_codes_name_the_teams_and_the_seats_dock_shows_its_rows(window_on: Any, monkeypatch: Any) -> None:
    win = window_on(TINY)

    def host_exec(dlg: HostDialog) -> int:
        dlg.port.setValue(0)
        dlg.bind.setCurrentIndex(dlg.bind.findData("127.0.0.1"))
        dlg.umpires.setValue(3)
        dlg.team_edits[0].setText("reb, un")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    win.network.host_action.trigger()
    text = win.network.codes_dialog.text
    assert "(teams: Rebels, United Nations)" in text and "reb," not in text
    panel = win.network.status_panel
    panel.refresh()
    QApplication.processEvents()
    table = panel.table
    rows = table.rowCount()
    assert rows >= 6  # CONTROL, three umpires, the big screen, the host's own board (and the web page's)
    shown = table.viewport().height()
    assert shown >= min(rows, panel.SHOWN_ROWS) * table.rowHeight(0), (shown, table.rowHeight(0), rows)


def test_a_rehost_after_a_restart_listens_on_the_remembered_port_and_interface(window_on: Any, qtbot: Any,
                                                                               monkeypatch: Any) -> None:
    win = window_on(TINY)
    answers: list[tuple[int, str]] = []

    def host_exec(dlg: HostDialog) -> int:
        answers.append((dlg.port.value(), str(dlg.bind.currentData())))
        if len(answers) == 1:
            dlg.port.setValue(0)
            dlg.bind.setCurrentIndex(dlg.bind.findData("127.0.0.1"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(HostDialog, "exec", host_exec)
    win.network.host_action.trigger()
    port = win.network.runner.port
    assert port != 0
    win.network.shutdown()  # the crash: this window is gone, the settings stay
    from boardapp.ui.mainwindow import MainWindow

    again = MainWindow(open_game(win.path), win.path)
    qtbot.addWidget(again)
    try:
        again.network.host_action.trigger()
        assert answers[-1] == (port, "127.0.0.1")  # offered as last time, not 8765 and every interface
        assert again.network.runner.port == port
    finally:
        again.network.shutdown()
