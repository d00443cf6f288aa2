"""The umpire's Teams dock shows every system's team numbers, not War in Binni's alone: its columns are
the numbers the rule system's picture gives (seen: the Tarn Valley's Morale and Actions, MUN's centres and
Mid-East's chips were missing; the dock listed the team names and nothing else)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.widgets.panels import TeamPanel

ROOT = Path(__file__).resolve().parents[2]


def _shown(qtbot, scenario: str) -> tuple[list[str], dict[str, dict[str, str]]]:
    game = new_game(load_scenario(ROOT / "scenarios" / scenario))
    panel = TeamPanel()
    qtbot.addWidget(panel)
    panel.show_game(game)
    t = panel.table
    heads = [t.horizontalHeaderItem(c).text() for c in range(t.columnCount())]
    rows = {t.item(r, 0).text(): {heads[c]: t.item(r, c).text() for c in range(1, t.columnCount())}
            for r in range(t.rowCount())}
    return heads, rows


def test_tarn_valley_teams_show_morale_and_actions(qtbot) -> None:
    heads, rows = _shown(qtbot, "tarn-valley.yaml")
    assert {"Morale", "Actions"} <= set(heads)
    # scenarios/tarn-valley.yaml: the Crown's morale starts at 3, the League's at 2; no order given yet
    assert rows["Crown"]["Morale"] == "3" and rows["League"]["Morale"] == "2"
    assert rows["Crown"]["Actions"] == "0"


@pytest.mark.parametrize(("scenario", "heading"), [("mun-historical-1935.yaml", "Centres"),
                                                   ("mideast-peace.yaml", "Chips"),
                                                   ("war-in-binni.yaml", "PR")])
def test_every_system_with_team_numbers_shows_them(qtbot, scenario: str, heading: str) -> None:
    heads, rows = _shown(qtbot, scenario)
    assert heading in heads
    assert all(r[heading] != "" for r in rows.values())


def test_texts_are_not_columns_so_names_keep_their_room(qtbot) -> None:
    """The Game's picture gives each player's nations as one text ("India, Mexico, Romania"): as a column it
    squeezed the players' names until they were cut ("John Harshma"). The dock shows numbers only."""
    heads, rows = _shown(qtbot, "the-game.yaml")
    assert "Nations" not in heads
    assert "$M" in heads  # its players' money, a number
    assert all(v.replace("-", "").isdigit() for r in rows.values() for v in r.values())
