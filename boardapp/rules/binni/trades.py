"""Trades and supply: transfers between teams (money, stores, aid, missiles, cards, counters) and
CONTROL's supply from the international community.

Digest section "Warlike stores and aid supply": nothing is manufactured in the region; every
resupply and every trade is a logged transfer.
"""

from __future__ import annotations

from collections import Counter as Tally

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState


def check_transfer(rules: BinniFacts, state: BinniState, cmd: c.Transfer) -> list[str]:
    for team in (cmd.source, cmd.to):
        if err := rules.no_team(state, team):
            return [err]
    missing = [err for cid in cmd.counters if (err := rules.no_counter(state, cid))]
    if missing:  # no ruling can give away a counter that does not exist: say so before any forceable reason
        return missing
    if cmd.source == cmd.to:
        return ["a transfer needs two different teams"]
    src, dst = state.teams[cmd.source], state.teams[cmd.to]
    name = rules.team_name(cmd.source)
    reasons = []
    for what in ("money", "stores", "aid", "cruise_missiles"):
        want, have = getattr(cmd, what), getattr(src, what)
        if want > have:
            reasons.append(f"{name} has {have} {what.replace('_', ' ')}, not {want}")
    if Tally(cmd.cards) - Tally(src.cards):
        reasons.append(f"{name} does not hold the cards {sorted(cmd.cards)} (hand: {sorted(src.cards)})")
    limit = rules.cards_max(state, cmd.to)
    if cmd.cards and len(dst.cards) + len(cmd.cards) > limit:
        reasons.append(f"{rules.team_name(cmd.to)} may hold {limit} influence cards at PR {dst.pr}; it holds "
                       f"{len(dst.cards)}")
    for cid in cmd.counters:
        if state.counters[cid].team != cmd.source:
            reasons.append(f"{rules.counter_name(state, cid)} does not belong to {name}")
        elif cmd.to not in rules.on_map:
            reasons.append(f"{rules.team_name(cmd.to)} is an off-map team and owns no units")
    return reasons


def apply_transfer(rules: BinniFacts, state: BinniState, cmd: c.Transfer, dice: Dice) -> list[Event]:
    src, dst = state.teams[cmd.source], state.teams[cmd.to]
    parts = []
    for what in ("money", "stores", "aid", "cruise_missiles"):
        n = min(getattr(cmd, what), getattr(src, what))
        if n:
            setattr(src, what, getattr(src, what) - n)
            setattr(dst, what, getattr(dst, what) + n)
            parts.append(f"$M{n}" if what == "money" else f"{n} {what.replace('_', ' ')}")
    moved = []
    for score in cmd.cards:
        if score in src.cards:
            src.cards.remove(score)
            dst.cards.append(score)
            moved.append(score)
    if moved:
        parts.append(f"{len(moved)} influence card{'s' if len(moved) != 1 else ''}")
    for cid in cmd.counters:
        state.counters[cid].team = cmd.to
        parts.append(f"counter {cid}")
    return [Event(kind="transfer", text=f"{rules.team_name(cmd.source)} gives {rules.team_name(cmd.to)} "
                  f"{', '.join(parts) or 'nothing'}", teams=(cmd.source, cmd.to), counters=tuple(cmd.counters))]


def check_supply(rules: BinniFacts, state: BinniState, cmd: c.Supply) -> list[str]:
    if err := rules.no_team(state, cmd.team):
        return [err]
    ts = state.teams[cmd.team]
    reasons = []
    for what in ("money", "stores", "aid", "cruise_missiles"):
        if getattr(ts, what) + getattr(cmd, what) < 0:
            reasons.append(f"{rules.team_name(cmd.team)} has {getattr(ts, what)} {what.replace('_', ' ')}; "
                           f"cannot take away {-getattr(cmd, what)}")
    if cmd.cards and len(ts.cards) + len(cmd.cards) > rules.cards_max(state, cmd.team):
        reasons.append(f"{rules.team_name(cmd.team)} may hold {rules.cards_max(state, cmd.team)} cards at PR {ts.pr}")
    return reasons


def apply_supply(rules: BinniFacts, state: BinniState, cmd: c.Supply, dice: Dice) -> list[Event]:
    ts = state.teams[cmd.team]
    parts = []
    for what in ("money", "stores", "aid", "cruise_missiles"):
        n = getattr(cmd, what)
        if n:
            setattr(ts, what, max(0, getattr(ts, what) + n))
            parts.append(f"{n:+d} {what.replace('_', ' ')}")
    ts.cards.extend(cmd.cards)
    if cmd.cards:
        parts.append(f"{len(cmd.cards)} influence cards")
    return [Event(kind="supply", text=f"CONTROL supplies {rules.team_name(cmd.team)}: {', '.join(parts) or 'nothing'}"
                  f" ({cmd.reason})", teams=(cmd.team,))]
