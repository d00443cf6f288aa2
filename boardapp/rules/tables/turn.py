"""Tracks and the turn: CONTROL's set_track, the action limit a track sets, and the end-of-turn steps in
the scenario's order (control by occupation, income, upkeep, refresh)."""

from __future__ import annotations

from boardapp.engine.module import Event, Impossible
from boardapp.rules.tables.commands import SetTrack
from boardapp.rules.tables.facts import Facts, words
from boardapp.rules.tables.state import Held, TablesState


def clamp(f: Facts, track: str, value: int) -> int:
    tr = f.tracks[track]
    value = max(tr.min, value)
    return value if tr.max is None else min(tr.max, value)


def check_set_track(f: Facts, state: TablesState, cmd: SetTrack) -> list[str]:
    if cmd.team not in f.team_names:
        return [Impossible(f"no team {cmd.team!r}")]
    if cmd.track not in f.tracks:
        return [Impossible(f"no track {cmd.track!r}; the tracks are {', '.join(f.tracks)}")]
    tr = f.tracks[cmd.track]
    if cmd.value < tr.min or (tr.max is not None and cmd.value > tr.max):
        return [words(tr.set_refusal, track=tr.name, min=tr.min, max="" if tr.max is None else tr.max,
                      value=cmd.value)]
    return []


def apply_set_track(f: Facts, state: TablesState, cmd: SetTrack) -> list[Event]:
    was = f.value(state, cmd.team, cmd.track)
    state.values.setdefault(cmd.team, {})[cmd.track] = cmd.value
    tr = f.tracks[cmd.track]
    return [Event(kind="track", text=f"{f.team_name(cmd.team)}: {tr.name} {was} → {cmd.value}", teams=(cmd.team,),
                  data={"track": cmd.track, "from": was, "to": cmd.value}, hidden=tr.hidden,
                  visible_to=(cmd.team,) if tr.hidden else ())]


def check_action(f: Facts, state: TablesState, team: str) -> list[str]:
    """The action limit's refusal when ``team`` has used every action its tracks allow this turn."""
    limit = f.action_limit(state, team)
    if limit is not None and state.actions.get(team, 0) >= limit[0]:
        return [words(f.s.actions.refusal, team=f.team_name(team), limit=limit[0], track=f.tracks[limit[1]].name)]
    return []


def _occupiers(state: TablesState) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in state.counters.values():
        out.setdefault(c.place, set()).add(c.team)
    return out


def step_control(f: Facts, state: TablesState) -> list[Event]:
    events = []
    occupiers = _occupiers(state)
    for place in sorted(f.places):
        teams = occupiers.get(place, set())
        if len(teams) != 1:
            state.occupied.pop(place, None)
            continue
        team = next(iter(teams))
        if state.control.get(place) == team:
            state.occupied.pop(place, None)
            continue
        held = state.occupied.get(place)
        turns = held.turns + 1 if held is not None and held.team == team else 1
        if turns >= f.s.occupation.after_turns:
            was = state.control.get(place)
            state.control[place] = team
            state.occupied.pop(place, None)
            events.append(Event(kind="control", text=f"{f.team_name(team)} takes control of {f.place_name(place)}"
                                + (f" from {f.team_name(was)}" if was else ""), teams=(team, *([was] if was else [])),
                                places=(place,), data={"place": place, "team": team, "was": was}))
        else:
            state.occupied[place] = Held(team, turns)
    return events


def step_income(f: Facts, state: TablesState) -> list[Event]:
    events = []
    for t in f.s.teams:
        held = [p for p, team in state.control.items() if team == t.id]
        for inc in f.s.income:
            amount = inc.base + inc.per_place * len(held)
            if inc.per_value:
                amount += sum(f.places[p].value or 0 for p in held if p in f.places)
            if amount == 0:
                continue
            was = f.value(state, t.id, inc.resource)
            now = clamp(f, inc.resource, was + amount)
            state.values.setdefault(t.id, {})[inc.resource] = now
            tr = f.tracks[inc.resource]
            events.append(Event(kind="income", text=f"{t.name} gains {amount} {tr.name} ({was} → {now})",
                                teams=(t.id,), data={"resource": inc.resource, "amount": amount, "from": was,
                                                     "to": now}, hidden=tr.hidden,
                                visible_to=(t.id,) if tr.hidden else ()))
    return events


def step_upkeep(f: Facts, state: TablesState) -> list[Event]:
    events = []
    for t in f.s.teams:
        due: dict[str, int] = {}
        for c in state.counters.values():
            if c.team == t.id:
                for r, n in f.types[c.type].upkeep.items():
                    due[r] = due.get(r, 0) + n
        for r, n in sorted(due.items()):
            if n == 0:
                continue
            was = f.value(state, t.id, r)
            now = clamp(f, r, was - n)
            state.values.setdefault(t.id, {})[r] = now
            tr = f.tracks[r]
            short = n - (was - now)
            text = f"{t.name} pays {n} {tr.name} upkeep ({was} → {now})"
            if short > 0:
                text += f"; {short} short"
            events.append(Event(kind="upkeep", text=text, teams=(t.id,),
                                data={"resource": r, "due": n, "from": was, "to": now, "short": short},
                                hidden=tr.hidden, visible_to=(t.id,) if tr.hidden else ()))
    return events


def step_refresh(f: Facts, state: TablesState) -> list[Event]:
    for c in state.counters.values():
        c.moved = c.attacked = False
    state.actions.clear()
    return []


STEP_FUNCTIONS = {"control": step_control, "income": step_income, "upkeep": step_upkeep, "refresh": step_refresh}


def end_turn(f: Facts, state: TablesState) -> list[Event]:
    events: list[Event] = []
    for step in f.s.turn.steps:
        events += STEP_FUNCTIONS[step](f, state)
    state.turn += 1
    events.append(Event(kind="turn", text=f"{turn_label(f, state.turn - 1)} ends; {turn_label(f, state.turn)} "
                        "begins", data={"turn": state.turn}))
    return events


def turn_label(f: Facts, n: int) -> str:
    return words(f.s.turn.label, n=n)
