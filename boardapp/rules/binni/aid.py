"""Humanitarian aid blocks and camps: delivering aid from outside, moving it, who moves it once
another faction holds its place, and setting up camps.

Digest section "Collateral effects, displaced people, aid" ("Aid moves like units until it enters
a place held by another faction; from then on that faction moves it, unless a military unit
escorts it"; "A camp costs 3 aid blocks and $M1 and holds 4 people").
"""

from __future__ import annotations

from collections import deque

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.costs import pay_money
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState, Camp


def aid_mover(rules: BinniFacts, state: BinniState, place: str, owner: str) -> str:
    """Who moves an owner's aid blocks at a place: the owner, unless a faction holds the place."""
    holder = state.control.get(place)
    if holder is not None and not rules.allied(state, holder, owner):
        return holder
    return owner


def aid_reach(rules: BinniFacts, state: BinniState, start: str, mover: str) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and rules.foreign(state, here, mover):
            continue  # aid moves until a faction stops it
        for n in rules.adj.get(here, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    seen.discard(start)
    return seen


def check_deliver_aid(rules: BinniFacts, state: BinniState, cmd: c.DeliverAid) -> list[str]:
    if err := rules.no_team(state, cmd.team) or rules.no_place(cmd.place):
        return [err]
    reasons = []
    ts = state.teams[cmd.team]
    if ts.aid < cmd.count:
        reasons.append(f"{rules.team_name(cmd.team)} holds {ts.aid} aid blocks, not {cmd.count}")
    # Ruling: aid arrives from outside anywhere (the source limits how it moves, not where it lands);
    # in a place another faction holds, that faction moves it from then on (see aid_mover).
    return reasons


def apply_deliver_aid(rules: BinniFacts, state: BinniState, cmd: c.DeliverAid, dice: Dice) -> list[Event]:
    ts = state.teams[cmd.team]
    n = min(ts.aid, cmd.count)
    ts.aid -= n
    state.add_aid(cmd.place, cmd.team, n)
    return [Event(kind="aid", text=f"{rules.team_name(cmd.team)} delivers {n} aid block{'s' if n != 1 else ''} to "
                  f"{rules.place_name(cmd.place)}", teams=(cmd.team,), places=(cmd.place,), data={"count": n})]


def check_move_aid(rules: BinniFacts, state: BinniState, cmd: c.MoveAid) -> list[str]:
    for team in (cmd.by, cmd.owner):
        if err := rules.no_team(state, team):
            return [err]
    if err := rules.no_place(cmd.place) or rules.no_place(cmd.to):
        return [err]
    reasons = []
    have = state.aid.get(cmd.place, {}).get(cmd.owner, 0)
    if have < cmd.count:
        reasons.append(f"{rules.team_name(cmd.owner)} has {have} aid blocks at {rules.place_name(cmd.place)}, "
                       f"not {cmd.count}")
    mover = aid_mover(rules, state, cmd.place, cmd.owner)
    if cmd.by != mover:
        reasons.append(f"{rules.team_name(cmd.owner)}'s aid at {rules.place_name(cmd.place)} is moved by "
                       f"{rules.team_name(mover)}, which holds the place (unless a unit escorts it)")
    elif cmd.to not in aid_reach(rules, state, cmd.place, mover):
        reasons.append(f"no road to {rules.place_name(cmd.to)}: aid moves through neutral and friendly places and "
                       "stops at the first place another faction holds")
    return reasons


def apply_move_aid(rules: BinniFacts, state: BinniState, cmd: c.MoveAid, dice: Dice) -> list[Event]:
    n = min(cmd.count, state.aid.get(cmd.place, {}).get(cmd.owner, 0))
    state.add_aid(cmd.place, cmd.owner, -n)
    state.add_aid(cmd.to, cmd.owner, n)
    return [Event(kind="aid", text=f"{rules.team_name(cmd.by)} moves {n} aid block{'s' if n != 1 else ''} of "
                  f"{rules.team_name(cmd.owner)} from {rules.place_name(cmd.place)} to {rules.place_name(cmd.to)}",
                  teams=tuple(sorted({cmd.by, cmd.owner})), places=(cmd.place, cmd.to), data={"count": n})]


def check_camp(rules: BinniFacts, state: BinniState, cmd: c.SetUpCamp) -> list[str]:
    if err := rules.no_team(state, cmd.team) or rules.no_place(cmd.place):
        return [err]
    s = rules.settings
    reasons = []
    have = state.aid.get(cmd.place, {}).get(cmd.team, 0)
    if have < s.camp_aid:
        reasons.append(f"a camp costs {s.camp_aid} aid blocks in the place; {rules.team_name(cmd.team)} has {have} "
                       f"at {rules.place_name(cmd.place)}")
    if state.teams[cmd.team].money < s.camp_money:
        reasons.append(f"a camp costs $M{s.camp_money}; {rules.team_name(cmd.team)} has "
                       f"$M{state.teams[cmd.team].money}")
    return reasons


def apply_camp(rules: BinniFacts, state: BinniState, cmd: c.SetUpCamp, dice: Dice) -> list[Event]:
    s = rules.settings
    events: list[Event] = []
    used = min(s.camp_aid, state.aid.get(cmd.place, {}).get(cmd.team, 0))
    state.add_aid(cmd.place, cmd.team, -used)
    pay_money(rules, state, cmd.team, s.camp_money, events, why="the camp")
    state.camps.append(Camp(place=cmd.place, team=cmd.team))
    events.insert(0, Event(kind="camp", text=f"{rules.team_name(cmd.team)} sets up a camp for {s.camp_capacity} "
                           f"people at {rules.place_name(cmd.place)} ({used} aid blocks, $M{s.camp_money})",
                           teams=(cmd.team,), places=(cmd.place,),
                           data={"costs": {"aid": used, "money": s.camp_money}}))
    return events
