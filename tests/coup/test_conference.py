"""Issue 25 item 12: conferences are pre-arranged meetings between a player and his counterpart.

The rulebook (seed 002): "At the end of every two complete turns there is a six-minute break for
conferences with the Foreign Power. Meetings must be arranged beforehand during the round of play, and
players may only meet with their counterpart on the other team. Members of the Government and Rebel
teams may not meet." Every expected value below is read from those sentences: Gov-Mil's counterpart on
the Foreign Power team is For-Mil; Reb-Para's is For-Para; Gov-Mil and Reb-Mil never meet.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardapp.engine.module import Audience, Impossible
from boardapp.rules.coup.components import PLAYERS
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.state import CoupState

from .conftest import play, refused, table

ARRANGED = '"Meetings must be arranged beforehand during the round of play" (the rulebook)'
COUNTERPART = ('"players may only meet with their counterpart on the other team. Members of the Government '
               'and Rebel teams may not meet." (the rulebook)')
BREAK = ('"At the end of every two complete turns there is a six-minute break for conferences with the '
         'Foreign Power" (the rulebook)')


def to_break(rules: CoupRules, state: CoupState) -> None:
    """End turns 1 and 2: the conference break is on."""
    for _ in range(2):
        state.acted = list(PLAYERS)
        play(rules, state, {"kind": "end_turn", "die": 1})
    assert state.conference


def test_a_meeting_arranged_during_play_is_held_at_the_break(rules: CoupRules) -> None:
    state = table()
    events = play(rules, state, {"kind": "arrange_meeting", "player": "gov-mil", "counterpart": "for-mil"})
    assert state.arranged == [("gov-mil", "for-mil")]
    # the arrangement is talk between the two (and Control): hidden from everyone else
    assert events[0].hidden and set(events[0].visible_to) == {"gov-mil", "for-mil"}
    assert state.acted == []  # arranging is not the player's action for the turn
    play(rules, state, {"kind": "arrange_meeting", "player": "for-para", "counterpart": "reb-para"})
    assert state.arranged == [("gov-mil", "for-mil"), ("reb-para", "for-para")]
    # not before the break
    assert refused(rules, state, {"kind": "meet", "player": "gov-mil", "counterpart": "for-mil"}) == [
        f"no conference break is on: meetings are held at the break. {BREAK}"]
    to_break(rules, state)
    events = play(rules, state, {"kind": "meet", "player": "for-mil", "counterpart": "gov-mil"})
    assert events[0].text == "Gov-Mil meets For-Mil at the conference break"
    assert not events[0].hidden and state.met == [("gov-mil", "for-mil")]
    assert refused(rules, state, {"kind": "meet", "player": "gov-mil", "counterpart": "for-mil"})[0].endswith(
        "are already meeting at this break")
    # the break ends: the arrangements were for it
    play(rules, state, {"kind": "end_conference"})
    assert state.arranged == [] and state.met == []


def test_a_meeting_not_arranged_beforehand_is_refused_with_the_rule(rules: CoupRules) -> None:
    state = table()
    to_break(rules, state)
    reasons = refused(rules, state, {"kind": "meet", "player": "reb-civ", "counterpart": "for-civ"})
    assert reasons == [f"Reb-Civ and For-Civ did not arrange this meeting: {ARRANGED}"]
    # nor arranged during the break itself: "beforehand during the round of play"
    reasons = refused(rules, state, {"kind": "arrange_meeting", "player": "reb-civ", "counterpart": "for-civ"})
    assert reasons == [f"the conference break is on: a meeting is arranged beforehand. {ARRANGED}"]
    # Control may rule otherwise (a forceable refusal, not an impossibility)
    assert not any(isinstance(r, Impossible) for r in reasons)


@pytest.mark.parametrize(("a", "b", "why"), [
    ("gov-mil", "reb-mil", "Gov-Mil and Reb-Mil may not meet: "),  # Government and Rebel never meet
    ("reb-para", "gov-para", "Reb-Para and Gov-Para may not meet: "),
    # teammates: not a conference "with the Foreign Power"
    ("gov-mil", "gov-para", "Gov-Mil and Gov-Para are not counterparts on the other team: conferences are with "
                            "the Foreign Power, and "),
    ("gov-mil", "for-para", "Gov-Mil and For-Para are not counterparts (Gov-Mil's is For-Mil): "),  # another class
    ("for-mil", "for-civ", "For-Mil and For-Civ are not counterparts on the other team: conferences are with "
                           "the Foreign Power, and "),
])
def test_only_counterparts_meet_and_government_and_rebel_never(rules: CoupRules, a: str, b: str, why: str) -> None:
    state = table()
    assert refused(rules, state, {"kind": "arrange_meeting", "player": a, "counterpart": b}) == [why + COUNTERPART]
    state.arranged.append((a, b))  # even if Control had let it be arranged, the meeting is refused
    to_break(rules, state)
    assert refused(rules, state, {"kind": "meet", "player": a, "counterpart": b}) == [why + COUNTERPART]


def test_no_conference_once_the_coup_is_declared_and_unknown_seats_are_impossible(rules: CoupRules) -> None:
    state = table()
    state.phase = "coup"
    assert refused(rules, state, {"kind": "arrange_meeting", "player": "gov-mil", "counterpart": "for-mil"}) == [
        f"the round of play is over (coup): no conference is to come. {ARRANGED}"]
    reasons = refused(rules, state, {"kind": "arrange_meeting", "player": "gov-mil", "counterpart": "cia"})
    assert isinstance(reasons[0], Impossible)


def test_the_table_shows_an_arrangement_only_to_its_two_players_and_meetings_to_all(rules: CoupRules) -> None:
    state = table()
    play(rules, state, {"kind": "arrange_meeting", "player": "gov-civ", "counterpart": "for-civ"})

    def arranged(audience: Audience) -> Any:
        return rules.view(state, audience).table["meetings_arranged"]

    assert arranged(Audience.CONTROL) == [["gov-civ", "for-civ"]]
    assert arranged(Audience.player_seat("for-civ")) == [["gov-civ", "for-civ"]]
    assert arranged(Audience.player_seat("reb-civ")) == [] and arranged(Audience.PUBLIC) == []
    to_break(rules, state)
    play(rules, state, {"kind": "meet", "player": "gov-civ", "counterpart": "for-civ"})
    assert rules.view(state, Audience.PUBLIC).table["meetings"] == [["gov-civ", "for-civ"]]
