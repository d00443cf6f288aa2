"""The Diplomacy orders panel, drag-to-order and the revealed results, in the real window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget

from boardapp.engine.files import new_game
from boardapp.ui import contributions
from boardapp.ui.rules.diplomacy.board import DiplomacyBoard, region_text
from tests.ui_diplomacy.conftest import RESOLVE, resolve_forced

FRANCE = ["F Bri-Eng", "A Par-Pic", "A Lyo-Als"]
UK = ["F London - English Channel", "F Edi-Nth", "A Lvp-Wal"]
SECRET_BITS = ["Bri-Eng", "Par-Pic", "Lyo-Als", "bri -> eng", "par -> pic", "Brittany", "Picardy", "Alsace"]


def engine_after(loaded, *commands):
    """The game the engine alone reaches with these commands (the window must agree)."""
    game = new_game(loaded)
    for cmd in commands:
        game.push(cmd)
    return game


def type_orders(board: DiplomacyBoard, power: str, lines: list[str]) -> None:
    board.select_power(power)
    board.panel.editor.setPlainText("\n".join(lines))


def check_texts(board: DiplomacyBoard) -> list[str]:
    lst = board.panel.checks
    return [lst.item(i).text() for i in range(lst.count())]


def _send(vp, kind, pos, buttons, mods, button=Qt.MouseButton.NoButton):  # noqa: PLR0917
    ev = QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons, mods)
    QApplication.sendEvent(vp, ev)


def grip(scene, unit: str) -> QPointF:
    """A point of the unit's chip not covered by a neighbour's (MUN's chips overlap)."""
    r = scene.counters[unit].sceneBoundingRect()
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())
            hit = scene.counter_at(p)
            if hit is not None and hit.piece.id == unit:
                return p
    raise AssertionError(f"the chip of {unit} is covered")


def drag_unit(win, unit: str, place: str, mods=Qt.KeyboardModifier.NoModifier) -> None:
    """Press on a unit's chip, move through the air, release on a place: real mouse events."""
    view, scene = win.view, win.scene
    start = view.mapFromScene(grip(scene, unit))
    end = view.mapFromScene(scene.place_pos(place))
    vp = view.viewport()
    left = Qt.MouseButton.LeftButton
    _send(vp, QEvent.Type.MouseButtonPress, start, left, mods, left)
    for i in range(1, 9):
        _send(vp, QEvent.Type.MouseMove, start + (end - start) * (i / 8), left, mods)
    _send(vp, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton, mods, left)


def click_place(win, place: str) -> None:
    vp = win.view.viewport()
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     win.view.mapFromScene(win.scene.place_pos(place)))


# --- the panel ----------------------------------------------------------------------------------
def test_installed_for_a_diplomacy_game(win, board):
    assert isinstance(board, DiplomacyBoard)
    dock = win.findChild(QDockWidget, "Orders")
    assert dock is not None and dock.widget() is board.panel
    assert "Spring 1935" in win.windowTitle()
    assert board.panel.turn.text() == "Spring 1935"
    assert board.panel.power.count() == 9


def test_live_parse_shows_orders_and_errors(board):
    type_orders(board, "poland", ["A Sil S A Cze-Kra", "A Kra-Sil", "A Warsaw - Krakow", "F Gdy-Bal",
                                  "A Pod jumps Kie", "A Nor-Kie"])
    texts = check_texts(board)
    assert texts[1] == "✓ 2. Army Krakow → Silesia"
    assert texts[3] == "✓ 4. Fleet Gdynia → Baltic Sea"
    assert texts[0].startswith("✗ 1. illegal order 'A Sil S A Cze-Kra': Poland has no unit in sil")
    assert "has no unit in war" in texts[2]
    assert "unexpected 'jumps' after 'pod'" in texts[4]
    assert texts[5].startswith("✗ 6. ambiguous order 'A Nor-Kie'")
    # handed in as written: the rules record the four illegal lines and hold those units
    entry = board.hand_in()
    assert entry is not None and entry.command["orders"] == [
        "A Sil S A Cze-Kra", "A Kra-Sil", "A Warsaw - Krakow", "F Gdy-Bal", "A Pod jumps Kie", "A Nor-Kie"]
    assert sorted(board.game.state.orders["poland"]) == ["A Kra-Sil", "F Gdy-Bal"]
    shown = board.panel.error.text()
    assert shown.startswith("Handed in; 4 lines recorded as illegal (those units hold):")
    for line in ("A Sil S A Cze-Kra", "A Warsaw - Krakow", "A Pod jumps Kie", "A Nor-Kie"):
        assert f"• {line}:" in shown


def test_second_order_for_a_unit_is_an_error(board):
    type_orders(board, "france", ["A Par-Pic", "A Paris holds"])
    assert check_texts(board)[1].startswith("✗ 2. a second order for the unit in Paris (line 1)")


def test_coasts_and_reach_warnings(board):
    type_orders(board, "ussr", ["A Mos-Lat", "F Sev-Arm"])
    texts = check_texts(board)
    assert all(t.startswith(("✓", "⚠", "✗")) for t in texts)
    type_orders(board, "france", ["A Lyo S A Par-Pic"])
    assert "the support is void" in check_texts(board)[0]


