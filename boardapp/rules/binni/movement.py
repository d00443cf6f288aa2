"""Movement: where a unit may go this week, what entering costs, and the move, deployment and
activation commands.

Digest section "Movement": unlimited along roads through neutral and friendly places; a unit stops
on reaching a place another faction holds, and may enter it (ending its move) for one influence
card or $M1 (special forces free); no unit enters hostile units except by fighting. Section
"Units": brigades pay $M4 to deploy and $M1 to activate; a unit moves once a week.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, MoveOption
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.costs import pay_money
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState, CounterState, TeamState


def move_costs(rules: BinniFacts, state: BinniState, ctr: CounterState, dest: str) -> tuple[int, int, int, str]:
    """(activation $M, entry $M, or entry cards instead, words) for a move ending at ``dest``."""
    ut = rules.types[ctr.type]
    activation = 0 if ctr.activated else ut.activation_cost
    words = [f"$M{activation} to activate"] if activation else []
    if rules.foreign(state, dest, ctr.team) and not ut.free_entry:
        s = rules.settings
        words.append(f"$M{s.entry_money} or {s.entry_cards} influence card{'s' if s.entry_cards != 1 else ''} "
                     "to enter")
        return activation, s.entry_money, s.entry_cards, " + ".join(words)
    return activation, 0, 0, " + ".join(words)


def affordable(team: TeamState, activation: int, money: int, cards: int) -> bool:
    if team.money >= activation + money:
        return True
    return cards > 0 and team.money >= activation and len(team.cards) >= cards


def reach(rules: BinniFacts, state: BinniState, ctr: CounterState) -> dict[str, str | None]:
    """Places reachable this move -> predecessor, in breadth-first order along roads."""
    start = ctr.place
    assert start is not None
    friends = rules.friends(state, ctr.team)
    control, at, counters, adj = state.control, state.at, state.counters, rules.adj
    blocked: set[str] = set()  # places found occupied by hostile units
    prev: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start:
            holder = control.get(here)
            if holder is not None and holder not in friends:
                continue  # a unit must stop on reaching a place held by another faction
        for nxt in adj[here]:
            if nxt in prev or nxt in blocked:
                continue
            ids = at.get(nxt)
            if ids:
                hostile = False
                for i in ids:  # (destroyed counters are off the map, so not in `at`)
                    if counters[i].team not in friends:
                        hostile = True
                        break
                if hostile:
                    blocked.add(nxt)
                    continue  # no entry into hostile units except by fighting
            prev[nxt] = here
            todo.append(nxt)
    return prev


def move_options(rules: BinniFacts, state: BinniState, piece: str) -> list[MoveOption]:
    ctr = state.counters.get(piece)
    if ctr is None or ctr.destroyed or ctr.place is None or ctr.moved:
        return []
    team = state.teams[ctr.team]
    friends = rules.friends(state, ctr.team)
    prev = reach(rules, state, ctr)
    # Costs depend only on whether the destination is held by another faction: work out each once.
    start = ctr.place
    control = state.control
    offers: dict[bool, tuple[bool, str]] = {}
    paths: dict[str, tuple[str, ...]] = {start: ()}
    out = []
    for dest, before in prev.items():
        if before is None:
            continue
        path = paths[dest] = (*paths[before], dest)
        holder = control.get(dest)
        foreign = holder is not None and holder not in friends
        offer = offers.get(foreign)
        if offer is None:
            activation, money, cards, words = move_costs(rules, state, ctr, dest)
            offer = offers[foreign] = (affordable(team, activation, money, cards), words)
        if offer[0]:
            out.append(MoveOption(dest, offer[1], path, "move ends here" if foreign else ""))
    out.sort(key=lambda o: rules.name_key[o.place])
    return out


def check_move(rules: BinniFacts, state: BinniState, cmd: c.Move) -> list[str]:
    if err := rules.no_counter(state, cmd.counter) or rules.no_place(cmd.to):
        return [err]
    ctr = state.counters[cmd.counter]
    name = rules.counter_name(state, cmd.counter)
    team = state.teams[ctr.team]
    if ctr.place is None:
        return [f"{name} is outside the region: deploy it first"]
    if ctr.moved:
        return [f"{name} has already moved this week (a unit moves once a week)"]
    if cmd.to == ctr.place:
        return [f"{name} is already at {rules.place_name(cmd.to)}"]
    reasons = []
    if cmd.with_aid and state.aid.get(ctr.place, {}).get(ctr.team, 0) < cmd.with_aid:
        reasons.append(f"{rules.team_name(ctr.team)} has only {state.aid.get(ctr.place, {}).get(ctr.team, 0)} "
                       f"aid blocks at {rules.place_name(ctr.place)} to escort")
    prev = reach(rules, state, ctr)
    if cmd.to not in prev:
        hostile = rules.hostile_units(state, cmd.to, ctr.team)
        if hostile:
            reasons.append(f"{rules.place_name(cmd.to)} is occupied by hostile units "
                           f"({', '.join(u.id for u in hostile)}): no unit enters it except by fighting")
        else:
            reasons.append(f"no road to {rules.place_name(cmd.to)} through neutral or friendly places free of "
                           "hostile units (a unit stops at the first place held by another faction)")
        return reasons
    activation, money, cards, _ = move_costs(rules, state, ctr, cmd.to)
    if money or cards:  # entering a place another faction holds: money or cards
        held = f"{rules.place_name(cmd.to)} (held by {rules.team_name(state.control[cmd.to])})"
        after = f" after $M{activation} activation" if activation else ""
        pay = cmd.pay or ("money" if team.money >= activation + money or not cards else "card")
        if pay == "card" and cards == 0:
            reasons.append(f"entering {held} cannot be paid with cards in this scenario (entry_cards is 0)")
        elif pay == "money" and team.money < activation + money:
            reasons.append(f"entering {held} costs $M{money}{after}; {rules.team_name(ctr.team)} has "
                           f"$M{team.money}")
        elif pay == "card":
            if team.money < activation:
                reasons.append(f"activating {name} costs $M{activation}; {rules.team_name(ctr.team)} has "
                               f"$M{team.money}")
            if len(team.cards) < cards:
                plural = "s" if cards != 1 else ""
                reasons.append(f"entering {held} costs $M{money}{after} or {cards} influence card{plural}; "
                               f"{rules.team_name(ctr.team)} has $M{team.money} and {len(team.cards)} "
                               f"card{'s' if len(team.cards) != 1 else ''}")
            elif cmd.card is not None and cmd.card not in team.cards:
                reasons.append(f"{rules.team_name(ctr.team)} holds no card of score {cmd.card} "
                               f"(hand: {sorted(team.cards)})")
    else:
        if cmd.pay is not None:
            reasons.append(f"entering {rules.place_name(cmd.to)} costs nothing: leave 'pay' out")
        if team.money < activation:
            reasons.append(f"activating {name} costs $M{activation}; {rules.team_name(ctr.team)} has "
                           f"$M{team.money}")
    return reasons


def apply_move(rules: BinniFacts, state: BinniState, cmd: c.Move, dice: Dice) -> list[Event]:
    ctr = state.counters[cmd.counter]
    ts = state.teams[ctr.team]
    events: list[Event] = []
    start = ctr.place
    cost_words = []
    costs: dict[str, Any] = {}  # the price, for scripts reading the events (shortfalls are events of their own)
    activation, money, cards, _ = move_costs(rules, state, ctr, cmd.to)
    pay = cmd.pay or ("money" if ts.money >= activation + money or not cards else "card")
    if activation:
        pay_money(rules, state, ctr.team, activation, events, why="activation")
        cost_words.append(f"$M{activation} activation")
        costs["money"] = activation
    ctr.activated = True
    if cards or money:
        if pay == "card" and ts.cards and cards:
            spent = []
            for _ in range(rules.settings.entry_cards):
                if not ts.cards:
                    break
                score = cmd.card if cmd.card in ts.cards else min(ts.cards)
                ts.cards.remove(score)
                spent.append(score)
            cost_words.append(f"{len(spent)} influence card (score {', '.join(map(str, spent))}) to enter")
            costs["cards"] = spent
        else:
            pay_money(rules, state, ctr.team, rules.settings.entry_money, events, why="entry")
            cost_words.append(f"$M{rules.settings.entry_money} to enter")
            costs["money"] = costs.get("money", 0) + rules.settings.entry_money
    escorted = 0
    if cmd.with_aid and start is not None:
        moved = min(cmd.with_aid, state.aid.get(start, {}).get(ctr.team, 0))
        state.add_aid(start, ctr.team, -moved)
        state.add_aid(cmd.to, ctr.team, moved)
        if moved:
            cost_words.append(f"escorting {moved} aid block{'s' if moved != 1 else ''}")
            escorted = moved
    state.relocate(ctr, cmd.to)
    ctr.moved = True
    ctr.held_since = None
    text = f"{rules.counter_name(state, ctr.id)} moves from {rules.place_name(start)} to {rules.place_name(cmd.to)}"
    if cost_words:
        text += f" ({'; '.join(cost_words)})"
    events.insert(0, Event(kind="move", text=text, teams=(ctr.team,), places=tuple(p for p in (start, cmd.to) if p),
                           counters=(ctr.id,), data={"from": start, "to": cmd.to, "costs": costs,
                                                     "escorted_aid": escorted}))
    return events


def check_deploy(rules: BinniFacts, state: BinniState, cmd: c.Deploy) -> list[str]:
    if err := rules.no_counter(state, cmd.counter) or rules.no_place(cmd.to):
        return [err]
    ctr = state.counters[cmd.counter]
    ut = rules.types[ctr.type]
    name = rules.counter_name(state, cmd.counter)
    reasons = []
    if ctr.place is not None:
        return [f"{name} is already on the map at {rules.place_name(ctr.place)}"]
    if state.teams[ctr.team].money < ut.deploy_cost:
        reasons.append(f"deploying {name} costs $M{ut.deploy_cost}; {rules.team_name(ctr.team)} has "
                       f"$M{state.teams[ctr.team].money}")
    if rules.hostile_units(state, cmd.to, ctr.team):
        reasons.append(f"{rules.place_name(cmd.to)} is occupied by hostile units")
    elif not ut.deploy_anywhere and rules.foreign(state, cmd.to, ctr.team):
        reasons.append(f"{ut.name} deploy only to places held by {rules.team_name(ctr.team)} or its allies "
                       f"({rules.place_name(cmd.to)} is held by {rules.team_name(state.control[cmd.to])})")
    elif not ut.deploy_anywhere and state.control.get(cmd.to) is None:
        reasons.append(f"{ut.name} deploy only to places held by {rules.team_name(ctr.team)} or its allies "
                       f"({rules.place_name(cmd.to)} is neutral)")
    return reasons


def apply_deploy(rules: BinniFacts, state: BinniState, cmd: c.Deploy, dice: Dice) -> list[Event]:
    ctr = state.counters[cmd.counter]
    ut = rules.types[ctr.type]
    events: list[Event] = []
    pay_money(rules, state, ctr.team, ut.deploy_cost, events, why="deployment")
    state.relocate(ctr, cmd.to)
    ctr.moved = True
    ctr.activated = True
    ctr.held_since = None
    events.insert(0, Event(kind="deploy", text=f"{rules.counter_name(state, ctr.id)} deploys to "
                           f"{rules.place_name(cmd.to)} ($M{ut.deploy_cost})", teams=(ctr.team,),
                           places=(cmd.to,), counters=(ctr.id,), data={"costs": {"money": ut.deploy_cost}}))
    return events


def check_activate(rules: BinniFacts, state: BinniState, cmd: c.Activate) -> list[str]:
    if err := rules.no_counter(state, cmd.counter):
        return [err]
    ctr = state.counters[cmd.counter]
    ut = rules.types[ctr.type]
    name = rules.counter_name(state, cmd.counter)
    if ut.activation_cost == 0:
        return [f"{ut.name} need no activation"]
    if ctr.activated:
        return [f"{name} is already activated this week"]
    if ctr.place is None:
        return [f"{name} is outside the region: deploy it (which costs $M{ut.deploy_cost})"]
    if state.teams[ctr.team].money < ut.activation_cost:
        return [f"activating {name} costs $M{ut.activation_cost}; {rules.team_name(ctr.team)} has "
                f"$M{state.teams[ctr.team].money}"]
    return []


def apply_activate(rules: BinniFacts, state: BinniState, cmd: c.Activate, dice: Dice) -> list[Event]:
    ctr = state.counters[cmd.counter]
    ut = rules.types[ctr.type]
    events: list[Event] = []
    pay_money(rules, state, ctr.team, ut.activation_cost, events, why="activation")
    ctr.activated = True
    events.insert(0, Event(kind="activate", text=f"{rules.counter_name(state, ctr.id)} is activated "
                           f"($M{ut.activation_cost})", teams=(ctr.team,), counters=(ctr.id,),
                           data={"costs": {"money": ut.activation_cost}}))
    return events
