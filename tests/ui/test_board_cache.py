"""The board's caches at 1:1 (issue #13 item 14): what a full redraw copies instead of painting must
show exactly what painting would, and a change must show at the next paint.

The speed-ups under test: the view's viewport is not filled before the board paints it (the board
covers every pixel), control markers and tokens keep their scaled picture per zoom
(``DeviceCoordinateCache``, as counters do), and a damaged counter's loss stripes are one cached
pixmap. The reference picture is the same view painted with every cache off and the viewport
filled, as Qt paints by default."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView

from boardapp.ui.board import style
from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.scene import LOD_PIECES, BoardScene
from boardapp.ui.board.view import BoardView

TOLERANCE = 3
"""Levels (of 255) a channel may differ by: a cached picture is composited once more through a
premultiplied pixmap, which rounds antialiased edges by a level or two; a wrong or stale picture
differs by far more (a counter's value, a token's count, a moved chip)."""


def _pixels(image: QImage) -> np.ndarray:
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(img.height(), img.bytesPerLine())
    return rows[:, : img.width() * 4].reshape(img.height(), img.width(), 4).astype(np.int16)


def _grab(view: BoardView) -> np.ndarray:
    QApplication.processEvents()
    return _pixels(view.viewport().grab().toImage())


def _uncached(view: BoardView) -> np.ndarray:
    """What ``view`` shows painted with every cache off and the viewport filled by Qt first."""
    scene = view.scene()
    modes = {item: item.cacheMode() for item in scene.items()}
    view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
    view.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)
    for item in modes:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    try:
        return _grab(view)
    finally:
        for item, mode in modes.items():
            item.setCacheMode(mode)
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        view.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)


def _assert_same(shown: np.ndarray, painted: np.ndarray, what: str) -> None:
    diff = np.abs(shown - painted).max(axis=2)
    bad = np.argwhere(diff > TOLERANCE)
    assert not len(bad), (f"{what}: {len(bad)} pixels differ by more than {TOLERANCE} levels from painting "
                          f"without caches, the first at (x, y) = {tuple(bad[0][::-1])}, by {diff.max()}")


def _view_at_1to1(scene: BoardScene, place: str, qtbot) -> BoardView:
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    QApplication.processEvents()
    QApplication.processEvents()  # the names are placed just after the first paint
    view.zoom_by(1.0 / view.zoom())
    view.centerOn(scene.place_pos(place))
    assert view.piece_zoom() >= LOD_PIECES and not scene.far, "1:1 draws the pieces as items"
    return view


def test_the_1to1_picture_is_what_painting_without_caches_shows(qtbot, binni_game):
    """Kalen at 1:1: a stack of counters, control markers, tokens (DP 2, AID UN at Idu), roads, names."""
    scene = BoardScene(binni_game)
    view = _view_at_1to1(scene, "kalen", qtbot)
    assert view.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    items = scene.items(view.visible_scene_rect())
    cached = {item.cacheMode() for item in items if item.isVisible()}
    assert cached == {QGraphicsItem.CacheMode.DeviceCoordinateCache}, "every piece shown keeps its picture"
    shown = {id(i) for i in items if i.isVisible()}
    assert {id(i) for i in scene.tokens} & shown, "no token in view"
    assert {id(i) for i in scene.badges.values()} & shown, "no control marker in view"
    assert len(shown & {id(i) for i in items if isinstance(i, CounterItem)}) >= 3, "no stack in view"
    shown = _grab(view)
    _grab(view)  # a second paint copies the cached background and items' pictures: the same again
    _assert_same(_grab(view), shown, "the second paint")
    _assert_same(shown, _uncached(view), "Kalen at 1:1")
    scene.detach()


def test_a_changed_token_and_a_moved_counter_show_at_once_at_1to1(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    view = _view_at_1to1(scene, "bravo", qtbot)
    view.centerOn(scene.place_pos("charlie"))
    assert view.visible_scene_rect().contains(scene.place_pos("bravo")) and not scene.far
    before = _grab(view)
    counter = scene.counters["g-mil1"]
    old_place = counter.piece.place
    tiny_game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert scene.counters["g-mil1"].piece.place == "charlie" != old_place
    after = _grab(view)
    at_charlie = [pc for pc in scene.visible_pieces() if pc.place == "charlie"]
    corners = scene.stack_positions(scene.places["charlie"].at, len(at_charlie))
    chip = scene.stack_chip()
    for corner in corners:  # each chip's strip left uncovered by the fan shows something new
        box = view.mapFromScene(QRectF(corner.x(), corner.y(), chip * style.FAN, chip)).boundingRect()
        part = (slice(box.top() + 2, box.bottom() - 2), slice(box.left() + 2, box.right() - 2))
        assert np.abs(after[part] - before[part]).max() > 100, "the moved counter does not show at charlie"
    _assert_same(after, _uncached(view), "after a move")
    tiny_game.undo()
    _assert_same(_grab(view), before, "after the move is undone")
    scene.detach()


def test_a_token_whose_count_changes_shows_its_new_count_at_once(qtbot, binni_game):
    """A game change that gives a token a new picture (the same item, a new pixmap) must not leave
    the old count in the token's cached picture."""
    scene = BoardScene(binni_game)
    view = _view_at_1to1(scene, "idu", qtbot)
    before = _grab(view)
    module = binni_game.module
    board = module.board

    def more_displaced(state):  # the next picture: the displaced people at Idu are 9 now
        picture = board(state)
        return replace(picture, tokens=[replace(t, count=9) if t.place == "idu" and t.kind == "dp" else t
                                        for t in picture.tokens])

    module.board = more_displaced
    try:
        scene.refresh()
        token = next(t for t in scene.tokens if t.data(0) == "idu" and t.toolTip().startswith("dp"))
        assert token.toolTip() == "dp: 9"
        after = _grab(view)
        box = view.mapFromScene(token.sceneBoundingRect()).boundingRect()
        part = (slice(box.top(), box.bottom()), slice(box.left(), box.right()))
        assert np.abs(after[part] - before[part]).max() > 100, "the token still shows its old count"
        _assert_same(after, _uncached(view), "after the token's count changed")
    finally:
        module.board = board
    scene.detach()


