"""CONTROL's turn clock and the day's timetable (pure Python, no Qt).

:class:`TurnClock` counts down one game week in real time. Its length comes from the scenario:
the timetable slot that plays that week if there is one, else ``settings.first_turn_minutes``
(week one, 45 in War in Binni) or ``settings.turn_minutes`` (every later week, 30), unless the
rule module sets the turn's length itself (:meth:`TurnClock.for_game`, ``reset(week, minutes)``:
Diplomacy's negotiation, 30 minutes before the first turn and 15 before each later one). CONTROL
starts, pauses, resumes and adjusts it (a minute more for a late briefing, a minute less to hurry
a slow week); :meth:`TurnClock.reset` begins the next week. The clock reads time only through
the ``now`` function it is given (``time.monotonic`` by default), so tests drive it with a fake.

:class:`Timetable` answers "what slot are we in, what comes next" for a wall-clock time.

>>> t = [0.0]
>>> clock = TurnClock(first_turn_minutes=45, turn_minutes=30, now=lambda: t[0])
>>> clock.start(); t[0] = 60.0
>>> clock.text(), clock.state()
('44:00', 'running')
>>> clock.reset(2); clock.text(), clock.state()
('30:00', 'paused')
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

ClockState = Literal["running", "paused", "warning5", "warning1", "expired"]

WARNING5 = 5 * 60.0
"""Seconds left at which the clock turns to its first warning."""
WARNING1 = 60.0
"""Seconds left at which the clock turns to its last warning."""


def _minutes_of(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True)
class Slot:
    """One slot of the timetable, times in minutes after midnight."""

    start: int
    end: int
    label: str
    week: int | None = None

    @property
    def minutes(self) -> int:
        return self.end - self.start

    @property
    def start_text(self) -> str:
        return _hhmm(self.start)

    @property
    def end_text(self) -> str:
        return _hhmm(self.end)

    def __str__(self) -> str:
        return f"{self.start_text}–{self.end_text} {self.label}"


def _seconds_of_day(at: _dt.datetime | _dt.time) -> float:
    return at.hour * 3600 + at.minute * 60 + at.second + at.microsecond / 1e6


class Timetable:
    """The day's timetable: which slot a wall-clock time falls in and what comes next."""

    def __init__(self, entries: Iterable[Any] = ()) -> None:
        slots = []
        for e in entries:
            get = e.get if isinstance(e, dict) else lambda k, e=e: getattr(e, k, None)
            slots.append(Slot(_minutes_of(str(get("start"))), _minutes_of(str(get("end"))), str(get("label")),
                              get("week")))
        self.slots: list[Slot] = sorted(slots, key=lambda s: (s.start, s.end))

    def __len__(self) -> int:
        return len(self.slots)

    def current(self, at: _dt.datetime | _dt.time) -> Slot | None:
        """The slot running at ``at`` (start inclusive, end exclusive), or None between slots."""
        t = _seconds_of_day(at)
        found = None
        for s in self.slots:
            if s.start * 60 <= t < s.end * 60:
                found = s  # the latest-starting slot wins when slots overlap
        return found

    def upcoming(self, at: _dt.datetime | _dt.time, n: int = 3) -> list[Slot]:
        """The next ``n`` slots starting after ``at``."""
        t = _seconds_of_day(at)
        return [s for s in self.slots if s.start * 60 > t][:n]

    def next(self, at: _dt.datetime | _dt.time) -> Slot | None:
        """The first slot starting after ``at``, or None at the end of the day."""
        up = self.upcoming(at, 1)
        return up[0] if up else None

    def seconds_to_next(self, at: _dt.datetime | _dt.time) -> float | None:
        nxt = self.next(at)
        return None if nxt is None else nxt.start * 60 - _seconds_of_day(at)

    def slot_for_week(self, week: int) -> Slot | None:
        for s in self.slots:
            if s.week == week:
                return s
        return None


