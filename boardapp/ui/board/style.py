"""Sizes, colours and cached pixmaps of the board's pieces (no game state here).

Every counter, control marker and token is drawn once per look into a pixmap (keyed by what it
shows) and placed by a :class:`QGraphicsPixmapItem`, whose painting is C++: thousands of chips
redraw in milliseconds. Text on a coloured ground is black or white, whichever contrasts more
(WCAG relative luminance), and every team mark carries the team's symbol letters so colour is
never the only cue.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

CHIP = 72.0
"""A counter's side, in map units."""
FAN = 0.6
"""How far the next counter of a stack is shifted, as a fraction of CHIP (the rest overlaps)."""
BADGE = 46.0
"""Diameter of a control marker."""
TOKEN_H = 30.0
PIP_W = 14.0
"""Width of a counter's column of loss pips, in map units at piece scale 1."""
VALUE_PX = 32.0
"""A counter's combat value: its font pixel size in map units at piece scale 1."""
PIX = 2.0
"""Pixmap pixels per map unit (crisp up to a 2x zoom on the map's own scale)."""
Z_BADGE, Z_TOKEN, Z_OPTION, Z_CHIP, Z_COST, Z_DRAG = 5, 6, 8, 10, 900, 1000
"""The board's stacking order (z): control markers, tokens, move options, counters, costs, a dragged counter."""
FONT_FAMILY = "DejaVu Sans"


def colour(hex_or_none: str | None, fallback: str = "#bbbbbb") -> QColor:
    return QColor(hex_or_none or fallback)


