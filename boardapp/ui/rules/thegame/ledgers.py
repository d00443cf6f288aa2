"""The Game's ledgers: the referee's books per nation and per region, as sortable tables.

Each table is a :class:`LedgerModel` (a ``QAbstractTableModel`` read from the rule module's state) behind a
``QSortFilterProxyModel``; numbers sort as numbers. Selecting a cell shows that figure's turn-by-turn history
(the module keeps it: ``ledger.history_of``); a table exports to CSV in the order shown; "Edit figure…"
opens the referee's logged override on the selected figure. Named in the manifest as the dock
``thegame.ledgers``. The umpire's window is the referee's: banks and technology are shown here; the big
screen never shows this dock.
"""

from __future__ import annotations

import contextlib
import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from boardapp.rules.thegame import ledger
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.world import World

Cell = int | str
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column:
    """One column of a ledger: its heading, how to read it, where the referee edits it, its history key."""

    title: str
    read: Callable[[World, TheGameState, str], Cell]
    edit: str | None = None
    """The ``edit`` command's path, with ``{id}`` for the row's nation or region (None: not editable here)."""
    history: str | None = None
    """The figure's key in the module's history (None: no turn-by-turn history is kept)."""


def _nation_columns(w: World) -> list[Column]:
    def fig(name: str) -> Callable[[World, TheGameState, str], Cell]:
        return lambda w, s, i: ledger.nation_figures(w, s, i)[name]

    cols = [
        Column("nation", lambda w, s, i: w.nname(i)),
        Column("player", lambda w, s, i: w.pname(s.nations[i].player)),
        Column("capital", lambda w, s, i: w.rname(s.nations[i].capital), "nations.{id}.capital"),
        Column("bank $", fig("bank"), "nations.{id}.bank", "bank"),
        Column("production $", fig("production"), "nations.{id}.produced", "production"),
        Column("regions", fig("regions"), None, "regions"),
        Column("labour", fig("labour"), None, "labour"),
        Column("units", fig("units"), None, "units"),
        Column("tech (sum)", fig("tech"), None, "tech"),
    ]
    for field in w.settings.tech_fields:
        cols.append(Column(f"tech {field}", lambda w, s, i, f=field: s.nations[i].tech.get(f, 0),
                           f"nations.{{id}}.tech.{field}"))
    return cols


def _region_columns(w: World) -> list[Column]:
    def fig(name: str) -> Callable[[World, TheGameState, str], Cell]:
        def read(w: World, s: TheGameState, i: str) -> Cell:
            value = ledger.region_figures(s, i)[name]
            return value if isinstance(value, int) else ""
        return read

    return [
        Column("region", lambda w, s, i: w.rname(i)),
        Column("owner", lambda w, s, i: w.nname(o) if (o := s.regions[i].owner) else "non-player",
               "regions.{id}.owner", "owner"),
        Column("occupier", lambda w, s, i: w.nname(o) if (o := s.regions[i].occupier) else "",
               "regions.{id}.occupier"),
        Column("ED", fig("ed"), "regions.{id}.ed", "ed"),
        Column("pool", fig("pool"), "regions.{id}.pool", "pool"),
        Column("farm", fig("farm"), "regions.{id}.farm", "farm"),
        Column("starving", fig("starving"), "regions.{id}.starving", "starving"),
        Column("facilities", fig("facilities"), None, "facilities"),
        Column("insurgents", fig("insurgents"), None, "insurgents"),
        Column("PIPs", lambda w, s, i: ", ".join(f"{p} {n}" for p, n in sorted(s.regions[i].pips.items()))),
        Column("relations", lambda w, s, i: ", ".join(f"{p} {r}" for p, r in sorted(s.regions[i].relations.items()))),
    ]


