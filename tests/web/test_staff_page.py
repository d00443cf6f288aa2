"""Issue 29: the players' web page never gets the Control team's rulings, follow-ups or notes. A page opened
after Control wrote them gets every byte the web view serves (its files and its whole live stream, with the
news feed since the view started) and none of it holds a staff text; the public news written after them
arrives (the walk reads a stream that went past them)."""

from __future__ import annotations

import json
from pathlib import Path

from boardapp.engine.files import load_scenario, new_game
from tests.web.helpers import everything_a_page_gets
from tests.web.live import LiveGame

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


def test_the_page_gets_none_of_the_control_team(tmp_path: Path) -> None:
    game = new_game(load_scenario(TINY))
    with LiveGame(game) as live:
        r = live.play({"kind": "ruling", "text": "PAGE-SECRET-ruling", "places": ["echo"]})
        assert r.accepted
        assert live.play({"kind": "confirm_ruling", "ruling": r.seq, "text": "PAGE-SECRET-confirm"}).accepted
        fu = live.play({"kind": "follow_up", "text": "PAGE-SECRET-follow", "to_team": "reb"})
        assert fu.accepted
        assert live.play({"kind": "follow_up_done", "follow_up": fu.seq, "text": "PAGE-SECRET-done"}).accepted
        assert live.play({"kind": "note", "text": "PAGE-SECRET-note"}).accepted
        assert live.play({"kind": "move", "counter": "g-bde1", "to": "echo", "force": "PAGE-forced"}).accepted
        assert live.play({"kind": "news", "text": "PAGE-PUBLIC-after"}).accepted
        files, messages = everything_a_page_gets(live.url, lambda msg: "PAGE-PUBLIC-after" in json.dumps(msg))
        text = files + "\n".join(messages)
        assert "PAGE-PUBLIC-after" in text
        assert "PAGE-SECRET" not in text and "staff_" not in text
