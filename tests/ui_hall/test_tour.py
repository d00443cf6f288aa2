"""A dense map's hall treatment on the big screen (issue #23 item 2): the MUN's Europe is shown as a
slow tour of regions that fill the screen, each with a caption saying where and which of how many;
at every stop the place names drawn are, with few exceptions, at the hall's size (capitals 19 px
per 1080), where the whole map fitted drew central Europe's at 5 to 9 px; army and fleet are told
apart by a big letter in the team's contrasting ink; War in Binni, read whole, has no tour.
Measured from what is drawn: the names' painted ink at the view's scale, the chips' pixels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor

from boardapp.engine.files import open_game
from tests.ui_hall.hall_games import make_game

SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tour-games")


def _screen(qtbot: Any, settings: Any, path: Path, size: tuple[int, int]) -> Any:
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(open_game(path, readonly=True), settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    return window


def _names_on_screen(window: Any) -> list[tuple[float, str]]:
    """(capital height in screen px, name) of every name drawn inside the view."""
    vis = window.view.visible_rect()
    scale = window.view.scale_now()
    return sorted((item.ink_height * item.scale() * scale, item.text()) for item in window.scene.names.values()
                  if item.isVisible() and vis.contains(item.sceneBoundingRect()))


@pytest.mark.parametrize("size", list(SIZES))
def test_mun_tours_its_regions_with_names_at_the_hall_size(qtbot, settings, games, size):
    w, h = SIZES[size]
    window = _screen(qtbot, settings, make_game("mun", games), (w, h))
    tour = window.tour
    assert tour.running and len(tour.stops) >= 4
    window.tour.timer.stop()
    floor = 19 * h / 1080
    shown: set[str] = set()
    small: list[tuple[float, str]] = []
    total = 0
    for i in range(len(tour.stops)):
        tour.index = i
        tour._show(animate=False)
        caption = tour.caption()
        assert caption.endswith(f" · {i + 1}/{len(tour.stops)}") and ": around " in caption
        assert tour.locator.isVisible() and tour.locator.caption == caption
        names = _names_on_screen(window)
        assert names, f"stop {caption}: no names"
        total += len(names)
        small += [(px, n) for px, n in names if px < floor]
        shown |= {n.replace("\n", " ") for _px, n in names}
        # the region fills the view: the view's scale is the region's, not the whole map's
        assert window.view.scale_now() > 1.8 * window.view.fit_scale()
    places = {p.name for p in window.scene.map.places}
    assert places <= shown, f"never shown: {sorted(places - shown)}"
    # a crowded knot may shrink a name or two at a stop (the label placer's last resort); never many
    assert len(small) <= 0.03 * total, small
    window.detach()


def test_the_whole_mun_map_fitted_is_what_the_tour_replaces(qtbot, settings, games):
    """Control case: the same screen showing the whole map draws central Europe's names far below 19 px."""
    window = _screen(qtbot, settings, make_game("mun", games), SIZES["1080"])
    window.show_region(window.view.map_rect, animate=False)  # CONTROL frames the whole map: the tour stops
    assert not window.tour.running
    names = {n.replace("\n", " "): px for px, n in _names_on_screen(window)}
    # central Europe's names drawn far below the standard, or (the big screen never shrinks a name with no
    # room near its place) left out: either way the whole map does not read, most of its places not at all
    assert names.get("Saxony", 0) < 12 and names.get("Berlin", 0) < 19
    places = [p.name for p in window.scene.map.places]
    unread = [p for p in places if names.get(p, 0) < 19]
    assert len(unread) > 0.3 * len(places), (len(unread), len(places))
    window.detach()


def test_binni_is_read_whole(qtbot, settings, games):
    window = _screen(qtbot, settings, make_game("binni", games), SIZES["1080"])
    assert not window.tour.running and window.tour.stops == []
    assert not window.tour.locator.isVisible()
    window.detach()


def test_army_and_fleet_letters_contrast_in_every_team_colour(qtbot):
    """A lone unit's chip carries its kind's letter large, in black or white, whichever contrasts with
    the team's colour: measured on the chip's pixels for white, black and yellow teams."""
    from boardapp.ui.board import style

    for fill in ("#ffffff", "#1a1a1a", "#f2d024", "#1f3f9a"):
        for label, shape in (("A", "round"), ("F", "hull")):
            img = style.chip_pixmap(fill, "PL", label, "", 0, shape=shape).toImage()
            ink = style.text_on(QColor(fill))
            w, h = img.width(), img.height()
            # the letter's ink covers a good part of the chip's middle band
            band = [img.pixelColor(x, y) for x in range(w // 4, 3 * w // 4) for y in range(h // 6, h // 2)]
            inked = sum(1 for c in band if abs(c.lightness() - ink.lightness()) < 60 and c.alpha() > 200)
            assert inked > 0.12 * len(band), (fill, label, inked / len(band))


def test_the_tour_starts_at_its_busiest_region_at_every_size(qtbot, settings, games):
    """Opened small, then made full size (as a window going full screen): the regions are planned
    again and the tour starts again at the busiest, not at the old plan's index."""
    window = _screen(qtbot, settings, make_game("mun", games), (800, 600))
    window.resize(*SIZES["1080"])
    qtbot.waitUntil(lambda: window.view.viewport().height() > 900)
    window.view._settle()
    tour = window.tour

    def count(i: int) -> int:
        x, y, w, h = tour.stops[i].rect
        return sum(1 for p in window.scene.map.places if x <= p.at[0] <= x + w and y <= p.at[1] <= y + h)

    assert count(tour.index) == max(count(i) for i in range(len(tour.stops)))
    window.detach()
