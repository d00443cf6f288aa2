"""The source's sequence of play, I to VI, as the steps the referee walks through.

Each step names the commands that belong to it; any other step's command is refused (the
referee may force it). ``finish_step`` carries out the step's own processing (production,
growth, maintenance, attrition …) and moves to the next step.
"""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    code: str
    """The source's numbering: 'I', 'II.A', … 'VI.C'."""
    id: str
    title: str
    kinds: frozenset[str]
    """Command kinds done in this step (besides the ones allowed any time)."""
    does: str
    """What finishing the step does, in words (the checklist's line)."""


_COMBAT = frozenset({"roll_order", "redeploy", "supply", "replace", "remove", "move", "combat", "nuclear_strike"})

STEPS: tuple[Step, ...] = (
    Step("I", "sever", "Sever diplomatic relations", frozenset({"sever"}), "nothing more: breaches are immediate"),
    Step("II.A", "primary", "Primary production", frozenset(),
         "places each region's food, minerals, oil, coal, uranium and electricity in it"),
    Step("II.B", "secondary", "Secondary production", frozenset(), "pays each nation's money into its bank"),
    Step("II.C", "builds", "Builds", frozenset({"build", "convert", "buy_pips", "buy_insurgents", "declare_war",
                                                "research", "food_aid", "economic_aid"}),
         "closes the builds (they are placed in II.F)"),
    Step("II.D", "growth", "Population growth", frozenset(), "grows every region's population by its ED rate"),
    Step("II.E", "labour", "Labour reallocation", frozenset({"reallocate", "migrate"}), "closes labour moves"),
    Step("II.F", "placement", "Placement of builds", frozenset(), "places every build bought in II.C"),
    Step("III.A", "pip-conflict", "PIP conflict", frozenset({"diplomacy_order", "diplomatic_attack"}),
         "closes diplomatic conflict"),
    Step("III.B", "upgrades", "PIP upgrades", frozenset({"upgrade", "absorb"}), "closes upgrades"),
    Step("IV.A", "year-1", "Low intensity and first year", _COMBAT | {"low_attack"},
         "control after combat; hostile air and naval units withdraw"),
    Step("IV.B", "year-2", "Second year", _COMBAT, "control after combat; hostile air and naval units withdraw"),
    Step("IV.C", "year-3", "Third year", _COMBAT, "control after combat; hostile air and naval units withdraw"),
    Step("IV.D", "year-4", "Fourth year", _COMBAT, "control after combat; hostile air and naval units withdraw"),
    Step("IV.E", "year-5", "Fifth year", _COMBAT, "control after combat; hostile air and naval units withdraw"),
    Step("V", "trade", "Transportation and trade", frozenset({"ship", "voyage", "pay"}), "closes trade"),
    Step("VI.A", "maintenance", "Maintenance", frozenset({"neglect", "reactivate"}),
         "pays maintenance (money, fuel, energy, food); the unpaid become inactive; labour eats"),
    Step("VI.B", "attrition", "Attrition", frozenset(),
         "removes inactive transport nets on a 1, a third of starving labour and inactive items; "
         "unmaintained ground units turn insurgent"),
    Step("VI.C", "stand-down", "Voluntary stand-down", frozenset({"stand_down"}),
         "ends the turn: the ledger's history records it and the next turn begins"),
)

ANY_TIME = frozenset({"edit", "finish_step", "allow_transit", "friendly_ships", "make_peace"})
"""Commands with no step of their own."""

STEP_OF: dict[str, tuple[int, ...]] = {}
for _i, _s in enumerate(STEPS):
    for _k in _s.kinds:
        STEP_OF[_k] = (*STEP_OF.get(_k, ()), _i)

COMBAT_YEARS = tuple(i for i, s in enumerate(STEPS) if s.id.startswith("year-"))


def step_index(code_or_id: str) -> int | None:
    """The step's index from its code ('II.C') or id ('builds'), or None."""
    for i, s in enumerate(STEPS):
        if code_or_id in (s.code, s.id):
            return i
    return None


def where(kind: str) -> str:
    """In which step(s) a command kind belongs, in words."""
    return " or ".join(f"{STEPS[i].code} ({STEPS[i].title.lower()})" for i in STEP_OF.get(kind, ()))
