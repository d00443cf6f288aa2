"""Issue 13.14: opening the board imports only what its first paint needs.

Each case runs in a fresh interpreter (this one has long since imported everything) and lists which of the
modules kept off the path were imported after all by the time the board has painted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

KEPT_OFF = ["shapely", "numpy", "asyncio", "websockets"]
"""Map geometry (shapely, and numpy under it) is checked in plain Python for boardapp's own maps; the network
(asyncio, websockets) is imported when someone hosts or joins, not when the window builds its Game menu."""

FIRST_PAINT = """
from PySide6.QtWidgets import QApplication
from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game
from boardapp.ui.board.scene import BoardScene
from boardapp.ui.board.view import BoardView

app = QApplication([])
view = BoardView(BoardScene(new_game(load_scenario(DEFAULT_SCENARIO))))
view.resize(1920, 1080)
view.show()
view.viewport().repaint()
app.processEvents()
"""

MAIN_WINDOW = """
from PySide6.QtWidgets import QApplication
from boardapp.ui.app import open_window

app = QApplication([])
window = open_window(None)  # what `boardapp` opens: the main window on War in Binni
window.show()
window.view.viewport().repaint()
app.processEvents()
assert window.scene is not None and window.scene.items(), "the board was not drawn"
"""

REPORT = """
import sys
print(" ".join(sorted(name for name in {kept!r} if name in sys.modules)))
"""


def imported_after(script: str, tmp_path: Path, kept: list[str]) -> list[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BOARDAPP_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", script + REPORT.format(kept=kept)], check=False, cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.parametrize("script", [FIRST_PAINT, MAIN_WINDOW], ids=["first paint", "main window"])
def test_the_first_paint_of_war_in_binni_imports_no_map_geometry_and_no_network(script: str, tmp_path: Path) -> None:
    assert imported_after(script, tmp_path, KEPT_OFF) == []


def test_the_report_would_see_them(tmp_path: Path) -> None:
    """The control case: a user's map (not one of boardapp's own) is checked with shapely, a seat needs the
    network, and the list shows them."""
    script = ("from boardapp.engine.files import read_map\n"
              f"read_map({str(ROOT / 'tests' / 'data' / 'tiny-map.yaml')!r})\n"
              "from boardapp.ui.network.seats import SeatLink\n")
    assert imported_after(script, tmp_path, KEPT_OFF) == ["asyncio", "numpy", "shapely", "websockets"]
