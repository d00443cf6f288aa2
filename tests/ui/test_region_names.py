"""A region's faint name is drawn unless a place of the same name already names it (no "MOSCOW" under "Moscow");
far away, where place names are not drawn, every region keeps its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.board import scene as board_scene
from boardapp.ui.board.scene import BoardScene

ROOT = Path(__file__).resolve().parents[2]


def _region_names_drawn(monkeypatch, scenario: str, near: bool = True) -> tuple[set[str], object]:
    drawn: set[str] = set()
    real = board_scene.style.halo_text

    def record(p, text, *args, **kwargs):
        drawn.add(text)
        return real(p, text, *args, **kwargs)

    monkeypatch.setattr(board_scene.style, "halo_text", record)
    scene = BoardScene(new_game(load_scenario(ROOT / "scenarios" / scenario)))
    scene._record(near)  # the map as recorded for the near zoom (place names drawn) or the far one
    scene.detach()
    return drawn, scene.map


@pytest.mark.parametrize("scenario", ["mun-historical-1935.yaml", "mideast-peace.yaml"])
def test_a_region_named_by_its_place_is_not_named_twice(qapp, monkeypatch, scenario):
    drawn, m = _region_names_drawn(monkeypatch, scenario)
    places = {pl.name.casefold() for pl in m.places}
    twins = [r.name for r in m.regions if r.name and r.name.casefold() in places]
    assert twins, "the map has provinces named like their places (the case this test is about)"
    assert not {t.upper() for t in twins} & drawn
    others = {r.name.upper() for r in m.regions if r.name and r.name.casefold() not in places}
    assert others <= drawn  # every other region is still named (Mid-East's Tunisia, Algeria, ...)


def test_binnis_regions_are_still_named(qapp, monkeypatch):
    drawn, _m = _region_names_drawn(monkeypatch, "war-in-binni.yaml")
    assert {"BINNI", "GAO", "MOUELLA", "AGADEZ"} <= drawn


def test_far_away_every_region_keeps_its_name(qapp, monkeypatch):
    """Far away no place name is drawn, so a province's region name is the only name it has there."""
    drawn, m = _region_names_drawn(monkeypatch, "mun-historical-1935.yaml", near=False)
    assert {r.name.upper() for r in m.regions if r.name} <= drawn
    assert not {pl.name for pl in m.places if pl.name} & drawn  # no place name drawn far away
