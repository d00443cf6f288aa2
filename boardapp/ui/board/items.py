"""The board's counters as Qt items: a chip the umpire drags, and the lazy map of every counter's item.

An item never changes the game: a drag is reported to the scene, which asks the controller."""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsSceneMouseEvent

from boardapp.engine.module import BoardPiece
from boardapp.ui.board.style import PIX

if TYPE_CHECKING:
    from boardapp.ui.board.scene import BoardScene


@runtime_checkable
class DragTarget(Protocol):
    """What a counter tells the scene it lies in while the umpire drags it."""

    def begin_drag(self, item: CounterItem) -> None: ...

    def drag_moved(self, item: CounterItem, pos: QPointF) -> None: ...

    def end_drag(self, item: CounterItem, pos: QPointF) -> None: ...


class CounterItem(QGraphicsPixmapItem):
    """A counter chip. It only reports the drag to the scene; it never changes the game."""

    def __init__(self, piece: BoardPiece) -> None:
        super().__init__()
        self.piece = piece
        self.setScale(1.0 / PIX)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.look: tuple[Any, ...] = ()
        """What it was last laid out as (the scene skips unchanged counters)."""
        self._press: QPointF | None = None
        self._origin = QPointF()
        self._dragging = False

    @property
    def counter_id(self) -> str:
        return self.piece.id

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            self._origin = self.pos()
            self._dragging = False
            event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        delta = event.scenePos() - self._press
        scene = self.scene()
        if not self._dragging:
            if math.hypot(delta.x(), delta.y()) < 4:
                return
            self._dragging = True
            if isinstance(scene, DragTarget):
                scene.begin_drag(self)
        self.setPos(self._origin + delta)
        if isinstance(scene, DragTarget):
            scene.drag_moved(self, event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        was_dragging, self._press = self._dragging, None
        self._dragging = False
        scene = self.scene()
        if was_dragging and isinstance(scene, DragTarget):
            scene.end_drag(self, event.scenePos())


class _Chip:
    """Where and how a counter is laid out, whether or not it has an item yet (far mode paints
    chips from these; :class:`Counters` makes an item from one when it is asked for)."""

    __slots__ = ("look", "piece", "pixmap", "place", "pos", "rect", "scale", "side", "tip", "z")

    def __init__(self, piece: BoardPiece) -> None:
        self.piece = piece
        self.place = ""
        self.pos = _NOWHERE  # shared until laid out (5,000 new chips each made two Qt objects for nothing)
        self.z = 0.0
        self.scale = 1.0
        self.pixmap: Any = None
        self.side = (0, 0)
        """The pixmap's width and height plus one: an item's bounding rectangle, in pixmap pixels."""
        self.tip = ""
        self.rect = _NO_RECT
        self.look: tuple[Any, ...] = ()


_NOWHERE = QPointF()
_NO_RECT = QRectF()


class Counters(Mapping[str, "CounterItem"]):
    """``BoardScene.counters``: every counter on the map by id. Its :class:`CounterItem` is made the
    first time it is asked for (or when the scene shows its pieces as items), so a scene fitted far
    away, which paints its chips into the background, never makes the ~5,000 items it does not draw."""

    def __init__(self, scene: BoardScene) -> None:
        self._scene = weakref.ref(scene)  # no cycle: the scene goes when its last reference does
        self._chips: dict[str, _Chip] = scene._chip_store  # not scene._chips, which lays the picture out

    def __getitem__(self, cid: str) -> CounterItem:
        scene = self._scene()
        if scene is None:
            raise KeyError(cid)
        return scene._counter_item(cid)

    def _laid_out(self) -> dict[str, _Chip]:
        """The scene's chips, laid out first if the scene has not laid its picture out yet."""
        scene = self._scene()
        if scene is not None:
            scene._lay_out_now()
        return self._chips

    def __iter__(self) -> Iterator[str]:
        return iter(self._laid_out())

    def __len__(self) -> int:
        return len(self._laid_out())

    def __contains__(self, cid: object) -> bool:
        return cid in self._laid_out()
