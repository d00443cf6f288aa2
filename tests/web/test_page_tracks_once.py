"""A phone's page shows a team's tracks once: a rule system whose own side-bar table already holds them
(the Tarn Valley's "Tracks": Morale and "Actions 1/3") marks it ``shows_tracks`` and the page leaves out
its generic table of the same numbers (seen on a 390 px phone: two "Tracks" tables, one under the other)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from boardapp.engine.files import load_scenario, new_game
from boardapp.web.picture import page_picture

ROOT = Path(__file__).resolve().parents[2]


def _page(scenario: str) -> dict:
    game = new_game(load_scenario(ROOT / "scenarios" / scenario))
    board = json.loads(json.dumps(dataclasses.asdict(game.module.board(game.state)), default=str))
    return page_picture(board)


def test_tarn_valley_page_shows_its_tracks_once() -> None:
    page = _page("tarn-valley.yaml")
    titles = [s["title"] for s in page["sections"]]
    assert titles.count("Tracks") == 1
    assert page["tracks"] == [], "the generic tracks table would repeat the Tracks section"


def test_a_system_without_such_a_table_keeps_its_generic_tracks() -> None:
    page = _page("war-in-binni.yaml")  # Binni's PR and cards have no side-bar table of their own
    assert page["tracks"] and all("pr" in t for t in page["tracks"])
