"""Control of places (``rules/binni/control.py``): occupation over a full end-of-turn span, handover, set_control."""

from __future__ import annotations

from typing import Any

from .binni_helpers import clear_map, end_turn, events_of, put


def test_a_unit_present_at_the_start_takes_control_at_the_end_of_week_one(g: Any) -> None:
    g.state.control["delta"] = None  # r-mil1 and r-mil2 stand there from the start
    entry = end_turn(g)
    assert g.state.control["delta"] == "reb"
    assert [e.text for e in events_of(entry, "control")] == [
        "Rebels takes control of Delta by occupation (from nobody)"]


def test_a_unit_that_enters_during_week_n_takes_control_at_the_end_of_week_n_plus_one(g: Any) -> None:
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    end_turn(g)
    assert g.state.control["charlie"] is None
    entry = end_turn(g)
    assert g.state.control["charlie"] == "gov"
    assert events_of(entry, "control")[0].data == {"before": None, "after": "gov"}


def test_moving_restarts_the_span(g: Any) -> None:
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    end_turn(g)  # end of week 1: there one end of turn
    g.push({"kind": "move", "counter": "g-mil1", "to": "bravo"})
    end_turn(g)  # week 2
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    end_turn(g)  # week 3: entered this week
    assert g.state.control["charlie"] is None
    end_turn(g)  # week 4
    assert g.state.control["charlie"] == "gov"


def test_occupation_takes_a_place_another_faction_holds(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "golf", held_since=0)
    end_turn(g)
    assert g.state.control["golf"] == "gov"


def test_special_forces_never_take_control(g: Any) -> None:
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    end_turn(g)
    end_turn(g)
    assert g.state.control["charlie"] is None


def test_a_hostile_combat_unit_present_blocks_but_hostile_special_forces_do_not(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "charlie", held_since=0)
    put(g, "r-mil3", "charlie", held_since=0)
    end_turn(g)
    assert g.state.control["charlie"] is None
    put(g, "r-mil3", None)
    g.state.counters["g-sf1"].team = "reb"
    put(g, "g-sf1", "charlie", held_since=0)
    end_turn(g)
    assert g.state.control["charlie"] == "gov"


def test_an_allied_unit_does_not_take_its_allys_place(g: Any) -> None:
    clear_map(g)
    g.state.teams["gov"].allies, g.state.teams["reb"].allies = ["reb"], ["gov"]
    put(g, "g-mil1", "golf", held_since=0)
    end_turn(g)
    assert g.state.control["golf"] == "reb"


def test_handover(g: Any) -> None:
    entry = g.push({"kind": "handover", "place": "golf", "to": "gov"})
    assert g.state.control["golf"] == "gov"
    assert entry.events[0].text == "Rebels hands Golf over to Government"
    g.push({"kind": "handover", "place": "golf", "to": None})
    assert g.state.control["golf"] is None
    assert g.check({"kind": "handover", "place": "golf", "to": "gov"}) == [
        "Golf is neutral: nobody holds it to hand it over"]
    assert g.check({"kind": "handover", "place": "alpha", "to": "gov"}) == ["Government already holds Alpha"]
    assert g.check({"kind": "handover", "place": "alpha", "to": "news"}) == [
        "News Media is an off-map team and cannot hold places"]


def test_set_control(g: Any) -> None:
    entry = g.push({"kind": "set_control", "place": "charlie", "team": "un", "reason": "peacekeepers"})
    assert g.state.control["charlie"] == "un"
    assert entry.events[0].text == "CONTROL gives Charlie to United Nations (peacekeepers)"
    assert g.check({"kind": "set_control", "place": "charlie", "team": "news", "reason": "x"}) == [
        "News Media is an off-map team and cannot hold places"]


# --- garrisons: the span restarts when control changes hands (docs/rulings.md) ------------------------
def test_a_garrison_retakes_a_place_lost_by_influence_only_after_a_complete_turn(g: Any) -> None:
    """Rulebook: control changes by "Moving a combat unit onto the place and remaining there for a
    complete turn". The Rebels' militia stood in Delta from the start; the Government wins Delta by
    influence in week 1. Ruling: the garrison's span restarts at the change, so Delta stays the
    Government's at the end of week 1 and the garrison takes it back at the end of week 2."""
    g.push({"kind": "influence", "place": "delta", "bids": {"gov": [2]}})
    assert g.state.control["delta"] == "gov"
    end_turn(g)
    assert g.state.control["delta"] == "gov"
    entry = end_turn(g)
    assert g.state.control["delta"] == "reb"
    assert [e.text for e in events_of(entry, "control")] == [
        "Rebels takes control of Delta by occupation (from Government)"]


def test_a_handover_or_controls_ruling_restarts_the_garrisons_span_too(g: Any) -> None:
    g.push({"kind": "handover", "place": "delta", "to": None})  # the Rebels give Delta up; their units stay
    g.push({"kind": "set_control", "place": "echo", "team": "gov", "reason": "a ceasefire line"})  # r-mil3 stays
    end_turn(g)
    assert (g.state.control["delta"], g.state.control["echo"]) == (None, "gov")
    end_turn(g)
    assert (g.state.control["delta"], g.state.control["echo"]) == ("reb", "reb")


def test_a_third_sides_span_restarts_when_another_faction_wins_the_place(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "charlie", held_since=0)  # would take neutral Charlie at the end of week 1
    g.push({"kind": "influence", "place": "charlie", "bids": {"reb": [1]}})
    end_turn(g)
    assert g.state.control["charlie"] == "reb"
    end_turn(g)
    assert g.state.control["charlie"] == "gov"


def test_no_change_of_hands_leaves_the_spans_alone(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "golf", held_since=0)  # a Government unit in Rebel Golf since the start
    put(g, "r-mil1", "echo", held_since=0)
    g.push({"kind": "influence", "place": "echo", "bids": {"gov": [1], "reb": [3]}})  # the Rebels keep Echo
    assert g.state.counters["r-mil1"].held_since == 0
    g.push({"kind": "set_control", "place": "echo", "team": "reb", "reason": "confirmed"})  # no change of hands
    assert g.state.counters["r-mil1"].held_since == 0
    g.push({"kind": "influence", "place": "golf", "bids": {"gov": [1], "reb": [1]}})  # a tie: Golf stays Rebel
    end_turn(g)
    assert g.state.control["golf"] == "gov"  # the span was not restarted: occupation at the end of week 1
