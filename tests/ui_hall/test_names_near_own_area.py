"""On the Mid-East big screen each country's name is drawn near its own area (rehearsal 2: "Israel" stood
~150 px west of Israel, in the sea, at 1920x1080 in the map layout).

Measured from what is painted: the name's lines as the hall measure records them (``via == "path"``: the
scene's names, not the side bar's tables), against the area's polygon mapped through the view to the
window. The reach is :data:`REACH` of the name's own ink height: a name farther than that from its area
has crossed a neighbour (the Levant's countries are 30-50 px wide at 1080 lines).

The big screen placed a name beside *what is drawn at its place* (the place's symbol, badges and tokens:
``PublicScene.place_names``), and in the crowded Levant Israel's badges are laid out west of the place,
over the sea, so its name followed them there (Israel 6.2 ink heights off, Lebanon 5.6, Baghdad 4.3, Mosul
4.1, Qatar 3.9, Sinai 3.8, Kuwait 3.1). Now a country's name standing off its region is moved onto it or
beside it (``OwnAreaNames._near_own_areas`` in bigscreen/ownareas.py): every country, in every case, is held
to the reach."""

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


def _case(game: str, size: str, layout: str) -> str:
    return f"{game.split(maxsplit=1)[0]}-{size}-{layout}"


CASES = [pytest.param(game, size, layout, id=_case(game, size, layout))
         for game in ("example game", "new game") for size in SIZES for layout in LAYOUTS]


@pytest.mark.parametrize(("game", "size", "layout"), CASES)
def test_each_countrys_name_is_near_its_area(qtbot: Any, games: dict[str, Path], game: str, size: str,
                                              layout: str) -> None:
    got = distances(games[game], SIZES[size], layout)
    assert len(got) >= 10, f"control: only {sorted(got)} measured"
    far = {k: round(v, 1) for k, v in got.items() if v > REACH}
    assert far == {}, f"names more than {REACH} ink heights from their areas: {far}"
