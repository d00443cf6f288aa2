"""Coup's big screen while the teams' order of play is shown (rehearsal 3, fault 6): the header's order
chips, "Order" and the deck counts meet the hall standard at 1920x1080 and 3840x2160 (the default layout
and the table alone, "map"), measured from what is drawn (tests/ui_hall/hall_measure.py).

The hall standard's own Coup case measures the example game's end (game over: no order shown), so it never
saw the header's chips run under "Deck 40 · Discard 0 · Out 0". Here the example game is stopped in play:
after the set-up (the Foreign Power, the longest name, first and to act: its chip the widest, bold) and in
turn 2 with the Foreign Power to act last, and at turn 3's conference break."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ui_hall import hall_measure
from tests.ui_hall.hall_games import ROOT, SYSTEMS

SIZES = {"1080": (1920, 1080), "4K": (3840, 2160)}
STOPS = {"turn1-for-first": 1, "turn2-for-last": 29, "turn3-conference": 41}
"""How many of the example's commands are played: each stop is in play with the order shown; in the first
two the Foreign Power is to act (its chip bold, the widest), in the third a conference break is on (the
longest turn words, "Turn 3 — CONFERENCE BREAK", before the chips)."""


def _game_at(steps: int, folder: Path) -> Path:
    from boardapp import cli

    scenario, commands, seed = SYSTEMS["coup"]
    out = folder / f"coup-{steps}.game"
    if not out.exists():
        script = yaml.safe_load((ROOT / "docs" / "examples" / commands).read_text(encoding="utf-8"))
        part = folder / f"coup-{steps}.yaml"
        part.write_text(yaml.safe_dump(script[:steps]), encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            code = cli.main(["run", str(ROOT / "scenarios" / scenario), "--commands", str(part),
                             "--seed", str(seed), "--save", str(out)])
        assert code == 0, f"boardapp run of the first {steps} commands exited {code}"
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: Any) -> Path:
    return Path(tmp_path_factory.mktemp("coup-order"))


@pytest.mark.parametrize("layout", [None, "map"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("stop", STOPS)
def test_coup_header_with_the_order_meets_the_hall_standard(qtbot: Any, settings: Any, folder: Path, stop: str,  # noqa: PLR0917
                                                            size: str, layout: str | None) -> None:
    report = hall_measure.big_screen_report(_game_at(STOPS[stop], folder), SIZES[size], layout=layout,
                                            settings=settings)
    texts = [d.text for d in report.texts]
    # control: the state measured shows the order (all three chips and the word) and the counts
    for word in ("Order", "Government", "Rebels", "Foreign Power"):
        assert any(t == word for t in texts), f"{word!r} not drawn: {texts[:40]}"
    # the deck's counts are drawn (in the header where they fit, in the CONTROL box in any case)
    assert any(t.startswith("Deck ") for t in texts) and any("Out " in t for t in texts), texts
    assert any("Discard" in t for t in texts), texts
    assert not report.problems(), report.describe()
