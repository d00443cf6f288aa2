"""The step box's words and stops per rule system: 'by week' (War in Binni), 'by season' with the
retreats inside their season (Diplomacy), 'by player-turn' (Mid-East PEACE), 'by step' (The Game's turn
sequence I-VI), 'by turn' (Coup). Labels come from the rule modules' own ``turn_label`` on real games."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.review.timeline import Review, Turn
from boardapp.ui.review.timeline import TimelineBar, turn_stops, turn_word
from tests.review.peace_and_coup import coup_game, peace_game

ROOT = Path(__file__).resolve().parents[2]


def _labels_of(scenario: str, ends: int) -> list[str]:
    game = new_game(load_scenario(ROOT / "scenarios" / scenario))
    labels = [game.module.turn_label(game.state)]
    for _ in range(ends):
        game.push(game.module.end_turn_command())
        labels.append(game.module.turn_label(game.state))
    return labels


def test_the_game_steps_by_step_and_binni_by_week() -> None:
    assert turn_word(_labels_of("the-game.yaml", 3)) == "step"
    assert turn_word(_labels_of("war-in-binni.yaml", 2)) == "week"


def test_diplomacy_steps_by_season() -> None:
    # Labels as DiplomacyRules.turn_label writes them through a year (rules: spring and fall moves, each
    # followed by retreats, the winter adjustments).
    labels = ["Spring 1901", "Spring 1901 (retreats)", "Fall 1901", "Fall 1901 (retreats)",
              "Winter 1901 (adjustments)", "Spring 1902"]
    assert turn_word(labels) == "season"


def test_a_seasons_retreats_are_stepped_over_with_it() -> None:
    turns = [Turn("Spring 1901", 0, 5), Turn("Spring 1901 (retreats)", 5, 7), Turn("Fall 1901", 7, 12),
             Turn("Winter 1901 (adjustments)", 12, 14), Turn("Spring 1902", 14, 16)]
    review = SimpleNamespace(turns=turns)
    assert turn_stops(review) == (7, 12, 14, 16)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def reviews(tmp_path_factory: Any) -> dict[str, Review]:
    base = tmp_path_factory.mktemp("words")
    coup_game(base / "coup.game")
    peace_game(base / "peace.game")
    return {"coup": Review.open(base / "coup.game"), "peace": Review.open(base / "peace.game")}


def test_the_step_box_says_player_turn_for_mideast_and_turn_for_coup(qtbot: Any, reviews: dict[str, Review]) -> None:
    for name, word in (("peace", "player-turn"), ("coup", "turn")):
        bar = TimelineBar(reviews[name])
        qtbot.addWidget(bar)
        assert bar.by.itemText(1) == f"by {word}", name
        # By turn, the steps stop at each end of a turn the journal records (no retreats in these games).
        bar.set_position(0)
        seen = []
        while bar.position < reviews[name].last:
            bar.step_forward()
            seen.append(bar.position)
        ends = [t.position for t in reviews[name].turns]
        assert seen == ends, name
