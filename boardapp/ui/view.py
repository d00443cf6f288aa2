"""The board's view: zoom around the cursor, keyboard zoom, pan by dragging the empty map, and an
overview (mini-map) that shows and moves the main view's visible area."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

MIN_SCALE, MAX_SCALE = 0.03, 8.0


class BoardView(QGraphicsView):
    zoomChanged = Signal(float)  # noqa: N815
    viewportMoved = Signal()  # noqa: N815

    def __init__(self, scene: Any = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # pans on empty map; items take their own drags
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._fitted = True
        if scene is not None:
            self.setScene(scene)
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)

    # --- zoom ---------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``anchor`` (viewport pixels) still."""
        current = self.zoom()
        factor = max(MIN_SCALE / current, min(MAX_SCALE / current, factor))
        if abs(factor - 1) < 1e-9:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        shift = self.mapFromScene(before) - anchor.toPoint()  # keep the point under the cursor still
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())
        self.setTransformationAnchor(old)
        self._fitted = False
        self.zoomChanged.emit(self.zoom())

    def zoom_in(self) -> None:
        self.zoom_by(1.25)

    def zoom_out(self) -> None:
        self.zoom_by(0.8)

    def fit(self) -> None:
        scene = self.scene()
        if scene is None:
            return
        the_map = getattr(scene, "map", None)
        rect = QRectF(0, 0, *the_map.size) if the_map is not None else scene.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self.zoomChanged.emit(self.zoom())

    def centre_on_place(self, place: str) -> None:
        scene = self.scene()
        if scene is not None and place in getattr(scene, "places", {}):
            if self.zoom() < 0.5:
                self.zoom_by(0.6 / self.zoom())
            self.centerOn(scene.place_pos(place))

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            return
        self.zoom_by(1.2 ** steps, event.position())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()


class OverviewView(QGraphicsView):
    """A small whole-map view of the same scene with the main view's area outlined; click or drag
    in it to move the main view there."""

    def __init__(self, main: BoardView, parent: Any = None) -> None:
        super().__init__(main.scene(), parent)
        self.main = main
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setInteractive(False)
        self.setMinimumSize(160, 120)
        main.viewportMoved.connect(self.viewport().update)
        main.zoomChanged.connect(lambda _z: self.viewport().update())

    def set_scene(self, scene: Any) -> None:
        self.setScene(scene)
        self._fit()

    def _fit(self) -> None:
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        pen = QPen(QColor("#d40000"), 0)
        pen.setCosmetic(True)
        pen.setWidth(2)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self.main.visible_scene_rect().intersected(self.sceneRect()))

    def _go(self, event: QMouseEvent) -> None:
        self.main.centerOn(self.mapToScene(event.position().toPoint()))
        self.viewport().update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._go(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._go(event)
