"""A scenario put on another map (issue #31 item 1): the scenario's ``map:`` changed in the editor.

The scenario keeps its teams, counters and control; whatever names a place the new map lacks is
reported by the Problems panel (as ``boardapp check`` would), and undo puts the old map back.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from boardapp.editor.commands import Command
from boardapp.editor.document import Change, MapDocument, ScenarioDocument


def map_reference(map_doc: MapDocument, scenario_path: Path | None) -> str:
    """The scenario's ``map:`` for ``map_doc``: relative to the scenario's folder when both have files."""
    if map_doc.path is None:
        return "map.yaml"
    if scenario_path is None:
        return map_doc.path.name
    return Path(os.path.relpath(map_doc.path.resolve(), scenario_path.resolve().parent)).as_posix()


class ChangeMap(Command):
    """Put the scenario on ``new_map`` (an opened map document)."""

    text = "change map"
    target = "scenario"

    def __init__(self, new_map: MapDocument) -> None:
        self.new_map = new_map

    def _swap(self, doc: ScenarioDocument, to: MapDocument, ref: Any) -> list[Change]:
        doc.map_doc.scenario = None
        doc.map_doc = to
        to.scenario = doc
        doc.fields["map"] = ref
        return [("map", None), ("all", None)]

    def do(self, doc: ScenarioDocument) -> list[Change]:
        self.old_map, self.old_ref = doc.map_doc, doc.fields.get("map")
        return self._swap(doc, self.new_map, map_reference(self.new_map, doc.path))

    def undo(self, doc: ScenarioDocument) -> list[Change]:
        return self._swap(doc, self.old_map, self.old_ref)
