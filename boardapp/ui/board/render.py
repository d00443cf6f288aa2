"""Drawing the board into a PNG without a window (``boardapp render``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from boardapp.ui.document.source import GameSource


def ensure_app() -> Any:
    """The running QApplication, or a new one (offscreen when no display is configured)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication([])
    return app


def render_image(game: GameSource, width: int = 1920, height: int = 1080, public: bool = True) -> Any:
    """The whole map fitted into a ``width`` x ``height`` QImage, with a title strip and a legend of the
    teams it shows (public by default). A rule system whose manifest gives the big screen a view in place
    of the map (``screen_view``: Coup's table) is rendered as that view, for the render's audience."""
    ensure_app()
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    from boardapp.ui.board.scene import BoardScene

    table = _table_view(game, public)
    if table is not None:
        return _render_table(game, table, width, height, public)
    scene = BoardScene(game, public=public)
    try:
        img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(scene.backgroundBrush().color())
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        strip, source, target, legend = page_layout(scene, game, width, height)
        scene.render(p, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        if legend is not None:
            _legend(p, shown_teams(scene.picture, list(scene.teams.values())), legend)
        _title(p, f"{game.module.scenario.name} — {scene.picture.turn_label}", QRectF(0, 0, width, strip))
        p.end()
    finally:
        scene.detach()
    return img


def _title(p: Any, title: str, rect: Any) -> None:
    """The title strip: the scenario and the turn, in type that fits the page's width (never cut)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFontMetricsF

    from boardapp.ui.board import style

    p.fillRect(rect, QColor(30, 30, 30, 235))
    p.setPen(QColor("#ffffff"))
    px = rect.height() * 0.6
    f = style.font(px, True)
    room = rect.width() - rect.height()
    while QFontMetricsF(f).horizontalAdvance(title) > room and px > 8:
        px -= 1
        f = style.font(px, True)
    p.setFont(f)
    p.drawText(QRectF(rect.x() + rect.height() / 2, rect.y(), room, rect.height()),
               int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), title)


def shown_teams(picture: Any, teams: list[Any]) -> list[Any]:
    """The teams a picture shows: owners of its pieces and control markers, and of its tracks (a team
    that holds nothing drawn still has a row in a table); every team on the map when it says none."""
    ids: set[str] = set()
    for piece in getattr(picture, "pieces", []) or []:
        if getattr(piece, "team", None):
            ids.add(piece.team)
    for owner in (getattr(picture, "control", {}) or {}).values():
        if isinstance(owner, str):
            ids.add(owner)
    shown = [t for t in teams if t.id in ids]
    return shown or [t for t in teams if getattr(t, "on_map", True)] or list(teams)


def _table_view(game: GameSource, public: bool) -> Any:
    """A map-less system's view (its manifest's ``screen_view``), built for the render's audience."""
    from types import SimpleNamespace

    from boardapp.engine.module import Audience
    from boardapp.ui.contributions import screen_view

    audience = Audience.PUBLIC if public else Audience.CONTROL
    return screen_view(SimpleNamespace(game=game, audience=audience), game)  # type: ignore[arg-type]


def _render_table(game: GameSource, view: Any, width: int, height: int, public: bool) -> Any:
    from PySide6.QtCore import QPoint, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QWidget

    from boardapp.engine.module import Audience

    strip = max(24, height // 36)
    pic = _audience_view(game, Audience.PUBLIC if public else Audience.CONTROL)
    teams = shown_teams(pic, list(game.module.teams))
    legend_h = _legend_height(len(teams), width, height) if teams else 0
    try:
        view.resize(width, height - strip - legend_h)
        if hasattr(view, "show_picture"):
            view.show_picture(pic)
        img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("#1b2026"))
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        view.render(p, QPoint(0, strip), renderFlags=QWidget.RenderFlag.DrawChildren)
        if legend_h:
            _legend(p, teams, QRectF(0, height - legend_h, width, legend_h))
        _title(p, f"{game.module.scenario.name} — {pic.turn_label}", QRectF(0, 0, width, strip))
        p.end()
    finally:
        if hasattr(view, "detach"):
            view.detach()
        view.deleteLater()
    return img


def _audience_view(game: GameSource, audience: Any) -> Any:
    view = getattr(game.module, "view", None)
    if view is None:
        return game.module.board(game.state).for_audience(audience)
    return view(game.state, audience)


