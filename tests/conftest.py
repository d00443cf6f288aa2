"""Test configuration for the whole suite: Qt runs headless, and the fixtures many folders share."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Before any test module imports Qt: no test may need (or pop up on) a real screen.
# The Xvfb screenshot test sets its own DISPLAY and platform in a child process.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
TINY = DATA / "tiny-scenario.yaml"


@pytest.fixture(autouse=True)
def _isolated_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's folders (boardapp/resources.py): config (recent files), data
    (autosaves) and cache go to a fresh folder; a folder's own conftest may point the data elsewhere."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("BOARDAPP_CACHE_DIR", str(home / "cache"))  # scenarios read before (engine/loadcache.py)


@pytest.fixture(scope="session")
def tiny() -> Any:
    """The small War in Binni test scenario, loaded once: (scenario, map)."""
    from boardapp.engine.files import load_scenario

    return load_scenario(TINY)


@pytest.fixture
def close_later() -> Iterator[list[Any]]:
    """Games whose game files must be closed at the end of the test (no unclosed-connection warnings)."""
    games: list[Any] = []
    yield games
    for g in games:
        store = getattr(g, "store", None) or getattr(g, "follow", None)
        if store is not None:
            store.close()
