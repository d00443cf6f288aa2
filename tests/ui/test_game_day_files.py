"""Issue 24.7: after a crash CONTROL finds the game without knowing the hidden autosave path — Recent
files lists every game played or hosted (autosaves too), File ▸ Open starts in the games folder, and a
"No" at the recovery prompt sets the unfinished game aside (in Recent files, not asked again) instead of
leaving it to sit beside the new game under "Games not closed properly"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game
from boardapp.ui import app as app_module
from boardapp.ui.app import finish_session, open_window, unfinished_sessions


def _crashed_game() -> Path:
    """An autosaved game with a move in it whose session marker nobody holds (its process died)."""
    path = app_module.new_autosave_path("war-in-binni")
    game = new_game(load_scenario(DEFAULT_SCENARIO), save=path)
    game.push({"kind": "news", "text": "played before the crash"})
    game.store.close()
    path.with_name(path.name + ".session").write_text("")
    return path


def test_no_at_the_recovery_prompt_sets_the_game_aside_in_recent_files(qtbot: Any) -> None:
    crashed = _crashed_game()
    assert unfinished_sessions() == [crashed]
    offered: list[str] = []

    def no(paths: list[Path]) -> None:
        offered.append(app_module.describe_game(paths[0]))

    window = open_window(None, ask=no, resume=None)
    qtbot.addWidget(window)
    try:
        assert "— 1 entry, last played " in offered[0]  # told apart by what it holds, not a stamp
        assert window.path != crashed  # a new game, as asked
        assert unfinished_sessions() == []  # the crashed one is not offered again beside it
        assert window.recent()[:2] == [str(window.path.resolve()), str(crashed.resolve())]
        assert crashed.exists()  # kept whole
        assert window.games_folder() == app_module.autosave_dir()
    finally:
        finish_session(window.path)
        window.close()


def test_recent_files_list_autosaved_and_hosted_games_and_open_starts_by_them(qtbot: Any, tmp_path: Path) -> None:
    from boardapp.ui.mainwindow import MainWindow

    crashed = _crashed_game()
    finish_session(crashed)
    window = MainWindow(*app_module.game_for_path(crashed)[:2], autosave=True)  # File ▸ Open on an autosave
    qtbot.addWidget(window)
    assert window.recent()[0] == str(crashed.resolve())
    assert window.recent_menu.isEnabled()
    assert next(a.text() for a in window.recent_menu.actions()) == str(crashed.resolve())
    assert window.games_folder() == crashed.parent
    window.close()
