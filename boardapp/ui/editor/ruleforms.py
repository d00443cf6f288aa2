"""The editor's *Rules* panel (issue #30 item 2): the forms a rule system declares for its own scenario
tables (its manifest's ``editor_forms``, see :mod:`boardapp.editor.ruleforms`), built from the scenario
model's fields — plain text for texts and numbers, check boxes for yes/no and for sets of choices,
drop-downs wherever a value names another item (a team, a unit type, a place kind, a track), a grid of
drop-downs for a table by rows and columns — and the problems of those tables with ``file:line``.

Every edit is one undoable :class:`~boardapp.editor.ruleforms.SetRuleValue` pushed through the window.
Nothing here names a rule system."""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QGroupBox,
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

from boardapp.editor import ruleforms as R

if TYPE_CHECKING:
    from boardapp.editor.document import ScenarioDocument
    from boardapp.ui.editor.window import EditorWindow


def show_rule_forms(w: EditorWindow, scenario: ScenarioDocument | None) -> None:
    """The window's hook: the Rules panel for ``scenario``'s rule system (hidden when it declares no forms)."""
    panel = getattr(w, "rule_forms", None)
    if panel is None:
        panel = w.rule_forms = RulesPanel(w)
        dock = w.rules_dock = QDockWidget("Rule tables", w)
        dock.setObjectName("Rule tables")
        dock.setWidget(panel)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        w.tabifyDockWidget(w.scenario_dock, dock)
        w.scenario_dock.raise_()
    panel.attach(scenario)


def name_of(path: R.Path) -> str:
    return "rule-" + ".".join(str(p) for p in path)


