"""The big screen's side bar at hall size: its type never below the hall standard, and what does not
fit shown in turn (issue #23).

The standard: at 1920x1080 every text a hall reader needs has capitals at least 19 px tall (38 px at
3840x2160). :func:`hall_px` gives the font size whose capitals are that tall on a window of a given
height; nothing in the side bar is drawn smaller.

A rule system's tables (the picture's :class:`~boardapp.engine.module.Section` s) are laid out at that
size by :func:`paginate`: a table too wide for the side bar keeps its first column and shows its other
columns in groups that fit; a table too long shows its rows in chunks that fit; a cell wraps at spaces
(a word is never cut). The blocks (a table's column group and row chunk, with its heading and column
headings) are packed onto pages as tall as the room the side bar has (a long table's first chunk takes
the rest of the page before when :data:`FIRST_ROWS` of its rows fit there), and :class:`SectionPager` shows
the pages in turn, one every :data:`ROTATE_MS`, each block's heading saying which part of its table it
is ("NATIONS 2/6") and the pager which page ("1/3").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from boardapp.engine.module import Section
from boardapp.ui.bigscreen.scene import INK, big_font

HALL_CAP_AT_1080 = 19.0
"""The least capital height (px) of a hall text on a 1080 px tall window; it scales with the height."""

ROTATE_MS = 10_000
"""How long the side bar shows one page of tables when they do not fit at once."""

FIRST_ROWS = 3
"""A table too long for one page starts on the page before when at least this many of its rows fit
there (fewer read as a stray at the foot of a page); its other rows go on the pages after."""

HEADING = QColor("#8fb3d9")
CELL = QColor("#d6dde3")


@lru_cache(maxsize=256)
def _px_for_cap(cap: float, bold: bool, condensed: bool) -> int:
    px = max(4, int(cap / 0.8))
    while QFontMetricsF(big_font(px, bold, condensed)).capHeight() < cap:
        px += 1
    return px


def hall_px(height: float, scale: float = 1.0, *, bold: bool = True, condensed: bool = False) -> int:
    """The pixel size of a font whose capitals are ``scale`` times the hall standard on a window
    ``height`` px tall (a pixel of margin, so the drawn ink never falls short)."""
    cap = HALL_CAP_AT_1080 * max(height, 1.0) / 1080 * max(scale, 1.0) + 1.0
    return _px_for_cap(round(cap, 1), bold, condensed)


def hall_font(height: float, scale: float = 1.0, *, bold: bool = True, condensed: bool = False) -> QFont:
    return big_font(hall_px(height, scale, bold=bold, condensed=condensed), bold, condensed)


def reserve_edge(view: QWidget, name: str, edge: str, px: int, place: Callable[[], None] | None = None) -> int:
    """Keep ``px`` of ``view``'s ``edge`` ('top', 'bottom', 'left', 'right') free for the overlay ``name``
    (a legend, a banner) and return how far from that edge the overlay starts: overlays at one edge are
    stacked in the order they first asked, the view's margin is their sum, and the map is fitted again
    in what is left when the margins change (soon after, not inside the caller), so an overlay in a
    margin covers no name. ``place`` lays the overlay again: every overlay is laid again after the
    margins change (another overlay at its edge came or went, so its offset moved)."""
    from PySide6.QtCore import QTimer

    kept: dict[str, tuple[str, int]] = view.__dict__.setdefault("_edge_room", {})
    placers: dict[str, Callable[[], None]] = view.__dict__.setdefault("_edge_placers", {})
    kept[name] = (edge, int(px))
    if place is not None:
        placers[name] = place
    offset = 0
    for other, (e, p) in kept.items():
        if other == name:
            break
        if e == edge:
            offset += p
    def margins() -> list[int]:
        return [sum(p for e, p in kept.values() if e == side) for side in ("left", "top", "right", "bottom")]

    def differ() -> bool:
        now = view.viewportMargins()  # type: ignore[attr-defined]
        return [now.left(), now.top(), now.right(), now.bottom()] != margins()

    def again() -> None:
        # once the window's layout has settled (changing the margins inside a layout change fits the map
        # to a passing size), then the map fitted again and every overlay laid at its new offset
        view.__dict__["_edge_pending"] = False
        if not differ():
            return
        view.setViewportMargins(*margins())  # type: ignore[attr-defined]
        settle = getattr(view, "_settle", None)
        if settle is not None and view.isVisible():  # a hidden view is fitted when it is shown
            settle()
        for other in list(placers.values()):
            other()

    if differ() and not view.__dict__.get("_edge_pending"):
        view.__dict__["_edge_pending"] = True
        QTimer.singleShot(0, view, again)
    return offset


# --- laying tables out at hall size ------------------------------------------------------------------

@dataclass
class Block:
    """A part of a table that fits: its columns (indexes; the first always), rows, widths and heights."""

    section: Section
    columns: list[int]
    rows: list[int]
    widths: list[float]
    heights: list[float]  # the heading row's first when the table has column headings
    part: int = 1
    parts: int = 1
    title_lines: int = 1
    """Lines the heading takes: a long one ("FINAL SCORES (FALL 1935) — WINNER: …") wraps, never cut."""

    @property
    def title(self) -> str:
        return self.section.title.upper() + (f"  {self.part}/{self.parts}" if self.parts > 1 else "")

    def cells(self) -> list[list[str]]:
        sec = self.section
        table = ([list(sec.columns)] if any(sec.columns) else []) + [[_figure(c) for c in sec.rows[r]]
                                                                     for r in self.rows]
        return [[row[c] if c < len(row) else "" for c in self.columns] for row in table]


@dataclass
class Page:
    blocks: list[Block] = field(default_factory=list)


def _figure(text: str) -> str:
    """A cell as the hall reads it: a nought is never signed ('-0', '-0.0' are 0)."""
    return "0" if text.strip() in ("-0", "-0.0") else text


def _lines(fm: QFontMetricsF, text: str, width: float) -> int:
    """How many lines ``text`` takes wrapped at spaces in ``width`` px."""
    line_h = fm.boundingRect(QRectF(0, 0, 1e6, 1e6), 0, "X").height()
    h = fm.boundingRect(QRectF(0, 0, width, 1e6), int(Qt.TextFlag.TextWordWrap), text).height()
    return max(1, round(h / line_h))


def _words_width(fm: QFontMetricsF, text: str) -> float:
    return max((fm.horizontalAdvance(w) for w in text.split()), default=0.0)


def paginate(sections: list[Section], font: QFont, *, heading_h: float, width: float, height: float,
             gap: float, heading_font: QFont | None = None) -> list[Page]:
    """Lay ``sections`` out at ``font`` in ``width`` px, on pages ``height`` px tall (see the module);
    a heading too long for ``width`` in ``heading_font`` takes ``heading_h`` a line on as many lines."""
    fm = QFontMetricsF(font)
    pad = fm.height() * 0.12
    pages: list[Page] = []
    page_room = 0.0  # what is left of the last page
    for sec in sections:
        if not sec.rows:  # a table with nothing in it (no battle this turn) says nothing to the hall
            continue
        header = any(sec.columns)
        table = ([list(sec.columns)] if header else []) + [[_figure(c) for c in r] for r in sec.rows]
        ncol = max(len(r) for r in table)
        cell = [[r[c] if c < len(r) else "" for c in range(ncol)] for r in table]
        used = [c for c in range(ncol) if any(row[c] for row in cell[1 if header else 0:]) or c == 0]
        nat = {c: max(fm.horizontalAdvance(row[c]) for row in cell) for c in used}
        word = {c: max(_words_width(fm, row[c]) for row in cell) for c in used}
        # the first column: its natural width, at most 45 % of the bar (wrapped), never narrower than a word
        w0 = max(word[used[0]], min(nat[used[0]], width * 0.45))
        groups: list[list[tuple[int, float]]] = []
        current: list[tuple[int, float]] = []
        room = width - w0
        for c in used[1:]:
            want = nat[c] if nat[c] + gap <= room else max(word[c], min(nat[c], room - gap))
            if current and want + gap > room:
                groups.append(current)
                current, room = [], width - w0
                want = nat[c] if nat[c] + gap <= room else max(word[c], min(nat[c], room - gap))
            current.append((c, want))
            room -= want + gap
        if current or not groups:
            groups.append(current)
        parts: list[Block] = []
        # a part's heading, as tall as its longest possible title ("PLACES 12/12"), for sizing its rows
        title_h = heading_h * (_lines(QFontMetricsF(heading_font), f"{sec.title.upper()}  99/99", width)
                               if heading_font is not None else 1)
        left = page_room if pages else 0.0  # the room the next part would have on the last page, as packed below
        for group in groups:
            cols = [used[0], *(c for c, _ in group)]
            widths = [w0, *(w for _, w in group)]
            spare = width - sum(widths) - gap * (len(widths) - 1)
            if spare > 0:
                widths = [w + spare / len(widths) for w in widths]
            heights = []
            for row in cell:
                h = max(fm.boundingRect(QRectF(0, 0, w, 1e6), int(Qt.TextFlag.TextWordWrap), row[c]).height()
                        for c, w in zip(cols, widths, strict=True))
                heights.append(max(h, fm.height()) + 2 * pad)
            head_h = heights[0] if header else 0.0
            body = heights[1:] if header else heights
            # a table longer than a page starts on the rest of the last page when a few rows fit there (the
            # tables layout showed War in Binni's teams and counts on a half-empty first page, the places all
            # on the next ones); a table that fits one page stays whole
            full = height - title_h - head_h
            first = left - title_h - head_h
            few = sum(body[:min(FIRST_ROWS, len(body))])
            room_rows = first if body and few <= first and sum(body) > full else full
            chunks: list[tuple[list[int], list[float]]] = [([], [])]
            for i, h in enumerate(body):
                if chunks[-1][0] and sum(chunks[-1][1]) + h > room_rows:
                    chunks.append(([], []))
                    room_rows = full
                chunks[-1][0].append(i)
                chunks[-1][1].append(h)
            for chunk, chunk_h in chunks:
                if chunk or not body:
                    parts.append(Block(sec, cols, chunk, widths, ([head_h] if header else []) + chunk_h))
                    need = title_h + head_h + sum(chunk_h)
                    left = (left if need <= left else height) - need - gap
        for n, b in enumerate(parts, 1):
            b.part, b.parts = n, len(parts)
            if heading_font is not None:
                b.title_lines = _lines(QFontMetricsF(heading_font), b.title, width)
        for b in parts:
            need = heading_h * b.title_lines + sum(b.heights)
            if not pages or need > page_room:
                pages.append(Page())
                page_room = height
            pages[-1].blocks.append(b)
            page_room -= need + gap
    return pages


class SectionPager(QWidget):
    """The rule system's tables in the side bar, at hall size, a page at a time (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sections: list[Section] = []
        self.window_height = 1080.0
        self._pages: list[Page] = []
        self._stale = False
        """Sections or size changed since the last pagination: paginated when next painted or read (a
        window opening sets sizes and sections a dozen times; paginating each time cost 0.4 s)."""
        self.index = 0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.timer = QTimer(self)
        self.timer.setInterval(ROTATE_MS)
        self.timer.timeout.connect(self.next_page)

    # --- sizes
    def cell_font(self) -> QFont:
        return hall_font(self.window_height, bold=True, condensed=True)

    def heading_font(self) -> QFont:
        return hall_font(self.window_height, bold=True, condensed=False)

    def gap(self) -> float:
        return self.window_height / 100 * 0.8

    def heading_h(self) -> float:
        return QFontMetricsF(self.heading_font()).height() * 1.15

    def caption_h(self) -> float:
        return self.heading_h() if len(self.pages) > 1 else 0.0

    def needed_height(self, width: float) -> float:
        """The height that would show every table on one page (the side bar gives what it has)."""
        pages = paginate(self.sections, self.cell_font(), heading_h=self.heading_h(), width=width, height=1e9,
                         gap=self.gap(), heading_font=self.heading_font())
        return sum(self.heading_h() * b.title_lines + sum(b.heights) + self.gap() for p in pages for b in p.blocks)

    # --- content
    def set_sections(self, sections: list[Section], window_height: float | None = None) -> None:
        if window_height is not None:
            self.window_height = window_height
        if sections != self.sections or window_height is not None:
            self.sections = list(sections)
            self._restale()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._restale()

    def _restale(self) -> None:
        self._stale = True
        self.update()

    @property
    def pages(self) -> list[Page]:
        """The pages for the present sections and size."""
        if self._stale:
            self._paginate()
        return self._pages

    def _paginate(self) -> None:
        self._stale = False
        h = self.height()
        if h <= 0 or self.width() <= 0:
            self._pages = []
            return
        pages = paginate(self.sections, self.cell_font(), heading_h=self.heading_h(), width=self.width(), height=h,
                         gap=self.gap(), heading_font=self.heading_font())
        if len(pages) > 1:  # room for the page caption at the bottom
            pages = paginate(self.sections, self.cell_font(), heading_h=self.heading_h(), width=self.width(),
                             height=h - self.heading_h(), gap=self.gap(), heading_font=self.heading_font())
        self._pages = pages
        self.index = min(self.index, max(0, len(pages) - 1))
        if len(pages) > 1 and not self.timer.isActive():
            self.timer.start()
        elif len(pages) <= 1:
            self.timer.stop()
        self.update()

    def next_page(self) -> None:
        if self.pages:
            self.index = (self.index + 1) % len(self.pages)
            self.update()

    def show_page(self, index: int) -> None:
        if self.pages:
            self.index = index % len(self.pages)
            self.update()

    def drawn_texts(self) -> list[str]:
        """Every string the current page paints."""
        if not self.pages:
            return []
        return self._texts(self.pages[self.index])

    def all_texts(self) -> list[str]:
        """Every string of every page (each cell of every table is on some page)."""
        return [t for p in self.pages for t in self._texts(p)]

    @staticmethod
    def _texts(page: Page) -> list[str]:
        out = []
        for b in page.blocks:
            out.append(b.title)
            out += [c for row in b.cells() for c in row if c]
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.pages:
            return
        page = self.pages[self.index]
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        hf, cf = self.heading_font(), self.cell_font()
        hh, gap = self.heading_h(), self.gap()
        y = 0.0
        for b in page.blocks:
            p.setFont(hf)
            p.setPen(HEADING)
            p.drawText(QRectF(0, y, self.width(), hh * b.title_lines),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap),
                       b.title)
            y += hh * b.title_lines
            header = any(b.section.columns)
            p.setFont(cf)
            for i, (row, h) in enumerate(zip(b.cells(), b.heights, strict=True)):
                x = 0.0
                for c, (text, w) in enumerate(zip(row, b.widths, strict=True)):
                    p.setPen(HEADING if header and i == 0 else (INK if c == 0 else CELL))
                    align = Qt.AlignmentFlag.AlignLeft if c == 0 else Qt.AlignmentFlag.AlignHCenter
                    flags = int(align | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap)
                    p.drawText(QRectF(x, y, w, h), flags, text)
                    x += w + gap
                y += h
            y += gap
        if len(self.pages) > 1:
            p.setFont(hf)
            p.setPen(HEADING)
            p.drawText(QRectF(0, self.height() - hh, self.width(), hh),
                       int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                       f"{self.index + 1}/{len(self.pages)}")
        p.end()
