"""The web page of a dense map on a phone and a desktop (issue #23 item 8), in headless Chromium: names
never over a counter, a badge or a token; the heading is the game's own turn label (no "Week N" of the
clock beside it); column headings are words; the zoom buttons sit under the map, not on it; a tap on a
crowded part of the map zooms there. Run on the MUN and War in Binni example games (as issue #23 made
them). Skipped where Chromium, its driver or selenium is missing (as tests/web/test_browser.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardapp.clock import TurnClock
from boardapp.engine.files import open_game
from tests.ui_hall.hall_games import make_game
from tests.web.live import LiveGame
from tests.web.test_browser import CHROMIUM, DRIVER, browser, touch, viewport, wait  # noqa: F401 (fixture)

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason="Chromium or chromedriver is missing")

OVERLAPS = """
const boxes = (sel) => [...document.querySelectorAll(sel)].map((n) => [n, n.getBoundingClientRect()])
  .filter(([n, r]) => r.width > 0 && r.height > 0 && getComputedStyle(n).display !== 'none');
const markers = boxes('#map .counter rect, #map .holder rect, #map .token rect, #map .stack rect');
const names = boxes('#map .name, #map .region-label');
const out = [];
for (const [n, a] of names) for (const [m, b] of markers) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w > 1.5 && h > 1.5) out.push(`${n.textContent} over ${m.parentNode.getAttribute('class')}`);
}
return [names.length, out];
"""


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web-hall")


@pytest.fixture(scope="module", params=["binni", "mun"])
def live(request: Any, games: Path) -> Iterator[LiveGame]:
    game = open_game(make_game(request.param, games), readonly=True)
    clock = TurnClock()
    clock.week = 2
    with LiveGame(game, clock=clock.record) as running:
        running.system = request.param  # type: ignore[attr-defined]
        yield running


def open_at(driver: Any, live: LiveGame, width: int, height: int) -> None:
    viewport(driver, width, height)
    driver.get(live.url)
    wait(driver, "return document.getElementById('status').dataset.state === 'live'"
                 " && document.querySelectorAll('#map .place').length > 0 && !document.getElementById('clock').hidden")
    driver.execute_script("window.boardapp.zoom(1)")  # let the names be placed once the view settles
    time.sleep(0.4)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_names_never_cover_a_marker(browser: Any, live: LiveGame, width: int, height: int) -> None:  # noqa: F811
    open_at(browser, live, width, height)
    shown, overlaps = browser.execute_script(OVERLAPS)
    assert overlaps == []
    assert shown >= 5, "control: names are drawn at all"
    browser.save_screenshot(f"/tmp/boardapp-web-hall-{live.system}-{width}.png")  # type: ignore[attr-defined]


def test_heading_is_the_games_turn_label_and_headings_are_words(browser: Any, live: LiveGame) -> None:  # noqa: F811
    open_at(browser, live, 1920, 1080)
    label = live.game.module.board(live.game.state).turn_label
    header = browser.find_element("id", "top").text
    assert label in header
    assert "Week" not in header.replace(label, "", 1)  # the clock adds no "Week N" of its own ("Week 2 Week 2")
    heads = browser.execute_script(
        "return [...document.querySelectorAll('#tracks th[scope=col]')].map(t => t.textContent)")
    assert heads and all("_" not in h and h[:1].isupper() for h in heads), heads
    if live.system == "binni":  # type: ignore[attr-defined]
        assert {"PR", "Max cards"} <= set(heads)


def test_the_zoom_buttons_leave_the_map_whole_on_a_phone(browser: Any, live: LiveGame) -> None:  # noqa: F811
    open_at(browser, live, 390, 844)
    zoom, svg = browser.execute_script(
        "const a = document.getElementById('zoom').getBoundingClientRect();"
        " const b = document.getElementById('map').getBoundingClientRect();"
        " return [[a.left, a.top, a.right, a.bottom], [b.left, b.top, b.right, b.bottom]];")
    assert zoom[1] >= svg[3] - 0.5, f"buttons {zoom} over the map {svg}"


def test_a_tap_on_a_crowded_map_zooms_there(browser: Any, live: LiveGame) -> None:  # noqa: F811
    open_at(browser, live, 390, 844)
    spot = browser.execute_script("""
        const names = [...document.querySelectorAll('#map .name')];
        const places = window.boardapp.setup.map.places;
        const map = document.getElementById('map').getBoundingClientRect();
        for (let i = 0; i < names.length; i += 1) {
          if (!names[i].classList.contains('crowded')) continue;
          const dot = document.querySelector(`[data-place='${places[i].id}'] .dot`).getBoundingClientRect();
          for (const r of [12, 18, 24, 30]) for (let a = 0; a < 8; a += 1) {
            const x = dot.left + dot.width / 2 + r * Math.cos(a * Math.PI / 4);
            const y = dot.top + dot.height / 2 + r * Math.sin(a * Math.PI / 4);
            if (x < map.left + 5 || x > map.right - 5 || y < map.top + 5 || y > map.bottom - 5) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('#map') && !hit.closest('[data-place],[data-piece]')) return [x, y];
          }
        }
        return null;""")
    if spot is None:
        assert live.system == "binni", "the MUN's Europe on a phone leaves names out"  # type: ignore[attr-defined]
        pytest.skip("no name left out, or none beside free map")
    before = float(browser.execute_script("return document.getElementById('map').dataset.zoom"))
    touch(browser, "touchStart", [spot])
    touch(browser, "touchEnd", [])
    after = float(browser.execute_script("return document.getElementById('map').dataset.zoom"))
    assert after == pytest.approx(before * 2.5, rel=0.01)
