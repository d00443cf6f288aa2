"""The Diplomacy-family commands: what CONTROL, an officer or a power's seat asks the rule module
to do (hand in a power's orders, reveal and resolve the phase, set political victory points), the
MUN Historical Committee officers' commands (political goals and their points, conferences, the
end of the game), and the two orders of the committee's insurrection rule as values.

See ``docs/diplomacy.md`` (the commands), ``docs/mun-historical.md`` (the officers' rulings) and
``../shared/rules/mun-historical.md`` (the rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, TEAM, side

Power = side("power")
"""The power a goal or award is for, by id or name (the module resolves the name to the power's id)."""
Delegations = side("delegations")
"""A conference's delegations, by id or name: each takes part, so each is concerned."""


class SubmitOrders(Command):
    """A power's written orders for the current phase (secret until adjudication).

    Movement phase: hold, move, support, convoy, and Insurrection (``F Lon insurrection
    Russia`` or ``F Lon-Russia`` naming an eliminated power). Retreat phase: retreat or
    disband. Adjustment phase: build or disband. An eliminated power names the home centres
    it wants back, in order of preference: ``reclaim mos, stp, ros, mur, sib`` (optionally
    ``build F stp`` as a second order).
    """

    kind: Literal["submit_orders"] = "submit_orders"
    power: Annotated[str, TEAM]
    orders: Annotated[list[str], CHOSEN] = Field(default_factory=list)


class Adjudicate(Command):
    """Reveal and resolve the current phase, then advance the calendar."""

    kind: Literal["adjudicate"] = "adjudicate"


class SetVictoryPoints(Command):
    """Set a power's political (non-territorial) victory points."""

    kind: Literal["set_victory_points"] = "set_victory_points"
    power: Annotated[str, TEAM]
    points: Annotated[int, CHOSEN]
    reason: Annotated[str, CHOSEN] = ""


class SetGoals(Command):
    """The officers give a power its two political goals ("for their country alone": secret to that
    delegation and the officers). Setting them again rewrites the texts; points already awarded stay."""

    kind: Literal["set_goals"] = "set_goals"
    power: Annotated[str, Power]
    goals: Annotated[list[str], CHOSEN] = Field(description="The two goals' texts, goal 1 first.")


class ProposeGoal(Command):
    """A delegation's own proposal for a third political goal, as the officers received it
    (waiting for their ruling: ``rule_goal``). A new proposal replaces an earlier one not yet ruled on."""

    kind: Literal["propose_goal"] = "propose_goal"
    power: Annotated[str, Power]
    goal: Annotated[str, CHOSEN]


class RuleGoal(Command):
    """The officers allow or deny a power's proposed third goal."""

    kind: Literal["rule_goal"] = "rule_goal"
    power: Annotated[str, Power]
    allowed: Annotated[bool, CHOSEN]
    reason: Annotated[str, CHOSEN] = ""


class AwardPoints(Command):
    """The officers award political victory points for one of a power's goals (1, 2 or the proposed 3).

    The award replaces an earlier one for the same goal (a correction); the score table shows the
    points and the turn they were awarded in."""

    kind: Literal["award_points"] = "award_points"
    power: Annotated[str, Power]
    goal: Annotated[int, CHOSEN] = Field(description="1 or 2 (the officers' goals) or 3 (the power's own, if allowed).")
    points: Annotated[int, CHOSEN]
    reason: Annotated[str, CHOSEN] = ""


class OpenConference(Command):
    """A congress, conference or convention begins: a name, the province where it meets, at least
    three delegations (the organiser first), and its form."""

    kind: Literal["open_conference"] = "open_conference"
    name: Annotated[str, CHOSEN]
    location: Annotated[str, CHOSEN] = Field(description="The province where it is held (id or name).")
    powers: Annotated[list[str], Delegations] = Field(description="The participating delegations (power ids or names).")
    form: Annotated[Literal["congress", "conference", "convention"], CHOSEN] = "conference"


class EndConference(Command):
    """The running conference ends before its year is up (its business done, or the officers close it)."""

    kind: Literal["end_conference"] = "end_conference"
    reason: Annotated[str, CHOSEN] = ""


class RuleProvince(Command):
    """The officers rule whose province an eliminated power's country becomes when the rule does not decide
    (two or more powers took its last supply centres in the same season), or change that ruling (logged)."""

    kind: Literal["rule_province"] = "rule_province"
    power: Annotated[str, CHOSEN] = Field(description="The eliminated power (id or name).")
    to: Annotated[str, CHOSEN] = Field(description="The power whose province it becomes: one of the powers that "
                                       "took its last centres (id or name).")
    reason: Annotated[str, CHOSEN] = Field("", description="Why, for the log.")


class EndGame(Command):
    """The officers end the game: final scores, a single winner or a draw."""

    kind: Literal["end_game"] = "end_game"
    reason: Annotated[str, CHOSEN] = ""


OFFICERS_ONLY = frozenset({"set_goals", "rule_goal", "award_points", "set_victory_points", "end_game",
                           "rule_province"})
"""Kinds only CONTROL (the presiding officers) may send: the digest says the officers set the goals,
allow or deny the third and award the points, and they end the game; the rules make them "the final
arbiter in any dispute about the rules" (whose province an eliminated country becomes, in a tie)."""


@dataclass(frozen=True)
class Insurrection:
    """A power gives one of its units to the insurrection for an eliminated power
    (``F Lon insurrection Russia``)."""

    unit: str  # region of the unit given
    target: str  # power


@dataclass(frozen=True)
class Reclaim:
    """An eliminated power names the home centres it wants back, in order of preference, or the
    unit it builds if the insurrection succeeds (``reclaim mos, stp, ros`` / ``build F stp``)."""

    centres: tuple[str, ...]
    build: tuple[str, str] | None = None  # (A|F, region)
