"""The step checklist: where the referee is in I-VI, what finishing the step does, and Finish step (real clicks)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

# The source's sequence of play, in its own numbering (issue #16, the digest's turn sequence).
SOURCE_SEQUENCE = ["I", "II.A", "II.B", "II.C", "II.D", "II.E", "II.F", "III.A", "III.B",
                   "IV.A", "IV.B", "IV.C", "IV.D", "IV.E", "V", "VI.A", "VI.B", "VI.C"]


def checklist(installed: Any) -> Any:
    return installed.docks["thegame.steps"].widget()


def statuses(panel: Any) -> list[tuple[str, str]]:
    return [(panel.steps.item(r, 0).text(), panel.steps.item(r, 2).text()) for r in range(panel.steps.rowCount())]


def test_the_checklist_lists_the_source_sequence_and_marks_step_I(installed: Any) -> None:
    panel = checklist(installed)
    assert [code for code, _ in statuses(panel)] == SOURCE_SEQUENCE
    assert statuses(panel)[0] == ("I", "now")
    assert all(status == "" for _, status in statuses(panel)[1:])
    assert "step I of I-VI" in panel.where.text()
    assert panel.finish.text().startswith("Finish step I ")
    # the preview says where finishing step I leads: the next step of the source's sequence, II.A
    lines = [panel.preview.item(i).text() for i in range(panel.preview.count())]
    assert any("II.A" in line for line in lines), lines


def test_finish_step_clicks_through_the_one_door(qtbot: Any, win: Any, installed: Any) -> None:
    panel = checklist(installed)
    heard: list[Any] = []
    win.controller.on_accepted(heard.append)
    qtbot.mouseClick(panel.finish, Qt.MouseButton.LeftButton)
    assert [o.entry.command["kind"] for o in heard] == ["finish_step"]
    assert win.game.state.step == 1
    assert statuses(panel)[:3] == [("I", "done"), ("II.A", "now"), ("II.B", "")]
    assert panel.finish.text().startswith("Finish step II.A ")
    # undo (the window's own stack) takes the step back, and the checklist follows
    win.undo_stack.undo()
    assert win.game.state.step == 0
    assert statuses(panel)[0] == ("I", "now")


def test_eighteen_clicks_make_a_whole_turn(qtbot: Any, win: Any, installed: Any, scenario_data: dict[str, Any]) -> None:
    """Finishing VI.C ends the turn: the next turn begins, years_per_turn later (5 unless the scenario says)."""
    panel = checklist(installed)
    start = win.game.state.year
    for code in SOURCE_SEQUENCE:
        assert panel.finish.text().startswith(f"Finish step {code} "), panel.finish.text()
        qtbot.mouseClick(panel.finish, Qt.MouseButton.LeftButton)
    years = scenario_data.get("settings", {}).get("years_per_turn", 5)
    assert (win.game.state.turn, win.game.state.year) == (2, start + years)
    assert statuses(panel)[0] == ("I", "now")
    assert f"Turn 2 ({start + years})" in panel.where.text()
