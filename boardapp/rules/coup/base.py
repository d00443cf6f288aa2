"""What every rule area of Coup shares: who may act now, random picks through the journalled
dice, and the two kinds of log sentence (public, and hidden for the players who may see it)."""

from __future__ import annotations

from typing import Any, TypeVar

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.coup.components import DECK, PLAYERS, TEAM_NAMES, seat_name, team_of
from boardapp.rules.coup.state import CoupState

T = TypeVar("T")


def roll(dice: Dice, die: int | None) -> int:
    """The umpire's typed die if given, else a d6 drawn through the journalled dice."""
    return die if die is not None else dice.d6()


def pick(dice: Dice, items: list[T]) -> T:
    """Take one item at random out of ``items`` (the index is drawn through the dice, so a replay
    takes the same one)."""
    return items.pop(dice.randint(0, len(items) - 1)) if len(items) > 1 else items.pop()


def shuffle(dice: Dice, items: list[T]) -> None:
    """Fisher-Yates through the journalled dice."""
    for i in range(len(items) - 1, 0, -1):
        j = dice.randint(0, i)
        items[i], items[j] = items[j], items[i]


def public(kind: str, text: str, *players: str, **data: Any) -> Event:
    teams = tuple(dict.fromkeys(team_of(p) for p in players))
    return Event(kind=kind, text=text, teams=teams, data=data)


def secret(kind: str, text: str, visible_to: tuple[str, ...], **data: Any) -> Event:
    """A sentence only Control and ``visible_to`` see (a hand's card, a unit's identity)."""
    teams = tuple(dict.fromkeys(team_of(p) for p in visible_to))
    return Event(kind=kind, text=text, teams=teams, data=data, hidden=True, visible_to=visible_to)


def unknown_player(player: str, what: str = "player") -> list[str]:
    if player not in PLAYERS:
        return [Impossible(f"no {what} {player!r}; the seats are {', '.join(PLAYERS)}")]
    return []


def unknown_card(card: str) -> list[str]:
    if card not in DECK:
        return [Impossible(f"no card {card!r}: write rank then suit, e.g. AS, 10H, QC, 7D")]
    return []


def current_team(state: CoupState) -> str | None:
    """The team whose members act now: the first in this turn's order with a member yet to act
    (a team's members all act or pass before the next team)."""
    for team in state.order:
        if any(f"{team}-{c}" not in state.acted for c in ("mil", "para", "civ")):
            return team
    return None


def order_text(order: list[str]) -> str:
    return "-".join(t[0].upper() for t in order)


def action_gate(state: CoupState, player: str) -> list[str]:
    """Why ``player`` may not take his one action now (empty: he may)."""
    reasons = unknown_player(player)
    if reasons:
        return reasons
    if state.phase != "play":
        return [Impossible(_phase_text(state) + "; players take actions only in the card phase")]
    if state.pending is not None:
        return [Impossible(f"{seat_name(state.pending.actor)}'s attempt is waiting for Block answers from "
                           f"{', '.join(seat_name(p) for p in state.pending.asked)}")]
    if state.conference:
        reasons.append("a conference break is on; Control ends it with end_conference")
    if player in state.acted:
        reasons.append(f"{seat_name(player)} has already acted this turn")
    team = current_team(state)
    if team is not None and team_of(player) != team:
        reasons.append(f"it is the {TEAM_NAMES[team]} team's turn (order {order_text(state.order)})")
    return reasons


def _phase_text(state: CoupState) -> str:
    return {
        "setup": "the game is not set up yet (Control sends setup)",
        "play": "the card phase is on",
        "coup": "the coup has been declared",
        "combat": "combat is on",
        "over": "the game is over",
    }[state.phase]


def phase_is(state: CoupState, *phases: str) -> list[str]:
    if state.phase not in phases:
        return [Impossible(_phase_text(state))]
    return []
