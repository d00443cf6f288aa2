"""Movement along roads: neutral and friendly places, stops, hostile units, allies, once a week, options."""

from __future__ import annotations

from typing import Any

from .binni_helpers import clear_map, put
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PLACES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"]
NO_ROAD = ("no road to {} through neutral or friendly places free of hostile units (a unit stops at the first place "
           "held by another faction)")


def options(g: Any, cid: str) -> dict[str, str]:
    return {o.place: o.cost for o in g.module.move_options(g.state, cid)}


def test_unlimited_through_neutral_and_friendly_places(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "foxtrot")
    g.state.control.update(delta=None, echo=None)
    assert options(g, "g-mil1") == {"alpha": "", "bravo": "", "charlie": "", "delta": "", "echo": "", "golf": "$M1 "
                                    "or 1 influence card to enter"}
    path = {o.place: o.path for o in g.module.move_options(g.state, "g-mil1")}
    assert path["echo"] == ("bravo", "charlie", "delta", "echo")
    g.push({"kind": "move", "counter": "g-mil1", "to": "echo"})
    assert g.state.counters["g-mil1"].place == "echo"


def test_a_unit_stops_at_the_first_place_another_faction_holds(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    assert options(g, "g-mil1") == {"alpha": "", "charlie": "", "delta": "$M1 or 1 influence card to enter",
                                    "foxtrot": ""}
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "echo"}) == [NO_ROAD.format("Echo")]
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "golf"}) == [NO_ROAD.format("Golf")]


def test_no_entry_into_and_no_passing_through_hostile_units(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "alpha")
    put(g, "r-mil1", "charlie")  # a hostile unit in a neutral place
    assert options(g, "g-mil1") == {"bravo": "", "foxtrot": ""}
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "charlie"}) == [
        "Charlie is occupied by hostile units (r-mil1): no unit enters it except by fighting"]
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "delta"}) == [NO_ROAD.format("Delta")]
    put(g, "r-mil1", "bravo")  # hostile units in a friendly place block too
    assert options(g, "g-mil1") == {}
    put(g, "g-sf1", "alpha")  # special forces do not slip past either
    assert options(g, "g-sf1") == {}


def test_a_unit_may_leave_a_place_another_faction_holds(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "delta")
    assert options(g, "g-mil1") == {"alpha": "", "bravo": "", "charlie": "", "echo": "$M1 or 1 influence card to "
                                    "enter", "foxtrot": "", "golf": "$M1 or 1 influence card to enter"}


def test_allies_places_are_friendly_and_their_units_not_hostile(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    put(g, "r-mil3", "delta")
    g.push({"kind": "set_alliance", "teams": ["gov", "reb"], "allied": True, "reason": "ceasefire"})
    assert options(g, "g-mil1") == dict.fromkeys(["alpha", "charlie", "delta", "echo", "foxtrot", "golf"], "")
    g.push({"kind": "move", "counter": "g-mil1", "to": "echo"})
    assert g.state.teams["gov"].money == 10
    g.push({"kind": "set_alliance", "teams": ["gov", "reb"], "allied": False, "reason": "ceasefire broken"})
    assert g.state.teams["gov"].allies == g.state.teams["reb"].allies == []


def test_a_unit_moves_once_a_week(g: Any) -> None:
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "bravo"}) == [
        "g-mil1 (Government Armed Militia) has already moved this week (a unit moves once a week)"]
    assert options(g, "g-mil1") == {}


def test_move_refusals_in_words(g: Any) -> None:
    assert g.check({"kind": "move", "counter": "g-bde2", "to": "alpha"}) == [
        "g-bde2 (Government Combat Brigade) is outside the region: deploy it first"]
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "bravo"}) == [
        "g-mil1 (Government Armed Militia) is already at Bravo"]
    assert g.check({"kind": "move", "counter": "g-mil1", "to": "alpha", "with_aid": 1}) == [
        "Government has only 0 aid blocks at Bravo to escort"]


def test_an_escort_carries_aid_with_the_unit(g: Any) -> None:
    g.push({"kind": "deliver_aid", "team": "gov", "place": "bravo", "count": 3})
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie", "with_aid": 2})
    assert g.state.aid == {"bravo": {"gov": 1}, "charlie": {"gov": 2}}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    control=st.lists(st.sampled_from([None, "gov", "reb", "un"]), min_size=7, max_size=7),
    spots=st.lists(st.sampled_from([None, *PLACES]), min_size=7, max_size=7),
    money=st.integers(0, 2),
    cards=st.lists(st.integers(1, 3), max_size=2),
    activated=st.booleans(),
    allied=st.booleans(),
)
def test_move_options_are_exactly_what_check_accepts(
        g: Any, control: list[str | None], spots: list[str | None],
                                                      money: int, cards: list[int], activated: bool,
                                                      allied: bool) -> None:
    g.state = g.module.initial_state()
    g.state.control = dict(zip(PLACES, control, strict=True))
    for cid, where in zip(["g-bde1", "g-mil1", "g-sf1", "r-mil1", "r-mil2", "r-mil3", "g-bde2"], spots, strict=True):
        put(g, cid, where)
    g.state.teams["gov"].money, g.state.teams["gov"].cards = money, cards
    if allied:
        g.state.teams["gov"].allies, g.state.teams["un"].allies = ["un"], ["gov"]
    for ctr in g.state.counters.values():
        ctr.activated = activated
    for cid in ("g-bde1", "g-mil1", "g-sf1", "g-bde2"):
        offered = options(g, cid)
        accepted = {p for p in PLACES if not g.check({"kind": "move", "counter": cid, "to": p})}
        assert set(offered) == accepted
        for place, cost in offered.items():
            activation, entry_money, entry_cards, words = g.module.move_costs(g.state, g.state.counters[cid], place)
            assert cost == words
            before = g.state.model_dump()
            g.push({"kind": "move", "counter": cid, "to": place})
            after = g.state.teams["gov"]
            was = before["teams"]["gov"]
            paid = was["money"] - after.money, len(was["cards"]) - len(after.cards)
            assert paid in {(activation + entry_money, 0), (activation, entry_cards)}
            assert g.check({"kind": "move", "counter": cid, "to": before["counters"][cid]["place"]})  # moved
            g.state = g.module.initial_state().model_validate(before)
