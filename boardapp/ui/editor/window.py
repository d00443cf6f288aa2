"""The map and scenario editor window: draw places, roads and regions, set up teams and counters.

Every change goes through an undoable command of :mod:`boardapp.editor` (wrapped in Qt's
QUndoStack); the scene only listens to the documents and redraws the pieces that changed.
Files are written by :mod:`boardapp.model.writer`, so a saved file is canonical YAML.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QKeySequence,
    QPainter,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGraphicsItem,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSlider,
    QToolBar,
)

from boardapp.editor import commands as C
from boardapp.editor.background import image_pixel, rect_from_references
from boardapp.editor.document import MapDocument, ScenarioDocument
from boardapp.model.problems import FileProblemsError
from boardapp.ui.editor.items import LabelItem, PlaceItem, RegionItem, RoadItem
from boardapp.ui.editor.panels import EditorPanels
from boardapp.ui.editor.properties import PropertyForms
from boardapp.ui.editor.scene import EditorScene, Tool

PLACE_SYMBOL_RADIUS = 24
"""The radius of a place's symbol as the editor and the board draw it (PlaceItem.shape)."""


class _Undo(QUndoCommand):
    """A :class:`boardapp.editor.commands.Command` on Qt's undo stack."""

    MERGE_ID = 1

    def __init__(self, command: C.Command, doc: Any) -> None:
        super().__init__(command.text)
        self.command, self.doc, self.first = command, doc, True

    def redo(self) -> None:
        if self.first:  # already applied by EditorWindow.push (so errors surface before the push)
            self.first = False
            return
        self.command.apply(self.doc)

    def undo(self) -> None:
        self.command.revert(self.doc)

    def id(self) -> int:
        return self.MERGE_ID if type(self.command).merge is not C.Command.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        return isinstance(other, _Undo) and self.command.merge(other.command)


