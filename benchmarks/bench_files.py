"""Benchmark checking big files: a War in Binni scenario with 10,000 counters on a 1,000-place map.

Writes (fixed seed) the map and the scenario as YAML the way a designer would (one flow mapping a
place, a road or a counter), then times ``check_file`` on the scenario (which reads, parses and
validates both files and runs every check) and its parts, median of five runs after one warm-up.
Target (issue 11.5): 10,000 counters checked in ≤ 1 s (judged on CPU time, printed beside wall time).

Run: ``.venv/bin/python benchmarks/bench_files.py`` (this checkout), or
``.venv/bin/python benchmarks/bench_files.py --root /path/to/other/checkout`` to time another
version of boardapp (before/after) on the same files.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SEED = 20261124
COLS, ROWS = 40, 25  # 1,000 places
COUNTERS = 10_000
TARGET_S = 1.0


def map_yaml(rng: random.Random) -> str:
    lines = ["id: big", "name: Big grid", f"size: [{COLS * 100}, {ROWS * 100}]",
             "communities:", "  - {id: christian, name: Christian}", "  - {id: muslim, name: Muslim}",
             "regions:",
             f"  - {{id: westland, name: Westland, polygon: [[0, 0], [{COLS * 50}, 0], [{COLS * 50}, {ROWS * 100}], "
             f"[0, {ROWS * 100}]]}}",
             f"  - {{id: eastland, name: Eastland, polygon: [[{COLS * 50}, 0], [{COLS * 100}, 0], "
             f"[{COLS * 100}, {ROWS * 100}], [{COLS * 50}, {ROWS * 100}]]}}",
             "places:"]
    for r in range(ROWS):
        for c in range(COLS):
            kind = rng.choices(["town", "city", "dam", "power_plant"], [85, 10, 3, 2])[0]
            lines.append(f"  - {{id: p{r:02d}-{c:02d}, name: Place {r}-{c}, kind: {kind}, "
                         f"at: [{c * 100 + 50}, {r * 100 + 50}], community: {rng.choice(['christian', 'muslim'])}}}")
    lines.append("roads:")
    for r in range(ROWS):
        for c in range(COLS):
            if c + 1 < COLS:
                lines.append(f"  - {{between: [p{r:02d}-{c:02d}, p{r:02d}-{c + 1:02d}]}}")
            if r + 1 < ROWS:
                lines.append(f"  - {{between: [p{r:02d}-{c:02d}, p{r + 1:02d}-{c:02d}]}}")
    return "\n".join(lines) + "\n"


def scenario_yaml(rng: random.Random) -> str:
    lines = ["id: big", "name: Big", "rules: binni", "map: big-map.yaml", "teams:"]
    for i, t in enumerate(("gov", "reb", "mil", "un")):
        lines.append(f"  - {{id: {t}, name: {t.upper()}, colour: '#{i * 40:02x}3366', symbol: {t[0].upper()}, pr: 4, "
                     "pr_table: [3, 4, 5, 7, 8, 9, 10, 11, 12], money: 10000, stores: 10000, aid: 100}")
    lines += ["unit_types:",
              "  - {id: brigade, name: Combat Brigade, label: BDE, combat_value: 6, strength: 2, attack_stores: 4, "
              "deploy_cost: 4, activation_cost: 1}",
              "  - {id: militia, name: Armed Militia, label: MIL, combat_value: 2, attack_stores: 1}",
              "counters:"]
    for i in range(COUNTERS):
        r, c = divmod(i % (ROWS * COLS), COLS)
        team = "gov" if c < 16 else ("mil" if c < 24 else "reb")
        utype = rng.choices(["militia", "brigade"], [70, 30])[0]
        lines.append(f"  - {{id: u{i:05d}, team: {team}, type: {utype}, at: p{r:02d}-{c:02d}}}")
    lines.append("control:")
    for r in range(ROWS):
        for c in range(COLS):
            lines.append(f"  p{r:02d}-{c:02d}: {'gov' if c < 16 else ('mil' if c < 24 else 'reb')}")
    return "\n".join(lines) + "\n"


REPS = 5


def median(fn: Callable[[], Any]) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``fn()`` over REPS runs after one warm-up.

    CPU time (this process only) is printed beside wall time because the machines these run on
    are often shared: a busy neighbour stretches wall time, not the work done.
    """
    fn()
    walls, cpus = [], []
    for _ in range(REPS):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the boardapp checkout to time (default: this one)")
    parser.add_argument("--reps", type=int, default=5, help="timed runs of each (median), after one warm-up")
    args = parser.parse_args()
    global REPS  # noqa: PLW0603 - a script's one setting
    REPS = max(1, args.reps)
    sys.path.insert(0, str(args.root.resolve()))
    from boardapp.engine import files
    from boardapp.model.yamlfile import YamlDocument

    assert Path(files.__file__).resolve().is_relative_to(args.root.resolve()), files.__file__
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "big-map.yaml").write_text(map_yaml(rng), encoding="utf-8")
        scenario = folder / "big.yaml"
        scenario.write_text(scenario_yaml(rng), encoding="utf-8")
        kind, problems = files.check_file(scenario)
        errors = [p for p in problems if p.severity == "error"]
        assert kind == "scenario" and not errors, errors[:3]
        size = scenario.stat().st_size + (folder / "big-map.yaml").stat().st_size
        rows = [
            ("parse the scenario (YAML → data with positions)", median(lambda: YamlDocument.read(scenario)), None),
            ("read_map (parse, validate, map checks)", median(lambda: files.read_map(folder / "big-map.yaml")), None),
            (f"check_file: {COUNTERS:,} counters, {ROWS * COLS:,} places ({size / 1e6:.1f} MB)",
             median(lambda: files.check_file(scenario)), TARGET_S),
        ]
    print(f"boardapp at {args.root.resolve()}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'what':<62} {'wall':>9} {'CPU':>9} {'target':>8}")
    for what, (wall, cpu), target in rows:
        mark = "" if target is None else (" ok" if cpu <= target else " OVER")
        shown = "" if target is None else f"{target * 1000:.0f} ms"
        print(f"{what:<62} {wall * 1000:>6.0f} ms {cpu * 1000:>6.0f} ms {shown:>8}{mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
