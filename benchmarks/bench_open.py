"""How long each system's big screen and umpire's board take to open (issue #23 item 11).

For each shipped system, its game file is made from its documented example game (as the hall tests do,
``tests/ui_hall/hall_games.py``); then, ``--runs`` times, a fresh process (Python, PySide6 and a
QApplication already up, not counted) opens the file and times, from the first boardapp import to
the window's first paint at 1920x1080:

* ``screen``: the big screen (``open_screen``: the game file read-only, the public scene, the side bar);
* ``board``: the umpire's board (``MainWindow`` on the game file).

Target: each <= 2 s on the 2-core machine when idle. Printed: min / median / max over the runs, the
ratio of the median to the 2 s limit, and the load average read in the same run (a loaded machine
makes every figure larger: say so when quoting them).

Run: ``.venv/bin/python benchmarks/bench_open.py [--systems thegame,mun] [--runs 5] [--views screen,board]``
``--baseline DIR`` (another checkout, e.g. ``git archive main | tar -x -C DIR``) alternates its runs with
this tree's and prints the ratio of the medians: on a shared, loaded machine the ratio holds better
than the seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
LIMIT_S = 2.0

CHILD = r"""
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["BOARDAPP_DATA_DIR"] = sys.argv[3]
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
path, view = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
if view == "screen":
    from boardapp.ui.bigscreen.window import open_screen
    settings = QSettings(os.path.join(sys.argv[3], "s.ini"), QSettings.Format.IniFormat)
    window, follower = open_screen(path, settings=settings)
    target = window.view.viewport() if window.view.isVisible() else window
else:
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    window = MainWindow(open_game(path, readonly=True), path)
    target = window.view.viewport()
painted = []
from PySide6.QtCore import QObject, QEvent
class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint and not painted:
            painted.append(time.perf_counter())
        return False
spy = Spy()
for w in (target, window):
    w.installEventFilter(spy)
window.resize(1920, 1080)
window.show()
while not painted and time.perf_counter() - t0 < 120:
    app.processEvents()
app.processEvents()
done = time.perf_counter()
print(f"{done - t0:.4f}")
"""


def run_once(path: Path, view: str, data: str, tree: Path = ROOT) -> float:
    """One fresh process opening ``path``'s ``view`` with the boardapp of ``tree`` (default: this one)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, str(path), view, data], capture_output=True, text=True,
                         timeout=300, check=False, env=env, cwd=str(tree))
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    if out.returncode != 0 or not lines:
        raise RuntimeError(f"{view} of {path.name} failed: {out.stderr.strip()[-400:]}")
    return float(lines[-1])


def main() -> int:
    from tests.ui_hall.hall_games import SYSTEMS, make_game

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--views", default="screen,board")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another checkout (e.g. `git archive main` unpacked): its runs alternate with this "
                         "tree's, and the ratio of the medians is printed (a loaded machine slows both alike)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "games"
        games.mkdir()
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
              f"({os.cpu_count()} cores); limit {LIMIT_S:.1f} s")
        for system in a.systems.split(","):
            path = make_game(system, games)
            for view in a.views.split(","):
                times, base = [], []
                for _ in range(a.runs):  # alternating, so that a change of load falls on both alike
                    times.append(run_once(path, view, tmp))
                    if a.baseline is not None:
                        base.append(run_once(path, view, tmp, a.baseline))
                med = statistics.median(times)
                print(f"{system:8s} {view:6s} n={len(times)} min {min(times):.2f} s  median {med:.2f} s  "
                      f"max {max(times):.2f} s  median/limit {med / LIMIT_S:.2f}  "
                      f"load {os.getloadavg()[0]:.2f}", flush=True)
                if base:
                    bmed = statistics.median(base)
                    print(f"{'':8s} {'':6s} baseline min {min(base):.2f} s  median {bmed:.2f} s  "
                          f"max {max(base):.2f} s  this/baseline {med / bmed:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
