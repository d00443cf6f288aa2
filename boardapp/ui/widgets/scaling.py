"""How much larger the umpire's docks and tables are drawn on a big screen that Qt does not scale.

Qt scales by the screen's device pixel ratio. A 4K screen run at ratio 1 (Xvfb, many Linux
desktops, a projector) keeps 9-point text a quarter as tall as the screen allows: the docks become
unreadable. The window then scales its own font (docks, tables, menus follow it) by the screen's
height against the 1080 lines the panels were laid out for."""

from __future__ import annotations

from typing import Any

BASE_LINES = 1080
"""The screen height, in logical pixels, the panels are designed for."""
MAX_FACTOR = 2.0


def screen_factor(logical_height: float, device_pixel_ratio: float) -> float:
    """The font factor for a screen: 1 where Qt already scales (ratio ≥ 1.5) or the screen is no
    taller than 1080 lines, else its height / 1080 in quarter steps, at most 2.

    >>> screen_factor(1080, 1.0), screen_factor(2160, 1.0), screen_factor(1080, 2.0), screen_factor(1440, 1.0)
    (1.0, 2.0, 1.0, 1.25)
    """
    if device_pixel_ratio >= 1.5 or logical_height <= BASE_LINES:
        return 1.0
    return min(MAX_FACTOR, max(1.0, int(logical_height / BASE_LINES * 4) / 4))


OWN_FONT = "boardapp_own_font"
"""Dynamic property: the point and pixel size a widget chose for itself, at factor 1."""


def scale_widget_font(widget: Any, factor: float, base_point_size: float | None = None) -> float:
    """Set ``widget``'s font to ``factor`` times the base size (the application's font by default);
    its children (docks, tables, headers) inherit it, and those that chose a size of their own (a
    heading six points above the text, the clock's 20 px readout, a label with a style sheet, which
    Qt no longer gives its parent's font) keep it in proportion: see :func:`scale_own_fonts`.
    Returns the point size set."""
    from PySide6.QtWidgets import QApplication

    font = widget.font()
    base = base_point_size if base_point_size is not None else QApplication.font().pointSizeF()
    if base <= 0:
        base = 9.0
    font.setPointSizeF(base * factor)
    widget.setFont(font)
    scale_own_fonts(widget, factor)
    return float(font.pointSizeF())


def scale_own_fonts(widget: Any, factor: float) -> None:
    """Scale by ``factor`` every descendant of ``widget`` that set its own font size or has a style sheet.

    Such a widget does not follow its window's font, so at 4K a dock's heading came out smaller than
    the text under it and a grey hint stayed at 9 points. The size each chose is remembered (at factor 1,
    the first time it is met) and multiplied, so calling this again — after a rule system's docks are
    added, or with another factor — never scales a widget twice."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    for child in widget.findChildren(QWidget):
        if not (child.testAttribute(Qt.WidgetAttribute.WA_SetFont) or child.styleSheet()):
            continue
        own = child.property(OWN_FONT)
        font = child.font()
        if own is None:
            own = [float(font.pointSizeF()), int(font.pixelSize())]
            child.setProperty(OWN_FONT, own)
        point, pixel = float(own[0]), int(own[1])
        if pixel > 0:
            font.setPixelSize(max(1, round(pixel * factor)))
        elif point > 0:
            font.setPointSizeF(point * factor)
        else:
            continue
        child.setFont(font)
