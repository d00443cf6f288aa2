"""The editor window's panels: Properties' dock, Search, Problems, and the Scenario dock (teams, unit
types, the counter palette, the control brush).

:class:`EditorPanels` is a part of :class:`~boardapp.ui.editor.window.EditorWindow` (mixed into it,
like :class:`~boardapp.ui.editor.properties.PropertyForms`): it builds the docks, refreshes the lists
after an edit, and leads from a problem or a search hit to the piece it is about."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from boardapp.model.problems import Problem
from boardapp.ui.editor.scene import Tool


class PaletteList(QListWidget):
    """Team × unit type entries, dragged onto a place to put a counter there."""

    def mimeData(self, items: Any) -> Any:
        from PySide6.QtCore import QMimeData

        data = QMimeData()
        if items:
            data.setText(items[0].data(Qt.ItemDataRole.UserRole))
        return data


class EditorPanels:
    """The docks around the map (mixed into the editor window)."""

    # --- docks ----------------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        # properties
        self.props_box = QWidget()
        self.props = QFormLayout(self.props_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.props_box)
        scroll.setMinimumWidth(300)
        self._dock("Properties", scroll, right)
        # search
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        self.search = QLineEdit(placeholderText="Search places, teams, counters, settings…")
        self.search.textChanged.connect(self.run_search)
        self.results = QListWidget()
        self.results.itemClicked.connect(lambda it: self.select(it.data(Qt.ItemDataRole.UserRole), centre=True))
        lay.addWidget(self.search)
        lay.addWidget(self.results)
        self._dock("Search", box, right)
        # problems
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.itemClicked.connect(lambda it: self.go_to_problem(it.data(Qt.ItemDataRole.UserRole)))
        problems = self._dock("Problems", self.problem_list, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([problems], [130], Qt.Orientation.Vertical)
        # scenario: teams, unit types, palette, brush, settings
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        self.team_list, self.type_list = QListWidget(), QListWidget()
        for label, lst, add in (("Teams", self.team_list, self.add_team), ("Unit types", self.type_list,
                                                                          self.add_unit_type)):
            row = QHBoxLayout()
            row.addWidget(QLabel(f"<b>{label}</b>"))
            btn = QPushButton("Add")
            btn.clicked.connect(add)
            row.addWidget(btn)
            lay.addLayout(row)
            lst.itemClicked.connect(lambda it: self.select(it.data(Qt.ItemDataRole.UserRole)))
            lay.addWidget(lst)
        lay.addWidget(QLabel("<b>Counter palette</b> (drag onto a place)"))
        self.counter_palette = PaletteList()
        self.counter_palette.setDragEnabled(True)
        self.counter_palette.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        lay.addWidget(self.counter_palette)
        row = QHBoxLayout()
        row.addWidget(QLabel("<b>Control brush</b>"))
        self.brush_team = QComboBox()
        self.brush_team.currentIndexChanged.connect(lambda _: self.set_tool(Tool.CONTROL)
                                                    if self.brush_team.count() and self.isVisible() else None)
        row.addWidget(self.brush_team)
        lay.addLayout(row)
        btn = QPushButton("Scenario settings, timetable, hidden information")
        btn.clicked.connect(lambda: self.select(("scenario", None)))
        lay.addWidget(btn)
        self.scenario_dock = self._dock("Scenario", box, left)

    def refresh_lists(self) -> None:
        sc = self.scenario
        for lst in (self.team_list, self.type_list, self.counter_palette):
            lst.clear()
        self.brush_team.blockSignals(True)
        brush = self.brush_team.currentData()
        self.brush_team.clear()
        self.brush_team.addItem("(neutral)", "")
        if sc is not None:
            for t in sc.teams:
                it = QListWidgetItem(f"{t.symbol}  {t.name}")
                it.setData(Qt.ItemDataRole.UserRole, ("teams", t.id))
                it.setForeground(QBrush(QColor(t.colour)))
                self.team_list.addItem(it)
                if t.on_map:
                    self.brush_team.addItem(f"{t.symbol} {t.name}", t.id)
                    if t.id == brush:
                        self.brush_team.setCurrentIndex(self.brush_team.count() - 1)
            for u in sc.unit_types:
                value = getattr(u, "combat_value", None)  # War in Binni's; other systems' types may have another
                value = getattr(u, "strength", None) if value is None else value
                it = QListWidgetItem(f"{u.label}  {u.name}" + (f" ({value})" if value is not None else ""))
                it.setData(Qt.ItemDataRole.UserRole, ("unit_types", u.id))
                self.type_list.addItem(it)
            for t in sc.teams:
                if not t.on_map:
                    continue
                for u in sc.unit_types:
                    it = QListWidgetItem(f"{t.symbol} {u.label} – {t.name} {u.name}")
                    it.setData(Qt.ItemDataRole.UserRole, f"counter:{t.id}:{u.id}")
                    self.counter_palette.addItem(it)
        self.brush_team.blockSignals(False)

    def add_team(self) -> bool:
        from boardapp.ui.editor.lists import add_list_item

        return add_list_item(self, "teams")

    def add_unit_type(self) -> bool:
        from boardapp.ui.editor.lists import add_list_item

        return add_list_item(self, "unit_types")

    # --- problems and search ----------------------------------------------------------------
    def refresh_problems(self) -> None:
        self.problem_list.clear()
        try:
            problems = self.doc.problems()
        except Exception as exc:
            problems = [Problem(f"the checks could not run: {exc}")]
        for p in problems:
            mark = "⚠" if p.severity == "warning" else "✖"
            it = QListWidgetItem(f"{mark} {p.file.name if p.file else ''}: {p.message}")
            it.setForeground(QBrush(QColor("#a05a00" if p.severity == "warning" else "#b00020")))
            it.setData(Qt.ItemDataRole.UserRole, p)
            self.problem_list.addItem(it)
        if not problems:
            self.problem_list.addItem("✔ No problems: boardapp check finds nothing wrong.")
        self.problems = problems

    def target_of(self, loc: tuple[str | int, ...]) -> tuple[str, Any] | None:
        if not loc:
            return None
        section = loc[0]
        if section in ("places", "regions") and len(loc) > 1 and isinstance(loc[1], int):
            lst = self.map_doc.places if section == "places" else self.map_doc.regions
            return (section, lst[loc[1]].id) if loc[1] < len(lst) else None
        if section in ("roads", "labels") and len(loc) > 1:
            return (section, loc[1])
        if section == "control" and len(loc) > 1:
            return ("places", loc[1])
        sc = self.scenario
        if sc is not None and section in ("teams", "unit_types", "counters") and len(loc) > 1:
            lst = sc.fields[section]
            return (section, lst[loc[1]].id) if isinstance(loc[1], int) and loc[1] < len(lst) else None
        from boardapp.editor.refs import of

        for ref in of(sc, "places"):  # a rule system's own lists naming a place: the problem is at that place
            if section == ref.list and len(loc) > 1 and isinstance(loc[1], int) and loc[1] < len(sc.fields[section]):
                return ("places", getattr(sc.fields[section][loc[1]], ref.field))
        if section in ("settings", "display", "timetable"):
            return ("scenario", None)
        return None

    def go_to_problem(self, problem: Problem | None) -> None:
        if isinstance(problem, Problem):
            self.select(self.target_of(problem.loc), centre=True)

    def run_search(self, text: str) -> None:
        self.results.clear()
        for hit in self.doc.find(text)[:200]:
            it = QListWidgetItem(hit.label)
            target = self.target_of(hit.loc) if hit.section not in ("teams", "unit_types", "counters") else (
                hit.section, hit.key)
            it.setData(Qt.ItemDataRole.UserRole, target)
            self.results.addItem(it)
