"""The big screen shows only public information, keeps up with the game and runs the clock."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem, QLabel, QWidget

from boardapp.clock import TurnClock
from boardapp.engine.files import load_scenario, new_game
from boardapp.ui.bigscreen.control import ClockControl
from boardapp.ui.bigscreen.scene import PlaceName
from boardapp.ui.bigscreen.window import LAYOUTS, BigScreenWindow
from boardapp.ui.board.items import CounterItem

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"

MONEY = 987654
STORES = 876543
NOON = dt.datetime(2025, 5, 3, 11, 32)


def public_texts(window: BigScreenWindow) -> list[str]:
    """Every text the window shows or would show: scene texts and tooltips, labels, painted texts."""
    texts = [window.windowTitle()]
    for item in window.scene.items():
        if isinstance(item, QGraphicsSimpleTextItem):
            texts.append(item.text())
        if isinstance(item, QGraphicsTextItem):
            texts.append(item.toPlainText())
        texts.append(item.toolTip())
    for w in window.findChildren(QWidget):
        texts.append(w.toolTip())
        if isinstance(w, QLabel):
            texts.append(w.text())
        if hasattr(w, "drawn_texts"):
            texts += w.drawn_texts()
    return [t for t in texts if t]


def make_window(qtbot, game, settings, **kw) -> BigScreenWindow:
    window = BigScreenWindow(game, settings=settings, wallclock=lambda: NOON, **kw)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    return window


def rich_secret_game(loaded, before=()):
    """A game whose first team has MONEY money and STORES stores after the commands ``before``."""
    game = new_game(loaded)
    for cmd in before:
        game.push(cmd)
    team = next(t for t in game.module.scenario.teams if t.on_map)
    ts = game.state.teams[team.id]
    game.push({"kind": "supply", "team": team.id, "money": MONEY - ts.money, "stores": STORES - ts.stores,
               "reason": "test"})
    return game, team.id


def test_tiny_public_window_hides_special_forces_money_and_stores(qtbot, settings):
    game, team = rich_secret_game(load_scenario(TINY), [{"kind": "deploy", "counter": "g-sf1", "to": "charlie"}])
    game.push({"kind": "news", "text": "Talks collapse in the capital"})
    picture = game.module.board(game.state)
    hidden = {p.id for p in picture.pieces if p.hidden}
    assert hidden == {"g-sf1"}
    assert game.summary()["teams"][team]["money"] == MONEY  # the secret is really in the game
    window = make_window(qtbot, game, settings)
    shown = {i.counter_id for i in window.scene.items() if isinstance(i, CounterItem)}
    assert shown and not hidden & shown
    texts = public_texts(window)
    joined = "\n".join(texts)
    for secret in (*hidden, str(MONEY), str(STORES), "Special Forces"):
        assert secret not in joined, f"{secret!r} is on the public screen"
    assert "Talks collapse in the capital" in joined  # the walker does see what is shown
    assert "Charlie" in joined
    window.detach()


def test_the_walker_would_see_money_if_the_scenario_showed_it(qtbot, settings):
    scenario, the_map = load_scenario(TINY)
    open_scenario = scenario.model_copy(update={"display": scenario.display.model_copy(update={"hidden": []})})
    game, _ = rich_secret_game((open_scenario, the_map))
    window = make_window(qtbot, game, settings)
    assert str(MONEY) in "\n".join(public_texts(window))
    window.detach()


def test_default_scenario_public_window(qtbot, settings, binni_loaded):
    game, _ = rich_secret_game(binni_loaded, [{"kind": "deploy", "counter": "bg-2sf", "to": "kalen"}])
    picture = game.module.board(game.state)
    hidden = {p.id for p in picture.pieces if p.hidden}
    assert {"bg-1sf", "bg-2sf"} <= hidden
    window = make_window(qtbot, game, settings)
    badges = [i for i in window.scene.items() if isinstance(i, CounterItem)]
    shown = {i.counter_id for i in badges}
    assert not hidden & shown
    # one badge per team and place stands for its public counters (issue #23), no more, no fewer
    public = [p for p in picture.pieces if not p.hidden and p.place]
    assert {(i.piece.place, i.piece.team) for i in badges} == {(p.place, p.team) for p in public}
    # a badge's first line: "BG 6" for one counter, "CL \u00d72" for two (its label carries its lines)
    counts = [int(first.split("\u00d7")[1]) if "\u00d7" in (first := i.piece.label.split("\n")[0]) else 1
              for i in badges]
    assert sum(counts) == len(public)
    joined = "\n".join(public_texts(window))
    for secret in (*hidden, str(MONEY), str(STORES), "Presidential Special Group", "Rangers"):
        assert secret not in joined
    # every map team has a PR track with its card limit
    from boardapp.ui.rules.binni.sections import TallyBox, TeamTracks

    tracks = next(w for w in window.sections if isinstance(w, TeamTracks))
    tally = next(w for w in window.sections if isinstance(w, TallyBox))
    rows = tracks.rows
    assert [r["team"] for r in rows] == [t.id for t in game.module.scenario.teams if t.on_map]
    assert all(r["pr"] is not None and r["limit"].startswith("cards ≤ ") for r in rows)
    limit = game.summary()["teams"]["binni-gov"]["cards_max"]
    assert {r["team"]: r["limit"] for r in rows}["binni-gov"] == f"cards ≤ {limit}"
    assert tally.text() == "Displaced 3   In camps 0   Deaths 0"
    window.detach()


def test_place_names_are_legible_from_the_back_of_the_hall(qtbot, settings, binni_game):
    window = make_window(qtbot, binni_game, settings)
    for w, h in ((1920, 1080), (3840, 2160)):
        window.resize(w, h)
        qtbot.waitUntil(lambda w=w: window.view.width() > w * 0.6)
        places = {p.id for p in binni_game.module.map.places}
        names = [i for i in window.scene.items() if isinstance(i, PlaceName) and i.place_id in places]
        assert len(names) == len(places)  # (regions' and free labels' names are PlaceName items too)
        cap = names[0].ink_height * window.view.scale_now()
        assert cap >= h / 60, f"capitals {cap:.1f} px high at {w}x{h}"
    window.detach()


def test_the_window_follows_the_game(qtbot, settings, tiny_game):
    window = make_window(qtbot, tiny_game, settings)
    before = window.scene.counters["g-mil1"].pos()
    tiny_game.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert window.scene.counters["g-mil1"].pos() != before
    tiny_game.push({"kind": "news", "text": "Ceasefire announced"})
    assert window.sidebar.news.text() == "Ceasefire announced"
    tiny_game.undo()
    assert window.sidebar.news.text() == ""
    window.detach()


def test_a_new_week_resets_the_clock(qtbot, settings, binni_game, fake_time):
    clock = TurnClock.for_scenario(binni_game.module.scenario, now=fake_time)
    window = make_window(qtbot, binni_game, settings, clock=clock)
    clock.start()
    fake_time.advance(45 * 60 + 10)
    window.tick()
    assert window.sidebar.clock.digits.text() == "TIME UP"
    binni_game.push({"kind": "end_turn"})
    assert clock.week == 2 and clock.state() == "paused"
    assert window.sidebar.clock.digits.text() == "30:00"
    assert window.sidebar.clock.week.text() == "WEEK 2"
    binni_game.undo()  # taking the end of turn back does not lose the new week's clock
    assert clock.week == 2
    window.detach()


def test_clock_display_counts_warns_and_runs_out(qtbot, settings, tiny_game, fake_time):
    clock = TurnClock(first_turn_minutes=45, now=fake_time)
    window = make_window(qtbot, tiny_game, settings, clock=clock)
    panel = window.sidebar.clock
    window.tick()
    assert panel.digits.text() == "45:00" and panel.status.text() == "PAUSED"
    window.start_clock()
    fake_time.advance(60)
    window.tick()
    assert panel.digits.text() == "44:00" and panel.status.text() == ""
    assert "#ffffff" in panel.digits.styleSheet()
    fake_time.advance(39 * 60 + 30)
    window.tick()
    assert panel.digits.text() == "04:30"
    assert "#ffb000" in panel.digits.styleSheet()
    fake_time.advance(4 * 60)
    window.tick()
    assert panel.digits.text() == "00:30" and panel.status.text() == "LAST MINUTE"
    assert "#ff3b30" in panel.digits.styleSheet()
    window.pause_clock()
    fake_time.advance(600)
    assert panel.digits.text() == "00:30"
    window.adjust_clock(60)
    assert panel.digits.text() == "01:30"
    window.start_clock()
    fake_time.advance(91)
    window.tick()
    assert panel.digits.text() == "TIME UP"
    assert panel.status.text() == "+00:01"
    assert "background" in panel.styleSheet()
    # the timetable at 11:32
    assert panel.now.text() == ""  # the tiny scenario has no timetable
    window.detach()


def test_timetable_lines(qtbot, settings, binni_game):
    window = make_window(qtbot, binni_game, settings)
    now, nxt = window.timetable_texts()
    assert now.startswith("Now 11:15–12:00  Week One")
    assert nxt.splitlines() == ["Next 12:00  Week Two", "then 12:30  Week Three"]
    assert window.sidebar.clock.next.text() == "Next 12:00  Week Two"
    window.set_layout("clock")
    assert window.clock_panel.next.text() == "Next 12:00  Week Two\nthen 12:30  Week Three"
    window.wallclock = lambda: dt.datetime(2025, 5, 3, 18, 30)
    # the timetable follows the game's week (issue #13 item 5): still week one, the wall clock second
    assert window.timetable_texts()[0].endswith("· 18:30, 390 min late")
    window.clock.reset(99)  # a week with no slot: the wall clock's slot, here none
    assert window.timetable_texts() == ("", "End of the day")
    window.detach()


def test_layouts(qtbot, settings, tiny_game):
    window = make_window(qtbot, tiny_game, settings)
    assert window.layout_name == "map_sidebar"
    assert window.view.isVisible() and window.sidebar.isVisible() and not window.clock_panel.isVisible()
    seen = []
    window.layoutChanged.connect(seen.append)
    window.set_layout("map")
    assert window.view.isVisible() and not window.sidebar.isVisible()
    qtbot.waitUntil(lambda: window.view.width() == 1920)
    window.set_layout("clock")
    assert not window.view.isVisible() and window.clock_panel.isVisible()
    assert window.next_layout() == "tables"  # the rule system's tables on the whole screen (issue #23)
    assert window.tables.isVisible() and not window.view.isVisible() and not window.clock_panel.isVisible()
    assert window.next_layout() == "map"
    assert window.next_layout() == "map_sidebar"
    assert seen == ["map", "clock", "tables", "map", "map_sidebar"]
    with pytest.raises(ValueError, match="unknown layout 'wall'"):
        window.set_layout("wall")
    window.detach()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_scenario_chooses_the_starting_layout(qtbot, settings, layout):
    scenario, the_map = load_scenario(TINY)
    scenario = scenario.model_copy(update={"display": scenario.display.model_copy(update={"layout": layout})})
    window = make_window(qtbot, new_game((scenario, the_map)), settings)
    assert window.layout_name == layout
    window.detach()


def test_show_region_pans_and_zooms_smoothly(qtbot, settings, binni_game):
    window = make_window(qtbot, binni_game, settings)
    whole = window.view.visible_rect()
    target = QRectF(1500, 1000, 800, 600)
    window.show_region(target)
    assert window.view.animating
    qtbot.wait(window.view.ANIMATION_MS // 2)
    middle = window.view.visible_rect()
    assert middle.width() < whole.width() and middle.width() > target.width()
    qtbot.waitUntil(lambda: not window.view.animating, timeout=3000)
    seen = window.view.visible_rect()
    assert seen.contains(target.adjusted(2, 2, -2, -2))
    assert seen.width() < target.width() * 1.3 or seen.height() < target.height() * 1.3
    window.show_places(["kalen", "idu"], animate=False)
    seen = window.view.visible_rect()
    assert seen.contains(QRectF(*window.scene.places["kalen"].at, 1, 1))
    zoom = window.view.scale_now()
    assert zoom > 2 * window.view.fit_scale()
    # zoomed in, names keep their size on screen (or the board's size in map units, if larger)
    assert window.name_screen_px() == pytest.approx(max(34 * zoom, 1080 / 38), rel=0.02)
    window.show_region(None, animate=False)
    assert window.view.visible_rect().contains(window.view.map_rect.adjusted(5, 5, -5, -5))
    window.detach()


def test_screen_choice_is_remembered(qtbot, settings, tiny_game):
    window = make_window(qtbot, tiny_game, settings)
    screen = QGuiApplication.primaryScreen()
    window.set_screen(screen)
    assert settings.value("bigscreen/screen") == screen.name()
    other = BigScreenWindow(tiny_game, settings=settings)
    qtbot.addWidget(other)
    assert other.preferred_screen() is screen
    settings.setValue("bigscreen/screen", "no such screen")
    assert other.preferred_screen() in QGuiApplication.screens()
    window.show_on(screen)
    assert window.isFullScreen()
    assert window.screen() is screen
    other.detach()
    window.detach()


def test_clock_control(qtbot, settings, tiny_game, fake_time):
    clock = TurnClock(now=fake_time)
    window = make_window(qtbot, tiny_game, settings, clock=clock)
    panel = ClockControl(window)
    qtbot.addWidget(panel)
    assert not panel.pause_button.isEnabled()
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert clock.running and not panel.start_button.isEnabled()
    assert panel.pause_button.text() == "Pause"
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    assert not clock.running and panel.pause_button.text() == "Resume"
    qtbot.mouseClick(panel.pause_button, Qt.MouseButton.LeftButton)
    assert clock.running
    qtbot.mouseClick(panel.plus_button, Qt.MouseButton.LeftButton)
    assert clock.remaining() == 46 * 60
    qtbot.mouseClick(panel.minus_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.minus_button, Qt.MouseButton.LeftButton)
    assert clock.remaining() == 44 * 60
    assert "44:00" in panel.readout.text()
    qtbot.mouseClick(panel.layout_button, Qt.MouseButton.LeftButton)
    assert window.layout_name == "clock"
    assert panel.layout_button.text() == "Layout: clock ▸"
    qtbot.mouseClick(panel.week_button, Qt.MouseButton.LeftButton)
    assert clock.week == 2 and not clock.started
    window.detach()
