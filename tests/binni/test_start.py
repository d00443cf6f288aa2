"""The start of a game (``rules/binni/start.py``), and a situation in mid-game written in the scenario:
the week, units that already moved or attacked this week, occupation spans in progress, displaced
people's weeks without aid (``docs/formats.md``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.files import load_scenario, new_game, read_scenario
from boardapp.model.problems import FileProblemsError

from .binni_helpers import TINY, end_turn, events_of

MID_GAME = """
week: 3
counters:
  - {id: g-bde1, team: gov, type: brigade, at: alpha}
  - {id: g-bde2, team: gov, type: brigade}
  - {id: g-mil1, team: gov, type: militia, at: charlie, moved: true}
  - {id: g-sf1, team: gov, type: special_forces}
  - {id: r-mil1, team: reb, type: militia, at: delta, attacked: true}
  - {id: r-mil2, team: reb, type: militia, at: foxtrot, held_since: 3}
  - {id: r-mil3, team: reb, type: militia, at: bravo, held_since: 1}
dp_tokens:
  - {place: golf, count: 1, weeks_unassisted: 2}
  - {place: echo, count: 1, weeks_unassisted: 1}
  - {place: echo, count: 1, assisted: true}
aid_blocks:
  - {place: echo, team: un, count: 1}
"""


def mid_game(tmp_path: Path, text: str = MID_GAME) -> Path:
    """The tiny scenario with its set-up replaced by ``text`` (a situation in week 3)."""
    shutil.copy(TINY.with_name("tiny-map.yaml"), tmp_path / "tiny-map.yaml")
    base = TINY.read_text(encoding="utf-8")
    head = base[:base.index("\ncounters:") + 1]
    tail = base[base.index("\ncontrol:") + 1:]
    path = tmp_path / "mid.yaml"
    path.write_text(head + text.lstrip("\n") + tail, encoding="utf-8")
    return path


def test_a_situation_in_mid_game_plays_on_from_where_it_stands(tmp_path: Path) -> None:
    g = new_game(load_scenario(mid_game(tmp_path)))
    s = g.summary()
    assert s["week"] == 3
    assert {k: s["counters"]["g-mil1"][k] for k in ("moved", "attacked", "activated", "held_since")} == {
        "moved": True, "attacked": False, "activated": True, "held_since": None}
    assert (s["counters"]["r-mil1"]["moved"], s["counters"]["r-mil1"]["attacked"]) == (False, True)
    assert s["dp_tokens"] == [
        {"place": "golf", "community": "christian", "weeks_unassisted": 2, "assisted": False},
        {"place": "echo", "community": "muslim", "weeks_unassisted": 1, "assisted": False},
        {"place": "echo", "community": "muslim", "weeks_unassisted": 0, "assisted": True}]
    # what the units did this week binds them until the end of turn
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "bravo"}) == [
        "g-mil1 (Government Armed Militia) has already moved this week (a unit moves once a week)"]
    assert g.check({"kind": "attack", "place": "charlie", "attackers": ["r-mil1"], "die": 6}) == [
        "r-mil1 (Rebels Armed Militia) has already attacked this week (once per week)"]
    entry = end_turn(g)
    assert [e.text for e in events_of(entry, "week")] == ["Week 3 ends; week 4 begins"]
    # spans in progress: r-mil3, in Bravo since the end of week 1, takes it now; r-mil2's span in Foxtrot
    # starts at this end of turn, and g-mil1 entered Charlie this week: both take their places a week later
    assert (g.state.control["bravo"], g.state.control["foxtrot"], g.state.control["charlie"]) == ("reb", "gov", None)
    # the Golf people reach their third week without aid and die; at Echo the assisted token keeps the block
    assert g.state.deaths == 1
    assert [(d.place, d.weeks_unassisted, d.assisted) for d in g.state.dp] == [
        ("echo", 2, False), ("echo", 0, True)]
    end_turn(g)
    assert (g.state.control["foxtrot"], g.state.control["charlie"]) == ("reb", "gov")


def test_a_new_game_starts_in_week_one_with_every_span_from_before_the_game() -> None:
    g = new_game(load_scenario(TINY))
    assert g.state.week == 1
    assert {c.id: c.held_since for c in g.state.counters.values()} == {
        "g-bde1": 0, "g-bde2": None, "g-mil1": 0, "g-sf1": None, "r-mil1": 0, "r-mil2": 0, "r-mil3": 0}
    assert not any(c.moved or c.attacked or c.activated for c in g.state.counters.values())


@pytest.mark.parametrize(("old", "new", "at", "message"), [
    ("g-bde2, team: gov, type: brigade}", "g-bde2, team: gov, type: brigade, moved: true}", "true}",
     "counters[1].moved: counter 'g-bde2' is outside the region (no 'at'): it cannot have moved this week; "
     "give its place with 'at'"),
    ("at: charlie, moved: true}", "at: charlie, moved: true, held_since: 1}", "1}",
     "counters[2].held_since: counter 'g-mil1' moved this week, so its span starts at this week's end: "
     "give held_since 3 or leave it out"),
    ("held_since: 3}", "held_since: 4}", "4}",
     "counters[5].held_since: held_since 4 is after this week: play starts in week 3; give 3 for a span that "
     "starts at this week's end, or an earlier week for a unit that stood there then"),
    ("weeks_unassisted: 2}", "weeks_unassisted: 3}", "3}",
     "dp_tokens[0].weeks_unassisted: 3 weeks without aid: these people would already be dead (they die at "
     "3, settings.dp_weeks_to_die); give at most 2"),
    ("count: 1, assisted: true}", "count: 1, assisted: true, weeks_unassisted: 1}", "true,",
     "dp_tokens[2].assisted: people assisted at the last end of turn have 0 weeks without aid, not 1: "
     "leave one of the two out"),
    ("week: 3", "week: 9", "9", "week: week 9 is after the game's last week (8, settings.weeks)"),
])
def test_a_mid_game_situation_the_rules_could_not_reach_is_refused(tmp_path: Path, old: str, new: str, at: str,
                                                                   message: str) -> None:
    """Each broken one way; the problem names the file, the line and column of the bad value, and what
    would be right."""
    assert MID_GAME.count(old) == 1
    path = mid_game(tmp_path, MID_GAME.replace(old, new))
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if new in text)
    column = lines[line - 1].index(at, lines[line - 1].index(new)) + 1
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(path)
    assert [str(p) for p in exc.value.problems] == [f"{path}:{line}:{column}: {message}"]


def test_the_state_json_shows_what_each_unit_did_this_week(g: Any) -> None:
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    counters = g.summary()["counters"]
    assert {k: counters["g-mil1"][k] for k in ("moved", "attacked", "activated", "held_since")} == {
        "moved": True, "attacked": False, "activated": True, "held_since": None}
    assert {k: counters["r-mil1"][k] for k in ("moved", "attacked", "held_since")} == {
        "moved": False, "attacked": False, "held_since": 0}
    end_turn(g)
    counters = g.summary()["counters"]
    assert (counters["g-mil1"]["moved"], counters["g-mil1"]["held_since"]) == (False, 1)
