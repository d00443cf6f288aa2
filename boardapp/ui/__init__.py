"""The board's Qt user interface (the only package that imports PySide6)."""

from __future__ import annotations

import sys


def _keep_none_alive() -> None:
    """PySide6 6.12.0 on CPython < 3.12 drops a reference to ``None`` on every call of a method that
    returns void (``QPainterPath.lineTo``, ``QPointF.setX`` …); after some tens of thousands of calls
    the interpreter aborts with "none_dealloc". CPython 3.12 made ``None`` immortal; on older
    interpreters give it a reference count no session can exhaust."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    refcnt = ctypes.c_ssize_t.from_address(id(None))
    if refcnt.value < 1 << 40:
        refcnt.value += 1 << 40


_keep_none_alive()
