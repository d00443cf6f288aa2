"""Python's cycle collector, run in the Qt thread only.

The network runs asyncio loops in worker threads. Python's automatic cycle collection runs in
whichever thread happens to allocate when a threshold is crossed — a worker thread too — and a
collection there may destroy Qt objects outside the thread that owns them, which crashes the
process. The remedy pyqtgraph uses: turn automatic collection off and collect from a timer in the
Qt thread, by the same thresholds.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer


class QtThreadCollector(QObject):
    """Collects garbage on a timer in the Qt thread, generation by generation, as Python would."""

    def __init__(self, interval_ms: int = 500) -> None:
        super().__init__(QCoreApplication.instance())
        self.threshold = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)

    def check(self) -> None:
        young, middle, old = gc.get_count()
        if young > self.threshold[0]:
            gc.collect(0)
            if middle > self.threshold[1]:
                gc.collect(1)
                if old > self.threshold[2]:
                    gc.collect(2)


_collector: QtThreadCollector | None = None


def collect_in_qt_thread() -> None:
    """From now on, collect cycles only in the Qt thread (once per process; needs a Qt application)."""
    global _collector  # noqa: PLW0603 (one collector per process, made on first use)
    if _collector is None and QCoreApplication.instance() is not None:
        gc.collect()  # what is garbage already goes now, in this (the Qt) thread
        _collector = QtThreadCollector()
