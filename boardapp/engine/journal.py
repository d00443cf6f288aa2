"""Journal entries: a command with everything needed to replay it exactly."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from boardapp.engine.module import Event


class JournalEntry(BaseModel):
    """One accepted command, with the dice it used and what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # built at the first entry read

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

    @model_validator(mode="after")
    def _unicode_only(self, info: ValidationInfo) -> JournalEntry:
        """Refuse text that is not Unicode (a lone surrogate such as ``\\ud800``, which Python's ``json``
        reads from an escape): it could never be stored, digested or sent. Text read as JSON by pydantic
        (a game file, the network) cannot hold one, so only entries made from Python data are walked."""
        if info.mode == "python":
            parts: list[tuple[Any, str]] = [(self.command, "command"), ([self.turn, self.at, self.id, self.overridden],
                                            "entry"), ([e.__dict__ for e in self.events], "events")]
            try:  # the usual case, at C speed: all of it encodes
                json.dumps([v for v, _ in parts], ensure_ascii=False, default=str).encode("utf-8")
                return self
            except (ValueError, TypeError):  # UnicodeEncodeError, or data json cannot write: walk it
                pass
            where = next((w for v, path in parts if (w := _lone_surrogate(v, path)) is not None), None)
            if where is not None:
                raise ValueError(f"{where} holds a lone surrogate (an escape such as \\ud800 that is not a "
                                 "character): it is not Unicode text")
        return self


def _lone_surrogate(value: Any, path: str) -> str | None:
    """Where in ``value`` (dicts, lists, text) a string holds a lone surrogate; None when nowhere."""
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return path
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _lone_surrogate(key, f"{path} (a key)") or _lone_surrogate(item, f"{path}.{key}")
            if found is not None:
                return found
    elif isinstance(value, list | tuple | set | frozenset):
        for i, item in enumerate(value):
            found = _lone_surrogate(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


EMPTY_DIGEST = hashlib.sha256(b"boardapp-journal").hexdigest()[:32]
"""The digest of an empty journal: where every chain starts."""


def digest_text(previous: str, text: str) -> str:
    """The chain digest after an entry stored as ``text`` (its JSON), given the digest before it.

    The game file checks its stored entries with this, byte for byte, so any change to a
    stored entry (one flipped bit, an emptied roll, a new seq) changes its digest.
    """
    h = hashlib.sha256(previous.encode("ascii"))
    h.update(text.encode("utf-8"))
    return h.hexdigest()[:32]


def entry_digest(previous: str, entry: JournalEntry) -> str:
    """The digest of a journal up to ``entry`` given the digest up to the entry before it.

    The network compares these between host and seats; the game file stores them beside
    each entry, so a file and a seat following its host agree on every prefix.

    >>> e = JournalEntry(seq=1, command={"kind": "end_turn"})
    >>> entry_digest(EMPTY_DIGEST, e) == digest_text(EMPTY_DIGEST, e.model_dump_json())
    True
    """
    return digest_text(previous, entry.model_dump_json())