class LedgerModel(QAbstractTableModel):
    """One ledger (``table`` is 'nations' or 'regions', the module's history keys) read from the game's state.

    ``Qt.UserRole`` gives a cell's raw value (numbers as ints), which the proxy sorts on."""

    def __init__(self, game: Any, table: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self.table = table
        module = game.module
        self.world: World = module.world
        self.columns = _nation_columns(self.world) if table == "nations" else _region_columns(self.world)
        self.ids: list[str] = []
        self.cells: list[list[Cell]] = []
        self.reload()

    def reload(self) -> None:
        """Read the books again (after every change to the game)."""
        self.beginResetModel()
        s: TheGameState = self.game.state
        if self.table == "nations":
            self.ids = sorted(s.nations)
        else:
            self.ids = sorted(rid for rid, r in s.regions.items() if not r.sea)
        self.cells = [[col.read(self.world, s, i) for col in self.columns] for i in self.ids]
        self.endResetModel()

    # --- the model --------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self.cells[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            col = self.columns[index.column()]
            return f"edit as {self.path(index.row(), index.column())}" if col.edit else None
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].title
        return None

    # --- what a cell stands for -----------------------------------------------------------------
    def path(self, row: int, column: int) -> str | None:
        """The ``edit`` path of a cell, or None if the referee edits it elsewhere (a sum, a name)."""
        template = self.columns[column].edit
        return None if template is None else template.format(id=self.ids[row])

    def history(self, row: int, column: int) -> list[tuple[int, int, Any]] | None:
        """[(turn, year, value), …] of a cell's figure, or None if no history is kept for it."""
        key = self.columns[column].history
        if key is None:
            return None
        return ledger.history_of(self.game.state, self.table, self.ids[row], key)


