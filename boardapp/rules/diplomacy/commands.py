"""The Diplomacy-family commands: what CONTROL, an officer or a power's seat asks the rule module
to do (hand in a power's orders, reveal and resolve the phase, set political victory points), and
the two orders of the MUN Historical Committee's insurrection rule as values.

See ``docs/diplomacy.md`` (the commands) and ``../shared/rules/mun-historical.md`` (insurrection).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from boardapp.engine.module import Command


class SubmitOrders(Command):
    """A power's written orders for the current phase (secret until adjudication).

    Movement phase: hold, move, support, convoy, and Insurrection (``F Lon insurrection
    Russia`` or ``F Lon-Russia`` naming an eliminated power). Retreat phase: retreat or
    disband. Adjustment phase: build or disband. An eliminated power names the home centres
    it wants back, in order of preference: ``reclaim mos, stp, ros, mur, sib`` (optionally
    ``build F stp`` as a second order).
    """

    kind: Literal["submit_orders"] = "submit_orders"
    power: str
    orders: list[str] = Field(default_factory=list)


class Adjudicate(Command):
    """Reveal and resolve the current phase, then advance the calendar."""

    kind: Literal["adjudicate"] = "adjudicate"


class SetVictoryPoints(Command):
    """Set a power's political (non-territorial) victory points."""

    kind: Literal["set_victory_points"] = "set_victory_points"
    power: str
    points: int
    reason: str = ""


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
