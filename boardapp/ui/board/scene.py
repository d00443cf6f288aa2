"""The board: a QGraphicsScene drawn from a Game's map and its rule module's BoardPicture.

The scene listens to the game (``Game.subscribe``) and redraws; items never change game state.
A counter dragged by the umpire moves live and, on release, the scene pushes ONE command through
the game; the game's notification then lays the board out again (an illegal drop snaps back).

Layers, bottom to top:

* the static map (sea, regions, roads, labels, place symbols and names) recorded once into two
  ``QPicture`` objects (full detail and a far-away one chosen by level of detail) and replayed in
  :meth:`BoardScene.drawBackground`, so a view's ``CacheBackground`` caches it;
* a control marker per place (a disc in the holder's colour with its symbol), left of the place;
* tokens (displaced people, camps, aid) right of the place;
* counters as chips above the place, a stack fanned to the right so every counter shows its
  label and value and can be picked up;
* move options lit while a counter is in the air.

Everything drawn at a place (symbols, names, markers, tokens, counters, move options) and the
map's strokes and region names are sized for places about :data:`REFERENCE_SPACING` map units
apart (War in Binni's). A scene takes a base scale from its map's density, the median distance
from a place to its nearest neighbour over that reference (:func:`map_scale`), and draws all of
them at that scale, so a dense map (the MUN Diplomacy map's places lie ~46 units apart) is as
legible as a sparse one; ``BoardScene(game, scale=...)`` overrides it.
"""

from __future__ import annotations

import contextlib
import math
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol, cast

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPicture,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
)

from boardapp.engine.module import Audience, BoardPicture, BoardPiece, BoardToken, MoveOption
from boardapp.ui.board import labels, style
from boardapp.ui.board.farlayer import FarLayer, _piece_item
from boardapp.ui.board.interact import BoardInteraction
from boardapp.ui.board.items import CounterItem, Counters, _Chip
from boardapp.ui.board.layout import CounterLayout
from boardapp.ui.board.mapdraw import SEA, MapDrawing
from boardapp.ui.board.scale import map_scale
from boardapp.ui.board.style import BADGE, PIX, TOKEN_H, Z_BADGE, Z_TOKEN
from boardapp.ui.document.controller import GameController
from boardapp.ui.document.source import GameSource

DROP_RADIUS = 120.0
"""A counter dropped within this distance (map units) of a place lands there (see :meth:`BoardScene.place_at`)."""
LOD_FAR = 0.12
"""Below this scale (times the scene's base scale) the map is drawn without place names and road casings."""

LOD_ENLARGE = 0.4
"""Below this scale a :class:`BoardView` draws the pieces :data:`ENLARGE` times larger (a chip of
72 map units would be under 29 screen pixels, its type label under 8)."""
ENLARGE = 1.45
MAP_IMAGE_MAX_PX = 16_000_000
"""Far away, the whole map is kept rendered at the view's scale when it takes at most this many
pixels (64 MB)."""
LOD_PIECES = 0.6
"""Below this scale (a chip under ~43 screen pixels) a :class:`BoardView` asks for the far mode: markers,
tokens and counters are painted with the map into the view's cached background instead of being
drawn as ~6,000 items on every repaint; a press on a counter still picks that one item up."""


class _BadgeLook(NamedTuple):
    """A control marker as laid out (its item, when made, shows this: :meth:`BoardScene._badge_item`)."""

    pixmap: QPixmap
    pos: QPointF
    scale: float
    holder: str | None
    tip: str

    def rect(self) -> QRectF:
        """The marker's rectangle in the scene, as its item's ``sceneBoundingRect`` gives it."""
        size = self.pixmap.deviceIndependentSize()
        return QRectF(self.pos.x(), self.pos.y(), size.width() * self.scale, size.height() * self.scale)


