"""Journal entries: a command with everything needed to replay it exactly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from boardapp.engine.module import Event


class JournalEntry(BaseModel):
    """One accepted command, with the dice it used and what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int = Field(description="1, 2, 3, … in the order the game accepted the commands.")
    command: dict[str, Any] = Field(description="The command as data (its 'kind' says which).")
    rolls: list[int] = Field(default_factory=list, description="Every random number the command drew.")
    events: list[Event] = Field(default_factory=list, description="What happened.")
    overridden: list[str] = Field(
        default_factory=list, description="Rules the command broke, forced by CONTROL's ruling (command.force)."
    )
    turn: str = Field("", description="The turn in which it was played ('Week 3').")
    at: str = Field("", description="Wall-clock time it was accepted, ISO 8601.")
    id: str | None = Field(None, description="The sender's unique id for the command (network resends).")