def test_a_lifted_counter_its_ghost_and_the_move_rings_show_at_once_at_1to1(qtbot, tiny_game):
    scene = BoardScene(tiny_game)
    view = _view_at_1to1(scene, "bravo", qtbot)
    view.centerOn(scene.place_pos("charlie"))
    assert view.visible_scene_rect().contains(scene.place_pos("bravo")) and not scene.far
    before = _grab(view)
    item = scene.counters["g-mil1"]
    scene.begin_drag(item)
    origin = item.pos()
    item.setPos(origin + QPointF(60, 40))
    target = scene.place_pos("charlie")
    scene.drag_moved(item, target)  # the hover ring over the place it would land on
    lifted = _grab(view)
    assert np.abs(lifted - before).max() > 100
    _assert_same(lifted, _uncached(view), "while dragging")
    ring = view.mapFromScene(target)
    assert np.abs(lifted[ring.y() - 60: ring.y() + 60, ring.x() - 60: ring.x() + 60]
                  - before[ring.y() - 60: ring.y() + 60, ring.x() - 60: ring.x() + 60]).max() > 100, \
        "no ring at the place under the lifted counter"
    scene.refresh()  # put it down where it was
    _assert_same(_grab(view), before, "after the drag")
    scene.detach()


def test_a_view_without_a_board_is_filled_by_qt(qtbot, binni_game):
    """Only a board covers every pixel: a view without one (the main window's, before a game is
    opened) lets Qt fill its viewport, else it would show whatever the window held before."""
    empty = BoardView()
    qtbot.addWidget(empty)
    assert not empty.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    scene = BoardScene(binni_game)
    empty.setScene(scene)
    assert empty.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    empty.setScene(None)
    assert not empty.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    bare = QGraphicsScene()  # no background brush: it paints nothing under its items
    empty.setScene(bare)
    assert not empty.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    scene.detach()