class LedgerView(QWidget):
    """A ledger's table (sortable), its figure history beside it and its buttons."""

    def __init__(self, game: Any, table: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LedgerModel(game, table, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView()
        self.table.setObjectName(f"ledger-{table}")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.history_title = QLabel("Select a figure: its history turn by turn")
        self.history_title.setWordWrap(True)
        self.history = QListWidget()
        side = QWidget()
        side_box = QVBoxLayout(side)
        side_box.setContentsMargins(0, 0, 0, 0)
        side_box.addWidget(self.history_title)
        side_box.addWidget(self.history, 1)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(side)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.export_button = QPushButton("Export CSV…")
        self.edit_button = QPushButton("Edit figure…")
        self.edit_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.edit_button)
        buttons.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(2, 2, 2, 2)
        box.addWidget(split, 1)
        box.addLayout(buttons)
        self.table.selectionModel().currentChanged.connect(lambda *_: self.show_history())
        self.export_button.clicked.connect(self._ask_export)
        self._selected: tuple[str, int] | None = None
        """(row id, source column) of the selected cell, kept across reloads."""

    def reload(self) -> None:
        keep = self._selected
        self.model.reload()
        if keep is not None and keep[0] in self.model.ids:
            src = self.model.index(self.model.ids.index(keep[0]), keep[1])
            self.table.setCurrentIndex(self.proxy.mapFromSource(src))
        self.show_history()

    def current(self) -> tuple[int, int] | None:
        """The selected cell as (source row, column), or None."""
        index = self.table.currentIndex()
        if not index.isValid():
            return None
        src = self.proxy.mapToSource(index)
        return src.row(), src.column()

    def selected_path(self) -> str | None:
        cell = self.current()
        return None if cell is None else self.model.path(*cell)

    def show_history(self) -> None:
        """The selected figure's history: one line per recorded turn end, then its value now."""
        self.history.clear()
        cell = self.current()
        if cell is None:
            self._selected = None
            self.edit_button.setEnabled(False)
            return
        row, column = cell
        self._selected = (self.model.ids[row], column)
        self.edit_button.setEnabled(self.model.path(row, column) is not None)
        name = self.model.cells[row][0]
        title = self.model.columns[column].title
        past = self.model.history(row, column)
        if past is None:
            self.history_title.setText(f"{name} — {title}: no turn-by-turn history is kept for this figure")
            return
        self.history_title.setText(f"{name} — {title}, turn by turn")
        for turn, year, value in past:
            when = "start" if turn == 0 else f"end of turn {turn}"
            self.history.addItem(f"{year} ({when}): {'—' if value is None else value}")
        self.history.addItem(f"now: {self.model.cells[row][column]}")

    def rows_shown(self) -> list[list[str]]:
        """The table as shown (in the current sort order), heading first."""
        out = [[c.title for c in self.model.columns]]
        for r in range(self.proxy.rowCount()):
            out.append([str(self.proxy.index(r, c).data()) for c in range(self.proxy.columnCount())])
        return out

    def export_csv(self, path: str | Path) -> int:
        """Write the table as shown to ``path`` (UTF-8 CSV); the number of rows written (heading excluded)."""
        rows = self.rows_shown()
        with open(path, "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(rows)
        return len(rows) - 1

    def _ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export ledger", f"{self.model.table}.csv", "CSV (*.csv)")
        if name:
            self.export_csv(name)


class LedgersPanel(QWidget):
    """The ledgers dock: Nations and Regions tabs, kept up to date with the game."""

    def __init__(self, game: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.nations = LedgerView(game, "nations")
        self.regions = LedgerView(game, "regions")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.nations, "Nations")
        self.tabs.addTab(self.regions, "Regions")
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.tabs)
        self._unsubscribe: Callable[[], None] | None = game.subscribe(lambda _what, _entry: self.reload())
        self.destroyed.connect(lambda _obj=None, stop=self._unsubscribe: _stop_quietly(stop))

    @classmethod
    def for_window(cls, window: Any) -> LedgersPanel:
        """The dock ``thegame.ledgers`` for ``window``: "Edit figure…" opens the manifest's edit dialog."""
        from boardapp.ui.rules.thegame.edit import open_edit

        panel = cls(window.game)
        for view in (panel.nations, panel.regions):
            view.edit_button.clicked.connect(lambda _c=False, v=view: open_edit(window, v.selected_path()))
        return panel

    def reload(self) -> None:
        self.nations.reload()
        self.regions.reload()


def _stop_quietly(stop: Callable[[], None] | None) -> None:
    if stop is not None:
        with contextlib.suppress(ValueError):
            stop()


# --- context menus (manifest ``context``) ---------------------------------------------------------------
def show_in_ledger(window: Any, table: str, ident: str) -> bool:
    """Raise the ledgers dock on ``table``'s tab with the row of ``ident`` selected (False if it has none)."""
    from boardapp.ui import contributions

    done = contributions.installed(window)
    dock = done.docks.get("thegame.ledgers") if done is not None else None
    if dock is None:
        return False
    panel: LedgersPanel = dock.widget()
    view = panel.nations if table == "nations" else panel.regions
    if ident not in view.model.ids:
        return False
    panel.tabs.setCurrentWidget(view)
    dock.show()
    dock.raise_()
    view.table.setCurrentIndex(view.proxy.mapFromSource(view.model.index(view.model.ids.index(ident), 0)))
    return True


def place_actions(window: Any, menu: Any, place: str) -> None:
    """A region's context menu: its ledger row and the referee's edit of its labour pool."""
    from boardapp.ui.rules.thegame.edit import open_edit

    state = window.game.state
    region = state.regions.get(place)
    if region is None or region.sea:
        return
    name = window.game.module.world.rname(place)
    menu.addAction(f"Show {name} in the ledger", lambda: show_in_ledger(window, "regions", place))
    menu.addAction(f"Edit a figure of {name}…", lambda: open_edit(window, f"regions.{place}.pool"))


def counter_actions(window: Any, menu: Any, counter: str) -> None:
    """A unit's context menu: its nation's ledger row."""
    unit = window.game.state.units.get(counter)
    if unit is None:
        return
    name = window.game.module.world.nname(unit.nation)
    menu.addAction(f"Show {name} in the ledger", lambda: show_in_ledger(window, "nations", unit.nation))
