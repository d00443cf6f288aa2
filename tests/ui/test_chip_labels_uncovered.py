"""A counter's texts stay in the strip a fanned stack leaves uncovered (the game-day rehearsal of 27 Nov: on the
umpire's board a stack's second counter covered the end of the first counter's type label, "CAV" under "INF").
Read from the chip's picture: the ink of its label, value and symbol ends before the next counter of the stack."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor

LABELS = ["CAV", "INF", "MIL", "ART", "HQ", "MECH", "WWW"]


def ink_right_edge(pm: Any, fill: str, rows: range, columns: range) -> int:
    """The rightmost pixel column (chip pixels) of ``columns`` in ``rows`` that is not the chip's fill."""
    img = pm.toImage()
    ground = QColor(fill)
    right = -1
    for y in rows:
        for x in columns:
            c = img.pixelColor(x, y)
            if abs(c.red() - ground.red()) + abs(c.green() - ground.green()) + abs(c.blue() - ground.blue()) > 90:
                right = max(right, x)
    return right


@pytest.mark.parametrize("fill", ["#1f6fb5", "#0f9a6a", "#e0e0e0"])
@pytest.mark.parametrize("label", LABELS)
def test_a_chips_texts_end_before_the_next_counter_of_its_stack(qtbot: Any, label: str, fill: str) -> None:
    from boardapp.ui.board import style

    pm = style.chip_pixmap(fill, "C", label, "3", 0)
    covered = style.CHIP * style.FAN * style.PIX  # where the next chip of a stack begins, in chip pixels
    text_rows = range(int(4 * style.PIX), int(64 * style.PIX))  # label, value and symbol (not the marks' top bar)
    inner = range(int(4 * style.PIX), int((style.CHIP - 6) * style.PIX))  # inside the chip's border
    right = ink_right_edge(pm, fill, text_rows, inner)
    assert 0 < right < covered - style.PIX, f"{label!r} inked up to x={right}, the next counter from {covered:.0f}"
