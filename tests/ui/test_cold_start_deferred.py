"""Issue #27: the real ``boardapp`` program paints War in Binni's board before it imports what the board does not
need: the YAML parser (a scenario read before comes from the cache), the network, the big screen and the Control
team (added once the board has painted), the other rule systems, the editor, review, the web pages.

A module-set test, not a timing test: each start is a fresh interpreter running ``boardapp`` (``cli.main([])``,
the main window on the default scenario) that lists its modules at the board's first paint and leaves. Timings
are ``benchmarks/bench_limits.py --only cold``'s.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

DEFERRED = ["yaml", "boardapp.model.yamlfile", "boardapp.model.writer",
            "boardapp.ui.network", "boardapp.ui.bigscreen", "boardapp.ui.control", "boardapp.ui.dialogs",
            "boardapp.ui.editor", "boardapp.ui.review", "boardapp.net", "boardapp.web", "boardapp.editor",
            "boardapp.review", "boardapp.rules.coup", "boardapp.rules.diplomacy", "boardapp.rules.mideast",
            "boardapp.rules.thegame", "boardapp.rules.tables",
            "shapely", "numpy", "asyncio", "websockets", "segno", "matplotlib"]
"""Not imported when the board first paints (a package stands for its sub-modules)."""

AT_FIRST_PAINT = """
import os, sys
from PySide6.QtCore import QEvent
from boardapp.ui.board.view import BoardView

original = BoardView.viewportEvent

def viewport_event(self, event):
    handled = original(self, event)
    if event.type() == QEvent.Type.Paint:
        scene = self.scene()
        drawn = scene is not None and len(scene.items()) > 0
        print("MODULES", " ".join(sorted(sys.modules)))
        print("DRAWN", drawn)
        sys.stdout.flush()
        os._exit(0)
    return handled

BoardView.viewportEvent = viewport_event
from boardapp.cli import main
main([])
raise SystemExit("boardapp returned without painting its board")
"""


def modules_at_first_paint(cache: Path, data: Path) -> set[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BOARDAPP_DATA_DIR": str(data),
           "BOARDAPP_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", AT_FIRST_PAINT], check=False, cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("MODULES", "DRAWN")))
    assert lines["DRAWN"] == "True", "the first paint had no board on it"
    return set(lines["MODULES"].split())


def deferred_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == d or m.startswith(d + ".") for d in DEFERRED))


@pytest.fixture(scope="module")
def starts(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str]]:
    """The modules at the first paint of a first start (empty cache) and of a second (the cache filled)."""
    cache = tmp_path_factory.mktemp("cache")
    first = modules_at_first_paint(cache, tmp_path_factory.mktemp("data"))
    second = modules_at_first_paint(cache, tmp_path_factory.mktemp("data"))
    return first, second


def test_a_second_start_paints_the_board_before_importing_what_it_does_not_need(
        starts: tuple[set[str], set[str]]) -> None:
    _first, second = starts
    assert "boardapp.ui.mainwindow" in second and "boardapp.rules.binni.module" in second
    assert deferred_in(second) == []


def test_a_first_start_reads_the_yaml_and_defers_the_rest(starts: tuple[set[str], set[str]]) -> None:
    """The control case: with nothing in the cache the scenario is parsed (the report sees yaml)."""
    first, _second = starts
    parser = [m for m in deferred_in(first) if m == "yaml" or m.startswith(("yaml.", "boardapp.model.yamlfile"))]
    assert "yaml" in parser and "boardapp.model.yamlfile" in parser
    assert deferred_in(first) == parser


def test_the_deferred_parts_arrive_after_the_first_paint(qtbot: object, tmp_path: Path) -> None:
    """What ``boardapp`` adds after the first paint is there once the event loop has run: the Game menu's
    network, the big screen's control and the Control team's dock."""
    from boardapp.ui.app import open_window

    window = open_window(None, ask=None, extras_after_first_paint=True)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    assert getattr(window, "network", None) is None
    window.show()
    qtbot.waitUntil(lambda: getattr(window, "network", None) is not None, timeout=10_000)  # type: ignore[attr-defined]
    docks = {d.objectName() for d in window.findChildren(type(window.overview_dock))}
    at_once = open_window(None, ask=None)
    qtbot.addWidget(at_once)  # type: ignore[attr-defined]
    assert docks == {d.objectName() for d in at_once.findChildren(type(at_once.overview_dock))}
    assert [a.text() for a in window.menuBar().actions()] == [a.text() for a in at_once.menuBar().actions()]
    assert len(docks) > 4
