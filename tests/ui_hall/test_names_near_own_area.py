"""On the Mid-East big screen each country's name is drawn near its own area (rehearsal 2: "Israel" stood
~150 px west of Israel, in the sea, at 1920x1080 in the map layout).

Measured from what is painted: the name's lines as the hall measure records them (``via == "path"``: the
scene's names, not the side bar's tables), against the area's polygon mapped through the view to the
window. The reach is :data:`REACH` of the name's own ink height: a name farther than that from its area
has crossed a neighbour (the Levant's countries are 30-50 px wide at 1080 lines).

The big screen places a name beside *what is drawn at its place* (the place's symbol, badges and tokens:
``PublicScene.place_names``), and in the crowded Levant Israel's badges are laid out west of the place,
over the sea, so its name follows them there. The place point is not the cause (moving it inside
Israel left the name 50-126 px away in every layout: see /work/notes/polish-rules.md), so the countries
that are still too far are listed in :data:`NOT_YET` (strict xfail: the day they are near, the mark must
go); every other country is held to the reach now."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path
from typing import Any

import pytest

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game, scenario_path

SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}
LAYOUTS = ("map", "map_sidebar")
REACH = 3.0
"""How far a name may stand from its own area, in the name's ink heights (60 px at 1080 lines): the
reach ``tests/ui_hall/test_render_names_near.py`` allows a name from what is drawn at its place."""
NOT_YET = {"israel", "lebanon", "sinai", "qatar", "kuwait", "mosul", "mesopotamia"}
"""Names the big screen still draws too far from their areas in some layout (measured on this branch, in
ink heights; example game / new game, 1080 map): Israel 6.2 / 3.1, Lebanon 4.7 / 3.7 (map_sidebar), Mosul
and Kirkuk 4.1 / 3.0, Qatar 3.9 / 3.5, Sinai 3.4 / 3.8, Baghdad and Basra 2.6-4.3 (4K map), Kuwait 2.6 /
3.1: the Levant's crowd and the Gulf's small states, whose badges and tokens stand beside the area."""


def distances(path: Path, size: tuple[int, int], layout: str) -> dict[str, float]:
    """Per place that is a region of the map and whose name is drawn: the distance in ink heights from
    its name's painted lines to its region's polygon in the window."""
    from PySide6.QtCore import QPointF, QSettings
    from PySide6.QtWidgets import QApplication
    from shapely.geometry import Polygon, box
    from shapely.ops import unary_union

    from boardapp.engine.files import load_scenario, new_game, open_game
    from boardapp.ui.bigscreen.window import BigScreenWindow

    with hall_measure.recording():
        game = new_game(load_scenario(path)) if path.suffix == ".yaml" else open_game(path, readonly=True)
        settings = QSettings(str(path.parent / f"settings-{size[1]}-{layout}.ini"), QSettings.Format.IniFormat)
        window = BigScreenWindow(game, settings=settings)
        try:
            window.resize(*size)
            window.set_layout(layout)
            window.show()
            for _ in range(5):
                QApplication.processEvents()
            window.view._settle()
            QApplication.processEvents()
            report = hall_measure.measure(window)
            view = window.view

            def on_window(x: float, y: float) -> tuple[int, int]:
                p = view.viewport().mapTo(window, view.mapFromScene(QPointF(x, y)))
                return (p.x(), p.y())

            areas = {r.id: Polygon([on_window(x, y) for x, y in r.polygon]).buffer(0) for r in game.module.map.regions}
            out: dict[str, float] = {}
            for place_id, item in window.scene.names.items():
                if place_id not in areas or not item.isVisible():
                    continue
                lines = item.text().split("\n")
                drawn = [d for d in report.texts if d.via == "path" and d.text in lines]
                if {d.text for d in drawn} != set(lines):
                    continue  # not drawn now (the screen rotates names that found no room)
                ink = unary_union([box(d.ink.left(), d.ink.top(), d.ink.right(), d.ink.bottom()) for d in drawn])
                height = max(d.ink.height() for d in drawn)
                out[place_id] = areas[place_id].distance(ink) / height
            return out
        finally:
            window.detach()
            window.close()


@pytest.fixture(scope="module")
def games(tmp_path_factory: Any) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("near-games")
    return {"example game": make_game("mideast", folder), "new game": scenario_path("mideast")}


CASES = [pytest.param(game, size, layout, id=f"{game.split()[0]}-{size}-{layout}")
         for game in ("example game", "new game") for size in SIZES for layout in LAYOUTS]


@pytest.mark.parametrize(("game", "size", "layout"), CASES)
def test_each_countrys_name_is_near_its_area(qtbot: Any, games: dict[str, Path], game: str, size: str,
                                              layout: str) -> None:
    got = distances(games[game], SIZES[size], layout)
    assert len(got) >= 10, f"control: only {sorted(got)} measured"
    far = {k: round(v, 1) for k, v in got.items() if v > REACH and k not in NOT_YET}
    assert far == {}, f"names more than {REACH} ink heights from their areas: {far}"


@pytest.mark.xfail(strict=True, raises=AssertionError, reason="the big screen places a name beside its place's "
                   "badges, which in the Levant stand over the sea (PublicScene.place_names; not the map data)")
@pytest.mark.parametrize(("game", "size", "layout"), CASES)
def test_the_levant_and_gulf_names_are_near_their_areas(qtbot: Any, games: dict[str, Path], game: str, size: str,
                                                        layout: str) -> None:
    got = distances(games[game], SIZES[size], layout)
    far = {k: round(v, 1) for k, v in got.items() if v > REACH and k in NOT_YET}
    assert far == {}, f"names more than {REACH} ink heights from their areas: {far}"
