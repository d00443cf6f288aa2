"""The ledgers: per nation and per region, sortable (numbers as numbers), CSV, each figure's history, and the
referee's Edit figure… through the one door (real clicks and keys)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from boardapp.ui.dialogs.command import ForceDialog


def ledgers(installed: Any) -> Any:
    return installed.docks["thegame.ledgers"].widget()


def column(view: Any, title: str) -> int:
    return [c.title for c in view.model.columns].index(title)


def shown(view: Any, title: str) -> list[str]:
    col = column(view, title)
    return [view.proxy.index(r, col).data() for r in range(view.proxy.rowCount())]


def click_header(qtbot: Any, view: Any, col: int) -> None:
    header = view.table.horizontalHeader()
    x = header.sectionViewportPosition(col) + header.sectionSize(col) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def click_cell(qtbot: Any, view: Any, row_name: str, title: str) -> None:
    names = shown(view, view.model.columns[0].title)
    index = view.proxy.index(names.index(row_name), column(view, title))
    view.table.scrollTo(index)
    rect = view.table.visualRect(index)
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_nation_ledger_reads_the_scenario_books(installed: Any, scenario_data: dict[str, Any]) -> None:
    view = ledgers(installed).nations
    names = {n["name"]: n for n in scenario_data["nations"]}
    assert sorted(shown(view, "nation")) == sorted(names)
    banks = dict(zip(shown(view, "nation"), shown(view, "bank $"), strict=True))
    assert banks == {name: str(n["bank"]) for name, n in names.items()}


def test_sorting_a_column_sorts_numbers_as_numbers(qtbot: Any, installed: Any, loaded: Any,
                                                   scenario_data: dict[str, Any]) -> None:
    """Pools of 1 to 2 digits: sorted as text, '9' would come above '12'."""
    view = ledgers(installed).regions
    col = column(view, "pool")
    click_header(qtbot, view, col)
    click_header(qtbot, view, col)  # the second click sorts the other way
    pools = [int(b) for b in shown(view, "pool")]
    sea = {r.id for r in loaded[1].regions if r.kind == "sea"}
    expected = sorted((int(r.get("pool", 0)) for r in scenario_data["regions"] if r["id"] not in sea), reverse=True)
    assert max(expected) >= 10 and min(expected) < 10  # the case that tells numbers from text
    if view.table.horizontalHeader().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder:
        expected.reverse()
    assert pools == expected


def test_export_csv_writes_the_table_as_shown(qtbot: Any, installed: Any, tmp_path: Path, loaded: Any,
                                              scenario_data: dict[str, Any]) -> None:
    view = ledgers(installed).regions
    click_header(qtbot, view, column(view, "pool"))
    out = tmp_path / "regions.csv"
    written = view.export_csv(out)
    with out.open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    sea = {r.id for r in loaded[1].regions if r.kind == "sea"}  # the map says which regions are sea
    land = [r for r in scenario_data["regions"] if r["id"] not in sea]
    assert written == len(land) == len(rows) - 1
    assert rows[0][:4] == ["region", "owner", "occupier", "ED"]
    pool = rows[0].index("pool")
    assert [int(r[pool]) for r in rows[1:]] == sorted(int(r.get("pool", 0)) for r in land)


def test_a_cell_shows_its_history_and_the_edit_dialog_changes_it(qtbot: Any, win: Any, installed: Any,
                                                                 scenario_data: dict[str, Any]) -> None:
    mexico = next(n for n in scenario_data["nations"] if n["id"] == "mexico")
    view = ledgers(installed).nations
    click_cell(qtbot, view, "Mexico", "bank $")
    history = [view.history.item(i).text() for i in range(view.history.count())]
    year = scenario_data.get("settings", {}).get("start_year", 2000)
    assert history == [f"{year} (start): {mexico['bank']}", f"now: {mexico['bank']}"]

    qtbot.mouseClick(view.edit_button, Qt.MouseButton.LeftButton)
    dlg = win.dialog
    assert dlg.path.text() == "nations.mexico.bank"
    assert dlg.now.text() == str(mexico["bank"])
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dlg.new.clear()
    qtbot.keyClicks(dlg.new, "40")
    assert not ok.isEnabled() and "reason" in dlg.problem.text()  # no edit without a reason
    qtbot.keyClicks(dlg.reason, "a loan from the referee")
    assert ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    last = win.game.entries[-1]
    assert last.command["kind"] == "edit" and last.command["reason"] == "a loan from the referee"
    assert win.game.state.nations["mexico"].bank == 40
    assert dict(zip(shown(view, "nation"), shown(view, "bank $"), strict=True))["Mexico"] == "40"
    history = [view.history.item(i).text() for i in range(view.history.count())]
    assert history == [f"{year} (start): {mexico['bank']}", "now: 40"]
    win.undo_stack.undo()
    assert win.game.state.nations["mexico"].bank == mexico["bank"]


def test_an_edit_refused_when_someone_changed_the_figure_meanwhile(qtbot: Any, win: Any, installed: Any) -> None:
    view = ledgers(installed).nations
    click_cell(qtbot, view, "Mexico", "bank $")
    qtbot.mouseClick(view.edit_button, Qt.MouseButton.LeftButton)
    dlg = win.dialog
    old = win.game.state.nations["mexico"].bank
    dlg.new.clear()
    qtbot.keyClicks(dlg.new, "99")
    qtbot.keyClicks(dlg.reason, "first")
    # another umpire's edit lands while the dialog is open
    assert win.controller.submit({"kind": "edit", "path": "nations.mexico.bank", "old": old, "new": 7,
                                  "reason": "second"}).accepted
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert win.game.state.nations["mexico"].bank == 7
    assert isinstance(win.dialog, ForceDialog)
    assert "someone changed it" in win.statusBar().currentMessage()


def test_a_bad_value_or_path_is_named_in_the_dialog(qtbot: Any, win: Any) -> None:
    from boardapp.ui.rules.thegame.edit import EditFigureDialog

    dlg = EditFigureDialog(win.game, "nations.mexico.bank", win)
    qtbot.addWidget(dlg)
    dlg.new.clear()
    qtbot.keyClicks(dlg.new, "lots")
    qtbot.keyClicks(dlg.reason, "r")
    assert dlg.problem.text() == "new value: 'lots' is not a whole number"
    dlg.path.setText("nations.atlantis.bank")
    assert dlg.problem.text() == "no nation 'atlantis'"
    assert not dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_turn_menu_offers_edit_figure(win: Any, installed: Any) -> None:
    action = installed.actions["thegame.edit"]
    assert action in win.menu("turn").actions()
    action.trigger()
    assert win.dialog.path.text() == ""


def test_a_regions_context_menu_finds_it_in_the_ledger_and_edits_it(win: Any, installed: Any,
                                                                      scenario_data: dict[str, Any]) -> None:
    alaska = next(r for r in scenario_data["regions"] if r["id"] == "alaska")
    menu = win.build_context_menu("place", "alaska")
    by_text = {a.text(): a for a in menu.actions()}
    by_text["Show Alaska in the ledger"].trigger()
    panel = ledgers(installed)
    assert panel.tabs.currentWidget() is panel.regions
    assert panel.regions.selected_path() is None  # the name column: not a figure
    assert panel.regions.history_title.text().startswith("Alaska")
    by_text["Edit a figure of Alaska…"].trigger()
    assert win.dialog.path.text() == "regions.alaska.pool"
    assert win.dialog.now.text() == str(alaska.get("pool", 0))


def test_a_units_context_menu_finds_its_nation(win: Any, installed: Any, scenario_data: dict[str, Any]) -> None:
    unit = scenario_data["units"][0]
    nation_name = next(n["name"] for n in scenario_data["nations"] if n["id"] == unit["nation"])
    menu = win.build_context_menu("counter", unit["id"])
    [action] = [a for a in menu.actions() if a.text() == f"Show {nation_name} in the ledger"]
    action.trigger()
    panel = ledgers(installed)
    assert panel.tabs.currentWidget() is panel.nations
    assert panel.nations.history_title.text().startswith(nation_name)
