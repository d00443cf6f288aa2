"""The Military Phase: moves declared first (re-deployments, annexations, attacks), then battles fought
with secret fists of Oil Chips, and the retreats they cause.

A fist is secret until both sides' are in: the first one entered gives the public only "a fist is
in" (its number goes in an event hidden from everyone but its player); the second reveals both.

A fist of 2 with a Superpower Force counts 4 and costs, as normal (Defend), in Support, in Attack/Occupy:

>>> [2 * COST[way] for way in ("", "support", "attack")]
[2, 6, 8]
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.commands import Attack, Fist, Move, RetreatTo
from boardapp.rules.mideast.state import Battle, MideastState, Retreat

ORDER_RULE = '"Each separate attack may be resolved in any order desired by the Phasing Player" (the synopsis)'

COST = {"": 1, "support": 3, "attack": 4}
"""Chips paid per chip committed: as normal, Support Attack 3x, Attack/Occupy 4x."""


def _move_reasons(r: Base, state: MideastState, cmd: Move | Attack, who: str) -> list[str]:
    zone, to, forces = cmd.zone, cmd.to, cmd.forces
    reasons = []
    if state.owner.get(zone) != who:
        reasons.append(f"{r.name(who)} does not hold {r.zone_name(zone)} (it is {r.name(state.owner.get(zone))}'s)")
    if to not in r.neighbours(zone):
        reasons.append(f"{r.zone_name(to)} is not a neighbour of {r.zone_name(zone)}")
    if state.pkf == to:
        reasons.append(f"the UN Peacekeeping Force holds {r.zone_name(to)}: nothing moves into it")
    free = r.movable(state, zone)
    if forces > free:
        reasons.append(f"{r.zone_name(zone)} has {free} Forces free to move, not {forces}")
    return reasons


def check_move(r: Base, state: MideastState, cmd: Move) -> list[str]:
    reasons = r.unknown_player(cmd.player) + r.unknown_zone(cmd.zone) + r.unknown_zone(cmd.to)
    if reasons:
        return reasons
    reasons = r.function_reasons(state, "moves", cmd.player)
    who = r.actor(state, cmd.player)
    reasons += _move_reasons(r, state, cmd, who)
    target = state.owner.get(cmd.to)
    if target is not None and target != who:
        reasons.append(f"{r.zone_name(cmd.to)} is {r.name(target)}'s: entering it is an attack (declare it with "
                       "attack)")
    if target is None and state.pkf == cmd.zone:
        reasons.append(f"only re-deployments leave {r.zone_name(cmd.zone)}, which the UN Peacekeeping Force holds")
    return reasons


def apply_move(r: Base, state: MideastState, cmd: Move, dice: Dice) -> list[Event]:
    r.enter_function(state, "moves")
    who = r.actor(state, cmd.player)
    annex = state.owner.get(cmd.to) is None
    n = min(cmd.forces, state.forces.get(cmd.zone, 0))  # forced beyond the rules, as many as are there
    state.forces[cmd.zone] = state.forces.get(cmd.zone, 0) - n
    state.forces[cmd.to] = state.forces.get(cmd.to, 0) + n
    state.arrived[cmd.to] = state.arrived.get(cmd.to, 0) + n
    state.owner[cmd.to] = who
    what = "annexes" if annex else "re-deploys"
    return [Event(kind="annexation" if annex else "redeployment", teams=(who,), places=(cmd.zone, cmd.to),
                  data={"forces": n},
                  text=f"{r.name(who)} {what} {r.zone_name(cmd.to)} with {n} Forces from "
                  f"{r.zone_name(cmd.zone)}" if annex else
                  f"{r.name(who)} {what} {n} Forces from {r.zone_name(cmd.zone)} to {r.zone_name(cmd.to)}")]


def check_attack(r: Base, state: MideastState, cmd: Attack) -> list[str]:
    reasons = r.unknown_player(cmd.player) + r.unknown_zone(cmd.zone) + r.unknown_zone(cmd.to)
    if reasons:
        return reasons
    reasons = r.function_reasons(state, "moves", cmd.player)
    who = r.actor(state, cmd.player)
    reasons += _move_reasons(r, state, cmd, who)
    enemy = state.owner.get(cmd.to)
    if enemy is None:
        reasons.append(f"no one holds {r.zone_name(cmd.to)}: move in without a battle (an annexation, with move)")
    elif enemy == who:
        reasons.append(f"{r.zone_name(cmd.to)} is {r.name(who)}'s own: that is a re-deployment (move)")
    elif state.bloc.get(who) and state.bloc.get(who) == state.bloc.get(enemy):
        reasons.append(f"{r.name(who)} and {r.name(enemy)} are both in the {state.bloc[who]} Bloc: no attacks "
                       "within a Bloc")
    if state.pkf == cmd.zone:
        reasons.append(f"only re-deployments leave {r.zone_name(cmd.zone)}, which the UN Peacekeeping Force holds")
    if any(b.target == cmd.to for b in state.battles):
        reasons.append(f"{r.zone_name(cmd.to)} is already attacked this Player-Turn (one attack per zone: "
                       "gather the Forces into one attack)")
    if cmd.superpower != "none":
        mine = [s for s in state.superpowers_of(who) if s.zone == cmd.zone]
        busy = sum(1 for b in state.battles if b.source == cmd.zone and b.superpower and not b.result)
        if len(mine) <= busy:
            verb = "support" if cmd.superpower == "support" else "lead"
            reasons.append(f"{r.name(who)} has no Superpower Force free in {r.zone_name(cmd.zone)} to "
                           f"{verb} the attack")
    return reasons


def apply_attack(r: Base, state: MideastState, cmd: Attack, dice: Dice) -> list[Event]:
    r.enter_function(state, "moves")
    who = r.actor(state, cmd.player)
    sp = "" if cmd.superpower == "none" else cmd.superpower
    enemy = state.owner.get(cmd.to)
    state.battles.append(Battle(cmd.to, cmd.zone, who, enemy, cmd.forces, sp))
    with_sf = {"": "", "support": " supported by its Superpower Force",
               "attack": " led by its Superpower Force (Attack/Occupy)"}[sp]
    return [Event(kind="attack_declared", teams=tuple(t for t in (who, enemy) if t), places=(cmd.zone, cmd.to),
                  data={"forces": cmd.forces, "superpower": sp},
                  text=f"{r.name(who)} moves {cmd.forces} Forces up to the border of {r.zone_name(cmd.to)} "
                  f"({r.name(enemy)}) from {r.zone_name(cmd.zone)}{with_sf}")]


def fist_player(state: MideastState, b: Battle, side: str) -> str:
    if side == "attacker" or b.defender is None:
        return b.attacker
    return b.defender


def check_fist(r: Base, state: MideastState, cmd: Fist) -> list[str]:
    reasons = r.unknown_zone(cmd.battle, "battle zone")
    if reasons:
        return reasons
    b = state.battle_at(cmd.battle)
    if b is None:
        return [Impossible(f"no attack on {r.zone_name(cmd.battle)} waits to be resolved")]
    reasons = r.function_reasons(state, "battles", None)
    if state.retreat is not None:
        reasons.append(f"{r.name(state.retreat.player)}'s Forces from {r.zone_name(state.retreat.zone)} must "
                       "retreat first")
    other = state.open_battle()
    if other is not None and other is not b:
        reasons.append(f"the battle for {r.zone_name(other.target)} is open: its other fist comes first")
    waiting = [x.target for x in state.battles if not x.result]
    if other is None and cmd.side == "defender" and len(waiting) > 1:
        # Only the phasing player chooses which battle comes next: his (the attacker's) fist opens it.
        reasons.append(f"{r.name(r.phasing(state))}, the Phasing Player, chooses which battle is resolved next: "
                       f"{ORDER_RULE}. His fist opens a battle; waiting: "
                       f"{', '.join(r.zone_name(z) for z in waiting)}")
    if cmd.side in b.fists:
        reasons.append(f"the {cmd.side}'s fist for {r.zone_name(cmd.battle)} is already in")
    who = fist_player(state, b, cmd.side)
    cap = b.forces if cmd.side == "attacker" else state.upright(b.target)
    if cmd.chips > cap:
        where = "moved up to the border" if cmd.side == "attacker" else f"upright in {r.zone_name(b.target)}"
        reasons.append(f"a fist of {cmd.chips} is more than the {cap} Forces {where}")
    cost = cmd.chips * (COST[b.superpower] if cmd.side == "attacker" else 1)
    if cost > state.chips.get(who, 0):
        reasons.append(f"a fist of {cmd.chips} costs {cost} Oil Chips; {r.name(who)} holds {state.chips.get(who, 0)}")
    return reasons


def apply_fist(r: Base, state: MideastState, cmd: Fist, dice: Dice) -> list[Event]:
    r.enter_function(state, "battles")
    b = state.battle_at(cmd.battle)
    assert b is not None
    b.fists[cmd.side] = cmd.chips
    who = fist_player(state, b, cmd.side)
    place = r.zone_name(b.target)
    events = [
        Event(kind="fist", teams=(who,), places=(b.target,), data={"side": cmd.side, "chips": cmd.chips},
              hidden=True, visible_to=(who,),
              text=f"{r.name(who)} puts {cmd.chips} Oil Chips in the {cmd.side}'s fist for {place} (secret)"),
        Event(kind="fist_in", teams=(who,), places=(b.target,), data={"side": cmd.side},
              text=f"{r.name(who)}'s fist for {place} is in"),
    ]
    if len(b.fists) == 2:
        events += _reveal(r, state, b)
    return events


def _pay(r: Base, state: MideastState, who: str, cost: int) -> int:
    paid = min(cost, state.chips.get(who, 0))
    state.chips[who] = state.chips.get(who, 0) - paid
    state.reserve += paid
    return paid


def _reveal(r: Base, state: MideastState, b: Battle) -> list[Event]:
    """Both fists open together; the bigger power wins, ties to the defender; all chips to the Reserve."""
    a_chips, d_chips = b.fists["attacker"], b.fists["defender"]
    defender = b.defender
    d_sf = defender is not None and any(s.zone == b.target for s in state.superpowers_of(defender))
    a_power = a_chips * (2 if b.superpower else 1)
    d_power = d_chips * (2 if d_sf else 1)
    a_paid = _pay(r, state, b.attacker, a_chips * COST[b.superpower])
    d_paid = _pay(r, state, defender, d_chips) if defender is not None else 0
    b.result = "attacker" if a_power > d_power else "defender"
    place = r.zone_name(b.target)
    power = ""
    if b.superpower or d_sf:
        power = f" (power {a_power} against {d_power})"
    events = [Event(kind="battle", teams=tuple(t for t in (b.attacker, defender) if t), places=(b.target, b.source),
                    data={"attacker": a_chips, "defender": d_chips, "attacker_power": a_power,
                          "defender_power": d_power, "attacker_paid": a_paid, "defender_paid": d_paid,
                          "winner": b.result},
                    text=f"Fists open for {place}: {r.name(b.attacker)} {a_chips}, {r.name(defender)} {d_chips}"
                    f"{power}. {'The attacker' if b.result == 'attacker' else 'The defender'} wins; "
                    f"{a_paid + d_paid} Oil Chips go to the Oil Reserve")]
    if b.result == "defender":
        events.append(Event(kind="repulsed", teams=(b.attacker,), places=(b.source,), data={"forces": b.forces},
                            text=f"{r.name(b.attacker)}'s {b.forces} Forces return to the centre of "
                            f"{r.zone_name(b.source)}"))
        return events
    # A forced fist above the Forces at hand occupies with as many as there are.
    return events + _conquest(r, state, b, min(a_chips, state.forces.get(b.source, 0)))


def _conquest(r: Base, state: MideastState, b: Battle, k: int) -> list[Event]:
    """The defender's zone falls: overturned Forces there are eliminated, upright ones retreat as one
    group; the attacker occupies with exactly the ``k`` Forces that attacked."""
    events: list[Event] = []
    defender, zone = b.defender, b.target
    over = state.overturned.pop(zone, 0)
    upright = state.forces.get(zone, 0) - over
    if over and defender is not None:
        events.append(Event(kind="eliminated", teams=(defender,), places=(zone,), data={"forces": over},
                            text=f"{r.name(defender)}'s {over} overturned Forces in {r.zone_name(zone)} must retreat "
                            "a second time: eliminated"))
    for s in list(state.superpowers):
        if s.zone == zone:
            state.superpowers.remove(s)
            events.append(Event(kind="superpower_withdrawn", teams=(s.player,), places=(zone,),
                                text=f"{r.name(s.player)}'s Superpower Force leaves {r.zone_name(zone)} as it falls"))
    state.arrived.pop(zone, None)
    state.forces[b.source] -= k
    state.forces[zone] = k
    state.owner[zone] = b.attacker
    if b.superpower == "attack":
        sf = next(s for s in state.superpowers_of(b.attacker) if s.zone == b.source)
        sf.zone = zone
    events.append(Event(kind="occupied", teams=(b.attacker,), places=(zone,), data={"forces": k},
                        text=f"{r.name(b.attacker)} occupies {r.zone_name(zone)} with the {k} Forces that attacked"
                        + (" and its Superpower Force" if b.superpower == "attack" else "")))
    if upright and defender is not None:
        options = retreat_options(r, state, zone, defender)
        if options:
            state.retreat = Retreat(zone, defender, upright)
            events.append(Event(kind="must_retreat", teams=(defender,), places=(zone, *options),
                                data={"forces": upright, "options": options},
                                text=f"{r.name(defender)}'s {upright} Forces must retreat from {r.zone_name(zone)} "
                                f"to one of: {', '.join(r.zone_name(z) for z in options)}"))
        else:
            events.append(Event(kind="eliminated", teams=(defender,), places=(zone,), data={"forces": upright},
                                text=f"{r.name(defender)}'s {upright} Forces in {r.zone_name(zone)} have no zone to "
                                "retreat to: eliminated"))
    return events


def retreat_options(r: Base, state: MideastState, zone: str, player: str) -> list[str]:
    """Neighbouring zones the player owns that the UN Peacekeeping Force does not hold."""
    return [z for z in r.neighbours(zone) if state.owner.get(z) == player and z != state.pkf]


RETREAT_RULE = '"All retreating Forces must move as one group into one neighboring controlled zone" (the synopsis)'


def retreat_zones(cmd: RetreatTo) -> list[str]:
    """The zones a retreat names, each once (none: the Forces are eliminated)."""
    if cmd.to is None:
        return []
    return list(dict.fromkeys([cmd.to] if isinstance(cmd.to, str) else cmd.to))


def check_retreat(r: Base, state: MideastState, cmd: RetreatTo) -> list[str]:
    zones = retreat_zones(cmd)
    reasons = [x for z in zones for x in r.unknown_zone(z)]
    if reasons:
        return reasons
    rt = state.retreat
    if rt is None:
        return [Impossible("no Forces wait to retreat")]
    who, home = r.name(rt.player), r.zone_name(rt.zone)
    if len(zones) > 1:
        return [Impossible(f"{who}'s {rt.forces} Forces from {home} cannot retreat to "
                           f"{' and '.join(r.zone_name(z) for z in zones)}: {RETREAT_RULE}. One retreat names one "
                           "zone (to split the group CONTROL forces a retreat of part of it, with forces:)")]
    if cmd.forces is not None and cmd.forces > rt.forces:
        return [Impossible(f"only {rt.forces} of {who}'s Forces from {home} wait to retreat, not {cmd.forces}")]
    if cmd.forces is not None and cmd.forces != rt.forces:
        reasons.append(f"{who}'s {rt.forces} Forces from {home} retreat together, not {cmd.forces} of them: "
                       f"{RETREAT_RULE}")
    to = zones[0] if zones else None
    if rt.went is not None and to != rt.went:
        reasons.append(f"part of {who}'s group from {home} went to {r.zone_name(rt.went)}: the rest goes there "
                       f"too ({RETREAT_RULE})")
    options = retreat_options(r, state, rt.zone, rt.player)
    if to is None:
        if options and rt.went is None:
            reasons.append(f"{who} must retreat to one of: {', '.join(options)}")
        return reasons
    if to not in options:
        reasons.append(f"{r.zone_name(to)} is not a neighbouring zone {who} controls free of the UN "
                       f"Force; the Forces may retreat to: {', '.join(options) or 'nowhere'}")
    return reasons


def apply_retreat(r: Base, state: MideastState, cmd: RetreatTo, dice: Dice) -> list[Event]:
    rt = state.retreat
    assert rt is not None
    zones = retreat_zones(cmd)
    n = rt.forces if cmd.forces is None else min(cmd.forces, rt.forces)
    rt.forces -= n
    if rt.forces == 0 or not zones:
        state.retreat = None
    if not zones:
        n += rt.forces
        return [Event(kind="eliminated", teams=(rt.player,), places=(rt.zone,), data={"forces": n},
                      text=f"{r.name(rt.player)}'s {n} Forces from {r.zone_name(rt.zone)} are eliminated")]
    # Forced to two zones, the group goes to the first named; forced in part, the rest waits to retreat.
    to = zones[0]
    rt.went = to
    if state.owner.get(to) is None:
        state.owner[to] = rt.player
    state.forces[to] = state.forces.get(to, 0) + n
    state.overturned[to] = state.overturned.get(to, 0) + n
    left = f"; {rt.forces} still wait to retreat" if state.retreat is not None else ""
    return [Event(kind="retreat", teams=(rt.player,), places=(rt.zone, to), data={"forces": n, "left": rt.forces},
                  text=f"{r.name(rt.player)}'s {n} Forces retreat from {r.zone_name(rt.zone)} to "
                  f"{r.zone_name(to)} and are overturned{left}")]
