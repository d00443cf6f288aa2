"""Working with several places at once, and where a click lands (issue #31 item 8).

* **Select all** (Ctrl+A) and **rubber band** (Shift+drag with *Select / move*) select places; dragging
  one of several selected places moves them all (one undo step).
* **Copy / paste** (Ctrl+C / Ctrl+V): the selected places, the roads between them and the counters on
  them, pasted 60 map units down and right with fresh ids, as one undo step; the copies are selected.
  A selected label, or the selected regions (Ctrl+click for several), are copied and pasted too: a
  label 60 units off, regions beside the ones copied (right, below, left or above them: the first side
  inside the map where they overlap no region), sharing that border, each with a fresh id from its name.
* **Snapping**: a click while drawing a region or a split line lands on an existing region vertex
  within 12 screen pixels (shared borders line up); so does a corner dragged with *Move vertices*,
  while it moves and where it is dropped, and a corner that other regions share moves with theirs (one
  undo step), so a shared border stays shared. With *Snap to grid* on (toolbar), every point lands
  on the grid. Every position is a whole number of map units.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QCheckBox, QSpinBox

from boardapp.editor import commands as C
from boardapp.ui.editor.items import PlaceItem

if TYPE_CHECKING:
    from boardapp.ui.editor.scene import EditorScene
    from boardapp.ui.editor.window import EditorWindow

VERTEX_SNAP_PX = 12
PASTE_OFFSET = 60


def install(w: EditorWindow, bar: Any) -> None:
    """Edit ▸ Select all, Copy, Paste; the toolbar's Snap to grid and its step."""
    edit_menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Edit")
    for text, key, slot in (("Select all places", QKeySequence.StandardKey.SelectAll, lambda: select_all(w)),
                            ("Copy", QKeySequence.StandardKey.Copy, lambda: copy(w)),
                            ("Paste", QKeySequence.StandardKey.Paste, lambda: paste(w))):
        act = QAction(text, w)
        act.setShortcut(key)
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)  # the map's, not the fields'
        act.triggered.connect(lambda _=False, f=slot: f())
        w.view.addAction(act)
        edit_menu.addAction(act)
    w.copied = None
    w.snap_grid = QCheckBox("Snap to grid")
    w.snap_grid.setObjectName("snap-grid")
    w.grid_step = QSpinBox()
    w.grid_step.setRange(1, 500)
    w.grid_step.setValue(25)
    w.grid_step.setSuffix(" units")
    bar.addWidget(w.snap_grid)
    bar.addWidget(w.grid_step)


def snap(scene: EditorScene, pos: QPointF, vertices: bool,
         moving: tuple[float, float] | None = None) -> tuple[float, float]:
    """Where a click at ``pos`` lands: an existing region vertex near it (``vertices``; not the point
    ``moving``, the corner being dragged), else the grid point (Snap to grid on), else ``pos``; always
    whole map units."""
    w = scene.w
    if vertices:
        scale = w.view.transform().m11() or 1.0
        reach = VERTEX_SNAP_PX / scale
        best = None
        for r in scene.doc.regions:
            for ring in (r.polygon, *r.holes):
                for x, y in ring:
                    if moving is not None and (x, y) == moving:
                        continue
                    d = math.hypot(x - pos.x(), y - pos.y())
                    if d <= reach and (best is None or d < best[0]):
                        best = (d, (x, y))
        if best is not None:
            return best[1]
    snap_box = getattr(w, "snap_grid", None)
    if snap_box is not None and snap_box.isChecked():
        step = w.grid_step.value()
        return (round(pos.x() / step) * step, round(pos.y() / step) * step)
    return (round(pos.x()), round(pos.y()))


def corners_at(scene: EditorScene, at: tuple[float, float]) -> list[tuple[str, int, int]]:
    """(region, ring, vertex) of every region corner at the point ``at``: 0 is the outline, n a hole."""
    out = []
    for r in scene.doc.regions:
        for ring, pts in enumerate((r.polygon, *r.holes)):
            out += [(r.id, ring, i) for i, xy in enumerate(pts) if tuple(xy) == tuple(at)]
    return out