def _band(n: int, width: float, height: float) -> tuple[float, int]:
    """A legend band across the page: rows a 24th of the page's height, as many columns as fit names."""
    row = max(18.0, height / 24)
    return row, max(1, min(n, int(width // (row * 9))))


def _legend_height(n: int, width: int, height: int) -> int:
    row, cols = _band(n, width, height)
    return round(row * (-(-n // cols)) + row * 0.4)


def page_layout(scene: Any, game: GameSource, width: int, height: int) -> tuple[int, Any, Any, float]:
    """Fit the map into a ``width`` x ``height`` page and size the scene's names and pieces for it.

    Returns (title strip height, map rectangle drawn, its rectangle on the page, the legend's rectangle
    or None). The
    names are placed afresh around the pieces at their size on the page, so
    ``scene.name_spots()`` afterwards is what the page shows."""
    from PySide6.QtCore import QRectF

    from boardapp.ui.board.mapdraw import NAME_PX
    from boardapp.ui.board.scene import ENLARGE, LOD_ENLARGE
    from boardapp.ui.board.style import VALUE_PX

    strip = max(24, height // 36)
    w, h = game.module.map.size
    source = QRectF(0, 0, w, h).adjusted(-0.015 * w, -0.015 * h, 0.015 * w, 0.015 * h)
    teams = shown_teams(scene.picture, list(scene.teams.values()))
    # the legend of the teams shown: a column on the right or a band along the bottom, whichever
    # leaves the map larger (every render carries one: issue #23)
    side_w = width * 0.22 if teams else 0.0
    band_h = _legend_height(len(teams), width, height) if teams else 0
    k_side = min((width - side_w) / source.width(), (height - strip) / source.height())
    k_band = min(width / source.width(), (height - strip - band_h) / source.height())
    legend: QRectF | None = None
    if k_side >= k_band:
        avail = QRectF(0, strip, width - side_w, height - strip)
        if teams:
            legend = QRectF(width - side_w, strip, side_w, height - strip)
    else:
        avail = QRectF(0, strip, width, height - strip - band_h)
        legend = QRectF(0, height - band_h, width, band_h)
    k = min(avail.width() / source.width(), avail.height() / source.height())
    target = QRectF(avail.x() + (avail.width() - source.width() * k) / 2,
                    avail.y() + (avail.height() - source.height() * k) / 2, source.width() * k,
                    source.height() * k)
    # names at least a 60th of the page's height (the big screen's legibility floor), and the
    # game state at least as readable: a counter's value no smaller than a name
    # (on a dense map never taller than a third of the typical distance between places, as on the
    # big screen: names that big would bury each other)
    name_px = max(NAME_PX * scene.base_scale * k, min(height / 60, 100 * scene.base_scale * k))
    scene.name_k = name_px / (NAME_PX * scene.base_scale * k)
    zoom = max(ENLARGE if k * scene.base_scale < LOD_ENLARGE else 1.0, name_px / (VALUE_PX * scene.base_scale * k))
    if zoom != 1.0:  # as the window does when zoomed out: pieces large enough to read
        scene.set_piece_scale(zoom)
    scene._name_spots = None  # placed around the pieces at their size on the page
    return strip, source, target, legend


def _legend(p: Any, teams: list[Any], rect: Any) -> None:
    """The teams shown: each one's swatch (its colour with its symbol, as on its pieces) and name, in as
    many columns as the rectangle's shape allows (colour is never the only cue)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFontMetricsF, QPen

    from boardapp.ui.board import style

    if not teams:
        return
    p.fillRect(rect, QColor(250, 248, 242))
    if rect.width() > rect.height() * 2:  # a band along the bottom: the layout it was sized for
        cols, row = 1, rect.height() / (len(teams) + 0.4)
        for c in range(1, len(teams) + 1):  # the largest rows whose names still have room
            r = rect.height() / (-(-len(teams) // c) + 0.4)
            if rect.width() / c >= r * 9 and r > row:
                cols, row = c, r
    else:  # a column: one team a row
        cols = 1
        row = min(rect.height() / (len(teams) + 1.0), rect.width() / 6)
    rows = -(-len(teams) // cols)
    col_w = rect.width() / cols
    f = style.font(row * 0.5, True)
    fm = QFontMetricsF(f)
    sw = max(fm.horizontalAdvance(t.symbol) for t in teams) + row * 0.35
    for i, t in enumerate(teams):
        col, r = divmod(i, rows)
        x, y = rect.x() + col * col_w + row * 0.3, rect.y() + row * (r + 0.2)
        chip = QRectF(x, y + row * 0.12, sw, row * 0.76)
        fill = style.colour(t.colour)
        p.setPen(QPen(QColor("#333333"), max(1.0, row * 0.04)))
        p.setBrush(fill)
        p.drawRoundedRect(chip, row * 0.12, row * 0.12)
        p.setFont(f)
        p.setPen(style.text_on(fill))
        p.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), t.symbol)
        box = QRectF(chip.right() + row * 0.3, y, col_w - sw - row * 0.9, row)
        name_f = style.font(row * 0.46, False)
        while QFontMetricsF(name_f).horizontalAdvance(t.name) > box.width() and name_f.pixelSize() > 8:
            name_f.setPixelSize(name_f.pixelSize() - 1)
        p.setFont(name_f)
        p.setPen(QColor("#222222"))
        p.drawText(box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), t.name)


def render_png(game: GameSource, out_path: str | Path, width: int = 1920, height: int = 1080,
               public: bool = True) -> Path:
    """Draw ``game``'s board into a PNG of ``width`` x ``height`` pixels; returns the path.

    A render is what CONTROL prints or posts for the players, so it is public by default (the
    rule module's ``view(state, Audience.PUBLIC)``); ``public=False`` is the umpires' picture."""
    img = render_image(game, width, height, public)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")
    return out
