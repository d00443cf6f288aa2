"""Alliances: CONTROL records that two teams are allied (their places count as friendly to each
other and their units are not hostile) or no longer.

Digest section "Movement" (ruling: "A faction may grant another passage"); alliances are kept
mutual.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState


def check_set_alliance(rules: BinniFacts, state: BinniState, cmd: c.SetAlliance) -> list[str]:
    a, b = cmd.teams
    if err := rules.no_team(state, a) or rules.no_team(state, b):
        return [err]
    return ["a team cannot ally with itself"] if a == b else []


def apply_set_alliance(rules: BinniFacts, state: BinniState, cmd: c.SetAlliance, dice: Dice) -> list[Event]:
    a, b = cmd.teams
    for x, y in ((a, b), (b, a)):
        allies = state.teams[x].allies
        if cmd.allied and y not in allies:
            allies.append(y)
            allies.sort()
        if not cmd.allied and y in allies:
            allies.remove(y)
    verb = "are now allies" if cmd.allied else "are no longer allies"
    return [Event(kind="alliance", text=f"{rules.team_name(a)} and {rules.team_name(b)} {verb} ({cmd.reason})",
                  teams=(a, b))]
