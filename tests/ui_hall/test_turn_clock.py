"""The big screen's clock and timetable follow the game's turn (issue #13 item 5): the timetable's
slot is the game week's, the wall clock comes second; Diplomacy's clock says "Spring 1935" and runs
the negotiation length its rule module gives."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from boardapp.engine.files import DEFAULT_SCENARIO, load_scenario, new_game

MUN = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"


def _window(qtbot, settings, game, at):
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(game, settings=settings, wallclock=lambda: at)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_timetable_follows_the_game_week_not_the_wall_clock(qtbot, settings):
    game = new_game(load_scenario(DEFAULT_SCENARIO))
    # 10:30 by the wall clock is "Team Familiarisation" in the timetable; the game is in week 2
    window = _window(qtbot, settings, game, dt.datetime(2025, 5, 3, 10, 30))
    game.push({"kind": "end_turn"})
    assert window.sidebar.clock.week.text() == "WEEK 2"
    now, nxt = window.timetable_texts()
    # the scenario's timetable: Week Two 12:00-12:30, then Week Three 12:30, Lunch 13:00
    assert now == "Now 12:00–12:30  Week Two  · 10:30, 90 min early"
    assert nxt.splitlines() == ["Next 12:30  Week Three", "then 13:00  Lunch – Terrace Café"]
    assert "Familiarisation" not in window.sidebar.clock.now.text() + window.sidebar.clock.next.text()
    window.detach()


def test_late_day_says_how_late(qtbot, settings):
    game = new_game(load_scenario(DEFAULT_SCENARIO))
    window = _window(qtbot, settings, game, dt.datetime(2025, 5, 3, 12, 10))
    now, _ = window.timetable_texts()  # week 1 is planned 11:15-12:00
    assert now.endswith("· 12:10, 10 min late")
    window.detach()


def test_diplomacy_clock_says_the_season_and_its_length(qtbot, settings):
    from boardapp.ui.bigscreen.control import ClockControl

    game = new_game(load_scenario(MUN))
    window = _window(qtbot, settings, game, dt.datetime(2025, 5, 3, 10, 0))
    minutes = game.module.turn_minutes(game.state)
    assert minutes is not None
    assert window.sidebar.clock.week.text() == "SPRING 1935"
    assert window.clock.length == minutes * 60
    control = ClockControl(window)
    qtbot.addWidget(control)
    assert control.readout.text().startswith("Spring 1935 ")
    assert "Week" not in control.readout.text()
    window.detach()