class TurnClock:
    """A countdown of one game week. Seconds throughout; ``now`` is a monotonic time source."""

    def __init__(self, first_turn_minutes: float = 45, turn_minutes: float = 30, timetable: Any = (),
                 now: Callable[[], float] = time.monotonic, week: int = 1) -> None:
        self.first_turn_minutes = first_turn_minutes
        self.turn_minutes = turn_minutes
        self.timetable = timetable if isinstance(timetable, Timetable) else Timetable(timetable)
        self.now = now
        self.week = week
        self._elapsed = 0.0
        self._since: float | None = None  # when it last started running; None while paused
        self._extra = 0.0
        self.started = False
        self.minutes: float | None = None
        """This week's length set by the rule module (``RuleModule.turn_minutes``); None: as above."""

    @classmethod
    def for_scenario(cls, scenario: Any, now: Callable[[], float] = time.monotonic, week: int = 1) -> TurnClock:
        """A clock with the scenario's week lengths and timetable (settings it lacks keep the defaults)."""
        settings = getattr(scenario, "settings", None)
        return cls(first_turn_minutes=getattr(settings, "first_turn_minutes", 45),
                   turn_minutes=getattr(settings, "turn_minutes", 30),
                   timetable=getattr(scenario, "timetable", ()) or (), now=now, week=week)

    @classmethod
    def for_game(cls, module: Any, state: Any, now: Callable[[], float] = time.monotonic) -> TurnClock:
        """A clock for the game's current turn: its number and length from the rule module
        (``turn_number``, ``turn_minutes``) where it gives them, else as :meth:`for_scenario`."""
        week = week_of(state, module.turn_label(state), module) or 1
        clock = cls.for_scenario(module.scenario, now=now, week=week)
        clock.minutes = turn_minutes_of(module, state)
        return clock

    # --- lengths --------------------------------------------------------------------------
    def length_of(self, week: int) -> float:
        """Seconds a week lasts: its timetable slot's length, else the rule module's length for the
        current week, else the scenario's setting."""
        slot = self.timetable.slot_for_week(week)
        if slot is not None and slot.minutes > 0:
            return slot.minutes * 60.0
        if week == self.week and self.minutes is not None:
            return self.minutes * 60.0
        return (self.first_turn_minutes if week <= 1 else self.turn_minutes) * 60.0

    @property
    def length(self) -> float:
        """This week's length with CONTROL's adjustments."""
        return self.length_of(self.week) + self._extra

    # --- control --------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        """Start the week's countdown (or resume it when paused)."""
        self.started = True
        if self._since is None:
            self._since = self.now()

    def pause(self) -> None:
        if self._since is not None:
            self._elapsed += self.now() - self._since
            self._since = None

    def resume(self) -> None:
        self.start()

    def toggle(self) -> None:
        """Pause a running clock, start or resume a stopped one."""
        if self.running:
            self.pause()
        else:
            self.start()

    def adjust(self, seconds: float) -> None:
        """Give the week more time (positive) or less (negative)."""
        self._extra += seconds

    def reset(self, week: int | None = None, minutes: float | None = None) -> None:
        """A new week (the next one by default), full length, stopped until CONTROL starts it;
        ``minutes``: its length as the rule module gives it (``RuleModule.turn_minutes``)."""
        self.week = self.week + 1 if week is None else week
        self.minutes = minutes
        self._elapsed = 0.0
        self._since = None
        self._extra = 0.0
        self.started = False

    # --- sharing -------------------------------------------------------------------------
    def record(self, wall: float | None = None) -> dict[str, Any]:
        """The clock as data another process can take over (the big screen on a second machine).

        Times are wall-clock seconds (``time.time()``), since monotonic clocks are per machine.
        """
        return {"week": self.week, "elapsed": self.elapsed(), "extra": self._extra, "running": self.running,
                "started": self.started, "wall": time.time() if wall is None else wall, "minutes": self.minutes}

    def restore(self, record: dict[str, Any], wall: float | None = None) -> None:
        """Take over a :meth:`record`, counting the time that passed since it was made while running."""
        passed = max(0.0, (time.time() if wall is None else wall) - float(record["wall"]))
        self.week = int(record["week"])
        self.minutes = None if record.get("minutes") is None else float(record["minutes"])
        self._extra = float(record["extra"])
        self.started = bool(record["started"])
        self._elapsed = float(record["elapsed"]) + (passed if record["running"] else 0.0)
        self._since = self.now() if record["running"] else None

    # --- reading --------------------------------------------------------------------------
    def elapsed(self) -> float:
        running = 0.0 if self._since is None else self.now() - self._since
        return self._elapsed + running

    def remaining(self) -> float:
        """Seconds left, never below zero."""
        return max(0.0, self.length - self.elapsed())

    def overrun(self) -> float:
        """Seconds past the end of the week (0 while time remains)."""
        return max(0.0, self.elapsed() - self.length)

    def state(self) -> ClockState:
        """'expired' once time is up (paused or not), else 'paused', else the warning level."""
        left = self.length - self.elapsed()
        if left <= 0:
            return "expired"
        if not self.running:
            return "paused"
        if left <= WARNING1:
            return "warning1"
        if left <= WARNING5:
            return "warning5"
        return "running"

    def until_change(self) -> float:
        """Seconds until :meth:`text` shows another second (1.0 while paused or up): a display that
        refreshes then, rather than every second from whenever it started, shows what every other
        screen shows within a tick (issue 24.14: a status bar refreshed once a second from its own
        start lagged the big screen by up to a second)."""
        if not self.running or self.remaining() <= 0:
            return 1.0
        left = self.remaining() - 1e-9
        return max(0.0, left - math.floor(left))

    def text(self) -> str:
        """The remaining time as every screen shows it (the one rounding rule): 'MM:SS' ('H:MM:SS' past
        an hour), rounded up so that '0:00' appears only when time is up."""
        s = math.ceil(self.remaining() - 1e-9)
        h, rest = divmod(s, 3600)
        m, sec = divmod(rest, 60)
        return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