class _TypeToFind(QObject):
    """Letters typed into a drop-down find its entry (Qt's keyboard search) instead of firing the editor's
    one-letter tool keys (S, P, R …), which would otherwise take them first."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)
            if plain and event.text().isprintable() and event.text().strip():
                event.accept()
                return True
        return False


class RulesPanel(QWidget):
    """A drop-down of the rule system's forms, the chosen form, and the problems of the rule tables."""

    def __init__(self, w: EditorWindow) -> None:
        super().__init__()
        self.w = w
        self.doc: ScenarioDocument | None = None
        self.spec: R.FormsSpec | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.picker = QComboBox()
        self.picker.setObjectName("rule-form")
        self.picker.currentIndexChanged.connect(lambda _: self.rebuild())
        lay.addWidget(self.picker)
        self.help = QLabel()
        self.help.setWordWrap(True)
        lay.addWidget(self.help)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setMinimumWidth(440)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(QLabel("<b>Problems in these tables</b> (file:line as it will be saved)"))
        self.problems = QListWidget()
        self.problems.setObjectName("rule-problems")
        self.problems.setWordWrap(True)
        self.problems.itemClicked.connect(lambda it: self.go_to(it.data(Qt.ItemDataRole.UserRole)))
        lay.addWidget(self.problems)
        self._pending = False
        self._type_to_find = _TypeToFind(self)
        self.problems_timer = QTimer(self, singleShot=True, interval=300)
        self.problems_timer.timeout.connect(self.refresh_problems)

    # --- the document --------------------------------------------------------------------------
    def attach(self, doc: ScenarioDocument | None) -> None:
        if self.doc is not None and self._changed in self.doc.listeners:
            self.doc.listeners.remove(self._changed)
        self.doc = doc
        self.spec = R.spec_for(doc.fields.get("rules")) if doc is not None else None
        dock = self.w.rules_dock
        dock.setVisible(self.spec is not None)
        dock.toggleViewAction().setEnabled(self.spec is not None)
        if doc is None or self.spec is None:
            return
        doc.listeners.append(self._changed)
        dock.setWindowTitle(self.spec.title)
        self.picker.blockSignals(True)
        self.picker.clear()
        for form in self.spec.forms:
            self.picker.addItem(form.title, form.field)
        self.picker.blockSignals(False)
        self.rebuild()
        self.refresh_problems()

    def _changed(self, changes: list[tuple[str, Any]]) -> None:
        if not self._pending:  # after the edit's own signal handler has returned (it may be a field here)
            self._pending = True
            QTimer.singleShot(0, self.rebuild)
        self.problems_timer.start()

    def push(self, cmd: Any) -> bool:
        return bool(self.w.push(cmd))

    def set(self, path: R.Path, value: Any) -> bool:
        return self.push(R.SetRuleValue(path, value))

    # --- the form ------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self._pending = False
        doc, spec = self.doc, self.spec
        if doc is None or spec is None or self.picker.currentIndex() < 0:
            return
        focused = self.focusWidget()
        focus_name = focused.objectName() if focused is not None and self.isAncestorOf(focused) else ""
        scroll_at = self.scroll.verticalScrollBar().value()
        form = spec.forms[self.picker.currentIndex()]
        self.help.setText(form.help)
        box = QWidget()
        box.setObjectName(f"rule-page-{form.field}")
        lay = QFormLayout(box)
        info = doc.model.model_fields[form.field]
        self.row(lay, (form.field,), info.annotation, doc.fields.get(form.field), info.description, top=True)
        for combo in box.findChildren(QComboBox):
            combo.installEventFilter(self._type_to_find)
        old = self.scroll.takeWidget()
        self.scroll.setWidget(box)
        if old is not None:
            old.hide()
            old.deleteLater()
        self.scroll.verticalScrollBar().setValue(scroll_at)
        if focus_name:
            again = box.findChild(QWidget, focus_name)
            if again is not None:
                again.setFocus()

    def row(self, lay: QFormLayout, path: R.Path, annotation: Any, value: Any, tip: str | None, *,
            top: bool = False) -> None:
        """The widgets of the value at ``path``, added to ``lay``."""
        assert self.spec is not None and self.doc is not None
        ann = R.strip_none(annotation)
        label = "" if top else str(path[-1]).replace("_", " ")
        pattern = R.pattern_of(path)
        source = R.source_of(self.spec, path)
        origin, args = typing.get_origin(ann), typing.get_args(ann)
        may_be_empty = type(None) in typing.get_args(annotation)
        if pattern in self.spec.grids:
            lay.addRow(label, self.grid(path, value))
        elif isinstance(ann, type) and issubclass(ann, BaseModel):
            self.model_box(lay, path, ann, value, label=label, may_be_empty=may_be_empty, tip=tip)
        elif origin is list and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
            self.item_list(lay, path, args[0], value or [])
        elif origin is dict and args and isinstance(args[1], type) and issubclass(args[1], BaseModel):
            self.keyed_models(lay, path, args[1], value or {})
        elif origin is dict:
            lay.addRow(label, self.mapping(path, value or {}, args[1] if args else int))
        elif origin is list and source is not None:
            lay.addRow(label, self.ordered(path, value or [], source) if pattern in self.spec.ordered
                       else self.ticks(path, value or [], source))
        elif origin is typing.Literal:
            lay.addRow(label, self.combo(path, value, [(str(a), a) for a in args], tip))
        elif ann is bool:
            lay.addRow(label, self.checkbox(path, bool(value), tip))
        elif source is not None:
            lay.addRow(label, self.combo(path, value, R.choices(self.doc, source), tip))
        else:
            lay.addRow(label, self.line(path, value, ann, may_be_empty, tip))

    def model_box(self, lay: QFormLayout, path: R.Path, model: type[BaseModel], value: Any, *, label: str,
                  may_be_empty: bool, tip: str | None) -> None:
        if isinstance(value, dict):  # a blank scenario's part not yet validated (its first edit validates it)
            try:
                value = model.model_validate(value)
            except ValueError:
                value = None
        if may_be_empty:
            on = QCheckBox(f"{label or 'use'}: on" if label else "on")
            on.setObjectName(name_of(path) + "-on")
            on.setToolTip(tip or "")
            on.setChecked(value is not None)
            on.toggled.connect(lambda yes, p=path: self.set(p, R.switched_on(self.doc, self.spec, p) if yes else None))
            lay.addRow(on)
            if value is None:
                return
        inner = QGroupBox(label) if label else QWidget()
        inner.setObjectName(name_of(path) + "-box")
        form = QFormLayout(inner)
        for name, info in model.model_fields.items():
            self.row(form, (*path, name), info.annotation, getattr(value, name), info.description)
        lay.addRow(inner)

    def item_list(self, lay: QFormLayout, path: R.Path, model: type[BaseModel], items: list[Any]) -> None:
        for i, item in enumerate(items):
            title = " — ".join(str(x) for x in (getattr(item, "id", None), getattr(item, "name", None)) if x)
            group = QGroupBox(title or f"{path[-1]} {i + 1}")
            group.setObjectName(name_of((*path, i)) + "-box")
            form = QFormLayout(group)
            for name, info in model.model_fields.items():
                if name == "id":
                    form.addRow("id", self.id_line(path, i, item.id))
                else:
                    self.row(form, (*path, i, name), info.annotation, getattr(item, name), info.description)
            delete = QPushButton("Delete")
            delete.setObjectName(f"rule-delete-{'.'.join(map(str, path))}.{i}")
            delete.clicked.connect(lambda _=False, n=i: self.set(path, [x for k, x in enumerate(
                R.plain(R.get_path(self.doc.fields, path))) if k != n]))
            form.addRow(delete)
            lay.addRow(group)
        add = QPushButton(f"Add {str(path[-1]).replace('_', ' ').removesuffix('s')}")
        add.setObjectName(f"rule-add-{'.'.join(map(str, path))}")
        add.clicked.connect(lambda: self.set(path, [*R.plain(R.get_path(self.doc.fields, path) or []),
                                                   R.new_item(self.doc, self.spec, path)]))
        lay.addRow(add)

    def keyed_models(self, lay: QFormLayout, path: R.Path, model: type[BaseModel], value: dict[str, Any]) -> None:
        for key, item in value.items():
            group = QGroupBox(str(key))
            group.setObjectName(name_of((*path, key)) + "-box")
            form = QFormLayout(group)
            for name, info in model.model_fields.items():
                self.row(form, (*path, key, name), info.annotation, getattr(item, name), info.description)
            delete = QPushButton(f"Delete {key}")
            delete.setObjectName(f"rule-delete-{'.'.join(map(str, path))}.{key}")
            delete.clicked.connect(lambda _=False, k=key: self.set((*path, k), R.DELETE))
            form.addRow(delete)
            lay.addRow(group)
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        code = QLineEdit(placeholderText="new code")
        code.setObjectName(f"rule-new-{'.'.join(map(str, path))}")
        add = QPushButton("Add")
        add.setObjectName(f"rule-add-{'.'.join(map(str, path))}")

        def added() -> None:
            key = code.text().strip()
            if not key:
                return
            if key in value:
                self.w.statusBar().showMessage(f"Not done: {key} is already there", 8000)
                return
            self.set((*path, key), R.default_of(self.spec, (*path, key)) or {})

        add.clicked.connect(added)
        code.returnPressed.connect(added)
        h.addWidget(code, 1)
        h.addWidget(add)
        lay.addRow(row)

    def mapping(self, path: R.Path, value: dict[Any, Any], value_type: Any) -> QWidget:
        """Key -> a number (a cost per road kind, a start value per team): one row a key, and an Add row
        whose key is chosen from the keys' source."""
        assert self.doc is not None and self.spec is not None
        box = QWidget()
        box.setObjectName(name_of(path))
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        source = R.source_of(self.spec, (*path, "<key>"))
        offered = R.choices(self.doc, source) if source else []
        shown = {v: t for t, v in offered}
        listed = R.source_of(self.spec, (*path, "x")) if typing.get_origin(value_type) is list else None
        for r, (key, v) in enumerate(value.items()):
            grid.addWidget(QLabel(shown.get(key, str(key))), r, 0)
            grid.addWidget(self.ticks((*path, key), v, listed) if listed else
                           self.line((*path, key), v, value_type, False, None), r, 1)
            remove = QPushButton("\u00d7")
            remove.setObjectName(f"rule-remove-{'.'.join(map(str, (*path, key)))}")
            remove.setToolTip(f"Remove {key}")
            remove.setFixedWidth(40)
            remove.clicked.connect(lambda _=False, k=key: self.set((*path, k), R.DELETE))
            grid.addWidget(remove, r, 2)
        if not value:  # an empty table says so above its Add row
            grid.addWidget(QLabel("(none yet: pick one and Add)"), 0, 0, 1, 3)
        r = len(value) or 1
        pick: QComboBox | QLineEdit
        if offered:
            pick = QComboBox()
            for text, v in offered:
                if v not in value:
                    pick.addItem(text, v)
        else:
            pick = QLineEdit(placeholderText="key")
        pick.setObjectName(f"rule-newkey-{'.'.join(map(str, path))}")
        add = QPushButton("Add")
        add.setObjectName(f"rule-add-{'.'.join(map(str, path))}")

        def added() -> None:
            key = pick.currentData() if isinstance(pick, QComboBox) else pick.text().strip()
            if key in (None, "") or key in value:
                return
            self.set((*path, key), 0 if value_type is int else [] if typing.get_origin(value_type) is list else "")

        add.clicked.connect(added)
        grid.addWidget(pick, r, 0)
        grid.addWidget(add, r, 1)
        return box

    def grid(self, path: R.Path, value: dict[Any, list[Any]]) -> QWidget:
        """Rows (die rolls) by columns (the spec's column path): a drop-down a cell."""
        assert self.doc is not None and self.spec is not None
        columns = R.get_path(self.doc.fields, tuple(self.spec.grids[R.pattern_of(path)].split("."))) or []
        source = R.source_of(self.spec, (*path, 0, 0))
        offered = R.choices(self.doc, source) if source else []
        box = QWidget()
        box.setObjectName(name_of(path))
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        for c, name in enumerate(columns):
            head = QLabel(f"<b>{name}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, 0, c + 1)
        for r, (key, cells) in enumerate(value.items(), start=1):
            grid.addWidget(QLabel(f"<b>{key}</b>"), r, 0)
            for c in range(len(columns)):
                cell = QComboBox()
                cell.setObjectName(f"{name_of(path)}.{key}.{c}")
                current = cells[c] if c < len(cells) else None
                if current is None:
                    cell.addItem("—", None)
                for text, v in offered:
                    cell.addItem(text, v)
                if current is not None and cell.findData(current) < 0:
                    cell.addItem(f"{current} (not a result)", current)
                cell.setCurrentIndex(max(0, cell.findData(current)))

                def chosen(_: int, cell: QComboBox = cell, key: Any = key, c: int = c) -> None:
                    code = cell.currentData()
                    if code is None:
                        return
                    row = list(R.get_path(self.doc.fields, (*path, key)) or [])
                    row = (row + [code] * len(columns))[:len(columns)]
                    row[c] = code
                    self.set((*path, key), row)

                cell.currentIndexChanged.connect(chosen)
                grid.addWidget(cell, r, c + 1)
        return box

    def ticks(self, path: R.Path, value: list[Any], source: str) -> QWidget:
        """A set of choices (the place kinds a unit type may enter): a check box each."""
        assert self.doc is not None
        box = QWidget()
        box.setObjectName(name_of(path))
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        offered = R.choices(self.doc, source)
        order = [v for _, v in offered]
        for i, (text, v) in enumerate(offered):
            tick = QCheckBox(text)
            tick.setObjectName(f"{name_of(path)}.{v}")
            tick.setChecked(v in value)
            tick.toggled.connect(lambda on, v=v: self.set(path, [x for x in order if (x in value and x != v)
                                                                 or (x == v and on)]
                                                         + [x for x in value if x not in order]))
            grid.addWidget(tick, i // 2, i % 2)
        return box

    def ordered(self, path: R.Path, value: list[Any], source: str) -> QWidget:
        """A list of choices whose order matters (the end-of-turn steps): Up and Remove a row, Add one."""
        assert self.doc is not None
        box = QWidget()
        box.setObjectName(name_of(path))
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, v in enumerate(value):
            grid.addWidget(QLabel(f"{i + 1}. {v}"), i, 0)
            up = QPushButton("Up")
            up.setObjectName(f"{name_of(path)}.up.{v}")
            up.setEnabled(i > 0)
            up.clicked.connect(lambda _=False, i=i, v=v: self.set(path, [*value[:i - 1], v, value[i - 1],
                                                                   *value[i + 1:]]))
            remove = QPushButton("Remove")
            remove.setObjectName(f"{name_of(path)}.remove.{v}")
            remove.clicked.connect(lambda _=False, i=i: self.set(path, value[:i] + value[i + 1:]))
            grid.addWidget(up, i, 1)
            grid.addWidget(remove, i, 2)
        pick = QComboBox()
        pick.setObjectName(f"{name_of(path)}.new")
        for text, v in R.choices(self.doc, source):
            if v not in value:
                pick.addItem(text, v)
        add = QPushButton("Add")
        add.setObjectName(f"rule-add-{'.'.join(map(str, path))}")
        add.setEnabled(pick.count() > 0)
        add.clicked.connect(lambda: self.set(path, [*value, pick.currentData()]))
        grid.addWidget(pick, len(value), 0)
        grid.addWidget(add, len(value), 1)
        return box

    def combo(self, path: R.Path, value: Any, offered: list[tuple[str, Any]], tip: str | None) -> QComboBox:
        box = QComboBox()
        box.setObjectName(name_of(path))
        box.setToolTip(tip or "")
        for text, v in offered:
            box.addItem(text, v)
        if box.findData(value) < 0:
            box.addItem(f"{value} (not in the list)" if value is not None else "—", value)
        box.setCurrentIndex(box.findData(value))
        box.currentIndexChanged.connect(lambda _: box.currentData() != value and self.set(path, box.currentData()))
        return box

    def checkbox(self, path: R.Path, value: bool, tip: str | None) -> QCheckBox:
        box = QCheckBox("yes")
        box.setObjectName(name_of(path))
        box.setToolTip(tip or "")
        box.setChecked(value)
        box.toggled.connect(lambda on: self.set(path, on))
        return box

    def line(self, path: R.Path, value: Any, ann: Any, may_be_empty: bool, tip: str | None) -> QLineEdit:
        """Plain text: a text as typed, a number, a list of numbers or texts as '1, 2, 2, 3'."""
        text = "" if value is None else (", ".join(str(v) for v in value) if isinstance(value, list) else str(value))
        edit = QLineEdit(text)
        edit.setCursorPosition(0)  # a long refusal text shows its start
        edit.setObjectName(name_of(path))
        edit.setToolTip(tip or "")
        edit.setProperty("taken", text)

        def finished() -> None:
            typed = edit.text()
            if typed == edit.property("taken"):
                return
            try:
                new = parse(typed, ann, may_be_empty)
            except ValueError as exc:
                self.w.statusBar().showMessage(f"Not done: {'.'.join(map(str, path))}: {exc}", 8000)
                return
            if self.set(path, new):
                edit.setProperty("taken", typed)

        edit.editingFinished.connect(finished)
        return edit

    def id_line(self, list_path: R.Path, index: int, value: str) -> QLineEdit:
        edit = QLineEdit(value)
        edit.setObjectName(name_of((*list_path, index, "id")))
        edit.setProperty("taken", value)

        def finished() -> None:
            new = edit.text().strip()
            if new == edit.property("taken") or not new:
                return
            try:
                cmd = R.rename_item(self.doc, self.spec, list_path, index, new)
            except ValueError as exc:
                self.w.statusBar().showMessage(f"Not done: {exc}", 8000)
                return
            if self.push(cmd):
                edit.setProperty("taken", new)

        edit.editingFinished.connect(finished)
        return edit

    # --- problems ------------------------------------------------------------------------------
    def refresh_problems(self) -> None:
        self.problems.clear()
        if self.doc is None or self.spec is None:
            return
        try:
            found = R.located(self.doc, self.spec)
        except Exception as exc:  # an unfinished scenario the checks cannot read yet
            found = [(f"the checks could not run: {exc}", None)]
        for text, problem in found:
            item = QListWidgetItem(f"✖ {text}")
            item.setData(Qt.ItemDataRole.UserRole, problem)
            self.problems.addItem(item)
        if not found:
            self.problems.addItem("✔ No problems in these tables.")
        # as tall as its rows (up to five): the form keeps the room a short list does not need
        rows = sum(self.problems.sizeHintForRow(i) for i in range(min(5, self.problems.count())))
        self.problems.setFixedHeight(rows + 2 * self.problems.frameWidth() + 6)

    def go_to(self, problem: Any) -> None:
        """Show the form a problem is in and put the cursor in its field (or the nearest one shown)."""
        loc = tuple(getattr(problem, "loc", ()) or ())
        if not loc or self.picker.findData(str(loc[0])) < 0:
            return
        self.picker.setCurrentIndex(self.picker.findData(str(loc[0])))
        self.rebuild()
        page = self.scroll.widget()
        for n in range(len(loc), 0, -1):
            for suffix in ("", "-box", "-on"):
                found = page.findChild(QWidget, name_of(loc[:n]) + suffix) if page is not None else None
                if found is not None:
                    self.scroll.ensureWidgetVisible(found)
                    found.setFocus()
                    return


def parse(text: str, ann: Any, may_be_empty: bool) -> Any:
    """A value typed in a plain field, by the field's type.

    >>> parse("1, 2, 2, 3", list[int], True), parse(" 3 ", int, False), parse("", int, True)
    ([1, 2, 2, 3], 3, None)
    >>> parse("1:2, 1:1", list[str], False)
    ['1:2', '1:1']
    """
    text = text.strip()
    if not text and may_be_empty:
        return None
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin is list:
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        return [parse(p, args[0] if args else str, False) for p in parts]
    if ann is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
    if ann is float:
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
    return text