def vertex_drag(scene: EditorScene, handle: Any, pos: QPointF) -> None:
    """While a corner is dragged with Move vertices: its handle shows where it will land (snapped)."""
    handle.setPos(QPointF(*snap(scene, pos, vertices=True, moving=handle_at(scene, handle))))


def handle_at(scene: EditorScene, handle: Any) -> tuple[float, float]:
    return tuple(scene.doc.region(handle.region_id).polygon[handle.vertex])  # type: ignore[return-value]


def vertex_drop(scene: EditorScene, handle: Any, pos: QPointF) -> bool:
    """The drop of a dragged corner: snapped to a vertex near it or the grid; the corners of other
    regions at the same point move with it (one undo step), so a shared border stays shared."""
    old = handle_at(scene, handle)
    to = snap(scene, pos, vertices=True, moving=old)
    if to == old:
        return False
    moves = [C.MoveVertex(rid, i, to, ring) for rid, ring, i in corners_at(scene, old)]
    if len(moves) == 1:
        return scene.w.push(moves[0])
    return scene.w.push(C.Macro(f"move a corner of {len({m.region_id for m in moves})} regions", moves))


def selected_places(scene: EditorScene) -> list[str]:
    return [i.place_id for i in scene.selectedItems() if isinstance(i, PlaceItem)]


def _select_places(w: EditorWindow, ids: list[str]) -> None:
    scene = w.scene
    scene.blockSignals(True)
    scene.clearSelection()
    for pid in ids:
        item = scene.places.get(pid)
        if item is not None:
            item.setSelected(True)
    scene.blockSignals(False)
    if len(ids) == 1:
        w.show_properties(("places", ids[0]))
    else:
        w.show_properties(None)
    w.statusBar().showMessage(f"{len(ids)} place{'s' if len(ids) != 1 else ''} selected: drag one to move "
                              "them all; Ctrl+C copies them", 8000)


def select_all(w: EditorWindow) -> None:
    _select_places(w, [p.id for p in w.map_doc.places])


# --- rubber band ------------------------------------------------------------------------------------
def start_band(scene: EditorScene, pos: QPointF) -> None:
    scene.drag = ("band", pos)


def band_move(scene: EditorScene, pos: QPointF) -> None:
    from PySide6.QtGui import QPainterPath

    path = QPainterPath()
    path.addRect(QRectF(scene.drag[1], pos).normalized())
    scene.draft.setPath(path)


def band_release(scene: EditorScene, drag: Any, pos: QPointF) -> None:
    rect = QRectF(drag[1], pos).normalized()
    scene.cancel_draft()
    ids = [p.id for p in scene.doc.places if rect.contains(QPointF(*p.at))]
    _select_places(scene.w, ids)


# --- moving several places ----------------------------------------------------------------------------
def drag_along(scene: EditorScene, drag: Any, pos: QPointF) -> bool:
    """While a selected place is dragged, the other selected places follow; True when it did."""
    ids = selected_places(scene)
    if drag[1] not in ids or len(ids) < 2:
        return False
    delta = pos - drag[2]
    for pid in ids:
        at = scene.doc.place(pid).at
        scene.places[pid].setPos(QPointF(*at) + delta)
    return True


def move_selection(scene: EditorScene, drag: Any, pos: QPointF) -> bool:
    """The drop of a drag of several selected places: one undo step moving them all."""
    ids = selected_places(scene)
    if drag[1] not in ids or len(ids) < 2:
        return False
    if (pos - drag[2]).manhattanLength() <= 2:
        return True
    dx, dy = pos.x() - drag[2].x(), pos.y() - drag[2].y()
    moves = []
    for pid in ids:
        x, y = scene.doc.place(pid).at
        moves.append(C.MovePlace(pid, snap(scene, QPointF(x + dx, y + dy), vertices=False)))
    scene.w.push(C.Macro(f"move {len(ids)} places", moves))
    _select_places(scene.w, ids)
    return True


