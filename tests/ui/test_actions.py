"""The umpire's actions on places and counters, driven through the real context menus and the real
(modal) input dialogs; the game must end where the engine alone gets with the same commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QComboBox, QInputDialog, QMenu

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.dialogs.command import ForceDialog
from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.widgets.panels import COUNTER_MIME

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


def engine_after(*commands):
    game = new_game(load_scenario(TINY))
    for cmd in commands:
        game.push(cmd)
    return game.summary()


class Answers:
    """Answer the modal dialogs the window opens, in order: a str is chosen in a combo box or typed
    into a line edit, an int typed into a spin box, None cancels. Polls for the active modal
    dialog, as a user would see it appear."""

    def __init__(self, *answers: object) -> None:
        self.answers = list(answers)
        self.seen: list[str] = []
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._poll)
        self.timer.start()

    def _poll(self) -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, QInputDialog) or not dlg.isVisible() or not self.answers:
            return
        answer = self.answers.pop(0)
        self.seen.append(dlg.labelText())
        if answer is None:
            dlg.reject()
            return
        if isinstance(answer, int):
            dlg.setIntValue(answer)
        else:
            combo = dlg.findChild(QComboBox)
            if combo is not None and combo.isVisible():
                assert combo.findText(answer) >= 0, f"{answer!r} is not offered: {dlg.comboBoxItems()}"
            dlg.setTextValue(answer)
        dlg.accept()

    def stop(self) -> None:
        self.timer.stop()
        assert not self.answers, f"dialogs never asked for {self.answers}"


def choose(menu: QMenu, text: str) -> None:
    """Trigger the menu's action whose text starts with ``text`` (as a click on it would)."""
    for action in menu.actions():
        if action.text().startswith(text):
            action.trigger()
            return
    raise AssertionError(f"no {text!r} in {[a.text() for a in menu.actions()]}")


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def run(answers: Answers, menu: QMenu, text: str) -> None:
    try:
        choose(menu, text)
    finally:
        answers.stop()


def test_strike_from_a_counters_menu(win):
    answers = Answers("Government", "bombing", 4)
    run(answers, win.build_context_menu("counter", "r-mil1"), "Strike this counter")
    assert answers.seen == ["Team:", "Weapon:", "Die (0: roll on screen):"]
    cmd = {"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 4}
    assert win.game.summary() == engine_after(cmd)
    assert win.game.entries[-1].command["kind"] == "strike"


def test_strike_cancelled_pushes_nothing(win):
    answers = Answers("Government", None)
    run(answers, win.build_context_menu("counter", "r-mil1"), "Strike this counter")
    assert win.game.entries == []


def test_influence_contest_from_a_places_menu(win):
    answers = Answers("gov: 1 1; reb: 3")
    run(answers, win.build_context_menu("place", "charlie"), "Influence contest")
    cmd = {"kind": "influence", "place": "charlie", "bids": {"gov": [1, 1], "reb": [3]}}
    assert win.game.summary() == engine_after(cmd)


def test_hand_over_to_neutral_and_to_a_team(win):
    run(Answers("(neutral)"), win.build_context_menu("place", "alpha"), "Hand over")
    first = {"kind": "handover", "place": "alpha", "to": None}
    assert win.game.summary() == engine_after(first)
    assert win.scene.badges["alpha"].data(1) is None
    run(Answers("Rebels"), win.build_context_menu("place", "bravo"), "Hand over")
    second = {"kind": "handover", "place": "bravo", "to": "reb"}
    assert win.game.summary() == engine_after(first, second)
    assert win.scene.badges["bravo"].data(1) == "reb"


def test_camp_refused_then_forced_and_legal_after_aid(win, qtbot):
    run(Answers("United Nations"), win.build_context_menu("place", "charlie"), "Set up camp")
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    assert "aid blocks" in dlg.reason_texts[0]
    dlg.reject()
    assert win.game.entries == []
    aid = {"kind": "deliver_aid", "team": "un", "place": "charlie", "count": 3}
    win.push(aid)
    run(Answers("United Nations"), win.build_context_menu("place", "charlie"), "Set up camp")
    camp = {"kind": "camp", "team": "un", "place": "charlie"}
    assert win.game.summary() == engine_after(aid, camp)
    assert any(t.data(0) == "charlie" and t.pixmap().width() > 0 for t in win.scene.tokens)


def test_news_from_the_turn_menu_and_a_place(win):
    run(Answers("Bridge at Charlie reopened"), win.build_context_menu("place", "charlie"), "News")
    turn_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Turn")
    run(Answers("   "), turn_menu, "&News")  # blank: nothing pushed
    news = {"kind": "news", "text": "Bridge at Charlie reopened"}
    assert win.game.summary() == engine_after(news)
    assert "Bridge at Charlie reopened" in win.log_panel.rows[-1]["text"]


def test_right_click_on_a_counter_opens_its_menu(win, qtbot):
    """A real context-menu event on the board: the popup is the counter's menu."""
    item = win.scene.counters["r-mil3"]
    r = item.sceneBoundingRect()
    at = win.view.mapFromScene(QPointF(r.left() + 6, r.center().y()))
    seen: list[list[str]] = []

    def close_popup() -> None:
        menu = QApplication.activePopupWidget()
        if isinstance(menu, QMenu):
            seen.append([a.text() for a in menu.actions()])
            menu.close()
        else:
            QTimer.singleShot(10, close_popup)

    QTimer.singleShot(10, close_popup)
    ev = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, win.view.viewport().mapToGlobal(at))
    QApplication.sendEvent(win.view.viewport(), ev)
    qtbot.waitUntil(lambda: bool(seen))
    assert any(t.startswith("Strike this counter") for t in seen[0])


