"""The turn clock: choosing two phases, ending a Player-Turn, the Negotiation Phase, the end of the game.

A round is one Player-Turn per player in turn order, then the Negotiation Phase; after the last
round's Negotiation Phase the game ends in WAR. A Cease Fire (diplomatic.py) ends it in PEACE at once.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.commands import ChoosePhases, EndTurn
from boardapp.rules.mideast.state import PHASE_PAIRS, MideastState


def check_choose_phases(r: Base, state: MideastState, cmd: ChoosePhases) -> list[str]:
    reasons = r.unknown_player(cmd.player) or r.game_over(state)
    if reasons:
        return reasons
    if state.negotiation:
        return [f"it is the Negotiation Phase of round {state.round}, not a Player-Turn"]
    ph = r.phasing(state)
    if cmd.player is not None and cmd.player != ph:
        reasons.append(f"it is {r.name(ph)}'s Player-Turn, not {r.name(cmd.player)}'s")
    if state.phases:
        reasons.append(f"{r.name(ph)} already chose {' then '.join(state.phases)} for this Player-Turn")
    if tuple(cmd.phases) not in PHASE_PAIRS:
        options = ", ".join(f"{a} then {b}" for a, b in PHASE_PAIRS)
        reasons.append(f"{cmd.phases[0]} then {cmd.phases[1]} is not one of the three options ({options})")
    return reasons


def apply_choose_phases(r: Base, state: MideastState, cmd: ChoosePhases, dice: Dice) -> list[Event]:
    state.phases = tuple(cmd.phases)
    state.step = -1
    who = r.actor(state, cmd.player)
    return [Event(kind="phases", teams=(who,), data={"phases": list(cmd.phases)},
                  text=f"{r.name(who)} chooses the {cmd.phases[0]} then the {cmd.phases[1]} phase")]


def check_end_turn(r: Base, state: MideastState, cmd: EndTurn) -> list[str]:
    reasons = r.game_over(state)
    if reasons or state.negotiation:
        return reasons + (["the UN motion is still before the Assembly (un_tally first)"] if state.motion else [])
    reasons += r.unfinished_battles(state)
    reasons += r.skipped_pay(state, f"Ending {r.name(r.phasing(state))}'s Player-Turn")
    if state.auction is not None:
        reasons.append("the Arms Auction is still open (close_auction first)")
    if state.motion is not None:
        reasons.append("the UN motion is still before the Assembly (un_tally first)")
    return reasons


def apply_end_turn(r: Base, state: MideastState, cmd: EndTurn, dice: Dice) -> list[Event]:
    events: list[Event] = []
    if state.negotiation:
        state.motion = None
        events.append(Event(kind="negotiation_over", data={"round": state.round},
                            text=f"The Negotiation Phase of round {state.round} ends"))
        if state.round >= r.sc.settings.rounds:
            return events + end_game(r, state, "war")
        state.round += 1
        state.negotiation = False
        state.turn = -1
        events += _next_player(r, state)
        return events
    ph = r.phasing(state)
    events += _clear_turn(r, state)
    events.append(Event(kind="turn_over", teams=(ph,), data={"round": state.round},
                        text=f"{r.name(ph)}'s Player-Turn ends"))
    events += _next_player(r, state)
    return events


def _clear_turn(r: Base, state: MideastState) -> list[Event]:
    """What a Player-Turn leaves behind is cleared (forced ends cancel what is still open)."""
    events: list[Event] = []
    for b in state.battles:
        if not b.result:
            events.append(Event(kind="attack_cancelled", teams=(b.attacker,), places=(b.target, b.source),
                                text=f"The attack on {r.zone_name(b.target)} is called off: "
                                f"{b.forces} Forces return to {r.zone_name(b.source)}"))
    if state.retreat is not None:
        rt = state.retreat
        events.append(Event(kind="eliminated", teams=(rt.player,), places=(rt.zone,), data={"forces": rt.forces},
                            text=f"{r.name(rt.player)}'s {rt.forces} Forces from {r.zone_name(rt.zone)} found no "
                            "retreat before the turn ended: eliminated"))
    if state.auction is not None:
        events.append(Event(kind="auction_cancelled", text="The Arms Auction is called off: nobody buys"))
    state.phases, state.step = (), -1
    state.used, state.drilled = set(), set()
    state.overturned, state.arrived = {}, {}
    state.battles, state.retreat, state.auction, state.motion = [], None, None, None
    return events


def _next_player(r: Base, state: MideastState) -> list[Event]:
    """The next player in turn order who still holds a zone; after the last, the Negotiation Phase."""
    n = len(r.order)
    while True:
        state.turn += 1
        if state.turn >= n:
            state.turn = 0
            state.negotiation = True
            return [Event(kind="negotiation", data={"round": state.round},
                          text=f"Round {state.round}: the Negotiation Phase")]
        if state.zones_of(r.order[state.turn]):
            ph = r.order[state.turn]
            return [Event(kind="player_turn", teams=(ph,), data={"round": state.round},
                          text=f"Round {state.round}: {r.name(ph)}'s Player-Turn")]


def end_game(r: Base, state: MideastState, how: str) -> list[Event]:
    """The game ends in PEACE or WAR: the final table and the winner(s)."""
    state.ended = how
    state.negotiation = False
    scores = {p: r.score(state, p) for p in r.order}
    best = max(scores.values())
    winners = [p for p in r.order if scores[p] == best]
    what = "Oil Chips" if how == "peace" else "Forces"
    table = ", ".join(f"{r.name(p)} {scores[p]}" for p in sorted(r.order, key=lambda p: -scores[p]))
    return [Event(kind="game_over", teams=tuple(winners), data={"ending": how, "scores": scores, "winners": winners},
                  text=f"The game ends in {how.upper()} (scored by {what}, ±{r.sc.settings.superpower_score} per "
                  f"Superpower Force): {table}. Winner: {' and '.join(r.name(w) for w in winners)}")]
