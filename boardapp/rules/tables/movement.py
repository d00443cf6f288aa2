"""Movement: movement points spent along roads (road kind + the destination's place kind + a border),
the kinds of place a unit may enter, enemy units that block, and the stacking limit."""

from __future__ import annotations

import heapq

from boardapp.engine.module import Event, Impossible, MoveOption
from boardapp.rules.tables.commands import Move
from boardapp.rules.tables.facts import Facts, words
from boardapp.rules.tables.state import Counter, TablesState


def may_enter(f: Facts, ctr: Counter, place: str) -> bool:
    kinds = f.types[ctr.type].may_enter
    return not kinds or str(f.places[place].kind) in kinds


def reach(f: Facts, state: TablesState, cid: str, mp: int | None = None,
          zoc: bool = True) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Place -> (cheapest movement points, path) the unit can reach this turn: it may pass through
    places it may enter without enemy units; a place with enemy units is never entered by moving; with
    zones of control (and ``zoc``), a place one road from enemy units is entered but not left, and with
    ``stop_in_held`` so is a place another team holds."""
    ctr = state.counters[cid]
    if mp is None:
        mp = f.types[ctr.type].movement
    best: dict[str, tuple[int, tuple[str, ...]]] = {ctr.place: (0, ())}
    todo: list[tuple[int, str, tuple[str, ...]]] = [(0, ctr.place, ())]
    enemy = {c.place for c in state.counters.values() if not f.allied(c.team, ctr.team)}
    stops: set[str] = set()
    if zoc and f.s.zones_of_control is not None:
        stops = {n for p in enemy for n in f.neighbours(p)}
    if f.s.costs.stop_in_held or f.s.costs.enter_held is not None:
        stops |= {p for p in state.control if f.held_by_other(state, p, ctr.team)}
    while todo:
        spent, here, path = heapq.heappop(todo)
        if best.get(here, (spent + 1,))[0] < spent or (here in stops and here != ctr.place):
            continue
        for nxt, road, _kind in f.adj.get(here, []):
            if road is None or nxt in enemy or not may_enter(f, ctr, nxt):
                continue
            step = f.step_cost(here, nxt, road)
            if step is None:
                continue
            total = spent + step
            if total > mp or (nxt in best and best[nxt][0] <= total):
                continue
            best[nxt] = (total, (*path, nxt))
            heapq.heappush(todo, (total, nxt, (*path, nxt)))
    del best[ctr.place]
    return best


def stacking_full(f: Facts, state: TablesState, team: str, place: str) -> bool:
    st = f.s.stacking
    return st is not None and len(f.own_at(state, place, team)) >= st.limit


def move_options(f: Facts, state: TablesState, cid: str, actions_left: bool) -> list[MoveOption]:
    ctr = state.counters.get(cid)
    if ctr is None or ctr.moved or not actions_left:
        return []
    out = []
    for place, (cost, path) in reach(f, state, cid).items():
        if stacking_full(f, state, ctr.team, place):
            continue
        price = entry_price(f, state, cid, place)
        if price is not None and price[0] is None:
            continue  # the team cannot pay to enter
        text = f"{cost} MP" + (f" + {price[1]}" if price is not None and price[1] else "")
        out.append(MoveOption(place, text, path))
    out.sort(key=lambda o: (f.place_name(o.place), o.place))
    return out


def entry_price(f: Facts, state: TablesState, cid: str, place: str,
                pay_with: str | None = None) -> tuple[tuple[str, int] | None, str] | None:
    """What entering ``place`` costs the unit's team under ``costs.enter_held`` (None: nothing to pay): the
    (resource, amount) it pays (None: it cannot pay) and the price in words ('1 Money or 1 Cards'; '' free)."""
    rule = f.s.costs.enter_held
    ctr = state.counters[cid]
    if rule is None or not f.held_by_other(state, place, ctr.team):
        return None
    if ctr.type in rule.free_for:
        return ("", 0), ""
    offers = [p for p in rule.pay if pay_with is None or p.resource == pay_with]
    words_ = " or ".join(f"{p.amount} {f.tracks[p.resource].name if p.resource in f.tracks else p.resource}"
                         for p in offers or rule.pay)
    for p in offers:
        track = f.tracks.get(p.resource)
        if track is not None and f.value(state, ctr.team, p.resource) - p.amount >= track.min:
            return (p.resource, p.amount), words_
    return None, words_


def check_move(f: Facts, state: TablesState, cmd: Move) -> list[str]:
    ctr = state.counters.get(cmd.counter)
    if ctr is None:
        return [Impossible(f"no unit {cmd.counter!r} on the map")]
    if cmd.to not in f.places:
        return [Impossible(f"no place {cmd.to!r} on the map")]
    unit, place = f.unit_name(state, cmd.counter), f.place_name(cmd.to)
    if cmd.to == ctr.place:
        return [f"{unit} is already at {place}"]
    if ctr.moved:
        return [words(f.s.costs.moved, unit=unit, place=place)]
    reasons = []
    if not may_enter(f, ctr, cmd.to):
        ut = f.types[ctr.type]
        reasons.append(words(ut.enter_refusal, unit=unit, place=place, kind=str(f.places[cmd.to].kind)))
    elif f.enemies_at(state, cmd.to, ctr.team):
        reasons.append(words(f.s.costs.blocked, unit=unit, place=place))
    else:
        found = reach(f, state, cmd.counter)
        if cmd.to not in found:
            reasons.append(_why_not(f, state, cmd, unit, place))
    price = entry_price(f, state, cmd.counter, cmd.to, cmd.pay_with) if not reasons else None
    if price is not None and price[0] is None and f.s.costs.enter_held is not None:
        reasons.append(words(f.s.costs.enter_held.refusal, team=f.team_name(ctr.team), unit=unit, place=place,
                             price=price[1]))
    if f.s.stacking is not None and stacking_full(f, state, ctr.team, cmd.to):
        reasons.append(words(f.s.stacking.refusal, limit=f.s.stacking.limit, place=place, unit=unit))
    return reasons


def _why_not(f: Facts, state: TablesState, cmd: Move, unit: str, place: str) -> str:
    """The refusal of a destination out of reach: a closed border on every way there, or too far (the
    cost with unlimited movement points)."""
    mp = f.types[state.counters[cmd.counter].type].movement
    zoc = f.s.zones_of_control
    found = reach(f, state, cmd.counter, mp=10**6)
    if zoc is not None and cmd.to not in found:
        free = reach(f, state, cmd.counter, mp=10**6, zoc=False)
        if cmd.to in free:
            ctr = state.counters[cmd.counter]
            enemy = {c.place for c in state.counters.values() if not f.allied(c.team, ctr.team)}
            stop = next((p for p in free[cmd.to][1][:-1] if f.neighbours(p) & enemy), cmd.to)
            return words(zoc.refusal, unit=unit, place=place, stop=f.place_name(stop))
    if cmd.to in found:
        return words(f.s.costs.too_far, unit=unit, place=place, cost=found[cmd.to][0], left=mp)
    for rule in f.s.costs.borders:
        if rule.closed:
            return words(rule.refusal, unit=unit, border=" / ".join(rule.regions) or "border", place=place)
    return words(f.s.costs.too_far, unit=unit, place=place, cost="more", left=mp)


def apply_move(f: Facts, state: TablesState, cmd: Move) -> list[Event]:
    ctr = state.counters[cmd.counter]
    found = reach(f, state, cmd.counter)
    cost, path = found.get(cmd.to, (0, (cmd.to,)))
    price = entry_price(f, state, cmd.counter, cmd.to, cmd.pay_with)
    start = ctr.place
    ctr.place = cmd.to
    ctr.moved = True
    events = [Event(kind="moved", text=f"{f.unit_name(state, cmd.counter)} moves from {f.place_name(start)} to "
                    f"{f.place_name(cmd.to)} ({cost} MP)", teams=(ctr.team,), places=(start, *path),
                    counters=(cmd.counter,), data={"from": start, "to": cmd.to, "cost": cost, "path": list(path)})]
    if price is not None and price[0] is not None and price[0][0]:
        resource, amount = price[0]
        track = f.tracks[resource]
        was = f.value(state, ctr.team, resource)
        state.values.setdefault(ctr.team, {})[resource] = was - amount
        events.append(Event(kind="paid", text=f"{f.team_name(ctr.team)} pays {amount} {track.name} to enter "
                            f"{f.place_name(cmd.to)}", teams=(ctr.team,), places=(cmd.to,), counters=(cmd.counter,),
                            data={"resource": resource, "amount": amount, "from": was, "to": was - amount},
                            hidden=track.hidden, visible_to=(ctr.team,) if track.hidden else ()))
    return events
