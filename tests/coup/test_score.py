"""The score table, worked by hand from the digest's Score section."""

from __future__ import annotations

from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.score import score_lines
from tests.coup.conftest import play, refused, table


def test_score_table(rules: CoupRules) -> None:
    state = table(units={
        "gov-mil": ["mil-tanks-1", "mil-infantry-1", "mil-dummy-1"],
        "gov-para": ["para-police-1", "civ-students-1"],
        "gov-civ": ["civ-media-1", "civ-bureaucrats-1", "civ-dummy-1"],
        "reb-mil": ["mil-air-1"],
    })
    state.armed = ["civ-students-1"]
    state.chips.update({"gov-mil": 3, "reb-mil": 2, "gov-civ": 1})
    state.support = {"for-mil": "gov", "for-para": "reb", "for-civ": None}
    play(rules, state, {"kind": "objective_met", "player": "gov-civ"})  # the scenario's 5 points
    state.phase, state.power = "over", "gov"
    total = {p: v["total"] for p, v in score_lines(rules.coup, state).items()}
    assert total == {
        "gov-mil": 2 * 2 + 5 - 3 / 2,     # two real units (the dummy does not count), power, three chips
        "gov-para": 2 * 2 + 5,            # police and armed students score as paramilitary
        "gov-civ": 3 * 2 - 1 / 2 + 5,     # two civilian groups, one chip, his objective; no power points
        "reb-mil": 2 * 1 - 2 / 2,
        "reb-para": 0, "reb-civ": 0,
        "for-mil": 2 * (3 + 2) + 5,       # chips his counterparts hold, backing the winner
        "for-para": 0,                    # backed the loser
        "for-civ": 2 * 1,                 # Gov-Civ's chip; backing no side earns nothing
    }


def test_objectives_are_awarded_by_control(rules: CoupRules) -> None:
    state = table()
    assert refused(rules, state, {"kind": "objective_met", "player": "reb-mil"}) == [
        "Reb-Mil has no secret objective in this scenario; give points"]
    events = play(rules, state, {"kind": "objective_met", "player": "for-mil"})
    assert state.objectives_met == {"for-mil": 4}
    assert events[0].hidden and events[0].visible_to == ("for-mil",)
    play(rules, state, {"kind": "objective_met", "player": "reb-mil", "points": 2})
    assert state.objectives_met["reb-mil"] == 2
