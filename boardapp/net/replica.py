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
from boardapp.engine.module import Audience, Command, Event
from boardapp.engine.rights import teams_concerned

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
    # The common case of following a host, one entry after another: appended as Game.sync_to appends
    # (a copy of the whole journal per entry would make every seat's cost grow with the game's length).
    game.append_recorded(entry)


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


# --- what public screens and player seats see ------------------------------------------------------
def audience_board(game: Game[Any], audience: Audience) -> dict[str, Any]:
    """The board picture ``audience`` may see, as JSON-able data: the rule module's own
    :meth:`~boardapp.engine.module.RuleModule.view` (no hidden pieces, tokens, sections or track keys).

    What only staff read is dropped too: the ``hidden``/``visible_to`` flags, and the tooltips of
    pieces (they carry values meant for umpires) except a player's own. The list of hidden track
    keys is kept so a screen can say "hidden".
    """
    pic = game.module.view(game.state, audience)
    data = dataclasses.asdict(pic)
    for piece in data["pieces"]:
        own = audience.player is not None and (piece.get("team") == audience.player
                                               or audience.player in piece.get("visible_to", ()))
        if not audience.sees_everything and not own:
            piece.pop("tooltip", None)
        piece.pop("hidden", None)
        piece.pop("visible_to", None)
    for item in (*data["tokens"], *data["sections"]):
        item.pop("hidden", None)
        item.pop("visible_to", None)
    data["hidden_keys"] = sorted(pic.hidden_keys)
    return data


def public_board(game: Game[Any]) -> dict[str, Any]:
    """The board picture a viewer (the big screen) may see: ``audience_board(game, Audience.PUBLIC)``."""
    return audience_board(game, Audience.PUBLIC)


def visible_events(entry: JournalEntry, audience: Audience) -> list[Event]:
    """The events of ``entry`` that ``audience`` may see (never a hidden one it may not)."""
    return [e for e in entry.events if e.visible(audience)]


def describe_entry(entry: JournalEntry, audience: Audience = Audience.CONTROL) -> str:
    """Entry ``seq`` in the game's words, as ``audience`` may read it: its first visible event's sentence
    ('entry 6 (Government Combat Brigade g-bde1 moves from Alpha to Bravo)')."""
    events = visible_events(entry, audience)
    if not audience.sees_everything:  # journal numbers would tell how many hidden changes there were
        return f"entry ({events[0].text})" if events else "entry"
    if events:
        return f"entry {entry.seq} ({events[0].text})"
    return f"entry {entry.seq} ({entry.command.get('kind', '?')})"


def dice_of(entry: JournalEntry) -> list[int]:
    """The dice ``entry`` rolled: the random numbers it drew, else the dice typed in for it (a physical roll an
    umpire entered, which its events record as ``data["die"]``). Empty for an entry that rolled none."""
    if entry.rolls:
        return list(entry.rolls)
    return [e.data["die"] for e in entry.events if type(e.data.get("die")) is int]


def dice_refusal(entry: JournalEntry, own: bool = True) -> str:
    """Why an umpire may not undo ``entry``, which rolled dice (issue 24.10's ruling, docs/network.md)."""
    dice = dice_of(entry)
    rolled = f"a {dice[0]}" if len(dice) == 1 else ", ".join(str(d) for d in dice)
    whose = "your " if own else ""
    return (f"{whose}{describe_entry(entry)} rolled dice ({rolled}): only CONTROL may undo an entry that rolled "
            "dice, so that nothing is fought or struck again for a better roll (ask CONTROL)")


def behind_refusal(entry: JournalEntry, after: JournalEntry, after_author: str, more: int) -> str:
    """Why a seat may not undo its own ``entry``: ``after`` (``after_author``'s) and ``more`` others were played
    after it, and only the last entry can be undone ("your entry 3 (…) stands behind umpire B's entry 4 (…)")."""
    whose = "your own" if after_author in ("", "this seat") else f"{after_author}'s"
    tail = f" and {more} more entr{'y' if more == 1 else 'ies'} after it" if more else ""
    return (f"your {describe_entry(entry)} stands behind {whose} {describe_entry(after)}{tail}: only the last entry "
            "can be undone (ask CONTROL)")


# --- who played an entry ---------------------------------------------------------------------------
def scoped_id(command_id: str, seat_key: str) -> str:
    """A journal entry's id for a seat's command: the seat's own id, then '@' and the seat's key.

    Keying ids by seat means a seat resending another seat's id learns nothing of that command, and
    the journal itself records which seat played each entry (so an umpire may undo their own)."""
    return f"{command_id}@{seat_key}"


def entry_author(entry: JournalEntry) -> str | None:
    """The key of the seat that played ``entry``; None when the host played it (or for older files)."""
    if entry.id and "@" in entry.id:
        return entry.id.rsplit("@", 1)[1]
    return None


# --- who a command concerns -----------------------------------------------------------------------
def command_teams(game: Game[Any], cmd: Command) -> set[str]:
    """The teams acting in a command (for seats limited to some teams): every field counts, as its
    command declares (see :func:`boardapp.engine.rights.teams_concerned`)."""
    return teams_concerned(game.module, game.state, cmd)
