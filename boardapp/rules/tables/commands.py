"""The commands of a table-driven game (docs/designing-rules.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, COUNTER, TEAM, side


class Move(Command):
    """Move a unit along roads to a place within its movement points (its one move this turn)."""

    kind: Literal["move"] = "move"
    counter: Annotated[str, COUNTER] = Field(description="The unit that moves.")
    to: Annotated[str, CHOSEN] = Field(description="The destination place.")
    pay_with: Annotated[str | None, CHOSEN] = Field(
        None, description="The resource (track) paid to enter a place another team holds, when costs.enter_held "
        "offers several; empty: the first the team can afford.")


class Attack(Command):
    """Units next to a place attack every enemy unit there."""

    kind: Literal["attack"] = "attack"
    attackers: Annotated[list[str], COUNTER] = Field(min_length=1, max_length=100, description="The attacking units.")
    place: Annotated[str, CHOSEN] = Field(description="The place attacked.")
    attacker_losses: Annotated[list[str], CHOSEN] = Field(
        default_factory=list, max_length=100, description="The attacker's choice of which of its units are lost "
        "first, in order; the rest of the losses (or all, when empty) fall as the combat table says.")
    defender_losses: Annotated[list[str], side("defender")] = Field(
        default_factory=list, max_length=100, description="The defender's choice of which of its units are lost "
        "first, in order (the defender's seat decides it); the rest fall as the combat table says.")
    retreat_to: Annotated[dict[str, str], side("defender")] = Field(
        default_factory=dict, max_length=100, description="The defender's choice of where its units retreat, "
        "unit -> place (one road away, no enemy units, room under the stacking limit); a unit not named, or "
        "whose place has no room left, goes by the rule (own place first, then neutral, by name).")
    attacker_extra: Annotated[int, CHOSEN] = Field(0, ge=0, le=1000, description="How much of combat.extra's "
                                                   "resource the attacker spends for extra strength.")
    defender_extra: Annotated[int, side("defender")] = Field(0, ge=0, le=1000, description="How much of "
                                                             "combat.extra's resource the defender spends (the "
                                                             "defender's seat decides it).")
    support: Annotated[list[str], CHOSEN] = Field(default_factory=list, max_length=20, description="The support "
                                                  "(combat.support ids) the attacker calls in.")


class SetTrack(Command):
    """CONTROL sets a team's track or resource to a value (within its limits)."""

    kind: Literal["set_track"] = "set_track"
    team: Annotated[str, TEAM] = Field(description="The team whose track it is.")
    track: Annotated[str, CHOSEN] = Field(description="The track or resource id.")
    value: Annotated[int, CHOSEN] = Field(ge=-1000000, le=1000000, description="Its new value.")


class EndTurn(Command):
    """End the turn: the scenario's end-of-turn steps in their order."""

    kind: Literal["end_turn"] = "end_turn"


COMMANDS: tuple[type[Command], ...] = (Move, Attack, SetTrack, EndTurn)
