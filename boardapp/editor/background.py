"""Placing a background image on the map by two reference points.

A designer picks two points on the image (pixels) and says where each is on the map; the
image is then stretched and moved (no rotation) so both land where they belong.

>>> rect_from_references((1000, 500), ((0, 0), (100, 200)), ((1000, 500), (2100, 1200)))
(100.0, 200.0, 2000.0, 1000.0)
"""

from __future__ import annotations

XY = tuple[float, float]


def rect_from_references(image_size: XY, first: tuple[XY, XY], second: tuple[XY, XY]) -> tuple[float, float, float,
                                                                                                     float]:
    """The ``[x, y, width, height]`` the image covers so that each (pixel, map point) pair matches."""
    (p1, m1), (p2, m2) = first, second
    dx, dy = p2[0] - p1[0], p2[1] - p1[1]
    if abs(dx) < 1e-9 or abs(dy) < 1e-9:
        raise ValueError("pick two reference points apart both across and down the image")
    sx = (m2[0] - m1[0]) / dx
    sy = (m2[1] - m1[1]) / dy
    if sx <= 0 or sy <= 0:
        raise ValueError("the reference points are in the wrong order (the image would be mirrored)")
    x0 = m1[0] - p1[0] * sx
    y0 = m1[1] - p1[1] * sy
    return (float(round(x0, 3)), float(round(y0, 3)), float(round(image_size[0] * sx, 3)),
            float(round(image_size[1] * sy, 3)))


def image_pixel(rect: tuple[float, float, float, float], image_size: XY, at: XY) -> XY:
    """The image pixel drawn at map point ``at`` when the image covers ``rect``."""
    x, y, w, h = rect
    return ((at[0] - x) * image_size[0] / w, (at[1] - y) * image_size[1] / h)
