"""Editor benchmark: open, edit and save a generated map of 2,000 places and 4,000 roads.

Targets: open <= 1 s, save <= 0.5 s, one edit <= 16 ms (a frame). Run:

    .venv/bin/python benchmarks/bench_editor.py
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from boardapp.editor import AddPlace, AddRoad, MovePlace, SetPlaceField, SetRoadBends, UndoStack
from boardapp.editor.document import MapDocument
from boardapp.model.mapfile import Map, Place, Region, Road
from boardapp.model.writer import dump_map


def generated_map(places: int = 2000, roads: int = 4000, seed: int = 1) -> Map:
    rng = random.Random(seed)
    side = int(places ** 0.5) + 1
    ps = [Place(id=f"p{i}", name=f"Place {i}", kind=rng.choice(["town", "town", "city", "dam"]),
                at=((i % side) * 100 + rng.uniform(-30, 30) + 100, (i // side) * 100 + rng.uniform(-30, 30) + 100),
                community=rng.choice([None, "a", "b"])) for i in range(places)]
    pairs: set[tuple[int, int]] = set()
    for i in range(places - 1):  # a chain keeps it connected, then random near neighbours
        pairs.add((i, i + 1))
    while len(pairs) < roads:
        i = rng.randrange(places)
        j = min(places - 1, i + rng.choice([side, side + 1, 2, 3]))
        if i != j:
            pairs.add((min(i, j), max(i, j)))
    rs = [Road(between=(f"p{a}", f"p{b}"), via=[(1.0 * a, 1.0 * b)] if a % 7 == 0 else []) for a, b in sorted(pairs)]
    size = (side * 100 + 200, side * 100 + 200)
    return Map.model_validate({"id": "bench", "name": "Bench", "size": size,
                               "communities": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
                               "regions": [Region(id="land", name="Land", polygon=[(0, 0), (size[0], 0), size,
                                                                                    (0, size[1])]).model_dump()],
                               "places": [p.model_dump() for p in ps], "roads": [r.model_dump() for r in rs]},
                              context={"defer_checks": True})


def timed(fn, repeat: int = 1) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def main() -> None:
    m = generated_map()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        path.write_text(dump_map(m), encoding="utf-8")
        print(f"map: {len(m.places)} places, {len(m.roads)} roads, {path.stat().st_size // 1024} KiB of YAML")
        t_open, doc = timed(lambda: MapDocument.open(path), 3)
        stack = UndoStack(doc)
        rng = random.Random(2)
        edits = []
        for n in range(300):
            pid = f"p{rng.randrange(2000)}"
            cmd = [MovePlace(pid, (rng.uniform(0, 4000), rng.uniform(0, 4000))),
                   SetPlaceField(pid, "name", f"Renamed {n}"),
                   SetRoadBends(rng.randrange(len(doc.roads)), [(1, 2), (3, 4)]),
                   AddPlace({"id": f"new{n}", "name": f"New {n}", "at": (10, 10)}),
                   AddRoad(f"new{n - 1}", pid) if n % 5 == 4 else MovePlace(pid, (5, 5))][n % 5]
            t = time.perf_counter()
            stack.push(cmd)
            edits.append(time.perf_counter() - t)
        t_undo, _ = timed(lambda: [stack.undo() for _ in range(50)])
        t_save, _ = timed(lambda: doc.save(path), 3)
        t_problems, _ = timed(doc.problems)
        t_check_reopen, _ = timed(lambda: MapDocument.open(path))
    print(f"open:        {t_open * 1000:7.1f} ms   (target <= 1000 ms)")
    print(f"one edit:    {statistics.median(edits) * 1000:7.2f} ms median, {max(edits) * 1000:.2f} ms worst of "
          f"{len(edits)}   (target <= 16 ms)")
    print(f"undo:        {t_undo / 50 * 1000:7.2f} ms each")
    print(f"save:        {t_save * 1000:7.1f} ms   (target <= 500 ms)")
    print(f"problems():  {t_problems * 1000:7.1f} ms   "
          "(all of boardapp check's map checks; run after edits, debounced)")
    print(f"reopen:      {t_check_reopen * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
