"""The review window's curves name every side they draw (issue #23 item 9): a legend beside the plot
for the MUN's nine powers (there was none past eight sides), in the umpires' dock and on the hall's
big screen alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.review.timeline import Review
from boardapp.ui.review import curves as curves_mod
from tests.ui_hall.hall_games import make_game

pytestmark = pytest.mark.skipif(not curves_mod.HAVE_MATPLOTLIB, reason="matplotlib is not installed")


@pytest.mark.parametrize("scale", [1.0, 2.0], ids=["dock", "hall"])
def test_every_curve_is_named_in_a_legend(qtbot: Any, tmp_path: Path, scale: float) -> None:
    review = Review.open(make_game("mun", tmp_path))
    panel = curves_mod.CurvesPanel(review, scale=scale)
    qtbot.addWidget(panel)
    panel.resize(700, 420)
    panel.show()
    panel.load()
    for i in range(panel.measure_box.count()):
        panel.measure_box.setCurrentIndex(i)
        curves = panel.shown()
        sides = [panel.side_name(c.side) for c in curves]
        if len(curves) < 2:
            continue
        legend = panel.axes.get_legend()
        assert legend is not None, f"{panel.measure}: {len(curves)} curves and no legend"
        assert [t.get_text() for t in legend.get_texts()] == sides
    assert len(review.module.teams) == 9  # control: the case the old rule (eight at most) left out


def test_a_white_teams_line_is_outlined(qtbot: Any, tmp_path: Path) -> None:
    """Poland is white: its line carries a grey outline (in the dock and in the legend); a dark team's
    (the German Empire's black, France's navy) none."""
    review = Review.open(make_game("mun", tmp_path))
    panel = curves_mod.CurvesPanel(review)
    qtbot.addWidget(panel)
    panel.show()
    panel.load()
    white = {t.id for t in review.module.teams if t.colour.lower() in ("#ffffff", "#fff")}
    assert white, "control: a white team"
    dark = {t.id for t in review.module.teams if t.colour.lower() in ("#1a1a1a", "#1a2f8a")}
    assert dark, "control: dark teams"
    for side, line in panel.lines.items():
        if side in white:
            assert line.get_path_effects(), side
        if side in dark:
            assert not line.get_path_effects(), side
