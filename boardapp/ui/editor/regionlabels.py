"""A region's name sized to fit its region (issue #31 item 10): a narrow province's name is drawn
smaller rather than spilling over its neighbours, down to a floor below which it stays legible."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF

from boardapp.ui.board import style

FLOOR = 14.0
"""The smallest region-name size (map units) the editor draws; a region narrower than its name at
this size shows the name overflowing (the Problems panel does not complain: the designer sees it)."""


def fitted_px(text: str, px: float, width: float) -> float:
    """``px``, or smaller so that ``text`` (bold) is at most ``width`` wide, never below :data:`FLOOR`."""
    advance = QFontMetricsF(style.font(px, True)).horizontalAdvance(text)
    if advance <= width or advance <= 0:
        return px
    return max(FLOOR, min(px, px * width / advance))


def _wrap(words: list[str], px: float, width: float) -> list[str]:
    fm = QFontMetricsF(style.font(px, True))
    lines: list[str] = []
    for word in words:
        if lines and fm.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fitted_lines(text: str, px: float, width: float) -> tuple[float, list[str]]:
    """The size and lines to draw ``text`` in a region ``width`` wide: one line, made smaller down to
    :data:`FLOOR`; still too wide, its words on several lines at the largest size that fits."""
    one = fitted_px(text, px, width)
    if QFontMetricsF(style.font(one, True)).horizontalAdvance(text) <= width or " " not in text:
        return one, [text]
    words = text.split()
    size = px
    while size > FLOOR:
        lines = _wrap(words, size, width)
        fm = QFontMetricsF(style.font(size, True))
        if max(fm.horizontalAdvance(line) for line in lines) <= width:
            return size, lines
        size = max(FLOOR, size * 0.9)
    return FLOOR, _wrap(words, FLOOR, width)
