"""A LAN host's refusal, as the board's game sources raise it."""

from __future__ import annotations

from typing import Any

from boardapp.engine.module import IllegalCommandError


class NetRefusal(IllegalCommandError):
    """The host refused a command (or it is queued while offline); ``code`` says which."""

    def __init__(self, command: Any, reasons: list[str] | tuple[str, ...], code: str) -> None:
        self.command = command
        self.reasons = list(reasons)
        self.code = code
        self.forceable = code == "illegal"
        ValueError.__init__(self, f"{code}: " + "; ".join(self.reasons))
