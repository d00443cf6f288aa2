"""The host's garbage-collector tuning (issue 11.9): what is loaded is frozen, full collections wait
for a quiet moment, and everything is given back when the last host or seat stops."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.net import gctune
from boardapp.net.host import Host
from tests.net.test_net import TINY


@pytest.fixture(autouse=True)
def automatic_collection(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with Python's automatic collection on and no Qt application in sight (a Qt test
    earlier in the session may have made one, and turned collection off, as windows do) and leaves the
    collector as it found it."""
    monkeypatch.setattr(gctune, "_qt_application", lambda: False)
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_hold_freezes_defers_full_collections_and_release_restores() -> None:
    before = gc.get_threshold()
    assert gc.isenabled() and not gctune.tuned()
    gctune.hold()
    gctune.hold()  # a host and a seat in one process
    try:
        assert gctune.tuned() and gc.get_freeze_count() > 0
        assert gc.get_threshold() == (before[0], before[1], gctune.OUT_OF_REACH)
        gctune.release()
        assert gctune.tuned()  # one holder is left
    finally:
        gctune.release()
    assert not gctune.tuned() and gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_full_collection_runs_only_when_nothing_happened_for_a_while() -> None:
    class Cycle:
        def __init__(self) -> None:
            self.me = self

    async def go() -> None:
        gctune.hold()
        tidy = asyncio.get_running_loop().create_task(gctune.tidy_when_quiet(quiet=0.3, min_gap=0, check=0.02))
        try:
            done = len(gctune.full_collections)
            for _ in range(40):  # busy for 0.8 s, making garbage that reaches the oldest generation
                gctune.busy()
                for _ in range(3000):
                    Cycle()
                gc.collect(1)
                await asyncio.sleep(0.02)
            assert gc.get_count()[2] > 0
            assert len(gctune.full_collections) == done  # never while busy
            frozen = gc.get_freeze_count()
            await asyncio.sleep(0.6)
            assert len(gctune.full_collections) == done + 1  # once quiet, exactly one
            assert gc.get_count()[2] == 0
            assert gc.get_freeze_count() > frozen  # its survivors are frozen: the next one walks only what is new
        finally:
            tidy.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await tidy
            gctune.release()

    asyncio.run(asyncio.wait_for(go(), 20))


def test_a_host_tunes_while_it_serves_and_not_in_a_window_process() -> None:
    async def go(enabled: bool) -> dict[str, Any]:
        if not enabled:
            gc.disable()  # as a Qt window does (boardapp.ui.collector)
        try:
            async with Host(new_game(load_scenario(TINY))):
                return {"tuned": gctune.tuned(), "threshold": gc.get_threshold()}
        finally:
            gc.enable()

    before = gc.get_threshold()
    served = asyncio.run(go(True))
    assert served["tuned"] and served["threshold"][2] == gctune.OUT_OF_REACH
    assert not gctune.tuned() and gc.get_threshold() == before
    in_window = asyncio.run(go(False))
    assert not in_window["tuned"] and in_window["threshold"] == before


def test_a_process_running_a_qt_application_is_left_alone() -> None:
    """Qt objects may only be collected in the Qt thread: a host on a worker loop must not collect.
    (In a fresh interpreter: this one's pytest-qt application would be in sight of every test.)"""
    script = (
        "import gc, sys\n"
        "from boardapp.net import gctune\n"
        "gctune.hold(); print(gctune.tuned()); gctune.release()\n"
        "from PySide6.QtCore import QCoreApplication\n"
        "app = QCoreApplication(sys.argv)\n"
        "gctune.hold(); print(gctune.tuned(), gc.get_freeze_count(), gc.get_threshold()[2] < gctune.OUT_OF_REACH)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split("\n")[:2] == ["True", "False 0 True"], out.stdout + out.stderr
