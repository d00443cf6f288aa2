"""CONTROL's Turn dock on a Coup game (rehearsal 3): the tallies wrapped between a label and its number
("pool civ:" on one line, "15" on the next; at
this width "pool" / "civ: 13"). Each tally is kept whole on its line; measured from what the
dock draws (each drawn run of text is one line of the label)."""

from __future__ import annotations

from typing import Any

from tests.ui_coup.conftest import game_at
from tests.ui_hall import hall_measure


def test_no_tally_is_wrapped_away_from_its_number(window: Any, loaded: Any) -> None:
    w = window(game_at(loaded, 12))
    tallies = w.turn_panel.tallies
    with hall_measure.recording():
        report = hall_measure.measure(tallies)
    lines = [" ".join(d.text.replace("\u00a0", " ").split()) for d in report.texts if d.text.strip()]
    assert len(lines) >= 2, f"control: the dock is narrow enough that the tallies wrap: {lines}"
    tallies_ = w.game.module.board(w.game.state).tallies
    assert set(tallies_) >= {"deck", "pool civ"}
    for key, value in tallies_.items():
        assert any(f"{key}: {value}" in line for line in lines), f"{key}: {value} cut in two: {lines}"