def test_hand_in_resolve_and_secrecy(win, board, mun_loaded):
    game = win.game
    # an illegal order: the error is shown while typing, and the hand-in records it (the unit holds)
    type_orders(board, "france", [*FRANCE, "F Fna C A Par-Bur"])
    assert any("unknown province 'bur'" in t for t in check_texts(board))
    assert board.hand_in() is not None
    assert "F Fna C A Par-Bur: " in board.panel.error.text() and "unknown province 'bur'" in board.panel.error.text()
    assert game.state.orders["france"] == FRANCE
    # corrected and handed in again (the new hand-in replaces the old): the text leaves the screen
    type_orders(board, "france", FRANCE)
    assert board.hand_in() is not None
    assert game.state.orders["france"] == FRANCE
    assert board.panel.editor.toPlainText() == ""
    # the UK writes its orders: nothing of France's shows in the panel, on the board or in the log
    type_orders(board, "uk", UK)
    assert {d.power for d in board.layer.orders} == {"uk"}
    assert {(d.kind, d.src, d.dest) for d in board.layer.orders} == {
        ("move", "lon", "eng"), ("move", "edi", "nth"), ("move", "lvp", "wal")}
    shown = "\n".join([*board.panel.texts(), win.log_panel.to_csv(), win.windowTitle(),
                       win.statusBar().currentMessage()])
    for bit in SECRET_BITS:
        assert bit not in shown, bit
    handed = [board.panel.handed_in.item(i).text() for i in range(board.panel.handed_in.count())]
    assert "✓ Republic of France — handed in" in handed[1]
    assert handed[0].startswith("· United Kingdom — waiting")
    # switching to France shows an empty editor, not its handed-in orders
    board.select_power("france")
    assert board.panel.editor.toPlainText() == "" and board.layer.orders == []
    board.select_power("uk")
    assert board.panel.editor.toPlainText() == "\n".join(UK)
    assert board.hand_in() is not None
    # reveal and resolve: the board agrees with the engine alone
    resolve_forced(win, board, missing=7)
    alone = engine_after(mun_loaded, {"kind": "submit_orders", "power": "france", "orders": FRANCE},
                         {"kind": "submit_orders", "power": "uk", "orders": UK}, RESOLVE)
    assert game.summary() == alone.summary()
    assert "Fall 1935" in win.windowTitle() and board.panel.turn.text() == "Fall 1935"
    on_board = {c.piece.place for c in (win.scene.counters[k] for k in win.scene.counters)}
    assert {"pic", "als", "nth", "wal", "lon", "bri"} <= on_board
    assert not {"par", "lyo", "edi", "lvp"} & on_board
    # every order is revealed with its result: the two fleets bounced in the Channel
    results = {(d.power, d.src, d.dest): d.ok for d in board.layer.orders}
    assert results[("france", "bri", "eng")] is False and results[("uk", "lon", "eng")] is False
    assert results[("france", "par", "pic")] is True and results[("uk", "edi", "nth")] is True
    lines = [board.panel.results.item(i).text() for i in range(board.panel.results.count())]
    assert "Republic of France: Fleet Brittany → English Channel — fails (bounced)" in lines  # names, not ids
    assert board.panel.results_title.text() == "Results of Spring 1935"
    # the next phase's orders begin: the results leave the board
    type_orders(board, "uk", ["F Nth-Hol"])
    assert [(d.src, d.ok) for d in board.layer.orders] == [("nth", None)]


# --- orders from the board ----------------------------------------------------------------------
def test_drag_makes_a_move_order(win, board):
    drag_unit(win, "mun", "als")
    assert board.power == "germany"
    assert board.draft_lines() == ["A Mun-Als"]
    assert board.game.entries == []  # a drag only writes the order
    assert win.scene.counters["mun"].piece.place == "mun"
    assert [(d.kind, d.src, d.dest) for d in board.layer.orders] == [("move", "mun", "als")]
    # a second drag of the same unit replaces its order; back onto itself it holds
    drag_unit(win, "mun", "frk")
    assert board.draft_lines() == ["A Mun-Frk"]
    drag_unit(win, "mun", "mun")
    assert board.draft_lines() == ["A Mun H"]


def test_shift_drag_makes_a_support_order(win, board):
    drag_unit(win, "ber", "frk", Qt.KeyboardModifier.ShiftModifier)
    assert board.pending == ("support", "ber", "frk")
    assert board.draft_lines() == []
    click_place(win, "sax")
    assert board.pending is None
    assert board.draft_lines() == ["A Ber S A Frk-Sax"]
    assert check_texts(board) == ["✓ 1. Army Berlin supports Frankfurt → Saxony"]
    assert [(d.kind, d.src, d.target, d.dest) for d in board.layer.orders] == [("support_move", "ber", "frk", "sax")]
    # a click on the supported unit itself: support to hold
    drag_unit(win, "ber", "frk", Qt.KeyboardModifier.ShiftModifier)
    click_place(win, "frk")
    assert board.draft_lines() == ["A Ber S A Frk"]


