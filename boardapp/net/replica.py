"""What the host and the seats share: the journal digest, replaying a received entry, public views.

A seat's replica is an ordinary :class:`~boardapp.engine.game.Game` without a game file. It never
rolls dice or checks rules itself: it replays the host's journal entries with their recorded
dice, so its state is the host's state entry for entry.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from boardapp.engine.game import Game
from boardapp.engine.journal import JournalEntry, entry_digest
from boardapp.engine.module import Command

_EMPTY = hashlib.sha256(b"boardapp-journal").hexdigest()[:32]


class OutOfOrderError(ValueError):
    """A received entry does not follow the replica's last entry."""


class Chain:
    """Digests of a game's journal prefixes, kept up to date through :meth:`Game.subscribe`.

    ``digest(n)`` identifies the first ``n`` entries: two journals with equal digests at ``n`` hold
    the same ``n`` entries (the same commands, dice, times and ids).
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._digests: list[str] = []
        self._recompute()
        self.unsubscribe = game.subscribe(self._changed)

    def _recompute(self) -> None:
        self._digests = []
        prev = _EMPTY
        for entry in self.game.entries:
            prev = entry_digest(prev, entry)
            self._digests.append(prev)

    def _changed(self, what: str, entry: JournalEntry | None) -> None:
        if what in ("push", "redo") and entry is not None and len(self._digests) + 1 == len(self.game.entries):
            self._digests.append(entry_digest(self.digest(len(self._digests)), entry))
        elif what == "undo" and len(self._digests) == len(self.game.entries) + 1:
            self._digests.pop()
        else:
            self._recompute()

    def digest(self, n: int | None = None) -> str:
        """The digest of the first ``n`` entries (all of them by default)."""
        n = len(self._digests) if n is None else n
        return _EMPTY if n == 0 else self._digests[n - 1]


def head(game: Game[Any]) -> int:
    return game.entries[-1].seq if game.entries else 0


def apply_entry(game: Game[Any], entry: JournalEntry) -> None:
    """Append a journal entry the host accepted: replay it with its recorded dice, verifying its events.

    Raises :class:`OutOfOrderError` if it does not follow the last entry, and ReplayMismatchError if
    the replica's state gives other events (the replica then needs a full resync).
    """
    if entry.seq != head(game) + 1:
        raise OutOfOrderError(f"entry {entry.seq} does not follow entry {head(game)}")
    game.sync_to([*game.entries, entry])


def redo_entry(game: Game[Any], entry: JournalEntry) -> None:
    """Play again an entry CONTROL redid: from the replica's redo stack if it is there, else appended
    (keeping the entries undone after it)."""
    if entry.seq != head(game) + 1:
        raise OutOfOrderError(f"entry {entry.seq} does not follow entry {head(game)}")
    still_undone = [e for e in reversed(game.redo_stack) if e.seq > entry.seq]
    game.sync_to([*game.entries, entry], still_undone)


# --- setup ----------------------------------------------------------------------------------------
def setup_data(game: Game[Any]) -> dict[str, Any]:
    """The rules, scenario and map of a game, as JSON-able data."""
    module = game.module
    return {
        "rules": module.scenario.rules,
        "scenario": module.scenario.model_dump(mode="json"),
        "map": module.map.model_dump(mode="json"),
    }


def game_id_of(setup: dict[str, Any]) -> str:
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def public_teams(game: Game[Any]) -> list[dict[str, Any]]:
    """The public part of the scenario's teams (id, name, colour, symbol), for viewers."""
    out = []
    for team in game.module.teams:
        out.append({k: getattr(team, k) for k in ("id", "name", "colour", "symbol", "on_map") if hasattr(team, k)})
    return out


def build_game(rules: str, scenario: dict[str, Any], the_map: dict[str, Any]) -> Game[Any]:
    """A fresh replica (no game file) for a setup message."""
    from boardapp.model.mapfile import Map
    from boardapp.rules import get_module

    module_cls = get_module(rules)
    module = module_cls(module_cls.scenario_model.model_validate(scenario), Map.model_validate(the_map))
    return Game(module)


# --- what public screens see --------------------------------------------------------------------
def public_board(game: Game[Any]) -> dict[str, Any]:
    """The board picture a viewer may see: no hidden pieces or tokens, no hidden track keys.

    Hidden track keys (War in Binni: cards, money, stores …) are removed from every track; the
    list of hidden keys itself is kept so a screen can say "hidden".
    """
    pic = game.module.board(game.state)
    hidden_keys = set(pic.hidden_keys)
    data = dataclasses.asdict(pic)
    data["pieces"] = [p for p in data["pieces"] if not p.get("hidden")]
    for p in data["pieces"]:
        p.pop("hidden", None)
        p.pop("tooltip", None)  # tooltips carry values meant for umpires
    data["tokens"] = [t for t in data["tokens"] if not t.get("hidden")]
    for t in data["tokens"]:
        t.pop("hidden", None)
    data["tracks"] = [{k: v for k, v in track.items() if k not in hidden_keys} for track in data["tracks"]]
    data["sections"] = [s for s in data.get("sections", []) if not s.get("hidden")]
    data["hidden_keys"] = sorted(hidden_keys)
    return data


# --- who a command concerns -----------------------------------------------------------------------
_TEAM_FIELDS = ("team", "by", "owner", "source")
_COUNTER_FIELDS = ("counter",)
_COUNTER_LIST_FIELDS = ("attackers", "counters")


def command_teams(game: Game[Any], cmd: Command) -> set[str]:
    """The teams acting in a command, as far as its fields tell (for umpires limited to some teams).

    Team fields (team, by, owner, from) name them directly; counter fields (counter, attackers,
    counters) through the counters' teams; an influence contest concerns every bidding team; a
    handover the team holding the place. Commands naming no team (news, end of turn) concern none.
    """
    teams: set[str] = set()
    for name in _TEAM_FIELDS:
        value = getattr(cmd, name, None)
        if isinstance(value, str):
            teams.add(value)
    counters = getattr(game.state, "counters", None) or {}

    def team_of(cid: Any) -> None:
        ctr = counters.get(cid) if isinstance(cid, str) else None
        team = getattr(ctr, "team", None)
        if isinstance(team, str):
            teams.add(team)

    for name in _COUNTER_FIELDS:
        team_of(getattr(cmd, name, None))
    for name in _COUNTER_LIST_FIELDS:
        for cid in getattr(cmd, name, None) or []:
            team_of(cid)
    bids = getattr(cmd, "bids", None)
    if isinstance(bids, dict):
        teams.update(k for k in bids if isinstance(k, str))
    if cmd.kind == "handover":
        holder = (getattr(game.state, "control", None) or {}).get(getattr(cmd, "place", None))
        if isinstance(holder, str):
            teams.add(holder)
    return teams