class PointerHook(Protocol):
    """A rule system's own use of the mouse and keys on the board, asked before the board's own
    handling (Diplomacy draws orders by dragging units, with Shift for support and Ctrl for convoy).
    Each method returns True when it took the event (the board then does nothing with it)."""

    def press(self, event: QGraphicsSceneMouseEvent) -> bool: ...

    def move(self, event: QGraphicsSceneMouseEvent) -> bool: ...

    def release(self, event: QGraphicsSceneMouseEvent) -> bool: ...

    def context(self, event: Any) -> bool: ...

    def key(self, event: Any) -> bool: ...


class BoardScene(CounterLayout, MapDrawing, FarLayer, BoardInteraction, QGraphicsScene):
    """The board of one game. ``public=True`` leaves out everything the picture marks hidden.

    ``scale`` is the base scale of everything drawn at places (see the module's docstring); by
    default :func:`map_scale` of the game's map."""

    contextRequested = Signal(str, str, object)
    pickupRefused = Signal(str)
    """A counter was picked up that has no legal move: "no legal move (why)"."""
    laidOut = Signal()
    """The pieces were laid out again (after a game change)."""

    def __init__(self, game: GameSource, public: bool = False, parent: Any = None, scale: float | None = None,
                 controller: GameController | None = None) -> None:
        super().__init__(parent)
        self.game: GameSource = game
        self.controller = controller if controller is not None else GameController(game)
        """Where a dropped counter's command goes: the window's controller, or one of the scene's own
        for a board shown alone (tests, the public screens, whose sources refuse commands anyway)."""
        self.pointer_hook: PointerHook | None = None
        """A rule system's own use of the mouse on this board (see :class:`PointerHook`)."""
        self.option_notes = False
        """Write each move option's ``note`` under its ring when it has no cost (a rule system's board
        extras turn it on: Mid-East PEACE's 're-deploy' / 'annex' / 'attack Libya')."""
        self.drop_hook: Callable[[str, str], bool] | None = None
        """A rule system's board extras taking a drop over (counter, place) -> True when they did, e.g.
        to ask how many Forces go before submitting; the counter snaps back until a command moves it."""
        self.public = public
        self.map = game.module.map
        self.teams = {t.id: t for t in game.module.teams}
        self.places = {p.id: p for p in self.map.places}
        self.base_scale = float(scale) if scale is not None else map_scale(self.map)
        """Everything drawn at places is drawn this many times its size at Binni's density."""
        w, h = self.map.size
        margin = 0.04 * max(w, h)
        self.setSceneRect(QRectF(-margin, -margin, w + 2 * margin, h + 2 * margin))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(QColor("#b9d3e3"))
        self._background_image: QImage | None = None
        self._load_background()
        self._map_full: QPicture | None = None
        """The recorded map, full detail (recorded when first replayed: a view far away draws the map
        straight into its image at its scale instead)."""
        self._map_far: QPicture | None = None
        self._name_spots: dict[str, labels.Spot] | None = None
        self.name_k = 1.0
        """Place names this many times their size at the base scale (``render`` enlarges them on a
        dense map, so that they are readable on the printed page)."""
        self.hall_marks: bool = getattr(self, "hall_marks", False)
        """Control markers' and tokens' letters at a counter value's size (the big screen sets it)."""
        self.names_drawn_elsewhere: set[str] = set()
        """Place names (casefolded) another layer draws (the big screen's name items): a region of
        the same name is not named again under them."""
        self.defer_names = False
        """Set by a view: the first paint draws names under their places and places them just after
        (a render, which paints once, places them before)."""
        self._names_pending = False
        self._map_straight = False
        """The map was drawn straight into a view's background, names not placed yet (:meth:`_draw_map_straight`)."""
        self._chip_store: dict[str, _Chip] = {}
        self._arts: dict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = {}
        """A counter's picture and its size by what it shows, within one layout (:meth:`_lay_out_stack`)."""
        self._scaled_pixmaps: dict[tuple[int, int, int], Any] = {}
        """Piece pixmaps scaled to their size in a far view, by (pixmap, width, height)."""
        self._items: dict[str, CounterItem] = {}
        self._all_items = False
        """Every counter has its item (set once the pieces are shown as items)."""
        self._markers_added = False
        """The control markers' and tokens' items are in the scene (:meth:`_add_marker_items`): far away
        they are painted from the pieces layer, and 1,143 hidden items in the scene's index cost ~25 ms of
        a first paint."""
        self.counters = Counters(self)
        self._badges: dict[str, QGraphicsPixmapItem] = {}
        """The control markers' items made so far (:attr:`badges` makes them all; see :attr:`_badges_made`)."""
        self._badge_looks: dict[str, _BadgeLook] = {}
        """Each place's control marker as laid out, by place id (far away painted from these)."""
        self._badges_made = not self.lazy_badges
        """Every control marker has its item (from then on a new marker gets its item at once)."""
        self._tokens: list[QGraphicsPixmapItem] = []
        self._token_items: dict[tuple[str, int], QGraphicsPixmapItem] = {}
        self._token_looks: dict[str, tuple[float, tuple[BoardToken, ...]]] = {}
        """Per place: the piece scale and tokens it was last laid out with (unchanged ones are skipped)."""
        self.far = False
        """Pieces painted into the background (see :data:`LOD_PIECES`)."""
        self.zoom_k = 1.0
        """The view's enlargement of the pieces (see :meth:`set_piece_scale`)."""
        self.piece_k = self.base_scale
        """Pieces are drawn this many times their size: the base scale times the view's enlargement."""
        self._layer: dict[str, tuple[QRectF, list[tuple[float, QRectF, Any]]]] | None = None
        self._reach = math.inf
        """How far the pieces of :attr:`_layer` reach from their places' points (see :meth:`_reach_of`)."""
        self._layer_order: tuple[Any, dict[str, int]] = (None, {})
        """The layer and each place's rank in it (:meth:`paint_pieces` paints a few places in that order)."""
        self._next_rank = 0
        self._place_grid: tuple[float, dict[tuple[int, int], list[str]]] | None = None
        """The places by cell of a grid over the map: (cell side, places of each cell) (:meth:`_places_near`)."""
        self._dirty: set[str] | None = None
        """Places whose pieces changed in this refresh (None: all of them, the layer is made anew)."""
        self._stack_keys: dict[str, tuple[Any, ...]] = {}
        """Per place: what its stack was laid out from (an unchanged stack is skipped)."""
        self._stack_ids: dict[str, list[str]] = {}
        self._badge_keys: dict[str, tuple[str | None, float]] = {}
        """Per place: (holder, piece size) its control marker was last laid out for."""
        self._layer_keys: dict[str, tuple[Any, ...]] = {}
        self._laid_from: tuple[list[BoardPiece], float, dict[str, tuple[Any, ...]]] | None = None
        """The pieces the counters were last laid out from, at what size, and the stacks' keys then (a
        change lays out only the places whose pieces changed: :meth:`_refresh_changed_counters`)."""
        self._hand_moved: set[str] = set()
        self._control_from: tuple[dict[str, str | None], float, dict[str, Any]] | None = None
        self._tokens_from: tuple[list[BoardToken], float, int] | None = None
        """The tokens last laid out (visible ones, a copy), at what size, and how many items they were given."""
        """The control the markers were last laid out from, at what size, and their keys then."""
        """Counters picked up by hand since the last layout (each goes back in place unless it moved)."""
        self._revealed: CounterItem | None = None
        self._map_image: tuple[tuple[float, ...], QImage] | None = None
        self._option_items: list[QGraphicsItem] = []
        self._options: dict[str, MoveOption] = {}
        self._lifted: CounterItem | None = None
        self.no_move_reason = ""
        """Why the counter picked up last has no legal move (empty when it has one)."""
        self._hover_ring: QGraphicsEllipseItem | None = None
        self.picture = BoardPicture()
        self._unlaid = True
        """The picture is not laid out yet: it is laid out when first needed (:meth:`_lay_out_now`).
        A view sets its far mode and its enlargement of the pieces before its first paint, so a scene
        built and then shown is laid out once, at the view's size, instead of at scale 1 and again at
        the view's (on 5,000 counters that second layout cost ~40 ms of the build)."""
        self._unsubscribe: Callable[[], None] | None = game.subscribe(self._on_game_changed)
        self.refresh()

    @property
    def _chips(self) -> dict[str, _Chip]:
        """Where and how each counter on the map is laid out, by counter id (laid out first if it
        has not been yet)."""
        self._lay_out_now()
        return self._chip_store

    lazy_badges = True
    """The control markers' items are made only when asked for (:attr:`badges`, :meth:`items`) or the view
    zooms in: far away they are painted from :attr:`_badge_looks` (making 1,000 items cost ~8 ms of the
    first paint). A scene that moves the markers' items after each layout (the big screen's) sets False."""

    @property
    def badges(self) -> dict[str, QGraphicsPixmapItem]:
        """The control marker of each place, by place id."""
        self._lay_out_now()
        self._make_badges()
        return self._badges

    def _make_badges(self) -> None:
        """Give every control marker laid out its item (see :attr:`lazy_badges`)."""
        if not self._badges_made:
            self._badges_made = True
            for pid in self._badge_looks:
                self._badge_item(pid)

    def _marker_item(self, pid: str, z: float) -> QGraphicsPixmapItem:
        """A new item for a control marker or a token of ``pid``: above the map at ``z``, deaf to the mouse (the
        place's counters take the clicks), shown only near, put in the scene with the markers."""
        item = _piece_item()
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        item.setData(0, pid)
        item.setVisible(not self.far)
        self._add_marker(item)
        return item

    def _badge_item(self, pid: str) -> QGraphicsPixmapItem:
        """The item of ``pid``'s control marker, made (and put in the scene with the markers) if new."""
        item = self._badges.get(pid)
        if item is None:
            item = self._badges[pid] = self._marker_item(pid, Z_BADGE)
        look = self._badge_looks[pid]
        item.setScale(look.scale)
        item.setPos(look.pos)
        if item.data(1) != look.holder or item.pixmap().cacheKey() != look.pixmap.cacheKey():
            item.setPixmap(look.pixmap)
            item.setData(1, look.holder)
            item.setToolTip(look.tip)
        return item

    @property
    def tokens(self) -> list[QGraphicsPixmapItem]:
        """The token items (displaced people, camps, aid …), in layout order."""
        self._lay_out_now()
        return self._tokens

    def _lay_out_now(self) -> None:
        """Lay the picture out if it has not been yet (see :attr:`_unlaid`). Nothing was drawn from a
        layout before this, so nothing is repainted; the layer is made when first asked for."""
        if self._unlaid:
            self._unlaid = False
            self._dirty = None
            self._refresh_control()
            self._refresh_tokens()
            self._refresh_counters()
            self._layer = None
            self.laidOut.emit()

    # --- lifetime ----------------------------------------------------------------------------
    def detach(self) -> None:
        """Stop listening to the game (call before dropping the scene)."""
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
            self._unsubscribe = None

    def _on_game_changed(self, what: str, entry: Any) -> None:
        self.refresh()

    # --- static map --------------------------------------------------------------------------
    def _load_background(self) -> None:
        bg = self.map.background
        if bg is None or bg.opacity <= 0:
            return
        self._background_image = load_background(str(self.background_path()))

    def map_folder(self) -> Path:
        """The folder of the map file, which a background's relative path starts from.

        The ``Map`` model does not keep its file's folder; the game does keep where it came from:
        ``source`` (the scenario file ``new_game`` was given, also stored in a game file's meta), and
        the scenario names its map relative to itself. Without a source, the working directory."""
        source = getattr(self.game, "source", "") or ""
        if not source:
            return Path(".")
        src = Path(source)
        map_rel = getattr(self.game.module.scenario, "map", None)
        if src.suffix.lower() in (".yaml", ".yml") and isinstance(map_rel, str) and map_rel:
            return (src.parent / map_rel).parent
        return src.parent

    def background_path(self) -> Path:
        bg = self.map.background
        assert bg is not None
        image = Path(bg.image)
        return image if image.is_absolute() else self.map_folder() / image

    def background_rect(self) -> QRectF:
        bg = self.map.background
        if bg is not None and bg.rect is not None:
            return QRectF(*bg.rect)
        return QRectF(0, 0, *self.map.size)

    def level_of_detail(self, painter: QPainter) -> float:
        return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        if not self.far and not self._all_items:  # drawn by a view that never set the level of detail
            self._materialize()
            self.update()
        self._fill_margins(painter, rect)
        if not (self.far and (self._draw_map_straight(painter) or self._draw_map_image(painter, rect))):
            self.paint_map(painter)
        if self.far:
            self.paint_pieces(painter, rect)

    def _fill_margins(self, painter: QPainter, rect: QRectF) -> None:
        """The scene's background brush where the map's ground will not cover ``rect``: the margins round the
        map (the ground, its image or the recorded map's sea, is opaque over the map's rectangle). Filling a
        4K view's whole rectangle first cost ~3 ms of every full background paint. The strips reach two
        screen pixels into the map, so the ground's antialiased edge blends over the brush as before."""
        t = painter.worldTransform()
        if t.m12() or t.m21() or t.m11() <= 0 or t.m22() <= 0:
            super().drawBackground(painter, rect)
            return
        mx, my = 2.0 / t.m11(), 2.0 / t.m22()
        w, h = self.map.size
        core = QRectF(mx, my, w - 2 * mx, h - 2 * my)
        if core.contains(rect):
            return
        if core.isEmpty() or not core.intersects(rect):
            super().drawBackground(painter, rect)
            return
        left, top, right, bottom = cast(tuple[float, float, float, float], rect.getCoords())
        c_left, c_top, c_right, c_bottom = cast(tuple[float, float, float, float], core.getCoords())
        strips = [QRectF(left, top, right - left, c_top - top) if c_top > top else None,  # (the side strips
                  QRectF(left, c_bottom, right - left, bottom - c_bottom) if bottom > c_bottom else None,  # overlap
                  QRectF(left, top, c_left - left, bottom - top) if c_left > left else None,  # these: no seam)
                  QRectF(c_right, top, right - c_right, bottom - top) if right > c_right else None]
        for strip in strips:
            if strip is not None:
                super().drawBackground(painter, strip)

    def render(self, painter: QPainter, *args: Any, **kwargs: Any) -> None:
        if not self.far:
            self._materialize()
        super().render(painter, *args, **kwargs)

    def items(self, *args: Any, **kwargs: Any) -> Any:
        if not self.far:
            self._materialize()
        self._lay_out_now()
        self._add_marker_items()
        return super().items(*args, **kwargs)

    def _paint_ground(self, painter: QPainter) -> None:
        painter.fillRect(QRectF(0, 0, *self.map.size), SEA)
        if self._background_image is not None:
            painter.save()
            painter.setOpacity(self.map.background.opacity if self.map.background else 1.0)
            painter.drawImage(self.background_rect(), self._background_image)
            painter.restore()

    def paint_map(self, painter: QPainter) -> None:
        """The sea, the background image and the recorded map (full or far by level of detail)."""
        lod = self.level_of_detail(painter)
        self._paint_ground(painter)
        picture = self._record_map()[0]
        if lod * self.base_scale < LOD_FAR:
            if self._map_far is None:
                self._map_far = self._record(False)
            picture = self._map_far
        painter.drawPicture(QPointF(0, 0), picture)

    def _draw_map_straight(self, painter: QPainter) -> bool:
        """A view's first paint far away, before the names are placed: the map drawn straight into the
        view's cached background. Its image (:meth:`_draw_map_image`) would be thrown away a moment
        later, when the placed names draw the map again (a 4K image: 33 MB touched for the first time,
        filled and copied once). Until then a change repaints the whole background, not its places:
        a map drawn under a clip is not exactly the map drawn whole (antialiasing at the clip's edge).
        False when this does not apply."""
        if not (self.defer_names and self._name_spots is None and self._map_image is None):
            return False
        t = painter.worldTransform()
        if t.m12() or t.m21() or t.m11() <= 0 or t.m22() <= 0:
            return False
        self._map_straight = True
        painter.save()
        self._paint_ground(painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_map(painter, self.level_of_detail(painter) * self.base_scale >= LOD_FAR)
        painter.restore()
        return True

    def _draw_map_image(self, painter: QPainter, rect: QRectF) -> bool:
        """Far away, keep the whole map rendered once at the view's scale and copy the part asked
        for: a changed stack then repaints its few hundred pixels without replaying the whole
        recorded map under a clip (~90 ms on 1,000 places). False when this cannot apply (rotation,
        or a map too large at this scale to hold)."""
        t = painter.worldTransform()
        if t.m12() or t.m21() or t.m11() <= 0 or t.m22() <= 0:
            return False
        k = t.m11()
        full = QRectF(self.sceneRect())
        w, h = math.ceil(full.width() * k), math.ceil(full.height() * k)
        if w * h > MAP_IMAGE_MAX_PX:
            self._map_image = None
            return False
        key = (round(k, 9), round(t.m22(), 9), w, h)
        if self._map_image is None or self._map_image[0] != key:
            img = QImage(w, h, QImage.Format.Format_RGB32)
            img.fill(self.backgroundBrush().color())
            p = QPainter(img)
            p.setRenderHints(painter.renderHints())
            p.scale(k, t.m22())
            p.translate(-full.x(), -full.y())
            # drawn straight at this scale: recording the map and replaying it would paint it twice
            self._paint_ground(p)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_map(p, self.level_of_detail(p) * self.base_scale >= LOD_FAR)
            p.end()
            self._map_image = (key, img)
        img = self._map_image[1]
        src = QRectF((rect.x() - full.x()) * k, (rect.y() - full.y()) * t.m22(), rect.width() * k,
                     rect.height() * t.m22())
        painter.drawImage(rect, img, src)
        return True

    def counter_at(self, pos: QPointF) -> CounterItem | None:
        """The topmost counter whose chip covers ``pos`` (whether drawn as an item or in the background)."""
        self._lay_out_now()
        best: str | None = None
        best_z = -math.inf
        items = self._items
        for cid, chip in self._chip_store.items():
            item = items.get(cid)
            if item is None:
                z, rect = chip.z, chip.rect
            else:  # an item may be away from its place (being dragged)
                z, rect = item.zValue(), item.sceneBoundingRect()
            if z > best_z and rect.contains(pos):
                best, best_z = cid, z
        return None if best is None else self._counter_item(best)

    # --- what goes where ---------------------------------------------------------------------
    def team_colour(self, team: str | None) -> str | None:
        t = self.teams.get(team) if team else None
        return t.colour if t is not None else None

    def team_symbol(self, team: str | None) -> str:
        t = self.teams.get(team) if team else None
        return t.symbol if t is not None else (team or "")[:3].upper()

    def place_at(self, pos: QPointF, radius: float | None = None) -> str | None:
        """The place nearest ``pos`` within ``radius`` map units (a drop target), or None. By
        default :data:`DROP_RADIUS`, larger on a map sparser than Binni; not smaller on a denser one
        (the nearest place wins, so a wide catch only spares a drop in a large region's corner)."""
        if radius is None:
            radius = DROP_RADIUS * max(1.0, self.base_scale)
        best, best_d = None, radius * radius
        x, y = pos.x(), pos.y()
        for pid, place in self.places.items():
            px, py = place.at
            d = (px - x) ** 2 + (py - y) ** 2
            if d <= best_d:
                best, best_d = pid, d
        return best

    def place_pos(self, place: str) -> QPointF:
        return QPointF(*self.places[place].at)

    # --- drawing the picture -----------------------------------------------------------------
    def visible_pieces(self) -> list[BoardPiece]:
        if not self.public:
            return list(self.picture.pieces)
        return [pc for pc in self.picture.pieces if not pc.hidden]

    def visible_tokens(self) -> list[BoardToken]:
        if not self.public:
            return list(self.picture.tokens)
        return [t for t in self.picture.tokens if not t.hidden]

    def refresh(self) -> None:
        """Redraw what lies on the map from the game's current state (keeps items by counter id)."""
        self.clear_options()
        module = self.game.module
        # a public board is given only what the public may see (never the umpires' picture, filtered here)
        self.picture = public_view(module, self.game.state) if self.public else module.board(self.game.state)
        if self._unlaid:  # laid out from this picture when first needed
            return
        self._dirty = set() if self._layer is not None else None
        self._refresh_control()
        self._refresh_tokens()
        self._refresh_counters()
        if self._revealed is not None and self._revealed.scene() is self:
            self._revealed.setVisible(not self.far)
        self._revealed = None
        self._layer_changed()
        self.laidOut.emit()

    def _refresh_control(self) -> None:
        k = self.piece_k
        r = BADGE * k / 2
        done = self._badge_keys
        control = self.picture.control
        places: Any = self.places
        was = self._control_from
        if was is not None and was[1] == k and was[2] is done and len(self._badge_looks) == len(places):
            # a change: only the places whose holder changed (the big screen drops the keys for a new size)
            if was[0] == control:
                return
            before = was[0]
            places = {pid: places[pid] for pid in control.keys() | before.keys()
                      if pid in places and control.get(pid) != before.get(pid)}
        self._control_from = (dict(control), k, done)
        for pid, place in places.items():
            holder = control.get(pid)
            if done.get(pid) == (holder, k) and pid in self._badge_looks:  # unchanged since the last layout
                continue
            done[pid] = (holder, k)
            pm = style.badge_pixmap(self.team_colour(holder) if holder else None, self.team_symbol(holder),
                                    self.hall_marks)
            x, y = place.at
            was_look = self._badge_looks.get(pid)
            if was_look is None or was_look.holder != holder or was_look.pixmap.cacheKey() != pm.cacheKey():
                if self._dirty is not None:
                    self._dirty.add(pid)
                name = self.teams[holder].name if holder in self.teams else "neutral"
                tip = f"{place.name}: {name}"
            else:
                pm, tip = was_look.pixmap, was_look.tip
            self._badge_looks[pid] = _BadgeLook(pm, QPointF(x - 24 * k - BADGE * k, y - r), k / PIX, holder, tip)
            if self._badges_made:
                self._badge_item(pid)

    def _refresh_tokens(self) -> None:
        tokens = self.visible_tokens()
        was = self._tokens_from
        if was is not None and was[1] == self.piece_k and was[0] == tokens and len(self._token_items) == was[2]:
            return  # the same tokens at the same size: nothing to lay out (a game change seldom moves one)
        by_place: dict[str, list[BoardToken]] = defaultdict(list)
        for t in tokens:
            if t.place in self.places:
                by_place[t.place].append(t)
        kept: dict[tuple[str, int], QGraphicsPixmapItem] = {}
        k = self.piece_k
        looks = {pid: (k, tuple(toks)) for pid, toks in by_place.items()}
        before, self._token_looks = self._token_looks, looks
        # only a place whose tokens changed (or went) has them laid out again, its pieces layer made
        # again and repainted (the big screen moves tokens after each layout, from where they stand)
        if self._dirty is not None:
            self._dirty.update(pid for pid, look in looks.items() if before.get(pid) != look)
            self._dirty.update(before.keys() - looks.keys())
        step = (TOKEN_H + 3) * k
        old_items = self._token_items
        for pid, toks in by_place.items():
            if before.get(pid) == looks[pid] and all((pid, i) in old_items for i in range(len(toks))):
                for i in range(len(toks)):
                    kept[(pid, i)] = old_items.pop((pid, i))
                continue
            x, y = self.places[pid].at
            cx = x + 24 * k
            for i, t in enumerate(toks):
                text = t.label or t.kind.upper()
                if t.count != 1 or t.kind == "dp":
                    text = f"{text} {t.count}"
                if t.team:
                    text = f"{text} {self.team_symbol(t.team)}"
                # a token that belongs to a team (aid, an owned supply centre) is tinted in its colour
                pm = style.token_pixmap(t.kind, text, self.team_colour(t.team) if t.team else None, self.hall_marks)
                item = self._token_items.pop((pid, i), None)
                if item is None:
                    item = self._marker_item(pid, Z_TOKEN)
                if item.data(2) != pm.cacheKey():  # pixmap() would copy the item's pixmap to compare
                    item.setPixmap(pm)
                    item.setData(2, pm.cacheKey())
                item.setScale(k / PIX)
                item.setPos(cx, y - TOKEN_H * k / 2 + i * step - (len(toks) - 1) * step / 2)
                item.setToolTip(f"{t.kind}: {t.count}" + (f" ({self.teams[t.team].name})"
                                                          if t.team in self.teams else ""))
                kept[(pid, i)] = item
        for item in self._token_items.values():
            self._remove_marker(item)
        self._token_items = kept
        self._tokens = list(kept.values())
        self._tokens_from = (tokens, k, len(kept))  # each token laid out has its item


def public_view(module: Any, state: Any) -> BoardPicture:
    """What the public may see: the rule module's ``view(state, Audience.PUBLIC)``; a stand-in module
    without it (a LAN viewer's, whose picture the host already made public) filters its picture."""
    view = getattr(module, "view", None)
    if view is not None:
        picture: BoardPicture = view(state, Audience.PUBLIC)
        return picture
    return module.board(state).for_audience(Audience.PUBLIC)  # type: ignore[no-any-return]


def load_background(path: str, max_side: int = 6144) -> QImage | None:
    """Read a background image no larger than ``max_side`` pixels a side.

    JPEG (and SVG) decode straight to the reduced size, so a 20,000-pixel photo never sits in
    memory at full size. Formats that cannot (PNG, BMP, TIFF) are decoded whole, then reduced: Qt's
    default 256 MB allocation limit would refuse a large one, so the limit is raised for this read
    to what the decoded image needs (peak memory then holds it once)."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QImageIOHandler, QImageReader

    reader = QImageReader(path)
    reader.setAutoTransform(True)
    size = reader.size()
    if not size.isValid():
        return None
    scale = min(1.0, max_side / max(size.width(), size.height()))
    target = QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
    scaled_decode = reader.supportsOption(QImageIOHandler.ImageOption.ScaledSize)
    decoded = target if scaled_decode else size
    need_mb = math.ceil(decoded.width() * decoded.height() * 4 / (1024 * 1024)) + 16
    old_limit = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(old_limit, need_mb))
    try:
        if scale < 1 and scaled_decode:
            reader.setScaledSize(target)
        img = reader.read()
    finally:
        QImageReader.setAllocationLimit(old_limit)
    if img.isNull():
        return None
    if img.size() != target:
        img = img.scaled(target, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    return img