def _lin(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(c: QColor) -> float:
    return 0.2126 * _lin(c.red()) + 0.7152 * _lin(c.green()) + 0.0722 * _lin(c.blue())


def text_on(c: QColor) -> QColor:
    """Black or white, whichever contrasts more with ``c`` (WCAG contrast ratio)."""
    lum = luminance(c)
    on_black = (lum + 0.05) / 0.05
    on_white = 1.05 / (lum + 0.05)
    return QColor("#000000") if on_black >= on_white else QColor("#ffffff")


def font(px: float, bold: bool = False) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def _canvas(w: float, h: float) -> tuple[QPixmap, QPainter]:
    pm = QPixmap(max(1, round(w * PIX)), max(1, round(h * PIX)))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.scale(PIX, PIX)
    return pm, p


@lru_cache(maxsize=8192)
def _fitted(text: str, px: float, bold: bool, width: float, condense: bool = False) -> QFont:
    """The font, ``px`` pixels high or smaller, in which ``text`` fits ``width``. ``condense``: a text too
    wide at ``px`` is set condensed first, then shrunk (a long value such as "3-(0)-3" stays larger)."""
    from PySide6.QtGui import QFontMetricsF

    size = px
    f = font(size, bold)
    narrow = condense and QFontMetricsF(f).horizontalAdvance(text) > width
    if narrow:
        f.setStretch(QFont.Stretch.Condensed)
    while size > 6 and QFontMetricsF(f).horizontalAdvance(text) > width:
        size -= 1
        f = font(size, bold)
        if narrow:
            f.setStretch(QFont.Stretch.Condensed)
    return f


def _fit_text(p: QPainter, rect: QRectF, text: str, px: float, bold: bool, align: Qt.AlignmentFlag,  # noqa: PLR0917
              condense: bool = False) -> None:
    """Draw ``text`` in ``rect``, shrinking the font until it fits the width (condensed first: ``condense``)."""
    p.setFont(_fitted(text, px, bold, rect.width(), condense))
    p.drawText(rect, int(align), text)


def _outline(shape: str, r: QRectF) -> QPainterPath:
    """A counter's outline in ``r``: a rounded square, a disc ('round') or a boat's hull ('hull':
    flat deck, sloping bow and stern)."""
    path = QPainterPath()
    if shape == "round":
        path.addEllipse(r)
    elif shape == "hull":
        x0, y0, x1, y1 = r.left(), r.top(), r.right(), r.bottom()
        w, h = r.width(), r.height()
        path.moveTo(x0, y0 + h * 0.12)
        path.lineTo(x1, y0 + h * 0.12)
        path.lineTo(x1 - w * 0.14, y1 - h * 0.1)
        path.quadTo(x0 + w / 2, y1 + h * 0.04, x0 + w * 0.14, y1 - h * 0.1)
        path.closeSubpath()
    else:
        path.addRoundedRect(r, r.width() * 0.1, r.height() * 0.1)
    return path


@lru_cache(maxsize=256)
def _chip_ground(fill: str, shape: str = "") -> QPixmap:
    """A counter's coloured ground with its rims (drawn once per colour and shape: rounded
    antialiased outlines are the slow part of a chip)."""
    s = CHIP
    pm, p = _canvas(s, s)
    bg = colour(fill)
    ink = text_on(bg)
    # a thin rim in the text colour keeps dark chips apart from dark ground and light from light
    p.setPen(QPen(QColor(0, 0, 0, 200) if ink.lightness() < 128 else QColor(255, 255, 255, 220), 2.5))
    p.setBrush(bg)
    p.drawPath(_outline(shape, QRectF(1.5, 1.5, s - 3, s - 3)))
    p.setPen(QPen(QColor(0, 0, 0, 160), 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(_outline(shape, QRectF(0.6, 0.6, s - 1.2, s - 1.2)))
    p.end()
    return pm


@lru_cache(maxsize=2048)
def _stamp(text: str, px: float, width: float, height: float, ink: str, condense: bool = False) -> QPixmap:  # noqa: PLR0917
    """``text`` in bold ``ink``, left-aligned and centred vertically in a ``width`` x ``height`` box,
    as a transparent pixmap: a chip is composed of blits of these, so a thousand distinct chips
    cost milliseconds instead of a thousand times three text layouts."""
    pm, p = _canvas(width, height)
    p.setPen(QColor(ink))
    _fit_text(p, QRectF(0, 0, width, height), text, px, True,
              Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, condense)
    p.end()
    return pm


@lru_cache(maxsize=8)
def _pips(n: int, ink: str) -> QPixmap:
    """A counter's losses as large red dots with a white rim (readable from the hall: each is
    about a third of the value's height)."""
    pm, p = _canvas(PIP_W, 30)
    p.setPen(QPen(QColor("#ffffff"), 1.6))
    p.setBrush(QColor("#d40000"))
    for i in range(n):
        p.drawEllipse(QPointF(PIP_W / 2, 7.5 + i * 15), 6.2, 6.2)
    p.end()
    return pm


@lru_cache(maxsize=256)
def _ink_on(fill: str) -> str:
    """The name of :func:`text_on` a chip's fill (asked for each of a thousand chips of a few colours)."""
    return str(text_on(colour(fill)).name())


@lru_cache(maxsize=4096)
def chip_pixmap(fill: str, symbol: str, label: str, value: str, damage: int, *, shape: str = "",
                marks: tuple[str, ...] = ()) -> QPixmap:
    """A counter. Everything it says sits in its left part, the strip a fanned stack leaves
    uncovered (``FAN`` of its width): type label on top, combat value with its loss pips in the
    middle, team symbol at the bottom. Losses are also a broad red stripe across the chip per loss
    (VASSAL's reduced-strength look, readable at any zoom), and this turn's marks a bar along its
    top edge: blue 'moved', orange 'attacked'."""
    strip = CHIP * FAN
    ink = _ink_on(fill)
    pips = min(damage, 2)
    pm = QPixmap(_chip_ground(fill, shape))
    p = QPainter(pm)
    if shape and not value:  # a unit that stands alone (Diplomacy's army or fleet): its kind is the chip
        _kind_letter(p, label, symbol, shape, ink)
        _marks(p, damage, marks, CHIP)
        p.end()
        return pm
    # each ends 2 units short of the strip's edge: "CAV" ran 2 units past it, under the next counter of a stack
    for x, y, stamp in ((5, 3, _stamp(label, 19, strip - 7, 21, ink)),
                        # a long value ("3-(0)-3") condensed before it is shrunk, over the strip's margin
                        (3, 22, _stamp(value, VALUE_PX, strip - 5 - (PIP_W - 1 if pips else 0), 32, ink, True)),
                        (5, 51, _stamp(symbol, 16, strip - 7, 18, ink)),
                        (strip - PIP_W + 0.5, 23, _pips(pips, ink) if pips else None)):
        if stamp is not None:
            p.drawPixmap(QPointF(x * PIX, y * PIX), stamp)
    _marks(p, damage, marks, strip)
    p.end()
    return pm


def _kind_letter(p: QPainter, label: str, symbol: str, shape: str, ink: str) -> None:
    """A lone unit's kind as a big letter in the chip's upper half (an army's "A", a fleet's "F") and
    its team's symbol under it, both at least the size a counter's value has (the hall reads them as
    it reads the names), in black or white, whichever contrasts with the team's colour (white, black
    and yellow teams alike)."""
    top = 10 if shape == "hull" else 5  # a hull's deck starts lower
    p.drawPixmap(QPointF(0, top * PIX), _stamp_centred(label, 34, CHIP, 32, ink))
    p.drawPixmap(QPointF(0, (top + 31) * PIX), _stamp_centred(symbol, VALUE_PX, CHIP - 10, 31, ink))


@lru_cache(maxsize=512)
def _stamp_centred(text: str, px: float, width: float, height: float, ink: str) -> QPixmap:
    """:func:`_stamp`, centred: ``text`` in bold ``ink`` in the middle of a ``width`` x ``height`` box."""
    pm, p = _canvas(width, height)
    p.setPen(QColor(ink))
    _fit_text(p, QRectF(4, 0, width - 8, height), text, px, True, Qt.AlignmentFlag.AlignCenter)
    p.end()
    return pm


MARK_COLOURS = {"moved": "#1f5fbf", "attacked": "#f07000"}
"""The bar colour of each mark a counter can carry (BoardPiece.marks)."""


@lru_cache(maxsize=4)
def _loss_stripes(losses: int) -> QPixmap:
    """The red stripes of ``losses`` losses, corner to corner, as a chip-sized transparent pixmap,
    blitted onto each damaged chip: drawn as antialiased translucent polygons they made a chip cost
    0.08 ms with one loss and 0.16 ms with two instead of 0.03 ms (the bench map's ~450 damaged
    looks: ~30 ms of its build)."""
    pm, p = _canvas(CHIP, CHIP)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(212, 0, 0, 120))
    for n in range(losses):
        off = n * 16
        p.drawPolygon(QPolygonF([QPointF(CHIP - 14 - off, 0), QPointF(CHIP - off, 0), QPointF(14 - off, CHIP),
                                 QPointF(0 - off, CHIP)]))
    p.end()
    return pm


def _marks(p: QPainter, damage: int, marks: tuple[str, ...], strip: float) -> None:
    if damage > 0:  # a red stripe per loss (two at most)
        p.drawPixmap(0, 0, _loss_stripes(min(damage, 2)))
    known = [m for m in marks if m in MARK_COLOURS]
    if not known:  # most chips: nothing more to draw, so no painter state to save and restore
        return
    p.save()
    p.scale(PIX, PIX)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    for i, mark in enumerate(known):  # a bar on the top edge of the visible strip, split per mark
        width = strip / len(known)
        p.setBrush(QColor(MARK_COLOURS[mark]))
        p.drawRect(QRectF(2 + i * width, 1.5, width - 3, 7))
    p.restore()


HALL_MARK_PX = 32.0
"""A control marker's or token's letters on the big screen (``hall``): the size of a counter's value,
so the hall reads them as it reads the names (condensed, to fit the marker's disc)."""
HALL_TOKEN_H = 40.0
"""A token's height on the big screen (its letters :data:`HALL_MARK_PX`)."""
HALL_BADGE = 54.0
"""A control marker's diameter on the big screen (two condensed letters of :data:`HALL_MARK_PX`)."""


@lru_cache(maxsize=512)
def badge_pixmap(fill: str | None, symbol: str, hall: bool = False) -> QPixmap:
    """A control marker: a disc in the holder's colour with its symbol; neutral is a grey ring.
    ``hall``: its letters as large as a counter's value, condensed (the big screen), never shrunk: a
    symbol wider than the disc ("KUW", "MM") makes it a pill as wide as its letters need."""
    from PySide6.QtGui import QFontMetricsF

    d = HALL_BADGE if hall else BADGE
    w = d
    hall_font = None
    if hall and fill is not None:
        hall_font = font(HALL_MARK_PX, True)
        hall_font.setStretch(QFont.Stretch.Condensed)
        w = max(d, QFontMetricsF(hall_font).horizontalAdvance(symbol) + 18)
    pm, p = _canvas(w, d)
    r = QRectF(2, 2, w - 4, d - 4)

    def outline(rect: QRectF) -> None:
        if w == d:
            p.drawEllipse(rect)
        else:
            p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)

    if fill is None:
        p.setPen(QPen(QColor("#6b6b6b"), 3, Qt.PenStyle.DashLine))
        p.setBrush(QColor(255, 255, 255, 170))
        outline(r)
    else:
        bg = colour(fill)
        ink = text_on(bg)
        p.setPen(QPen(QColor("#222222") if ink.lightness() < 128 else QColor("#ffffff"), 3))
        p.setBrush(bg)
        outline(r)
        p.setPen(QPen(QColor(0, 0, 0, 170), 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        outline(QRectF(0.7, 0.7, w - 1.4, d - 1.4))
        p.setPen(ink)
        if hall_font is not None:
            p.setFont(hall_font)
            p.drawText(r, int(Qt.AlignmentFlag.AlignCenter), symbol)
        else:
            _fit_text(p, r.adjusted(4, 0, -4, 0), symbol, 19 if len(symbol) <= 2 else 15, True,
                      Qt.AlignmentFlag.AlignCenter)
    p.end()
    return pm


@lru_cache(maxsize=512)
def token_pixmap(kind: str, text: str, fill: str | None, hall: bool = False) -> QPixmap:
    """A token: a rounded block with a short text ('DP 3', 'CAMP UN', 'AID 2 UN'). ``hall``: its
    letters as large as a counter's value, condensed, the block :data:`HALL_TOKEN_H` high."""
    f = font(HALL_MARK_PX if hall else 16, True)
    if hall:
        f.setStretch(QFont.Stretch.Condensed)
    from PySide6.QtGui import QFontMetricsF

    w = QFontMetricsF(f).horizontalAdvance(text) + 14
    h = HALL_TOKEN_H if hall else TOKEN_H
    if kind == "supply_centre":  # a dot in its owner's colour (grey when unowned), its text inside
        w = max(w, h)
    pm, p = _canvas(w, h)
    bg = colour(fill, {"dp": "#f2f2f2", "camp": "#ffffff", "aid": "#ffffff"}.get(kind, "#dddddd"))
    p.setPen(QPen(QColor("#222222"), 1.6, Qt.PenStyle.DashLine if kind == "camp" else Qt.PenStyle.SolidLine))
    p.setBrush(bg)
    if kind in ("dp", "supply_centre"):
        p.drawRoundedRect(QRectF(1, 1, w - 2, h - 2), h / 2 - 1, h / 2 - 1)
    else:
        p.drawRect(QRectF(1, 1, w - 2, h - 2))
    p.setPen(text_on(bg))
    p.setFont(f)
    p.drawText(QRectF(0, 0, w, h), int(Qt.AlignmentFlag.AlignCenter), text)
    p.end()
    return pm


def halo_text(p: QPainter, text: str, at: QPointF, px: float, bold: bool = True,  # noqa: PLR0917
              ink: QColor | None = None, halo: QColor | None = None, centre: bool = True) -> None:
    """Text with a light halo so it stays legible over roads and fills."""
    path = QPainterPath()
    f = font(px, bold)
    from PySide6.QtGui import QFontMetricsF

    fm = QFontMetricsF(f)
    w = fm.horizontalAdvance(text)
    x = at.x() - w / 2 if centre else at.x()
    path.addText(QPointF(x, at.y() + fm.ascent() / 2 - fm.descent() / 2), f, text)
    p.setPen(QPen(halo or QColor(255, 255, 255, 235), px * 0.28, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink or QColor("#1a1a1a"))
    p.drawPath(path)


_HALO_STEPS = [(0.8, 0.8), (-0.8, 0.8), (0.8, -0.8), (-0.8, -0.8), (1.1, 0.0), (-1.1, 0.0)]


@lru_cache(maxsize=64)
def _metrics(px: float, bold: bool) -> tuple[QFont, object]:
    from PySide6.QtGui import QFontMetricsF

    f = font(px, bold)
    return f, QFontMetricsF(f)


_LABEL_HALO, _LABEL_INK = QColor(255, 255, 255, 235), QColor("#1a1a1a")
""":func:`halo_label`'s default colours, made once for the thousand names of a map."""


def halo_label(p: QPainter, text: str, at: QPointF, px: float, *, bold: bool = True, ink: QColor | None = None,
               halo: QColor | None = None) -> None:
    """Text centred on ``at`` with a light halo, drawn as glyphs (Qt's glyph cache makes a thousand of
    them cost milliseconds, where :func:`halo_text`'s stroked outlines cost half a second)."""
    f, fm = _metrics(px, bold)
    w = fm.horizontalAdvance(text)  # type: ignore[attr-defined]
    x = at.x() - w / 2
    y = at.y() + fm.ascent() / 2 - fm.descent() / 2  # type: ignore[attr-defined]
    r = px * 0.12
    p.setFont(f)
    p.setPen(halo or _LABEL_HALO)
    for dx, dy in _HALO_STEPS:
        p.drawText(QPointF(x + dx * r, y + dy * r), text)
    p.setPen(ink or _LABEL_INK)
    p.drawText(QPointF(x, y), text)


TIMES = "\u00d7"
"""The multiplication sign of a big screen badge's count ("DE x3" with it: ``ui/bigscreen/badges.py``)."""
