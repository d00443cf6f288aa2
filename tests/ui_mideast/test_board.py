"""The umpire's Mid-East PEACE board: the turn strip, declaring moves by drag, the fists, the auction, the UN.

Starting numbers (scenarios/mideast-peace.yaml): every country 20 Oil Chips, an Oil Reserve of 300,
Egypt Lower Egypt (oil 1, 4 Forces) and Upper Egypt (oil 1, 2 Forces), Libya Tripolitania (2) and
Cyrenaica (2), the UN Force in Sinai, lots of 3 Forces, no Blocs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLineEdit, QScrollArea, QTabWidget

from boardapp.ui import contributions
from boardapp.ui.rules.mideast.declare import DeclareDialog, MideastBoard
from boardapp.ui.rules.mideast.strip import TurnStrip
from boardapp.ui.rules.mideast.table import PeaceTable, table_texts

LEFT = Qt.MouseButton.LeftButton


def strip_of(win: Any) -> TurnStrip:
    dock = win.findChild(QDockWidget, "mideast.turn")
    assert dock is not None
    return dock.widget()


def table_of(win: Any) -> PeaceTable:
    dock = win.findChild(QDockWidget, "mideast.table")
    assert dock is not None
    return dock.widget()


def click(qtbot: Any, button: Any) -> None:
    """A real click, after bringing the button's tab forward and scrolling it into sight."""
    QApplication.processEvents()  # let a panel that just grew lay itself out
    w = button.parentWidget()
    while w is not None:
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                if w.widget(i).isAncestorOf(button):
                    bar = w.tabBar()
                    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(i).center())
        if isinstance(w, QScrollArea):
            w.ensureWidgetVisible(button)
        w = w.parentWidget()
    QApplication.processEvents()
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, LEFT)


def _send(vp: Any, kind: Any, pos: Any, buttons: Any, button: Any = Qt.MouseButton.NoButton) -> None:
    ev = QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, ev)


def drag(win: Any, counter: str, place: str) -> None:
    """Press on a counter, move through the air, release on a place: real mouse events on the view."""
    view, scene = win.view, win.scene
    view.centerOn(scene.counters[counter])
    r = scene.counters[counter].sceneBoundingRect()
    grip = next(p for p in (r.center(), QPointF(r.left() + r.width() * 0.2, r.center().y()))
                if scene.counter_at(p) is not None and scene.counter_at(p).counter_id == counter)
    start = view.mapFromScene(grip)
    end = view.mapFromScene(scene.place_pos(place))
    vp = view.viewport()
    _send(vp, QEvent.Type.MouseButtonPress, start, LEFT, LEFT)
    for i in range(1, 9):
        _send(vp, QEvent.Type.MouseMove, start + (end - start) * (i / 8), LEFT)
    _send(vp, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton, LEFT)


def declare(win: Any, counter: str, place: str) -> DeclareDialog:
    extras = contributions.installed(win).extras
    extras.dialog = None
    drag(win, counter, place)
    assert extras.dialog is not None, f"dropping {counter} on {place} opened no dialog"
    return extras.dialog


# --- installed -------------------------------------------------------------------------------------
def test_the_manifest_puts_its_docks_and_board_extras_in(win: Any) -> None:
    assert isinstance(strip_of(win), TurnStrip)
    assert isinstance(table_of(win), PeaceTable)
    extras = contributions.installed(win).extras
    assert isinstance(extras, MideastBoard)
    assert win.scene.drop_hook == extras.dropped
    sinai = extras.outlines.items["sinai"]
    assert sinai.scene() is win.scene
    contributions.uninstall(win)  # another game: the drops and the drawings go
    assert win.scene.drop_hook is None
    assert sinai.scene() is None


