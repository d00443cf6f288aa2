"""A team renamed in the Scenario panel (its id typed in Properties) is renamed in a tables scenario's own
data — units, track starts — and deleting a team those tables name asks first, as deleting a place in use
does: real clicks and keys on the Tarn Valley opened in the editor."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from boardapp.ui.editor.window import EditorWindow

from .helpers import activate, click_button, field, settle, type_into, when_modal

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tarn(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    shutil.copy(ROOT / "scenarios" / "tarn-valley.yaml", tmp_path / "tarn-valley.yaml")
    shutil.copy(ROOT / "maps" / "tarn-valley.yaml", tmp_path / "tarn-valley-map.yaml")
    text = (tmp_path / "tarn-valley.yaml").read_text()
    (tmp_path / "tarn-valley.yaml").write_text(
        "\n".join(("map: tarn-valley-map.yaml" if line.startswith("map:") else line) for line in text.splitlines())
        + "\n")
    w = EditorWindow(str(tmp_path / "tarn-valley.yaml"))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def click_team(w: EditorWindow, row: int) -> None:
    lst = w.team_list
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     lst.visualItemRect(lst.item(row)).center())


def test_team_renamed_and_deleted_in_the_scenario_panel_reaches_the_tables(tarn, qtbot) -> None:
    w = tarn
    f = w.scenario.fields
    rebels = sorted(u.id for u in f["units"] if u.team == "rebels")
    click_team(w, 2)
    settle(qtbot)
    assert w.selected == ("teams", "rebels")
    type_into(qtbot, field(w.props_box, "id"), "hill-clans")
    settle(qtbot)
    f = w.scenario.fields
    assert sorted(u.id for u in f["units"] if u.team == "hill-clans") == rebels
    assert all(sorted(t.start) == ["crown", "hill-clans", "league"] for t in f["tracks"])
    assert [p.message for p in w.doc.problems() if p.severity == "error"] == []
    # Delete: the dialog lists the units and track starts; Cancel keeps everything
    seen = when_modal(qtbot, "delete-team-dialog", lambda d: click_button(d, "Cancel"))
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)
    settle(qtbot)
    assert seen and f"unit {rebels[0]}: team" in seen[0], seen
    assert f"track {f['tracks'][0].id}: start for hill-clans" in seen[0]
    assert [t.id for t in w.scenario.teams] == ["crown", "league", "hill-clans"]
    # Move them to the team first in the list (Crown), and delete
    seen = when_modal(qtbot, "delete-team-dialog", lambda d: click_button(d, "Move them"))
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)
    settle(qtbot)
    f = w.scenario.fields
    assert seen and [t.id for t in w.scenario.teams] == ["crown", "league"]
    assert set(rebels) <= {u.id for u in f["units"] if u.team == "crown"}
    assert all(sorted(t.start) == ["crown", "league"] for t in f["tracks"])
    assert [p.message for p in w.doc.problems() if p.severity == "error"] == []
    activate(w)
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # one undo step
    settle(qtbot)
    assert [t.id for t in w.scenario.teams] == ["crown", "league", "hill-clans"]
    assert sorted(u.id for u in w.scenario.fields["units"] if u.team == "hill-clans") == rebels


def test_deleting_a_unit_type_the_tables_name_asks_first(tarn, qtbot) -> None:
    w = tarn
    militia = sorted(u.id for u in w.scenario.fields["units"] if u.type == "mil")
    row = [u.id for u in w.scenario.unit_types].index("mil")
    lst = w.type_list
    QTest.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     lst.visualItemRect(lst.item(row)).center())
    settle(qtbot)
    assert w.selected == ("unit_types", "mil")
    seen = when_modal(qtbot, "delete-unit-type-dialog", lambda d: click_button(d, "Delete them too"))
    activate(w)
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Delete)
    settle(qtbot)
    assert seen and all(f"unit {m}: type" in seen[0] for m in militia), seen
    assert "mil" not in {u.id for u in w.scenario.unit_types}
    assert not set(militia) & {u.id for u in w.scenario.fields["units"]}
    assert [p.message for p in w.doc.problems() if p.severity == "error"] == []
