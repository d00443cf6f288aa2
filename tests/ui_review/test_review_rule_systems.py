"""A Coup game and a Mid-East PEACE game in the review window: the rule systems' own parts are there,
follow the slider, and offer nothing to play.

Coup has no map: its table is the central view, drawn for the review's audience (the public by
default, CONTROL with ``--umpire``); the expected picture at each position is the rule module's
``view`` of the state replayed there for that audience. Mid-East PEACE's Bloc outlines follow the
rule text (a zone owned by a Red or Blue Bloc member is outlined in its Bloc's colour, the
Peacekeeping Force's zone in UN blue) and its overturned Forces are covered; its docks are there
with every button disabled and drops on the board are not turned into declarations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QDockWidget

from boardapp.engine.module import Audience
from boardapp.review.timeline import Review
from boardapp.ui import contributions
from boardapp.ui.review.source import READ_ONLY
from boardapp.ui.review.window import ReviewWindow
from boardapp.ui.rules.coup.view import TableView
from tests.review.peace_and_coup import coup_game, peace_game


@pytest.fixture(scope="module")
def coup_path(tmp_path_factory: Any) -> Path:
    path = tmp_path_factory.mktemp("coup") / "coup.game"
    coup_game(path)
    return path


@pytest.fixture(scope="module")
def peace_path(tmp_path_factory: Any) -> Path:
    path = tmp_path_factory.mktemp("peace") / "peace.game"
    peace_game(path)
    return path


def _window(qtbot: Any, path: Path, umpire: bool = False) -> ReviewWindow:
    w = ReviewWindow(Review.open(path), umpire=umpire)
    qtbot.addWidget(w)
    w.show()
    w.load()
    return w


@pytest.mark.parametrize("umpire", [False, True])
def test_a_coup_review_shows_the_table_for_its_audience_and_it_follows_the_slider(
        qtbot: Any, coup_path: Path, umpire: bool) -> None:
    w = _window(qtbot, coup_path, umpire)
    central = w.centralWidget()  # the table, in the area that scrolls it where the window is small (TableArea)
    table = getattr(central, "table", central)
    assert isinstance(table, TableView), "Coup has no map: its table replaces it"
    audience = Audience.CONTROL if umpire else Audience.PUBLIC
    assert table.audience == audience
    assert table.controller is None, "nothing to click in a review"
    module = w.review.module
    stops = [t.position for t in w.review.turns]
    assert len(stops) > 5
    for pos in [0, *stops[::2], stops[-1]]:
        w.timeline.set_position(pos)
        assert table.picture == module.view(w.review.state_at(pos), audience)
        assert table.spots or pos == 0
    # The public table holds no seat's hand, only its count; CONTROL's holds every hand.
    w.timeline.set_position(stops[2])
    state = w.review.state_at(stops[2])
    assert table.picture is not None and table.picture.table is not None
    seats = table.picture.table["seats"]
    assert [s["cards"] for s in seats] == [len(state.hands[s["player"]]) for s in seats]
    assert any(state.hands.values())
    assert all(("hand" in s) == umpire for s in seats)
    w.close()


def test_a_coup_review_big_screen_shows_the_public_table(qtbot: Any, coup_path: Path) -> None:
    w = _window(qtbot, coup_path, umpire=True)
    screen = w.open_screen()
    qtbot.addWidget(screen)
    view = screen.board.screen_view
    assert isinstance(view, TableView) and view.audience == Audience.PUBLIC
    stop = w.review.turns[3].position
    w.timeline.set_position(stop)
    assert view.picture == w.review.module.view(w.review.state_at(stop), Audience.PUBLIC)
    screen.close()
    w.close()


def _expected_marks(review: Review, position: int, zones: set[str]) -> dict[str, str]:
    """The rule text's outlines: a Bloc member's zones in its Bloc's colour, the Peacekeeping Force's in UN blue."""
    state = review.state_at(position)
    marks = {z: str(state.bloc.get(owner)) for z, owner in state.owner.items()
             if owner is not None and state.bloc.get(owner) in ("red", "blue") and z in zones}
    if state.pkf is not None and state.pkf in zones:
        marks[state.pkf] = "un"
    return marks


def test_a_mideast_review_draws_its_overlays_at_every_step_and_offers_no_actions(
        qtbot: Any, peace_path: Path) -> None:
    w = _window(qtbot, peace_path)
    extras = contributions.installed(w).extras  # type: ignore[union-attr]
    assert extras is not None
    assert w.scene.drop_hook is None, "a drop on the board opens no declaration in a review"
    docks = {d.objectName(): d for d in w.findChildren(QDockWidget)}
    assert {"mideast.turn", "mideast.table"} <= set(docks)
    for ident in ("mideast.turn", "mideast.table"):
        buttons = docks[ident].widget().findChildren(QAbstractButton)
        enabled = [b.text() for b in buttons if b.isEnabled() and b.parent().metaObject().className() != "QTabBar"]
        assert enabled == [], f"{ident} offers {enabled}"
    zones = set(extras.outlines.paths)
    seen_marks = set()
    seen_overturned = 0
    for pos in sorted({0, *(t.position for t in w.review.turns), *range(0, w.review.last + 1, 7)}):
        w.timeline.set_position(pos)
        state = w.review.state_at(pos)
        for ident in ("mideast.turn", "mideast.table"):  # the panels refreshed here: still nothing to play
            buttons = docks[ident].widget().findChildren(QAbstractButton)
            enabled = [b.text() for b in buttons if b.isEnabled() and b.parent().metaObject().className() != "QTabBar"]
            assert enabled == [], f"{ident} offers {enabled} at position {pos}"
        assert extras.outlines.marks == _expected_marks(w.review, pos, zones), pos
        overturned = {f"overturned-{z}" for z, n in state.overturned.items() if n}
        assert set(extras.overturned.items) == overturned, pos
        seen_marks.add(tuple(sorted(extras.outlines.marks.items())))
        seen_overturned += len(overturned)
    assert len(seen_marks) > 1 or seen_overturned, "the overlays changed somewhere along the game"
    w.close()


def test_a_command_reaching_a_review_is_refused_and_said(qtbot: Any, peace_path: Path) -> None:
    w = _window(qtbot, peace_path)
    outcome = w.controller.submit({"kind": "end_turn"})
    assert outcome.entry is None and READ_ONLY in outcome.reasons
    assert w.statusBar().currentMessage() == READ_ONLY
    w.push({"kind": "end_turn"})
    assert w.review.last == len(w.review.entries)
    w.close()


def test_a_diplomacy_review_keeps_its_board_and_orders_panel_read_only(qtbot: Any) -> None:
    from boardapp.engine.files import load_scenario, new_game
    from tests.review.peace_and_coup import ROOT

    game = new_game(load_scenario(ROOT / "scenarios" / "mun-historical-1935.yaml"))
    game.push({"kind": "adjudicate", "force": "the officers resolve without the missing powers"})
    game.push({"kind": "adjudicate", "force": "the officers resolve without the missing powers"})
    w = ReviewWindow(Review.from_game(game))
    qtbot.addWidget(w)
    w.show()
    extras = contributions.installed(w).extras  # type: ignore[union-attr]
    assert extras.tint.scene() is w.scene and extras.layer.scene() is w.scene, "the centres' tint and the orders"
    assert w.scene.pointer_hook is None, "dragging a unit writes no order in a review"
    panel = extras.panel
    assert panel.editor.isReadOnly()
    assert [b.text() for b in panel.findChildren(QAbstractButton) if b.isEnabled()
            and b.parent().metaObject().className() != "QTabBar"] == []
    w.timeline.set_position(0)
    w.timeline.set_position(w.review.last)
    w.close()


def test_a_thegame_review_fills_its_regions_at_each_step(qtbot: Any) -> None:
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui.rules.thegame.overlay import public_looks
    from tests.review.peace_and_coup import ROOT

    game = new_game(load_scenario(ROOT / "scenarios" / "the-game.yaml"))
    for _ in range(4):
        game.push(game.module.end_turn_command())
    w = ReviewWindow(Review.from_game(game))
    qtbot.addWidget(w)
    w.show()
    extras = contributions.installed(w).extras  # type: ignore[union-attr]
    for pos in range(w.review.last + 1):
        w.timeline.set_position(pos)
        assert extras.fills.looks == public_looks(w.game, w.scene.team_colour)
    assert {"thegame.steps", "thegame.ledgers"} <= {d.objectName() for d in w.findChildren(QDockWidget)}
    w.close()
