"""The review window with real events: slider drag, step buttons, a log line, a curve point.

Expected positions come from the journal itself (where the turn label changes, which entries CONTROL
forced), and expected pictures and curve values from the live game as it was played (recorded after
every accepted command), never from the review's own replay.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from boardapp.engine.files import load_scenario
from boardapp.engine.module import Audience
from boardapp.review.timeline import Review
from boardapp.rules.binni import commands as c
from boardapp.ui.document.controller import GameController
from boardapp.ui.review import curves as curves_mod
from boardapp.ui.review.window import ReviewWindow
from tests.review.games import random_game

ROOT = Path(__file__).resolve().parents[2]


class Played:
    """A game file and, for every position, the live game's board picture and series."""

    def __init__(self, path: Path, pictures: list[Any], series: list[dict[str, dict[str, float]]],
                 entries: list[Any]) -> None:
        self.path = path
        self.pictures = pictures
        self.series = series
        self.entries = entries


@pytest.fixture(scope="module")
def played(tmp_path_factory: Any) -> Played:
    path = tmp_path_factory.mktemp("review") / "three-weeks.game"
    pictures: list[Any] = []
    series: list[dict[str, dict[str, float]]] = []

    def watch(game: Any) -> None:
        pictures.append(game.module.board(game.state))
        series.append(game.module.series(game.state))

    loaded = load_scenario(ROOT / "scenarios" / "war-in-binni.yaml")
    from boardapp.engine.files import new_game

    start = new_game(loaded)
    first_picture, first_series = start.module.board(start.state), start.module.series(start.state)
    game = random_game(loaded, 240, 3, seed=7, save=path, force_every=25, watch=watch)
    entries = list(game.entries)
    game.store.close()
    return Played(path, [first_picture, *pictures], [first_series, *series], entries)


@pytest.fixture
def window(qtbot: Any, played: Played) -> ReviewWindow:
    w = ReviewWindow(Review.open(played.path))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.loaded)
    return w


def _turn_ends(entries: list[Any]) -> list[int]:
    """Positions right after the last entry of each turn label, from the journal."""
    return [i + 1 for i, e in enumerate(entries) if i + 1 == len(entries) or entries[i + 1].turn != e.turn]


def _send(widget: Any, kind: QEvent.Type, x: int, buttons: Qt.MouseButton) -> None:
    pos = QPointF(x, widget.height() / 2)
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    ev = QMouseEvent(kind, pos, widget.mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, ev)


def test_dragging_the_slider_moves_the_board_to_the_live_picture(window: ReviewWindow, played: Played) -> None:
    slider = window.timeline.slider
    assert window.position == len(played.entries)
    start_x, target = slider.x_of(slider.value()), len(played.entries) // 3
    _send(slider, QEvent.Type.MouseButtonPress, start_x, Qt.MouseButton.LeftButton)
    for frac in (0.8, 0.6, 0.5):
        _send(slider, QEvent.Type.MouseMove, slider.x_of(int(target / 0.5 * frac)), Qt.MouseButton.LeftButton)
    _send(slider, QEvent.Type.MouseMove, slider.x_of(target), Qt.MouseButton.LeftButton)
    _send(slider, QEvent.Type.MouseButtonRelease, slider.x_of(target), Qt.MouseButton.NoButton)
    pos = window.position
    assert abs(pos - target) <= 2  # a pixel of the slider is about one position here
    assert pos != len(played.entries)
    assert window.scene.picture == played.pictures[pos]
    assert window.game.entries == tuple(played.entries[:pos])


