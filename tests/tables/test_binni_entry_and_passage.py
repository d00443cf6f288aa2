"""Paid entry and passage as data (issue 30, item 3's gaps), checked against the War in Binni rulebook digest
(/work/shared/rules/binni.md, "Movement"), the expected values worked out from its text:

* "Unlimited along roads through places that are neutral or held by the mover's faction. On reaching a place
  held by another faction the unit must stop and not enter it. Exception: it may enter a place held by another
  faction that no hostile military unit occupies by spending EITHER one influence card OR $M1. Its move ends
  there. Exception: Special Forces may enter such a place free."
* "A faction may grant another passage (scenario or CONTROL), which makes its places count as friendly to the
  other."

Binni's movement as this system's data: every road 0 movement points, 1,000 points a unit, `stop_in_held`, and
`costs.enter_held` paying 1 Money or 1 Cards, special forces free. The Tarn Valley's map: Westgate (the
Crown's), Millford and Crossway (the League's), Stonebridge beyond."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.rules.tables.module import TablesRules
from boardapp.rules.tables.scenario import TablesScenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tarn-valley.yaml"

BINNI_MOVES = {"roads": {"road": 0, "highway": 0, "track": 0}, "terrain": {}, "borders": [], "stop_in_held": True,
               "enter_held": {"pay": [{"resource": "money", "amount": 1}, {"resource": "cards", "amount": 1}],
                              "free_for": ["sf"], "refusal": "{team} needs {price} to enter {place}"}}


def game(money: int, cards: int, *, passage: dict[str, list[str]] | None = None,
         control: dict[str, str] | None = None) -> Game[Any]:
    scenario, the_map = load_scenario(SCENARIO)
    base = scenario.model_dump(by_alias=True)
    types = [{"id": "bde", "name": "Brigade", "label": "BDE", "movement": 1000, "strength": 6},
             {"id": "sf", "name": "Special Forces", "label": "SF", "movement": 1000, "strength": 1}]
    units = [{"id": "c-bde", "type": "bde", "team": "crown", "at": "westgate"},
             {"id": "c-sf", "type": "sf", "team": "crown", "at": "westgate"},
             {"id": "r-bde", "type": "bde", "team": "rebels", "at": "redcliff"}]
    tracks = [{"id": "money", "name": "Money", "max": 99, "start": {"crown": money}, "hidden": True},
              {"id": "cards", "name": "Cards", "max": 9, "start": {"crown": cards}}]
    data = base | {"unit_types": types, "units": units, "tracks": tracks, "income": [], "stacking": None,
                   "costs": base["costs"] | BINNI_MOVES, "passage": passage or {},
                   "control": {"westgate": "crown", "millford": "league", "crossway": "league"}
                   if control is None else control}
    return Game(TablesRules(TablesScenario.model_validate(data), the_map))


def options(g: Game[Any], cid: str) -> dict[str, str]:
    return {o.place: o.cost for o in g.module.move_options(g.state, cid)}


def test_entering_another_factions_place_costs_one_card_or_one_money_and_ends_the_move() -> None:
    g = game(money=1, cards=0)
    # Millford is the League's, empty: the brigade may enter it, paying $M1, and stops there — so Crossway
    # beyond it, also the League's, is reachable only by paying too, never through Millford for free
    seen = options(g, "c-bde")
    assert seen["millford"] == "0 MP + 1 Money or 1 Cards" and seen["ashby"] == "0 MP"
    assert g.push({"kind": "move", "counter": "c-bde", "to": "millford"}).events[1].kind == "paid"
    assert g.state.counters["c-bde"].place == "millford" and g.state.values["crown"]["money"] == 0
    # the payment is the Crown's secret when Money is hidden
    paid = g.entries[-1].events[1]
    assert paid.hidden and paid.visible_to == ("crown",) and paid.data["amount"] == 1
    # with neither money nor cards left, the special forces still enter free ("Special Forces may enter such
    # a place free") and pay nothing
    assert "crossway" in options(g, "c-sf")
    assert len(g.push({"kind": "move", "counter": "c-sf", "to": "crossway"}).events) == 1
    assert g.state.values["crown"] == {"money": 0, "cards": 0}


def test_without_money_or_cards_the_entry_is_refused_in_the_designers_words() -> None:
    g = game(money=0, cards=0)
    assert "millford" not in options(g, "c-bde")  # "must stop and not enter it"
    assert g.check({"kind": "move", "counter": "c-bde", "to": "millford"}) == [
        "Crown needs 1 Money or 1 Cards to enter Millford"]
    # one card pays instead (EITHER one influence card OR $M1): named by pay_with, or the first affordable
    g = game(money=0, cards=1)
    g.push({"kind": "move", "counter": "c-bde", "to": "millford"})
    assert g.state.values["crown"] == {"money": 0, "cards": 0}
    g = game(money=1, cards=1)
    g.push({"kind": "move", "counter": "c-bde", "to": "millford", "pay_with": "cards"})
    assert g.state.values["crown"] == {"money": 1, "cards": 0}
    assert g.check({"kind": "move", "counter": "c-sf", "to": "millford", "pay_with": "money"}) == []


def test_passage_makes_a_factions_places_count_as_friendly() -> None:
    # the League grants the Crown passage: Millford and Crossway are friendly to it — no stop, no payment, and
    # the brigade goes on through them (to Stonebridge, neutral, beyond Crossway)
    g = game(money=0, cards=0, passage={"league": ["crown"]})
    seen = options(g, "c-bde")
    assert seen["millford"] == "0 MP" and seen["crossway"] == "0 MP" and seen["stonebridge"] == "0 MP"
    g.push({"kind": "move", "counter": "c-bde", "to": "stonebridge"})
    assert g.state.counters["c-bde"].place == "stonebridge"
    # without passage, Stonebridge is not reachable (the stop at Crossway or Millford, paid, ends the move)
    assert "stonebridge" not in options(game(money=5, cards=0), "c-bde")
