"""The commands of a table-driven game (docs/designing-rules.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, COUNTER, TEAM


class Move(Command):
    """Move a unit along roads to a place within its movement points (its one move this turn)."""

    kind: Literal["move"] = "move"
    counter: Annotated[str, COUNTER] = Field(description="The unit that moves.")
    to: Annotated[str, CHOSEN] = Field(description="The destination place.")


class Attack(Command):
    """Units next to a place attack every enemy unit there."""

    kind: Literal["attack"] = "attack"
    attackers: Annotated[list[str], COUNTER] = Field(min_length=1, max_length=100, description="The attacking units.")
    place: Annotated[str, CHOSEN] = Field(description="The place attacked.")


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
