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
    """The whole map fitted into a ``width`` x ``height`` QImage, with a title strip (public by default)."""
    ensure_app()
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    from boardapp.ui.board import style
    from boardapp.ui.board.scene import BoardScene

    scene = BoardScene(game, public=public)
    try:
        img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(scene.backgroundBrush().color())
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        strip, source, target, legend_w = page_layout(scene, game, width, height)
        scene.render(p, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        if legend_w:
            _legend(p, scene, QRectF(width - legend_w, strip, legend_w, height - strip))
        p.fillRect(QRectF(0, 0, width, strip), QColor(30, 30, 30, 235))
        p.setPen(QColor("#ffffff"))
        p.setFont(style.font(strip * 0.6, True))
        title = f"  {game.module.scenario.name} — {scene.picture.turn_label}"
        p.drawText(QRectF(0, 0, width, strip), int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), title)
        p.end()
    finally:
        scene.detach()
    return img


def page_layout(scene: Any, game: GameSource, width: int, height: int) -> tuple[int, Any, Any, float]:
    """Fit the map into a ``width`` x ``height`` page and size the scene's names and pieces for it.

    Returns (title strip height, map rectangle drawn, its rectangle on the page, legend width). The
    names are placed afresh around the pieces at their size on the page, so
    ``scene.name_spots()`` afterwards is what the page shows."""
    from PySide6.QtCore import QRectF

    from boardapp.ui.board.scene import ENLARGE, LOD_ENLARGE, NAME_PX
    from boardapp.ui.board.style import VALUE_PX

    strip = max(24, height // 36)
    w, h = game.module.map.size
    source = QRectF(0, 0, w, h).adjusted(-0.015 * w, -0.015 * h, 0.015 * w, 0.015 * h)
    avail = QRectF(0, strip, width, height - strip)
    k = min(avail.width() / source.width(), avail.height() / source.height())
    spare = avail.width() - source.width() * k
    legend_w = min(spare, width * 0.22) if spare > width * 0.08 else 0.0
    left = (avail.width() - legend_w - source.width() * k) / 2
    target = QRectF(left, strip + (avail.height() - source.height() * k) / 2, source.width() * k,
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
    return strip, source, target, legend_w


def _legend(p: Any, scene: Any, rect: Any) -> None:
    """The teams on the map: marker, symbol and name (colour is never the only cue)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor

    from boardapp.ui.board import style

    teams = [t for t in scene.teams.values() if t.on_map]
    if not teams:
        return
    p.fillRect(rect, QColor(250, 248, 242))
    row = min(rect.height() / (len(teams) + 2), rect.width() / 9)
    p.setPen(QColor("#222222"))
    p.setFont(style.font(row * 0.5, True))
    p.drawText(QRectF(rect.x() + row * 0.4, rect.y() + row * 0.3, rect.width(), row),
               int(Qt.AlignmentFlag.AlignVCenter), "Teams")
    for i, t in enumerate(teams):
        y = rect.y() + row * (i + 1.4)
        pm = style.badge_pixmap(t.colour, t.symbol)
        d = row * 0.85
        p.drawPixmap(QRectF(rect.x() + row * 0.4, y + (row - d) / 2, d, d).toRect(), pm)
        p.setPen(QColor("#222222"))
        p.setFont(style.font(row * 0.42, False))
        p.drawText(QRectF(rect.x() + row * 1.5, y, rect.width() - row * 1.6, row),
                   int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), t.name)


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
