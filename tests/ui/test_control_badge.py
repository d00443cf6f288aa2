"""The follow-up badge on the map (issue 29.2) is read from across a table: its digit's ink is at least 19 px
tall at 1920x1080 (the hall standard; 38 px at 3840x2160), measured from what is painted, and stays that size
at any zoom."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from boardapp.ui.control.dock import PlaceBadge


def _ink_rows(count: int, scale: float = 1.0) -> int:
    badge = PlaceBadge(count, "tip", scale)
    r = badge.boundingRect()
    img = QImage(int(r.width()) + 2, int(r.height()) + 2, QImage.Format.Format_ARGB32)
    img.fill(QColor("black"))
    p = QPainter(img)
    p.translate(QPointF(-r.left() + 1, -r.top() + 1))
    badge.paint(p, None)
    p.end()
    cx, cy, inner = img.width() / 2, img.height() / 2, badge.size / 2 - 4 * scale  # inside the white ring
    rows = set()
    for y in range(img.height()):
        for x in range(img.width()):
            if (x - cx) ** 2 + (y - cy) ** 2 > inner ** 2:
                continue
            c = img.pixelColor(x, y)
            if c.red() > 200 and c.green() > 200 and c.blue() > 200:
                rows.add(y)
    return max(rows) - min(rows) + 1 if rows else 0


def test_the_badge_digit_is_hall_sized(qapp: Any) -> None:
    assert _ink_rows(1) >= 19
    assert _ink_rows(7) >= 19
    assert _ink_rows(1, scale=2.0) >= 38  # a 4K screen the window scales its fonts for (2x)
    badge = PlaceBadge(2, "tip")
    assert badge.flags() & badge.GraphicsItemFlag.ItemIgnoresTransformations  # the same size at any zoom
