"""War in Binni's pieces on the big screen (issue #23): a counter's three texts could not reach the hall
standard at the size the crowded map leaves them, so each place's counters are drawn as one badge per
team: its letters and strength ("BG 6"), or its letters and number over their total ("BG x2" over "12").
The umpire's board keeps its chips; Diplomacy's lone units and The Game's "3-(0)-3" keep theirs."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

from boardapp.ui.board.items import CounterItem
from boardapp.ui.board.style import TIMES
from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import make_game

RULEBOOK_VALUE = {"BDE": 6, "MIL": 2}
"""The rulebook's combat values (binni digest: Combat Brigade "default 6", Armed Militia "default 2");
a side's combat value is the sum of its counters' values."""


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("badge-games")


def _window(qtbot, settings, path, size=(1920, 1080)):
    from boardapp.engine.files import open_game
    from boardapp.ui.bigscreen.window import BigScreenWindow

    window = BigScreenWindow(open_game(path, readonly=True), settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.view._settle()
    return window


def test_binni_badges_say_team_number_and_total_per_place(qtbot, settings, games):
    path = make_game("binni", games)
    with hall_measure.recording():
        window = _window(qtbot, settings, path)
        report = hall_measure.measure(window)
    state = window.game.state
    want: dict[tuple[str, str], list[int]] = {}
    board = window.game.module.board(state)  # the umpires' picture: every counter with its own label
    for pc in board.pieces:
        if pc.place and not pc.hidden:
            want.setdefault((pc.place, pc.team), []).append(RULEBOOK_VALUE[pc.label])
    badges = [i for i in window.scene.items() if isinstance(i, CounterItem)]
    got = {(i.piece.place, i.piece.team): i.piece for i in badges}
    assert set(got) == set(want)
    assert any(len(v) > 1 for v in want.values())  # control: the example game has a place with two
    texts = Counter(d.text for d in report.texts)
    for (place, team), values in want.items():
        symbol = window.scene.team_symbol(team)
        total = sum(values)
        assert got[(place, team)].value == str(total)
        lines = [f"{symbol} {total}"] if len(values) == 1 else [f"{symbol} {TIMES}{len(values)}", str(total)]
        assert all(texts[line] for line in lines), (place, team, lines)
    # no kind label and no lone team letters: what a chip said is all on the badges
    assert not texts["BDE"] and not texts["MIL"]
    window.detach()


def test_binni_badges_cover_no_other_places_marker_or_symbol(qtbot, settings, games):
    window = _window(qtbot, settings, make_game("binni", games))
    scene = window.scene
    markers = {pid: item.sceneBoundingRect().adjusted(2, 2, -2, -2) for pid, item in scene.badges.items()}
    for item in (i for i in scene.items() if isinstance(i, CounterItem)):
        box = item.sceneBoundingRect()
        for pid, marker in markers.items():
            if pid != item.piece.place:
                assert not box.intersects(marker), (item.piece.place, item.piece.team, "over the marker of", pid)
        x, y = scene.places[item.piece.place].at
        assert box.bottom() < y and abs(box.center().x() - x) < box.width(), "a badge stands above its own place"
    for pid, (_, column) in scene._token_columns().items():  # tokens too keep off other places' markers
        for other, marker in markers.items():
            if other != pid:
                assert not QRectF(column).intersects(marker), (pid, "tokens over the marker of", other)
    window.detach()


@pytest.mark.parametrize("system", ["mun", "thegame"])
def test_lone_units_and_unsummable_values_keep_their_chips(qtbot, settings, games, system):
    window = _window(qtbot, settings, make_game(system, games))
    assert not window.scene.hall_pieces
    shown = {i.counter_id for i in window.scene.items() if isinstance(i, CounterItem)}
    public = {p.id for p in window.scene.picture.pieces if not p.hidden and p.place}
    assert shown == public
    window.detach()


def test_names_left_out_take_their_turn_and_the_standard_holds(qtbot, settings, games):
    """A name with no room whole near its place is left out (never drawn small or far away); every
    ROTATE_NAMES_MS the names left out choose first, so a crowded centre's names take turns."""
    from PySide6.QtWidgets import QApplication

    from boardapp.ui.bigscreen.scene import ROTATE_NAMES_MS

    with hall_measure.recording():
        window = _window(qtbot, settings, make_game("binni", games))
        scene = window.scene
        qtbot.waitUntil(lambda: bool(scene.left_out), timeout=5000)  # names placed at the settled size
        before = set(scene.left_out)
        assert before and scene.rotation.isActive() and scene.rotation.interval() == ROTATE_NAMES_MS
        assert not any(scene.names[p].isVisible() for p in before)
        scene.rotate_names()
        QApplication.processEvents()
        shown = {p for p in before if scene.names[p].isVisible()}
        assert shown, f"none of {sorted(before)} took its turn"
        report = hall_measure.measure(window)
    assert not report.problems(), report.describe()
    drawn = {d.text for d in report.texts}
    assert all(line in drawn for p in shown for line in scene.names[p].text().split("\n"))
    window.detach()
