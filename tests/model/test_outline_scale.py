"""outline.Scale turns floats into integers exactly, by float products where they are exact and by
fractions where a product could overflow (what a hostile file's coordinates could cause)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from boardapp.model.outline import Scale


def exact(scale: Scale, xy: tuple[float, float]) -> tuple[int, int]:
    return int(Fraction(xy[0]) * scale.factor), int(Fraction(xy[1]) * scale.factor)


@pytest.mark.parametrize("points", [
    [(0.1, 0.2), (1234.5678, 9.75), (-3.3, 1e6)],
    [(1e-320, 0.0), (1.0, 2.0)],  # a subnormal: 2**1074 as a float would overflow
    [(1e300, 0.5), (0.25, 3.0)],  # a huge coordinate: the product would overflow
    [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)],
])
def test_points_are_the_exact_integers(points: list[tuple[float, float]]) -> None:
    scale = Scale([points])
    for xy in points:
        assert scale.point(xy) == exact(scale, xy)
        assert Fraction(scale.point(xy)[0], scale.factor) == Fraction(xy[0])


def test_random_coordinates_agree_with_fractions() -> None:
    rng = random.Random(5)
    points = [(rng.uniform(-5000, 5000), rng.uniform(-5000, 5000)) for _ in range(500)]
    scale = Scale([points])
    assert [scale.point(p) for p in points] == [exact(scale, p) for p in points]