def test_step_buttons_by_turn_and_by_forced_ruling(window: ReviewWindow, qtbot: Any, played: Played) -> None:
    ends = _turn_ends(played.entries)
    forced = [i + 1 for i, e in enumerate(played.entries) if e.overridden]
    assert len(ends) == 3 and forced, "the scripted game has three weeks and forced rulings"
    qtbot.mouseClick(window.timeline.start_button, Qt.MouseButton.LeftButton)
    assert window.position == 0
    assert window.scene.picture == played.pictures[0]
    assert window.timeline.by.currentData() == "turn"
    qtbot.mouseClick(window.timeline.forward_button, Qt.MouseButton.LeftButton)
    assert window.position == ends[0]
    assert window.scene.picture == played.pictures[ends[0]]
    qtbot.mouseClick(window.timeline.forward_button, Qt.MouseButton.LeftButton)
    assert window.position == ends[1]
    qtbot.mouseClick(window.timeline.back_button, Qt.MouseButton.LeftButton)
    assert window.position == ends[0]
    window.timeline.by.setCurrentIndex(window.timeline.by.findData("forced"))
    qtbot.mouseClick(window.timeline.forward_button, Qt.MouseButton.LeftButton)
    assert window.position == next(f for f in forced if f > ends[0])
    assert "forced" in window.timeline.where.text()
    window.timeline.by.setCurrentIndex(window.timeline.by.findData("command"))
    before = window.position
    qtbot.mouseClick(window.timeline.forward_button, Qt.MouseButton.LeftButton)
    assert window.position == before + 1
    assert window.scene.picture == played.pictures[before + 1]
    assert window.timeline.slider.forced_marks == tuple(forced)


def test_clicking_a_log_line_jumps_to_right_after_it(window: ReviewWindow, qtbot: Any, played: Played) -> None:
    tree = window.log.tree
    item = tree.topLevelItem(tree.topLevelItemCount() // 2)
    seq = int(item.text(0))
    expected = 1 + next(i for i, e in enumerate(played.entries) if e.seq == seq)
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)  # wider than the viewport when the columns are: click in its first column
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 10, rect.center().y()))
    assert window.position == expected
    assert window.scene.picture == played.pictures[expected]


def test_hovering_and_clicking_a_curve_point(window: ReviewWindow, qtbot: Any, played: Played) -> None:
    panel = window.curves
    panel.measure_box.setCurrentIndex(panel.measure_box.findData("pr"))
    ends = _turn_ends(played.entries)
    team = next(iter(played.series[0]["pr"]))
    x, y = panel.point_on_widget(ends[1], team)
    qtbot.mouseMove(panel.canvas, QPoint(x, y))
    expected = played.series[ends[1]]["pr"][team]
    name = window.review.module.teams[[t.id for t in window.review.module.teams].index(team)].name
    assert f"{name} {expected:g}" in panel.readout.text()
    assert played.entries[ends[1] - 1].turn in panel.readout.text()
    qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
    assert window.position == ends[1]
    assert window.scene.picture == played.pictures[ends[1]]
    assert list(panel._marker.get_xdata()) == [ends[1], ends[1]]


def test_nothing_can_be_played_and_the_file_is_unchanged(window: ReviewWindow, qtbot: Any, played: Played) -> None:
    digest = hashlib.sha256(played.path.read_bytes()).hexdigest()
    window.timeline.set_position(10)
    outcome = GameController(window.game).submit(c.News(text="a late headline", force="CONTROL says so"))
    assert not outcome.accepted and not outcome.forceable
    assert "review" in outcome.reasons[0]
    counter = next(p.id for p in window.scene.picture.pieces)
    place = next(iter(window.scene.places))
    window.scene.controller.drop(counter, place)  # a drag and drop on the board goes the same way
    assert len(window.review.entries) == len(played.entries)
    assert not window.game.can_undo and window.game.undo() is None
    window.close()
    assert hashlib.sha256(played.path.read_bytes()).hexdigest() == digest


