"""Fights: the two sides' values, the odds column, the die, the results table, losses, retreats,
and recovering losses with warlike stores.

Digest section "Fighting" (odds columns, the combat results table, "a side's loss falls on the
counter its owner chooses", retreats) and section "Units" (losses, strength, rebuilding).
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.costs import spend_stores, spend_weapons, weapon_reasons
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState, CounterState
from boardapp.rules.binni.tables import COMBAT_RESULTS, RESULT_EFFECTS, Column, Weapon, odds_column


def fight_sides(rules: BinniFacts, state: BinniState, cmd: c.Attack) -> dict[str, Any]:
    """The numbers of a fight before the die: both sides' values, the odds column, stores."""
    attackers = [state.counters[a] for a in cmd.attackers if a in state.counters]
    team = attackers[0].team if attackers else None
    defenders = rules.hostile_units(state, cmd.place, team) if team else []
    defender_team = defending_team(rules, state, cmd.place, defenders)
    s = rules.settings
    support = {Weapon.BOMBING: s.bombing_support, Weapon.CRUISE_MISSILE: s.cruise_support}
    att = sum(a.value for a in attackers) + cmd.extra_stores // s.extra_stores_per_point
    att += sum(support[w] for w in cmd.attacker_support)
    dfn = sum(d.value for d in defenders) + cmd.defender_extra_stores // s.extra_stores_per_point
    dfn += sum(support[w] for w in cmd.defender_support)
    stores = sum(rules.types[a.type].attack_stores for a in attackers) + cmd.extra_stores
    return {"team": team, "attackers": attackers, "defenders": defenders, "defender_team": defender_team,
            "attack": att, "defence": dfn, "column": odds_column(att, dfn), "stores": stores}


def defending_team(rules: BinniFacts, state: BinniState, place: str, defenders: list[CounterState]) -> str | None:
    """The team that pays the defender's stores: the holder if it defends, else the strongest."""
    teams = {d.team for d in defenders}
    holder = state.control.get(place)
    if holder in teams:
        return holder
    if not defenders:
        return None
    best = max(defenders, key=lambda d: (d.value, d.id))
    return best.team


def check_attack(rules: BinniFacts, state: BinniState, cmd: c.Attack) -> list[str]:
    if err := rules.no_place(cmd.place):
        return [err]
    reasons = []
    for a in cmd.attackers:
        if err := rules.no_counter(state, a):
            reasons.append(err)
    if len(set(cmd.attackers)) != len(cmd.attackers):
        reasons.append("a counter is listed twice among the attackers")
    if reasons:
        return reasons
    f = fight_sides(rules, state, cmd)
    team = f["team"]
    if {a.team for a in f["attackers"]} != {team}:
        reasons.append("all attackers must belong to one team (allies attack separately)")
    for a in f["attackers"]:
        name = rules.counter_name(state, a.id)
        if a.place is None:
            reasons.append(f"{name} is outside the region")
        elif a.place != cmd.place and cmd.place not in rules.adj.get(a.place, ()):
            reasons.append(f"{name} at {rules.place_name(a.place)} is not in {rules.place_name(cmd.place)} "
                           "nor one road away from it")
        if a.attacked:
            reasons.append(f"{name} has already attacked this week (once per week)")
    if not f["defenders"]:
        reasons.append(f"no hostile units at {rules.place_name(cmd.place)} to attack")
    ts = state.teams[team]
    if ts.stores < f["stores"]:
        reasons.append(f"this attack consumes {f['stores']} warlike stores; {rules.team_name(team)} has {ts.stores}")
    dt = f["defender_team"]
    if cmd.defender_extra_stores and dt is not None and state.teams[dt].stores < cmd.defender_extra_stores:
        reasons.append(f"{rules.team_name(dt)} has {state.teams[dt].stores} warlike stores, not "
                       f"{cmd.defender_extra_stores}")
    reasons += weapon_reasons(rules, state, team, cmd.attacker_support, "attacker")
    reasons += weapon_reasons(rules, state, dt, cmd.defender_support, "defender")
    if f["defenders"] and f["column"] is None:
        reasons.append(f"odds {f['attack']}:{f['defence']} are below 1:1: the attack is aborted before the fight "
                       "starts, with no loss to either side")
    for cid in cmd.attacker_loss:
        if cid not in cmd.attackers:
            reasons.append(f"attacker_loss names {cid!r}, which is not an attacker")
    defender_ids = {d.id for d in f["defenders"]}
    for cid in cmd.defender_loss:
        if cid not in defender_ids:
            reasons.append(f"defender_loss names {cid!r}, which is not a defender")
    if cmd.retreat_to is not None:
        if err := rules.no_place(cmd.retreat_to):
            reasons.append(err)
        elif f["defenders"] and cmd.retreat_to not in retreat_options(rules, state, cmd.place, f["defenders"]):
            reasons.append(f"the defenders cannot retreat to {rules.place_name(cmd.retreat_to)}: a retreat goes one "
                           "road to a place free of hostile units, neutral or held by the defender")
    return reasons


