"""The editor draws a map at the map's own scale (issue #23 item 10): on the MUN's Europe, whose
places lie a seventh as far apart as War in Binni's, a place's name, symbol and roads are drawn a
seventh as large, as the board draws them, instead of at Binni's size (where every zoom was a mass of
overlapping names). Measured from what is painted: each place item's painted box against the
distance to its nearest neighbour."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QPainter, QPicture

ROOT = Path(__file__).resolve().parents[2]


def _painted_over_spacing(window: Any) -> float:
    """The median over places of (height of what the place item paints) / (distance to the nearest place)."""
    import math

    scene = window.scene
    items = list(scene.places.values())
    pts = [it.place.at for it in items]
    ratios = []
    for it, at in zip(items, pts, strict=True):
        pic = QPicture()
        p = QPainter(pic)
        it.paint(p, None)
        p.end()
        near = min(math.dist(at, o) for o in pts if o is not at)
        ratios.append(pic.boundingRect().height() / near)
    return statistics.median(ratios)


@pytest.mark.parametrize("name", ["mun-1935.yaml", "binni.yaml"])
def test_editor_draws_at_the_maps_own_scale(qtbot: Any, name: str) -> None:
    from boardapp.ui.editor.window import EditorWindow

    window = EditorWindow(str(ROOT / "maps" / name))
    qtbot.addWidget(window)
    ratio = _painted_over_spacing(window)
    # what a place paints (its symbol and name, a few name heights) stays well within the distance to
    # its neighbour on a sparse map and a dense one alike
    assert ratio < 0.9, f"{name}: a place paints {ratio:.2f} of the distance to its neighbour"
    road_widths = [r.pen().widthF() for r in window.scene.roads if r.path().length() > 0]
    if road_widths:
        spacing = statistics.median(
            min(((a.place.at[0] - b.place.at[0]) ** 2 + (a.place.at[1] - b.place.at[1]) ** 2) ** 0.5
                for b in window.scene.places.values() if b is not a) for a in window.scene.places.values())
        assert max(road_widths) < 0.1 * spacing
