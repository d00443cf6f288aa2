"""A map seen whole draws its roads as straight lines with square ends when they are thin on screen
(issue #27: Qt's line rasteriser, three times faster than stroking round-jointed polylines). They must
look as the round-jointed ones do: the same pixels inked, but for a pixel's edge here and there."""

from __future__ import annotations

import pytest

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game


def _map_image(scene, k: float):
    from PySide6.QtGui import QColor, QImage, QPainter

    w, h = scene.map.size
    img = QImage(round(w * k), round(h * k), QImage.Format.Format_RGB32)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(k, k)
    scene._paint_map(p, False)  # far detail: no names (the roads are what is compared)
    p.end()
    return img


def _darkness(img) -> list[int]:
    """Per pixel, how much darker than white it is (the three channels summed)."""
    return [3 * 255 - sum(img.pixelColor(x, y).getRgb()[:3]) for y in range(img.height()) for x in range(img.width())]


@pytest.mark.parametrize("k", [0.12, 0.2])
def test_thin_roads_ink_what_round_jointed_roads_ink(qtbot, monkeypatch, k):
    from boardapp.ui.board import mapdraw
    from boardapp.ui.board import scene as board_scene

    scene = board_scene.BoardScene(new_game(load_scenario(DEFAULT_SCENARIO)))
    drawn_as_lines = []
    original = board_scene.BoardScene._stroke_roads
    monkeypatch.setattr(board_scene.BoardScene, "_stroke_roads", staticmethod(
        lambda p, colour, width, style, lines, *, pieces: (drawn_as_lines.append(bool(pieces)),
                                                            original(p, colour, width, style, lines, pieces=pieces))))
    fast = _map_image(scene, k)
    assert any(drawn_as_lines), "control: at this scale the roads were drawn as lines"
    monkeypatch.setattr(mapdraw, "THIN_ROAD_PX", 0.0)
    drawn_as_lines.clear()
    round_ = _map_image(scene, k)
    assert not any(drawn_as_lines), "control: with no thin roads, every road is a round-jointed polyline"
    monkeypatch.setattr(board_scene.BoardScene, "_stroke_roads", staticmethod(lambda *args, **kwargs: None))
    no_roads = _darkness(_map_image(scene, k))
    a, b = _darkness(fast), _darkness(round_)
    roads = sum(b) - sum(no_roads)  # the ink the round-jointed roads add
    assert roads > 0.01 * sum(b), "control: the roads add ink to the map"
    off = sum(abs(x - y) for x, y in zip(a, b, strict=True))
    print("off", off, "roads", roads, off / roads)
    assert off <= 0.06 * roads, (off, roads)
    scene.detach()


def test_wide_roads_stay_round_jointed(qtbot, monkeypatch):
    """Zoomed in (or in the map recorded at full size for near views) roads are stroked as before."""
    from boardapp.ui.board import scene as board_scene

    scene = board_scene.BoardScene(new_game(load_scenario(DEFAULT_SCENARIO)))
    drawn_as_lines = []
    original = board_scene.BoardScene._stroke_roads
    monkeypatch.setattr(board_scene.BoardScene, "_stroke_roads", staticmethod(
        lambda p, colour, width, style, lines, *, pieces: (drawn_as_lines.append(bool(pieces)),
                                                            original(p, colour, width, style, lines, pieces=pieces))))
    _map_image(scene, 0.6)
    scene._record(True)
    assert drawn_as_lines and not any(drawn_as_lines)
    scene.detach()