def apply_attack(rules: BinniFacts, state: BinniState, cmd: c.Attack, dice: Dice) -> list[Event]:
    f = fight_sides(rules, state, cmd)
    team, dt = f["team"], f["defender_team"]
    column: Column = f["column"] or Column.ONE_ONE  # a forced attack below 1:1 is fought on 1:1
    events: list[Event] = []
    spend_stores(rules, state, team, f["stores"], events, why="the attack")
    if dt is not None and cmd.defender_extra_stores:
        spend_stores(rules, state, dt, cmd.defender_extra_stores, events, why="the defence")
    spend_weapons(rules, state, team, cmd.attacker_support, events)
    spend_weapons(rules, state, dt, cmd.defender_support, events)
    die = cmd.die if cmd.die is not None else dice.d6()
    result = COMBAT_RESULTS[die][column]
    att_loss, def_loss, retreat = RESULT_EFFECTS[result]
    place = rules.place_name(cmd.place)
    events.append(Event(
        kind="fight",
        text=f"{rules.team_name(team)} attacks {place}: {f['attack']} against {f['defence']}, column {column}, "
             f"die {die}{' (typed)' if cmd.die is not None else ''}: {result}",
        teams=tuple(sorted({team} | {d.team for d in f['defenders']})), places=(cmd.place,),
        counters=tuple(cmd.attackers) + tuple(d.id for d in f["defenders"]),
        data={"attack": f["attack"], "defence": f["defence"], "column": str(column), "die": die,
              "result": str(result), "stores": f["stores"],
              "losses": {"attacker": att_loss, "defender": def_loss}, "retreat": retreat,
              "costs": _fight_costs(f["stores"], cmd.attacker_support),
              "defender_costs": _fight_costs(cmd.defender_extra_stores, cmd.defender_support)},
    ))
    for a in f["attackers"]:
        a.attacked = True
    a_chosen, d_chosen = list(cmd.attacker_loss), list(cmd.defender_loss)
    for _ in range(att_loss):
        take_loss(rules, state, f["attackers"], a_chosen, events, why="attacker")
    for _ in range(def_loss):
        take_loss(rules, state, f["defenders"], d_chosen, events, why="defender")
    if retreat:
        survivors = [d for d in f["defenders"] if not d.destroyed]
        options = retreat_options(rules, state, cmd.place, survivors) if survivors else []
        if survivors and options:
            dest = cmd.retreat_to if cmd.retreat_to in options else options[0]
            for d in survivors:
                state.relocate(d, dest)
                d.held_since = None
            events.append(Event(kind="retreat", text=f"the defenders retreat from {place} to "
                                f"{rules.place_name(dest)}", places=(cmd.place, dest),
                                counters=tuple(d.id for d in survivors)))
        elif survivors:
            events.append(Event(kind="retreat", text=f"the defenders at {place} cannot retreat: they stay and "
                                "take one more loss", places=(cmd.place,)))
            take_loss(rules, state, survivors, d_chosen, events, why="no retreat")
    mark_conflict(rules, state, cmd.place, *(a.place for a in f["attackers"]))
    return events


def _fight_costs(stores: int, support: list[Weapon]) -> dict[str, int]:
    """What one side of a fight consumes (a bombing mission costs nothing but CONTROL's leave)."""
    costs = {"stores": stores, "cruise_missiles": support.count(Weapon.CRUISE_MISSILE)}
    return {k: v for k, v in costs.items() if v}


def retreat_options(rules: BinniFacts, state: BinniState, place: str, defenders: list[CounterState]) -> list[str]:
    """Places every defender may retreat to: one road away, no hostile units, neutral or friendly."""
    teams = {d.team for d in defenders}
    out = []
    for n in rules.adj.get(place, ()):
        if all(not rules.hostile_units(state, n, t) and not rules.foreign(state, n, t) for t in teams):
            out.append(n)
    return sorted(out, key=rules.place_name)


def take_loss(rules: BinniFacts, state: BinniState, side: list[CounterState], chosen: list[str], events: list[Event], *,
               why: str) -> None:
    alive = [u for u in side if not u.destroyed]
    if not alive:
        return
    pick = next((u for cid in chosen for u in alive if u.id == cid), None)
    if pick is None:
        pick = max(alive, key=lambda u: (u.value, u.strength - u.losses, u.id))
    if chosen and chosen[0] == pick.id:
        chosen.pop(0)
    pick.losses += 1
    text = f"{rules.counter_name(state, pick.id)} takes a loss ({why})"
    if pick.losses >= pick.strength:
        pick.destroyed = True
        state.relocate(pick, None)
        text += " and is destroyed"
    events.append(Event(kind="loss", text=text, teams=(pick.team,), counters=(pick.id,),
                        data={"losses": pick.losses, "destroyed": pick.destroyed}))


def mark_conflict(rules: BinniFacts, state: BinniState, *places: str | None) -> None:
    for p in places:
        if p is not None and p not in state.conflict:
            state.conflict.append(p)
    state.conflict.sort()


def check_rebuild(rules: BinniFacts, state: BinniState, cmd: c.Rebuild) -> list[str]:
    if err := rules.no_counter(state, cmd.counter):
        return [err]
    ctr = state.counters[cmd.counter]
    need = cmd.losses * rules.settings.rebuild_stores
    reasons = []
    if ctr.losses < cmd.losses:
        reasons.append(f"{rules.counter_name(state, ctr.id)} has {ctr.losses} losses to recover, not {cmd.losses}")
    if state.teams[ctr.team].stores < need:
        reasons.append(f"recovering {cmd.losses} loss{'es' if cmd.losses != 1 else ''} costs {need} warlike "
                       f"stores; {rules.team_name(ctr.team)} has {state.teams[ctr.team].stores}")
    return reasons


def apply_rebuild(rules: BinniFacts, state: BinniState, cmd: c.Rebuild, dice: Dice) -> list[Event]:
    ctr = state.counters[cmd.counter]
    events: list[Event] = []
    need = cmd.losses * rules.settings.rebuild_stores
    spend_stores(rules, state, ctr.team, need, events, why="the rebuild")
    ctr.losses = max(0, ctr.losses - cmd.losses)
    events.insert(0, Event(kind="rebuild", text=f"{rules.counter_name(state, ctr.id)} recovers {cmd.losses} "
                           f"loss{'es' if cmd.losses != 1 else ''} ({need} warlike stores)",
                           teams=(ctr.team,), counters=(ctr.id,), data={"costs": {"stores": need}}))
    return events
