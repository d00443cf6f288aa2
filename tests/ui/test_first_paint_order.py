"""Issue #27: ``boardapp`` chooses, reads and makes its game before it imports Qt when there is nothing to ask.

PySide6's import hook reads the source of every module imported after PySide6 (``inspect.getsource``), so the
rule system's modules, the scenario cache and the game file's SQLite cost more after Qt than before it. A start
with no unfinished game and no last game to resume therefore makes its game first; a start that must ask makes
Qt's application just before the question, and makes no game until it is answered (the recovery prompt and
the resume question are unchanged: tests/ui/test_recovery.py, tests/ui/test_game_day_files.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from boardapp.ui import app as app_module

ROOT = Path(__file__).resolve().parents[2]

ORDER_AT_FIRST_PAINT = """
import os, sys
from boardapp.engine import gamefile

made = []
original_create = gamefile.GameFile.create.__func__

def create(cls, *args, **kwargs):
    made.append("PySide6" in sys.modules)
    return original_create(cls, *args, **kwargs)

gamefile.GameFile.create = classmethod(create)

def at_paint():
    order = list(sys.modules)  # sys.modules keeps the order modules were first imported in
    print("ORDER", " ".join(order))
    print("MADE_AFTER_QT", made)
    sys.stdout.flush()
    os._exit(0)

import builtins
real_import = builtins.__import__
hooked = []

def hook_view(name, *args, **kwargs):
    module = real_import(name, *args, **kwargs)
    view = getattr(sys.modules.get("boardapp.ui.board.view"), "BoardView", None)
    if not hooked and view is not None:  # patched once the module has made the class
        hooked.append(True)
        from PySide6.QtCore import QEvent
        original = view.viewportEvent
        def viewport_event(self, event):
            handled = original(self, event)
            if event.type() == QEvent.Type.Paint and self.scene() is not None and self.scene().items():
                at_paint()
            return handled
        view.viewportEvent = viewport_event
    return module

builtins.__import__ = hook_view
from boardapp.cli import main
main([])
raise SystemExit("boardapp returned without painting its board")
"""


def _first_start(tmp_path: Path) -> tuple[list[str], str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BOARDAPP_DATA_DIR": str(tmp_path / "data"),
           "BOARDAPP_CACHE_DIR": str(tmp_path / "cache"), "BOARDAPP_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", ORDER_AT_FIRST_PAINT], check=False, cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("ORDER", "MADE")))
    return lines["ORDER"].split(), lines["MADE_AFTER_QT"]


def test_boardapp_makes_its_game_before_importing_qt(tmp_path: Path) -> None:
    """Nothing to recover or resume: the rule system, the scenario cache and the game file come before Qt."""
    order, made_after_qt = _first_start(tmp_path)
    qt = order.index("PySide6")
    for module in ("boardapp.rules.binni.module", "boardapp.engine.loadcache", "boardapp.engine.gamefile",
                   "sqlite3"):
        assert order.index(module) < qt, f"{module} imported after PySide6"
    assert made_after_qt == "[False]", "the autosave game file was made after Qt was imported"
    assert order.index("boardapp.ui.mainwindow") > qt  # the window still needs Qt: nothing painted before


def _unfinished(name: str) -> Path:
    game = app_module.autosave_dir() / name
    game.write_text("")
    game.with_name(name + ".session").write_text("12345\n")  # nobody holds it: left by a session that died
    return game


def test_a_question_gets_its_application_first_and_no_game_is_made_before_the_answer() -> None:
    left = _unfinished("left.game")
    events: list[str] = []

    def asked(paths: list[Path]) -> Path | None:
        games = sorted(p.name for p in app_module.autosave_dir().glob("*.game"))
        events.append(f"asked {[p.name for p in paths]} with games {games}")
        return None  # No: the game is set aside and a new game of the default scenario starts

    game, saved, autosave = app_module.choose_game(None, ask=asked, resume=None,
                                                   before_asking=lambda: events.append("application"))
    try:
        assert events == ["application", "asked ['left.game'] with games ['left.game']"]
        assert autosave and saved.exists() and saved != left
    finally:
        game.store.close()


def test_the_resume_question_gets_its_application_first(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    last = app_module.autosave_dir() / "last.game"
    monkeypatch.setattr(app_module, "last_game", lambda: last)
    events: list[str] = []
    game, saved, _autosave = app_module.choose_game(
        None, ask=lambda paths: None, resume=lambda path: events.append(f"resume {path.name}") or False,
        before_asking=lambda: events.append("application"))
    try:
        assert events == ["application", "resume last.game"]
        assert saved != last
    finally:
        game.store.close()


def test_nothing_to_ask_makes_no_application() -> None:
    called: list[str] = []
    game, _saved, autosave = app_module.choose_game(None, ask=lambda paths: called.append("ask"),
                                                    resume=lambda path: called.append("resume") or False,
                                                    before_asking=lambda: called.append("application"))
    try:
        assert autosave and called == []
    finally:
        game.store.close()
