"""File ▸ New scenario asks for the map and the rule system (issue #31 item 1), and the scenario's map
can be changed later (Scenario settings ▸ Change map…); templates per rule system and importing
another scenario's tables (item 9)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.editor.document import MapDocument, ScenarioDocument
from boardapp.editor.templates import IMPORTABLE, import_commands, rule_systems, templates
from boardapp.model.problems import FileProblemsError

if TYPE_CHECKING:
    from boardapp.ui.editor.window import EditorWindow


class NewScenarioDialog(QDialog):
    """Which map (the open one, a file, a new one), which rule system, and which template."""

    def __init__(self, window: EditorWindow) -> None:
        super().__init__(window)
        self.setObjectName("new-scenario-dialog")
        self.setWindowTitle("New scenario")
        lay = QVBoxLayout(self)
        form = QFormLayout()
        lay.addLayout(form)
        maps = QWidget()
        mlay = QVBoxLayout(maps)
        mlay.setContentsMargins(0, 0, 0, 0)
        open_map = window.map_doc
        label = open_map.path.name if open_map.path is not None else "untitled"
        self.use_open = QRadioButton(f"The map open now: {open_map.head['name']} ({label}, "
                                     f"{len(open_map.places)} places)", objectName="map-open")
        self.use_file = QRadioButton("A map file:", objectName="map-file")
        self.use_new = QRadioButton("A new blank map", objectName="map-new")
        self.group = QButtonGroup(self)
        for b in (self.use_open, self.use_file, self.use_new):
            self.group.addButton(b)
        has_open = bool(open_map.places) or open_map.path is not None
        self.use_open.setEnabled(has_open)
        (self.use_open if has_open else self.use_new).setChecked(True)
        row = QHBoxLayout()
        self.map_path = QLineEdit(objectName="map-path", placeholderText="maps/my-map.yaml")
        self.map_path.textEdited.connect(lambda _: self.use_file.setChecked(True))
        browse = QPushButton("Browse…", objectName="map-browse")
        browse.clicked.connect(self._browse)
        row.addWidget(self.use_file)
        row.addWidget(self.map_path, 1)
        row.addWidget(browse)
        mlay.addWidget(self.use_open)
        mlay.addLayout(row)
        mlay.addWidget(self.use_new)
        form.addRow("Map", maps)
        self.rules = QComboBox(objectName="rules")
        for name, title in rule_systems().items():
            self.rules.addItem(f"{title} ({name})", name)
        open_rules = window.scenario.fields.get("rules") if window.scenario is not None else None
        self.rules.setCurrentIndex(max(0, self.rules.findData(open_rules)))  # the open scenario's system
        form.addRow("Rule system", self.rules)
        self.template = QComboBox(objectName="template")
        form.addRow("Start from", self.template)
        self.rules.currentIndexChanged.connect(lambda _: self._templates())
        self._templates()
        self.name = QLineEdit("New scenario", objectName="scenario-name")
        form.addRow("Name", self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _templates(self) -> None:
        self.template.clear()
        self.template.addItem("Empty: no teams or unit types yet", None)
        for title, path in templates(self.rules.currentData()):  # declared in the system's manifest
            self.template.addItem(f"{title} ({path.name}: teams, unit types, settings, timetable)", str(path))

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "The scenario's map", "", "Maps (*.yaml *.yml)")
        if path:
            self.map_path.setText(path)
            self.use_file.setChecked(True)


def ask_new_scenario(window: EditorWindow) -> bool:
    """Ask, then start the new scenario; False when cancelled or the map cannot be opened."""
    dialog = NewScenarioDialog(window)
    if not dialog.exec():
        return False
    if dialog.use_open.isChecked():
        map_doc = window.map_doc
        map_doc.scenario = None
    elif dialog.use_file.isChecked():
        try:
            map_doc = MapDocument.open(dialog.map_path.text().strip())
        except FileProblemsError as exc:
            QMessageBox.warning(window, "Cannot open the map", str(exc))
            return False
    else:
        map_doc = MapDocument.new()
    from boardapp.editor.renames import id_from_name

    name = dialog.name.text().strip() or "New scenario"
    try:
        sc = ScenarioDocument.new(map_doc, id=id_from_name(name, "new-scenario"), name=name,
                                  map_path=map_doc.path.name if map_doc.path else "map.yaml",
                                  rules=dialog.rules.currentData(), template=dialog.template.currentData())
    except (FileProblemsError, ValueError) as exc:
        QMessageBox.warning(window, "Cannot start the scenario", str(exc))
        return False
    window._attach(map_doc, sc)
    window.statusBar().showMessage(f"New {dialog.rules.currentText()} scenario on {map_doc.head['name']}", 8000)
    return True


def change_map(window: EditorWindow, path: str | Path) -> bool:
    """Put the scenario on the map file at ``path`` (one undo step)."""
    from boardapp.editor.mapswap import ChangeMap

    try:
        new = MapDocument.open(path)
    except FileProblemsError as exc:
        QMessageBox.warning(window, "Cannot open the map", str(exc))
        return False
    return window.push(ChangeMap(new))


def change_map_dialog(window: EditorWindow) -> None:
    start = str(window.map_doc.path.parent) if window.map_doc.path is not None else ""
    path, _ = QFileDialog.getOpenFileName(window, "Put the scenario on the map", start, "Maps (*.yaml *.yml)")
    if path:
        change_map(window, path)


class ImportDialog(QDialog):
    """Which parts of another scenario to take (teams, unit types, team tables, settings, timetable)."""

    def __init__(self, window: EditorWindow, path: str) -> None:
        super().__init__(window)
        self.setObjectName("import-dialog")
        self.setWindowTitle(f"Import from {Path(path).name}")
        lay = QVBoxLayout(self)
        self.boxes: dict[str, QCheckBox] = {}
        for part in IMPORTABLE:
            box = QCheckBox(part.replace("_", " "), objectName=f"import-{part}")
            box.setChecked(True)
            self.boxes[part] = box
            lay.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


def import_from(window: EditorWindow, path: str, parts: tuple[str, ...] | None = None) -> bool:
    """Take the chosen parts of the scenario at ``path`` into the open one, as one undo step."""
    from boardapp.editor.commands import Macro

    if window.scenario is None:
        return False
    if parts is None:
        dialog = ImportDialog(window, path)
        if not dialog.exec():
            return False
        parts = tuple(p for p, b in dialog.boxes.items() if b.isChecked())
    try:
        cmds: list[Any] = import_commands(window.scenario, path, parts)
    except (FileProblemsError, ValueError) as exc:
        QMessageBox.warning(window, "Cannot import", str(exc))
        return False
    if not cmds:
        window.statusBar().showMessage(f"Nothing new to import from {Path(path).name}", 6000)
        return False
    return window.push(Macro(f"import from {Path(path).name}", cmds))


def import_dialog(window: EditorWindow) -> None:
    path, _ = QFileDialog.getOpenFileName(window, "Import from a scenario", "", "Scenarios (*.yaml *.yml)")
    if path:
        import_from(window, path)
