"""The hall standard's measure (issue #23), read from what is drawn.

At 1920x1080 every text a hall reader needs has an ink height of at least 19 px (38 px at 3840x2160),
nothing is cut, nothing overlaps. This module paints a window (or any widget) onto a recording paint
device and collects every text that reaches it, wherever it was drawn:

* text Qt itself paints (labels, table cells, headers, buttons) and text painted straight onto the
  window by the app's own ``paintEvent`` / ``paint`` code reach the recording paint engine as glyph
  runs (``QPaintEngine.drawTextItem``): the string, the font, the baseline and the painter's device
  transform and clip at that moment;
* text first painted into a pixmap or an image (a counter's chip, a token, a stamp, the far map image)
  and text drawn as an outline path (``QPainterPath.addText``: haloed region names, recorded into the
  map's ``QPicture``) is followed through those pictures: while :func:`recording` is active, the
  painter calls that paint text into an offscreen pixmap, image or picture are noted, and when that
  pixmap / image / picture is drawn onto the window, its texts are mapped through the source and target
  rectangles and the window painter's transform, as they land on the screen.

For each text the **ink height** is measured, not read from a font setting: the capital ``H`` of the
font the text was drawn in is rendered at the scale the text reaches the screen (the transform's
vertical scale) and its ink rows are counted (rows whose darkest pixel is at least half covered) -
the cap height the issue and ``../shared/tools/hall-ocr`` call ink height (digits are as tall).

A text is **cut** when it carries an ellipsis ("RELA…", "Leba...") or when its advance box runs out of
the clip its painter had (a table cell, a widget's own rectangle, the window). Two texts **overlap**
when their ink boxes (from the baseline up to the cap height, across the advance) share more than
15 % of the smaller box. The halo of a name (the same string drawn a few times a pixel apart) counts once.

Use::

    with recording():
        window = BigScreenWindow(game, ...)      # build inside: pixmaps made now are followed
        ...show, settle...
        report = measure(window)                  # 19 px scaled to the window's height
    assert not report.problems(), report.describe()

``python -m tests.ui_hall.hall_measure GAME --size 1920x1080`` prints the report of a big screen.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPaintDevice,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPicture,
    QPixmap,
    QTransform,
)
from shiboken6 import Shiboken

HALL_PX_AT_1080 = 19.0
"""The least ink height of a hall text at 1920x1080 (twice at 3840x2160: the standard scales with the height)."""

OVERLAP_SHARE = 0.15
ELLIPSES = ("…", "...")


# --- the texts as drawn ---------------------------------------------------------------------------------------

@dataclass
class Drawn:
    """One text as it lands on the window: ``box`` is its advance box and ``ink`` its cap box (device px)."""

    text: str
    cap_px: float
    box: QRectF
    ink: QRectF
    clip: QRectF | None
    via: str

    def where(self) -> str:
        b = self.ink
        return f"({b.x():.0f},{b.y():.0f} {b.width():.0f}x{b.height():.0f})"


@dataclass
class _Note:
    """A text noted in logical coordinates of some painter: ``to_device`` takes it to that painter's device."""

    text: str
    font: QFont
    origin: QPointF  # the baseline's left end
    advance: float
    ascent: float
    descent: float
    to_device: QTransform
    clip: QRectF | None  # in the device's pixels
    via: str

    def moved(self, m: QTransform, clip: QRectF | None, via: str) -> _Note:
        """The same note, its device mapped on by ``m`` (device px of the source -> the next device)."""
        c = m.mapRect(self.clip) if self.clip is not None else None
        if clip is not None:
            c = c.intersected(clip) if c is not None else QRectF(clip)
        return _Note(self.text, self.font, self.origin, self.advance, self.ascent, self.descent,
                     self.to_device * m, c, self.via if self.via == "path" else via)


