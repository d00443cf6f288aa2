"""What an umpire does on the board (:class:`BoardInteraction`, a part of :class:`~boardapp.ui.board.scene.BoardScene`):
a counter picked up shows where it may go and at what cost, is dragged and dropped (one command through the
game's controller), deployed from the off-map panel, or acted on from a context menu. Moved out of scene.py as
it stood (a file past ~900 lines).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsDropShadowEffect,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from boardapp.engine.module import MoveOption
from boardapp.ui.board import style
from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.style import Z_COST, Z_DRAG, Z_OPTION

COST_PX = 17
"""Screen pixels of the cost beside a legal place and of "no legal move" while dragging."""


class BoardInteraction:
    """Picking up, dragging, dropping and deploying counters; mixed into
    :class:`~boardapp.ui.board.scene.BoardScene`."""

    # --- dragging ----------------------------------------------------------------------------
    def clear_options(self) -> None:
        for item in self._option_items:
            self.removeItem(item)
        self._option_items = []
        lifted = self._lifted
        if lifted is not None:  # put the lifted chip down (the layout sets its size again)
            lifted.setGraphicsEffect(None)  # type: ignore[arg-type]
            self._lifted = None
        self._options = {}
        self._hover_ring = None

    def show_options(self, counter: str) -> dict[str, MoveOption]:
        """Light up the places the counter may reach now, each with its cost."""
        self.clear_options()
        try:
            options = self.game.module.move_options(self.game.state, counter)
        except Exception:  # a rule module's bug must not break the drag
            options = []
        self._options = {o.place: o for o in options if o.place in self.places}
        s = self.base_scale
        ring_pen = QPen(QColor("#00a050"), 7 * s)
        costs: dict[str, QGraphicsSimpleTextItem] = {}
        for o in self._options.values():
            x, y = self.places[o.place].at
            ring = QGraphicsEllipseItem(QRectF(x - 34 * s, y - 34 * s, 68 * s, 68 * s))
            ring.setPen(ring_pen)
            ring.setBrush(QBrush(QColor(0, 200, 90, 70)))
            ring.setZValue(Z_OPTION)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(ring)
            self._option_items.append(ring)
            words = o.cost or (o.note if self.option_notes else "")
            if words:
                # In screen pixels, whatever the zoom: a cost the umpire reads at 1080 (it was ~7 px).
                text = QGraphicsSimpleTextItem(words)
                text.setFont(style.font(COST_PX, True))
                text.setBrush(QColor("#004d26"))
                text.setPen(QPen(QColor(255, 255, 255, 240), 2.5))
                text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
                br = text.boundingRect()
                text.setPos(x, y + 36 * s)
                text.setTransform(QTransform.fromTranslate(-br.width() / 2, 0))
                text.setZValue(Z_COST)
                text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                self.addItem(text)
                self._option_items.append(text)
                costs[o.place] = text
        from boardapp.ui.board.costs import place_costs

        place_costs(self, costs)  # clear of the names, symbols, rings and counters (issue #31 item 10)
        return self._options

    def begin_drag(self, item: CounterItem) -> None:
        item.look = ()  # moved by hand: the next layout puts it back in place
        self._hand_moved.add(item.counter_id)
        self.no_move_reason = ""
        # A ghost of the chip stays where it was; the chip itself looks lifted (larger, shadowed).
        ghost = QGraphicsPixmapItem(item.pixmap())
        ghost.setScale(item.scale())
        ghost.setPos(item.pos())
        ghost.setOpacity(0.35)
        ghost.setZValue(item.zValue() - 0.001)
        ghost.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(ghost)
        item.setZValue(Z_DRAG)
        item.setScale(item.scale() * 1.12)
        lift = QGraphicsDropShadowEffect()
        lift.setBlurRadius(18)
        lift.setOffset(6, 8)
        lift.setColor(QColor(0, 0, 0, 150))
        item.setGraphicsEffect(lift)
        item.setCursor(Qt.CursorShape.ClosedHandCursor)
        if item.piece.place is not None:
            self.show_options(item.counter_id)
            if not self._options:
                self._say_no_legal_move(item)
        self._option_items.append(ghost)
        self._lifted = item
        s = self.base_scale
        hover = QGraphicsEllipseItem(QRectF(-40 * s, -40 * s, 80 * s, 80 * s))
        hover.setPen(QPen(QColor("#1b4dd8"), 5 * s, Qt.PenStyle.DashLine))
        hover.setZValue(Z_OPTION + 0.5)
        hover.setVisible(False)
        hover.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(hover)
        self._option_items.append(hover)
        self._hover_ring = hover

    def no_legal_move_reason(self, counter: str) -> str:
        """Why a counter with no legal move cannot move: the rules' reason for dropping it on a
        neighbouring place (the first one the module explains), or a plain sentence."""
        module, state = self.game.module, self.game.state
        here = next((pc.place for pc in self.picture.pieces if pc.id == counter), None)
        game_map = getattr(module, "map", None)
        try:
            near = list(game_map.neighbours(here)) if game_map is not None and here else []
        except (KeyError, AttributeError, ValueError):
            near = []
        for place in near or [p for p in self.places if p != here]:
            try:
                cmd = module.drop_command(state, counter, place)
                reasons = module.check(state, cmd) if cmd is not None else []
            except Exception:  # a rule module that cannot say why must not break the pick-up
                continue
            if reasons:
                return str(reasons[0])
        return "the rules allow it nowhere now"

    def _say_no_legal_move(self, item: CounterItem) -> None:
        self.no_move_reason = f"no legal move ({self.no_legal_move_reason(item.counter_id)})"
        text = QGraphicsSimpleTextItem(self.no_move_reason)
        text.setFont(style.font(COST_PX, True))
        text.setBrush(QColor("#8a0000"))
        text.setPen(QPen(QColor(255, 255, 255, 240), 2.5))
        text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        text.setPos(item.sceneBoundingRect().bottomLeft())
        text.setZValue(Z_DRAG + 1)
        text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(text)
        self._option_items.append(text)
        self.pickupRefused.emit(self.no_move_reason)

    def drag_moved(self, item: CounterItem, pos: QPointF) -> None:
        ring = self._hover_ring
        if ring is None:
            return
        target = self.place_at(pos)
        if target is None:
            ring.setVisible(False)
        else:
            ring.setPos(self.place_pos(target))
            ring.setVisible(True)

    def end_drag(self, item: CounterItem, pos: QPointF) -> None:
        item.setCursor(Qt.CursorShape.OpenHandCursor)
        target = self.place_at(pos)
        if target is None or target == item.piece.place:
            self.refresh()  # snap back
            return
        self.drop_counter(item.counter_id, target)

    def drop_counter(self, counter: str, place: str) -> bool:
        """Submit what the rule module says dropping ``counter`` on ``place`` means (a move, a
        deployment …) through the controller; when nothing is accepted the counter snaps back (the
        controller's listeners say why and offer CONTROL's force). A ``drop_hook`` may take the drop over."""
        if self.drop_hook is not None and self.drop_hook(counter, place):
            self.refresh()
            return False
        outcome = self.controller.drop(counter, place)
        if outcome is None or not outcome.accepted:
            self.refresh()
            return False
        return True

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """In far mode the counters are pictures in the background: show the one pressed as its item
        (so it can be dragged) until the game lays the board out again."""
        if self.pointer_hook is not None and self.pointer_hook.press(event):
            return
        if self.far and event.button() == Qt.MouseButton.LeftButton:
            item = self.counter_at(event.scenePos())
            if item is not None and not item.isVisible():
                if self._revealed is not None and self._revealed is not item:
                    self._revealed.setVisible(False)
                item.setVisible(True)
                self._revealed = item
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.pointer_hook is not None and self.pointer_hook.move(event):
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.pointer_hook is not None and self.pointer_hook.release(event):
            return
        super().mouseReleaseEvent(event)
        item = self._revealed
        if self.far and item is not None and not item._dragging and item._press is None:
            item.setVisible(False)
            self._revealed = None

    def helpEvent(self, event: Any) -> None:
        """Tooltips of counters and control markers, also when far mode paints them as pictures."""
        if self.far:
            pos = event.scenePos()
            item: QGraphicsItem | None = self.counter_at(pos)
            if item is not None:
                tip = item.toolTip()
            elif self._badges_made:
                tip = next((b.toolTip() for b in self._badges.values() if b.sceneBoundingRect().contains(pos)), "")
            else:  # no marker's item made yet: the markers as laid out
                tip = next((b.tip for b in self._badge_looks.values() if b.rect().contains(pos)), "")
            if tip:
                from PySide6.QtWidgets import QToolTip

                QToolTip.showText(event.screenPos(), tip)
                event.accept()
                return
        super().helpEvent(event)

    # --- deploying from the off-map panel -------------------------------------------------------
    def dragEnterEvent(self, event: Any) -> None:
        from boardapp.ui.widgets.panels import COUNTER_MIME

        if event.mimeData().hasFormat(COUNTER_MIME):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            super().dragEnterEvent(event)

    dragMoveEvent = dragEnterEvent

    def dropEvent(self, event: Any) -> None:
        """A counter dragged from the off-map panel: deploy it to the place it is dropped on."""
        from boardapp.ui.widgets.panels import COUNTER_MIME

        if not event.mimeData().hasFormat(COUNTER_MIME):
            super().dropEvent(event)
            return
        cid = bytes(event.mimeData().data(COUNTER_MIME).data()).decode()
        place = self.place_at(event.scenePos())
        event.accept()
        if place is not None:
            self.drop_counter(cid, place)

    # --- context menus ------------------------------------------------------------------------
    def keyPressEvent(self, event: Any) -> None:
        if self.pointer_hook is not None and self.pointer_hook.key(event):
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: Any) -> None:
        if self.pointer_hook is not None and self.pointer_hook.context(event):
            return
        pos = event.scenePos()
        item = self.counter_at(pos)
        if item is not None:
            self.contextRequested.emit("counter", item.counter_id, event.screenPos())
            event.accept()
            return
        place = self.place_at(pos, 60 * max(1.0, self.base_scale))
        if place is not None:
            self.contextRequested.emit("place", place, event.screenPos())
            event.accept()
            return
        super().contextMenuEvent(event)
