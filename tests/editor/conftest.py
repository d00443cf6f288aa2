"""Fixtures of the editor's tests: headless Qt, paths of the shipped and test files."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SHIPPED_MAPS = sorted((ROOT / "maps").glob("*.yaml"))
SHIPPED_SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    """Keep settings and autosaves of the tests out of the real user directories."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    yield


@pytest.fixture
def window(qtbot):  # type: ignore[no-untyped-def]
    """An editor window on a new, empty scenario with a 1000 x 600 map, shown and fitted."""
    from boardapp.editor import SetHeadField
    from boardapp.ui.editor.window import EditorWindow

    w = EditorWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.push(SetHeadField("size", [1000, 600]))
    w.scene.rebuild()
    w.view.fit()
    return w


@pytest.fixture(autouse=True)
def _unsaved_edits_discarded_at_teardown(monkeypatch):
    """Windows closed when a test ends discard their edits without asking (a real Save / Discard /
    Cancel box would wait for a click forever); tests of that box put the real one back and leave
    their window clean (pytest-qt closes windows before fixtures are undone)."""
    from boardapp.ui.editor.window import EditorWindow

    monkeypatch.setattr(EditorWindow, "ask_unsaved", lambda self: "discard")
    yield