@lru_cache(maxsize=512)
def _cap_ink(font_key: tuple[str, float, float, int, int, bool], scale: float) -> float:
    """The ink height in device px of a capital H of this font drawn at ``scale``."""
    family, pixel, point, weight, stretch, italic = font_key
    f = QFont(family)
    if pixel > 0:
        f.setPixelSize(round(pixel))
    else:
        f.setPointSizeF(point)
    f.setWeight(QFont.Weight(weight))
    f.setStretch(stretch)
    f.setItalic(italic)
    fm = QFontMetricsF(f)
    h = max(4, math.ceil(fm.height() * scale * 2 + 8))
    img = QImage(h, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.setPen(QColor("black"))
    p.translate(4, 4 + fm.ascent() * scale)
    p.scale(scale, scale)
    p.setFont(f)
    _ORIG["drawText"](p, QPointF(0, 0), "H")
    p.end()
    rows = 0
    for y in range(img.height()):
        if any(img.pixelColor(x, y).alpha() >= 128 for x in range(img.width())):
            rows += 1
    return float(rows)


def _cap_of(note: _Note) -> float:
    t = note.to_device
    scale = math.hypot(t.m21(), t.m22())
    f = note.font
    return _cap_ink((f.family(), f.pixelSize(), f.pointSizeF(), int(f.weight().value), f.stretch(), f.italic()),
                    round(scale, 4))


def _drawn(note: _Note) -> Drawn:
    fm = QFontMetricsF(note.font)
    o = note.origin
    box = note.to_device.mapRect(QRectF(o.x(), o.y() - note.ascent, note.advance, note.ascent + note.descent))
    ink = note.to_device.mapRect(QRectF(o.x(), o.y() - fm.capHeight(), note.advance, fm.capHeight()))
    return Drawn(note.text, _cap_of(note), box, ink, note.clip, note.via)


# --- the recording paint device ---------------------------------------------------------------------------------

class _Engine(QPaintEngine):
    def __init__(self) -> None:
        super().__init__(QPaintEngine.PaintEngineFeature.AllFeatures)
        self.notes: list[_Note] = []

    def begin(self, device: Any) -> bool:
        return True

    def end(self) -> bool:
        return True

    def updateState(self, state: Any) -> None:
        pass

    def _clip(self) -> QRectF | None:
        p = self.painter()
        clip: QRectF | None = None
        sys_clip = self.systemClip()
        if not sys_clip.isEmpty():
            clip = QRectF(sys_clip.boundingRect())
        if p is not None and p.hasClipping():
            c = p.deviceTransform().mapRect(p.clipBoundingRect())
            clip = c.intersected(clip) if clip is not None else c
        return clip

    def drawTextItem(self, at: QPointF, item: Any) -> None:
        p = self.painter()
        text = item.text()
        if not text.strip() or p is None:
            return
        self.notes.append(_Note(text, QFont(item.font()), QPointF(at), item.width(), item.ascent(), item.descent(),
                                p.deviceTransform(), self._clip(), "glyphs"))

    def _offscreen(self, key: int, r: QRectF, sr: QRectF, via: str) -> None:
        notes = _STATE.trace.notes_of_key(key)
        if not notes or sr.width() <= 0 or sr.height() <= 0:
            return
        p = self.painter()
        m = QTransform.fromTranslate(-sr.x(), -sr.y()) * QTransform.fromScale(r.width() / sr.width(),
                                                                               r.height() / sr.height())
        m = m * QTransform.fromTranslate(r.x(), r.y()) * p.deviceTransform()
        clip = self._clip()
        dest = p.deviceTransform().mapRect(r)
        clip = dest.intersected(clip) if clip is not None else dest
        self.notes += [n.moved(m, clip, via) for n in notes]

    def drawPixmap(self, r: QRectF, pm: QPixmap, sr: QRectF) -> None:
        self._offscreen(pm.cacheKey(), r, sr, "pixmap")

    def drawImage(self, r: QRectF, img: QImage, sr: QRectF, flags: Any = None) -> None:
        self._offscreen(img.cacheKey(), r, sr, "image")

    def drawTiledPixmap(self, *args: Any) -> None:
        pass

    def drawPolygon(self, *args: Any) -> None:
        pass

    def drawRects(self, *args: Any) -> None:
        pass

    def drawPath(self, *args: Any) -> None:
        pass

    def drawLines(self, *args: Any) -> None:
        pass

    def drawEllipse(self, *args: Any) -> None:
        pass

    def drawPoints(self, *args: Any) -> None:
        pass

    def type(self) -> QPaintEngine.Type:
        return QPaintEngine.Type.User


class Recorder(QPaintDevice):
    """A paint device of ``w`` x ``h`` px that keeps the texts painted on it (``engine.notes``)."""

    def __init__(self, w: int, h: int) -> None:
        super().__init__()
        self.w, self.h = w, h
        self.engine = _Engine()

    def paintEngine(self) -> QPaintEngine:
        return self.engine

    def metric(self, m: QPaintDevice.PaintDeviceMetric) -> int:
        M = QPaintDevice.PaintDeviceMetric
        return {M.PdmWidth: self.w, M.PdmHeight: self.h, M.PdmWidthMM: round(self.w * 25.4 / 96),
                M.PdmHeightMM: round(self.h * 25.4 / 96), M.PdmNumColors: 1 << 24, M.PdmDepth: 32,
                M.PdmDpiX: 96, M.PdmDpiY: 96, M.PdmPhysicalDpiX: 96, M.PdmPhysicalDpiY: 96,
                M.PdmDevicePixelRatio: 1, M.PdmDevicePixelRatioScaled: 65536}.get(m, 0)


# --- following text through offscreen pixmaps, images and pictures -----------------------------------------------

_ORIG: dict[str, Any] = {"drawText": QPainter.drawText}


class _Trace:
    """What text each offscreen device holds while :func:`recording` is on."""

    def __init__(self) -> None:
        self.devices: dict[int, tuple[Any, list[_Note]]] = {}  # id(device) -> (device, notes in its px)
        self.by_key: dict[int, list[_Note]] = {}
        self.paths: dict[int, tuple[QPainterPath, list[tuple[QPointF, QFont, str]]]] = {}
        self.pictures: dict[int, tuple[QPicture, list[_Note]]] = {}  # path texts recorded in a picture

    def add(self, dev: Any, notes: list[_Note]) -> None:
        if not Shiboken.ownedByPython(dev):
            # a pixmap Qt made and will free (an item's or a view's cache): holding on to its wrapper
            # would outlive it; the measure turns those caches off, so nothing is lost
            return
        self.devices.setdefault(id(dev), (dev, []))[1].extend(notes)

    def seal(self, dev: Any) -> None:
        got = self.devices.get(id(dev))
        if got is not None and isinstance(dev, QPixmap | QImage):
            self.by_key[dev.cacheKey()] = got[1]

    def notes_of_key(self, key: int) -> list[_Note]:
        if key in self.by_key:
            return self.by_key[key]
        for dev, notes in self.devices.values():
            if isinstance(dev, QPixmap | QImage) and dev.cacheKey() == key:
                self.by_key[key] = notes
                return notes
        return []


class _State:
    active = False
    trace = _Trace()


_STATE = _State()


def _device(p: QPainter) -> Any:
    """What ``p`` really paints on: a widget rendered into an image (``QWidget.render``) is redirected
    to the image, which its paint engine holds."""
    d = p.device()
    if not isinstance(d, QPicture | QPixmap | QImage):
        engine = p.paintEngine()
        real = engine.paintDevice() if engine is not None else None
        if isinstance(real, QPixmap | QImage) and Shiboken.ownedByPython(real):
            return real
    return d


def _kind(p: QPainter) -> str:
    if isinstance(p.paintEngine(), _Engine):  # a widget painted onto the recorder (render redirects it)
        return "recorder"
    d = _device(p)
    if isinstance(d, QPicture):
        return "picture"
    if isinstance(d, QPixmap | QImage):
        return "raster"
    return ""


def _fm_note(p: QPainter, text: str, origin: QPointF, via: str) -> _Note:
    f = QFont(p.font())
    fm = QFontMetricsF(f)
    clip = p.deviceTransform().mapRect(p.clipBoundingRect()) if p.hasClipping() else None
    return _Note(text, f, origin, fm.horizontalAdvance(text), fm.ascent(), fm.descent(), p.deviceTransform(),
                 clip, via)


def _text_notes(p: QPainter, args: tuple[Any, ...]) -> list[_Note]:
    """The notes of a ``drawText`` call, whichever overload."""
    fm = QFontMetricsF(p.font())
    if len(args) == 2 and isinstance(args[1], str):
        at = args[0]
        return [_fm_note(p, args[1], QPointF(at), "raster")]
    if len(args) == 3 and isinstance(args[2], str) and isinstance(args[0], int | float):
        return [_fm_note(p, args[2], QPointF(args[0], args[1]), "raster")]
    if len(args) >= 3 and isinstance(args[2], str):
        rect, flags, text = QRectF(args[0]), int(args[1]), args[2]
    elif len(args) >= 6 and isinstance(args[5], str):
        rect, flags, text = QRectF(*args[:4]), int(args[4]), args[5]
    else:
        return []
    notes = []
    lines = text.split("\n")
    block = fm.boundingRect(rect, flags, text)
    y = block.top() + fm.ascent()
    for line in lines:
        w = fm.horizontalAdvance(line)
        if flags & int(Qt.AlignmentFlag.AlignHCenter):
            x = rect.center().x() - w / 2
        elif flags & int(Qt.AlignmentFlag.AlignRight):
            x = rect.right() - w
        else:
            x = rect.left()
        if line.strip():
            notes.append(_fm_note(p, line, QPointF(x, y), "raster"))
        y += fm.lineSpacing()
    return notes


def _draw_text(p: QPainter, *args: Any) -> Any:
    if _STATE.active and _kind(p) == "raster":
        _STATE.trace.add(_device(p), [n for n in _text_notes(p, args) if n.text.strip()])
    return _ORIG["drawText"](p, *args)


def _add_text(path: QPainterPath, *args: Any) -> Any:
    if _STATE.active:
        if len(args) == 3:
            at, f, text = QPointF(args[0]), QFont(args[1]), args[2]
        else:
            at, f, text = QPointF(args[0], args[1]), QFont(args[2]), args[3]
        _STATE.trace.paths.setdefault(id(path), (path, []))[1].append((at, f, text))
    return _ORIG["addText"](path, *args)


def _path_notes(p: QPainter, path: QPainterPath) -> list[_Note]:
    got = _STATE.trace.paths.get(id(path))
    if got is None or got[0] is not path:
        return []
    notes = []
    clip = p.deviceTransform().mapRect(p.clipBoundingRect()) if p.hasClipping() else None
    for at, f, text in got[1]:
        fm = QFontMetricsF(f)
        notes.append(_Note(text, f, at, fm.horizontalAdvance(text), fm.ascent(), fm.descent(), p.deviceTransform(),
                           clip, "path"))
    return notes


def _draw_path(p: QPainter, path: QPainterPath, *args: Any, _name: str = "drawPath") -> Any:
    if _STATE.active:
        kind = _kind(p)
        notes = _path_notes(p, path) if kind else []
        if notes and kind == "recorder":
            p.paintEngine().notes.extend(notes)
        elif notes and kind == "raster":
            _STATE.trace.add(_device(p), notes)
        elif notes and kind == "picture":
            # a picture is replayed in logical coordinates: keep the painter's own transform
            pic = _device(p)
            for n in notes:
                n.to_device = p.transform()
            _STATE.trace.pictures.setdefault(id(pic), (pic, []))[1].extend(notes)
    return _ORIG[_name](p, path, *args)


def _fill_path(p: QPainter, path: QPainterPath, *args: Any) -> Any:
    return _draw_path(p, path, *args, _name="fillPath")


def _draw_picture(p: QPainter, *args: Any) -> Any:
    if _STATE.active:
        at = QPointF(args[0]) if len(args) == 2 else QPointF(args[0], args[1])
        pic = args[-1]
        got = _STATE.trace.pictures.get(id(pic))
        kind = _kind(p)
        if got is not None and got[0] is pic and kind in ("recorder", "raster"):
            m = QTransform.fromTranslate(at.x(), at.y()) * p.deviceTransform()
            clip = p.deviceTransform().mapRect(p.clipBoundingRect()) if p.hasClipping() else None
            moved = [n.moved(m, clip, "path") for n in got[1]]
            if kind == "recorder":
                p.paintEngine().notes.extend(moved)
            else:
                _STATE.trace.add(_device(p), moved)
    return _ORIG["drawPicture"](p, *args)


def _source_notes(src: Any) -> list[_Note]:
    if isinstance(src, QPixmap | QImage):
        return _STATE.trace.notes_of_key(src.cacheKey())
    return []


def _draw_offscreen(name: str) -> Any:
    def draw(p: QPainter, *args: Any) -> Any:
        if _STATE.active and _kind(p) == "raster":
            src_i = next((i for i, a in enumerate(args) if isinstance(a, QPixmap | QImage)), None)
            notes = _source_notes(args[src_i]) if src_i is not None else []
            if notes:
                src = args[src_i]
                before, after = args[:src_i], args[src_i + 1:]
                size = QRectF(0, 0, src.width(), src.height())
                if len(before) == 1 and not isinstance(before[0], QRectF):
                    try:
                        at = QPointF(before[0])
                        r = QRectF(at.x(), at.y(), src.width() / src.devicePixelRatio(),
                                   src.height() / src.devicePixelRatio())
                    except TypeError:
                        r = QRectF(before[0])
                elif len(before) == 1:
                    r = QRectF(before[0])
                elif len(before) == 2:
                    r = QRectF(before[0], before[1], src.width(), src.height())
                else:
                    r = QRectF(*before[:4]) if len(before) >= 4 else size
                sr = QRectF(after[0]) if after and isinstance(after[0], QRectF) else size
                if sr.width() > 0 and sr.height() > 0:
                    m = (QTransform.fromTranslate(-sr.x(), -sr.y())
                         * QTransform.fromScale(r.width() / sr.width(), r.height() / sr.height())
                         * QTransform.fromTranslate(r.x(), r.y()) * p.deviceTransform())
                    dest = p.deviceTransform().mapRect(r)
                    _STATE.trace.add(_device(p), [n.moved(m, dest, "pixmap") for n in notes])
        return _ORIG[name](p, *args)
    return draw


def _end(p: QPainter) -> Any:
    dev = _device(p) if _STATE.active else None
    ok = _ORIG["end"](p)
    if dev is not None:
        _STATE.trace.seal(dev)
    return ok


def _clear_style_caches() -> None:
    """Pixmaps made before recording began carry no notes: the board's style caches (and the big screen's
    badges') start afresh."""
    from boardapp.ui.bigscreen import badges
    from boardapp.ui.board import style

    for module in (style, badges):
        for name in dir(module):
            fn = getattr(module, name)
            if callable(fn) and hasattr(fn, "cache_clear"):
                fn.cache_clear()


@contextmanager
def recording() -> Iterator[None]:
    """Follow text through offscreen pixmaps, images and pictures (build the window inside)."""
    patches = {"drawText": (QPainter, _draw_text), "drawPath": (QPainter, _draw_path),
               "fillPath": (QPainter, _fill_path),
               "drawPicture": (QPainter, _draw_picture), "drawPixmap": (QPainter, _draw_offscreen("drawPixmap")),
               "drawImage": (QPainter, _draw_offscreen("drawImage")), "end": (QPainter, _end),
               "addText": (QPainterPath, _add_text)}
    for name, (cls, fn) in patches.items():
        _ORIG[name] = getattr(cls, name)
        setattr(cls, name, fn)
    _STATE.trace = _Trace()
    _STATE.active = True
    _clear_style_caches()
    try:
        yield
    finally:
        _STATE.active = False
        for name, (cls, _fn) in patches.items():
            setattr(cls, name, _ORIG[name])
        _ORIG["drawText"] = QPainter.drawText
        _clear_style_caches()


# --- the measure ------------------------------------------------------------------------------------------------

@dataclass
class HallReport:
    """Every text drawn on a window, and which of them break the standard."""

    size: tuple[int, int]
    min_px: float
    texts: list[Drawn]
    small: list[Drawn] = field(default_factory=list)
    cut: list[tuple[Drawn, str]] = field(default_factory=list)
    overlaps: list[tuple[Drawn, Drawn]] = field(default_factory=list)

    def problems(self) -> list[str]:
        out = [f"{d.cap_px:.0f} px < {self.min_px:.0f}: {d.text!r} {d.where()} [{d.via}]" for d in self.small]
        out += [f"cut ({why}): {d.text!r} {d.where()} [{d.via}]" for d, why in self.cut]
        out += [f"overlap: {a.text!r} {a.where()} / {b.text!r} {b.where()}" for a, b in self.overlaps]
        return out

    def describe(self, limit: int = 60) -> str:
        probs = self.problems()
        head = (f"{self.size[0]}x{self.size[1]}: {len(self.texts)} texts; {len(self.small)} under "
                f"{self.min_px:.0f} px, {len(self.cut)} cut, {len(self.overlaps)} overlaps")
        more = f"\n... and {len(probs) - limit} more" if len(probs) > limit else ""
        return "\n".join([head, *probs[:limit]]) + more


def _dedupe(texts: list[Drawn]) -> list[Drawn]:
    """A halo (the same string drawn a few times around its place) and a repeated paint count once."""
    out: list[Drawn] = []
    seen: dict[tuple[str, int], list[Drawn]] = {}
    for d in texts:
        key = (d.text, round(d.cap_px))
        near = seen.setdefault(key, [])
        c = d.ink.center()
        tol = max(2.0, 0.35 * d.cap_px)
        twin = next((o for o in near if abs(o.ink.center().x() - c.x()) <= tol
                     and abs(o.ink.center().y() - c.y()) <= tol), None)
        if twin is None:
            near.append(d)
            out.append(d)
    return out


def _overlaps(texts: list[Drawn]) -> list[tuple[Drawn, Drawn]]:
    found = []
    order = sorted(texts, key=lambda d: d.ink.left())
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b.ink.left() >= a.ink.right():
                break
            inter = a.ink.intersected(b.ink)
            if inter.isEmpty():
                continue
            smaller = min(a.ink.width() * a.ink.height(), b.ink.width() * b.ink.height())
            if smaller > 0 and inter.width() * inter.height() > OVERLAP_SHARE * smaller:
                found.append((a, b))
    return found


def _cut(d: Drawn, window: QRectF) -> str | None:
    text = d.text.strip()
    if any(e in text for e in ELLIPSES):
        return "elided"
    tol = max(1.0, 0.08 * d.cap_px)
    room = QRectF(window)
    if d.clip is not None:
        room = room.intersected(d.clip)
    b = d.ink
    if (b.left() < room.left() - tol or b.right() > room.right() + tol
            or b.top() < room.top() - tol or b.bottom() > room.bottom() + tol):
        return "clipped"
    return None


def _visible(d: Drawn, window: QRectF) -> bool:
    room = QRectF(window)
    if d.clip is not None:
        room = room.intersected(d.clip)
    return room.intersects(d.ink) and d.ink.width() > 0


def settle(widget: Any) -> None:
    """Turn off the views' and items' pixel caches (their pictures are drawn by Qt, out of sight of
    the recorder) so that everything is painted anew onto the recording device."""
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

    for view in widget.findChildren(QGraphicsView) + ([widget] if isinstance(widget, QGraphicsView) else []):
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        view.resetCachedContent()
        scene = view.scene()
        if scene is not None:
            for item in scene.items():
                item.setCacheMode(QGraphicsItem.CacheMode.NoCache)


def measure(widget: Any, min_px: float | None = None) -> HallReport:
    """Paint ``widget`` onto a recorder and judge every text on it (call inside :func:`recording`).

    ``min_px`` defaults to 19 px per 1080 px of the widget's height (38 at 2160)."""
    w, h = widget.width(), widget.height()
    if min_px is None:
        min_px = HALL_PX_AT_1080 * h / 1080
    settle(widget)
    dev = Recorder(w, h)
    widget.render(dev)
    window = QRectF(0, 0, w, h)
    texts = [d for d in (_drawn(n) for n in dev.engine.notes) if _visible(d, window)]
    texts = _dedupe(texts)
    report = HallReport((w, h), min_px, texts)
    report.small = [d for d in texts if d.cap_px < min_px - 0.5]
    report.cut = [(d, why) for d in texts if (why := _cut(d, window))]
    report.overlaps = _overlaps(texts)
    return report


def image_texts(img: QImage) -> list[Drawn]:
    """The texts painted into ``img`` (a render) while :func:`recording` was on, with their ink heights."""
    return _dedupe([_drawn(n) for n in _STATE.trace.notes_of_key(img.cacheKey())])


# --- the big screen of a game file ----------------------------------------------------------------------------

def big_screen_report(path: Any, size: tuple[int, int], layout: str | None = None, settings: Any = None,
                      show: Any = None) -> HallReport:
    """Open ``path`` (a scenario or game file) on the big screen at ``size`` and measure it."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from boardapp.engine.files import load_scenario, new_game, open_game
    from boardapp.ui.bigscreen.window import BigScreenWindow

    with recording():
        game = (new_game(load_scenario(path)) if str(path).endswith((".yaml", ".yml"))
                else open_game(path, readonly=True))
        if settings is None:  # a throw-away settings file: the measure leaves the user's settings alone
            import tempfile

            settings = QSettings(str(Path(tempfile.mkdtemp(prefix="hall-measure-")) / "settings.ini"),
                                 QSettings.Format.IniFormat)
        window = BigScreenWindow(game, settings=settings)
        try:
            window.resize(*size)
            if layout:
                window.set_layout(layout)
            (show or window.show)()
            for _ in range(5):
                QApplication.processEvents()
            window.view._settle()
            QApplication.processEvents()
            return measure(window)
        finally:
            window.detach()
            window.close()


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    from PySide6.QtWidgets import QApplication

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--layout", default=None)
    ap.add_argument("--all", action="store_true", help="list every text, not only the problems")
    a = ap.parse_args(argv)
    _app = QApplication.instance() or QApplication(sys.argv[:1])
    w, h = (int(v) for v in a.size.split("x"))
    report = big_screen_report(a.game, (w, h), a.layout)
    print(report.describe(limit=10_000))
    if a.all:
        for d in report.texts:
            print(f"  {d.cap_px:5.1f} {d.text!r} {d.where()} [{d.via}]")
    return 1 if report.problems() else 0


if __name__ == "__main__":
    raise SystemExit(main())
