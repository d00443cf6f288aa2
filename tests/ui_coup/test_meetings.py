"""Issue 25.12 on the table: a Government or Rebel seat's "Arrange" button arranges the meeting with his
Foreign Power counterpart during play, and its "Meet" button holds it at the conference break.

The rulebook: "Meetings must be arranged beforehand during the round of play, and players may only meet
with their counterpart on the other team" (Gov-Mil's is For-Mil).
"""

from __future__ import annotations

from typing import Any

from tests.ui_coup.conftest import game_at
from tests.ui_coup.test_table import click, table_of


def test_arrange_then_meet_from_the_table(window: Any, loaded: Any) -> None:
    game = game_at(loaded, 1)  # dealt: the card phase of turn 1
    view = table_of(window(game))
    idents = {s.ident for s in view.spots}
    # on both seats of each meeting (a Foreign Power seat has two: its Government and Rebel counterparts)
    assert {"arrange:gov-mil:for-mil", "arrange:for-mil:gov-mil", "arrange:for-mil:reb-mil",
            "arrange:reb-civ:for-civ"} <= idents
    assert not any(i.startswith("arrange:gov-") and ":reb-" in i for i in idents), "Government and Rebel never meet"
    click(view, "arrange:for-mil:gov-mil")
    assert game.entries[-1].command == {"kind": "arrange_meeting", "player": "for-mil", "counterpart": "gov-mil"}
    idents = {s.ident for s in view.spots}
    assert not {"arrange:gov-mil:for-mil", "arrange:for-mil:gov-mil"} & idents, "arranged once"
    assert "arrange:for-mil:reb-mil" in idents, "For-Mil may still arrange to meet Reb-Mil"
    assert not any(i.startswith("meet:") for i in idents), "the meeting waits for the break"
    for _ in range(2):  # Control ends turns 1 and 2 (forced: not everyone has acted here)
        game.push({"kind": "end_turn", "force": "test: to the break"})
    assert game.state.conference
    assert "meet:for-mil:reb-mil" not in {s.ident for s in view.spots}, "not arranged: no meeting"
    click(view, "meet:gov-mil:for-mil")
    assert game.entries[-1].command == {"kind": "meet", "player": "gov-mil", "counterpart": "for-mil"}
    assert game.state.met == [("gov-mil", "for-mil")]


def test_a_meeting_at_the_break_is_on_the_big_screen_at_hall_size(qtbot: Any, loaded: Any) -> None:
    """The hall standard: the meeting's line is painted at least 19 px high (ink, measured in the grab) at
    1920 by 1080. The tour's break: Gov-Mil and For-Mil meet (the arrangement itself never reaches it)."""
    from boardapp.ui.bigscreen.window import BigScreenWindow

    game = game_at(loaded, 42)  # the tour: arranged in turn 2, ended turn 2, Gov-Mil meets For-Mil
    assert game.state.conference and game.state.met == [("gov-mil", "for-mil")]
    screen = BigScreenWindow(game)
    qtbot.addWidget(screen)
    screen.resize(1920, 1080)
    screen.show()
    qtbot.waitExposed(screen)
    table = screen.screen_view
    spot = table.spot("meeting:gov-mil:for-mil")
    assert spot.texts == ["Meeting: Gov-Mil & For-Mil"]
    image = table.grab().toImage()
    x, y, w, h = (int(v) for v in spot.rect)
    rows = [j for j in range(max(0, y - 4), min(image.height(), y + h + 4))
            if any(_inkish(image.pixelColor(i, j)) for i in range(x, min(image.width(), x + w), 2))]
    assert rows, "the line is painted"
    ink = rows[-1] - rows[0] + 1
    assert ink >= 19 * table.devicePixelRatioF(), ink


def _inkish(c: Any) -> bool:
    """Close to the line's ink, #8a4b00 (brown on the panel's light fill)."""
    return abs(c.red() - 0x8a) < 40 and abs(c.green() - 0x4b) < 40 and c.blue() < 60