# --- the turn strip --------------------------------------------------------------------------------
def test_turn_strip_choose_phases_then_functions_in_order(qtbot: Any, win: Any) -> None:
    strip, table = strip_of(win), table_of(win)
    assert strip.player.text() == "Egypt's Player-Turn"
    assert strip.round.text() == "Round 1 of 10"
    assert not strip.collect.isVisible()  # nothing before the phases are chosen
    click(qtbot, strip.choose[("economic", "military")])
    assert win.game.state.phases == ("economic", "military")
    assert not strip.choose[("economic", "military")].isVisible()
    assert strip.phases.text() == "Phases: Economic → Military"
    assert strip.function_steps() == [("Collect Oil Revenue", "next"), ("Drilling Bids", "left"),
                                      ("Move Forces", "left"), ("Resolve Battles", "left")]
    click(qtbot, strip.collect)
    # Egypt's zones yield 1 + 1 = 2 chips from the Reserve: 20 -> 22, 300 -> 298.
    assert win.game.state.chips["egypt"] == 22 and win.game.state.reserve == 298
    assert table_texts(table.countries.table)[0][:2] == ["Egypt", "22"]
    assert table.countries.reserve.text() == "Oil Reserve: 298 chips"
    assert strip.function_steps()[0] == ("Collect Oil Revenue", "done")
    assert "✓ Collect Oil Revenue" in strip.functions.text()
    assert not strip.collect.isEnabled()  # a function is never repeated
    click(qtbot, strip.end)
    assert strip.player.text() == "Israel's Player-Turn"
    assert strip.choose[("military", "diplomatic")].isVisible()
    for _ in range(11):  # the other eleven countries pass: the round's Negotiation Phase
        click(qtbot, strip.end)
    assert strip.player.text() == "Negotiation Phase" and strip.end.text() == "End the round"
    assert not any(b.isVisible() for b in strip.choose.values()) and strip.functions.text() == ""
    click(qtbot, strip.end)
    assert (strip.round.text(), strip.player.text()) == ("Round 2 of 10", "Egypt's Player-Turn")


def test_a_function_passed_cannot_be_gone_back_to(qtbot: Any, win: Any) -> None:
    strip = strip_of(win)
    click(qtbot, strip.choose[("economic", "military")])
    click(qtbot, strip.collect)  # (skipping the revenue would be asked first: issue 25.10)
    dlg = declare(win, "forces-upper-egypt", "lower-egypt")  # a move: the Economic Phase is passed
    dlg.accept()
    assert strip.function_steps()[:3] == [("Collect Oil Revenue", "done"), ("Drilling Bids", "passed"),
                                          ("Move Forces", "current")]
    assert not strip.collect.isEnabled() and not strip.drill.isEnabled()


# --- declaring by drag --------------------------------------------------------------------------------
def test_drag_tells_redeploy_annex_and_attack_apart(qtbot: Any, open_board: Any) -> None:
    win = open_board(settings={"peacekeeping_at": None})  # Sinai free to annex
    click(qtbot, strip_of(win).choose[("military", "diplomatic")])
    redeploy = declare(win, "forces-upper-egypt", "lower-egypt")
    assert (redeploy.kind_word, redeploy.windowTitle()) == ("re-deploy", "Re-deployment")
    assert redeploy.forces.maximum() == 2  # Upper Egypt's 2 Forces
    redeploy.reject()
    annex = declare(win, "forces-lower-egypt", "sinai")
    assert (annex.kind_word, annex.windowTitle()) == ("annex", "Annexation")
    assert "annexes Sinai" in annex.what.text()
    annex.reject()
    attack = declare(win, "forces-lower-egypt", "cyrenaica")
    assert (attack.kind_word, attack.windowTitle()) == ("attack", "Attack")
    assert attack.what.text() == "Egypt attacks Libya in Cyrenaica from Lower Egypt"
    assert attack.forces.maximum() == 4
    assert win.game.entries[-1].command["kind"] == "choose_phases"  # cancelled dialogs played nothing
    attack.forces.setValue(3)
    attack.accept()
    battle = win.game.state.battles[0]
    assert (battle.source, battle.target, battle.forces, battle.attacker) == ("lower-egypt", "cyrenaica", 3, "egypt")
    assert table_texts(table_of(win).battles.table)[0][:4] == ["Lower Egypt → Cyrenaica", "Egypt", "3", "awaited"]


