"""What things cost: deploying, activating, special forces upkeep, entry, rebuilding, camps."""

from __future__ import annotations

from typing import Any

from .binni_helpers import clear_map, end_turn, events_of, put


def money(g: Any, team: str = "gov") -> int:
    return g.state.teams[team].money


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


def test_special_forces_upkeep_two_a_week_or_they_leave(g: Any) -> None:
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    assert money(g) == 8
    entry = end_turn(g)
    assert money(g) == 6
    assert [e.text for e in events_of(entry, "upkeep")] == ["Government pays $M2 upkeep for g-sf1"]
    g.state.teams["gov"].money = 1
    entry = end_turn(g)
    assert g.state.counters["g-sf1"].place is None
    assert money(g) == 1
    assert [e.text for e in events_of(entry, "upkeep")] == [
        "g-sf1 (Government Special Forces) leaves the map from Charlie: Government cannot pay $M2 upkeep"]
    assert g.check({"kind": "deploy", "counter": "g-sf1", "to": "charlie"}) == [
        "deploying g-sf1 (Government Special Forces) costs $M2; Government has $M1"]


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
    assert g.check(cmd) == [
        "entering Delta (held by Rebels) costs $M1 or 1 influence card; Government has $M0 and 0 cards"]  # default: card when short
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


def test_rebuild_costs_three_stores_a_loss(g: Any) -> None:
    put(g, "g-bde1", "alpha", strength=3, losses=2)
    entry = g.push({"kind": "rebuild", "counter": "g-bde1", "losses": 2})
    assert (g.state.counters["g-bde1"].losses, g.state.teams["gov"].stores) == (0, 12 - 6)
    assert entry.events[0].text == "g-bde1 (Government Combat Brigade) recovers 2 losses (6 warlike stores)"


def test_rebuild_refusals(g: Any) -> None:
    put(g, "g-bde1", "alpha", losses=1)
    g.state.teams["gov"].stores = 2
    assert g.check({"kind": "rebuild", "counter": "g-bde1", "losses": 2}) == [
        "g-bde1 (Government Combat Brigade) has 1 losses to recover, not 2",
        "recovering 2 losses costs 6 warlike stores; Government has 2",
    ]
    g.state.counters["g-bde1"].losses = 2
    g.state.counters["g-bde1"].destroyed = True
    assert g.check({"kind": "rebuild", "counter": "g-bde1"}) == [
        "g-bde1 (Government Combat Brigade) was destroyed (a destroyed unit cannot return)"]


def test_a_camp_costs_three_aid_in_the_place_and_one_money(g: Any) -> None:
    g.push({"kind": "deliver_aid", "team": "gov", "place": "bravo", "count": 4})
    assert g.state.teams["gov"].aid == 2
    entry = g.push({"kind": "camp", "team": "gov", "place": "bravo"})
    assert (money(g), g.state.aid) == (9, {"bravo": {"gov": 1}})
    assert [(c.place, c.team) for c in g.state.camps] == [("bravo", "gov")]
    assert entry.events[0].text == "Government sets up a camp for 4 people at Bravo (3 aid blocks, $M1)"


def test_camp_refusals(g: Any) -> None:
    g.push({"kind": "deliver_aid", "team": "gov", "place": "bravo", "count": 2})
    g.state.teams["gov"].money = 0
    assert g.check({"kind": "camp", "team": "gov", "place": "bravo"}) == [
        "a camp costs 3 aid blocks in the place; Government has 2 at Bravo",
        "a camp costs $M1; Government has $M0",
    ]


def test_aid_is_delivered_anywhere_but_only_what_the_team_holds(g: Any) -> None:
    assert g.check({"kind": "deliver_aid", "team": "gov", "place": "delta", "count": 7}) == [
        "Government holds 6 aid blocks, not 7"]
    g.push({"kind": "deliver_aid", "team": "gov", "place": "delta", "count": 6})
    assert g.state.aid == {"delta": {"gov": 6}}
    assert g.module.aid_mover(g.state, "delta", "gov") == "reb"  # the holder moves it from then on


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
