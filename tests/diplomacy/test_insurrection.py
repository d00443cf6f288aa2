"""Insurrection (MUN Historical Committee): disband units anywhere to revive an eliminated power."""

from __future__ import annotations

from typing import Any

from boardapp.engine.game import Game
from tests.diplomacy.test_module import ADJ, new_game, orders, texts

HOMES = {"austria": ["bud", "tri", "vie"], "france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"],
         "italy": ["nap", "rom", "ven"], "russia": ["mos", "sev", "stp", "war"], "turkey": ["ank", "con", "smy"]}


def eliminate_england() -> Game[Any]:
    """Fall 1901: England holds only Liverpool, with no unit; France takes it."""
    owners = {c: p for p, cs in HOMES.items() for c in cs} | {"lvp": "england", "lon": "france", "edi": "france"}
    units = [{"power": "france", "type": "A", "at": "wal"}, {"power": "france", "type": "F", "at": "nth"},
             {"power": "france", "type": "A", "at": "par"}, {"power": "france", "type": "F", "at": "bre"},
             {"power": "france", "type": "A", "at": "mar"},
             {"power": "germany", "type": "A", "at": "hol"}, {"power": "germany", "type": "A", "at": "mun"},
             {"power": "germany", "type": "F", "at": "kie"}, {"power": "germany", "type": "A", "at": "ber"}]
    g = new_game(owners=owners, units=units, calendar={"year": 1901, "season": "fall"},
                 insurrection={"enabled": True})
    g.push(orders("france", "A Wal-Lvp"))
    result = g.push(ADJ)
    assert ("England has lost its last supply centre: its country becomes a province of France"
            in texts(result))
    assert g.summary()["eliminated"] == {"england": "france"}
    if g.module.turn_label(g.state).startswith("Winter"):
        g.push(ADJ)  # France declines its builds; Germany has none
    assert g.module.turn_label(g.state) == "Spring 1902"
    return g


def why(g: Any, power: str, text: str) -> list[str]:
    """Why ``text`` is illegal for ``power`` now (empty: legal); a hand-in holds that unit."""
    return [reason for _line, reason in g.module.split_orders(g.state, power, [text])[1]]


def test_insurrection_needs_an_eliminated_power() -> None:
    g = new_game(insurrection={"enabled": True})
    assert why(g, "france", "A Par insurrection England") == [
        "illegal order 'A Par insurrection England': England is not eliminated"]
    g2 = new_game()
    assert why(g2, "france", "A Par insurrection England") == [
        "illegal order 'A Par insurrection England': this scenario has no insurrections"]


def test_occupied_centre_needs_one_more_unit() -> None:
    g = eliminate_england()
    g.push(orders("england", "reclaim lon, edi, lvp"))
    g.push(orders("germany", "A Hol insurrection England", "A Mun-England"))
    g.push(orders("france", "F Nth insurrection England"))
    result = g.push(ADJ)
    t = texts(result)
    assert "Germany: A hol is disbanded into the insurrection for England" in t
    assert "France: F nth is disbanded into the insurrection for England" in t
    # three units, but Liverpool is held by France: only two centres free
    assert "The insurrection for England fails: only 2 of its home centres could be taken back (3 needed)" in t
    assert "Germany earns 1 political victory point for investing 2 units in the insurrection for England" in t
    s = g.summary()
    assert s["political_vp"]["germany"] == 1 and s["political_vp"]["france"] == 0
    assert "england" in s["eliminated"]
    assert "germany: A hol" not in s["units"] and "france: F nth" not in s["units"]


def test_four_units_take_the_occupied_centre_too() -> None:
    g = eliminate_england()
    g.push(orders("england", "Reclaim Liverpool then London then Edinburgh", "build F lon"))
    g.push(orders("germany", "A Hol insurrection England", "A Mun-England", "F Kie - England"))
    g.push(orders("france", "F Nth insurrection for England"))
    result = g.push(ADJ)
    t = texts(result)
    assert "The insurrection for England succeeds with 4 units: Liverpool, London, Edinburgh rise" in t
    assert "France: A lvp is overthrown by the insurrection for England" in t
    assert "England builds F lon" in t
    s = g.summary()
    assert s["eliminated"] == {}
    assert {c for c, p in s["owners"].items() if p == "england"} == {"lvp", "lon", "edi"}
    assert "england: F lon" in s["units"]
    assert s["political_vp"]["germany"] == 1
    assert g.module.summary(g.replay(verify=True)) == s


def test_no_order_of_preference_fails() -> None:
    g = eliminate_england()
    assert why(g, "england", "reclaim lon") == [
        "illegal order 'reclaim lon': name at least 3 home centres in order of preference"]
    assert why(g, "england", "reclaim lon, par, edi") == [
        "illegal order 'reclaim lon, par, edi': par is not a home centre of England"]
    assert why(g, "france", "reclaim par, mar, bre") == [
        "illegal order 'reclaim par, mar, bre': only an eliminated power reclaims its centres"]
    g.push(orders("germany", "A Hol insurrection England", "A Mun-England", "F Kie - England", "A Ber-England"))
    result = g.push(ADJ)
    assert ("The insurrection for England fails: England filed no valid order naming its centres in order of "
            "preference" in texts(result))


def test_promised_unit_missing_fails() -> None:
    g = eliminate_england()
    g.push(orders("england", "reclaim lon, edi, lvp"))
    g.push(orders("germany", "A Hol insurrection England", "A Mun-England", "F Kie - England",
                  "A Ruh insurrection England", force="the German delegate insists"))
    result = g.push(ADJ)
    t = texts(result)
    assert any(x.startswith("Germany: illegal order 'A Ruh insurrection England'") for x in t)
    assert "The insurrection for England fails: a promised unit did not turn up" not in t
    # the illegal (forced) pledge is dropped like any illegal order; three units stand, but Liverpool is held
    assert "The insurrection for England fails: only 2 of its home centres could be taken back (3 needed)" in t


def test_dash_to_a_province_stays_a_move() -> None:
    g = eliminate_england()
    g.push(orders("france", "F Nth - Eng"))  # English Channel, not England the power (symbol ENG)
    result = g.push(ADJ)
    assert "France: F nth -> eng — succeeds" in texts(result)
