"""The Economic Phase: Oil Revenue from the zones owned, and drilling bids whose outcome the umpire enters."""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.commands import CollectOil, Drill, SetOil
from boardapp.rules.mideast.state import MideastState


def check_collect_oil(r: Base, state: MideastState, cmd: CollectOil) -> list[str]:
    return r.unknown_player(cmd.player) or r.function_reasons(state, "oil_revenue", cmd.player)


def apply_collect_oil(r: Base, state: MideastState, cmd: CollectOil, dice: Dice) -> list[Event]:
    r.enter_function(state, "oil_revenue")
    state.used.add("oil_revenue")
    who = r.actor(state, cmd.player)
    due = r.revenue(state, who)
    paid = min(due, state.reserve)
    state.reserve -= paid
    state.chips[who] = state.chips.get(who, 0) + paid
    gross = sum(state.oil.get(z, 0) for z in state.zones_of(who))
    sf = len(state.superpowers_of(who))
    toll = f", less {r.sc.settings.superpower_oil * sf} for {sf} Superpower Force{'s' * (sf != 1)}" if sf else ""
    short = f" (the Oil Reserve held only {paid})" if paid < due else ""
    return [Event(kind="oil_revenue", teams=(who,), data={"gross": gross, "due": due, "paid": paid},
                  text=f"{r.name(who)} collects {paid} Oil Chips (zones {gross}{toll}){short}")]


def check_drill(r: Base, state: MideastState, cmd: Drill) -> list[str]:
    reasons = r.unknown_player(cmd.player) + r.unknown_zone(cmd.zone)
    if reasons:
        return reasons
    reasons = r.function_reasons(state, "drilling", cmd.player)
    who = r.actor(state, cmd.player)
    if not r.sc.zone_by_id[cmd.zone].drillable:
        drillable = [z.id for z in r.sc.zones if z.drillable]
        reasons.append(f"{r.zone_name(cmd.zone)} is not a drillable zone (drillable: {drillable})")
    if state.owner.get(cmd.zone) != who:
        reasons.append(f"{r.name(who)} does not own {r.zone_name(cmd.zone)} "
                       f"(it is {r.name(state.owner.get(cmd.zone))}'s)")
    if cmd.zone in state.drilled:
        reasons.append(f"a drilling bid was already made in {r.zone_name(cmd.zone)} this Player-Turn")
    if cmd.bid > state.chips.get(who, 0):
        reasons.append(f"a bid of {cmd.bid} is more than the {state.chips.get(who, 0)} Oil Chips "
                       f"{r.name(who)} holds")
    return reasons


def apply_drill(r: Base, state: MideastState, cmd: Drill, dice: Dice) -> list[Event]:
    r.enter_function(state, "drilling")
    who = r.actor(state, cmd.player)
    paid = min(cmd.bid, state.chips.get(who, 0))
    state.chips[who] = state.chips.get(who, 0) - paid
    state.reserve += paid
    state.drilled.add(cmd.zone)
    was = state.oil.get(cmd.zone, 0)
    state.oil[cmd.zone] = was + cmd.found
    outcome = f"strikes oil: revenue {was} → {was + cmd.found}" if cmd.found else "finds a dry well"
    return [Event(kind="drilling", teams=(who,), places=(cmd.zone,),
                  data={"bid": paid, "found": cmd.found, "oil": was + cmd.found},
                  text=f"{r.name(who)} bids {paid} Oil Chips to drill in {r.zone_name(cmd.zone)} and {outcome}")]


def check_set_oil(r: Base, state: MideastState, cmd: SetOil) -> list[str]:
    return r.unknown_zone(cmd.zone)


def apply_set_oil(r: Base, state: MideastState, cmd: SetOil, dice: Dice) -> list[Event]:
    was = state.oil.get(cmd.zone, 0)
    state.oil[cmd.zone] = cmd.oil
    why = f" ({cmd.reason})" if cmd.reason else ""
    return [Event(kind="oil_value", places=(cmd.zone,), data={"oil": cmd.oil, "was": was},
                  text=f"CONTROL sets the oil revenue of {r.zone_name(cmd.zone)}: {was} → {cmd.oil}{why}")]
