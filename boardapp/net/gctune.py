"""Full garbage collections only when nobody waits (issue 11.9: seats saw 270 ms at the 99th percentile).

Python's cycle collector now and then walks every object the process holds (a *full* collection).
A host holds the whole journal, each entry a handful of objects, so on a long game one walk took the
host 48-136 ms, during which no command was answered and no entry sent. Nearly everything a host or
a seat holds lives for the whole session and never becomes cyclic garbage, so walking it is wasted.

What :func:`hold` does, once per process while any host or seat holds it:

- collect once and ``gc.freeze()`` what is loaded (the game, its journal, the rule module), so no
  later collection walks it;
- leave the young generations to Python as usual (they are small and quick);
- take the oldest generation's automatic collection out of reach (its threshold), and instead run
  :func:`tidy_when_quiet`: a full collection after ``quiet`` seconds in which no message came (a
  pause nobody notices), at most every ``min_gap`` seconds, whose survivors are frozen in turn so
  that the next one walks only what is new.

Under endless load the oldest generation just grows (it is the journal: live, not garbage); cyclic
garbage in it waits for the next quiet second. What was frozen and later becomes cyclic garbage
stays until the last host or seat stops (:func:`release` unfreezes): a host's state, journal
entries and messages are not cyclic, so this is a few objects per closed connection at most.

Only a process whose collector runs automatically is tuned: a Qt window turns automatic collection
off and collects in its own thread (see ``boardapp.ui.collector``), and then this module does
nothing at all.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import time

OUT_OF_REACH = 1_000_000_000


class _Tuner:
    """The process's one tuning (the collector is per process): how many hold it, and what to restore."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.holders = 0
        self.saved: tuple[int, int, int] | None = None
        self.last_busy = 0.0
        self.last_full = 0.0
        self.full_collections: list[tuple[float, float]] = []
        """(when (monotonic), seconds) of each full collection :func:`tidy_when_quiet` ran, for benchmarks."""


_tuner = _Tuner()
full_collections = _tuner.full_collections


def _qt_application() -> bool:
    """Whether this process runs a Qt application (looked up, never imported: ``net`` stays Qt-free).

    Its objects must only be collected in the Qt thread, which a host or seat on a worker loop is not,
    even while the window has not yet turned automatic collection off."""
    qtcore = sys.modules.get("PySide6.QtCore")
    app = getattr(qtcore, "QCoreApplication", None)
    return app is not None and app.instance() is not None


def tuned() -> bool:
    """Whether this process's collector is tuned now (held, and automatic collection was on)."""
    return _tuner.saved is not None


def hold() -> None:
    """A host or seat starts: tune the collector (the first holder collects and freezes)."""
    t = _tuner
    with t.lock:
        t.holders += 1
        if t.holders == 1 and gc.isenabled() and not _qt_application():
            t.saved = gc.get_threshold()
            gc.collect()
            gc.freeze()
            gc.set_threshold(t.saved[0], t.saved[1], OUT_OF_REACH)
    busy()


def release() -> None:
    """A host or seat stops: the last one gives the collector back as it was (everything unfrozen)."""
    t = _tuner
    with t.lock:
        t.holders = max(0, t.holders - 1)
        if t.holders == 0 and t.saved is not None:
            gc.set_threshold(*t.saved)
            gc.unfreeze()
            t.saved = None


def busy() -> None:
    """A message came or went: the next second is not the moment for a full collection."""
    _tuner.last_busy = time.monotonic()


async def tidy_when_quiet(quiet: float = 1.0, min_gap: float = 30.0, check: float = 0.25) -> None:
    """Run a full collection once nothing has happened for ``quiet`` seconds (runs until cancelled)."""
    t = _tuner
    while True:
        await asyncio.sleep(check)
        now = time.monotonic()
        if t.saved is None or not gc.isenabled() or now - t.last_busy < quiet or now - t.last_full < min_gap:
            continue
        if gc.get_count()[2] == 0:
            continue  # nothing reached the oldest generation since the last full collection
        with t.lock:
            if t.saved is None:
                continue
            t.last_full = now
            gc.collect()
            gc.freeze()  # the survivors are live (the journal, mostly): the next quiet collection skips them
            t.full_collections.append((now, time.monotonic() - now))
