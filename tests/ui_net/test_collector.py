"""With network threads about, cycles are collected in the Qt thread only."""

from __future__ import annotations

import gc
import threading

from boardapp.ui.network import collector


def test_collection_moves_to_the_qt_thread(qtbot):
    collector.collect_in_qt_thread()
    assert collector._collector is not None
    assert not gc.isenabled(), "no automatic collection, which could run in a worker thread"

    collected_in: list[str] = []

    class Cycle:
        def __del__(self) -> None:
            collected_in.append(threading.current_thread().name)

    for _ in range(5):
        a, b = Cycle(), Cycle()
        a.other, b.other = b, a  # type: ignore[attr-defined]
    del a, b
    # A worker thread allocates past the young generation's threshold and keeps what it made:
    # automatic collection would now run there.
    kept: list[object] = []
    worker = threading.Thread(target=lambda: kept.extend([] for _ in range(5_000)), name="worker")
    worker.start()
    worker.join()
    assert gc.get_count()[0] > gc.get_threshold()[0]
    assert collected_in == [], "nothing was collected outside the Qt thread"
    assert collector._collector.timer.isActive(), "the Qt thread collects on a timer"
    collector._collector.check()  # what the timer does, here in the Qt thread
    assert len(collected_in) == 10
    assert set(collected_in) == {threading.main_thread().name}
