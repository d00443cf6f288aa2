"""Strikes on units: bombing missions and cruise missiles against one counter, spotting by special
forces, hits and collateral effects; CONTROL allowing or stopping bombing.

Digest section "Strikes on units" (the strike table; +1 when friendly special forces spot from the
target's place or one road away; a modified roll above 6 counts as 6).
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.combat import mark_conflict, take_loss
from boardapp.rules.binni.costs import spend_weapons, weapon_reasons
from boardapp.rules.binni.displaced import collateral_tokens
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState
from boardapp.rules.binni.tables import STRIKE_RESULTS, Weapon


def spotters(rules: BinniFacts, state: BinniState, team: str, place: str) -> list[str]:
    """Friendly special forces spotting a place: in it or one road away."""
    near = (place, *rules.adj.get(place, ()))
    return sorted(u.id for p in near for u in state.units_at(p)
                  if rules.types[u.type].spots and rules.allied(state, u.team, team) and not u.destroyed)


def check_strike(rules: BinniFacts, state: BinniState, cmd: c.Strike) -> list[str]:
    if err := rules.no_team(state, cmd.team) or rules.no_counter(state, cmd.target):
        return [err]
    target = state.counters[cmd.target]
    reasons = weapon_reasons(rules, state, cmd.team, [cmd.weapon], "striker")
    if target.place is None:
        reasons.append(Impossible(f"{rules.counter_name(state, cmd.target)} is outside the region: nothing to strike"))
    if rules.allied(state, target.team, cmd.team):
        reasons.append(f"{rules.counter_name(state, cmd.target)} is not hostile to {rules.team_name(cmd.team)}")
    return reasons


def apply_strike(rules: BinniFacts, state: BinniState, cmd: c.Strike, dice: Dice) -> list[Event]:
    target = state.counters[cmd.target]
    place = target.place
    shortfall: list[Event] = []
    spend_weapons(rules, state, cmd.team, [cmd.weapon], shortfall)
    die = cmd.die if cmd.die is not None else dice.d6()
    spot = spotters(rules, state, cmd.team, place) if place else []
    modified = min(6, die + (rules.settings.spotting_bonus if spot else 0))
    hits, collateral = STRIKE_RESULTS[cmd.weapon][modified]
    what = "bombing mission" if cmd.weapon == Weapon.BOMBING else "cruise missile"
    events = [Event(
        kind="strike",
        text=f"{rules.team_name(cmd.team)} {what} on {rules.counter_name(state, cmd.target)} at "
             f"{rules.place_name(place)}: die {die}{' +1 spotted' if spot else ''} = {modified}: "
             f"{hits} hit{'s' if hits != 1 else ''}, {collateral} collateral effect{'s' if collateral != 1 else ''}",
        teams=(cmd.team, target.team), places=(place,) if place else (), counters=(cmd.target, *spot),
        data={"die": die, "modified": modified, "hits": hits, "collateral": collateral, "spotters": spot,
              "costs": {"cruise_missiles": 1} if cmd.weapon == Weapon.CRUISE_MISSILE else {}},
    ), *shortfall]
    for _ in range(hits):
        take_loss(rules, state, [target], [], events, why="strike")
    if place is not None:
        collateral_tokens(rules, state, cmd.team, place, collateral, events=events)
        mark_conflict(rules, state, place)
    return events


def check_set_bombing(rules: BinniFacts, state: BinniState, cmd: c.SetBombing) -> list[str]:
    return [err] if (err := rules.no_team(state, cmd.team)) else []


def apply_set_bombing(rules: BinniFacts, state: BinniState, cmd: c.SetBombing, dice: Dice) -> list[Event]:
    state.teams[cmd.team].bombing = cmd.allowed
    verb = "allows" if cmd.allowed else "stops"
    return [Event(kind="bombing", text=f"CONTROL {verb} bombing missions by {rules.team_name(cmd.team)} "
                  f"({cmd.reason})", teams=(cmd.team,))]
