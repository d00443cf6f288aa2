"""Tracks as an editable list (issue #31 item 2): the tracks a rule system's scenario items hold, as its
manifest declares them (``editor.tracks``: War in Binni's PR track of each team, a start level and the
most influence cards held at each level). *Scenario settings… ▸ PR tracks…* shows one block a track:

* the team it belongs to, a drop-down of the scenario's teams (choosing another team moves the track to
  it, when that team has none);
* its start value, and one number for each value (the bounds of the start value's field: PR 0 to 8);
* *Remove*; and below, *Add a track for* a drop-down of the teams without one.

Every change is one undoable edit of the team's fields; a refused one (a PR table that falls as PR rises)
says why in the status bar and the form shows the document again. The rules-as-tables system's own
``tracks`` list is edited in its Rules panel (``contributions.editor_forms``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from boardapp.editor import commands as C

if TYPE_CHECKING:
    from boardapp.ui.editor.window import EditorWindow

DEFAULT_FIRST, DEFAULT_STEP = 2, 1
"""A new track's numbers: this at the lowest value, rising by the step at each value (2, 3, … 10 for
PR 0 to 8: plain numbers the designer then edits)."""


def declared(w: EditorWindow) -> list[Any]:
    """The track lists the open scenario's rule system declares (none for a map, or a system without)."""
    sc = w.scenario
    if sc is None:
        return []
    from boardapp import plugins

    try:
        lists = plugins.manifest(str(sc.fields.get("rules"))).editor.tracks
    except ValueError:
        return []
    return [t for t in lists if t.on in sc.fields]


def track_buttons(w: EditorWindow) -> None:
    """In the scenario's form: a button a declared track list ('PR tracks…')."""
    for t in declared(w):
        btn = QPushButton(f"{t.title}…")
        btn.setObjectName(f"tracks-{t.id}")
        btn.clicked.connect(lambda _=False, tid=t.id: w.select(("tracks", tid)))
        w.props.addRow(btn)


def bounds(w: EditorWindow, spec: Any) -> tuple[int, int]:
    """The values a track runs through: the start field's ``ge`` and ``le`` (PR 0 to 8)."""
    from boardapp.editor.commands import item_model

    info = item_model(w.scenario, spec.on).model_fields[spec.level]
    low = next((m.ge for m in info.metadata if hasattr(m, "ge")), 0)
    high = next((m.le for m in info.metadata if hasattr(m, "le")), low + 8)
    return int(low), int(high)


