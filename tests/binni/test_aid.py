"""Aid blocks and camps (``rules/binni/aid.py``): delivering aid, camps' cost."""

from __future__ import annotations

from typing import Any


def money(g: Any, team: str = "gov") -> int:
    return g.state.teams[team].money


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
