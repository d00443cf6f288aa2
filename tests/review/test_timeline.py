"""The review's timeline: every position equals the live game at the same journal index, steps
stop where the journal says, and the curves equal what the states themselves hold."""

from __future__ import annotations

import math
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.gamefile import GameFileError
from boardapp.engine.module import Audience
from boardapp.review.timeline import Review
from boardapp.rules.binni import commands as c
from tests.conftest import ROOT, TINY
from tests.review.games import random_game

LOADED = load_scenario(TINY)


def _play(seed: int, entries: int, weeks: int) -> tuple[Any, list[dict[str, Any]]]:
    """A random legal game and the live state's dump after every accepted command (index 0: the start)."""
    dumps: list[dict[str, Any]] = []
    game = new_game(LOADED)
    dumps.append(game.state.model_dump())
    game = random_game(LOADED, entries, weeks, seed=seed, force_every=7,
                       watch=lambda g: dumps.append(g.state.model_dump()))
    return game, dumps


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), every=st.integers(1, 20), order=st.randoms(use_true_random=False))
def test_every_position_equals_the_live_state(seed: int, every: int, order: Any) -> None:
    game, dumps = _play(seed, entries=60, weeks=3)
    assert len(dumps) == len(game.entries) + 1
    review = Review.from_game(game, snapshot_every=every)
    assert len(review) == len(dumps)
    positions = list(range(len(review))) * 2
    order.shuffle(positions)  # random access: backwards, forwards, across snapshots
    for i in positions:
        assert review.state_at(i).model_dump() == dumps[i], f"position {i} (snapshots every {every})"


def test_steps_by_turn_command_and_forced_ruling() -> None:
    game = new_game(LOADED)
    game.push(c.News(text="one"))
    game.push(c.EndTurn())                                   # the end of week 1 is position 2
    game.push(c.Move(counter="g-bde1", to="echo", force="CONTROL: airlift"))  # no road: forced, position 3
    game.push(c.News(text="two"))
    game.push(c.EndTurn())                                   # the end of week 2 is position 5
    game.push(c.News(text="three"))                          # week 3, unfinished: position 6
    review = Review.from_game(game)
    assert [(t.label, t.first, t.position) for t in review.turns] == [("Week 1", 0, 2), ("Week 2", 2, 5),
                                                                       ("Week 3", 5, 6)]
    assert review.forced == (3,)
    assert review.stops("turn") == (0, 2, 5, 6)
    assert review.stops("forced") == (0, 3, 6)
    assert review.next_stop(2, "turn") == 5 and review.previous_stop(5, "turn") == 2
    assert review.next_stop(6, "turn") == 6 and review.previous_stop(0, "forced") == 0
    assert review.next_stop(0, "command") == 1
    # A log line names its entry by seq: the review jumps to the moment right after it.
    assert review.position_of(game.entries[2].seq) == 3
    assert review.state_at(review.position_of(3)).counters["g-bde1"].place == "echo"
    assert review.state_at(2).counters["g-bde1"].place == "alpha"
    with pytest.raises(IndexError, match="no journal entry 99"):
        review.position_of(99)
    with pytest.raises(IndexError, match=r"position 7 is outside the game: 0 \(the start\) to 6"):
        review.state_at(7)
    with pytest.raises(ValueError, match="steps go by"):
        review.stops("season")  # type: ignore[arg-type]


def _expected_binni(dump: dict[str, Any], measure: str, side: str) -> float:
    """The measure computed from a state dump by this test, from the digest's words."""
    scenario = LOADED[0]
    if side == "total":
        return {"displaced": len(dump["dp"]), "camps": len(dump["camps"]), "deaths": dump["deaths"]}[measure]
    team = dump["teams"][side]
    if measure in ("pr", "money", "stores"):
        return float(team[measure])
    if measure == "cards":
        return len(team["cards"])
    if measure == "cards_max":
        return next(t.pr_table for t in scenario.teams if t.id == side)[team["pr"]]
    public = [u for u in dump["counters"].values() if u["team"] == side and u["type"] != "special_forces"]
    if measure == "units":
        return sum(1 for u in public if u["place"] is not None and not u["destroyed"])
    if measure == "losses":
        return sum(u["losses"] for u in public)
    if measure == "places":
        return sum(1 for holder in dump["control"].values() if holder == side)
    raise AssertionError(measure)


