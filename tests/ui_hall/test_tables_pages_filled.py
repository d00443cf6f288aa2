"""War in Binni's ``tables`` layout fills its pages (rehearsal 2: the first page showed the teams and the
counts on its upper half and nothing below; the places began on page 2). A table too long for one page
now starts on the page before when a few of its rows fit there (``pages.FIRST_ROWS``).

Read from what is drawn: the lowest text of every page but the last stands in the page's last part,
and every page still meets the hall standard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game
from tests.ui_hall.test_hall_rest import _open

FILLED = 0.85
"""How far down the page area the lowest text of a page that is not the last must reach."""


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_binni_tables_pages_are_filled_before_the_next(qtbot, settings, tmp_path, size):
    path = make_game("binni", tmp_path)
    with hall_measure.recording():
        window = _open(path, settings, size, "tables")
        qtbot.addWidget(window)
        pager = window.tables.pager
        qtbot.waitUntil(lambda: bool(pager.pages))
        pages = len(pager.pages)
        assert pages >= 2, "control: Binni's places take more than a page"
        area = QRect(pager.mapTo(window, pager.rect().topLeft()), pager.size())
        bottom_of_area = area.top() + area.height() - pager.caption_h()
        lows = []
        for index in range(pages):
            pager.show_page(index)
            report = hall_measure.measure(window)
            assert report.texts and not report.problems(), (index, report.describe())
            inside = [d for d in report.texts if area.contains(d.ink.center().toPoint())
                      and d.ink.bottom() <= bottom_of_area]  # the page's own texts, not the caption "1/3"
            lows.append(max(d.ink.bottom() for d in inside))
        for index, low in enumerate(lows[:-1]):
            filled = (low - area.top()) / (bottom_of_area - area.top())
            assert filled >= FILLED, f"page {index + 1}/{pages} is filled to {filled:.0%} only"
    window.detach()