def test_while_dragging_each_reachable_zone_says_what_entering_it_is(open_board: Any) -> None:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    win = open_board(settings={"peacekeeping_at": None})
    options = win.scene.show_options("forces-lower-egypt")
    words = {t.text() for t in win.scene.items() if isinstance(t, QGraphicsSimpleTextItem)}
    # Lower Egypt's neighbours: Upper Egypt (Egypt's own), Sinai (no one's), Cyrenaica (Libya's).
    assert {"upper-egypt", "sinai", "cyrenaica"} <= set(options)
    assert {"re-deploy", "annex", "attack Libya"} <= words
    win.scene.clear_options()


def test_a_refused_drop_offers_the_force_dialog(qtbot: Any, win: Any) -> None:
    """Before the phases are chosen a move is out of order: refused with the reason, nothing played."""
    dlg = declare(win, "forces-upper-egypt", "lower-egypt")
    dlg.accept()
    assert win.game.entries == []
    assert "has not chosen the two phases" in win.statusBar().currentMessage()


# --- the fists -------------------------------------------------------------------------------------
BIG = {"egypt": {"forces": {"lower-egypt": 40, "upper-egypt": 2}, "chips": 60},
       "libya": {"forces": {"tripolitania": 2, "cyrenaica": 30}, "chips": 50}}


def battle_ready(qtbot: Any, open_board: Any) -> Any:
    win = open_board(countries=BIG)
    click(qtbot, strip_of(win).choose[("military", "diplomatic")])
    dlg = declare(win, "forces-lower-egypt", "cyrenaica")
    dlg.accept()
    return win


def test_each_fist_is_typed_masked_and_handed_in_alone(qtbot: Any, open_board: Any) -> None:
    win = battle_ready(qtbot, open_board)
    panel = table_of(win).battles
    att, dfn = panel.fists["attacker"], panel.fists["defender"]
    assert att.entry.echoMode() == QLineEdit.EchoMode.Password == dfn.entry.echoMode()
    assert att.who.text() == "Egypt (attacker): at most 40; holds 60 chips"
    assert dfn.who.text() == "Libya (defender): at most 30; holds 50 chips"
    qtbot.keyClicks(att.entry, "37")
    assert att.entry.displayText() != "37" and "37" not in att.entry.displayText()  # dots, not digits
    click(qtbot, att.hand_in)
    assert win.game.state.battles[0].fists == {"attacker": 37}
    assert att.entry.text() == "" and not att.entry.isEnabled()
    assert (att.status.text(), dfn.status.text()) == ("in (hidden)", "awaited")
    assert table_texts(panel.table)[0][3:6] == ["in", "Libya", "awaited"]
    qtbot.keyClicks(dfn.entry, "29")
    qtbot.keyClick(dfn.entry, Qt.Key.Key_Return)
    # Both in: revealed together; 37 > 29, the attacker wins; 37 + 29 chips go to the Reserve.
    assert win.game.state.battles[0].result == "attacker"
    assert win.game.state.reserve == 300 + 37 + 29
    assert panel.reveal.text().startswith("Fists open for Cyrenaica: Egypt 37, Libya 29")
    assert table_texts(panel.table)[0][3:7] == ["37", "Libya", "29", "attacker wins"]


def test_the_beaten_defender_retreats_from_the_panel_and_is_drawn_overturned(qtbot: Any, open_board: Any) -> None:
    win = battle_ready(qtbot, open_board)
    panel = table_of(win).battles
    assert not panel.retreat_box.isVisible()
    for side, chips in (("attacker", "5"), ("defender", "1")):
        qtbot.keyClicks(panel.fists[side].entry, chips)
        click(qtbot, panel.fists[side].hand_in)
    assert panel.retreat_box.isVisible()
    assert panel.retreat_label.text() == "Libya: 30 Forces leave Cyrenaica for"
    options = [panel.retreat_to.itemData(i) for i in range(panel.retreat_to.count())]
    assert options == ["tripolitania", None]  # Libya's one neighbouring zone, or elimination
    click(qtbot, panel.retreat_go)
    state = win.game.state
    assert state.forces["tripolitania"] == 32 and state.overturned["tripolitania"] == 30
    marks = contributions.installed(win).extras.overturned
    assert set(marks.items) == {"overturned-tripolitania"}
    cover = marks.items["overturned-tripolitania"]
    assert cover.rect() == win.scene.counters["overturned-tripolitania"].sceneBoundingRect()
    assert cover.zValue() > win.scene.counters["overturned-tripolitania"].zValue()