def test_ctrl_drag_makes_a_convoy_order(win, board):
    drag_unit(win, "lon", "lvp", Qt.KeyboardModifier.ControlModifier)
    click_place(win, "bel")
    assert board.draft_lines() == ["F Lon C A Lvp-Bel"]
    assert board.layer.orders[0].kind == "convoy"


def test_escape_cancels_a_support(win, board):
    drag_unit(win, "ber", "frk", Qt.KeyboardModifier.ShiftModifier)
    assert board.pending is not None
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_Escape)
    assert board.pending is None and board.draft_lines() == []


def test_retreat_by_drag_and_dislodgement_shown(win, board):
    game = win.game
    game.push({"kind": "submit_orders", "power": "france", "orders": ["A Lyo-Als"]})
    game.push(RESOLVE)
    game.push({"kind": "submit_orders", "power": "germany", "orders": ["A Mun-Als", "A Mst S A Mun-Als"]})
    game.push(RESOLVE)
    assert "Fall 1935 (retreats)" in win.windowTitle()
    assert board.layer.dislodged == [("als", "mun")]
    options = {o.place for o in game.module.move_options(game.state, "als-dislodged")}
    dest = sorted(options)[0]
    drag_unit(win, "als-dislodged", dest)
    assert board.draft_lines() == [f"A Als R {region_text(dest)}"]
    assert check_texts(board)[0].startswith("✓ 1. Army Alsace retreats →")
    assert board.hand_in() is not None
    board.resolve()
    assert any(u.province == dest and u.power == "france" for u in game.state.units)


def test_context_orders_build_and_disband(board):
    assert board.context_orders("par") == [("Hold", "france", "A Par H")]
    assert board.context_orders("eng") == []


def test_supply_centres_tinted_in_owner_colours(board):
    assert board.tint.owners["par"] == "france" and board.tint.owners["ber"] == "germany"
    assert board.tint.colour_of("france") == "#1a2f8a"


def test_reinstalled_when_the_window_gets_another_game(win, board, mun_loaded):
    win.set_game(new_game(mun_loaded))
    again = contributions.installed(win).extras
    assert again is not board and isinstance(again, DiplomacyBoard)
    assert len([d for d in win.findChildren(QDockWidget) if d.objectName() == "Orders"
                and not d.isHidden()]) == 1


@pytest.mark.parametrize(("region", "text"), [("par", "Par"), ("stp(sc)", "Stp SC"), ("irn(nc)", "Irn NC")])
def test_region_text(region, text):
    assert region_text(region) == text


def test_other_rule_modules_get_other_extras(qtbot, tmp_path):
    from boardapp.engine.files import load_scenario
    from boardapp.ui.mainwindow import MainWindow

    tiny = new_game(load_scenario(Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"))
    w = MainWindow(tiny)
    qtbot.addWidget(w)
    done = contributions.installed(w)
    assert done.manifest.name == "binni" and done.extras is None, "War in Binni brings its menus, not the orders panel"
    assert set(done.actions) == {"binni.transfer", "binni.news"}
    assert w.findChild(QDockWidget, "Orders") is None


def _painted(win):
    """The board as the window shows it, as an array of 0xAARRGGBB pixels."""
    import numpy as np
    from PySide6.QtGui import QImage

    img = win.view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), dtype=np.uint32).reshape(img.height(), img.bytesPerLine() // 4)
    return rows[:, : img.width()].copy()


def _pixels(img, hex_colour: str) -> int:
    return int((img == (0xFF000000 | int(hex_colour.removeprefix("#"), 16))).sum())


def _differing(a, b) -> int:
    return int((a != b).sum())


def test_board_with_orders_and_results_paints(win, board):
    germany = board.tint.colour_of("germany").lower()
    win.view.centre_on_place("mun")
    win.view.zoom_in()
    blank = _painted(win)
    type_orders(board, "germany", ["A Mun-Als", "A Mst S A Mun-Als", "F Ham C A Mst-Hol", "A Ber H",
                                   "A Frk S A Mst"])
    kinds = sorted(d.kind for d in board.layer.orders)
    assert kinds == ["convoy", "hold", "move", "support_hold", "support_move"]
    drawn = _painted(win)
    assert _pixels(drawn, germany) > _pixels(blank, germany) + 100, "the orders are drawn in Germany's colour"
    board.hand_in()
    resolve_forced(win, board, missing=8)
    assert {d.power for d in board.layer.orders} == {"germany"}
    assert all(d.ok is not None for d in board.layer.orders)
    resolved = _painted(win)
    assert _differing(drawn, resolved) > 100, "the results are drawn over the orders"
    assert _pixels(resolved, germany) > _pixels(blank, germany) + 100, "the orders stay on the board"


def test_the_board_offers_no_other_rule_systems_actions(win):
    """The window's own menus hold nothing of War in Binni: a Diplomacy province offers no attack."""
    texts = [a.text() for a in win.build_context_menu("place", "par").actions()]
    assert not any("Attack" in t or "Influence" in t or "aid" in t for t in texts)
    turn = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Turn")
    assert not any("Transfer" in a.text() for a in turn.actions())
