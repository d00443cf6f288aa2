"""The editor's properties dock: a form for whatever is selected (a place, a road, a region, a team,
a counter, the map's or the scenario's head fields), each edit becoming one undoable document command.

:class:`PropertyForms` is a part of :class:`~boardapp.ui.editor.window.EditorWindow` (it reads the
window's documents and pushes through its :meth:`push`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
from pydantic import BaseModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from boardapp.editor import commands as C


class PropertyForms:
    """The properties forms of the editor window (mixed into it)."""

    def _current(self, what: tuple[str, Any]) -> tuple[BaseModel | None, Callable[[str, Any], C.Command] | None]:
        """The selected piece and how to edit one of its fields. The form edits the piece by a key it
        follows (``self._form_key``): a rename typed in the form moves it to the new id, so the next
        field typed edits the renamed piece (issue #31 item 3)."""
        section, key = what
        sc = self.scenario
        ref = self._form_key = [section, key]
        try:
            if section == "places":
                model: Any = self.map_doc.place(key)
            elif section == "regions":
                model = self.map_doc.region(key)
            elif section == "roads":
                return self.map_doc.roads[key], lambda f, v: (C.SetRoadBends(key, v) if f == "via"
                                                              else C.SetItemField("roads", key, f, v))
            elif section == "labels":
                return self.map_doc.labels[key], lambda f, v: C.SetItemField("labels", key, f, v)
            elif section in ("teams", "unit_types", "counters") and sc is not None:
                model = sc.item(section, key)
            elif section == "communities":
                model = next(c for c in self.map_doc.communities if c.id == key)
            elif section == "timetable" and sc is not None:
                return sc.timetable[key], lambda f, v: C.SetItemField("timetable", key, f, v)
            elif section in ("settings", "display") and sc is not None:
                return sc.fields[section], lambda f, v: C.SetSetting(f, v, group=section)
            else:
                return None, None
        except (KeyError, IndexError, StopIteration):
            return None, None
        return model, lambda f, v: self._named_edit(ref, f, v)

    def _named_edit(self, ref: list[Any], field: str, value: Any) -> C.Command:
        """An edit of a piece with an id: a rename for ``id``; for ``name``, when the id is still one the
        editor made up (``place-3``), the id is made from the name too, in the same undo step."""
        from boardapp.editor.renames import AUTO_ID, id_from_name, rename

        section, key = ref
        cmd: C.Command
        follow = None
        if field == "id":
            cmd, follow = rename(section, key, value), value
        else:
            cmd = (C.SetPlaceField(key, field, value) if section == "places"
                   else C.SetRegionField(key, field, value) if section == "regions"
                   else C.SetItemField(section, key, field, value))
            if field == "name" and isinstance(value, str) and AUTO_ID.match(str(key)):
                new = self._free_id(section, id_from_name(value, str(key)), key)
                if new != key:
                    cmd = C.Macro(f"name {section.rstrip('s').replace('_', ' ')}", [cmd, rename(section, key, new)])
                    follow = new
        cmd.follow = follow  # type: ignore[attr-defined]
        return cmd

    def _free_id(self, section: str, base: str, own: str) -> str:
        """``base``, or ``base-2`` … when another piece of ``section`` has it."""
        sc = self.scenario
        if section in ("places", "regions"):
            taken = {p.id for p in self.map_doc.places} | {r.id for r in self.map_doc.regions}
        elif section == "communities":
            taken = {c.id for c in self.map_doc.communities}
        else:
            taken = {x.id for x in sc.fields[section]} if sc is not None else set()
        return self.map_doc.new_id(base, taken - {own})

    def _followed(self, cmd: C.Command) -> None:
        """After a pushed edit that renamed the piece shown: the form and the selection follow it."""
        new = getattr(cmd, "follow", None)
        if new is not None and getattr(self, "_form_key", None):
            self._form_key[1] = new
            self.selected = (self._form_key[0], new)

    def show_properties(self, what: tuple[str, Any] | None, keep_focus: bool = False) -> None:
        typing = self.props_box.focusWidget()  # a field being typed in is not pulled away; a button is
        if keep_focus and isinstance(typing, QLineEdit) and typing.hasFocus():
            return
        self.selected = what
        _clear_form(self.props)
        if what is None:
            self.props.addRow(QLabel("Nothing selected. Pick a tool above; click a place, road or region."))
            self._head_fields()
            return
        if what[0] == "scenario":
            self._scenario_fields()
            return
        if what[0] == "tracks":  # a rule system's tracks, as its manifest declares them (issue #31 item 2)
            from boardapp.ui.editor.tracks import tracks_form

            tracks_form(self, what[1])
            return
        model, make = self._current(what)
        if model is None or make is None:
            return
        self.props.addRow(QLabel(f"<b>{what[0].rstrip('s').replace('_', ' ').title()}</b>"))
        self._model_rows(model, make, skip={"between"} if what[0] == "roads" else set())
        if what[0] == "roads":
            self.props.addRow("between", QLabel(" – ".join(model.between)))  # type: ignore[attr-defined]

    def _model_rows(self, model: BaseModel, make: Callable[[str, Any], C.Command], readonly: set[str] = frozenset(),
                    skip: set[str] = frozenset()) -> None:
        """One row a field: a drop-down for a fixed set of values, a checkbox for yes/no, plain text for a
        text (what is typed is taken as typed: "Holloway: North Gate", #cc0000), a colour with a picker,
        YAML for numbers, points and lists (issue #31 item 5)."""
        from boardapp.model.writer import _flow, plain
        from boardapp.ui.editor.fields import checkbox_row, colour_row, field_kind

        choices = self._choices(model)
        for name, info in type(model).model_fields.items():
            if name in skip:
                continue
            value = getattr(model, name)
            if name in choices and name not in readonly:
                self.props.addRow(name, self._choice_box(name, value, choices[name], make, info.description))
                continue
            kind = field_kind(name, info.annotation)
            if name == "allies" and self.selected is not None and self.selected[0] == "teams":
                from boardapp.ui.editor.lists import team_set_row

                self.props.addRow(name, team_set_row(self, name, value, self.selected[1], make))
                continue
            if kind == "bool" and name not in readonly:
                self.props.addRow(name, checkbox_row(self, name, bool(value), make, info.description))
                continue
            text = "" if value is None else (str(value) if kind in ("text", "colour") else _flow(plain(value)))
            edit = self._field_edit(text)
            edit.setToolTip(info.description or name)
            edit.setObjectName(f"prop-{name}")
            if name in readonly:
                edit.setReadOnly(True)
            else:
                edit.editingFinished.connect(lambda n=name, e=edit, k=kind: self._commit(make, n, e.text(), e, k))
            self.props.addRow(name, colour_row(self, edit, name, make) if kind == "colour" else edit)

    def _choices(self, model: BaseModel) -> dict[str, list[tuple[str, Any]]]:
        """The fields of ``model`` chosen from a list in Properties: (shown text, value) each."""
        from enum import Enum as _Enum

        from boardapp.model.mapfile import Road

        out: dict[str, list[tuple[str, Any]]] = {}
        for name, info in type(model).model_fields.items():
            ann = info.annotation
            if isinstance(ann, type) and issubclass(ann, _Enum):
                out[name] = [(str(e.value), e.value) for e in ann]
        from boardapp.ui.editor.lists import reference_choices

        out.update(reference_choices(self, self.selected[0] if self.selected else None, model))
        if isinstance(model, Road):  # the kinds the board draws, and whatever the file already says
            from boardapp.ui.editor.fields import ROAD_KINDS

            out["kind"] = [(k, k) for k in ROAD_KINDS]
        return out

    def _choice_box(self, name: str, value: Any, choices: list[tuple[str, Any]],
                    make: Callable[[str, Any], C.Command], tip: str | None) -> QComboBox:
        box = QComboBox()
        box.setObjectName(f"prop-{name}")
        box.setToolTip(tip or name)
        values = [v for _, v in choices]
        current = getattr(value, "value", value)
        for text, v in choices:
            box.addItem(text, v)
        if current not in values:  # a value the list does not offer (a broken file): shown, not chosen
            box.addItem(f"{current} (not in the list)", current)
            values.append(current)
        box.setCurrentIndex(values.index(current))

        def chosen(index: int) -> None:
            new = box.itemData(index)
            if new == current:
                return
            cmd = make(name, new)
            if self.push(cmd):
                self._followed(cmd)
            else:
                box.blockSignals(True)
                box.setCurrentIndex(values.index(current))
                box.blockSignals(False)

        box.currentIndexChanged.connect(chosen)
        return box

    def _commit(self, make: Callable[[str, Any], C.Command], name: str, text: str, edit: QWidget,
                kind: str = "yaml") -> None:
        """Take a field typed in Properties; ``edit`` remembers the text last taken (or shown), so that
        leaving the field again (focus moves, the panel is rebuilt) is not a second edit. A text field
        (``kind`` 'text' or 'colour') takes the text as typed; the others read it as YAML."""
        from boardapp.ui.editor.fields import as_colour, numbers

        if text == edit.property("taken"):
            return
        if kind in ("text", "colour"):
            value: Any = text.strip() or None
            if kind == "colour" and value is not None:
                value = as_colour(value)
        elif (pair := numbers(text)) is not None:  # a point or size as two plain numbers
            value = pair
        else:
            try:
                value = yaml.safe_load(text) if text.strip() else None
            except yaml.YAMLError as exc:
                self.statusBar().showMessage(f"Not done: {name}: {exc}", 8000)
                return
        cmd = make(name, value)
        if self.push(cmd):
            edit.setProperty("taken", text)
            self._followed(cmd)

    @staticmethod
    def _field_edit(text: str) -> QLineEdit:
        edit = QLineEdit(text)
        edit.setProperty("taken", text)
        return edit

    def _head_fields(self) -> None:
        self.props.addRow(QLabel("<b>Map</b>"))
        for name in ("id", "name", "size"):
            value = self.map_doc.head[name]
            text = f"[{value[0]:g}, {value[1]:g}]" if name == "size" else str(value)
            edit = self._field_edit(text)
            edit.editingFinished.connect(lambda n=name, e=edit: self._commit(
                self._head_edit, n, e.text(), e, "yaml" if n == "size" else "text"))
            edit.setObjectName(f"prop-{name}")
            self.props.addRow(name, edit)
        from boardapp.ui.editor.lists import community_rows

        community_rows(self)

    def _head_edit(self, field: str, value: Any) -> C.Command:
        """A map head field; a name typed while the id is still the made-up ``new-map`` names the id too."""
        from boardapp.editor.renames import id_from_name

        cmd = C.SetHeadField(field, value)
        if field == "name" and isinstance(value, str) and self.map_doc.head["id"] == "new-map":
            return C.Macro("name map", [cmd, C.SetHeadField("id", id_from_name(value, "new-map"))])
        return cmd

    def _scenario_fields(self) -> None:
        sc = self.scenario
        if sc is None:
            return
        self.props.addRow(QLabel("<b>Scenario</b>"))
        for name in ("id", "name", "description"):
            text = str(sc.fields.get(name) or "")
            edit = self._field_edit(text)
            edit.editingFinished.connect(lambda n=name, e=edit: self._commit(
                lambda f, v: C.SetHeadField(f, v if v is not None else "", target="scenario"), n, e.text(), e,
                "text"))
            self.props.addRow(name, edit)
        from boardapp.ui.editor.newscenario import change_map_dialog, import_dialog

        change = QPushButton("Change map…")
        change.setObjectName("change-map")
        change.setToolTip("Put this scenario on another map file (undoable)")
        change.clicked.connect(lambda: change_map_dialog(self))
        self.props.addRow(f"map: {sc.fields.get('map')}", change)
        imp = QPushButton("Import teams, unit types, PR tables, settings…")
        imp.setObjectName("import-scenario")
        imp.clicked.connect(lambda: import_dialog(self))
        self.props.addRow(imp)
        from boardapp.ui.editor.tracks import track_buttons

        track_buttons(self)  # 'PR tracks…': the tracks the rule system's manifest declares
        for group in ("display", "settings"):
            if isinstance(sc.fields.get(group), BaseModel):
                self.props.addRow(QLabel(f"<b>{group.title()}</b>" + (" (hidden information)" if group == "display"
                                                                      else "")))
                self._model_rows(sc.fields[group], lambda f, v, g=group: C.SetSetting(f, v, group=g))
        self.props.addRow(QLabel("<b>Timetable</b>"))
        for i, slot in enumerate(sc.timetable):
            btn = QPushButton(f"{slot.start}–{slot.end} {slot.label}")
            btn.clicked.connect(lambda _=False, n=i: self.select(("timetable", n)))
            self.props.addRow(btn)
        add = QPushButton("Add timetable slot")
        add.clicked.connect(self.add_timetable_slot)
        self.props.addRow(add)

    def add_timetable_slot(self) -> bool:
        sc = self.scenario
        if sc is None:
            return False
        start = sc.timetable[-1].end if sc.timetable else "10:00"
        h, m = map(int, start.split(":"))
        end = f"{min(23, h + (m + 30) // 60):02d}:{(m + 30) % 60:02d}"
        weeks = [s.week for s in sc.timetable if s.week]
        week = (max(weeks) + 1) if weeks else 1
        return self.push(C.AddTimetableEntry(start, end, f"Week {week}", week))


def _clear_form(form: QFormLayout) -> None:
    """Empty the form, its widgets deleted later, never now: the form is often rebuilt from a field's own
    signal (a refused value shown again as the document holds it), and deleting that field inside its own
    event handler crashes Qt (seen: a PR track's number refused on Tab)."""
    while form.rowCount():
        row = form.takeRow(0)
        for item in (row.labelItem, row.fieldItem):
            if item is None:
                continue
            widget = item.widget()
            if widget is not None:
                _drop_widget(widget)
            elif item.layout() is not None:
                _drop_layout(item.layout())


def _drop_widget(widget: QWidget) -> None:
    """Out of sight and out of the form's search (its names cleared), deleted once back in the event loop."""
    widget.hide()
    for named in [widget, *widget.findChildren(QWidget)]:
        named.setObjectName("")
    widget.deleteLater()


def _drop_layout(layout: Any) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            _drop_widget(item.widget())
        elif item.layout() is not None:
            _drop_layout(item.layout())
    layout.deleteLater()