class MapView(QGraphicsView):
    def __init__(self, scene: EditorScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAcceptDrops(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def wheelEvent(self, event: Any) -> None:
        f = 1.2 if event.angleDelta().y() > 0 else 1 / 1.2
        self.scale(f, f)

    def fit(self) -> None:
        size = self.scene().doc.head["size"]  # type: ignore[attr-defined]
        self.fitInView(QRectF(-50, -50, size[0] + 100, size[1] + 100), Qt.AspectRatioMode.KeepAspectRatio)


# --- the window --------------------------------------------------------------------------------
class EditorWindow(PropertyForms, EditorPanels, QMainWindow):
    """The editor: the map in the middle, tools above, panels around."""

    def __init__(self, path: str | Path | None = None) -> None:
        super().__init__()
        self.resize(1500, 950)
        from boardapp.ui.widgets.scaling import scale_widget_font, screen_factor

        screen = self.screen()  # a 4K screen Qt does not scale: panels and tools grow with it
        if screen is not None:
            scale_widget_font(self, screen_factor(screen.geometry().height(), screen.devicePixelRatio()))
        self.tool = Tool.SELECT
        from boardapp.ui.editor.fields import TypingFirst

        self.typing_first = TypingFirst(self)  # the tool keys never take a key typed into a field
        self.undo = QUndoStack(self)
        self.map_doc: MapDocument = MapDocument.new()
        self.scenario: ScenarioDocument | None = None
        self.selected: tuple[str, Any] | None = None
        self.bg_points: list[tuple[float, float]] = []
        self.region_clicks: list[str] = []  # the selected regions, in the order they were picked
        self.scene = EditorScene(self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.problems_timer = QTimer(self, singleShot=True, interval=300)
        self.problems_timer.timeout.connect(self.refresh_problems)
        self._build_actions()
        self._build_docks()
        self.scene.selectionChanged.connect(self._scene_selection)
        self.undo.cleanChanged.connect(lambda _: self._title())
        if path is not None:
            self.open_path(path)
        else:
            self.new_scenario()

    # --- documents ------------------------------------------------------------------------
    @property
    def doc(self) -> Any:
        return self.scenario if self.scenario is not None else self.map_doc

    def _attach(self, map_doc: MapDocument, scenario: ScenarioDocument | None) -> None:
        self.map_doc, self.scenario = map_doc, scenario
        map_doc.listeners.append(self._changed)
        if scenario is not None:
            scenario.listeners.append(self._changed)
        self.undo.clear()
        self.selected = None
        self.scene.cancel_draft()
        self.scene.rebuild()
        self.view.fit()
        self.refresh_lists()
        self.sync_background_controls()
        self.refresh_problems()
        self.show_properties(None)
        # Map-only editing has no teams, unit types or counters and nothing to play.
        self.scenario_dock.setVisible(scenario is not None)
        self.scenario_dock.toggleViewAction().setEnabled(scenario is not None)
        self.file_actions["Play this scenario"].setVisible(scenario is not None)
        from boardapp.ui.editor.ruleforms import show_rule_forms

        show_rule_forms(self, scenario)  # the rule system's own tables (its manifest's editor_forms), if any
        QTimer.singleShot(0, self.view.fit)  # again once the docks shown or hidden have resized the view
        self._title()

    def new_scenario(self) -> None:
        map_doc = MapDocument.new()
        self._attach(map_doc, ScenarioDocument.new(map_doc))

    def new_map(self) -> None:
        self._attach(MapDocument.new(), None)

    def open_path(self, path: str | Path) -> None:
        path = Path(path)
        from boardapp.engine.files import sniff

        if sniff(path) == "scenario":
            sc = ScenarioDocument.open(path)
            self._attach(sc.map_doc, sc)
        else:
            self._attach(MapDocument.open(path), None)

    def save_to(self, path: str | Path | None = None) -> Path:
        from boardapp.ui.editor.guards import settle_background

        target = Path(path) if path is not None else self.doc.path
        map_target = (target if self.scenario is None else self.map_doc.path or (
            target.with_name(target.stem + "-map.yaml") if target is not None else None))
        settle_background(self, map_target)  # the image path relative to the map (copied beside it if agreed)
        saved = self.doc.save(path)
        if self.map_doc.background is not None:  # a relative image path now reads from the map's folder
            self.scene.load_background()
        self.undo.setClean()
        self._title()
        return saved

    def _title(self) -> None:
        name = self.doc.path.name if self.doc.path else "untitled"
        what = "scenario" if self.scenario is not None else "map"
        try:
            star = "" if self.undo.isClean() else " *"
        except RuntimeError:  # closing
            return
        self.setWindowTitle(f"{name}{star} – boardapp editor ({what})")

    def push(self, command: C.Command) -> bool:
        """Do a command and put it on the undo stack; a refused edit shows why and changes nothing."""
        try:
            command.apply(self.doc)
        except (ValueError, KeyError) as exc:
            self.statusBar().showMessage(f"Not done: {exc}", 8000)
            return False
        self.undo.push(_Undo(command, self.doc))
        return True

    def _changed(self, changes: list[tuple[str, Any]]) -> None:
        if ("map", None) in changes and self.scenario is not None:  # the scenario was put on another map
            self.map_doc = self.scenario.map_doc
            if self._changed not in self.map_doc.listeners:
                self.map_doc.listeners.append(self._changed)
            self.scene.cancel_draft()
            self.sync_background_controls()
            QTimer.singleShot(0, self.view.fit)
        if ("head", "size") in changes:  # a new map size: the whole map in view again
            QTimer.singleShot(0, self.view.fit)
        self.scene.on_changes(changes)
        if any(s in ("background", "all") for s, _ in changes):
            self.sync_background_controls()
        if any(s in ("teams", "unit_types", "counters", "all", "timetable") for s, _ in changes):
            self.refresh_lists()
        if self.selected is not None:  # later: the edit that caused this may still be emitting its signal
            QTimer.singleShot(0, lambda: self.show_properties(self.selected, keep_focus=True))
        self.problems_timer.start()

    # --- edits the scene asks for ---------------------------------------------------------
    def add_place_at(self, xy: tuple[float, float]) -> str | None:
        n = len(self.map_doc.places) + 1
        pid = self.map_doc.new_id(f"place-{n}")
        if self.push(C.AddPlace({"id": pid, "name": f"Place {n}", "at": xy})):
            self.select(("places", pid))
            self.warn_overlap(pid)
            return pid
        return None

    def overlapping(self, pid: str) -> list[tuple[str, float]]:
        """Other places whose symbols overlap this one's: (name, distance), nearest first."""
        import math

        here = next(p for p in self.map_doc.places if p.id == pid)
        near = [(p.name, math.dist(here.at, p.at)) for p in self.map_doc.places if p.id != pid]
        return sorted((n, d) for n, d in near if d < 2 * PLACE_SYMBOL_RADIUS)

    def warn_overlap(self, pid: str) -> None:
        hits = self.overlapping(pid)
        if hits:
            name, dist = min(hits, key=lambda h: h[1])
            self.statusBar().showMessage(
                f"Warning: the new place overlaps {name} ({dist:.0f} px apart; symbols need "
                f"{2 * PLACE_SYMBOL_RADIUS}): drag one of them apart", 15000)
        elif self.statusBar().currentMessage().startswith("Warning: the new place overlaps"):
            self.statusBar().clearMessage()  # that warning was about an earlier place

    def add_label_at(self, xy: tuple[float, float], text: str = "Label") -> int | None:
        """A new label at ``xy``, selected so its text can be typed in Properties."""
        index = len(self.map_doc.labels)
        if self.push(C.AddItem("labels", {"text": text, "at": xy})):
            self.select(("labels", index))
            QTimer.singleShot(0, self._focus_label_text)  # after Properties is refreshed for the edit
            return index
        return None

    def _focus_label_text(self) -> None:
        edit = self.props_box.findChild(QLineEdit, "prop-text")
        if edit is not None and self.selected is not None and self.selected[0] == "labels":
            edit.setFocus()
            edit.selectAll()

    def add_road(self, a: str, b: str, via: list[tuple[float, float]] | None = None) -> bool:
        """A new road; Properties follows it (the road just drawn is the one to name or retype)."""
        if not self.push(C.AddRoad(a, b, via or [])):
            return False
        index = next((i for i in range(len(self.map_doc.roads) - 1, -1, -1)
                      if set(self.map_doc.roads[i].between) == {a, b}), len(self.map_doc.roads) - 1)
        QTimer.singleShot(0, lambda: self.select(("roads", index)))  # after the scene has drawn the road
        return True

    def finish_region(self, points: list[tuple[float, float]]) -> str | None:
        n = len(self.map_doc.regions) + 1
        rid = self.map_doc.new_id(f"region-{n}")
        kind = self.region_kind.currentText()
        if self.push(C.AddRegion({"id": rid, "name": f"Region {n}", "kind": kind, "polygon": points})):
            self.select(("regions", rid))
            return rid
        return None

    def split_at(self, line: list[tuple[float, float]]) -> bool:
        from shapely.geometry import LineString, Polygon

        mid = LineString(line).interpolate(0.5, normalized=True)
        hits = [r for r in self.map_doc.regions if Polygon(r.polygon).contains(mid)]
        hits.sort(key=lambda r: Polygon(r.polygon).area)
        if not hits:
            self.statusBar().showMessage("Draw the split line across a region", 6000)
            return False
        return self.push(C.SplitRegion(hits[0].id, line))

    def merge_selected(self) -> bool:
        """Merge the selected regions (Ctrl+click to select several) into the first one clicked."""
        ids = [i.region_id for i in self.scene.selectedItems() if isinstance(i, RegionItem)]
        first = [rid for rid in self.region_clicks if rid in ids]
        ids = first + [rid for rid in ids if rid not in first]
        if len(ids) < 2:
            self.statusBar().showMessage("Select two or more touching regions (Ctrl+click) to merge", 6000)
            return False
        if not self.push(C.MergeRegions(ids)):
            return False
        self.select(("regions", ids[0]))
        self.statusBar().showMessage(f"Merged {len(ids)} regions into {ids[0]}", 6000)
        return True

    def generate_in_selected(self) -> bool:
        ids = [i.region_id for i in self.scene.selectedItems() if isinstance(i, RegionItem)]
        if len(ids) != 1:
            self.statusBar().showMessage("Select the one region (a country) to fill with provinces", 6000)
            return False
        return self.push(C.GenerateRegions(ids[0]))

    def paint_control(self, place: str) -> bool:
        team = self.brush_team.currentData()
        return self.push(C.PaintControl(place, team or None))

    def pieces_list(self) -> str:
        """The scenario list of the pieces on the map: ``counters``, or the one the rule system names."""
        from boardapp.editor.refs import pieces

        return pieces(self.scenario)

    def drop_counter(self, team: str, unit_type: str, place: str | None) -> bool:
        sc = self.scenario
        if sc is None:
            return False
        from boardapp.editor.refs import pieces
        from boardapp.editor.renames import counter_id

        cid, section = counter_id(sc, team, unit_type), pieces(sc)
        piece = {"id": cid, "team": team, "type": unit_type, "at": place}
        if not self.push(C.PlaceCounter(piece) if section == "counters" else C.AddItem(section, piece)):
            return False
        self.select((section, cid))
        return True

    def background_point(self, xy: tuple[float, float]) -> None:
        """Four clicks: a spot on the image, where it belongs; a second spot, where it belongs."""
        bg = self.map_doc.background
        if bg is None or self.scene.background is None:
            self.statusBar().showMessage("Choose a background image first", 6000)
            return
        self.bg_points.append(xy)
        self.scene.points = list(self.bg_points)  # the spots so far, drawn as the draft
        self.scene.set_draft()
        steps = ["Click where that spot belongs on the map", "Click a second spot on the image, far from the first",
                 "Click where that spot belongs on the map"]
        if len(self.bg_points) < 4:
            self.statusBar().showMessage(steps[len(self.bg_points) - 1])
            return
        self.scene.cancel_draft()
        if self.place_background_by(*self.bg_points):
            self.statusBar().showMessage("Background placed by the two reference points", 6000)
        self.bg_points = []

    def place_background_by(self, img1: Any, map1: Any, img2: Any, map2: Any) -> bool:
        bg = self.map_doc.background
        image = self.scene.background
        assert bg is not None and image is not None
        size = (image.width(), image.height())
        rect = bg.rect or (0, 0, *self.map_doc.head["size"])
        try:
            new = rect_from_references(size, (image_pixel(rect, size, img1), map1),
                                       (image_pixel(rect, size, img2), map2))
        except ValueError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return False
        return self.push(C.SetBackground({**bg.model_dump(), "rect": new}))

    # --- actions --------------------------------------------------------------------------
    def _build_actions(self) -> None:
        bar = QToolBar("Tools")
        bar.setObjectName("tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(bar)
        file_menu = self.menuBar().addMenu("&File")
        self.file_actions: dict[str, QAction] = {}
        from boardapp.ui.editor.newscenario import ask_new_scenario

        for text, key, slot in (("New scenario", QKeySequence.StandardKey.New,
                                 lambda: self.unless_cancelled(lambda: ask_new_scenario(self))),
                                ("New map", QKeySequence("Ctrl+Shift+N"), lambda: self.unless_cancelled(self.new_map)),
                                ("Open…", QKeySequence.StandardKey.Open, self._open_dialog),
                                ("Save", QKeySequence.StandardKey.Save, self._save),
                                ("Save as…", QKeySequence.StandardKey.SaveAs, self._save_as),
                                ("Play this scenario", QKeySequence("F5"), self.play),
                                ("Quit", QKeySequence.StandardKey.Quit, self.close)):
            act = QAction(text, self)
            if key is not None:
                act.setShortcut(key)
            act.triggered.connect(lambda _=False, f=slot: f())
            file_menu.addAction(act)
            self.file_actions[text] = act
        edit_menu = self.menuBar().addMenu("&Edit")
        undo, redo = self.undo.createUndoAction(self, "Undo"), self.undo.createRedoAction(self, "Redo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        delete = QAction("Delete selected", self, shortcut=QKeySequence.StandardKey.Delete)
        delete.triggered.connect(self.delete_selected)
        edit_menu.addAction(delete)
        # The toolbar's Undo and Redo keep their short text (the menu's say what they undo): a text
        # that changed width with every edit shifted every tool button after them.
        self.undo_tool, self.redo_tool = QAction("Undo", self), QAction("Redo", self)
        self.undo_tool.triggered.connect(self.undo.undo)
        self.redo_tool.triggered.connect(self.undo.redo)
        self.undo_tool.setEnabled(False)
        self.redo_tool.setEnabled(False)
        self.undo.canUndoChanged.connect(self.undo_tool.setEnabled)
        self.undo.canRedoChanged.connect(self.redo_tool.setEnabled)
        self.undo.undoTextChanged.connect(self.undo_tool.setToolTip)  # what it would undo, on hover
        self.undo.redoTextChanged.connect(self.redo_tool.setToolTip)
        bar.addAction(self.undo_tool)
        bar.addAction(self.redo_tool)
        bar.addSeparator()
        self.tool_actions: dict[Tool, QAction] = {}
        group = QActionGroup(self)
        from boardapp.ui.editor.fields import TOOL_KEYS

        for tool in Tool:
            act = QAction(tool.value, self, checkable=True)
            act.setShortcut(QKeySequence(TOOL_KEYS[tool.name]))  # one letter (not while typing in a field)
            act.setToolTip(f"{tool.value} ({TOOL_KEYS[tool.name]})")
            act.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            group.addAction(act)
            bar.addAction(act)
            self.tool_actions[tool] = act
        self.tool_actions[Tool.SELECT].setChecked(True)
        self.addToolBarBreak()
        bar = QToolBar("Regions and background")
        bar.setObjectName("regions")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(bar)
        bar.addWidget(QLabel(" New region kind: "))
        self.region_kind = QComboBox()
        self.region_kind.addItems(["country", "province", "area", "sea"])
        self.region_kind.setToolTip("Kind of the next region drawn")
        bar.addWidget(self.region_kind)
        bar.addSeparator()
        self.bar_actions: dict[str, QAction] = {}
        for text, slot in (("Merge regions", self.merge_selected), ("Generate provinces", self.generate_in_selected),
                           ("Background image…", self._background_dialog), ("Fit", self.view.fit)):
            act = QAction(text, self)
            act.triggered.connect(lambda _=False, f=slot: f())
            bar.addAction(act)
            self.bar_actions[text] = act
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setFixedWidth(90)
        self.opacity.setToolTip("Background opacity (saved in the map)")
        self.opacity.setEnabled(False)
        self.opacity.sliderReleased.connect(self._set_opacity)
        self.opacity.valueChanged.connect(lambda _: None if self.opacity.isSliderDown() else self._set_opacity())
        bar.addWidget(QLabel(" Dim "))
        bar.addWidget(self.opacity)
        self.hide_bg = QCheckBox("Hide")
        self.hide_bg.setToolTip("Hide the background image (the view only; not saved)")
        self.hide_bg.toggled.connect(self._toggle_background)
        bar.addWidget(self.hide_bg)
        from boardapp.ui.editor.selection import install

        bar.addSeparator()
        install(self, bar)  # select all, copy, paste, snap to grid (issue #31 item 8)

    def set_tool(self, tool: Tool) -> None:
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self.scene.cancel_draft()
        self.bg_points = []
        self.scene.show_handles()
        hints = {Tool.PLACE: "Click to add a place", Tool.ROAD: "Drag from place to place; or click a place, "
                 "click bends, click the other place", Tool.REGION: "Click the corners; click the first point or "
                 "double-click to close", Tool.VERTEX: "Select a region, then drag its corners",
                 Tool.SPLIT: "Drag a line across a region, edge to edge", Tool.CONTROL: "Choose a team in "
                 "'Control brush', then click or drag over places", Tool.BACKGROUND: "Click a spot on the image",
                 Tool.LABEL: "Click to add a label; type its text in Properties; drag it with Select / move"}
        self.statusBar().showMessage(hints.get(tool, ""))

    def _set_opacity(self) -> None:
        bg = self.map_doc.background
        value = self.opacity.value() / 100
        if bg is not None and abs(bg.opacity - value) > 1e-9:
            self.push(C.SetBackground({**bg.model_dump(), "opacity": value}))

    def sync_background_controls(self) -> None:
        """The Dim slider shows the background's opacity (after an edit, an undo, opening a file)."""
        bg = self.map_doc.background
        self.opacity.blockSignals(True)
        self.opacity.setValue(round(bg.opacity * 100) if bg is not None else 100)
        self.opacity.blockSignals(False)
        self.opacity.setEnabled(bg is not None)

    def _toggle_background(self, hidden: bool) -> None:
        self.scene.show_background = not hidden
        self.scene.update()

    def _background_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Background image", "", "Images (*.png *.jpg *.jpeg *.svg)")
        if path:
            self.set_background_image(path)

    def set_background_image(self, path: str) -> bool:
        image = Path(path)
        if self.map_doc.path is not None:
            with contextlib.suppress(ValueError):  # elsewhere than the map's folder: kept as given
                image = image.resolve().relative_to(self.map_doc.path.resolve().parent)
        old = self.map_doc.background
        return self.push(C.SetBackground({"image": image.as_posix(), "rect": old.rect if old else None,
                                          "opacity": old.opacity if old else 0.6}))

    # --- closing a document: Save / Discard / Cancel ------------------------------------------
    def ask_unsaved(self) -> str:
        """'save', 'discard' or 'cancel': what the user wants done with unsaved edits."""
        name = self.doc.path.name if self.doc.path else "the untitled " + (
            "scenario" if self.scenario is not None else "map")
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved changes",
                          f"Save the changes to {name}?\n\nWithout saving, they are lost.",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")

    def may_close_document(self) -> bool:
        """Whether the document may be closed now: clean, or its edits saved or discarded by choice."""
        try:
            if self.undo.isClean():
                return True
        except RuntimeError:  # the stack is gone (the window is being destroyed)
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            self._save()
            return self.undo.isClean()  # a Save As cancelled keeps the document open
        return answer == "discard"

    def unless_cancelled(self, then: Any) -> bool:
        """Run ``then`` (new, open) once the current document may be closed."""
        if not self.may_close_document():
            return False
        then()
        return True

    def closeEvent(self, event: Any) -> None:
        if self.may_close_document():
            event.accept()
        else:
            event.ignore()

    def _open_dialog(self) -> None:
        if not self.may_close_document():
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open a map or scenario", "", "YAML (*.yaml *.yml)")
        if path:
            try:
                self.open_path(path)
            except FileProblemsError as exc:
                QMessageBox.warning(self, "Cannot open", str(exc))

    def _save(self) -> None:
        from boardapp.ui.editor.guards import may_save

        if not may_save(self):  # a file `boardapp check` refuses is saved only when the designer says so
            return
        if self.doc.path is None:
            self._save_as(ask=False)
        else:
            self._write(None)

    def _write(self, path: str | Path | None) -> None:
        """Save, a failure (a folder that is gone, no permission) shown in a dialog, not on the terminal."""
        try:
            self.save_to(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Not saved", f"The file could not be written:\n\n{exc}")

    def _save_as(self, ask: bool = True) -> None:
        from boardapp.ui.editor.guards import may_save

        if ask and not may_save(self):
            return
        from boardapp.ui.editor.guards import save_suggestion, with_yaml

        what = "scenario" if self.scenario is not None else "map"
        path, _ = QFileDialog.getSaveFileName(self, f"Save the {what}", str(save_suggestion(self)), "YAML (*.yaml)")
        if path:
            self._write(with_yaml(path))

    def play(self) -> bool:
        """Save, then open the scenario on the board (``boardapp.ui.app.run``) in its own process."""
        from boardapp.ui.editor.guards import may_play, start_board

        if self.scenario is None:
            self.statusBar().showMessage("Only a scenario can be played; this is a map", 6000)
            return False
        if not may_play(self):  # the problems in a dialog: the board would refuse the file
            return False
        if self.doc.path is None or not self.undo.isClean():
            self._save()
        if self.doc.path is None:
            return False
        try:
            from boardapp.ui import app

            app.run  # noqa: B018 (the board's entry point is there: an attribute read is the check)
        except (ImportError, AttributeError):
            self.statusBar().showMessage("The board (boardapp.ui.app.run) is not available in this build", 8000)
            return False
        code = "import sys; from boardapp.ui.app import run; sys.exit(run(sys.argv[1]))"
        return start_board(self, [sys.executable, "-c", code, str(self.doc.path)]) is not None

    def delete_selected(self) -> None:
        sel = self.selected
        if sel is None:
            return
        section, key = sel
        if section == "places":  # what names the place is moved or removed with it, after asking
            from boardapp.ui.editor.guards import delete_place

            if delete_place(self, key):
                self.select(None)
            return
        if section in ("teams", "unit_types") and self.scenario is not None:  # what names it: given away or removed
            from boardapp.ui.editor.guards import delete_in_use

            if delete_in_use(self, section, key if not isinstance(key, int) else self.scenario.fields[section][key].id):
                self.select(None)
            return
        if section == "communities":
            from boardapp.ui.editor.lists import delete_community

            if (cmd := delete_community(self, key)) is not None and self.push(cmd):
                self.select(None)
            return
        cmd: C.Command | None = {
            "places": lambda: C.DeletePlace(key), "roads": lambda: C.DeleteRoad(key),
            "regions": lambda: C.DeleteRegion(key), "counters": lambda: C.DeleteCounter(key),
            "labels": lambda: C.DeleteItem("labels", key),
        }.get(section, lambda: None)()
        if cmd is None and self.scenario is not None and section in ("teams", "unit_types", "timetable",
                                                                     self.pieces_list()):
            idx = key if isinstance(key, int) else self.scenario.index(section, key)
            cmd = C.DeleteItem(section, idx)
        if cmd is not None and self.push(cmd):
            self.select(None)

    # --- selection and properties -----------------------------------------------------------
    def _scene_selection(self) -> None:
        try:
            items = self.scene.selectedItems()
        except RuntimeError:  # the scene is gone (the window is closing)
            return
        regions = [i.region_id for i in items if isinstance(i, RegionItem)]
        self.region_clicks = [r for r in self.region_clicks if r in regions] + [
            r for r in regions if r not in self.region_clicks]  # in the order they were picked
        if not items:
            return
        item = items[0]
        if len(regions) > 1:
            item = self.scene.regions[self.region_clicks[0]]
        if isinstance(item, PlaceItem):
            self.show_properties(("places", item.place_id))
        elif isinstance(item, RoadItem):
            self.show_properties(("roads", item.index))
        elif isinstance(item, RegionItem):
            self.show_properties(("regions", item.region_id))
        elif isinstance(item, LabelItem):
            self.show_properties(("labels", item.index))
        if self.tool == Tool.VERTEX:
            self.scene.show_handles()

    def select(self, what: tuple[str, Any] | None, centre: bool = False) -> None:
        self.scene.blockSignals(True)
        self.scene.clearSelection()
        item: QGraphicsItem | None = None
        if what is not None:
            section, key = what
            if section == "places":
                item = self.scene.places.get(key)
            elif section == "regions":
                item = self.scene.regions.get(key)
            elif section == "roads" and isinstance(key, int) and key < len(self.scene.roads):
                item = self.scene.roads[key]
            elif section == "labels" and isinstance(key, int) and key < len(self.scene.labels):
                item = self.scene.labels[key]
            elif self.scenario is not None and section == self.pieces_list():
                try:
                    at = self.scenario.item(section, key).at
                except KeyError:
                    at = None
                item = self.scene.places.get(at) if at else None
        if item is not None:
            item.setSelected(True)
            if centre:
                self.view.centerOn(item)
        self.scene.blockSignals(False)
        self.show_properties(what)
        if self.tool == Tool.VERTEX:
            self.scene.show_handles()

def run_editor(path: str | None = None) -> int:
    """Open the editor on a map or scenario file (or a new scenario) and run until it closes."""
    app = QApplication.instance() or QApplication(sys.argv)
    try:
        window = EditorWindow(path)
    except FileProblemsError as exc:
        print(exc, file=sys.stderr)
        return 1
    window.show()
    return int(app.exec())
