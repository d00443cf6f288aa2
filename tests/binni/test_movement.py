"""Movement (``rules/binni/movement.py``): roads through neutral and friendly places, stops, hostile units, allies,
once a week, what entering costs, deploying and activating, and the options a drag shows."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .binni_helpers import clear_map, put


def money(g: Any, team: str = "gov") -> int:
    return g.state.teams[team].money


PLACES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"]

NO_ROAD = ("no road to {} through neutral or friendly places free of hostile units (a unit stops at the first place "
           "held by another faction)")


def options(g: Any, cid: str) -> dict[str, str]:
    return {o.place: o.cost for o in g.module.move_options(g.state, cid)}


def test_a_brigade_deploys_from_outside_for_four(g: Any) -> None:
    entry = g.push({"kind": "deploy", "counter": "g-bde2", "to": "bravo"})
    assert money(g) == 10 - 4
    assert entry.events[0].text == "g-bde2 (Government Combat Brigade) deploys to Bravo ($M4)"
    ctr = g.state.counters["g-bde2"]
    assert (ctr.place, ctr.moved, ctr.activated) == ("bravo", True, True)
    assert g.check({"kind": "move", "counter": "g-bde2", "to": "alpha"}) == [
        "g-bde2 (Government Combat Brigade) has already moved this week (a unit moves once a week)"]


def test_deploy_refusals(g: Any) -> None:
    g.state.teams["gov"].money = 3
    assert g.check({"kind": "deploy", "counter": "g-bde2", "to": "bravo"}) == [
        "deploying g-bde2 (Government Combat Brigade) costs $M4; Government has $M3"]
    g.state.teams["gov"].money = 10
    assert g.check({"kind": "deploy", "counter": "g-bde2", "to": "delta"}) == [
        "Delta is occupied by hostile units"]
    assert g.check({"kind": "deploy", "counter": "g-bde2", "to": "golf"}) == [
        "Combat Brigade deploy only to places held by Government or its allies (Golf is held by Rebels)"]
    assert g.check({"kind": "deploy", "counter": "g-bde2", "to": "charlie"}) == [
        "Combat Brigade deploy only to places held by Government or its allies (Charlie is neutral)"]
    assert g.check({"kind": "deploy", "counter": "g-bde1", "to": "bravo"}) == [
        "g-bde1 (Government Combat Brigade) is already on the map at Alpha"]


def test_special_forces_deploy_anywhere_free_of_hostile_units_for_two(g: Any) -> None:
    assert g.check({"kind": "deploy", "counter": "g-sf1", "to": "echo"}) == ["Echo is occupied by hostile units"]
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "golf"})
    assert money(g) == 10 - 2
    assert g.state.counters["g-sf1"].place == "golf"


def test_activation_costs_one_once_a_week(g: Any) -> None:
    g.push({"kind": "activate", "counter": "g-bde1"})
    assert money(g) == 9
    assert g.check({"kind": "activate", "counter": "g-bde1"}) == [
        "g-bde1 (Government Combat Brigade) is already activated this week"]
    entry = g.push({"kind": "move", "counter": "g-bde1", "to": "charlie"})
    assert money(g) == 9  # already activated
    assert entry.events[0].text == "g-bde1 (Government Combat Brigade) moves from Alpha to Charlie"


def test_a_move_pays_the_activation_it_lacks(g: Any) -> None:
    assert [o.cost for o in g.module.move_options(g.state, "g-bde1")] == ["$M1 to activate"] * 3
    entry = g.push({"kind": "move", "counter": "g-bde1", "to": "foxtrot"})
    assert money(g) == 9
    assert entry.events[0].text == ("g-bde1 (Government Combat Brigade) moves from Alpha to Foxtrot "
                                    "($M1 activation)")


def test_activation_refusals(g: Any) -> None:
    assert g.check({"kind": "activate", "counter": "g-mil1"}) == ["Armed Militia need no activation"]
    assert g.check({"kind": "activate", "counter": "g-bde2"}) == [
        "g-bde2 (Government Combat Brigade) is outside the region: deploy it (which costs $M4)"]
    g.state.teams["gov"].money = 0
    assert g.check({"kind": "activate", "counter": "g-bde1"}) == [
        "activating g-bde1 (Government Combat Brigade) costs $M1; Government has $M0"]
    assert g.check({"kind": "move", "counter": "g-bde1", "to": "bravo"}) == [
        "activating g-bde1 (Government Combat Brigade) costs $M1; Government has $M0"]
    assert g.module.move_options(g.state, "g-bde1") == []


def test_militia_move_free(g: Any) -> None:
    g.push({"kind": "move", "counter": "g-mil1", "to": "charlie"})
    assert money(g) == 10


def test_entry_costs_one_money_by_default(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    entry = g.push({"kind": "move", "counter": "g-mil1", "to": "delta"})
    assert money(g) == 9
    assert g.state.teams["gov"].cards == [1, 1, 2]
    assert entry.events[0].text == "g-mil1 (Government Armed Militia) moves from Bravo to Delta ($M1 to enter)"


def test_entry_by_card_spends_the_lowest_or_the_named_card(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    put(g, "g-bde1", "charlie")
    entry = g.push({"kind": "move", "counter": "g-mil1", "to": "delta", "pay": "card"})
    assert (money(g), g.state.teams["gov"].cards) == (10, [1, 2])
    assert entry.events[0].text == ("g-mil1 (Government Armed Militia) moves from Bravo to Delta "
                                    "(1 influence card (score 1) to enter)")
    g.push({"kind": "move", "counter": "g-bde1", "to": "delta", "pay": "card", "card": 2})
    assert (money(g), g.state.teams["gov"].cards) == (9, [1])  # $M1 activation, the card of score 2


def test_entry_falls_back_to_a_card_when_money_is_short(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    g.state.teams["gov"].money = 0
    assert [(o.place, o.cost) for o in g.module.move_options(g.state, "g-mil1")] == [
        ("alpha", ""), ("charlie", ""), ("delta", "$M1 or 1 influence card to enter"), ("foxtrot", "")]
    g.push({"kind": "move", "counter": "g-mil1", "to": "delta"})
    assert g.state.teams["gov"].cards == [1, 2]


def test_entry_refusals(g: Any) -> None:
    clear_map(g)
    put(g, "g-mil1", "bravo")
    put(g, "g-bde1", "charlie")
    cmd = {"kind": "move", "counter": "g-mil1", "to": "delta"}
    g.state.teams["gov"].money = 0
    assert g.check(cmd | {"pay": "money"}) == [
        "entering Delta (held by Rebels) costs $M1; Government has $M0"]
    assert g.check(cmd | {"pay": "card", "card": 3}) == [
        "Government holds no card of score 3 (hand: [1, 1, 2])"]
    assert g.check({"kind": "move", "counter": "g-bde1", "to": "delta", "pay": "card"}) == [
        "activating g-bde1 (Government Combat Brigade) costs $M1; Government has $M0"]
    g.state.teams["gov"].cards = []
    assert g.check(cmd | {"pay": "card"}) == [
        "entering Delta (held by Rebels) costs $M1 or 1 influence card; Government has $M0 and 0 cards"]
    assert g.check(cmd) == [  # by default a card when money is short
        "entering Delta (held by Rebels) costs $M1 or 1 influence card; Government has $M0 and 0 cards"]
    assert "delta" not in [o.place for o in g.module.move_options(g.state, "g-mil1")]
    g.state.teams["gov"].money = 1
    assert g.check({"kind": "move", "counter": "g-bde1", "to": "delta", "pay": "money"}) == [
        "entering Delta (held by Rebels) costs $M1 after $M1 activation; Government has $M1"]
    assert g.check(cmd | {"to": "charlie", "pay": "money"}) == ["entering Charlie costs nothing: leave 'pay' out"]


def test_special_forces_enter_free(g: Any) -> None:
    clear_map(g)
    put(g, "g-sf1", "bravo")
    options = {o.place: o.cost for o in g.module.move_options(g.state, "g-sf1")}
    assert options == {"alpha": "", "charlie": "", "delta": "", "foxtrot": ""}
    g.push({"kind": "move", "counter": "g-sf1", "to": "delta"})
    assert (money(g), g.state.teams["gov"].cards) == (10, [1, 1, 2])


def test_entry_with_no_card_option(g: Any) -> None:
    """A scenario may set entry_cards: 0 — entry then costs money only, and money is checked."""
    clear_map(g)
    put(g, "g-mil1", "bravo")
    g.module.settings = g.module.settings.model_copy(update={"entry_cards": 0})
    cmd = {"kind": "move", "counter": "g-mil1", "to": "delta"}
    g.state.teams["gov"].money = 0
    assert g.check(cmd) == ["entering Delta (held by Rebels) costs $M1; Government has $M0"]
    assert g.check(cmd | {"pay": "card"}) == [
        "entering Delta (held by Rebels) cannot be paid with cards in this scenario (entry_cards is 0)"]
    assert "delta" not in [o.place for o in g.module.move_options(g.state, "g-mil1")]
    g.state.teams["gov"].money = 1
    assert g.check(cmd) == []
    g.push(cmd)
    assert g.state.teams["gov"].money == 0
    assert g.state.teams["gov"].cards == [1, 1, 2]


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
        g: Any, *, control: list[str | None], spots: list[str | None], money: int, cards: list[int],
        activated: bool, allied: bool) -> None:
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