def test_deploy_by_dragging_from_the_off_map_panel(win, qtbot):
    """A counter off the map dropped on a place: the panel's mime data reaches the board's scene
    through the view's drag-and-drop events and the game deploys it."""
    off = win.off_map.off_map()
    assert "g-bde2" in off
    mime = QMimeData()
    mime.setData(COUNTER_MIME, b"g-bde2")
    vp = win.view.viewport()
    target = win.view.mapFromScene(win.scene.place_pos("alpha"))
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.MoveAction
    enter = QDragEnterEvent(target, action, mime, buttons, mods)
    QApplication.sendEvent(vp, enter)
    assert enter.isAccepted()
    move = QDragMoveEvent(target + QPoint(2, 1), action, mime, buttons, mods)
    QApplication.sendEvent(vp, move)
    assert move.isAccepted()
    QApplication.sendEvent(vp, QDropEvent(QPointF(target), action, mime, buttons, mods))
    deploy = {"kind": "deploy", "counter": "g-bde2", "to": "alpha"}
    assert win.game.summary() == engine_after(deploy)
    assert win.scene.counters["g-bde2"].piece.place == "alpha"
    assert "g-bde2" not in win.off_map.off_map()


def test_off_map_panel_starts_a_drag_with_the_counter(win, monkeypatch):
    """The panel's own side: picking a counter row makes a drag carrying its id."""
    from boardapp.ui.widgets import panels

    carried: list[bytes] = []

    class FakeDrag:
        def __init__(self, source) -> None:
            self.mime = None

        def setMimeData(self, mime) -> None:
            self.mime = mime

        def exec(self, *_):
            carried.append(bytes(self.mime.data(COUNTER_MIME).data()))
            return Qt.DropAction.MoveAction

    monkeypatch.setattr(panels, "QDrag", FakeDrag)
    tree = win.off_map
    head = tree.topLevelItem(0)
    tree.setCurrentItem(head.child(0))
    tree.startDrag(Qt.DropAction.MoveAction)
    assert carried == [head.child(0).data(0, Qt.ItemDataRole.UserRole).encode()]


def test_activate_and_give_a_counter_from_its_menu(win):
    run(Answers(), win.build_context_menu("counter", "g-bde1"), "Activate for this week")
    run(Answers("Rebels"), win.build_context_menu("counter", "g-mil1"), "Give to another team")
    activate = {"kind": "activate", "counter": "g-bde1"}
    give = {"kind": "transfer", "from": "gov", "to": "reb", "counters": ["g-mil1"]}
    assert win.game.summary() == engine_after(activate, give)


def test_deliver_and_move_aid_from_a_places_menu(win):
    run(Answers("United Nations", 3), win.build_context_menu("place", "bravo"), "Deliver aid here")
    # Bravo is held by the government: it, not the UN, moves the UN's blocks from there.
    run(Answers("United Nations", "Government", "Alpha", 2), win.build_context_menu("place", "bravo"),
        "Move aid from here")
    deliver = {"kind": "deliver_aid", "team": "un", "place": "bravo", "count": 3}
    move = {"kind": "move_aid", "by": "gov", "owner": "un", "place": "bravo", "to": "alpha", "count": 2}
    assert win.game.summary() == engine_after(deliver, move)


def test_transfer_between_teams_from_the_turn_menu(win):
    turn_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Turn")
    answers = Answers("Government", "Rebels", 2, 3, 0, 1)
    run(answers, turn_menu, "&Transfer between teams")
    assert answers.seen == ["Team:", "Team:", "$M:", "Warlike stores:", "Aid blocks:", "Cruise missiles:"]
    cmd = {"kind": "transfer", "from": "gov", "to": "reb", "money": 2, "stores": 3, "cruise_missiles": 1}
    assert win.game.summary() == engine_after(cmd)
