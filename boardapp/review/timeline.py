"""A finished (or running) game as a timeline of positions, for the after-action review.

Position ``i`` is the state after the first ``i`` journal entries: 0 is the scenario's start,
``len(review) - 1`` the last command. Opening replays the journal once (checking every entry
gives the events it recorded) and keeps a copy of the state every ``snapshot_every`` entries,
so any position is one copy and at most ``snapshot_every - 1`` replayed commands away; stepping
forward from the position last shown replays only the entries in between. The review never
writes: the game file is opened read-only and closed again once its journal is read.

Steps go by command, by turn (the journal's turn labels: 'Week 3', 'Spring 1901 (retreats)',
a Mid-East player-turn …, whatever the rule module's ``turn_label`` says) or by forced ruling.

>>> review = Review.open("day.game")  # doctest: +SKIP
>>> [(t.label, t.position) for t in review.turns][:2]  # doctest: +SKIP
[('Week 1', 412), ('Week 2', 830)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import written_by_this_version
from boardapp.engine.gamefile import GameFile, GameFileError
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import Audience, RuleModule, same_decisions
from boardapp.engine.staff import is_staff_entry
from boardapp.model.mapfile import Map

SNAPSHOT_EVERY = 16
"""Entries between two kept states. 16 keeps the worst position at 15 replayed commands (well under
a millisecond each in War in Binni) for 1/16 of the journal's length in copies."""

StepKind = Literal["command", "turn", "forced"]


class ReviewError(ValueError):
    """A game cannot be reviewed: its journal does not replay. The message names the entry."""


@dataclass(frozen=True)
class Turn:
    """One turn of the game as the journal records it: its label and the position at its end."""

    label: str
    """The rule module's turn label the entries were played in ('Week 3')."""
    first: int
    """The position before its first command."""
    position: int
    """The position after its last command (for Binni, after the end of the week)."""


@dataclass(frozen=True)
class Curve:
    """One measure of one side (or the game's total) over the positions of the timeline."""

    measure: str
    """The rule module's name for it ('pr', 'money', 'centres' …)."""
    side: str
    """A team id, or 'total' for a measure of the whole game."""
    positions: tuple[int, ...]
    values: tuple[float, ...]
    hidden: bool
    """Kept from public reports (the measure is one the rule module hides: Binni's money, stores, cards)."""


def read_game_file(path: str | Path) -> tuple[RuleModule[Any], list[JournalEntry], dict[str, str]]:
    """The rule module, active journal entries and meta of a game file, opened read-only."""
    from boardapp.rules import get_module

    path = Path(path)
    store = GameFile.open(path, readonly=True)
    try:
        meta = store.meta()
        entries, _undone = store.read_entries()
    finally:
        store.close()
    try:
        module_cls = get_module(meta["rules"])
        scenario = module_cls.scenario_model.model_validate_json(meta["scenario"])
        the_map = Map.model_validate_json(meta["map"])
    except KeyError as exc:
        raise GameFileError(path, f"the game file lacks its {exc.args[0]!r} record") from None
    except (ValueError, ValidationError) as exc:
        raise GameFileError(path, f"the scenario stored in the game file is invalid: {exc}") from None
    return module_cls(scenario, the_map), entries, meta