def test_loss_stripes_look_as_drawn_on_the_chip(qapp):
    """A counter's losses (one red stripe each, corner to corner, two at most) look as when the
    stripes were drawn straight onto each chip."""
    for damage in (1, 2, 3):
        chip = style.chip_pixmap("#0072b2", "BG", "BDE", "6", damage).toImage()
        drawn = style.chip_pixmap("#0072b2", "BG", "BDE", "6", 0).toImage()
        chip_copy = QImage(drawn)
        p = QPainter(chip_copy)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(style.PIX, style.PIX)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(212, 0, 0, 120))
        c = style.CHIP
        for n in range(min(damage, 2)):
            off = n * 16
            p.drawPolygon(QPolygonF([QPointF(c - 14 - off, 0), QPointF(c - off, 0), QPointF(14 - off, c),
                                     QPointF(-off, c)]))
        p.end()
        pips = QRectF((c * style.FAN - style.PIP_W + 0.5) * style.PIX, 23 * style.PIX, style.PIP_W * style.PIX,
                      30 * style.PIX).toAlignedRect()
        a, b = _pixels(chip), _pixels(chip_copy)
        a[pips.top(): pips.bottom() + 1, pips.left(): pips.right() + 1] = 0  # the loss pips: not stripes
        b[pips.top(): pips.bottom() + 1, pips.left(): pips.right() + 1] = 0
        assert np.abs(a - b).max() <= TOLERANCE, f"{damage} losses: the stripes differ from drawn ones"
        assert np.abs(a - _pixels(drawn)).max() > 60, f"{damage} losses: no stripe"


def test_the_pixmap_cache_holds_the_pictures_of_the_pieces_in_a_4k_view(qtbot, binni_game):
    """Every piece in view keeps its picture in Qt's global pixmap cache; when they do not all fit,
    Qt drops and remakes pictures on every paint (a 1:1 redraw of a 4K view of a board of seven
    counters a place took 35 ms instead of 6). Two viewports' worth of pixels leave room for fanned
    stacks covering the view; a view never makes the cache smaller."""
    from PySide6.QtGui import QPixmapCache

    from boardapp.ui.board.view import PIECE_CACHE_VIEWPORTS

    before = QPixmapCache.cacheLimit()
    QPixmapCache.setCacheLimit(10240)  # Qt's default, whatever earlier tests made it
    try:
        scene = BoardScene(binni_game)
        view = BoardView(scene)
        qtbot.addWidget(view)
        view.resize(3840, 2160)
        view.show()
        QApplication.processEvents()
        vp = view.viewport()
        pixels = vp.width() * vp.height() * vp.devicePixelRatioF() ** 2
        assert pixels > 3800 * 2100
        assert QPixmapCache.cacheLimit() * 1024 >= PIECE_CACHE_VIEWPORTS * pixels * 4 >= 2 * 3800 * 2100 * 4
        view.resize(400, 300)
        QApplication.processEvents()
        assert QPixmapCache.cacheLimit() * 1024 >= PIECE_CACHE_VIEWPORTS * pixels * 4, "a small view shrank it"
        scene.detach()
    finally:
        QPixmapCache.setCacheLimit(before)


def test_the_big_screen_makes_room_for_its_pieces_too(qtbot, binni_game):
    """The big screen's markers and tokens keep their pictures in the same pixmap cache: a 4K big screen
    sizes it as a 4K board does (else a crowded hall screen drops and remakes them on every paint)."""
    from PySide6.QtGui import QPixmapCache

    from boardapp.ui.bigscreen.scene import BigView, PublicScene
    from boardapp.ui.board.view import PIECE_CACHE_VIEWPORTS

    before = QPixmapCache.cacheLimit()
    QPixmapCache.setCacheLimit(10240)
    try:
        scene = PublicScene(binni_game)
        view = BigView(scene)
        qtbot.addWidget(view)
        view.resize(3840, 2160)
        view.show()
        QApplication.processEvents()
        vp = view.viewport()
        pixels = vp.width() * vp.height() * vp.devicePixelRatioF() ** 2
        assert pixels > 3800 * 2100
        assert QPixmapCache.cacheLimit() * 1024 >= PIECE_CACHE_VIEWPORTS * pixels * 4
        scene.detach()
    finally:
        QPixmapCache.setCacheLimit(before)
