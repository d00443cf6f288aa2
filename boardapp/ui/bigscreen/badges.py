"""The big screen's pieces as one badge per team and place (issue #23: what a hall reads from 8 m).

A counter carries three texts (kind, value, team); on a crowded map none of them reaches the hall
standard at the size the map leaves a chip. A badge carries two or three short lines in letters a
hall reads: its team's letters and what its pieces add up to. What the pieces add up to is the
rule system's to say, through :attr:`BoardPiece.tally <boardapp.engine.module.BoardPiece.tally>`:

* a whole-number value (War in Binni's combat values) adds up, and the badge counts the pieces:
  "BG 6"; "CL x2" over their total "4";
* a tally is the units the piece stands for (Mid-East PEACE's Forces): "ISR 6", no count of pieces;
* a piece that adds nothing (a tally of 0, or a value that does not add up, The Game's "2-(0)-3") is
  listed by its label, and its value when that is a number: "SF", "A 3", "JA x3" over "FTR MEC" / "INF".

No rule system's name here: only what the picture says of its pieces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from boardapp.engine.module import BoardPiece
from boardapp.ui.board import style
from boardapp.ui.board.style import TIMES

BADGE_PX = 34.0
"""A badge's letters, in pixmap units at piece scale 1: larger than a chip's value (32), so that every
line reaches the hall standard where the value alone did (capitals 21 px at 1080 on War in Binni)."""
PAD = 8.0
"""A badge's margin round its letters and between its lines."""
LINE_CHARS = 9
"""The longest line of listed pieces ("FTR MEC", "2 MIL SF"): more go on the next line."""
MARK = "hall-badge"
"""The mark (``BoardPiece.marks``) of a piece standing for a badge, so the scene draws it as one."""


def _adds(pc: BoardPiece) -> int | None:
    """What ``pc`` adds to its team's number (None: it is listed instead)."""
    if pc.tally is not None:
        return pc.tally or None
    return int(pc.value) if pc.value.isdigit() else None


def badge_total(pieces: Sequence[BoardPiece]) -> str:
    """What ``pieces`` add up to on their badge ("" when none adds: they are only listed)."""
    added = [n for pc in pieces if (n := _adds(pc)) is not None]
    return str(sum(added)) if added else ""


def badge_lines(symbol: str, pieces: Sequence[BoardPiece], notes: Sequence[str] = ()) -> tuple[str, ...]:
    """What a team's badge at a place says, line by line (see the module's text); ``notes`` (the team's
    tokens there, when its badge stands for the place's marker: "BLUE") are listed after the pieces.

    >>> from boardapp.engine.module import BoardPiece as P
    >>> def show(lines): return [ln.replace(TIMES, "x") for ln in lines]
    >>> show(badge_lines("BG", [P("1", "bg", "BDE", "6")]))
    ['BG 6']
    >>> show(badge_lines("CL", [P("1", "cl", "MIL", "2"), P("2", "cl", "MIL", "2")]))
    ['CL x2', '4']
    >>> show(badge_lines("ISR", [P("f", "isr", "F", "6", tally=6), P("o", "isr", "F↓", "2", tally=0),
    ...                          P("s", "isr", "SF")]))
    ['ISR 6', 'F↓ 2 SF']
    >>> show(badge_lines("LB", [P("1", "lb", "FTR", "3-(0)-3"), P("2", "lb", "MEC", "2-(0)-3"),
    ...                         P("3", "lb", "MIL", "2-(0)-1"), P("4", "lb", "MIL", "2-(0)-1")]))
    ['LB x4', 'FTR MEC', '2 MIL']
    >>> show(badge_lines("JA", [P("1", "ja", "MIL", "2-(0)-1")]))
    ['JA MIL']
    >>> show(badge_lines("ISR", [P("f", "isr", "F", "2", tally=2)], ["BLUE"]))
    ['ISR 2', 'BLUE']
    >>> show(badge_lines("JH", [P("1", "jh", "MEC", "2-(0)-3")], ["PIP 4"]))
    ['JH MEC', 'PIP 4']
    """
    added = [(pc, n) for pc in pieces if (n := _adds(pc)) is not None]
    listed = [pc for pc in pieces if _adds(pc) is None]
    counts = any(pc.tally is None for pc, _ in added)  # counters with strengths: their number is shown too
    total = sum(n for _, n in added)
    words = []
    kinds = Counter(f"{pc.label} {pc.value}" if pc.value.isdigit() else pc.label for pc in listed)
    for kind, n in kinds.items():
        words.append(f"{n} {kind}" if n > 1 else kind)
    words += notes
    lines: list[str] = []
    if added:
        if counts and len(added) > 1:
            lines += [f"{symbol} {TIMES}{len(added)}", str(total)]
        else:
            lines.append(f"{symbol} {total}")
    elif len(pieces) == 1:  # one piece listed by its kind: on the first line ("JA MIL")
        lines.append(f"{symbol} {words.pop(0)}")
    else:
        lines.append(f"{symbol} {TIMES}{len(pieces)}")
    line = ""
    for w in words:  # the listed pieces, a few to a line
        if line and len(line) + 1 + len(w) > LINE_CHARS:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return tuple(lines)


def _font() -> QFont:
    f = style.font(BADGE_PX, True)
    f.setStretch(QFont.Stretch.Condensed)
    return f


def badge_size(lines: Sequence[str]) -> tuple[float, float]:
    """Width and height of :func:`badge_pixmap`, in map units at piece scale 1."""
    fm = QFontMetricsF(_font())
    h = len(lines) * (fm.capHeight() + PAD) + PAD + 2
    return max(max(fm.horizontalAdvance(ln) for ln in lines) + 2 * PAD, h), h


@lru_cache(maxsize=1024)
def badge_pixmap(fill: str, lines: tuple[str, ...], damage: int = 0) -> QPixmap:
    """A team's pieces at one place as one badge: a block in the team's colour, its lines centred,
    :data:`BADGE_PX` high, black or white whichever contrasts more with the colour (white, black and
    yellow teams alike), a dark or light rim by the same rule; a red bar along the bottom when one of
    the pieces has taken losses (or is overturned)."""
    w, h = badge_size(lines)
    pm = QPixmap(max(1, round(w * style.PIX)), max(1, round(h * style.PIX)))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.scale(style.PIX, style.PIX)
    bg = style.colour(fill)
    ink = style.text_on(bg)
    p.setPen(QPen(QColor(0, 0, 0, 200) if ink.lightness() < 128 else QColor(255, 255, 255, 220), 2.5))
    p.setBrush(bg)
    p.drawRoundedRect(QRectF(1.5, 1.5, w - 3, h - 3), 7, 7)
    p.setPen(QPen(QColor(0, 0, 0, 160), 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(0.6, 0.6, w - 1.2, h - 1.2), 7.5, 7.5)
    if damage:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#d40000"))
        p.drawRect(QRectF(6, h - 6, w - 12, 3.5))
    f = _font()
    fm = QFontMetricsF(f)
    cap = fm.capHeight()
    p.setFont(f)
    p.setPen(ink)
    for i, line in enumerate(lines):
        p.drawText(QPointF((w - fm.horizontalAdvance(line)) / 2, PAD + 1 + cap + i * (cap + PAD)), line)
    p.end()
    return pm