def week_of(game_state: Any, turn_label: str = "", module: Any = None) -> int | None:
    """The game week from the rule module (``turn_number``: 'Fall 1935' is turn 2), a module's state
    (``state.week``) or its turn label ('Week 3')."""
    turn_number = getattr(module, "turn_number", None)  # a viewer's stand-in module has none
    number = turn_number(game_state) if turn_number is not None else None
    if isinstance(number, int):
        return number
    week = getattr(game_state, "week", None)
    if isinstance(week, int):
        return week
    m = re.search(r"(\d+)", turn_label or "")
    return int(m.group(1)) if m else None


def turn_minutes_of(module: Any, state: Any) -> float | None:
    """The turn's length the rule module gives (``RuleModule.turn_minutes``), or None (the scenario's
    settings decide); None too for a stand-in module without it (a LAN viewer's public picture)."""
    minutes = getattr(module, "turn_minutes", None)
    return minutes(state) if minutes is not None else None


SEASONS = ("spring", "summer", "fall", "autumn", "winter")
STEP_CODE = re.compile(r" — [IVX]+(\.[A-Z])? ")
"""The Game's labels name a step of the turn sequence ('Turn 1 (2000) — II.C Builds')."""


def turn_word(labels: list[str]) -> str:
    """What a turn is called in a game, from its turn labels, in the rule system's own words: 'season'
    (Diplomacy), 'player-turn' (Mid-East PEACE: 'Round 1: Egypt's Player-Turn'), 'step' (The Game: each
    label names a step of the turn sequence), else the labels' first word ('Week 3' → 'week', Coup's
    'Turn 2 (G-R-F)' → 'turn')."""
    if not labels:
        return "turn"
    if any("Player-Turn" in label for label in labels):
        return "player-turn"
    if any(STEP_CODE.search(label) for label in labels):
        return "step"
    words = [label.split()[0].lower() for label in labels if label.split()]
    if any(w in SEASONS for w in words):
        return "season"
    first = next((w for w in words if w.isalpha()), "")
    return first if first and len(first) <= 12 else "turn"
