"""The Qt binding itself must not corrupt the interpreter.

PySide6 6.12.0 on CPython 3.11 drops a reference to ``None`` on every call of a method that
returns nothing; a board session makes millions of such calls and the interpreter aborts with
"none_dealloc". ``pyproject.toml`` excludes that release; this test fails if a binding with the
same fault is installed.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath


def test_void_methods_keep_none_alive() -> None:
    path = QPainterPath()
    point = QPointF()
    before = sys.getrefcount(None)
    for i in range(2000):
        path.lineTo(i, i)
        point.setX(i)
    after = sys.getrefcount(None)
    # Other code may take or drop a few references meanwhile; the fault loses one per call (4000).
    assert before - after < 100
