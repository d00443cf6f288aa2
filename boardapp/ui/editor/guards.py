"""The editor's guards against losing work or writing a broken file (issue #31 item 4).

* Deleting a place that counters, control or tokens name asks first, and offers to move them to another
  place (nearest first) or to remove them with the place.
* Saving or playing a file with problems (what ``boardapp check`` reports as errors) warns first, listing
  them; playing a scenario with errors is refused with the list.
* A Play whose board process fails shows its error in a dialog, never only on the terminal.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.editor.uses import (
    DeletePlaceAndUses,
    DeleteTeamAndUses,
    DeleteUnitTypeAndUses,
    place_uses,
    team_uses,
    type_uses,
)
from boardapp.model.problems import Problem

if TYPE_CHECKING:
    from boardapp.ui.editor.window import EditorWindow

SHOWN = 12
"""Problems listed in a dialog; more are counted."""


class DeletePlaceDialog(QDialog):
    """What names the place (or team: ``noun``), and a choice: move it to another place (team), remove it
    with the place, or cancel."""

    def __init__(self, parent: QWidget, place: Any, uses: list[Any], others: list[Any], roads: int = 0, *,
                 noun: str = "place") -> None:
        super().__init__(parent)
        self.setObjectName(f"delete-{noun.replace(' ', '-')}-dialog")
        self.setWindowTitle(f"Delete {place.name}?")
        self.choice = "cancel"
        lay = QVBoxLayout(self)
        listed = "".join(f"<li>{u.text}</li>" for u in uses[:SHOWN])
        more = f"<li>… and {len(uses) - SHOWN} more</li>" if len(uses) > SHOWN else ""
        road_text = {0: "", 1: "Its road goes with it. "}.get(roads, f"Its {roads} roads go with it. ")
        text = QLabel(f"<b>{place.name}</b> ({place.id}) is in use:<ul>{listed}{more}</ul>{road_text}"
                      f"Move these to another {noun}, or remove them with it?")
        text.setWordWrap(True)
        lay.addWidget(text)
        self.target = QComboBox(objectName="delete-move-to")
        for p in others:
            self.target.addItem(f"{p.name} ({p.id})", p.id)
        lay.addWidget(self.target)
        buttons = QDialogButtonBox()
        self.move_button = QPushButton("Move them there and delete", objectName="delete-move")
        self.remove_button = QPushButton("Delete them too", objectName="delete-remove")
        self.cancel_button = QPushButton("Cancel", objectName="delete-cancel")
        self.move_button.setEnabled(bool(others))
        for b, role, choice in ((self.move_button, QDialogButtonBox.ButtonRole.AcceptRole, "move"),
                                (self.remove_button, QDialogButtonBox.ButtonRole.DestructiveRole, "remove"),
                                (self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole, "cancel")):
            buttons.addButton(b, role)
            b.clicked.connect(lambda _=False, c=choice: self._done(c))
        self.cancel_button.setDefault(True)
        lay.addWidget(buttons)

    def _done(self, choice: str) -> None:
        self.choice = choice
        self.accept() if choice != "cancel" else self.reject()


def delete_place(window: EditorWindow, place_id: str) -> bool:
    """Delete a place; when something names it, ask first (move it elsewhere, remove it, or cancel)."""
    doc = window.doc
    uses = place_uses(doc, place_id)
    if not uses:
        return window.push(DeletePlaceAndUses(doc, place_id))
    place = window.map_doc.place(place_id)
    others = sorted((p for p in window.map_doc.places if p.id != place_id),
                    key=lambda p: math.dist(p.at, place.at))
    dialog = DeletePlaceDialog(window, place, uses, others, len(window.map_doc.roads_of(place_id)))
    dialog.exec()
    if dialog.choice == "move":
        return window.push(DeletePlaceAndUses(doc, place_id, move_to=dialog.target.currentData()))
    if dialog.choice == "remove":
        return window.push(DeletePlaceAndUses(doc, place_id))
    window.statusBar().showMessage(f"Not deleted: {place.name}", 6000)
    return False


def delete_in_use(window: EditorWindow, section: str, item_id: str) -> bool:
    """Delete a team or a unit type; when something names it (counters, control, the rule tables' units,
    track starts, alliances …), ask first: give it to another one, remove it, or cancel."""
    sc = window.scenario
    if sc is None:
        return False
    uses_of, delete, noun = {"teams": (team_uses, DeleteTeamAndUses, "team"),
                             "unit_types": (type_uses, DeleteUnitTypeAndUses, "unit type")}[section]
    uses = uses_of(sc, item_id)
    if not uses:
        return window.push(delete(sc, item_id))
    item = sc.item(section, item_id)
    others = [x for x in sc.fields[section] if x.id != item_id]
    dialog = DeletePlaceDialog(window, item, uses, others, noun=noun)
    dialog.exec()
    if dialog.choice == "move":
        return window.push(delete(sc, item_id, move_to=dialog.target.currentData()))
    if dialog.choice == "remove":
        return window.push(delete(sc, item_id))
    window.statusBar().showMessage(f"Not deleted: {item.name}", 6000)
    return False


def errors_of(window: EditorWindow) -> list[Problem]:
    try:
        problems = window.doc.problems()
    except Exception as exc:  # a check that cannot run is itself a problem to show
        problems = [Problem(f"the checks could not run: {exc}")]
    return [p for p in problems if p.severity != "warning"]


def problem_lines(problems: list[Problem]) -> str:
    lines = [f"• {p.message}" for p in problems[:SHOWN]]
    if len(problems) > SHOWN:
        lines.append(f"… and {len(problems) - SHOWN} more (see the Problems panel)")
    return "\n".join(lines)


def may_save(window: EditorWindow) -> bool:
    """True when the file has no errors, or the designer chose to save it anyway."""
    errors = errors_of(window)
    if not errors:
        return True
    box = QMessageBox(QMessageBox.Icon.Warning, "The file has problems",
                      f"`boardapp check` would refuse this file ({len(errors)} "
                      f"problem{'s' if len(errors) != 1 else ''}):\n\n{problem_lines(errors)}\n\n"
                      "Save it anyway (and mend it later), or go back?", parent=window)
    box.setObjectName("save-problems-dialog")
    save = box.addButton("Save anyway", QMessageBox.ButtonRole.AcceptRole)
    back = box.addButton("Go back", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(back)
    box.exec()
    return box.clickedButton() is save


def show_play_failure(window: EditorWindow, title: str, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok, window)
    box.setObjectName("play-failed-dialog")
    box.exec()


def may_play(window: EditorWindow) -> bool:
    """A scenario with errors does not start: the dialog lists them (the board would refuse it)."""
    errors = errors_of(window)
    if errors:
        show_play_failure(window, "Cannot play this scenario",
                          f"The board cannot open it ({len(errors)} problem{'s' if len(errors) != 1 else ''}):"
                          f"\n\n{problem_lines(errors)}\n\nMend them (the Problems panel shows where), then play.")
        return False
    return True


def start_board(window: EditorWindow, args: list[str], watch_ms: int = 30000) -> Any:
    """Start the board in its own process (it outlives the editor); if it ends in failure within
    ``watch_ms``, its error output is shown in a dialog, not only on the terminal."""
    import subprocess
    import tempfile

    from PySide6.QtCore import QTimer

    err = tempfile.TemporaryFile()  # noqa: SIM115 (read and closed when the board has been watched)
    try:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    except OSError as exc:
        err.close()
        show_play_failure(window, "The board could not start", str(exc))
        return None
    timer = QTimer(window)
    waited = [0]

    def poll() -> None:
        waited[0] += timer.interval()
        code = proc.poll()
        if code is None and waited[0] < watch_ms:
            return
        timer.stop()
        if code:
            err.seek(0)
            text = err.read().decode("utf-8", "replace").strip()
            tail = "\n".join(text.splitlines()[-12:]) or f"the board ended with status {code}"
            show_play_failure(window, "The board could not open the scenario", tail)
        err.close()

    timer.timeout.connect(poll)
    timer.start(250)
    window.play_watch = timer
    return proc


def save_suggestion(window: EditorWindow) -> Any:
    """Where Save as… starts (issue #31 item 10): the file's own folder and name; for a new file, the
    folder of its map (or the working folder) and a name made from its name, ending in ``.yaml``."""
    from pathlib import Path

    from boardapp.editor.renames import id_from_name

    doc = window.doc
    if doc.path is not None:
        return Path(doc.path)
    folder = window.map_doc.path.parent if window.map_doc.path is not None else Path.cwd()
    name = doc.fields.get("name") if window.scenario is not None else doc.head.get("name")
    return folder / f"{id_from_name(str(name or ''), 'untitled')}.yaml"


def with_yaml(path: str) -> str:
    """A typed file name without an ending gets ``.yaml``."""
    from pathlib import Path

    return path if Path(path).suffix.lower() in (".yaml", ".yml") else path + ".yaml"


def settle_background(window: EditorWindow, map_target: Any) -> None:
    """Before the map is written to ``map_target``: its background image path made relative to the map
    file (issue #31 item 7). An image outside the map's folder is copied beside the map if the designer
    agrees (so the map folder travels to another laptop); otherwise the path is written relative with
    ``..`` steps."""
    import os
    import shutil
    from pathlib import Path

    from boardapp.editor.commands import SetBackground

    bg = window.map_doc.background
    if bg is None or map_target is None:
        return
    folder = Path(map_target).resolve().parent
    current = Path(bg.image)
    if not current.is_absolute():
        base = window.map_doc.path.parent if window.map_doc.path is not None else Path.cwd()
        current = (base / current).resolve()
        if window.map_doc.path is not None and base.resolve() == folder:
            return  # already relative to this folder
    if current.parent == folder or folder in current.parents:
        new = current.relative_to(folder).as_posix()
    elif current.is_file():
        box = QMessageBox(QMessageBox.Icon.Question, "Background image",
                          f"The background image {current.name} is outside the map's folder ({folder}).\n\n"
                          "Copy it beside the map, so the folder travels with its image?", parent=window)
        box.setObjectName("copy-background-dialog")
        copy = box.addButton("Copy it beside the map", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Leave it where it is", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(copy)
        box.exec()
        if box.clickedButton() is copy:
            dest = folder / current.name
            if dest.exists() and dest.read_bytes() != current.read_bytes():
                dest = folder / f"{Path(map_target).stem}-{current.name}"
            shutil.copy2(current, dest)
            new = dest.name
        else:
            new = Path(os.path.relpath(current, folder)).as_posix()
    else:
        return  # a missing image: the Problems panel says so; its path is left as it is
    if new != bg.image:
        window.push(SetBackground({**bg.model_dump(), "image": new}))
