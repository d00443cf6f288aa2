"""place_labels remembers recent answers by their whole input: equal input, the same spots; any change in a
label, an obstacle, the bounds or the gap, a fresh placement — and several callers do not evict each other."""

from __future__ import annotations

from boardapp.ui.board import labels
from boardapp.ui.board.labels import Box, Label, place_labels


def _names(dx: float = 0.0) -> list[Label]:
    return [Label("a", 0 + dx, 0, 40, 10), Label("b", 30 + dx, 0, 40, 10)]


def test_a_changed_input_is_placed_again_and_an_equal_one_is_remembered(monkeypatch) -> None:
    calls = []
    real = labels._place

    def counting(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(labels, "_place", counting)
    labels._recent.clear()
    obstacles = [Box(-10, -10, 10, 10)]
    first = place_labels(_names(), obstacles)
    assert place_labels(_names(), obstacles) == first and len(calls) == 1  # equal input: remembered
    moved = place_labels(_names(dx=200), obstacles)  # a piece moved: placed again
    assert len(calls) == 2 and moved["a"].box.x0 > first["a"].box.x0 + 150
    place_labels(_names(), [Box(-10, -10, 10, 10), Box(0, 5, 40, 30)])
    assert len(calls) == 3  # a new obstacle: placed again
    # the board's and the big screen's placements alternate without evicting each other
    assert place_labels(_names(), obstacles) == first and len(calls) == 3
    assert place_labels(_names(dx=200), obstacles) == moved and len(calls) == 3
    spots = place_labels(_names(), obstacles)
    spots["a"] = spots["b"]  # a caller changing its answer does not change what is remembered
    assert place_labels(_names(), obstacles) == first
