"""Benchmark the big screen's delay behind the umpires.

1. In one process: from ``game.push`` of a command to the big screen's map having repainted
   (the scene refreshed, the side bar updated, the view's paint event done). Target ≤ 50 ms.
2. Following a game file (``boardapp screen``): a writer process commits a command every
   ~0.3 s; the delay from its commit to the follower's map having repainted. Target ≤ 500 ms.

Both on the default scenario (War in Binni), a 1920x1080 window, Qt's offscreen platform unless
``QT_QPA_PLATFORM`` says otherwise.  Run: ``.venv/bin/python benchmarks/bench_bigscreen.py``;
with ``--shots`` it writes screenshots of every layout at 1920x1080 and 3840x2160 into ``out/``
and prints the measured height of the place names instead.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game
from boardapp.ui.bigscreen.window import BigScreenWindow, open_screen

PLACES = ["sabo", "mokwa", "edda"]
TEAMS = ["binni-gov", "christian-faction", None]


def commands(n: int) -> list[dict[str, object]]:
    """CONTROL's set_control on neutral places, cycling holders: every one changes the map."""
    out = []
    for i in range(n):
        out.append({"kind": "set_control", "place": PLACES[i % len(PLACES)], "team": TEAMS[(i // 3) % 3],
                    "reason": "benchmark"})
    return out


def summary(name: str, delays: list[float], target: float) -> None:
    ms = sorted(d * 1000 for d in delays)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    verdict = "OK" if p95 <= target else "OVER"
    print(f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
          f"max {ms[-1]:.1f} ms (target ≤ {target:.0f} ms: {verdict})")


def settings(tmp: Path) -> QSettings:
    return QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)


def in_process(app: QApplication, tmp: Path, n: int = 40) -> list[float]:
    game = new_game(load_scenario(DEFAULT_SCENARIO))
    window = BigScreenWindow(game, settings=settings(tmp))
    window.resize(1920, 1080)
    window.show()
    for _ in range(20):
        app.processEvents()
    delays = []
    for cmd in commands(n):
        frames = window.view.frames
        t0 = time.perf_counter()
        game.push(cmd)
        while window.view.frames == frames:
            app.processEvents()
            if time.perf_counter() - t0 > 2:
                raise RuntimeError("the big screen did not repaint within 2 s")
        delays.append(window.view.last_paint - t0)
        app.processEvents()
    window.detach()
    window.close()
    return delays


WRITER = textwrap.dedent("""
    import sys, time, json, random
    sys.path.insert(0, {root!r})
    from boardapp.engine.files import open_game
    game = open_game({path!r})
    cmds = json.loads({cmds!r})
    time.sleep(1.0)
    for cmd in cmds:
        time.sleep(0.25 + random.random() * 0.1)
        entry = game.push(cmd)
        print(entry.seq, time.time(), flush=True)
    game.store.close()
""")


def following(app: QApplication, tmp: Path, n: int = 20, interval_ms: int = 200) -> list[float]:
    import json

    path = tmp / "bench.game"
    writer_game = new_game(load_scenario(DEFAULT_SCENARIO), save=path)
    writer_game.store.close()
    window, follower = open_screen(path, settings=settings(tmp), interval_ms=interval_ms)
    window.resize(1920, 1080)
    window.show()
    seen: dict[int, float] = {}
    pending: list[int] = []

    def changed() -> None:
        pending.append(window.game.entries[-1].seq if window.game.entries else 0)

    def painted() -> None:
        now = time.time()
        while pending:
            seen.setdefault(pending.pop(), now)

    follower.changed.connect(changed)
    window.view.painted.connect(painted)
    script = WRITER.format(root=str(ROOT), path=str(path), cmds=json.dumps(commands(n)))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    done = QTimer()

    def finished() -> None:
        if proc.poll() is not None and len(window.game.entries) >= n and not pending:
            app.quit()
        elif proc.poll() not in (None, 0):
            raise RuntimeError("the writer process failed")

    done.timeout.connect(finished)
    done.start(100)
    app.exec()
    done.stop()
    out, _ = proc.communicate()
    pushed = {int(s): float(t) for s, t in (line.split() for line in out.splitlines())}
    # a poll may catch two commits at once: each counts from its own commit
    delays = []
    for seq, t in pushed.items():
        later = [seen[s] for s in seen if s >= seq]
        if later:
            delays.append(min(later) - t)
    follower.stop()
    window.detach()
    window.game.follow.close()
    window.close()
    assert len(delays) == len(pushed), f"the follower missed commands: {sorted(pushed)} vs {sorted(seen)}"
    return delays


def screenshots(app: QApplication, tmp: Path, out: Path = ROOT / "out") -> None:
    """PNGs of every layout at 1920x1080 and 3840x2160, and the measured height of place names."""
    import datetime as dt

    from boardapp.clock import TurnClock
    from boardapp.ui.bigscreen.scene import PlaceName

    out.mkdir(parents=True, exist_ok=True)
    t = [0.0]
    for w, h in ((1920, 1080), (3840, 2160)):
        t[0] = 0.0
        game = new_game(load_scenario(DEFAULT_SCENARIO))
        game.push({"kind": "news", "text": "UN Security Council to meet on Binni tonight"})
        clock = TurnClock.for_scenario(game.module.scenario, now=lambda: t[0])
        window = BigScreenWindow(game, clock=clock, settings=settings(tmp),
                                 wallclock=lambda: dt.datetime(2025, 5, 3, 11, 47))
        window.resize(w, h)
        window.show()
        for _ in range(10):
            app.processEvents()
        clock.start()
        t[0] = 15 * 60 + 48
        names = [i for i in window.scene.items() if isinstance(i, PlaceName)]
        k = window.view.scale_now()
        from PySide6.QtGui import QFontMetricsF

        fm = QFontMetricsF(names[0].font())
        print(f"{w}x{h}: place names {names[0].font().pixelSize() * k:.1f} px font, capitals "
              f"{fm.capHeight() * k:.1f} px, 'Kalen' ink {fm.tightBoundingRect('Kalen').height() * k:.1f} px "
              f"(floor 1/60 = {h / 60:.1f} px)")
        shots = [("map_sidebar", 0), ("map_sidebar", 41 * 60 + 30), ("map", 44 * 60 + 20), ("clock", 45 * 60 + 3)]
        for layout, at in shots:
            t[0] = at
            window.set_layout(layout)
            for _ in range(5):
                app.processEvents()
            name = out / f"bigscreen-{w}x{h}-{layout}-{window.clock.state()}.png"
            window.grab().save(str(name))
            print("  ", name.relative_to(ROOT))
        window.set_layout("map_sidebar")
        window.show_places(["kalen", "ashanu"], animate=False)
        app.processEvents()
        window.grab().save(str(out / f"bigscreen-{w}x{h}-region.png"))
        window.detach()
        window.close()


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if "--shots" in sys.argv:
        with tempfile.TemporaryDirectory() as d:
            screenshots(app, Path(d))
        return
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        summary("command pushed -> big screen repainted (one process)", in_process(app, tmp), 50)
        summary("command committed by another process -> follower repainted (poll 200 ms)",
                following(app, tmp), 500)


if __name__ == "__main__":
    main()
