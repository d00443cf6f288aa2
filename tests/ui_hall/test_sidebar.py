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
    heading, table = window.sidebar.tables["score"]
    assert heading.text() == "SCORE"
    texts = _sidebar_texts(window)
    for row in score.rows:  # every power's row, every cell, as the rule module gives it
        assert row[0] in table.drawn_texts()
    assert "POLITICAL RATING" not in texts.upper() and "HUMANITARIAN" not in texts.upper()
    # nothing cut: each word fits its column at the font drawn, and the table ends inside the window
    k, widths, heights = table.layout_for(table.width())
    assert sum(widths) <= table.width() + 1
    fm = QFontMetricsF(table._font(k, True))
    for row in [score.columns, *score.rows]:
        for text, w in zip(row, widths, strict=False):
            for word in text.split():
                assert fm.horizontalAdvance(word) <= w + 0.5, f"{word!r} cut in a {w:.0f} px column"
    bottom = table.mapTo(window, table.rect().bottomLeft()).y()
    assert bottom <= window.height(), "the score table runs off the screen"
    assert table.height() >= sum(heights) - 1
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


def test_a_long_table_wraps_instead_of_cutting(qtbot):
    from boardapp.engine.module import Section
    from boardapp.ui.bigscreen.window import SectionTable

    table = SectionTable()
    qtbot.addWidget(table)
    table.resize(300, 50)
    long = "a very long cell of many words that cannot fit any narrow column"
    table.set_section(Section(id="x", title="X", columns=["Who", "What"], rows=[["Someone", long]]))
    k, _widths, heights = table.layout_for(300)
    assert k == pytest.approx(table.MIN_SHRINK)  # shrunk as far as it goes ...
    one_line = QFontMetricsF(table._font(k, True)).height()
    assert heights[1] > 1.8 * one_line  # ... then wrapped onto more lines
    assert table.height() >= sum(heights) - 1
