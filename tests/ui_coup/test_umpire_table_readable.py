"""The umpire's Coup table says everything whole (issue #23 item 4): no card's effect, unit or
objective cut short ("Loyalty S…", "Objective (4): Double points for favours done t…"), objectives no
longer 7 px. Read from what is drawn (tests/ui_hall/hall_measure.py) on the example game's end."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def test_the_umpires_table_cuts_nothing(qtbot, tmp_path):
    from boardapp.engine.files import open_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.rules.coup.view import TableView
    from tests.ui_hall import hall_measure
    from tests.ui_hall.hall_games import make_game

    path = make_game("coup", tmp_path)
    with hall_measure.recording():
        window = MainWindow(open_game(path, readonly=True), path)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        qtbot.waitExposed(window)
        [table] = [v for v in window.findChildren(TableView) if v.isVisible()]
        report = hall_measure.measure(table, min_px=7)  # nothing at the 5-7 px the issue saw
    texts = [d.text for d in report.texts]
    objectives = [d for d in report.texts if d.text.startswith("Objective (")]
    assert objectives and all(d.cap_px >= 8 for d in objectives), [(d.text, d.cap_px) for d in objectives]
    assert "Loyalty" in texts and "Shift" in texts  # the card's effect on two lines, whole
    assert not report.cut, report.describe()
    assert not report.small, report.describe()
