"""The big screen's pieces (issue #23): a counter's three texts could not reach the hall standard at the size
a crowded map leaves them, so each place's pieces are drawn as one badge per team, saying what the rule
system's picture says they add up to: War in Binni's strengths ("BG 6"; "BG x2" over "12"), Mid-East PEACE's
Forces ("ISR 6", "SF" under them), The Game's units by number and kind ("LB x3" over "FTR MEC" / "INF").
The umpire's board keeps its chips, and so do Diplomacy's lone armies and fleets."""

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
    markers = {pid: item.sceneBoundingRect().adjusted(2, 2, -2, -2) for pid, item in scene.badges.items()
               if item.isVisible()}
    for item in (i for i in scene.items() if isinstance(i, CounterItem)):
        box = item.sceneBoundingRect()
        for pid, marker in markers.items():  # markers drawn (a place's holder's badge stands for its own)
            if pid != item.piece.place:
                assert not box.intersects(marker), (item.piece.place, item.piece.team, "over the marker of", pid)
        x, y = scene.places[item.piece.place].at
        assert box.bottom() < y and abs(box.center().x() - x) < box.width(), "a badge stands above its own place"
    for pid, (_, column) in scene._token_columns(after_badges=True).items():  # as drawn: tokens keep off markers too
        for other, marker in markers.items():
            if other != pid:
                assert not QRectF(column).intersects(marker), (pid, "tokens over the marker of", other)
    window.detach()


def test_lone_units_keep_their_chips(qtbot, settings, games):
    """Diplomacy's armies and fleets (one a province, the kind told by the chip's shape and letter) keep them."""
    window = _window(qtbot, settings, make_game("mun", games))
    assert not window.scene.hall_pieces
    shown = {i.counter_id for i in window.scene.items() if isinstance(i, CounterItem)}
    public = {p.id for p in window.scene.picture.pieces if not p.hidden and p.place}
    assert shown == public
    window.detach()


def _badges(window) -> dict[tuple[str, str], list[str]]:
    return {(i.piece.place, i.piece.team): i.piece.label.split("\n") for i in window.scene.items()
            if isinstance(i, CounterItem) and i.isVisible()}


def test_mideast_badges_say_team_and_forces(qtbot, settings, games):
    """Mid-East PEACE: each zone's Forces as one badge, its owner's letters and the number of its Forces
    ("ISR 6"), a Superpower Force there listed under them ("SF"): the numbers from the game's state."""
    with hall_measure.recording():
        window = _window(qtbot, settings, make_game("mideast", games))
        report = hall_measure.measure(window)
    summary = window.game.module.summary(window.game.state)
    got = _badges(window)
    texts = {d.text for d in report.texts}
    assert summary["forces"]  # control: the example game has Forces on the map
    for zone, n in summary["forces"].items():
        owner = summary["owners"][zone]
        lines = got[(zone, owner)]
        assert lines[0] == f"{window.scene.team_symbol(owner)} {n - summary['overturned'].get(zone, 0)}", zone
        assert lines[0] in texts, f"{lines[0]!r} not drawn"
    for sf in summary["superpower_forces"]:
        assert "SF" in " ".join(got[(sf["zone"], sf["player"])][1:])
    assert not any(d.text == "F" for d in report.texts)  # no chip's kind letter left (its 10 px was the failure)
    window.detach()


def test_thegame_badges_say_team_number_and_kinds(qtbot, settings, games):
    """The Game: a unit's value "2-(0)-3" does not add up, so a player's units at a region are one badge
    with the player's letters, their number and their kinds ("LB x3" over "FTR MEC" / "INF"); one unit:
    "JA MIL". No strength text of 6 px is left on the big screen."""
    from collections import Counter as Count

    with hall_measure.recording():
        window = _window(qtbot, settings, make_game("thegame", games))
        report = hall_measure.measure(window)
    summary = window.game.module.summary(window.game.state)
    player = {nid: n["player"] for nid, n in summary["nations"].items()}
    want = Count((u["region"], player[u["nation"]]) for u in summary["units"].values())
    got = _badges(window)
    assert got and any(n > 1 for key, n in want.items() if key in got)  # control: a badge for several units
    for (region, team), lines in got.items():
        n, symbol = want[(region, team)], window.scene.team_symbol(team)
        if n == 1:
            assert len(lines) == 1 and lines[0].startswith(f"{symbol} "), lines
            continue
        assert lines[0] == f"{symbol} {TIMES}{n}", (region, lines)
        listed, words = 0, " ".join(lines[1:]).split()
        for i, word in enumerate(words):  # "FTR MEC" / "2 MIL": every unit's kind, repeated ones counted
            if not word.isdigit():
                listed += int(words[i - 1]) if i and words[i - 1].isdigit() else 1
        assert listed == n, (region, team, lines)
    assert not any("-(" in d.text for d in report.texts)  # strengths are the umpire's board's, not the hall's
    window.detach()


@pytest.mark.parametrize("system", ["binni", "mideast", "thegame"])
def test_badges_contrast_in_every_team_colour_and_fold_the_holders_marker(qtbot, settings, games, system):
    """Every badge's letters contrast with its team's colour (WCAG ratio >= 4.5 for black or white ink,
    the better of the two; read from the badge's pixels); a place whose only badge is its holder's shows no
    control marker beside it (the badge says who holds it) and carries the holder's tokens there as lines;
    every other held place keeps its marker."""
    from boardapp.ui.bigscreen import badges
    from boardapp.ui.board import style

    window = _window(qtbot, settings, make_game(system, games))
    scene = window.scene
    for team in window.game.module.teams:
        fill = scene.team_colour(team.id) or "#bbbbbb"
        img = badges.badge_pixmap(fill, (f"{scene.team_symbol(team.id)} 88",)).toImage()
        bg = img.pixelColor(img.width() // 2, 8)  # inside the block, above the letters
        lum = [style.luminance(img.pixelColor(x, y)) for x in range(img.width()) for y in range(img.height())
               if img.pixelColor(x, y).alpha() == 255]
        far = max(lum, key=lambda v: abs(v - style.luminance(bg)))
        hi, lo = max(far, style.luminance(bg)), min(far, style.luminance(bg))
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, (team.id, fill)
    got = _badges(window)
    teams_at: dict[str, set[str]] = {}
    for place, team in got:
        teams_at.setdefault(place, set()).add(team)
    control = scene.picture.control
    folded = [p for p, teams in teams_at.items() if control.get(p) and teams == {control[p]}]
    assert folded, "control: some place has only its holder's badge"
    # the holder's tokens at such a place are lines of its badge, not tokens beside it ("ISR 6" / "SF BLUE")
    moved = [t for t in scene.picture.tokens if t.place in folded and t.team and t.team == control[t.place]]
    if system == "mideast":
        assert moved, "control: Israel's zones carry its bloc's token"
    for t in moved:
        assert t not in scene.visible_tokens()
        assert t.label in " ".join(got[(t.place, t.team)][1:]).split(), (t, got[(t.place, t.team)])
    groups, bounds = scene._place_groups(), scene.view_bounds  # a tour's stop shows only the places whole in it
    for pid, marker in scene.badges.items():
        shown = marker.isVisible()
        if pid in folded:
            assert not shown, pid
        elif control.get(pid) and (bounds is None or all(bounds.contains(QRectF(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0))
                                                         for b in groups[pid])):
            assert shown, pid
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
