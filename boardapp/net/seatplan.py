"""The seats to make when hosting, as the Host dialog writes them and ``boardapp host --seats FILE`` reads them.

A **seats plan** says which seats a game is hosted with — roles, names, limits, players — and holds no join
code: the codes stay in the game's own seats file (``GAME_FILE.seats.json``, mode 0600), which the host
keeps. So a plan can be written anywhere, mailed and reused; hosting with it keeps every code that seat
already had and makes the missing ones (docs/network.md, "Seats plan files")::

    {"format": "boardapp-seats", "version": 1,
     "seats": [{"role": "control", "name": "CONTROL"},
               {"role": "umpire", "name": "umpire 1", "teams": ["Rebels", "un"], "allies": true},
               {"role": "player", "player": "gov-mil"},
               {"role": "viewer", "name": "big screen"}]}

``teams`` and ``player`` take ids or names, any case; they are checked against the game's rule module and
stored as ids. A player seat's name defaults to ``"<player> player"`` (as :meth:`Host.add_seat` names it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardapp.model.problems import FileProblemsError
from boardapp.model.reading import read_bounded

FORMAT = "boardapp-seats"
PLAN_BYTES = 4 * 1024 * 1024
"""The largest seats plan read (a plan of 1,000 seats is about 100 kB)."""
VERSION = 1
ROLES = ("control", "umpire", "player", "viewer")
_KEYS = {"role", "name", "teams", "allies", "player"}


@dataclass(frozen=True)
class SeatSpec:
    """One seat to host with: a role, a name and, for an umpire, the teams it is limited to (None: every
    team) and whether it also plays for their allies; for a player seat, its player (an id of the module's)."""

    role: str
    name: str
    teams: tuple[str, ...] | None = None
    allies: bool = False
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"role": self.role, "name": self.name}
        if self.teams is not None:
            data["teams"] = list(self.teams)
        if self.allies:
            data["allies"] = True
        if self.player is not None:
            data["player"] = self.player
        return data


class SeatPlanError(ValueError):
    """A seats plan (or a ``--player`` name) that cannot be used: the message names the file, the seat and what."""


def _lookup(words: dict[str, str], word: str) -> str | None:
    return words.get(word.strip().casefold())


def player_ids(module: Any) -> dict[str, str]:
    """Every way to name a player of ``module`` (its id; a team's name when the player is a team), folded to
    lower case -> the player's id."""
    players = list(getattr(module, "players", []) or [])
    names = {t.id: t.name for t in getattr(module, "teams", [])}
    out = {p.casefold(): p for p in players}
    for p in players:
        if p in names:
            out.setdefault(names[p].casefold(), p)
    return out


def team_ids(module: Any) -> dict[str, str]:
    """Every way to name a team of ``module`` (id or name, folded) -> its id."""
    out: dict[str, str] = {}
    for t in getattr(module, "teams", []):
        out[t.id.casefold()] = t.id
        out.setdefault(t.name.casefold(), t.id)
    return out


def resolve_player(module: Any, word: str, where: str = "--player") -> str:
    """The player id ``word`` names (an id or a team's name, any case); a :class:`SeatPlanError` naming it and
    listing the players otherwise."""
    found = _lookup(player_ids(module), word)
    if found is None:
        players = ", ".join(getattr(module, "players", []) or []) or "none"
        raise SeatPlanError(f"{where}: {word!r} is not a player of this game; its players are {players}")
    return found


def player_seat(module: Any, word: str, where: str = "--player") -> SeatSpec:
    """The player seat for ``word`` (``boardapp host --player NAME``)."""
    player = resolve_player(module, word, where)
    return SeatSpec(role="player", name=f"{player} player", player=player)


