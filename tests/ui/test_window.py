"""Drive the real umpire's window (offscreen): drags, force, fights, undo/redo, files, recovery."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.ui import app as app_module
from boardapp.ui.app import open_window, start_session, unfinished_sessions
from boardapp.ui.dialogs.command import ForceDialog, PreviewDialog
from boardapp.ui.mainwindow import MainWindow
from boardapp.ui.rules.binni.actions import BinniActions
from boardapp.ui.rules.binni.fight import FightDialog

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"


def engine_after(*commands):
    """The state the engine alone reaches with these commands (the window must agree)."""
    game = new_game(load_scenario(TINY))
    for cmd in commands:
        game.push(cmd)
    return game.summary()


def _move(viewport, pos):
    ev = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(viewport.mapToGlobal(pos)),
                     Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, ev)


def drag_counter(win: MainWindow, counter: str, place: str) -> None:
    """Press on a counter's chip, move through the air, release on a place: real mouse events."""
    view, scene = win.view, win.scene
    item = scene.counters[counter]
    r = item.sceneBoundingRect()
    start = view.mapFromScene(QPointF(r.left() + 8, r.center().y()))
    end_scene = scene.place_pos(place)
    grab = QPointF(r.left() + 8, r.center().y()) - item.pos()
    end = view.mapFromScene(end_scene)
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 9):
        _move(vp, start + (end - start) * (i / 8))
    assert scene._hover_ring is not None and scene._hover_ring.isVisible()
    del grab
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


