"""The docstring examples of the engine run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mapdata", "orders", "adjudicator", "cli", "hints"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(f"boardapp.rules.diplomacy.{name}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
