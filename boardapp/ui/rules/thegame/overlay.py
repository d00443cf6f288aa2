"""The Game's region fills: each land region tinted in the colour of the player whose nation owns it, with
its status drawn over the tint.

- owned by a player's nation: filled in that player's colour;
- a non-player country under a player's Control (the source's highest relation short of absorption): the
  same colour, lighter, with a dashed edge in it;
- occupied (an enemy holds it after combat): hatched in the occupier's player's colour;
- struck by a nuclear weapon this turn: a red edge;
- non-player, uncontrolled: left as the map draws it.

Public information only (the source's players saw the map): the fills are read from ``module.view(state,
Audience.PUBLIC)``'s control and tokens, and from the public owner/occupier of each region. Installed as the
manifest's ``board_extras``: one ``QGraphicsItem`` just above the map picture, under markers and counters.
A map's extra polygons of one region ('alaska-2' for 'alaska') are drawn as that region.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from boardapp.engine.module import Audience, BoardPicture

Z_FILL = 1.0
"""Above the map (drawn as the scene's background), under control markers (5) and counters (10)."""
FILL_ALPHA = 110
CONTROL_ALPHA = 55
STRUCK = QColor("#e00000")
_PART = re.compile(r"^(.*)-\d+$")


@dataclass(frozen=True)
class RegionLook:
    """How one region is filled: colours as '#rrggbb' (None: not drawn that way)."""

    fill: str | None = None
    controlled: bool = False
    """A non-player country under a player's Control: lighter, dashed edge."""
    hatch: str | None = None
    """The occupier's colour."""
    struck: bool = False


def region_of(map_region: str, regions: set[str] | dict[str, Any]) -> str | None:
    """The game region a map polygon belongs to: itself, or 'alaska' for 'alaska-2'; None for neither.

    >>> region_of("alaska-2", {"alaska"}), region_of("us-pacific", {"us-pacific"}), region_of("atlantis", set())
    ('alaska', 'us-pacific', None)
    """
    if map_region in regions:
        return map_region
    m = _PART.match(map_region)
    return m.group(1) if m and m.group(1) in regions else None


def game_regions(module: Any) -> set[str]:
    """The scenario's region ids; a viewer's module has no scenario regions: the map's places then (each of
    The Game's regions is a place of its map)."""
    regions = getattr(module.scenario, "regions", None)
    if regions:
        return {r.id for r in regions}
    return {p.id for p in module.map.places}


def looks(picture: BoardPicture, state: Any, colour_of: Callable[[str | None], str | None]) -> dict[str, RegionLook]:
    """Each land region's look from the public ``picture`` (control: the holder's player; nuclear tokens) and
    the regions' public owners and occupiers. A ``state`` with no regions (a viewer's copy of the picture
    only) gives fills by control alone."""
    struck = {t.place for t in picture.tokens if t.kind == "nuclear"}
    regions = getattr(state, "regions", None)
    if not isinstance(regions, dict):
        return {rid: RegionLook(fill=colour_of(player), struck=rid in struck)
                for rid, player in picture.control.items() if player is not None}
    nations = state.nations
    out: dict[str, RegionLook] = {}
    for rid, r in regions.items():
        if r.sea:
            continue
        player = picture.control.get(rid)
        owner_player = nations[r.owner].player if r.owner in nations else None
        occupier_player = nations[r.occupier].player if r.occupier in nations else None
        fill = colour_of(owner_player) if owner_player else colour_of(player) if player else None
        out[rid] = RegionLook(fill=fill, controlled=owner_player is None and player is not None,
                              hatch=colour_of(occupier_player) if occupier_player else None,
                              struck=rid in struck)
    return out


def public_looks(game: Any, colour_of: Callable[[str | None], str | None]) -> dict[str, RegionLook]:
    """:func:`looks` of the game now, from ``module.view(state, Audience.PUBLIC)``."""
    return looks(game.module.view(game.state, Audience.PUBLIC), game.state, colour_of)


class RegionFills(QGraphicsItem):
    """Every land region filled by owner, with Control, occupation and nuclear strikes drawn over."""

    def __init__(self, the_map: Any, regions: set[str]) -> None:
        super().__init__()
        self._paths: dict[str, QPainterPath] = {}
        rect = QRectF()
        for r in the_map.regions:
            rid = region_of(r.id, regions)
            if rid is None:
                continue
            path = self._paths.setdefault(rid, QPainterPath())
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in r.polygon]))
            path.closeSubpath()
            for hole in r.holes:
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in hole]))
                path.closeSubpath()
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-10, -10, 10, 10)
        self.looks: dict[str, RegionLook] = {}
        self.setZValue(Z_FILL)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_looks(self, looks: dict[str, RegionLook]) -> None:
        if looks != self.looks:
            self.looks = dict(looks)
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for rid, look in self.looks.items():
            path = self._paths.get(rid)
            if path is None:
                continue
            if look.fill is not None:
                c = QColor(look.fill)
                fill = QColor(c)
                fill.setAlpha(CONTROL_ALPHA if look.controlled else FILL_ALPHA)
                p.setBrush(fill)
                edge = QPen(c, 1.5, Qt.PenStyle.DashLine if look.controlled else Qt.PenStyle.SolidLine)
                edge.setCosmetic(True)
                p.setPen(edge if look.controlled else Qt.PenStyle.NoPen)
                p.drawPath(path)
            if look.hatch is not None:
                p.setPen(Qt.PenStyle.NoPen)
                brush = QBrush(QColor(look.hatch), Qt.BrushStyle.BDiagPattern)
                brush.setTransform(p.worldTransform().inverted()[0])  # hatch lines a fixed size on screen
                p.setBrush(brush)
                p.drawPath(path)
            if look.struck:
                pen = QPen(STRUCK, 3)
                pen.setCosmetic(True)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(path)


class TheGameBoard(QObject):
    """What The Game adds to the umpire's board (the manifest's ``board_extras``); :meth:`uninstall` removes it."""

    def __init__(self, window: Any, game: Any) -> None:
        super().__init__(window)
        self.window = window
        self.game = game
        self.scene = window.scene
        self.fills = RegionFills(game.module.map, game_regions(game.module))
        self.scene.addItem(self.fills)
        self._unsubscribe: Callable[[], None] | None = game.subscribe(lambda _what, _entry: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        self.fills.set_looks(public_looks(self.game, self.scene.team_colour))

    def uninstall(self) -> None:
        if self._unsubscribe is not None:
            with contextlib.suppress(ValueError):
                self._unsubscribe()
            self._unsubscribe = None
        if self.fills.scene() is not None:
            self.fills.scene().removeItem(self.fills)
        self.deleteLater()


def install(window: Any, game: Any) -> TheGameBoard:
    return TheGameBoard(window, game)
