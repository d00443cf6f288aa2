"""The docstring examples of The Game's board extras (Qt modules, so not in tests/test_doctests.py)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["boardapp.ui.rules.thegame.overlay", "boardapp.ui.rules.thegame.edit", "boardapp.ui.rules.thegame.orders"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
