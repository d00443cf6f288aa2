"""The big screen's side bar takes its sections from the rule system (issue #13 item 4): the MUN
shows its score table and none of War in Binni's words; War in Binni's PR tracks and humanitarian
tally come from its manifest; nothing is cut (every word fits its column, every table fits the window)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetricsF

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game
from boardapp.engine.module import Audience

ROOT = Path(__file__).resolve().parents[2]
MUN = ROOT / "scenarios" / "mun-historical-1935.yaml"


def _window(qtbot, settings, scenario, size=(1920, 1080)):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = new_game(load_scenario(scenario))
    window = BigScreenWindow(game, settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return game, window


def _sidebar_texts(window) -> str:
    from PySide6.QtWidgets import QLabel, QWidget

    texts = []
    for w in window.sidebar.findChildren(QWidget):
        if isinstance(w, QLabel):
            texts.append(w.text())
        if hasattr(w, "drawn_texts"):
            texts += w.drawn_texts()
    return "\n".join(texts)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080", "4K"])
def test_mun_big_screen_shows_its_score_table_whole(qtbot, settings, size):
    game, window = _window(qtbot, settings, MUN, size)
    score = next(s for s in game.module.view(game.state, Audience.PUBLIC).sections if s.id == "score")
    assert "score" in window.sidebar.tables
    pager = window.sidebar.pager
    qtbot.waitUntil(lambda: bool(pager.pages))
    shown = pager.all_texts()
    assert any(t.startswith("SCORE") for t in shown)
    for row in score.rows:  # every power's row, every cell, as the rule module gives it, on some page
        for cell in row:
            assert not cell or cell in shown, cell
    texts = _sidebar_texts(window)
    assert "POLITICAL RATING" not in texts.upper() and "HUMANITARIAN" not in texts.upper()
    # nothing cut: each word fits its column at the font drawn, and every page fits the pager
    fm = QFontMetricsF(pager.cell_font())
    for page in pager.pages:
        assert pager.heading_h() * len(page.blocks) + sum(sum(b.heights) for b in page.blocks) <= pager.height() + 1
        for block in page.blocks:
            for row in block.cells():
                for text, w in zip(row, block.widths, strict=True):
                    for word in text.split():
                        assert fm.horizontalAdvance(word) <= w + 0.5, f"{word!r} cut in a {w:.0f} px column"
    bottom = pager.mapTo(window, pager.rect().bottomLeft()).y()
    assert bottom <= window.height(), "the tables run off the screen"
    window.detach()


def test_binni_sections_come_from_its_manifest(qtbot, settings):
    from boardapp.ui.rules.binni.sections import TallyBox, TeamTracks

    _game, window = _window(qtbot, settings, DEFAULT_SCENARIO)
    kinds = {type(w) for w in window.sections}
    assert kinds == {TeamTracks, TallyBox}
    titles = [t.text() for t in window.sidebar.section_titles]
    assert titles == ["POLITICAL RATING 0-8 · CARD LIMIT", "HUMANITARIAN"]
    window.detach()


def test_generic_big_screen_code_has_no_binni_words():
    import boardapp.ui.bigscreen.window as generic

    source = Path(generic.__file__).read_text(encoding="utf-8").upper()
    for word in ("POLITICAL RATING", "HUMANITARIAN", "CARD LIMIT", "CARDS ≤"):
        assert word not in source


def test_a_long_table_is_paged_at_hall_size_never_shrunk(qtbot):
    """Issue #23: where content is more than room, the side bar pages (a caption says "1/3"); the
    type stays at the hall standard; a wide table keeps its first column and shows the others in
    groups; a long cell wraps at spaces."""
    from boardapp.engine.module import Section
    from boardapp.ui.bigscreen.pages import SectionPager, hall_px

    pager = SectionPager()
    qtbot.addWidget(pager)
    pager.resize(540, 400)
    long = "a very long cell of many words that cannot fit any narrow column"
    rows = [[f"Nation {i}", long, str(i), "x" * 3, "Military Government of the U.S."] for i in range(30)]
    pager.set_sections([Section(id="x", title="Nations", columns=["Nation", "What", "N", "Y", "Whose"], rows=rows)],
                       1080)
    assert pager.cell_font().pixelSize() == hall_px(1080, condensed=True)
    assert QFontMetricsF(pager.cell_font()).capHeight() >= 19
    assert len(pager.pages) > 1
    titles = [b.title for p in pager.pages for b in p.blocks]
    assert titles[0] == f"NATIONS  1/{len(titles)}" and titles[-1] == f"NATIONS  {len(titles)}/{len(titles)}"
    shown = pager.all_texts()
    for row in rows:
        assert all(cell in shown for cell in row)
    assert all(b.columns[0] == 0 for p in pager.pages for b in p.blocks)  # the first column on every page
    one_line = QFontMetricsF(pager.cell_font()).height()
    assert max(h for p in pager.pages for b in p.blocks for h in b.heights) > 1.8 * one_line  # wrapped
    for page in pager.pages:
        assert pager.heading_h() * len(page.blocks) + sum(sum(b.heights) for b in page.blocks) <= 400
    before = pager.index
    pager.next_page()
    assert pager.index == (before + 1) % len(pager.pages)
    assert pager.timer.isActive()


def test_the_tables_layout_pages_a_big_ledger_on_the_whole_screen(qtbot, settings, tmp_path):
    """The Game's public ledgers (102 regions x 14 columns) need hundreds of side-bar pages; the
    ``tables`` layout shows them on the whole screen in a few, every cell on some page, each page
    meeting the hall standard as drawn."""
    from boardapp.engine.files import open_game
    from boardapp.engine.module import Audience
    from boardapp.ui.bigscreen.window import BigScreenWindow
    from tests.ui_hall import hall_measure
    from tests.ui_hall.hall_games import make_game

    path = make_game("thegame", tmp_path)
    with hall_measure.recording():
        game = open_game(path, readonly=True)
        window = BigScreenWindow(game, settings=settings)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        qtbot.waitExposed(window)
        window.set_layout("tables")
        pager = window.tables.pager
        qtbot.waitUntil(lambda: bool(pager.pages))
        side = len(window.sidebar.pager.pages) or 10**6
        assert len(pager.pages) * 5 < side, (len(pager.pages), side)
        regions = next(s for s in game.module.view(game.state, Audience.PUBLIC).sections if s.id == "regions")
        shown = set(pager.all_texts())
        assert all(cell in shown for row in regions.rows for cell in row if cell)
        assert not window.view.isVisible() and not window.tour.locator.isVisible()
        for index in (0, len(pager.pages) // 2, len(pager.pages) - 1):
            pager.show_page(index)
            report = hall_measure.measure(window)
            assert report.texts and not report.problems(), report.describe()
    window.detach()
