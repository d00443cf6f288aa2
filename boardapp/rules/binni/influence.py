"""Influence cards and PR: drawing cards from the deck, the influence contest for a place, CONTROL
setting a team's PR, and topping hands up (or cutting them) to the PR limit at the end of a week.

Digest sections "Influence cards and PR" and "Control of places" (2: "the highest total wins
control"; ruling: a tie leaves control where it was; every committed card is consumed).
"""

from __future__ import annotations

from collections import Counter as Tally

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.control import change_hands
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState


def draw_card(rules: BinniFacts, dice: Dice) -> int:
    roll = dice.randint(1, 100)
    acc = 0
    for score, pct in sorted(rules.settings.deck.items()):
        acc += pct
        if roll <= acc:
            return score
    return max(rules.settings.deck)


def check_influence(rules: BinniFacts, state: BinniState, cmd: c.Influence) -> list[str]:
    if err := rules.no_place(cmd.place):
        return [err]
    reasons = []
    if not cmd.bids:
        reasons.append("an influence contest needs at least one team committing cards")
    elif not any(cmd.bids.values()):
        reasons.append("no influence card is committed: a contest with no cards would hand the place over for "
                       "nothing")
    for team, cards in cmd.bids.items():
        if err := rules.no_team(state, team):
            reasons.append(err)
            continue
        if team not in rules.on_map:
            reasons.append(f"{rules.team_name(team)} is an off-map team and cannot hold places; it may transfer "
                           "cards to a faction instead")
        hand = Tally(state.teams[team].cards)
        if Tally(cards) - hand:
            reasons.append(f"{rules.team_name(team)} does not hold the cards {sorted(cards)} "
                           f"(hand: {sorted(state.teams[team].cards)})")
    return reasons


def apply_influence(rules: BinniFacts, state: BinniState, cmd: c.Influence, dice: Dice) -> list[Event]:
    totals = {}
    for team, cards in cmd.bids.items():
        hand = state.teams[team].cards
        for score in cards:
            if score in hand:
                hand.remove(score)
        totals[team] = sum(cards)
    best = max(totals.values())
    leaders = sorted(t for t, v in totals.items() if v == best)
    before = state.control[cmd.place]
    place = rules.place_name(cmd.place)
    scores = ", ".join(f"{rules.team_name(t)} {v}" for t, v in sorted(totals.items()))
    if len(leaders) == 1 and leaders[0] != before:
        change_hands(state, cmd.place, leaders[0])
        text = f"influence contest for {place} ({scores}): {rules.team_name(leaders[0])} takes control"
    elif len(leaders) == 1:
        text = f"influence contest for {place} ({scores}): {rules.team_name(before)} keeps control"
    else:
        text = f"influence contest for {place} ({scores}): a tie, control stays with {rules.team_name(before)}"
    return [Event(kind="control", text=text + "; every committed card is consumed",
                  teams=tuple(sorted(totals)), places=(cmd.place,),
                  data={"totals": totals, "before": before, "after": state.control[cmd.place],
                        "costs": {team: {"cards": list(cards)} for team, cards in sorted(cmd.bids.items())}})]


def check_set_pr(rules: BinniFacts, state: BinniState, cmd: c.SetPR) -> list[str]:
    return [err] if (err := rules.no_team(state, cmd.team)) else []


def apply_set_pr(rules: BinniFacts, state: BinniState, cmd: c.SetPR, dice: Dice) -> list[Event]:
    ts = state.teams[cmd.team]
    before = ts.pr
    ts.pr = cmd.level
    return [Event(kind="pr", text=f"CONTROL sets {rules.team_name(cmd.team)}'s PR from {before} to {cmd.level} "
                  f"({cmd.reason}); card limit {rules.cards_max(state, cmd.team)}", teams=(cmd.team,),
                  data={"before": before, "after": cmd.level})]


def top_up_cards(rules: BinniFacts, state: BinniState, dice: Dice, events: list[Event]) -> None:
    for team in sorted(state.teams.values(), key=lambda t: t.id):
        limit = rules.cards_max(state, team.id)
        if len(team.cards) < limit:
            drawn = [draw_card(rules, dice) for _ in range(limit - len(team.cards))]
            team.cards.extend(drawn)
            events.append(Event(kind="cards", text=f"{rules.team_name(team.id)} draws {len(drawn)} influence "
                                f"card{'s' if len(drawn) != 1 else ''} (limit {limit} at PR {team.pr})",
                                teams=(team.id,), data={"drawn": drawn}))
        elif len(team.cards) > limit:
            team.cards.sort(reverse=True)
            cut = team.cards[limit:]
            del team.cards[limit:]
            events.append(Event(kind="cards", text=f"{rules.team_name(team.id)} discards {len(cut)} influence "
                                f"card{'s' if len(cut) != 1 else ''} down to its limit {limit} at PR {team.pr}",
                                teams=(team.id,), data={"discarded": cut}))
        team.cards.sort()
