"""Shared fixtures for the engine's robustness tests (tiny scenario, game files in tmp_path)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running without installing the project
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "data"
TINY = DATA / "tiny-scenario.yaml"


@pytest.fixture(scope="session")
def tiny() -> Any:
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