@pytest.fixture
def win(qtbot, tiny_game, tmp_path):
    w = MainWindow(tiny_game, tmp_path / "tiny.game")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def test_drag_to_a_legal_place_moves(win):
    drag_counter(win, "g-mil1", "charlie")
    assert win.game.summary() == engine_after({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert win.scene.counters["g-mil1"].piece.place == "charlie"
    assert win.dialog is None


def test_options_light_up_while_in_the_air(win):
    options = win.scene.show_options("g-bde1")
    assert set(options) == {o.place for o in win.game.module.move_options(win.game.state, "g-bde1")}
    texts = [i.text() for i in win.scene._option_items if hasattr(i, "text")]
    assert "$M1 to activate" in texts
    win.scene.clear_options()


def test_illegal_drop_snaps_back_and_can_be_forced(win, qtbot):
    before = win.game.summary()
    pos = win.scene.counters["g-mil1"].pos()
    drag_counter(win, "g-mil1", "echo")
    assert win.game.summary() == before == engine_after()
    assert win.scene.counters["g-mil1"].pos() == pos
    dlg = win.dialog
    assert isinstance(dlg, ForceDialog)
    assert any("hostile" in r for r in dlg.reason_texts)
    assert not dlg.force_button.isEnabled()
    qtbot.keyClicks(dlg.reason, "CONTROL: the rebels let them through")
    dlg.force_button.click()
    forced = {"kind": "move", "counter": "g-mil1", "to": "echo", "force": "CONTROL: the rebels let them through"}
    assert win.game.summary() == engine_after(forced)
    assert win.game.entries[-1].overridden


def test_fight_with_a_typed_die_then_undo_and_redo(win):
    move = {"kind": "move", "counter": "g-bde1", "to": "charlie"}
    drag_counter(win, "g-bde1", "charlie")
    assert win.game.summary() == engine_after(move)
    dlg = BinniActions(win).fight("delta")
    assert isinstance(dlg, FightDialog)
    dlg.checks["g-bde1"].setChecked(True)
    assert "6" in dlg.sides.text() and "3:2" in dlg.sides.text()
    dlg.die.setValue(4)
    dlg.fight_button.click()
    attack = {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 4}
    assert win.game.summary() == engine_after(move, attack)
    assert "PYRRHIC" in win.game.entries[-1].events[0].text
    win.undo_action.trigger()
    assert win.game.summary() == engine_after(move)
    win.undo_action.trigger()
    assert win.game.summary() == engine_after()
    win.redo_action.trigger()
    win.redo_action.trigger()
    assert win.game.summary() == engine_after(move, attack)
    assert win.scene.counters["g-bde1"].piece.damage == 1


def test_fight_with_air_support(win):
    """Air support chosen in the fight dialog counts in the odds and goes into the attack."""
    move = {"kind": "move", "counter": "g-bde1", "to": "charlie"}
    drag_counter(win, "g-bde1", "charlie")
    dlg = BinniActions(win).fight("delta")
    dlg.checks["g-bde1"].setChecked(True)
    assert not dlg.checks["r-mil1"].isEnabled(), "the defenders cannot join the attack"
    assert "attack <b>6</b>" in dlg.sides.text()
    dlg.support[("attacker", "bombing")].setValue(1)
    dlg.support[("attacker", "cruise_missile")].setValue(1)
    assert "attack <b>9</b>" in dlg.sides.text(), "bombing +2, cruise missile +1"
    assert "2:1" in dlg.sides.text()
    dlg.die.setValue(5)
    dlg.fight_button.click()
    attack = {"kind": "attack", "place": "delta", "attackers": ["g-bde1"], "die": 5,
              "attacker_support": ["bombing", "cruise_missile"]}
    assert win.game.summary() == engine_after(move, attack)
    assert win.game.state.teams["gov"].cruise_missiles == 1


def test_end_turn_previews_then_pushes(win):
    dlg = win.end_turn()
    assert isinstance(dlg, PreviewDialog)
    texts = [dlg.list.item(i).text() for i in range(dlg.list.count())]
    assert any("Week 1 ends" in t for t in texts)
    dlg.accept()
    assert [e.command["kind"] for e in win.game.entries] == ["end_turn"]
    # the dice drew cards: the state must be what the engine's replay of the journal gives
    assert win.game.module.summary(win.game.replay()) == win.game.summary()
    assert "Week 2" in win.windowTitle()


def test_log_panel_filters_and_exports(win):
    drag_counter(win, "g-mil1", "charlie")
    win.push({"kind": "news", "text": "Rebels | deny everything"})
    log = win.log_panel
    assert len(log.rows) >= 2
    log.text.setText("deny")
    assert [r["kind"] for r in log.shown_rows()] == ["news"]
    assert "\\|" in log.to_markdown()
    assert log.to_csv().startswith("seq,turn,kind,text")


def test_save_as_and_reopen(win, tmp_path):
    drag_counter(win, "g-mil1", "charlie")
    copy = win.save_as(tmp_path / "copy.game")
    win.push({"kind": "news", "text": "after save as"})
    expected = win.game.summary()
    win.close()
    reopened = open_game(copy)
    assert reopened.summary() == expected
    assert [e.command["kind"] for e in reopened.entries] == ["move", "news"]
    reopened.store.close()


def test_recover_after_a_crash(qtbot, tmp_path):
    first = open_window(None, ask=None)
    qtbot.addWidget(first)
    saved = first.path
    assert first.autosave and saved.exists()
    unit = next(iter(first.scene.counters))
    options = first.game.module.move_options(first.game.state, unit)
    first.push({"kind": "move", "counter": unit, "to": options[0].place})
    expected = first.game.summary()
    # the process dies: no closeEvent, the session marker stays, and the OS drops its lock (a real
    # SIGKILL is in tests/ui/test_recovery.py)
    marker = saved.with_name(saved.name + ".session")
    assert marker.exists() and start_session(saved)
    app_module._held.pop(marker).release()
    first.game.store.close()
    first.game.store = None
    first.autosave_path = None
    assert unfinished_sessions() == [saved]
    offered = []
    second = open_window(None, ask=lambda paths: offered.extend(paths) or paths[0])
    qtbot.addWidget(second)
    assert offered == [saved]
    assert second.path == saved
    assert second.game.summary() == expected
    second.close()
    assert unfinished_sessions() == []