def _spin(value: int, low: int, high: int, name: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setObjectName(name)
    box.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
    box.setKeyboardTracking(False)  # one edit when the number is finished, not one a digit
    box.setMinimumWidth(box.fontMetrics().horizontalAdvance("88") + 10)
    box.setMaximumWidth(box.fontMetrics().horizontalAdvance("888") + 12)
    return box


def tracks_form(w: EditorWindow, tid: str) -> None:
    spec = next((t for t in declared(w) if t.id == tid), None)
    sc = w.scenario
    if spec is None or sc is None:
        return
    low, high = bounds(w, spec)
    owners = list(sc.fields[spec.on])
    with_track = [x for x in owners if getattr(x, spec.table, None) is not None]
    without = [x for x in owners if getattr(x, spec.table, None) is None]
    w.props.addRow(QLabel(f"<b>{spec.title}</b>"))
    if spec.help:
        note = QLabel(spec.help)
        note.setWordWrap(True)
        w.props.addRow(note)
    for x in with_track:
        w.props.addRow(_track_block(w, spec, x, without, (low, high)))
    row = QHBoxLayout()
    row.addWidget(QLabel("Add a track for"))
    pick = QComboBox(objectName=f"add-track-{spec.id}")
    for x in without:
        pick.addItem(f"{x.name} ({x.id})", x.id)
    row.addWidget(pick, 1)
    add = QPushButton("Add", objectName=f"add-track-button-{spec.id}")
    add.setEnabled(bool(without))
    add.clicked.connect(lambda: add_track(w, spec, pick.currentData()))
    row.addWidget(add)
    box = QWidget()
    box.setLayout(row)
    w.props.addRow(box)


def _track_block(w: EditorWindow, spec: Any, x: Any, without: list[Any], span: tuple[int, int]) -> QWidget:
    """One track: whose (a drop-down), Remove, the start value, then a number for each value, each with
    the field's own description as its caption (so the form says 'Starting PR level, 0 to 8')."""
    from boardapp.editor.commands import item_model

    low, high = span
    fields = item_model(w.scenario, spec.on).model_fields
    cols = high - low + 1
    block = QWidget(objectName=f"track-{x.id}")
    grid = QGridLayout(block)
    grid.setContentsMargins(0, 6, 0, 6)
    grid.setHorizontalSpacing(3)
    owner = QComboBox(objectName=f"track-owner-{x.id}")
    for o in [x, *without]:  # its own team, or one without a track
        owner.addItem(f"{o.name} ({o.id})", o.id)
    owner.setToolTip("Whose track this is: choose a team without one to give it this track")
    owner.currentIndexChanged.connect(lambda _: move_track(w, spec, x.id, owner.currentData()))
    grid.addWidget(owner, 0, 0, 1, cols - 3)
    remove = QPushButton("Remove", objectName=f"track-remove-{x.id}")
    remove.clicked.connect(lambda: w.push(C.SetItemField(spec.on, x.id, spec.table, None)))
    grid.addWidget(remove, 0, cols - 3, 1, 3)
    grid.addWidget(QLabel(fields[spec.level].description or spec.level), 1, 0, 1, cols - 2)
    start = _spin(int(getattr(x, spec.level)), low, high, f"track-start-{x.id}")
    start.editingFinished.connect(lambda: _set(w, spec.on, x.id, spec.level, start.value()))
    grid.addWidget(start, 1, cols - 2, 1, 2)
    caption = QLabel(fields[spec.table].description or spec.table)
    caption.setWordWrap(True)
    grid.addWidget(caption, 2, 0, 1, cols)
    table = list(getattr(x, spec.table))
    spins = []
    for n, level in enumerate(range(low, high + 1)):
        grid.addWidget(QLabel(str(level)), 3, n)
        spin = _spin(int(table[n]) if n < len(table) else 0, 0, 999, f"track-{x.id}-{level}")
        spins.append(spin)
        grid.addWidget(spin, 4, n)
    for spin in spins:
        spin.editingFinished.connect(lambda: _set(w, spec.on, x.id, spec.table, [s.value() for s in spins]))
    return block


def _set(w: EditorWindow, section: str, key: str, field: str, value: Any) -> bool:
    current = getattr(w.scenario.item(section, key), field) if w.scenario is not None else None
    if current == value:
        return False
    if not w.push(C.SetItemField(section, key, field, value)):
        w.show_properties(w.selected)  # refused: the form shows the document again
        return False
    return True


def new_table(w: EditorWindow, spec: Any) -> list[int]:
    low, high = bounds(w, spec)
    return [DEFAULT_FIRST + DEFAULT_STEP * n for n in range(high - low + 1)]


def new_item_tracks(w: EditorWindow, section: str) -> dict[str, list[int]]:
    """The tracks a new item of ``section`` starts with (a new War in Binni team: its PR table)."""
    return {t.table: new_table(w, t) for t in declared(w) if t.on == section}


def add_track(w: EditorWindow, spec: Any, key: str | None) -> bool:
    """A track for the item ``key``, with plain rising numbers (:data:`DEFAULT_FIRST`)."""
    if key is None:
        return False
    return w.push(C.SetItemField(spec.on, key, spec.table, new_table(w, spec)))


def move_track(w: EditorWindow, spec: Any, old: str, new: str | None) -> bool:
    """The track of ``old`` given to ``new`` (which had none), with its start value: one undo step."""
    sc = w.scenario
    if sc is None or new is None or new == old:
        return False
    src = sc.item(spec.on, old)
    steps = [C.SetItemField(spec.on, new, spec.table, list(getattr(src, spec.table))),
             C.SetItemField(spec.on, new, spec.level, getattr(src, spec.level)),
             C.SetItemField(spec.on, old, spec.table, None)]
    return w.push(C.Macro(f"move the {spec.title.rstrip('s')} of {old} to {new}", steps))
