"""What a team pays: money, warlike stores, cruise missiles, and what a forced command does when
the team cannot pay (it pays what it has, never below zero, and the shortfall is logged).

Digest sections "Units" (costs), "Fighting" (stores, support) and "Strikes on units" (political
will for bombing, limited missiles).
"""

from __future__ import annotations

from boardapp.engine.module import Event
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState
from boardapp.rules.binni.tables import Weapon


def pay_money(rules: BinniFacts, state: BinniState, team: str, n: int, events: list[Event], *, why: str) -> None:
    ts = state.teams[team]
    paid = min(ts.money, n)
    ts.money -= paid
    if paid < n:
        events.append(Event(kind="shortfall", text=f"{rules.team_name(team)} lacked $M{n - paid} for {why} "
                            "(forced)", teams=(team,)))


def spend_stores(rules: BinniFacts, state: BinniState, team: str, n: int, events: list[Event], *, why: str) -> None:
    ts = state.teams[team]
    paid = min(ts.stores, n)
    ts.stores -= paid
    if paid < n:
        events.append(Event(kind="shortfall", text=f"{rules.team_name(team)} lacked {n - paid} warlike stores "
                            f"for {why} (forced)", teams=(team,)))


def spend_weapons(rules: BinniFacts, state: BinniState, team: str | None, weapons: list[Weapon],
                  events: list[Event]) -> None:
    if team is None:
        return
    ts = state.teams[team]
    n = weapons.count(Weapon.CRUISE_MISSILE)
    paid = min(ts.cruise_missiles, n)
    ts.cruise_missiles -= paid
    if paid < n:
        events.append(Event(kind="shortfall", text=f"{rules.team_name(team)} lacked {n - paid} cruise missile"
                            f"{'s' if n - paid != 1 else ''} (forced)", teams=(team,)))


def weapon_reasons(rules: BinniFacts, state: BinniState, team: str | None, weapons: list[Weapon],
                   side: str) -> list[str]:
    if not weapons or team is None:
        return []
    ts = state.teams[team]
    out = []
    missiles = weapons.count(Weapon.CRUISE_MISSILE)
    if missiles > ts.cruise_missiles:
        out.append(f"{rules.team_name(team)} ({side}) has {ts.cruise_missiles} cruise missiles, not {missiles}")
    if Weapon.BOMBING in weapons and not ts.bombing:
        out.append(f"{rules.team_name(team)} ({side}) may not fly bombing missions: CONTROL has not allowed them")
    return out