def test_curves_equal_the_replayed_states() -> None:
    game, dumps = _play(seed=5, entries=120, weeks=4)
    review = Review.from_game(game)
    curves = review.curves()
    measures = {cv.measure for cv in curves}
    assert measures == {"pr", "cards_max", "cards", "money", "stores", "units", "losses", "places", "displaced",
                        "camps", "deaths"}
    assert {cv.side for cv in curves if cv.measure == "places"} == {"gov", "reb", "un"}  # map factions only
    ends = [0, *(t.position for t in review.turns)]
    changed = 0
    for cv in curves:
        assert list(cv.positions) == ends
        expected = [_expected_binni(dumps[p], cv.measure, cv.side) for p in cv.positions]
        assert list(cv.values) == expected, (cv.measure, cv.side)
        changed += len(set(cv.values)) > 1
    assert changed >= 5  # the game moved: the check compared curves that change
    # Fine curves for scrubbing: any positions, the same values.
    fine = review.curves(positions=range(0, len(review), 7))
    for cv in fine:
        assert list(cv.values) == [_expected_binni(dumps[p], cv.measure, cv.side) for p in cv.positions]


def test_public_curves_leave_out_the_hidden_measures() -> None:
    review = Review.from_game(random_game(LOADED, 40, 2, seed=2))
    everything = {cv.measure for cv in review.curves(audience=Audience.CONTROL)}
    public = {cv.measure for cv in review.curves(audience=Audience.PUBLIC)}
    assert {"money", "stores", "cards"} <= everything  # the control case: the walk would see them
    assert public == everything - {"money", "stores", "cards"}
    assert all(cv.hidden == (cv.measure in {"money", "stores", "cards"}) for cv in review.curves())


def test_diplomacy_curves_count_centres_and_scores() -> None:
    game = new_game(load_scenario(ROOT / "scenarios" / "mun-historical-1935.yaml"))
    game.push({"kind": "set_victory_points", "power": "italy", "points": 3, "reason": "Abyssinia treaty"})
    review = Review.from_game(game)
    scenario = game.module.scenario
    owners = scenario.initial_owners()
    curves = {(cv.measure, cv.side): cv.values for cv in review.curves(positions=[0, 1])}
    for power in scenario.powers:
        n = sum(1 for holder in owners.values() if holder == power.id)
        assert curves[("centres", power.id)] == (n, n)
    assert curves[("vp", "italy")] == (0, 3)
    assert curves[("score", "italy")][1] - curves[("score", "italy")][0] == 3
    assert not math.isnan(curves[("units", "uk")][0])


def test_opening_a_game_file_read_only(tmp_path: Any) -> None:
    path = tmp_path / "day.game"
    game = random_game(LOADED, 30, 2, seed=4, save=path)
    game.store.close()
    before = path.read_bytes()
    review = Review.open(path)
    assert review.last == len(game.entries)
    assert review.state_at(review.last).model_dump() == game.state.model_dump()
    assert path.read_bytes() == before
    bad = tmp_path / "scenario.game"
    bad.write_text("id: x\n")
    with pytest.raises(GameFileError, match="not a boardapp game file"):
        Review.open(bad)


def test_a_damaged_journal_is_named(tmp_path: Any) -> None:
    """An entry whose recorded events no longer match what it does, or that cannot be applied at all,
    is named by its number; nothing escapes as a traceback."""
    import json
    import sqlite3

    path = tmp_path / "day.game"
    game = new_game(LOADED, save=path)
    game.push(c.News(text="calm"))
    game.push(c.Move(counter="g-mil1", to="charlie"))
    game.push(c.EndTurn())
    game.store.close()
    with sqlite3.connect(path) as db:
        entry = json.loads(db.execute("SELECT entry FROM journal WHERE seq = 2").fetchone()[0])
        entry["events"][0]["text"] = "g-mil1 flies to the moon"
        db.execute("UPDATE journal SET entry = ? WHERE seq = 2", (json.dumps(entry),))
    db.close()
    with pytest.raises(GameFileError, match=r"journal entry 2 \(move\(counter='g-mil1', to='charlie'\)\) replays "
                                            r"differently: recorded \['g-mil1 flies to the moon'\]"):
        Review.open(path)
    with sqlite3.connect(path) as db:
        entry["events"] = game.entries[1].model_dump(mode="json")["events"]
        entry["command"]["counter"] = "g-ghost"
        db.execute("UPDATE journal SET entry = ? WHERE seq = 2", (json.dumps(entry),))
    db.close()
    with pytest.raises(GameFileError, match=r"journal entry 2 \(move\) cannot be replayed: KeyError"):
        Review.open(path)
