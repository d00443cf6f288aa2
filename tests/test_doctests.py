"""The docstring examples of every Qt-free module run as tests (what ``--doctest-modules`` would do
on boardapp/engine, model, rules, net, editor, plugins and clock.py, without importing the Qt windows).

A module with examples must pass them; the run as a whole must find examples, so a collection
that silently finds none fails too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import boardapp

ROOT = Path(boardapp.__file__).resolve().parent
PACKAGES = ["engine", "model", "rules", "net", "editor"]
SINGLE = ["boardapp.clock", "boardapp.plugins", "boardapp.builtin_rules", "boardapp.ui.document.controller",
          "boardapp.ui.document.source"]


def qt_free_modules() -> list[str]:
    names = list(SINGLE)
    for package in PACKAGES:
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"boardapp.{package}."):
            names.append(info.name)
    return sorted(names)


MODULES = qt_free_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (run pytest -s)"


def test_the_examples_are_found() -> None:
    found = {name: doctest.DocTestFinder().find(importlib.import_module(name)) for name in MODULES}
    with_examples = sorted(name for name, tests in found.items() if any(t.examples for t in tests))
    assert "boardapp.engine.game" in with_examples and "boardapp.plugins" in with_examples, with_examples
    assert len(with_examples) >= 8, with_examples
