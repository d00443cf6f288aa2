"""The installed packages' entry points are read once per process, and again when a test replaces the reader."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

from boardapp import plugins


def test_entry_points_are_read_once_and_again_when_the_reader_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    real = plugins.entry_points
    calls: list[str] = []

    def counting(group: str) -> Any:
        calls.append(group)
        return real(group=group)

    monkeypatch.setattr(plugins, "entry_points", counting)
    first = plugins.declared()
    assert plugins.declared() == first
    assert calls == [plugins.GROUP]
    assert set(plugins.FALLBACK) <= set(first)

    def with_example(group: str) -> Any:
        return [*real(group=group), EntryPoint("tiny-example", "tests.plugin_example.manifest:MANIFEST", group)]

    monkeypatch.setattr(plugins, "entry_points", with_example)
    assert plugins.declared()["tiny-example"] == "tests.plugin_example.manifest:MANIFEST"
    monkeypatch.setattr(plugins, "entry_points", real)
    assert "tiny-example" not in plugins.declared()