def test_the_big_screen_follows_and_has_a_curves_layout(window: ReviewWindow, qtbot: Any, played: Played) -> None:
    screen = window.open_screen()
    qtbot.addWidget(screen)
    ends = _turn_ends(played.entries)
    qtbot.mouseClick(window.timeline.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.timeline.forward_button, Qt.MouseButton.LeftButton)
    public = played.pictures[ends[0]].for_audience(Audience.PUBLIC)  # the hall sees the public picture only
    assert screen.board.picture == public
    assert screen.board.scene.picture == public
    qtbot.keyClick(screen, Qt.Key.Key_C)
    assert screen.layout_name == "curves" and screen.stack.currentWidget() is screen.curves
    hidden = window.review.hidden_measures()
    assert hidden and not hidden & set(screen.curves.measures), "the public curves leave secret measures out"
    assert hidden & set(window.curves.measures), "the umpires' dock has them (control case)"
    screen.close()


def test_without_matplotlib_the_window_works_and_says_so(qtbot: Any, played: Played, monkeypatch: Any) -> None:
    monkeypatch.setattr(curves_mod, "HAVE_MATPLOTLIB", False)
    w = ReviewWindow(Review.open(played.path))
    qtbot.addWidget(w)
    w.load()
    note = w.curves.findChild(type(w.curves.readout), "needs_matplotlib")
    assert note is not None and "matplotlib" in note.text()
    w.timeline.set_position(5)
    assert w.scene.picture == played.pictures[5]
    w.close()


def test_boardapp_review_names_a_file_it_cannot_open(tmp_path: Path, capsys: Any) -> None:
    from boardapp.cli import main

    bad = tmp_path / "not-a-game.game"
    bad.write_text("hello")
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "boardapp review" in err and "not-a-game.game" in err


def test_play_steps_by_turn_until_the_end(window: ReviewWindow, qtbot: Any, played: Played, monkeypatch: Any) -> None:
    ends = _turn_ends(played.entries)
    seen: list[int] = []
    window.timeline.positionChanged.connect(seen.append)
    window.timeline.timer.setInterval(10)
    qtbot.mouseClick(window.timeline.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.timeline.play_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.timeline.timer.isActive(), timeout=5000)
    assert seen == [0, *ends]  # the start, then every week's end, and play stops at the last
    assert window.scene.picture == played.pictures[ends[-1]]


def test_a_diplomacy_game_steps_by_season(qtbot: Any) -> None:
    from boardapp.engine.files import new_game

    game = new_game(load_scenario(ROOT / "scenarios" / "mun-historical-1935.yaml"))
    game.push({"kind": "adjudicate"})  # Spring 1935
    game.push({"kind": "set_victory_points", "power": "poland", "points": 2, "reason": "treaty of Riga"})
    game.push({"kind": "adjudicate"})  # Fall 1935
    w = ReviewWindow(Review.from_game(game))
    qtbot.addWidget(w)
    w.load()
    assert w.timeline.by.currentText() == "by season"
    qtbot.mouseClick(w.timeline.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.timeline.forward_button, Qt.MouseButton.LeftButton)
    assert w.position == 1  # the end of Spring 1935: its one adjudication
    assert "Spring 1935" in w.timeline.where.text()
    assert "centres" in w.curves.measures and "vp" in w.curves.measures
    w.close()


def test_file_review_a_game_on_the_board_opens_a_review_window(qtbot: Any, played: Played, monkeypatch: Any) -> None:
    from PySide6.QtWidgets import QFileDialog

    from boardapp.engine.files import new_game
    from boardapp.ui.mainwindow import MainWindow
    from boardapp.ui.review import window as review_window

    board = MainWindow(new_game(load_scenario(ROOT / "tests" / "data" / "tiny-scenario.yaml")))
    qtbot.addWidget(board)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(played.path), "Games (*.game)"))
    action = next(a for a in board.menus["file"].actions() if a.text().replace("&", "") == "Review a game…")
    action.trigger()
    opened = review_window._open[-1]
    qtbot.addWidget(opened)
    assert opened.review.source == str(played.path)
    assert opened.position == len(played.entries)
    opened.close()
