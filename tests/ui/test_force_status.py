"""After CONTROL forces a refused command, the status line says it was forced, not still "Refused: …" (seen in the
game-day rehearsal of 27 Nov on Xvfb, in War in Binni, Mid-East PEACE and the Tarn Valley: the forced move stood
on every screen while CONTROL's status line still read "Refused: Kura is occupied by hostile units …")."""

from __future__ import annotations

from typing import Any

from boardapp.ui.dialogs.command import ForceDialog
from boardapp.ui.mainwindow import MainWindow
from tests.ui.test_window import drag_counter


def test_the_status_line_says_forced_once_control_forces(qtbot: Any, tiny_game: Any, tmp_path: Any) -> None:
    win = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    drag_counter(win, "g-mil1", "echo")
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    assert win.statusBar().currentMessage().startswith("Refused: ")
    qtbot.keyClicks(dlg.reason, "the rebels let them through")
    dlg.force_button.click()
    assert win.game.entries[-1].overridden
    said = win.statusBar().currentMessage()
    assert not said.startswith("Refused"), said
    assert "forced" in said.lower() and "the rebels let them through" in said, said


def test_a_legal_command_after_a_refusal_clears_refused(qtbot: Any, tiny_game: Any, tmp_path: Any) -> None:
    """Rehearsal 3 (Mid-East PEACE on Xvfb): the umpire's move was refused, then the umpire chose the phases
    (accepted, on every screen) and the status line still read "Refused: Egypt has not chosen the two phases…"
    for the rest of the refusal's 10 s: the refusal was a temporary message, and it hid the accepted command."""
    win = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    drag_counter(win, "g-mil1", "echo")
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    assert win.statusBar().currentMessage().startswith("Refused: ")
    dlg.reject()
    before = len(win.game.entries)
    drag_counter(win, "g-mil1", "charlie")
    assert len(win.game.entries) == before + 1  # the legal move stood
    said = win.statusBar().currentMessage()
    assert not said.startswith("Refused"), said
    assert win.status.isVisible() and win.status.text() == win.game.entries[-1].events[-1].text
