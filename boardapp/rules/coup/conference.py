"""Conferences with the Foreign Power: meetings arranged during the round of play, held at the break.

The rulebook: "At the end of every two complete turns there is a six-minute break for conferences with
the Foreign Power. Meetings must be arranged beforehand during the round of play, and players may only
meet with their counterpart on the other team. Members of the Government and Rebel teams may not meet."

So a meeting is between a Government or Rebel player and the Foreign Power player of his class (Gov-Mil
and For-Mil, Reb-Para and For-Para …). ``arrange_meeting`` records an arrangement during the round of
play (not during the break, not once the coup is declared); ``meet`` records a meeting held at the break,
only if it was arranged. Anything else is refused with the rule quoted (forceable: Control may rule
otherwise). Arranging is talk, not a player's action for the turn. An arrangement is private to its two
players (and Control); a meeting held is seen by everyone at the table. The break's end clears both.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import public, secret, unknown_player
from boardapp.rules.coup.components import class_of, seat_name, team_of
from boardapp.rules.coup.state import CoupState

BREAK_RULE = ('"At the end of every two complete turns there is a six-minute break for conferences with the '
              'Foreign Power" (the rulebook)')
ARRANGED_RULE = '"Meetings must be arranged beforehand during the round of play" (the rulebook)'
COUNTERPART_RULE = ('"players may only meet with their counterpart on the other team. Members of the Government '
                    'and Rebel teams may not meet." (the rulebook)')


def pair(a: str, b: str) -> tuple[str, str]:
    """A meeting as an ordered pair: the Government or Rebel player first, the Foreign Power player second.

    >>> pair("for-mil", "reb-mil"), pair("gov-civ", "for-civ")
    (('reb-mil', 'for-mil'), ('gov-civ', 'for-civ'))
    """
    return (b, a) if team_of(a) == "for" else (a, b)


def counterpart_reasons(a: str, b: str) -> list[str]:
    """Why ``a`` and ``b`` may not meet at a conference (empty: they may)."""
    reasons = unknown_player(a) + unknown_player(b, "counterpart")
    if reasons:
        return reasons
    if a == b:
        return [Impossible(f"{seat_name(a)} cannot meet himself")]
    teams = {team_of(a), team_of(b)}
    if teams == {"gov", "reb"}:
        return [f"{seat_name(a)} and {seat_name(b)} may not meet: {COUNTERPART_RULE}"]
    if "for" not in teams or len(teams) == 1:
        return [f"{seat_name(a)} and {seat_name(b)} are not counterparts on the other team: conferences are "
                f"with the Foreign Power, and {COUNTERPART_RULE}"]
    if class_of(a) != class_of(b):
        mine = a if team_of(a) != "for" else b
        return [f"{seat_name(a)} and {seat_name(b)} are not counterparts ({seat_name(mine)}'s is "
                f"{seat_name('for-' + class_of(mine))}): {COUNTERPART_RULE}"]
    return []


def check_arrange(sc: object, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.ArrangeMeeting)
    reasons = counterpart_reasons(cmd.player, cmd.counterpart)
    if reasons and isinstance(reasons[0], Impossible):
        return reasons
    if state.phase != "play":
        reasons.append(f"the round of play is over ({state.phase}): no conference is to come. {ARRANGED_RULE}")
    elif state.conference:
        reasons.append(f"the conference break is on: a meeting is arranged beforehand. {ARRANGED_RULE}")
    if pair(cmd.player, cmd.counterpart) in state.arranged:
        reasons.append(f"{seat_name(cmd.player)} and {seat_name(cmd.counterpart)} have already arranged to meet")
    return reasons


def apply_arrange(sc: object, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.ArrangeMeeting)
    meeting = pair(cmd.player, cmd.counterpart)
    state.arranged.append(meeting)
    return [secret("meeting_arranged", f"{seat_name(cmd.player)} arranges to meet {seat_name(cmd.counterpart)} at the "
                   "next conference break", meeting, players=list(meeting))]


def check_meet(sc: object, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Meet)
    reasons = counterpart_reasons(cmd.player, cmd.counterpart)
    if reasons:  # these two may not meet at all: whether it was arranged is beside the point
        return reasons
    meeting = pair(cmd.player, cmd.counterpart)
    if not state.conference:
        reasons.append(f"no conference break is on: meetings are held at the break. {BREAK_RULE}")
    if meeting in state.met:
        reasons.append(f"{seat_name(cmd.player)} and {seat_name(cmd.counterpart)} are already meeting at this break")
    elif meeting not in state.arranged:
        reasons.append(f"{seat_name(cmd.player)} and {seat_name(cmd.counterpart)} did not arrange this meeting: "
                       f"{ARRANGED_RULE}")
    return reasons


def apply_meet(sc: object, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Meet)
    meeting = pair(cmd.player, cmd.counterpart)
    state.met.append(meeting)
    return [public("meeting", f"{seat_name(meeting[0])} meets {seat_name(meeting[1])} at the conference break",
                   *meeting, players=list(meeting))]
