"""Issue 29.4: the umpires' after-action report lists the Control team's rulings (standing, overturned) and
follow-ups (done, late, dropped) with their times; the public report shows none of them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.staff import hhmm
from boardapp.review.report import build_report
from boardapp.review.timeline import Review

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"


def test_the_umpires_report_lists_rulings_and_follow_ups_and_the_public_one_none(tmp_path: Path) -> None:
    path = tmp_path / "g.game"
    game = new_game(load_scenario(TINY), save=path)
    stand = game.push({"kind": "ruling", "text": "STAFF-bridges hold", "area": "movement", "by": "Map Control"})
    gone = game.push({"kind": "ruling", "text": "STAFF-rain stops air", "by": "umpire 2"})
    forced = game.push({"kind": "move", "counter": "g-bde1", "to": "echo", "force": "STAFF-crossed by boat"})
    game.push({"kind": "confirm_ruling", "ruling": stand.seq})
    game.push({"kind": "overturn_ruling", "ruling": gone.seq, "text": "STAFF-rain was local"})
    on_time = game.push({"kind": "follow_up", "text": "STAFF-tell reb", "to_team": "reb", "due": "turn",
                         "due_turn": 2, "by": "Map Control"})
    late = game.push({"kind": "follow_up", "text": "STAFF-tell gov", "to_seat": "umpire 1", "due": "turn",
                      "due_turn": 1})
    dropped = game.push({"kind": "follow_up", "text": "STAFF-forget it", "to_seat": "umpire 2"})
    left = game.push({"kind": "follow_up", "text": "STAFF-still open", "to_seat": "umpire 2", "due": "clock",
                      "due_at": (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).isoformat()})
    game.push({"kind": "note", "text": "STAFF-note"})
    game.push(game.module.end_turn_command())
    done_at = game.push({"kind": "follow_up_done", "follow_up": on_time.seq, "by": "umpire 2"}).at
    game.push({"kind": "follow_up_done", "follow_up": late.seq, "by": "umpire 1"})
    game.push({"kind": "follow_up_dropped", "follow_up": dropped.seq, "by": "umpire 2"})
    game.store.close()

    review = Review.open(path)
    public, umpire = build_report(review), build_report(review, umpire=True)
    assert "STAFF-" not in public.replace("STAFF-crossed by boat", "")  # (CONTROL's force reason was public before)
    assert "control-team" not in public and "Rulings" not in public
    section = umpire[umpire.index('id="control-team"'):umpire.index('id="standing"')]
    assert "3 rulings: 1 standing, 1 overturned, 1 not confirmed" in section
    assert "4 follow-ups: 2 done (1 late), 1 dropped, 1 left open" in section

    def row(seq: int) -> str:
        start = section.index(f"<td>{seq}</td>")
        return section[start:section.index("</tr>", start)]

    assert "STAFF-bridges hold" in row(stand.seq) and "standing — CONTROL at" in row(stand.seq)
    assert "overturned" in row(gone.seq) and "umpire 2" in row(gone.seq)
    assert "STAFF-crossed by boat" in row(forced.seq) and "forced move although" in row(forced.seq)
    assert f"done — umpire 2 at {hhmm(done_at)}" in row(on_time.seq)
    assert "late — umpire 1" in row(late.seq)  # due by turn 1, done in turn 2
    assert "dropped — umpire 2" in row(dropped.seq) and "left open" in row(left.seq)
    assert "Week 1" in row(stand.seq)
    assert "STAFF-note" not in umpire  # notes are conversation, not the record
