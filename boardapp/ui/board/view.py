"""The board's view: zoom around the cursor, keyboard zoom, pan by dragging the empty map, and an
overview (mini-map) that shows and moves the main view's visible area."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QKeyEvent, QMouseEvent, QPainter, QPen, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

MIN_SCALE, MAX_SCALE = 0.03, 8.0
MAX_PIECE_ZOOM = 3.0
"""A dense map (pieces drawn smaller: a base scale under 1) zooms in further than MAX_SCALE, until its pieces
are this many times their size at War in Binni's density: their texts grow with the zoom as the names do
(The Game's unit strengths stopped at 8 px; issue #23)."""
PIECE_CACHE_VIEWPORTS = 2
"""Qt's pixmap cache holds at least this many viewports' worth of pixels (see :meth:`BoardView.room_for_pieces`)."""


def _covers_every_pixel(scene: Any) -> bool:
    """Whether ``scene`` paints every pixel of a view's viewport: a scene with a solid opaque background
    brush does (``QGraphicsScene.drawBackground`` fills all it is asked for with it; a board's brush
    is the sea around the map). Qt then need not fill the viewport before each paint: that fill of a
    4K viewport cost ~2 ms of every full redraw, in Qt's worker threads (so more in wall time than in
    this thread's CPU). Without a scene, or with a transparent one, Qt fills it as usual, else the
    view would show whatever the window held there before."""
    if scene is None:
        return False
    brush = scene.backgroundBrush()
    return bool(brush.style() == Qt.BrushStyle.SolidPattern and brush.color().alpha() == 255)


def room_for_pieces(view: QGraphicsView) -> None:
    """Make Qt's pixmap cache large enough for the pictures of every piece in ``view`` (a board's or the
    big screen's).

    Each counter, control marker and token keeps its picture at the view's scale in Qt's global
    pixmap cache (``DeviceCoordinateCache``): together about the viewport's pixels times how
    many times the pieces cover it (fanned stacks overlap). Qt's default 10 MB holds the ~560
    pieces of a 4K view at 1:1 on a map of five counters a place, barely; at seven a place it
    dropped pictures on every paint and made them again (a full redraw at 1:1 went from 6 to
    35 ms). So it holds :data:`PIECE_CACHE_VIEWPORTS` viewports (a 4K view: 64 MB); it holds
    only what is drawn, and is never made smaller here (other widgets use it too)."""
    from PySide6.QtGui import QPixmapCache

    vp = view.viewport()
    dpr = vp.devicePixelRatioF()
    need_kb = int(PIECE_CACHE_VIEWPORTS * vp.width() * vp.height() * dpr * dpr * 4 / 1024) + 1
    if QPixmapCache.cacheLimit() < need_kb:
        QPixmapCache.setCacheLimit(need_kb)


class BoardView(QGraphicsView):
    zoomChanged = Signal(float)
    viewportMoved = Signal()

    def __init__(self, scene: Any = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)  # pans on empty map; items take their own drags
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)  # touchscreens (touchpads send native gestures)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._fitted = True
        self._fitting = False
        self._bars(False)
        self.banner: Any = None
        """Results announced over the map (:mod:`boardapp.ui.board.banner`), made with the first scene."""
        self._announcer: Any = None
        if scene is not None:
            self.setScene(scene)
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)
        self.zoomChanged.connect(self._level_of_detail)

    def setScene(self, scene: Any) -> None:
        if scene is not None and hasattr(scene, "defer_names"):
            scene.defer_names = True  # names placed just after the first paint (cold start)
        super().setScene(scene)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, _covers_every_pixel(scene))
        self._announce(scene)
        if self.isVisible() or not self._fitted:
            self._level_of_detail()
        # else: a view not shown yet fits itself when shown (its first resize), which sets the level of
        # detail then; deciding now, at the unfitted scale 1, would make the scene show ~6,000 items

    def _announce(self, scene: Any) -> None:
        """Announce the results of ``scene``'s game in a banner over this view (a click dismisses it)."""
        from boardapp.ui.board.banner import Announcer, Banner

        if self._announcer is not None:
            self._announcer.detach()
            self._announcer = None
        game = getattr(scene, "game", None)
        if game is None or not hasattr(game, "entries"):
            return
        if self.banner is None:
            self.banner = Banner(self.viewport(), dismiss_on_click=True)
        self._announcer = Announcer(game, self.banner, public=bool(getattr(scene, "public", False)))

    def _level_of_detail(self, *_: Any) -> None:
        """Far away, let the scene paint its pieces into the cached background (see ``LOD_PIECES``).
        The thresholds are on the pieces' size on screen: the zoom times the scene's base scale."""
        from boardapp.ui.board.scene import ENLARGE, LOD_ENLARGE, LOD_PIECES

        scene: Any = self.scene()
        if scene is not None and hasattr(scene, "set_far"):
            z = self.piece_zoom()
            k = ENLARGE if z < LOD_ENLARGE else 1.0
            if z < LOD_PIECES:  # hide the items first: laying hidden items out is cheaper
                scene.set_far(True)
                scene.set_piece_scale(k)
            else:
                scene.set_piece_scale(k)
                scene.set_far(False)

    # --- zoom ---------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def piece_zoom(self) -> float:
        """Screen pixels per map unit of a piece drawn at scale 1: the zoom times the scene's base
        scale (a dense map's pieces are drawn smaller, so they reach a size later)."""
        return self.zoom() * getattr(self.scene(), "base_scale", 1.0)

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``anchor`` (viewport pixels) still."""
        current = self.zoom()
        most = max(MAX_SCALE, MAX_PIECE_ZOOM / getattr(self.scene(), "base_scale", 1.0))
        factor = max(MIN_SCALE / current, min(most / current, factor))
        if abs(factor - 1) < 1e-9:
            return
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        old = self.transformationAnchor()
        self._fitted = False
        self._bars(True)  # zoomed: scroll bars as the scene needs them (never while fitted, see fit)
        before = self.mapToScene(anchor.toPoint())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        shift = self.mapFromScene(before) - anchor.toPoint()  # keep the point under the cursor still
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())
        self.setTransformationAnchor(old)
        self.zoomChanged.emit(self.zoom())

    def zoom_in(self) -> None:
        self.zoom_by(1.25)

    def zoom_out(self) -> None:
        self.zoom_by(0.8)

    def _bars(self, on: bool) -> None:
        """Scroll bars as needed (``on``) or always off. Changing them resizes the viewport, which
        calls :meth:`resizeEvent` (and so :meth:`fit`, when fitted) at once."""
        policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded if on else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if self.horizontalScrollBarPolicy() != policy:
            self.setHorizontalScrollBarPolicy(policy)
        if self.verticalScrollBarPolicy() != policy:
            self.setVerticalScrollBarPolicy(policy)

    def fit(self) -> None:
        """Show the whole map. A fitted view has no scroll bars: the scene reaches past the map (its
        margin), so at some window shapes fitting made a bar appear, the smaller viewport fitted
        smaller, the bar went, the larger viewport fitted larger, and so on forever (a board at
        exactly 1920x1080 with the Network log dock froze so). Without bars the viewport's size does
        not depend on the fit, so one fit settles it. Zooming turns them back on (:meth:`zoom_by`)."""
        scene = self.scene()
        if scene is None or self._fitting:
            return
        self._fitting = True
        try:
            self._fitted = True
            self._bars(False)
            the_map = getattr(scene, "map", None)
            rect = QRectF(0, 0, *the_map.size) if the_map is not None else scene.sceneRect()
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        finally:
            self._fitting = False
        self.zoomChanged.emit(self.zoom())

    def centre_on_place(self, place: str) -> None:
        scene = self.scene()
        if scene is not None and place in getattr(scene, "places", {}):
            if self.piece_zoom() < 0.5:
                self.zoom_by(0.6 / self.piece_zoom())
            self.centerOn(scene.place_pos(place))

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            return
        self.zoom_by(1.2 ** steps, event.position())
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        """Pinch to zoom: a touchpad's native zoom gesture, or a touchscreen's pinch."""
        if event.type() == QEvent.Type.NativeGesture:
            gesture = event  # QNativeGestureEvent
            if gesture.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:  # type: ignore[attr-defined]
                self.zoom_by(1.0 + gesture.value(), gesture.position())  # type: ignore[attr-defined]
                event.accept()
                return True
        if event.type() == QEvent.Type.Gesture:
            pinch = event.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if pinch is not None:
                factor = pinch.scaleFactor()
                if factor > 0:
                    centre = self.viewport().mapFromGlobal(pinch.centerPoint().toPoint())
                    self.zoom_by(factor, QPointF(centre))
                event.accept()
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.room_for_pieces()
        if self._fitted and not self._fitting:
            self.fit()

    def room_for_pieces(self) -> None:
        """Make Qt's pixmap cache large enough for the pictures of every piece in view (see
        :func:`room_for_pieces`)."""
        room_for_pieces(self)

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()


class OverviewView(QWidget):
    """A small whole-map picture of the main view's scene with the main view's area outlined; click or
    drag in it to move the main view there. It paints one cached image (the far map and the pieces),
    made again only when the board is laid out again or the widget resized, so following the main
    view's scrolling costs a blit and a rectangle."""

    def __init__(self, main: BoardView, parent: Any = None) -> None:
        super().__init__(parent)
        self.main = main
        self._board: Any = None
        self._image: QImage | None = None
        self._to_widget = QTransform()
        self.setMinimumSize(160, 120)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        main.viewportMoved.connect(self.update)
        main.zoomChanged.connect(lambda _z: self.update())
        if main.scene() is not None:
            self.set_scene(main.scene())

    def scene(self) -> Any:
        return self._board

    def set_scene(self, scene: Any) -> None:
        if self._board is not None and hasattr(self._board, "laidOut"):
            with contextlib.suppress(RuntimeError, TypeError):
                self._board.laidOut.disconnect(self._dirty)
        self._board = scene
        if scene is not None and hasattr(scene, "laidOut"):
            scene.laidOut.connect(self._dirty)
        self._dirty()

    def _dirty(self) -> None:
        self._image = None
        self.update()

    def _source(self) -> QRectF:
        the_map = getattr(self._board, "map", None)
        return QRectF(0, 0, *the_map.size) if the_map is not None else self._board.sceneRect()

    def _make_image(self) -> QImage:
        dpr = self.devicePixelRatioF()
        img = QImage(max(1, round(self.width() * dpr)), max(1, round(self.height() * dpr)),
                     QImage.Format.Format_ARGB32_Premultiplied)
        img.setDevicePixelRatio(dpr)
        img.fill(QColor("#b9d3e3"))
        src = self._source()
        k = min(self.width() / src.width(), self.height() / src.height())
        t = QTransform()
        t.translate((self.width() - src.width() * k) / 2, (self.height() - src.height() * k) / 2)
        t.scale(k, k)
        t.translate(-src.x(), -src.y())
        self._to_widget = t
        p = QPainter(img)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        p.setTransform(t)
        board = self._board
        if hasattr(board, "paint_map") and hasattr(board, "paint_pieces"):
            board.paint_map(p)  # never the scene's far-mode map image: that is kept at the main view's scale
            board.paint_pieces(p, src)
        else:
            board.render(p, src, src)
        p.end()
        return img

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._image = None

    def paintEvent(self, event: Any) -> None:
        if self._board is None:
            return
        if self._image is None or self._image.deviceIndependentSize().toSize() != self.size():
            self._image = self._make_image()
        p = QPainter(self)
        p.drawImage(0, 0, self._image)
        p.setTransform(self._to_widget)
        pen = QPen(QColor("#d40000"), 2)
        pen.setCosmetic(True)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(self.main.visible_scene_rect().intersected(self._board.sceneRect()))
        p.end()

    def _go(self, event: QMouseEvent) -> None:
        inverse, ok = self._to_widget.inverted()
        if ok:
            self.main.centerOn(inverse.map(event.position()))
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._go(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._go(event)
