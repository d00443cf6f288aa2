"""CONTROL opens and drives the big screen from the umpires' board (View ▸ Big screen, the dock)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.gamefile import GameFile
from boardapp.ui.bigscreen.control import META_CLOCK, BigScreenControl, has_command
from boardapp.ui.bigscreen.window import BigScreenWindow

MUN = Path(__file__).resolve().parents[2] / "scenarios" / "mun-historical-1935.yaml"


def view_action(win: Any, text: str) -> Any:
    menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    return next(a for a in menu.actions() if a.text().replace("&", "") == text)


def file_clock(path: Path) -> dict[str, Any] | None:
    store = GameFile.open(path, readonly=True)
    try:
        text = store.meta().get(META_CLOCK)
    finally:
        store.close()
    return json.loads(text) if text else None


def open_from_menu(win: Any) -> BigScreenWindow:
    action = view_action(win, "Big screen")
    assert action.shortcut().toString() == "Ctrl+Shift+B"
    action.trigger()
    screen = win.bigscreen.screen
    assert isinstance(screen, BigScreenWindow)
    return screen


def test_view_menu_opens_the_big_screen_on_the_live_game(win):
    control: BigScreenControl = win.bigscreen
    assert control.screen is None
    screen = open_from_menu(win)
    assert screen.game is win.game
    assert screen.isVisible()
    assert not screen.isFullScreen()  # one screen: a normal window, the board keeps the display
    assert view_action(win, "Big screen").isChecked()
    assert control.dock_widget.open_button.text() == "Close"
    before = screen.scene.counters["g-mil1"].pos()
    win.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})  # an umpire acts on the board
    assert screen.scene.counters["g-mil1"].pos() != before
    view_action(win, "Big screen").trigger()  # the same action closes it
    assert control.screen is None
    assert not screen.isVisible()
    assert not view_action(win, "Big screen").isChecked()
    assert control.dock_widget.open_button.text() == "Open"


def test_several_screens_full_screen_on_the_remembered_one(win, monkeypatch):
    primary = QGuiApplication.primaryScreen()
    monkeypatch.setattr(QGuiApplication, "screens", staticmethod(lambda: [primary, primary]))
    control = win.bigscreen
    control.choose_screen(primary)
    assert control.settings.value("bigscreen/screen") == primary.name()
    screen = control.open()
    assert screen.isFullScreen()
    assert control.dock_widget.screen_box.count() == 2


def test_the_clock_panel_drives_the_big_screen_and_the_game_file(win, game_path, qtbot):
    control = win.bigscreen
    screen = control.open()
    panel = control.dock_widget.clock_control
    assert not screen.clock.started
    panel.start_button.click()
    assert screen.clock is control.driver.clock
    assert screen.clock.running
    shared = file_clock(game_path)
    assert shared is not None and shared["running"] and shared["week"] == 1
    panel.pause_button.click()
    assert not screen.clock.running
    assert file_clock(game_path)["running"] is False
    panel.plus_button.click()
    assert file_clock(game_path)["extra"] == 60
    assert screen.clock.length == screen.clock.length_of(1) + 60
    panel.layout_button.click()
    assert screen.layout_name == control.driver.layout_name
    assert screen.layout_name != "map_sidebar"

    # a big screen on another machine: `boardapp screen GAME_FILE` takes CONTROL's clock
    from boardapp.ui.bigscreen.window import open_screen

    other, follower = open_screen(game_path)
    qtbot.addWidget(other)
    try:
        assert other.clock.started and not other.clock.running
        assert other.clock.length == screen.clock.length
    finally:
        follower.stop()
        other.detach()
        other.game.follow.close()


def test_the_clock_runs_with_the_big_screen_closed(win, game_path):
    control = win.bigscreen
    control.dock_widget.clock_control.start_button.click()
    assert control.screen is None and control.driver.clock.running
    assert file_clock(game_path)["running"] is True
    screen = control.open()
    assert screen.clock is control.driver.clock and screen.clock.running


@pytest.mark.parametrize("open_screen", [True, False])
def test_end_of_week_resets_the_clock_once_and_shares_it(win, game_path, monkeypatch, open_screen):
    control = win.bigscreen
    if open_screen:
        control.open()
    clock = control.driver.clock
    clock.start()
    resets: list[Any] = []
    real = clock.reset
    monkeypatch.setattr(clock, "reset", lambda week=None, minutes=None: (resets.append(week), real(week, minutes)))
    win.push({"kind": "end_turn"})
    assert resets == [2]
    assert clock.week == 2 and not clock.running and not clock.started
    shared = file_clock(game_path)
    assert shared["week"] == 2 and shared["running"] is False
    win.undo()  # the clock does not go back
    assert clock.week == 2
    assert resets == [2]


def test_show_this_region_from_the_menu_and_the_context_menu(win, qtbot):
    control = win.bigscreen
    screen = control.open()
    calls: list[Any] = []
    real = screen.show_region
    screen.show_region = lambda rect, animate=True: (calls.append(rect), real(rect, animate))  # type: ignore[method-assign]
    win.view.centre_on_place("charlie")
    win.view.zoom_by(2.0)
    visible = win.view.mapToScene(win.view.viewport().rect()).boundingRect()
    action = view_action(win, "Show this on the big screen")
    assert action.shortcut().toString() == "Ctrl+Shift+R"
    action.trigger()
    assert calls == [visible]
    qtbot.waitUntil(lambda: not screen.view.animating, timeout=3000)
    assert screen.view.region == visible
    view_action(win, "Whole map on the big screen").trigger()
    assert calls[-1] is None and screen.view.region is None

    # the same two items on the map's context menus: a place, and the empty map
    menu = win.build_context_menu("place", "charlie")
    texts = [a.text() for a in menu.actions()]
    assert "Attack this place…" in texts
    assert "&Show this on the big screen" in texts and "&Whole map on the big screen" in texts
    empty = [a.text() for a in control.context_menu().actions()]
    assert empty == ["&Show this on the big screen", "&Whole map on the big screen"]


def test_region_chosen_with_the_screen_closed_is_shown_when_it_opens(win):
    control = win.bigscreen
    win.view.zoom_by(3.0)
    control.dock_widget.region_button.click()
    screen = control.open()
    assert screen.view.region == control.umpire_rect()


def test_news_typed_in_the_dock_reaches_the_journal_and_the_big_screen(win, game_path):
    control = win.bigscreen
    screen = control.open()
    dock = control.dock_widget
    assert dock.news_edit.isEnabled()
    dock.news_edit.setText("  Ceasefire talks in Kalen  ")
    dock.news_button.click()
    assert dock.news_edit.text() == ""
    last = win.game.entries[-1]
    assert last.command == {"kind": "news", "text": "Ceasefire talks in Kalen"}
    assert win.undo_stack.canUndo()
    assert screen.sidebar.news.text() == "Ceasefire talks in Kalen"
    assert screen.latest_news() == "Ceasefire talks in Kalen"
    reopened = open_game(game_path, readonly=True)
    try:
        assert reopened.entries[-1].command["text"] == "Ceasefire talks in Kalen"
    finally:
        reopened.follow.close()


def test_news_needs_a_module_with_a_news_command(win):
    class NoNews:
        command_types = ()

    assert has_command(win.game.module, "news")
    assert not has_command(NoNews(), "news")


def test_closing_the_board_closes_the_big_screen(win):
    control = win.bigscreen
    screen = control.open()
    assert screen.isVisible()
    win.close()
    assert control.screen is None
    assert not screen.isVisible()
    assert screen._unsubscribe is None  # detached from the game


def test_closing_the_big_screen_itself_unchecks_the_action(win, qtbot):
    control = win.bigscreen
    screen = control.open()
    screen.close()
    qtbot.waitUntil(lambda: control.screen is None, timeout=2000)
    assert not view_action(win, "Big screen").isChecked()


def test_a_board_reopened_takes_the_clock_back_from_the_file(win, game_path, qtbot):
    from boardapp.ui.mainwindow import MainWindow

    control = win.bigscreen
    control.driver.start_clock()
    control.driver.adjust_clock(-120)
    control.driver.pause_clock()
    win.close()
    again = MainWindow(open_game(game_path), game_path)
    qtbot.addWidget(again)
    clock = again.bigscreen.driver.clock
    assert clock.started and not clock.running
    assert clock.length == clock.length_of(1) - 120
    again.close()


def test_opening_another_file_moves_the_big_screen_to_it(win, tmp_path, qtbot):
    from boardapp.engine.files import load_scenario, new_game

    control = win.bigscreen
    first = control.open()
    other = tmp_path / "other.game"
    new_game(load_scenario(Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"),
             save=other).store.close()
    assert win.open_path(other)
    assert control.screen is not None and control.screen is not first
    assert control.screen.game is win.game
    assert not first.isVisible()
    win.push({"kind": "news", "text": "Second file"})
    assert control.screen.sidebar.news.text() == "Second file"


def test_without_a_game_file_the_clock_is_not_shared(qtbot):
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.mainwindow import MainWindow

    game = new_game(load_scenario(Path(__file__).resolve().parents[1] / "data" / "tiny-scenario.yaml"))
    window = MainWindow(game, None)
    qtbot.addWidget(window)
    control = window.bigscreen
    assert control.publish(control.driver.clock.record()) is False
    control.dock_widget.clock_control.start_button.click()
    assert control.driver.clock.running
    assert control.dock_widget.share_label.text() == "Clock not shared: no writable game file"
    window.close()


def test_a_clock_the_file_refuses_is_said_in_the_status_bar(win):
    class Refusing:
        readonly = False
        path = Path("x.game")

        def set_meta(self, key: str, value: str) -> None:
            raise ValueError("disk full")

    control = win.bigscreen
    assert control.dock_widget.share_label.text() == "Clock shared through tiny.game"
    real = win.game.store
    win.game.store = Refusing()
    try:
        control.driver.start_clock()
        assert "disk full" in win.statusBar().currentMessage()
        assert "not saved" in control.dock_widget.share_label.text()
    finally:
        win.game.store = real
    control.driver.pause_clock()
    assert control.dock_widget.share_label.text() == "Clock shared through tiny.game"


def test_the_dock_says_where_the_big_screen_is(win):
    dock = win.bigscreen.dock_widget
    assert dock.state_label.text().startswith("Closed")
    assert not dock.screen_box.isEnabled()  # one screen
    win.bigscreen.open()
    assert "in a window" in dock.state_label.text()


def test_the_view_menu_names_each_item_once(win):
    menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    texts = [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]
    assert len(texts) == len(set(texts))
    assert {"Big screen", "Big screen dock", "Show this on the big screen", "Whole map on the big screen"} <= set(texts)


def test_hosting_moves_the_open_big_screen_to_the_hosted_game(win, game_path, qtbot):
    control = win.bigscreen
    first = control.open()
    control.driver.start_clock()
    clock = control.driver.clock
    win.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, view_interval=0.02)
    try:
        screen = control.screen
        assert screen is not None and screen is not first
        assert screen.game is win.game  # the host board's live replica
        assert control.driver.clock is clock and clock.running  # same scenario, same week: same clock
        assert control.publish(clock.record()) is False  # the file is the host's now
        assert control.dock_widget.share_label.text() == "Clock: the host's, shared with every seat and screen"
        control.push_news("Hosted headline")
        qtbot.waitUntil(lambda: screen.latest_news() == "Hosted headline", timeout=5000)
        control.driver.pause_clock()  # while hosting: not in the file
    finally:
        win.network.stop_hosting()
    # back on the file: the live clock goes on (paused), and the file learns it
    assert control.driver.clock is clock and not clock.running
    assert control.screen is not None and control.screen.game is win.game
    assert file_clock(game_path)["running"] is False


def test_a_right_click_on_the_empty_map_offers_the_big_screen(win, monkeypatch):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication

    control = win.bigscreen
    shown: list[Any] = []

    class Menu:
        def __init__(self, real: Any) -> None:
            self.texts = [a.text() for a in real.actions()]

        def exec(self, pos: Any) -> None:
            shown.append(self.texts)

    real_menu = control.context_menu
    monkeypatch.setattr(control, "context_menu", lambda: Menu(real_menu()))
    view = win.view
    view.fit()
    corner = view.mapFromScene(QPointF(2, 2))  # the map's corner: no place, no counter
    assert win.scene.place_at(view.mapToScene(corner), 60) is None
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, corner, view.viewport().mapToGlobal(corner))
    QApplication.sendEvent(view.viewport(), event)
    assert shown == [["&Show this on the big screen", "&Whole map on the big screen"]]

    place = view.mapFromScene(win.scene.place_pos("charlie"))  # a place: the board's own menu
    monkeypatch.setattr(win, "context_menu", lambda what, ident, pos: shown.append([what, ident]))
    win.scene.contextRequested.disconnect()
    win.scene.contextRequested.connect(win.context_menu)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, place, view.viewport().mapToGlobal(place))
    QApplication.sendEvent(view.viewport(), event)
    assert shown[-1] == ["place", "charlie"]


HOSTS_CLOCK = "Clock: the host's, shared with every seat and screen"


def test_the_dock_says_the_clock_is_the_hosts_on_every_networked_board(win, game_path, qtbot):
    """While hosted, the one clock is the host's (sent to every seat and screen), not the file's: the dock of
    the hosting board and of a joined umpire's board say so; back on the file, the file shares it again."""
    from boardapp.ui.network.windows import open_join

    label = win.bigscreen.dock_widget.share_label
    assert label.text() == "Clock shared through tiny.game"
    win.network.host_game(port=0, bind="127.0.0.1", ping_interval=0.3, view_interval=0.02)
    seat = None
    try:
        assert label.text() == HOSTS_CLOCK
        code = next(g.token for g in win.network.runner.grants() if g.role == "umpire" and not g.revoked)
        seat = open_join(win.network.runner.url, code)
        qtbot.addWidget(seat)
        assert seat.game.store is None  # a seat has no game file of its own, yet its clock is shared
        assert seat.bigscreen.dock_widget.share_label.text() == HOSTS_CLOCK
    finally:
        if seat is not None:
            seat.close()
        win.network.stop_hosting()
    assert label.text() == "Clock shared through tiny.game"


def test_the_closed_clock_panel_words_the_turn_as_the_game_does(win, qtbot, tmp_path):
    """With the big screen closed the panel still says the game's own turn and its word for it: a War in
    Binni week, a Diplomacy season (issue 12.11: "Spring 1935" everywhere, never "Turn 1"); layouts in words."""
    from boardapp.ui.mainwindow import MainWindow

    panel = win.bigscreen.dock_widget.clock_control
    assert win.bigscreen.screen is None
    panel.update_readout()
    assert panel.readout.text().startswith("Week 1 ")
    assert panel.week_button.text() == "New week"
    assert panel.layout_button.text() == "Layout: map + side bar ▸"

    path = tmp_path / "mun.game"
    new_game(load_scenario(MUN), save=path).store.close()
    mun = MainWindow(open_game(path), path)
    qtbot.addWidget(mun)
    try:
        panel = mun.bigscreen.dock_widget.clock_control
        panel.update_readout()
        assert panel.readout.text().startswith("Spring 1935 ")
        assert panel.week_button.text() == "New season"
    finally:
        mun.bigscreen.close()