# --- copy and paste ----------------------------------------------------------------------------------
def copy(w: EditorWindow) -> int:
    if w.selected is not None and w.selected[0] == "counters" and w.scenario is not None:
        counter = w.scenario.item("counters", w.selected[1])  # a counter alone: pasted onto a place
        w.copied = ([], [], [counter])
        w.statusBar().showMessage(f"Copied counter {counter.id}: click a place, then Ctrl+V", 6000)
        return 1
    from boardapp.ui.editor.items import LabelItem, RegionItem

    chosen = w.scene.selectedItems()
    regions = [w.map_doc.region(i.region_id) for i in chosen if isinstance(i, RegionItem)]
    labels = [w.map_doc.labels[i.index] for i in chosen if isinstance(i, LabelItem)]
    if not regions and not labels and w.selected is not None and w.selected[0] == "labels":
        labels = [w.map_doc.labels[w.selected[1]]]
    if regions or labels:  # map pieces without places: pasted beside themselves
        w.copied = ("pieces", regions, labels)
        w.statusBar().showMessage("Copied " + " and ".join(
            f"{n} {what}{'s' if n != 1 else ''}" for n, what in ((len(regions), "region"), (len(labels), "label"))
            if n) + ": Ctrl+V pastes", 6000)
        return len(regions) + len(labels)
    ids = selected_places(w.scene)
    if not ids and w.selected is not None and w.selected[0] == "places":
        ids = [w.selected[1]]
    if not ids:
        w.statusBar().showMessage("Select places to copy (click, Shift+drag a box, or Ctrl+A)", 6000)
        return 0
    places = [w.map_doc.place(pid) for pid in ids]
    roads = [r for r in w.map_doc.roads if set(r.between) <= set(ids)]
    counters = [c for c in (w.scenario.counters if w.scenario is not None else []) if c.at in ids]
    w.copied = (places, roads, counters)
    w.statusBar().showMessage(f"Copied {len(places)} places, {len(roads)} roads, {len(counters)} counters", 6000)
    return len(places)


def paste(w: EditorWindow) -> list[str]:
    if not w.copied:
        w.statusBar().showMessage("Nothing copied yet (Ctrl+C copies the selected places)", 6000)
        return []
    if w.copied[0] == "pieces":
        return _paste_pieces(w, *w.copied[1:])
    places, roads, counters = w.copied
    if not places:
        return _paste_counters(w, counters)
    taken = {p.id for p in w.map_doc.places} | {r.id for r in w.map_doc.regions}
    new_ids: dict[str, str] = {}
    steps: list[C.Command] = []
    for p in places:
        nid = w.map_doc.new_id(p.id, taken)
        taken.add(nid)
        new_ids[p.id] = nid
        x, y = p.at
        steps.append(C.AddPlace({**p.model_dump(), "id": nid, "name": f"{p.name} (copy)",
                                 "at": (round(x + PASTE_OFFSET), round(y + PASTE_OFFSET))}))
    for r in roads:
        steps.append(C.AddRoad(new_ids[r.between[0]], new_ids[r.between[1]],
                               [(x + PASTE_OFFSET, y + PASTE_OFFSET) for x, y in r.via], r.kind))
    if w.scenario is not None:
        from boardapp.editor.renames import counter_id

        used = {c.id for c in w.scenario.counters}
        for c in counters:
            base, n = counter_id(w.scenario, c.team, c.type).rsplit("-", 1)[0], 1
            while f"{base}-{n}" in used:
                n += 1
            cid = f"{base}-{n}"
            used.add(cid)
            steps.append(C.PlaceCounter({**c.model_dump(), "id": cid, "at": new_ids[c.at]}))
    if not w.push(C.Macro(f"paste {len(places)} places", steps)):
        return []
    ids = list(new_ids.values())
    _select_places(w, ids)
    return ids


