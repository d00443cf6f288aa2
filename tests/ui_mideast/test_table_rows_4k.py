"""The countries table's rows grow with their text (issue #23 item 7): at 4K the window's fonts are
scaled and a row sized for the unscaled font cut names ("Sau…")."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QFontMetrics


def test_countries_rows_are_as_tall_as_their_text_when_scaled(qtbot, tmp_path):
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.rules.mideast.table import CountriesPanel
    from tests.ui_hall.hall_games import make_game

    path = make_game("mideast", tmp_path)
    window = MainWindow(open_game(path, readonly=True), path)
    qtbot.addWidget(window)
    window.resize(3840, 2160)
    window.apply_screen_scale(2.0)
    window.show()
    qtbot.waitExposed(window)
    [panel] = window.findChildren(CountriesPanel)
    panel.show_game()
    table = panel.table
    fm = QFontMetrics(table.font())
    assert table.rowCount() == 12
    for i in range(table.rowCount()):
        assert table.rowHeight(i) >= fm.height(), (table.item(i, 0).text(), table.rowHeight(i), fm.height())


def test_countries_and_un_columns_are_as_wide_as_their_text_when_scaled(qtbot, tmp_path):
    """Seen in the gallery at 4K: "Leba…", "Gulf Emir…", Israel's bloc "…", and the UN Assembly's headings
    squeezed over each other ("Countr/Vote/Yea/Nay"): the columns were sized once, for the unscaled font."""
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.rules.mideast.table import CountriesPanel, UnPanel
    from tests.ui_hall.hall_games import make_game

    path = make_game("mideast", tmp_path)
    window = MainWindow(open_game(path, readonly=True), path)
    qtbot.addWidget(window)
    window.resize(3840, 2160)
    window.show()
    qtbot.waitExposed(window)
    [countries] = window.findChildren(CountriesPanel)
    [un] = window.findChildren(UnPanel)
    countries.show_game()
    un.show_game()
    window.apply_screen_scale(2.0)  # the window moved to a 4K screen after its tables were filled
    qtbot.wait(50)
    for table in (countries.table, un.rows):
        fm = QFontMetrics(table.font())
        header = table.horizontalHeader()
        hfm = QFontMetrics(header.font())
        for j in range(table.columnCount()):
            heading = table.horizontalHeaderItem(j).text()
            assert header.sectionSize(j) >= hfm.horizontalAdvance(heading), heading
            for i in range(table.rowCount()):
                item = table.item(i, j)
                if item is not None and item.text():
                    assert header.sectionSize(j) >= fm.horizontalAdvance(item.text()), (heading, item.text())
