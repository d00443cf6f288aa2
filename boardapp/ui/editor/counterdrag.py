"""A scenario's counter dragged on the editor's map from one place to another (the select tool).

The counters drawn on the map are chips above their places (``PlaceItem.decor``): War in Binni's ``counters``,
a tables scenario's ``units``, whatever list the rule system names as its pieces (``editor.pieces``). Pressing
on a chip lifts it: a copy follows the mouse, and a ring shows the place it would go to. Dropped near a place
(as near as a drop from the counter palette must be), the counter moves there: one
:class:`~boardapp.editor.commands.MoveCounter`, one undo step, and the counter is selected so its form shows
its new place. Dropped off any place, it goes back where it was and the status bar says so; a click without a
drag selects it; Escape puts it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem

from boardapp.editor import commands as C
from boardapp.ui.editor.items import PlaceItem, paint_chip

if TYPE_CHECKING:
    from boardapp.ui.editor.scene import EditorScene

DROP_RADIUS = 120.0
"""How near (map units) to a place a counter must be dropped to go there: the counter palette's radius."""

CLICK = 3.0
"""A press and release nearer than this (map units) is a click: the counter is selected, not moved."""


class Lifted(QGraphicsItem):
    """The chip being dragged, drawn at the map's scale where the mouse is."""

    def __init__(self, colour: str, text: str, k: float, offset: QPointF) -> None:
        super().__init__()
        self.colour, self.text, self.k = colour, text, k
        self.offset = offset  # from the mouse to the chip's rectangle, at scale 1
        self.setZValue(200)

    def boundingRect(self) -> QRectF:
        k = self.k
        return QRectF((self.offset.x() - 4) * k, (self.offset.y() - 4) * k, 46 * k, 34 * k)

    def paint(self, p: QPainter, option: Any, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(self.k, self.k)
        p.setOpacity(0.85)
        paint_chip(p, QRectF(self.offset.x(), self.offset.y(), 38, 26), self.colour, self.text)


def chip_under(scene: EditorScene, pos: QPointF) -> tuple[PlaceItem, int] | None:
    """The place item and index of the counter chip under map point ``pos`` (the top one), if any."""
    for item in sorted(scene.places.values(), key=lambda i: -i.zValue()):
        n = item.chip_at(pos)
        if n is not None:
            return item, n
    return None


def press(scene: EditorScene, pos: QPointF) -> bool:
    """Lift the counter chip under ``pos``, if there is one (True: the press is the counter's)."""
    hit = chip_under(scene, pos)
    if hit is None:
        return False
    item, n = hit
    chip = item.chips[n]
    assert chip is not None
    section, cid = chip
    colour, text = item.decor[n]
    rect = item.chip_rect(n)
    local = item.mapFromScene(pos) / item.k
    lifted = Lifted(colour, text, item.k, rect.topLeft() - local)
    lifted.setPos(pos)
    scene.addItem(lifted)
    ring = QGraphicsEllipseItem(-34 * item.k, -34 * item.k, 68 * item.k, 68 * item.k)
    ring.setPen(QPen(QColor("#d62728"), 5 * item.k, Qt.PenStyle.DashLine))
    ring.setZValue(190)
    ring.setVisible(False)
    scene.addItem(ring)
    item.lifted = n
    item.update()
    scene.drag = ("counter", section, cid, item.place_id, pos, lifted, ring)
    return True


def target(scene: EditorScene, pos: QPointF) -> str | None:
    """The place a counter dropped at ``pos`` goes to: the nearest within :data:`DROP_RADIUS`."""
    return scene.place_near(pos, DROP_RADIUS)


def move(scene: EditorScene, drag: tuple[Any, ...], pos: QPointF) -> None:
    """The lifted chip follows the mouse; the ring and the status bar say where it would go."""
    lifted, ring = drag[5], drag[6]
    lifted.setPos(pos)
    pid = target(scene, pos)
    ring.setVisible(pid is not None)
    label = f"{lifted.text} ({drag[2]})"
    if pid is not None:
        ring.setPos(scene.places[pid].pos())
        scene.w.statusBar().showMessage(f"Drop to move {label} to {scene.places[pid].place.name}")
    else:
        scene.w.statusBar().showMessage(f"Not over a place: dropped here, {label} goes back (Esc: back now)")


def _put_down(scene: EditorScene, drag: tuple[Any, ...]) -> None:
    for extra in (drag[5], drag[6]):
        if extra.scene() is scene:
            scene.removeItem(extra)
    item = scene.places.get(drag[3])
    if item is not None:
        item.lifted = None
        item.update()


def cancel(scene: EditorScene) -> bool:
    """Put a lifted counter back where it was (Escape); True if there was one."""
    drag, scene.drag = scene.drag, None
    if not (drag and drag[0] == "counter"):
        scene.drag = drag
        return False
    _put_down(scene, drag)
    scene.w.statusBar().clearMessage()
    return True


def drop(scene: EditorScene, drag: tuple[Any, ...], pos: QPointF) -> None:
    """The counter goes to the place under the drop, or back where it was (and the status bar says why)."""
    _, section, cid, origin, start, _lifted, _ring = drag
    _put_down(scene, drag)
    w = scene.w
    names = {pid: item.place.name for pid, item in scene.places.items()}
    label = f"{drag[5].text} ({cid})"
    w.statusBar().clearMessage()  # the hint of the drag
    if (pos - start).manhattanLength() < CLICK:
        w.select((section, cid))
        return
    pid = target(scene, pos)
    if pid is None:
        w.statusBar().showMessage(
            f"Dropped off any place: {label} stays at {names.get(origin, origin)}. "
            "Drop a counter on a place to move it there.", 10000)
        return
    if pid == origin:
        w.select((section, cid))
        w.statusBar().showMessage(f"{label} stays at {names.get(origin, origin)}: dropped on its own place", 6000)
        return
    if w.push(C.MoveCounter(cid, pid, section)):
        w.select((section, cid))
        w.statusBar().showMessage(
            f"Moved {label} from {names.get(origin, origin)} to {names[pid]} (Ctrl+Z puts it back)", 8000)
