"""Control of places by occupation and by handover (the third way, the influence contest, is in
:mod:`.influence`), and CONTROL's own rulings on who holds a place.

Digest section "Control of places" (1: a combat unit that stayed a complete turn with no hostile
combat unit present takes the place at the end of that turn; 3: a voluntary handover). The
occupation span and what a change of hands does to it are ruled in ``docs/rulings.md`` ("Occupation:
presence checked at the end of turn", "Garrisons and influence: the span restarts when control
changes hands").
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState


def change_hands(state: BinniState, place: str, team: str | None) -> str | None:
    """Give ``place`` to ``team`` (None: neutral) by influence, handover or CONTROL's ruling, and
    return the old holder.

    When control changes hands, every unit standing in the place starts its occupation span again,
    as if it had just moved in: a garrison of the old holder retakes the place only after remaining
    there for a complete turn from the change ("Moving a combat unit onto the place and remaining
    there for a complete turn"), so an influence contest or a handover is not undone at the very
    next end of turn.
    """
    before = state.control[place]
    state.control[place] = team
    if before != team:
        for unit in state.units_at(place):
            unit.held_since = None
    return before


def occupation(rules: BinniFacts, state: BinniState, events: list[Event]) -> None:
    """Control flips where a combat unit has stood a full turn with no hostile combat unit present."""
    week = state.week
    flips: dict[str, str] = {}
    for place, ids in sorted(state.at.items()):
        holder = state.control.get(place)
        units = [state.counters[i] for i in ids]
        for u in sorted(units, key=lambda u: u.id):
            if not rules.types[u.type].takes_control or u.destroyed:
                continue
            if holder is not None and rules.allied(state, holder, u.team):
                continue
            hostile = [h for h in units
                       if rules.types[h.type].takes_control and not rules.allied(state, h.team, u.team)]
            if hostile:
                continue
            if u.held_since is not None and u.held_since < week:
                flips.setdefault(place, u.team)
    for ctr in state.counters.values():
        if ctr.place is not None and ctr.held_since is None:
            ctr.held_since = week
    for place, team in sorted(flips.items()):
        before = state.control[place]
        state.control[place] = team
        events.append(Event(kind="control", text=f"{rules.team_name(team)} takes control of {rules.place_name(place)} "
                            f"by occupation (from {rules.team_name(before)})",
                            teams=tuple(t for t in (team, before) if t), places=(place,),
                            data={"before": before, "after": team}))


def check_handover(rules: BinniFacts, state: BinniState, cmd: c.Handover) -> list[str]:
    if err := rules.no_place(cmd.place) or rules.no_team(state, cmd.to):
        return [err]
    holder = state.control.get(cmd.place)
    if holder is None:
        return [f"{rules.place_name(cmd.place)} is neutral: nobody holds it to hand it over"]
    if cmd.to == holder:
        return [f"{rules.team_name(holder)} already holds {rules.place_name(cmd.place)}"]
    if cmd.to is not None and cmd.to not in rules.on_map:
        return [f"{rules.team_name(cmd.to)} is an off-map team and cannot hold places"]
    return []


def apply_handover(rules: BinniFacts, state: BinniState, cmd: c.Handover, dice: Dice) -> list[Event]:
    before = change_hands(state, cmd.place, cmd.to)
    return [Event(kind="control", text=f"{rules.team_name(before)} hands {rules.place_name(cmd.place)} over to "
                  f"{rules.team_name(cmd.to)}", teams=tuple(t for t in (before, cmd.to) if t),
                  places=(cmd.place,), data={"before": before, "after": cmd.to})]


def check_set_control(rules: BinniFacts, state: BinniState, cmd: c.SetControl) -> list[str]:
    if err := rules.no_place(cmd.place) or rules.no_team(state, cmd.team):
        return [err]
    if cmd.team is not None and cmd.team not in rules.on_map:
        return [f"{rules.team_name(cmd.team)} is an off-map team and cannot hold places"]
    return []


def apply_set_control(rules: BinniFacts, state: BinniState, cmd: c.SetControl, dice: Dice) -> list[Event]:
    before = change_hands(state, cmd.place, cmd.team)
    return [Event(kind="control", text=f"CONTROL gives {rules.place_name(cmd.place)} to {rules.team_name(cmd.team)} "
                  f"({cmd.reason})", teams=tuple(t for t in (before, cmd.team) if t), places=(cmd.place,),
                  data={"before": before, "after": cmd.team})]
