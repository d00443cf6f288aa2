"""A game: a scenario, a rule module, a live state and the journal of accepted commands.

The journal is the one mechanism behind undo, redo, replay, autosave and crash recovery:
the state is always what replaying the journal's active entries from the scenario gives.

>>> from boardapp.engine.files import load_scenario
>>> game = Game.new(load_scenario("scenarios/war-in-binni.yaml"))  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from boardapp.engine import staff as _staff
from boardapp.engine.dice import Dice, ScriptedDice, SeededDice
from boardapp.engine.journal import JournalEntry
from boardapp.engine.module import (
    Command,
    Event,
    IllegalCommandError,
    Impossible,
    RuleModule,
    decision_difference,
)

S = TypeVar("S")
Listener = Callable[[str, "JournalEntry | None"], None]
"""Called after every change with ('push' | 'undo' | 'redo' | 'reset', the entry concerned).

A game source whose game can change under it (a LAN seat when the host serves another game) also
sends ('replaced', None): the listener then rebuilds what it drew from the new game."""

SNAPSHOT_EVERY = 64


class ReplayMismatchError(ValueError):
    """A journal, replayed, did not give the events it recorded."""


class Game(Generic[S]):
    """The live game. Every change goes through :meth:`push`, :meth:`undo` or :meth:`redo`."""

    def __init__(self, module: RuleModule[S], dice: Dice | None = None, store: Any = None) -> None:
        self.module = module
        self.dice: Dice = dice if dice is not None else SeededDice()
        self.store = store
        """A :class:`~boardapp.engine.gamefile.GameFile` that commits every change, or None."""
        self.source = ""
        """The scenario file the game was started from (kept in a game file's meta), or ''."""
        self.follow: Any = None
        """A game file opened read-only that this game mirrors (``open_game(..., readonly=True)``), or None."""
        self._initial = module.initial_state()
        self.state: S = module.copy_state(self._initial)
        self.entries: list[JournalEntry] = []
        self.redo_stack: list[JournalEntry] = []
        self._snapshots: dict[int, S] = {0: self._initial}
        self._listeners: list[Listener] = []
        self._staff: tuple[int, JournalEntry | None, _staff.StaffRegister] = (0, None, _staff.StaffRegister())
        self._rule_kinds = frozenset(str(c.model_fields["kind"].default) for c in module.command_types)

    @classmethod
    def new(cls, loaded: tuple[Any, Any], dice: Dice | None = None) -> Game[Any]:
        """A fresh game on a (scenario, map) pair as :func:`load_scenario` returns it."""
        from boardapp.rules import get_module

        scenario, the_map = loaded
        module = get_module(scenario.rules)(scenario, the_map)
        return cls(module, dice=dice)

    # --- listening ----------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _notify(self, what: str, entry: JournalEntry | None) -> None:
        for listener in list(self._listeners):
            listener(what, entry)

    # --- commands -----------------------------------------------------------------------
    def parse(self, data: dict[str, Any] | Command) -> Command:
        """A rule command, or a Control team's staff command (:mod:`boardapp.engine.staff`; a rule module's
        own command of the same kind, if it had one, would come first)."""
        if isinstance(data, Command):
            return data
        if self._is_staff(data):
            return _staff.parse(data)
        return self.module.parse_command(data)

    def _is_staff(self, data: dict[str, Any] | Command) -> bool:
        kind = data.kind if isinstance(data, Command) else data.get("kind") if isinstance(data, dict) else None
        return kind in _staff.STAFF_KINDS and kind not in self._rule_kinds

    def _check(self, state: S, cmd: Command) -> list[str]:
        if isinstance(cmd, _staff.StaffCommand) and self._is_staff(cmd):
            return _staff.check(self.staff, cmd)
        return self.module.check(state, cmd)

    def check(self, command: Command | dict[str, Any]) -> list[str]:
        """Why the rules refuse the command now; empty when it is legal."""
        return self._check(self.state, self.parse(command))

    @property
    def staff(self) -> _staff.StaffRegister:
        """The Control team's register (rulings, follow-ups, notes) as the active journal says; derived
        from the entries, one entry at a time as they come, whole again after an undo or a new journal."""
        n, last, reg = self._staff
        entries = self.entries
        if n == len(entries) and (n == 0 or entries[-1] is last):
            return reg
        if n == len(entries) - 1 and (n == 0 or entries[n - 1] is last):
            reg.add(entries[-1])
        else:
            reg = _staff.fold(entries)
        self._staff = (len(entries), entries[-1] if entries else None, reg)
        return reg

    def is_legal(self, command: Command | dict[str, Any]) -> bool:
        return not self.check(command)

    def push(self, command: Command | dict[str, Any], command_id: str | None = None) -> JournalEntry:
        """Check, apply, journal and commit one command.

        An illegal command raises :class:`IllegalCommandError` unless it carries CONTROL's
        ``force`` reason, in which case the broken rules are kept in the journal entry.
        """
        cmd = self.parse(command)
        reasons = self._check(self.state, cmd)
        if reasons and (not cmd.force or any(isinstance(r, Impossible) for r in reasons)):
            raise IllegalCommandError(cmd, reasons)
        self.dice.take()
        turn = self.module.turn_label(self.state)  # the turn it was played in (before an end of turn moves on)
        try:
            events = self._apply(self.state, cmd, self.dice)
        except Exception:
            self.dice.take()
            self._rebuild()  # never leave a half-applied command in the live state
            raise
        entry = JournalEntry(
            seq=(self.entries[-1].seq + 1) if self.entries else 1,
            command=cmd.model_dump(mode="json", exclude_defaults=True) | {"kind": cmd.kind},
            rolls=self.dice.take(),
            events=events,
            overridden=reasons,
            turn=turn,
            at=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            id=command_id,
        )
        if self.store is not None:
            try:
                self.store.append(entry)
            except Exception:
                self._rebuild()
                raise
        self.redo_stack.clear()
        self._accepted(entry, "push")
        return entry

    def undo(self, entry: JournalEntry | None = None) -> JournalEntry:
        """Take back the last command; it goes on the redo stack.

        With ``entry`` (what an undo step of a window stands for), only that entry is taken back:
        if another command followed it, the undo is refused rather than taking back someone else's.
        """
        if not self.entries:
            raise ValueError("nothing to undo")
        if entry is not None and self.entries[-1].seq != entry.seq:
            raise ValueError(f"entry {entry.seq} is not the last entry (the last is {self.entries[-1].seq}): "
                             "undo the later entries first")
        entry = self.entries[-1]
        if self.store is not None:
            self.store.mark_undone(entry.seq)
        self.entries.pop()
        self.redo_stack.append(entry)
        self._rebuild()
        self._notify("undo", entry)
        return entry

    def redo(self, entry: JournalEntry | None = None) -> JournalEntry:
        """Play again the last command taken back, with the same dice.

        With ``entry``, only that entry is played again: refused unless it is the next to redo."""
        if not self.redo_stack:
            raise ValueError("nothing to redo")
        if entry is not None and self.redo_stack[-1].seq != entry.seq:
            raise ValueError(f"entry {entry.seq} is not the next to redo (that is {self.redo_stack[-1].seq})")
        entry = self.redo_stack[-1]
        if self.store is not None:
            self.store.mark_redone(entry.seq)
        self.redo_stack.pop()
        self._apply_recorded(self.state, entry)
        self._accepted(entry, "redo")
        return entry

    def append_recorded(self, entry: JournalEntry) -> list[Event]:
        """Apply an entry another authority accepted (a seat following its host), with its dice.

        The entry must be the next in sequence; it is applied without re-checking (the host
        checked it) and verified to give the events the host recorded.
        """
        expected = (self.entries[-1].seq + 1) if self.entries else 1
        if entry.seq != expected:
            raise ValueError(f"journal entry {entry.seq} arrived, but entry {expected} is next")
        try:
            events = self._apply_recorded(self.state, entry, verify=True)
        except Exception:
            self._rebuild()
            raise
        self.redo_stack.clear()
        self._accepted(entry, "push")
        return events

    def _apply(self, state: S, cmd: Command, dice: Dice) -> list[Event]:
        """The rule module applies a rule command; a staff command leaves the rules' state alone and says
        what it did (its register is derived from the journal: :attr:`staff`)."""
        if isinstance(cmd, _staff.StaffCommand) and self._is_staff(cmd):
            number = self.module.turn_number(state)
            return _staff.events(cmd, _staff.turn_index(self.module.turn_label(state), number))
        return self.module.apply(state, cmd, dice)

    # --- replay -------------------------------------------------------------------------
    def _apply_recorded(self, state: S, entry: JournalEntry, verify: bool = False) -> list[Event]:
        cmd = self.parse(entry.command)
        dice = ScriptedDice(entry.rolls, what=f"recorded dice of journal entry {entry.seq}")
        try:
            events = self._apply(state, cmd, dice)
        except ValueError:
            raise
        except Exception as exc:  # a damaged entry (unknown counter …) must not escape as a KeyError
            raise ReplayMismatchError(
                f"journal entry {entry.seq} ({cmd.describe()}) cannot be replayed: {type(exc).__name__}: {exc}"
            ) from exc
        if verify and (difference := decision_difference(entry.events, events)) is not None:
            raise ReplayMismatchError(
                f"journal entry {entry.seq} ({cmd.describe()}) replays differently: {difference}; "
                f"recorded {[e.text for e in entry.events]}, replayed {[e.text for e in events]}"
            )
        return events

    def _accepted(self, entry: JournalEntry, what: str) -> None:
        """An entry applied to the live state joins the journal; listeners hear of it."""
        self.entries.append(entry)
        self._snapshot_if_due()
        self._notify(what, entry)

    def _snapshot_if_due(self) -> None:
        n = len(self.entries)
        if n % SNAPSHOT_EVERY == 0 and n not in self._snapshots:
            self._snapshots[n] = self.module.copy_state(self.state)

    def _rebuild(self) -> None:
        n = len(self.entries)
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]
        base = max(self._snapshots)
        state = self.module.copy_state(self._snapshots[base])
        for entry in self.entries[base:]:
            self._apply_recorded(state, entry)
        self.state = state

    def replay(self, verify: bool = True) -> S:
        """The state that replaying every active entry from the scenario gives (a fresh copy)."""
        state = self.module.copy_state(self._initial)
        for entry in self.entries:
            self._apply_recorded(state, entry, verify=verify)
        return state

    def load_entries(
        self, entries: Sequence[JournalEntry], undone: Sequence[JournalEntry] = (), verify: bool = True
    ) -> None:
        """Replace the journal (opening a file, importing JSON Lines) and rebuild the state."""
        state = self.module.copy_state(self._initial)
        self._snapshots = {0: self._initial}
        self.entries = []
        for entry in entries:
            self._apply_recorded(state, entry, verify=verify)
            self.entries.append(entry)
            if len(self.entries) % SNAPSHOT_EVERY == 0:
                self._snapshots[len(self.entries)] = self.module.copy_state(state)
        self.state = state
        self.redo_stack = list(reversed(list(undone)))
        self._notify("reset", None)

    def sync_to(self, entries: Sequence[JournalEntry], undone: Sequence[JournalEntry] = (), *,
                bulk: int = 16, verify: bool = False) -> bool:
        """Follow another authority's journal (a LAN host's replica, a game file another process writes).

        ``entries`` is that journal's active entries, ``undone`` its entries taken back in the order
        :meth:`load_entries` takes them (the next to redo first). The game steps there the way
        listeners can redraw cheaply: new entries are appended (a redone one comes off the redo
        stack), entries taken back are undone; a journal that went another way, or more than ``bulk``
        steps away, is loaded whole (one 'reset'). Entries are compared, not re-checked: the
        authority checked them. Returns whether the journal changed.

        >>> from boardapp.engine.files import load_scenario, DEFAULT_SCENARIO
        >>> host = Game.new(load_scenario(DEFAULT_SCENARIO), dice=SeededDice(1))
        >>> mirror = Game.new(load_scenario(DEFAULT_SCENARIO))
        >>> _ = host.push(host.module.end_turn_command())
        >>> mirror.sync_to(host.entries), mirror.entries == host.entries
        (True, True)
        >>> _ = host.undo()
        >>> mirror.sync_to(host.entries, list(reversed(host.redo_stack))), mirror.can_redo
        (True, True)
        >>> mirror.sync_to(host.entries, list(reversed(host.redo_stack)))
        False
        """
        mine, theirs = self.entries, entries  # indexed and sliced only: no copy of a long journal
        redo_stack = list(reversed(list(undone)))
        h, n = len(mine), len(theirs)
        changed = False
        if h <= n and (h == 0 or theirs[h - 1] == mine[h - 1]) and n - h <= bulk:
            for entry in theirs[h:]:
                if self.redo_stack and self.redo_stack[-1] == entry:
                    self.redo()
                else:
                    self.append_recorded(entry)
                changed = True
        elif n < h and (n == 0 or theirs[n - 1] == mine[n - 1]) and h - n <= bulk:
            for _ in range(h - n):
                self.undo()
            changed = True
        else:
            self.load_entries(theirs, undone, verify=verify)
            return True
        if self.redo_stack != redo_stack:
            self.redo_stack = redo_stack
            changed = True
        return changed

    # --- reading ------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        return self.module.summary(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self.entries)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)