def _paste_pieces(w: EditorWindow, regions: list[Any], labels: list[Any]) -> list[str]:
    """Copied regions (fresh ids made from their names) and labels, moved by the paste offset, as one
    undo step; the last pasted is selected."""
    from boardapp.editor.renames import id_from_name

    def shifted(pts: Any, dx: float = PASTE_OFFSET, dy: float = PASTE_OFFSET) -> list[tuple[int, int]]:
        return [(round(x + dx), round(y + dy)) for x, y in pts]

    dx, dy = _beside(w, regions)

    taken = {p.id for p in w.map_doc.places} | {r.id for r in w.map_doc.regions}
    steps: list[C.Command] = []
    made: list[str] = []
    for r in regions:
        name = f"{r.name} (copy)"
        rid = w.map_doc.new_id(id_from_name(name, r.id), taken)
        taken.add(rid)
        made.append(rid)
        steps.append(C.AddRegion({**r.model_dump(), "id": rid, "name": name, "polygon": shifted(r.polygon, dx, dy),
                                  "holes": [shifted(h, dx, dy) for h in r.holes],
                                  "label_at": shifted([r.label_at], dx, dy)[0] if r.label_at else None}))
    first_label = len(w.map_doc.labels)
    for lab in labels:
        steps.append(C.AddItem("labels", {**lab.model_dump(), "at": shifted([lab.at])[0]}))
    if not steps or not w.push(C.Macro(f"paste {len(regions)} regions, {len(labels)} labels", steps)):
        return []
    if labels:
        w.select(("labels", first_label + len(labels) - 1))
    else:
        w.select(("regions", made[-1]))
    return made + [f"label {first_label + i}" for i in range(len(labels))]


def _beside(w: EditorWindow, regions: list[Any]) -> tuple[float, float]:
    """Where pasted regions go: beside the ones copied (right, below, left or above them, the first inside
    the map that overlaps no region), sharing that border, not over them - two regions of one kind must
    not overlap (seen under Xvfb: a paste 60 units off was at once a problem). None free: to the right."""
    if not regions:
        return (0.0, 0.0)
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    copied = unary_union([Polygon(r.polygon) for r in regions])
    x0, y0, x1, y1 = copied.bounds
    mw, mh = w.map_doc.head["size"]
    others = [Polygon(r.polygon) for r in w.map_doc.regions]
    for dx, dy in ((x1 - x0, 0.0), (0.0, y1 - y0), (x0 - x1, 0.0), (0.0, y0 - y1)):
        if x0 + dx < 0 or y0 + dy < 0 or x1 + dx > mw or y1 + dy > mh:
            continue
        from shapely.affinity import translate

        moved = translate(copied, dx, dy)
        if all(moved.intersection(o).area < 1.0 for o in others):
            return (dx, dy)
    return (x1 - x0, 0.0)


def _paste_counters(w: EditorWindow, counters: list[Any]) -> list[str]:
    """Copied counters (without their place) onto the place selected now, with fresh ids."""
    from boardapp.editor.renames import counter_id

    target = w.selected[1] if w.selected is not None and w.selected[0] == "places" else None
    if target is None or w.scenario is None:
        w.statusBar().showMessage("Click the place the copied counter goes to, then Ctrl+V", 6000)
        return []
    steps: list[C.Command] = []
    used = {c.id for c in w.scenario.counters}
    ids = []
    for c in counters:
        base, n = counter_id(w.scenario, c.team, c.type).rsplit("-", 1)[0], 1
        while f"{base}-{n}" in used:
            n += 1
        used.add(f"{base}-{n}")
        ids.append(f"{base}-{n}")
        steps.append(C.PlaceCounter({**c.model_dump(), "id": ids[-1], "at": target}))
    if not w.push(C.Macro(f"paste {len(steps)} counter{'s' if len(steps) != 1 else ''}", steps)):
        return []
    w.select(("counters", ids[-1]))
    return ids
