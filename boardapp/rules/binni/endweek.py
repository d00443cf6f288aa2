"""The end of the week (the ``end_turn`` command), in the digest's order: occupation, displaced
people, special-forces upkeep, influence cards, then the next week.

Digest section "End of turn, in order", and "Units" (special forces: $M2 per turn or the unit
leaves the map).
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.control import occupation
from boardapp.rules.binni.displaced import assist_and_age, surplus_people_move
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.influence import top_up_cards
from boardapp.rules.binni.state import BinniState


def check_end_turn(rules: BinniFacts, state: BinniState, cmd: c.EndTurn) -> list[str]:
    return []


def apply_end_turn(rules: BinniFacts, state: BinniState, cmd: c.EndTurn, dice: Dice) -> list[Event]:
    events: list[Event] = []
    week = state.week
    occupation(rules, state, events)
    surplus_people_move(rules, state, events)
    assist_and_age(rules, state, events)
    special_forces_upkeep(rules, state, events)
    top_up_cards(rules, state, dice, events)
    for team in sorted(state.teams.values(), key=lambda t: t.id):
        if team.collateral:
            events.append(Event(kind="pr_suggestion", text=f"{rules.team_name(team.id)} caused {team.collateral} "
                                "collateral effects this week: CONTROL may lower its PR", teams=(team.id,),
                                data={"collateral": team.collateral}))
        team.collateral = 0
    for ctr in state.counters.values():
        ctr.moved = ctr.attacked = ctr.activated = False
    state.conflict = []
    state.week += 1
    last = " (the game's last week is over)" if week >= rules.settings.weeks else ""
    events.append(Event(kind="week", text=f"Week {week} ends; week {state.week} begins{last}",
                        data={"week": state.week}))
    return events


def special_forces_upkeep(rules: BinniFacts, state: BinniState, events: list[Event]) -> None:
    for ctr in sorted(state.counters.values(), key=lambda u: u.id):
        upkeep = rules.types[ctr.type].upkeep
        if not upkeep or ctr.place is None or ctr.destroyed:
            continue
        ts = state.teams[ctr.team]
        if ts.money >= upkeep:
            ts.money -= upkeep
            events.append(Event(kind="upkeep", text=f"{rules.team_name(ctr.team)} pays $M{upkeep} upkeep for "
                                f"{ctr.id}", teams=(ctr.team,), counters=(ctr.id,)))
        else:
            where = ctr.place
            state.relocate(ctr, None)
            ctr.held_since = None
            events.append(Event(kind="upkeep", text=f"{rules.counter_name(state, ctr.id)} leaves the map from "
                                f"{rules.place_name(where)}: {rules.team_name(ctr.team)} cannot pay $M{upkeep} upkeep",
                                teams=(ctr.team,), places=(where,), counters=(ctr.id,)))