# --- the Arms Auction ---------------------------------------------------------------------------------
def test_auction_bids_as_they_come_and_the_winner(qtbot: Any, win: Any) -> None:
    click(qtbot, strip_of(win).choose[("military", "diplomatic")])
    panel = table_of(win).auction
    click(qtbot, panel.host)
    assert panel.title.text() == "Arms Auction of 3 Forces (Egypt)"
    for who, chips in (("jordan", 4), ("israel", 5)):
        panel.bidder.setCurrentIndex(panel.bidder.findData(who))
        panel.chips.setValue(chips)
        click(qtbot, panel.bid)
    assert table_texts(panel.bids) == [["Jordan", "4"], ["Israel", "5"], ["Highest", "Israel 5"]]
    click(qtbot, panel.close_it)
    state = win.game.state
    # Israel pays 5 to the Reserve and places the lot of 3 in its Homeland (5 + 3 Forces).
    assert state.chips["israel"] == 15 and state.reserve == 305 and state.forces["israel"] == 8
    assert panel.sale.text().startswith("Israel buys")
    assert state.auction is None and not panel.bid.isEnabled()


# --- the UN ---------------------------------------------------------------------------------------
def test_un_vote_a_row_per_country_the_tally_and_the_result(qtbot: Any, win: Any) -> None:
    click(qtbot, strip_of(win).choose[("military", "diplomatic")])
    panel = table_of(win).un
    panel.kind.setCurrentIndex(panel.kind.findData("resolution"))
    panel.text.setText("Free passage of Suez")
    click(qtbot, panel.put)
    rows = table_texts(panel.rows)
    # Twelve countries, each holding its Homeland: one vote each, none in a Bloc.
    assert [r[:3] for r in rows][:3] == [["Egypt", "1", "—"], ["Israel", "1", "—"], ["Jordan", "1", "—"]]
    assert len(rows) == 12
    for who, vote in (("egypt", "yea"), ("israel", "yea"), ("syria", "nay")):
        click(qtbot, panel.vote_buttons[(who, vote)])
    assert table_texts(panel.rows)[0][2] == "Yea"
    assert panel.tally.text() == "2 Yea, 1 Nay — carries"
    click(qtbot, panel.vote_buttons[("jordan", "nay")])
    assert panel.tally.text() == "2 Yea, 2 Nay — fails"  # a tie fails
    click(qtbot, panel.count)
    assert win.game.state.motion is None
    assert "fails" in panel.result.text().lower()


def test_bloc_colours_and_the_peacekeeping_force_are_outlined(win: Any) -> None:
    outlines = contributions.installed(win).extras.outlines
    assert outlines.marks == {"sinai": "un"}
    win.push({"kind": "set_bloc", "player": "iraq", "bloc": "red"})
    assert outlines.marks == {"sinai": "un", "mosul": "red", "mesopotamia": "red"}
    assert outlines.items["mosul"].pen().color().name() == "#c62828"
    countries = table_of(win).countries
    iraq = next(i for i, row in enumerate(table_texts(countries.table)) if row[0] == "Iraq")
    assert table_texts(countries.table)[iraq][4:6] == ["2", "Red"]  # a Bloc member's +1 vote
    assert countries.table.item(iraq, 5).background().color().name() == "#c62828"


def test_boardapp_opens_the_scenario_with_the_extras(qtbot: Any) -> None:
    from boardapp.ui.app import open_window
    from tests.mideast.helpers import SCENARIO

    w = open_window(SCENARIO, ask=None)
    qtbot.addWidget(w)
    assert w.game.module.name == "mideast"
    assert isinstance(w.findChild(QDockWidget, "mideast.table").widget(), PeaceTable)
    w.push({"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    assert strip_of(w).phases.text() == "Phases: Economic → Diplomatic"
