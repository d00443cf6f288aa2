"""Issue #13 item 8: the illegal-drop dialog names the unit and the place and shows every reason whole."""

from __future__ import annotations

import pytest

from boardapp.ui.dialogs.command import ForceDialog, describe_command
from boardapp.ui.mainwindow import MainWindow
from tests.ui.test_window import drag_counter


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def test_illegal_drop_names_the_counter_and_the_place(win):
    drag_counter(win, "g-mil1", "echo")
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    head = dlg.what.text()
    assert "counter=" not in head and "to=echo" not in head
    assert "Echo" in head, "the place by its name (tiny-map.yaml: echo is 'Echo')"
    assert "Government" in head and "g-mil1" in head, "the counter by its team and type, its id in brackets"
    reasons = win.game.module.check(win.game.state, win.game.module.parse_command(
        {"kind": "move", "counter": "g-mil1", "to": "echo"}))
    assert reasons and dlg.reason_texts == reasons
    for r in reasons:
        assert r in dlg.reasons.text().replace("&#x27;", "'"), "every reason, whole"


def test_long_reasons_wrap_and_the_dialog_fits_them(qtbot):
    long = ["a reason " * 30 + "END-ONE", "another reason " * 25 + "END-TWO"]
    dlg = ForceDialog({"kind": "move", "counter": "x", "to": "y"}, long)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.reasons.wordWrap()
    label = dlg.reasons
    assert label.height() >= label.heightForWidth(label.width()), "no reason is cut off"
    assert dlg.width() <= 1200
    assert "END-ONE" in label.text() and "END-TWO" in label.text()


def test_describe_command_without_a_module_keeps_ids_readable():
    assert describe_command({"kind": "deliver_aid", "team": "gov", "count": 2}) == "deliver aid: team gov · count 2"
