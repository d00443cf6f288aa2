"""A seat's grant: its join code and what it may do, and the game's seats file (``GAME_FILE.seats.json``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardapp.engine.module import Audience
from boardapp.model.problems import FileProblemsError
from boardapp.model.reading import read_bounded
from boardapp.net import codes
from boardapp.net import protocol as p

SEATS_BYTES = 16 * 1024 * 1024
"""The largest seats file read (a thousand seats take about 200 kB)."""


@dataclass
class Grant:
    """A seat: a join code (token) and what it may do."""

    role: p.Role
    name: str
    token: str = field(default_factory=codes.new_code)
    """The join code: ``K7QX-M4TD-9RHC-WP3N`` (:mod:`boardapp.net.codes`; older seats files' codes are kept)."""
    teams: frozenset[str] | None = None
    """For umpires: the teams whose commands they may play (None: every team). A player seat: its player."""
    revoked: bool = False
    player: str | None = None
    """For a player seat: the player (team) it plays and sees for."""
    allies: bool = False
    """For a limited umpire: also the allies of its teams, as the alliances stand at each command."""

    @property
    def key(self) -> str:
        """A public name for the seat that does not give its code away: the journal's entry ids end in it."""
        return hashlib.sha256(self.token.encode("utf-8")).hexdigest()[:12]

    @property
    def audience(self) -> Audience:
        """What this seat may see: everything (CONTROL, umpires), one player's view, or the public's."""
        if self.role in ("control", "umpire"):
            return Audience.CONTROL
        if self.role == "player" and self.player is not None:
            return Audience.player_seat(self.player)
        return Audience.PUBLIC

    @property
    def follows_journal(self) -> bool:
        """CONTROL and umpires get the journal (a replica); viewers and players get views only."""
        return self.role in ("control", "umpire")

    def to_json(self) -> dict[str, Any]:
        data = {"role": self.role, "name": self.name, "token": self.token,
                "teams": sorted(self.teams) if self.teams is not None else None, "revoked": self.revoked}
        if self.player is not None:
            data["player"] = self.player
        if self.allies:
            data["allies"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Grant:
        teams = data.get("teams")
        return cls(role=data["role"], name=data["name"], token=data["token"],
                   teams=frozenset(teams) if teams is not None else None, revoked=bool(data.get("revoked")),
                   player=data.get("player"), allies=bool(data.get("allies")))


def read_grants(path: str | Path) -> list[Grant]:
    """The seats saved in a seats file (``GAME_FILE.seats.json``), in order; a ValueError that names the file
    and what is wrong with it (never a traceback from deep inside)."""
    path = Path(path)
    try:  # bounded: a device or a FIFO in its place is refused, never read for ever
        data = json.loads(read_bounded(path, SEATS_BYTES).decode("utf-8"))
    except FileProblemsError as exc:
        raise ValueError(f"{path}: cannot read the seats file: {exc.problems[0].message}") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the seats file ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, RecursionError):
        raise ValueError(f"{path}: the seats file is not JSON text; restore it or delete it to make new join "
                         "codes") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}:{exc.colno}: the seats file is not valid JSON ({exc.msg}); "
                         f"restore it or delete it to make new join codes") from None
    if not isinstance(data, list):
        raise ValueError(f"{path}: the seats file should hold a list of seats, not {type(data).__name__}")
    grants = []
    for i, item in enumerate(data, 1):
        try:
            grant = Grant.from_json(item)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}: seat {i} lacks or garbles {exc}; each seat needs role, name and token") \
                from None
        if grant.role not in ("control", "umpire", "viewer", "player"):
            raise ValueError(f"{path}: seat {i} ({grant.name!r}) has the unknown role {grant.role!r}")
        grants.append(grant)
    return grants