class Review:
    """A read-only timeline over a game's journal. See the module docstring."""

    def __init__(
        self,
        module: RuleModule[Any],
        entries: Sequence[JournalEntry],
        snapshot_every: int = SNAPSHOT_EVERY,
        source: str = "",
        progress: Callable[[int, int], None] | None = None,
        *,
        same_version: bool = True,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be at least 1, got {snapshot_every}")
        self.module = module
        self.entries: tuple[JournalEntry, ...] = tuple(entries)
        self.source = source
        """Where the game came from (the game file's path), for titles."""
        self.snapshot_every = snapshot_every
        self._snapshots: list[Any] = []
        self._by_seq = {e.seq: i + 1 for i, e in enumerate(self.entries)}
        state = module.initial_state()
        self._snapshots.append(module.copy_state(state))
        self._hidden = module.board(state).hidden_keys
        total = len(self.entries)
        for i, entry in enumerate(self.entries, start=1):
            self._apply(state, entry, verify=True, exact=same_version)
            if i % snapshot_every == 0:
                self._snapshots.append(module.copy_state(state))
            if progress is not None:
                progress(i, total)
        self._at = total
        self._state = state
        self.turns: tuple[Turn, ...] = self._turns()

    @classmethod
    def open(cls, path: str | Path, snapshot_every: int = SNAPSHOT_EVERY,
             progress: Callable[[int, int], None] | None = None) -> Review:
        """Review a game file (read-only; the file is closed once its journal is read)."""
        module, entries, meta = read_game_file(path)
        try:  # another version's file: compared by what the rules decide (docs/game-files.md, "Versions")
            return cls(module, entries, snapshot_every=snapshot_every, source=str(path), progress=progress,
                       same_version=written_by_this_version(meta))
        except ReviewError as exc:
            raise GameFileError(Path(path), str(exc)) from None

    @classmethod
    def from_game(cls, game: Any, snapshot_every: int = SNAPSHOT_EVERY) -> Review:
        """Review a live :class:`~boardapp.engine.game.Game` as it stands (its entries are copied)."""
        return cls(game.module, list(game.entries), snapshot_every=snapshot_every, source=game.source)

    # --- replay -------------------------------------------------------------------------------
    def _apply(self, state: Any, entry: JournalEntry, verify: bool = False, exact: bool = True) -> None:
        if is_staff_entry(entry, self.module):  # the Control team's register: no change to the rules' state
            return
        try:
            cmd = self.module.parse_command(entry.command)
            dice = ScriptedDice(entry.rolls, what=f"recorded dice of journal entry {entry.seq}")
            events = self.module.apply(state, cmd, dice)
        except Exception as exc:  # a damaged entry must be named, never escape as a KeyError
            raise ReviewError(f"journal entry {entry.seq} ({entry.command.get('kind', '?')}) cannot be replayed: "
                              f"{type(exc).__name__}: {exc}") from exc
        if verify and not (events == entry.events if exact else same_decisions(entry.events, events)):
            raise ReviewError(f"journal entry {entry.seq} ({cmd.describe()}) replays differently: recorded "
                              f"{[e.text for e in entry.events]}, replayed {[e.text for e in events]}")

    def __len__(self) -> int:
        """The number of positions: one more than the number of journal entries."""
        return len(self.entries) + 1

    @property
    def last(self) -> int:
        return len(self.entries)

    def state_at(self, position: int) -> Any:
        """The state after ``position`` entries. Read it, do not change it (it is the review's own);
        :meth:`copy_at` gives one to keep."""
        if not 0 <= position <= self.last:
            raise IndexError(f"position {position} is outside the game: 0 (the start) to {self.last}")
        base = (position // self.snapshot_every) * self.snapshot_every
        if not base <= self._at <= position:  # start again from the nearest kept state
            self._state = self.module.copy_state(self._snapshots[base // self.snapshot_every])
            self._at = base
        for entry in self.entries[self._at:position]:
            self._apply(self._state, entry)
        self._at = position
        return self._state

    def copy_at(self, position: int) -> Any:
        return self.module.copy_state(self.state_at(position))

    def entry_before(self, position: int) -> JournalEntry | None:
        """The entry whose command led to ``position`` (None at the start)."""
        return self.entries[position - 1] if position > 0 else None

    def position_of(self, seq: int) -> int:
        """The position right after journal entry ``seq`` (a log line) was played."""
        try:
            return self._by_seq[seq]
        except KeyError:
            seqs = [e.seq for e in self.entries] or [0]
            raise IndexError(f"no journal entry {seq} in this game (entries {seqs[0]}..{seqs[-1]})") from None

    # --- steps ----------------------------------------------------------------------------------
    def _turns(self) -> tuple[Turn, ...]:
        turns: list[Turn] = []
        first = 0
        for i, entry in enumerate(self.entries):
            nxt = self.entries[i + 1].turn if i + 1 < len(self.entries) else None
            if nxt != entry.turn:
                turns.append(Turn(entry.turn, first, i + 1))
                first = i + 1
        return tuple(turns)

    @property
    def forced(self) -> tuple[int, ...]:
        """Positions right after a command CONTROL forced over the rules."""
        return tuple(i + 1 for i, e in enumerate(self.entries) if e.overridden)

    def stops(self, by: StepKind) -> tuple[int, ...]:
        """The positions a step button stops at, in order (the start and the end always included)."""
        if by == "command":
            return tuple(range(len(self)))
        if by == "turn":
            inner = [t.position for t in self.turns]
        elif by == "forced":
            inner = list(self.forced)
        else:
            raise ValueError(f"steps go by 'command', 'turn' or 'forced', not {by!r}")
        return tuple(sorted({0, *inner, self.last}))

    def next_stop(self, position: int, by: StepKind) -> int:
        """The next position after ``position`` a step by ``by`` reaches (the end at the end)."""
        return next((p for p in self.stops(by) if p > position), self.last)

    def previous_stop(self, position: int, by: StepKind) -> int:
        return next((p for p in reversed(self.stops(by)) if p < position), 0)

    # --- curves ---------------------------------------------------------------------------------
    def series_at(self, position: int) -> dict[str, dict[str, float]]:
        return self.module.series(self.state_at(position))

    def hidden_measures(self) -> frozenset[str]:
        """Measures public reports leave out: those the board picture's ``hidden_keys`` names (a
        scenario's setting, the same at every position)."""
        return self._hidden

    def curves(self, positions: Sequence[int] | None = None, audience: Audience = Audience.CONTROL) -> list[Curve]:
        """Every measure of every side at ``positions`` (default: the start and each turn's end).

        For a public audience hidden measures are left out altogether (not blanked)."""
        if positions is None:
            positions = sorted({0, *(t.position for t in self.turns)})
        hidden = self.hidden_measures()
        samples = [self.series_at(p) for p in positions]
        keys: dict[tuple[str, str], None] = {}
        for s in samples:
            for measure, sides in s.items():
                for side in sides:
                    keys[(measure, side)] = None
        out = []
        for measure, side in keys:
            secret = measure in hidden
            if secret and not audience.sees_everything:
                continue
            vals = tuple(float(s.get(measure, {}).get(side, float("nan"))) for s in samples)
            out.append(Curve(measure, side, tuple(positions), vals, secret))
        return out
