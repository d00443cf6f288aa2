"""The plain-Python outline proofs (model/outline.py) never pass what shapely would refuse.

Shapely is the reference: a proof may say "not proved" where shapely passes (the map is then checked with
shapely), but never "sound" where shapely finds a problem. Random outlines on a small grid make plenty of
touching corners, shared edges and spikes, the cases where a hand-written test would miss one.
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from boardapp.engine.files import MAP_DIR
from boardapp.model import geometry, outline
from boardapp.model.checks import check_map
from boardapp.model.mapfile import Map, Place, Region, Road
from boardapp.model.yamlfile import YamlDocument

SHIPPED = sorted(MAP_DIR.glob("*.yaml"))
XY = list[tuple[float, float]]


def shapely_sound(points: XY) -> bool:
    poly = Polygon(points)
    return bool(poly.is_valid and poly.area > 0)


def ring(points: XY) -> outline.Ring:
    return outline.Scale([points]).ring(points)


def overlap_area(a: XY, b: XY) -> float:
    return float(Polygon(a).intersection(Polygon(b)).area)


def square(x: float, y: float, side: float = 10.0) -> XY:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


@pytest.mark.parametrize("name, points, proved", [
    ("square", square(0, 0), True),
    ("square, first point repeated at the end", [*square(0, 0), (0.0, 0.0)], True),
    ("a corner given twice", [(0.0, 0.0), (10.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)], True),
    ("concave (an L)", [(0.0, 0.0), (10.0, 0.0), (10.0, 4.0), (4.0, 4.0), (4.0, 10.0), (0.0, 10.0)], True),
    ("a point on a straight side", [(0.0, 0.0), (5.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)], True),
    ("fractions of a map unit", [(0.1, 0.2), (10.3, 0.1), (9.7, 10.9), (0.05, 10.0)], True),
    ("bow tie", [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)], False),
    ("all on one line", [(0.0, 0.0), (5.0, 5.0), (10.0, 10.0)], False),
    ("a spike back along a side", [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (10.0, 15.0), (10.0, 12.0),
                                   (0.0, 10.0)], False),
    ("two loops touching at a corner", [(0.0, 0.0), (10.0, 0.0), (5.0, 5.0), (10.0, 10.0), (0.0, 10.0),
                                        (5.0, 5.0)], False),
    ("a corner on another side", [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (5.0, 0.0), (0.0, 10.0)], False),
])
def test_simple_outlines_are_proved_and_broken_ones_are_not(name: str, points: XY, proved: bool) -> None:
    assert outline.simple(ring(points)) is proved, name
    assert shapely_sound(points) is proved, name  # the reference agrees on every case above


def test_a_proved_outline_is_always_one_shapely_passes() -> None:
    rng = random.Random(13)
    proved = refused_by_both = 0
    for _ in range(4000):
        points: XY = [(float(rng.randint(0, 6)), float(rng.randint(0, 6))) for _ in range(rng.randint(3, 7))]
        if outline.simple(ring(points)):
            assert shapely_sound(points), points
            proved += 1
        elif not shapely_sound(points):
            refused_by_both += 1
    assert proved > 300 and refused_by_both > 300  # both kinds were really tried


@pytest.mark.parametrize("name, a, b, apart", [
    ("far from each other", square(0, 0), square(50, 0), True),
    ("sharing a whole side", square(0, 0), square(10, 0), True),
    ("sharing part of a side", square(0, 0), square(10, 5), True),
    ("touching at a corner", square(0, 0), square(10, 10), True),
    ("one turned the other way round", square(0, 0), list(reversed(square(10, 0))), True),
    ("crossing", square(0, 0), square(5, 5), False),
    ("the same square", square(0, 0), square(0, 0), False),
    ("one inside the other, not touching", square(0, 0, 30), square(10, 10), False),
    ("one inside the other, sharing a side", square(0, 0, 30), square(0, 0), False),
    ("a side across the other from corner to corner", [(0.0, 0.0), (10.0, 10.0), (0.0, 10.0)],
     [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (5.0, 10.0), (5.0, 5.0)], False),
])
def test_regions_are_proved_apart_only_when_they_do_not_overlap(name: str, a: XY, b: XY, apart: bool) -> None:
    scale = outline.Scale([a, b])
    assert outline.apart(scale.ring(a), scale.ring(b)) is apart, name
    assert (overlap_area(a, b) == 0) is apart, name


def test_random_pairs_are_apart_exactly_when_shapely_finds_no_overlap() -> None:
    rng = random.Random(14)
    shapes: list[XY] = []
    while len(shapes) < 120:
        points: XY = [(float(rng.randint(0, 8)), float(rng.randint(0, 8))) for _ in range(rng.randint(3, 6))]
        if outline.simple(ring(points)):
            shapes.append(points)
    verdicts = set()
    for a, b in pairwise(shapes):
        scale = outline.Scale([a, b])
        apart = outline.apart(scale.ring(a), scale.ring(b))
        assert apart is (overlap_area(a, b) == 0), (a, b)
        verdicts.add(apart)
    assert verdicts == {True, False}


def load(path: Path) -> Map:
    return Map.model_validate(YamlDocument.read(path).data)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_maps_get_the_same_answers_as_from_shapely(path: Path) -> None:
    the_map = load(path)
    assert [str(p) for p in check_map(the_map, shipped=True)] == [str(p) for p in check_map(the_map)]
    inside = outline.sound_regions(the_map)
    if inside is not None:
        assert all(geometry.polygon_problem(r) is None for r in the_map.regions)
        assert geometry.overlapping_regions(the_map) == []
        exact = geometry.regions_containing(the_map)
        assert {k: set(v) for k, v in inside.items()} == {k: set(v) for k, v in exact.items()}


def test_war_in_binni_is_proved_without_shapely() -> None:
    """The map the board opens on by default is the one whose proof saves the import."""
    the_map = load(MAP_DIR / "binni.yaml")
    inside = outline.sound_regions(the_map)
    assert inside is not None
    assert inside["kalen"] == ("binni",)  # the capital, inside Binni's outline


def test_a_broken_region_on_a_shipped_path_is_still_reported_by_shapely() -> None:
    bow_tie = Region(id="bad", name="Bad", polygon=[(0, 0), (100, 100), (100, 0), (0, 100)])
    good = Region(id="good", name="Good", polygon=[(200, 0), (300, 0), (300, 100), (200, 100)])
    overlapping = Region(id="over", name="Over", polygon=[(250, 50), (350, 50), (350, 150), (250, 150)])
    the_map = Map(id="m", name="M", size=(400, 400), regions=[bow_tie, good, overlapping],
                  places=[Place(id="a", name="A", at=(210, 10))])
    assert outline.sound_regions(the_map) is None
    messages = [p.message for p in check_map(the_map, shipped=True)]
    assert messages == [p.message for p in check_map(the_map)]
    assert messages == [
        "regions[0].polygon: region 'bad': the outline crosses itself at [50, 50]; list the points in order "
        "around the region",
        "regions[2].polygon: region 'over' overlaps region 'good'; regions of one kind must not overlap",
    ]


def test_a_place_outside_every_region_is_found_by_the_proof_too() -> None:
    land = Region(id="land", name="Land", polygon=[(0, 0), (100, 0), (100, 100), (0, 100)])
    the_map = Map(id="m", name="M", size=(400, 400), regions=[land],
                  places=[Place(id="in", name="In", at=(100, 50)), Place(id="out", name="Out", at=(150, 50))],
                  roads=[Road(between=("in", "out"))])
    assert outline.sound_regions(the_map) == {"in": ("land",), "out": ()}  # on the outline is in
    messages = [p.message for p in check_map(the_map, shipped=True)]
    assert messages == [p.message for p in check_map(the_map)] == ["places[1].at: place 'out' is outside every region"]
