"""Trades and supply (``rules/binni/trades.py``): transfers between teams and CONTROL's supply."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError


# --- trades and supply -------------------------------------------------------------------------------
def test_a_transfer_moves_everything_it_names(g: Any) -> None:
    entry = g.push({"kind": "transfer", "from": "gov", "to": "reb", "money": 2, "stores": 3, "aid": 1,
                    "cruise_missiles": 1, "cards": [2], "counters": ["g-mil1"]})
    gov, reb = g.state.teams["gov"], g.state.teams["reb"]
    assert (gov.money, gov.stores, gov.aid, gov.cruise_missiles, gov.cards) == (8, 9, 5, 1, [1, 1])
    assert (reb.money, reb.stores, reb.aid, reb.cruise_missiles, reb.cards) == (5, 7, 1, 1, [1, 3, 2])
    assert g.state.counters["g-mil1"].team == "reb"
    assert entry.events[0].text == ("Government gives Rebels $M2, 3 stores, 1 aid, 1 cruise missiles, "
                                    "1 influence card, counter g-mil1")


def test_transfer_refusals(g: Any) -> None:
    assert g.check({"kind": "transfer", "from": "reb", "to": "gov", "money": 4, "cards": [2]}) == [
        "Rebels has 3 money, not 4",
        "Rebels does not hold the cards [2] (hand: [1, 3])",
    ]
    assert g.check({"kind": "transfer", "from": "gov", "to": "reb", "cards": [1, 1]}) == [
        "Rebels may hold 3 influence cards at PR 2; it holds 2"]
    assert g.check({"kind": "transfer", "from": "gov", "to": "news", "counters": ["g-mil1", "r-mil1"]}) == [
        "News Media is an off-map team and owns no units",
        "r-mil1 (Rebels Armed Militia) does not belong to Government",
    ]
    assert g.check({"kind": "transfer", "from": "gov", "to": "gov", "money": 1}) == [
        "a transfer needs two different teams"]
    with pytest.raises(ValidationError, match="a transfer must move something"):
        g.push({"kind": "transfer", "from": "gov", "to": "reb"})


def test_supply_adds_and_takes_away(g: Any) -> None:
    entry = g.push({"kind": "supply", "team": "reb", "money": 5, "stores": 10, "aid": -0, "cruise_missiles": 2,
                    "cards": [3], "reason": "arms dealer"})
    reb = g.state.teams["reb"]
    assert (reb.money, reb.stores, reb.cruise_missiles, reb.cards) == (8, 14, 2, [1, 3, 3])
    assert entry.events[0].text == ("CONTROL supplies Rebels: +5 money, +10 stores, +2 cruise missiles, "
                                    "1 influence cards (arms dealer)")
    g.push({"kind": "supply", "team": "reb", "stores": -14, "reason": "depot bombed"})
    assert reb.stores == 0
    assert g.check({"kind": "supply", "team": "reb", "money": -9, "cards": [1], "reason": "x"}) == [
        "Rebels has 8 money; cannot take away 9",
        "Rebels may hold 3 cards at PR 2",
    ]
