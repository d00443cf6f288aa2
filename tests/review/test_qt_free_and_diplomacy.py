"""The review core and its report run without Qt, and serve every rule system: a Diplomacy game's
report has its seasons and its supply-centre and score curves."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import Audience
from boardapp.review.report import build_report
from boardapp.review.timeline import Review
from tests.conftest import ROOT, TINY


def test_the_report_is_built_with_qt_unavailable(tmp_path: Path) -> None:
    """Block PySide6 and boardapp.ui entirely and build a report: the review must not notice."""
    script = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "PySide6" or name.startswith("boardapp.ui"):
                    raise ImportError("Qt is blocked in this test")
        sys.meta_path.insert(0, Block())
        sys.path.insert(0, {str(ROOT)!r})
        from boardapp.engine.files import load_scenario
        from boardapp.review.report import build_report
        from boardapp.review.timeline import Review
        from tests.review.games import random_game
        game = random_game(load_scenario({str(TINY)!r}), 30, 2, seed=1)
        html = build_report(Review.from_game(game))
        assert not any(m.startswith(("PySide6", "boardapp.ui")) for m in sys.modules), "Qt was imported"
        print(html.count('<section class="week"'))
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2"


def test_a_diplomacy_report_has_its_seasons_and_centres() -> None:
    pytest.importorskip("matplotlib")
    game = new_game(load_scenario(ROOT / "scenarios" / "mun-historical-1935.yaml"))
    game.push({"kind": "adjudicate", "force": "the chair resolves; powers not handed in hold"})  # Spring 1935: all hold
    game.push({"kind": "set_victory_points", "power": "poland", "points": 2, "reason": "treaty of Riga"})
    game.push({"kind": "adjudicate", "force": "the chair resolves; powers not handed in hold"})  # Fall 1935
    review = Review.from_game(game)
    labels = [t.label for t in review.turns]
    assert labels == ["Spring 1935", "Fall 1935"]
    html = build_report(review)
    assert re.findall(r'<section class="week"[^>]*><h2>([^<]+)</h2>', html) == labels
    for measure in ("centres", "units", "score", "vp"):
        assert f'id="curve-{measure}"' in html
    assert "victory points" in html  # the set_victory_points event is a key event
    assert "Supply centres" in html and "Poland" in html


def test_a_rule_system_without_curves_still_has_its_tables() -> None:
    """A rule system that supplies no series (here Mid-East PEACE with its ``series`` taken away, as a
    plugin without curves would be): the report says so, and shows the module's own tables."""
    pytest.importorskip("matplotlib")
    game = new_game(load_scenario(ROOT / "scenarios" / "mideast-peace.yaml"))
    game.module.series = lambda _state: {}  # type: ignore[method-assign]
    game.push(game.module.end_turn_command())
    review = Review.from_game(game)
    assert review.curves() == []
    html = build_report(review)
    assert "This rule system supplies no curves." in html
    titles = re.findall(r"<h4>([^<]*)</h4>", html)
    public_sections = game.module.view(review.state_at(1), Audience.PUBLIC).sections
    assert public_sections and titles == [sec.title for sec in public_sections]
