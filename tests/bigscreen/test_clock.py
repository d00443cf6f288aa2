"""The turn clock and the timetable, driven by a fake time source (no Qt)."""

from __future__ import annotations

import datetime as dt

import pytest

from boardapp.clock import Slot, Timetable, TurnClock, week_of


def make(fake_time, **kw) -> TurnClock:
    return TurnClock(first_turn_minutes=45, turn_minutes=30, now=fake_time, **kw)


def test_a_new_clock_is_full_and_paused(fake_time):
    clock = make(fake_time)
    assert clock.week == 1
    assert clock.remaining() == 45 * 60
    assert clock.state() == "paused"
    assert not clock.started
    fake_time.advance(600)
    assert clock.remaining() == 45 * 60, "a clock not started does not count"
    assert clock.text() == "45:00"


def test_it_counts_down_while_running(fake_time):
    clock = make(fake_time)
    clock.start()
    assert clock.started and clock.running
    fake_time.advance(61.5)
    assert clock.remaining() == pytest.approx(45 * 60 - 61.5)
    assert clock.text() == "43:59"  # rounded up: 43:58.5 left shows 43:59
    assert clock.state() == "running"


def test_pause_and_resume(fake_time):
    clock = make(fake_time)
    clock.start()
    fake_time.advance(100)
    clock.pause()
    assert clock.state() == "paused"
    fake_time.advance(1000)
    assert clock.remaining() == 45 * 60 - 100
    clock.resume()
    fake_time.advance(20)
    assert clock.remaining() == 45 * 60 - 120
    clock.toggle()
    assert not clock.running
    clock.toggle()
    assert clock.running
    clock.start()  # starting a running clock changes nothing
    fake_time.advance(10)
    assert clock.remaining() == 45 * 60 - 130


def test_warnings_at_five_and_one_minute_then_expiry(fake_time):
    clock = make(fake_time)
    clock.start()
    fake_time.advance(40 * 60 - 1)
    assert clock.state() == "running"
    fake_time.advance(1)
    assert clock.state() == "warning5"
    assert clock.text() == "05:00"
    fake_time.advance(3 * 60 + 59)
    assert clock.state() == "warning5"
    fake_time.advance(1)
    assert clock.state() == "warning1"
    fake_time.advance(59.5)
    assert clock.text() == "00:01"
    fake_time.advance(0.5)
    assert clock.state() == "expired"
    assert clock.text() == "00:00"
    fake_time.advance(90)
    assert clock.remaining() == 0
    assert clock.overrun() == 90
    clock.pause()
    assert clock.state() == "expired", "a paused clock whose time is up still says so"


def test_paused_in_a_warning_reads_paused(fake_time):
    clock = make(fake_time)
    clock.start()
    fake_time.advance(44 * 60 + 30)
    clock.pause()
    assert clock.state() == "paused"


def test_adjust_adds_and_removes_time(fake_time):
    clock = make(fake_time)
    clock.start()
    fake_time.advance(44 * 60)
    assert clock.state() == "warning1"
    clock.adjust(+60)
    assert clock.remaining() == 120
    assert clock.state() == "warning5"
    clock.adjust(-180)
    assert clock.state() == "expired"
    clock.adjust(+600)
    assert clock.state() == "running"
    assert clock.text() == "09:00"


def test_reset_begins_the_next_week_at_its_length(fake_time):
    clock = make(fake_time)
    clock.start()
    clock.adjust(120)
    fake_time.advance(45 * 60)
    clock.reset()
    assert clock.week == 2
    assert clock.remaining() == 30 * 60
    assert clock.state() == "paused" and not clock.started
    clock.reset(7)
    assert clock.week == 7 and clock.length == 30 * 60
    clock.reset(1)
    assert clock.length == 45 * 60


def test_long_clocks_show_hours(fake_time):
    clock = TurnClock(first_turn_minutes=90, now=fake_time)
    assert clock.text() == "1:30:00"


TIMETABLE = [
    {"start": "10:15", "end": "11:15", "label": "Familiarisation"},
    {"start": "11:15", "end": "12:00", "label": "Week One", "week": 1},
    {"start": "12:00", "end": "12:40", "label": "Week Two", "week": 2},
    {"start": "13:00", "end": "14:00", "label": "Lunch"},
    {"start": "14:00", "end": "14:30", "label": "Week Three", "week": 3},
]


def test_week_length_comes_from_the_timetable_slot(fake_time):
    clock = make(fake_time, timetable=TIMETABLE)
    assert clock.length_of(1) == 45 * 60
    assert clock.length_of(2) == 40 * 60, "the slot's length wins over the setting"
    assert clock.length_of(3) == 30 * 60
    assert clock.length_of(4) == 30 * 60, "no slot: the scenario's setting"


def test_timetable_now_and_next():
    tt = Timetable(TIMETABLE)
    at = dt.time(11, 20)
    assert tt.current(at).label == "Week One"
    assert tt.next(at).label == "Week Two"
    assert [s.label for s in tt.upcoming(at, 2)] == ["Week Two", "Lunch"]
    assert tt.seconds_to_next(at) == 40 * 60
    # boundaries: start inclusive, end exclusive
    assert tt.current(dt.time(12, 0)).label == "Week Two"
    assert tt.current(dt.time(11, 59, 59)).label == "Week One"
    # a gap between slots
    assert tt.current(dt.time(12, 50)) is None
    assert tt.next(dt.time(12, 50)).label == "Lunch"
    # before and after the day
    assert tt.current(dt.time(8, 0)) is None
    assert tt.next(dt.time(8, 0)).label == "Familiarisation"
    assert tt.next(dt.time(15, 0)) is None
    assert tt.seconds_to_next(dt.time(15, 0)) is None
    # a datetime works as well as a time
    assert tt.current(dt.datetime(2025, 5, 3, 14, 10)).week == 3


def test_slot_text():
    s = Slot(11 * 60 + 15, 12 * 60, "Week One", 1)
    assert str(s) == "11:15–12:00 Week One"
    assert s.minutes == 45


def test_the_default_scenario(binni_loaded, fake_time):
    scenario, _ = binni_loaded
    clock = TurnClock.for_scenario(scenario, now=fake_time)
    assert clock.length_of(1) == 45 * 60
    assert all(clock.length_of(w) == 30 * 60 for w in range(2, 9))
    tt = clock.timetable
    assert tt.current(dt.time(11, 30)).week == 1
    assert tt.next(dt.time(12, 45)).label.startswith("Lunch")


def test_a_scenario_without_settings_uses_the_defaults(fake_time):
    class Bare:
        timetable = ()

    clock = TurnClock.for_scenario(Bare(), now=fake_time, week=2)
    assert clock.length == 30 * 60


def test_week_of():
    class S:
        week = 4

    assert week_of(S()) == 4
    assert week_of(object(), "Spring 1901") == 1901
    assert week_of(object(), "Week 3") == 3
    assert week_of(object(), "") is None
