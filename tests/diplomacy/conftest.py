"""Shared fixtures for the Diplomacy rules engine tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow running without installing the project
    sys.path.insert(0, str(ROOT))

from boardapp.rules.diplomacy.mapdata import MapData, load_standard_map

DATC_DIR = ROOT.parent / "shared" / "datc"


@pytest.fixture(scope="session")
def standard_map() -> MapData:
    return load_standard_map()