def read_plan(path: str | Path, module: Any) -> list[SeatSpec]:
    """The seats a plan file holds, checked against ``module`` (teams and players by id or name). Raises
    :class:`SeatPlanError` naming the file, the seat (by its number and name) and what is wrong."""
    path = Path(path)
    try:  # bounded: a device or a FIFO given by mistake is refused, never read for ever
        data = json.loads(read_bounded(path, PLAN_BYTES).decode("utf-8"))
    except FileProblemsError as exc:
        raise SeatPlanError(f"{path}: cannot read the seats plan: {exc.problems[0].message}") from None
    except OSError as exc:
        raise SeatPlanError(f"{path}: cannot read the seats plan ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SeatPlanError(f"{path}: the seats plan is not UTF-8 text") from None
    except RecursionError:
        raise SeatPlanError(f"{path}: the seats plan is nested too deep to be one") from None
    except json.JSONDecodeError as exc:
        raise SeatPlanError(f"{path}:{exc.lineno}:{exc.colno}: the seats plan is not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SeatPlanError(f"{path}: not a seats plan (a JSON object with \"format\": \"{FORMAT}\"); a game's own "
                            "seats file with its codes (GAME.seats.json) is not given here: it is kept beside the game")
    version = data.get("version")
    if type(version) is not int or version > VERSION or version < 1:
        raise SeatPlanError(f"{path}: seats plan version {version!r} is not one this boardapp reads (it reads "
                            f"{VERSION})")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise SeatPlanError(f"{path}: \"seats\" should be a list of seats")
    return check_plan(seats, module, str(path))


def check_plan(seats: Sequence[Any], module: Any, where: str = "seats plan") -> list[SeatSpec]:
    """Seats given as JSON data (a plan's ``seats``), checked against ``module``."""
    teams = team_ids(module)
    out: list[SeatSpec] = []
    seen: set[tuple[str, str]] = set()
    for i, item in enumerate(seats, 1):
        label = f"{where}: seat {i}"
        if not isinstance(item, dict):
            raise SeatPlanError(f"{label} should be an object with a role, not {type(item).__name__}")
        name = item.get("name")
        if name is not None:
            label += f" ({name!r})"
        unknown = sorted(set(item) - _KEYS)
        if unknown:
            raise SeatPlanError(f"{label} has unknown keys {', '.join(map(repr, unknown))} (a seat has "
                                f"{', '.join(sorted(_KEYS))})")
        role = item.get("role")
        if role not in ROLES:
            raise SeatPlanError(f"{label} has the role {role!r}; roles are {', '.join(ROLES)}")
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 80):
            raise SeatPlanError(f"{label}: a name is text of 1 to 80 characters")
        player = item.get("player")
        if role == "player":
            if not isinstance(player, str):
                raise SeatPlanError(f"{label}: a player seat names its player: one of "
                                    f"{', '.join(getattr(module, 'players', []) or [])}")
            player = resolve_player(module, player, label)
        elif player is not None:
            raise SeatPlanError(f"{label}: only a player seat names a player (this is a {role} seat)")
        limit = item.get("teams")
        resolved: tuple[str, ...] | None = None
        if limit is not None:
            if role != "umpire":
                raise SeatPlanError(f"{label}: only an umpire seat is limited to teams (this is a {role} seat)")
            if not isinstance(limit, list) or not all(isinstance(t, str) for t in limit):
                raise SeatPlanError(f"{label}: \"teams\" is a list of team ids or names")
            ids = []
            for word in limit:
                found = _lookup(teams, word)
                if found is None:
                    raise SeatPlanError(f"{label}: {word!r} is not a team of this game; its teams are "
                                        f"{', '.join(t.id for t in getattr(module, 'teams', []))}")
                ids.append(found)
            resolved = tuple(sorted(set(ids)))
        allies = item.get("allies", False)
        if not isinstance(allies, bool):
            raise SeatPlanError(f"{label}: \"allies\" is true or false")
        if allies and resolved is None:
            raise SeatPlanError(f"{label}: \"allies\" widens an umpire limited to some teams; give its \"teams\"")
        spec = SeatSpec(role=role, name=(name or "").strip() or _default_name(role, player, out),
                        teams=resolved, allies=allies, player=player)
        if (spec.role, spec.name) in seen:
            raise SeatPlanError(f"{label}: a second {role} seat named {spec.name!r} (names tell seats apart)")
        seen.add((spec.role, spec.name))
        out.append(spec)
    return out


def _default_name(role: str, player: str | None, before: Iterable[SeatSpec]) -> str:
    if role == "player":
        return f"{player} player"
    if role == "control":
        return "CONTROL"
    n = sum(1 for s in before if s.role == role) + 1
    return "big screen" if role == "viewer" and n == 1 else f"{role} {n}"


def write_plan(path: str | Path, seats: Iterable[SeatSpec]) -> None:
    """Write a seats plan (no codes in it: the game's seats file keeps them)."""
    data = {"format": FORMAT, "version": VERSION, "seats": [s.to_json() for s in seats]}
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def apply_plan(host: Any, seats: Iterable[SeatSpec]) -> list[str]:
    """Make the host's seats what ``seats`` say: a seat already there (same role and name, not revoked) keeps its
    code, and its limits are set as the plan says; a missing one is made with a new code. Seats the plan does not
    name are kept (Kick revokes a code). What changed, in words, for the log."""
    said: list[str] = []
    module = getattr(getattr(host, "game", None), "module", None)
    for spec in seats:
        grant = next((g for g in host.grants.values() if g.role == spec.role and g.name == spec.name
                      and not g.revoked), None)
        wanted = frozenset(spec.teams) if spec.teams is not None else None
        if grant is None:
            grant = host.add_seat(spec.role, spec.name, spec.teams, player=spec.player)
            said.append(f"new join code made for {spec.name} ({spec.role})")
        elif spec.role == "umpire" and grant.teams != wanted:
            before = teams_words(module, grant.teams)
            grant.teams = wanted
            said.append(f"{spec.name}: teams changed from {before} to {teams_words(module, wanted)}")
        if spec.role == "umpire" and grant.allies != spec.allies:
            grant.allies = spec.allies
            said.append(f"{spec.name}: " + ("now also plays for the allies of " if spec.allies else
                                            "no longer plays for the allies of ") + teams_words(module, grant.teams))
    return said


def teams_words(module: Any, teams: Iterable[str] | None) -> str:
    """'every team' or the teams' names, as people read them ('Egypt, Jordan')."""
    if teams is None:
        return "every team"
    names = {t.id: t.name for t in getattr(module, "teams", [])}
    return ", ".join(sorted(names.get(t, t) for t in teams)) or "no team"
