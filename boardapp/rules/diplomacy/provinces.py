"""Whose province an eliminated country becomes, and the officers' ruling when the rule does not say.

The MUN rules: a power that loses its last supply centre "will be considered a province of the Great
Power that took your last supply centre", and the student officers "are the final arbiter in any
dispute about the rules of procedure". Centres change hands together at the Fall's update, so the
*last* one is read from when its occupier arrived (a retreat after the Fall moves, a Fall move after a
unit that stood there before: ``state.arrivals``). When two or more powers took the last centres at
the same moment, the rule names no one: the game invents no tie-break. The country stays unassigned
(``state.eliminated[power] == ""``), the candidates are kept in ``state.province_ties``, an event names
them, and the officers' ``rule_province`` records their ruling (and may change it later, logged).
Rulings: ``docs/mun-historical.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardapp.engine.module import Event, Impossible, Section
from boardapp.rules.diplomacy.commands import RuleProvince
from boardapp.rules.diplomacy.state import DiplomacyState

if TYPE_CHECKING:
    from boardapp.rules.diplomacy.module import DiplomacyRules

RULE = ('"You will be considered a province of the Great Power that took your last supply centre" '
        "(the MUN rules)")


def last_centre_takers(rules: DiplomacyRules, state: DiplomacyState, lost: Sequence[str]) -> list[str]:
    """The powers that took the last of the centres ``lost`` (all lost at this Fall's update), in the
    scenario's order: one power when the rule decides, several when they took them at the same moment.

    >>> from types import SimpleNamespace as NS
    >>> rules = NS(scenario=NS(powers=[NS(id="germany"), NS(id="ussr")]))
    >>> state = NS(arrivals={"war": 1, "kra": 2}, owners={"war": "ussr", "kra": "germany"})
    >>> last_centre_takers(rules, state, ["war", "kra"])  # Krakow was entered by a retreat, later
    ['germany']
    >>> state.arrivals["war"] = 2
    >>> last_centre_takers(rules, state, ["war", "kra"])  # both in the retreats: a true tie
    ['germany', 'ussr']
    """
    latest = max(state.arrivals.get(c, 0) for c in lost)
    took = {state.owners[c] for c in lost if state.arrivals.get(c, 0) == latest}
    return [p.id for p in rules.scenario.powers if p.id in took]


def eliminations(rules: DiplomacyRules, state: DiplomacyState, old: dict[str, str]) -> list[Event]:
    """Powers that lost their last centre at this update: each becomes the taker's province, or, when
    several powers took its last centres together, waits for the officers' ruling."""
    events = []
    counts = rules.centres(state)
    for pw in sorted(rules.powers):
        had = [c for c, o in old.items() if o == pw]
        if not had or counts.get(pw, 0) or pw in state.eliminated:
            continue
        lost = [c for c in had if c in state.owners]
        takers = last_centre_takers(rules, state, lost) if lost else []
        name = rules.power_name(pw)
        if len(takers) > 1:
            state.eliminated[pw] = ""
            state.province_ties[pw] = tuple(takers)
            who = " and ".join(rules.power_name(t) for t in takers)
            events.append(Event(kind="eliminated", teams=(pw,), data={"power": pw, "by": "", "candidates": takers},
                                text=f"{name} has lost its last supply centre: {who} took its last centres in the "
                                "same season, so the rule names no one; its country stays unassigned until the "
                                "officers rule (rule_province)"))
            events.append(Event(kind="province_tie", teams=(pw, *takers), data={"power": pw, "candidates": takers},
                                text=f"The officers must rule whose province {name} becomes: {who}"))
            continue
        taker = takers[0] if takers else ""
        state.eliminated[pw] = taker
        events.append(Event(kind="eliminated", teams=tuple(t for t in (pw, taker) if t),
                            data={"power": pw, "by": taker},
                            text=f"{name} has lost its last supply centre: its country becomes a province of "
                            f"{rules.power_name(taker)}"))
    return events


def pending(state: DiplomacyState) -> dict[str, tuple[str, ...]]:
    """Eliminated powers whose country waits for the officers' ruling -> the candidates."""
    return {p: c for p, c in state.province_ties.items() if state.eliminated.get(p) == ""}


def check_rule_province(rules: DiplomacyRules, state: DiplomacyState, cmd: RuleProvince) -> list[str]:
    power, to = rules.find_power(cmd.power), rules.find_power(cmd.to)
    if power is None or to is None:
        bad = cmd.power if power is None else cmd.to
        return [Impossible(f"unknown power {bad!r}; powers are {sorted(rules.powers)}")]
    name = rules.power_name(power)
    if power not in state.eliminated:
        return [Impossible(f"{name} is not eliminated: its country is no one's province")]
    if to == power:
        return [Impossible(f"{name} cannot be a province of itself")]
    now = state.eliminated[power]
    if now == to:
        return [f"{name} is already a province of {rules.power_name(to)}"]
    ties = state.province_ties.get(power)
    if ties is not None:
        if to not in ties:
            who = " and ".join(rules.power_name(t) for t in ties)
            return [f"{rules.power_name(to)} took none of {name}'s last supply centres ({who} took them in the same "
                    f"season): {RULE}"]
        return []
    return [f"the rule decides: {rules.power_name(now)} took {name}'s last supply centre, so {name} is its "
            f"province ({RULE}); the officers' ruling is for a tie"]


def apply_rule_province(rules: DiplomacyRules, state: DiplomacyState, cmd: RuleProvince) -> list[Event]:
    power = rules.find_power(cmd.power) or cmd.power
    to = rules.find_power(cmd.to) or cmd.to
    was = state.eliminated.get(power, "")
    state.eliminated[power] = to
    name, why = rules.power_name(power), f" ({cmd.reason})" if cmd.reason else ""
    if was:
        text = (f"The officers change their ruling: {name}'s country becomes a province of {rules.power_name(to)}, "
                f"no longer of {rules.power_name(was)}{why}")
    else:
        text = f"The officers rule: {name}'s country becomes a province of {rules.power_name(to)}{why}"
    return [Event(kind="province_ruled", teams=tuple(t for t in (power, to, was) if t),
                  data={"power": power, "to": to, "was": was, "reason": cmd.reason}, text=text)]


def province_section(rules: DiplomacyRules, state: DiplomacyState) -> Section | None:
    """Eliminated countries: whose province each is, or that the officers must rule between candidates."""
    if not state.eliminated:
        return None
    rows = []
    for p in rules.scenario.powers:
        if p.id not in state.eliminated:
            continue
        taker = state.eliminated[p.id]
        ties = state.province_ties.get(p.id, ())
        cands = " or ".join(rules.power_name(t) for t in ties)
        rows.append([p.name, rules.power_name(taker) if taker else "awaiting the officers' ruling",
                     ("ruled between " if taker else "tie: ") + cands if ties else "the rule"])
    return Section(id="provinces", title="Eliminated countries", columns=["Country", "Province of", "Decided by"],
                   rows=rows)
