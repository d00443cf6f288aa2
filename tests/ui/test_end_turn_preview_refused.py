"""The End-turn preview says when the rules refuse to end the turn now (rehearsal 3, 27 Nov, on Xvfb: in MUN 1935
and Coup the preview read "Spring 1935 adjudicated … Now: Fall 1935" / "Turn 1 ends", then End turn was refused
"no orders yet from …" / "not every player has acted or passed this turn" and CONTROL had to force it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.dialogs.command import PreviewDialog
from boardapp.ui.mainwindow import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def test_the_preview_names_the_refusal_before_the_turn_ends(qtbot: Any, tmp_path: Path) -> None:
    game = new_game(load_scenario(ROOT / "scenarios" / "coup.yaml"))
    game.push({"kind": "setup"})  # Control deals; nobody has acted yet
    refusal = game.check(game.module.end_turn_command())
    assert refusal  # the rules refuse to end Turn 1 now (every player acts or passes first)
    win = MainWindow(game, tmp_path / "coup.game")
    qtbot.addWidget(win)
    dlg = win.end_turn()
    assert isinstance(dlg, PreviewDialog)
    texts = [dlg.list.item(i).text() for i in range(dlg.list.count())]
    assert texts[0].startswith("Refused now:") and str(refusal[0]) in texts[0], texts
    assert any("CONTROL" in t and "force" in t for t in texts[:len(refusal) + 1]), texts


def test_a_legal_end_of_turn_previews_as_before(qtbot: Any, tmp_path: Path) -> None:
    game = new_game(load_scenario(ROOT / "scenarios" / "tarn-valley.yaml"))
    assert not game.check(game.module.end_turn_command())
    win = MainWindow(game, tmp_path / "tv.game")
    qtbot.addWidget(win)
    dlg = win.end_turn()
    texts = [dlg.list.item(i).text() for i in range(dlg.list.count())]
    assert texts and texts[0].startswith("Crown gains"), texts  # the preview as it was: what ending does
    assert not any(t.startswith("Refused") for t in texts), texts
