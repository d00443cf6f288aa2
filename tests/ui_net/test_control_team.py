"""Issue 29 on real windows: CONTROL hosting, two umpire seats joined over 127.0.0.1, each with the Control
team dock. A ruling written at one table is seen at the others and met again by a refusal there; a
follow-up crosses tables with its badges; notes carry unread counts."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDockWidget

from boardapp.ui.control.dock import PlaceBadge
from boardapp.ui.control.precedent import PrecedentDialog
from tests.ui_net.test_network_windows import WAIT, code_of, host_summary


def _rows(items: Any) -> list[str]:
    """A list's items: 'who · when · …' then, on the next line, the text."""
    return [items.item(i).text() for i in range(items.count())]


def _dock(win: Any) -> QDockWidget:
    dock = win.findChild(QDockWidget, "control-team")
    assert dock is not None
    return dock


def test_rulings_follow_ups_and_notes_cross_tables(qtbot: Any, host_window: Any, join: Any) -> None:
    control = host_window
    url = control.network.runner.url
    u1 = join(url, code_of(control, "umpire 1"))
    u2 = join(url, code_of(control, "umpire 2"))
    for win in (control, u1, u2):
        assert not _dock(win).isHidden() and _dock(win).windowTitle() == "Control team"
    p1, p2, pc = u1.control_team, u2.control_team, control.control_team
    assert pc.confirm_button.isVisibleTo(pc) and not p1.confirm_button.isVisibleTo(p1)  # CONTROL judges only
    assert pc.publish.isVisibleTo(pc) and not p1.publish.isVisibleTo(p1)  # and publishes to the hall

    # 1. umpire 1 writes a ruling; everyone's register shows it, signed by umpire 1's seat
    p1.ruling_text.setText("Echo's bridge is down: moves into Echo are refused")
    p1.ruling_area.setText("movement")
    p1.ruling_about.setText("echo, move")
    p1.write_button.click()
    for p in (pc, p2):
        qtbot.waitUntil(lambda p=p: len(_rows(p.rulings)) == 1, timeout=WAIT)
        row = _rows(p.rulings)[0]
        assert row.split(" · ", 1)[1] == ("umpire 1 · movement · ruled\n"
                                          "Echo's bridge is down: moves into Echo are refused")
    p2.search.setText("bridge")
    assert len(_rows(p2.rulings)) == 1
    p2.search.setText("asteroid")
    assert _rows(p2.rulings) == []
    p2.search.clear()
    assert [p2.area_filter.itemText(i) for i in range(p2.area_filter.count())] == ["All areas", "movement"]

    # 2. CONTROL confirms it as standing
    pc.rulings.item(0).setSelected(True)
    assert pc.confirm_button.isEnabled()
    pc.confirm_button.click()
    qtbot.waitUntil(lambda: _rows(p2.rulings) and " · standing\n" in _rows(p2.rulings)[0], timeout=WAIT)

    # 3. a refusal at another table meets it: umpire 2 sees it (and may not force); CONTROL applies it again
    out = u2.controller.submit({"kind": "move", "counter": "r-mil1", "to": "bravo"})  # a move: the same kind
    assert out.code == "illegal" and out.precedents
    dlg = u2.dialog
    assert isinstance(dlg, PrecedentDialog)
    assert any("by umpire 1: Echo's bridge is down" in lbl.text() for lbl in dlg.findChildren(type(dlg.what)))
    assert dlg.apply_buttons[0].text() == "Ask CONTROL" and not dlg.force_button.isVisible()
    dlg.apply_buttons[0].click()  # an umpire's one click: a note asking CONTROL to apply the ruling
    qtbot.waitUntil(lambda: pc.notes.count() == 1, timeout=WAIT)
    assert "umpire 2 → All of Control: Please apply the ruling of entry" in pc.notes.item(0).text()
    assert "move: counter r-mil1" in pc.notes.item(0).text()
    out = control.controller.submit({"kind": "move", "counter": "g-bde1", "to": "echo"})
    dlg = control.dialog
    assert isinstance(dlg, PrecedentDialog) and dlg.apply_buttons[0].isEnabled()
    dlg.apply_buttons[0].click()
    qtbot.waitUntil(lambda: host_summary(control)["counters"]["g-bde1"]["place"] == "echo", timeout=WAIT)
    qtbot.waitUntil(lambda: len(_rows(p1.rulings)) == 2, timeout=WAIT)
    forced = _rows(p1.rulings)[0].split(" · ", 1)[1]
    assert forced.startswith("CONTROL · ruled\nAs ruled") and "by umpire 1" in forced and "(forced move)" in forced

    # 4. a follow-up from umpire 1 for umpire 2, about Charlie: a badge on umpire 2's dock and map
    p1.follow_up_text.setText("Tell the rebels the asteroid was diverted")
    p1.follow_up_to.setEditText("umpire 2")
    p1.follow_up_due.setCurrentIndex(p1.follow_up_due.findData("turn"))
    p1.follow_up_when.setText("2")
    p1.follow_up_about.setText("charlie")
    p1.pin_button.click()
    qtbot.waitUntil(lambda: _dock(u2).windowTitle() == "Control team (1)", timeout=WAIT)
    assert p2.tabs.tabText(1) == "Follow-ups (1)"
    assert list(p2.map_badges) == ["charlie"] and isinstance(p2.map_badges["charlie"], PlaceBadge)
    assert p2.map_badges["charlie"].scene() is u2.scene
    assert p1.map_badges == {} and p1.tabs.tabText(1) == "Follow-ups"  # not umpire 1's to do
    assert _dock(u1).windowTitle() == "Control team (1)"  # (umpire 2's request to all of Control, unread)
    assert any("asteroid was diverted" in line for line in u2.end_turn_preview())
    pc.scope.setCurrentIndex(pc.scope.findData("all"))  # CONTROL's overview of open follow-ups by age
    qtbot.waitUntil(lambda: len(_rows(pc.follow_ups)) == 1, timeout=WAIT)
    assert _rows(pc.follow_ups)[0].split(" · ", 1)[1] == ("umpire 1 → umpire 2 · due turn 2\n"
                                                          "Tell the rebels the asteroid was diverted")
    p2.follow_ups.item(0).setSelected(True)
    p2.done_button.click()
    qtbot.waitUntil(lambda: _rows(pc.follow_ups) == [], timeout=WAIT)
    qtbot.waitUntil(lambda: _dock(u2).windowTitle() == "Control team", timeout=WAIT)
    assert p2.map_badges == {}
    pc.scope.setCurrentIndex(pc.scope.findData("closed"))
    assert "· due turn 2 — done by umpire 2" in _rows(pc.follow_ups)[0]

    # 4b. the addressee list names teams as people know them; a team picked by name is addressed by its id
    team = u1.game.module.teams[0]
    assert f"team {team.name}" in [p1.follow_up_to.itemText(i) for i in range(p1.follow_up_to.count())]
    assert f"team {team.id}" not in [p1.follow_up_to.itemText(i) for i in range(p1.follow_up_to.count())]
    p1.follow_up_text.setText("Their stores are counted at the end of the week")
    p1.follow_up_to.setEditText(f"team {team.name}")
    p1.follow_up_due.setCurrentIndex(p1.follow_up_due.findData("now"))
    p1.follow_up_about.setText("")
    p1.pin_button.click()
    pc.scope.setCurrentIndex(pc.scope.findData("all"))
    qtbot.waitUntil(lambda: any(f"team {team.id}" in r for r in _rows(pc.follow_ups)), timeout=WAIT)

    # 5. a note from umpire 2 to umpire 1: unread on umpire 1's board until its Notes tab is shown
    p2.note_to.setEditText("umpire 1")
    p2.note_text.setText("Rebels' umpire is on a break until 11:40")
    p2.send_button.click()
    qtbot.waitUntil(lambda: p1.tabs.tabText(2) == "Notes (2)", timeout=WAIT)
    assert _dock(u1).windowTitle() == "Control team (2)"
    assert p1.notes.item(1).text().endswith("umpire 2 → umpire 1: Rebels' umpire is on a break until 11:40")
    assert pc.notes.count() == 1  # a note to one seat is not listed at another's (only umpire 2's request)
    _dock(u1).show()
    _dock(u1).raise_()
    p1.tabs.setCurrentIndex(2)
    qtbot.waitUntil(lambda: p1.tabs.tabText(2) == "Notes", timeout=WAIT)
    assert _dock(u1).windowTitle() == "Control team"
