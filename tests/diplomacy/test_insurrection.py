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


# --- who takes an eliminated country: the power that took the last centre -------------------------------
def russia_down_to(centres: dict[str, str], units: list[dict[str, str]], season: str = "spring") -> Game[Any]:
    """1902: Russia holds only the centres given Russian in ``centres`` and has no unit; the rest of its
    home centres belong to Germany."""
    owners = {c: p for p, cs in HOMES.items() for c in cs if p != "russia"} | {"stp": "germany", "war": "germany"}
    owners |= {"lon": "england", "edi": "england", "lvp": "england"} | centres
    return new_game(owners=owners, units=units, calendar={"year": 1902, "season": season})


def test_the_country_goes_to_the_power_that_took_the_last_centre_not_the_first_by_name() -> None:
    """Austria walks into Moscow in the Spring and stays; Turkey takes Sevastopol in the Fall. Both
    centres change hands at the Fall's update, but Turkey's unit arrived last: Turkey took Russia's last
    centre, and Russia becomes a Turkish province (not an Austrian one, as the first name would have it)."""
    g = russia_down_to({"mos": "russia", "sev": "russia"},
                       [{"power": "austria", "type": "A", "at": "ukr"}, {"power": "turkey", "type": "A", "at": "arm"}])
    g.push(orders("austria", "A Ukr-Mos"))
    g.push(ADJ)
    assert g.module.turn_label(g.state) == "Fall 1902"
    g.push(orders("turkey", "A Arm-Sev"))
    result = g.push(ADJ)
    assert ("Russia has lost its last supply centre: its country becomes a province of Turkey"
            in texts(result))
    assert g.summary()["eliminated"] == {"russia": "turkey"}
    assert g.module.summary(g.replay(verify=True)) == g.summary()


def test_a_retreat_into_the_last_centre_comes_after_the_fall_moves() -> None:
    """Fall 1902: Germany moves into Moscow; Austria dislodges Turkey's army from Ukraine and it retreats
    into empty Sevastopol. The retreat is the later taking: Turkey took the last centre."""
    g = russia_down_to({"mos": "russia", "sev": "russia"},
                       [{"power": "germany", "type": "A", "at": "lvn"}, {"power": "turkey", "type": "A", "at": "ukr"},
                        {"power": "austria", "type": "A", "at": "rum"}, {"power": "austria", "type": "A", "at": "war"}],
                       season="fall")
    g.push(orders("germany", "A Lvn-Mos"))
    g.push(orders("austria", "A Rum-Ukr", "A War S A Rum-Ukr"))
    g.push(ADJ)
    assert g.summary()["dislodged"] == ["turkey: A ukr"]
    g.push(orders("turkey", "A Ukr R Sev"))
    result = g.push(ADJ)
    assert g.summary()["owners"]["mos"] == "germany" and g.summary()["owners"]["sev"] == "turkey"
    assert ("Russia has lost its last supply centre: its country becomes a province of Turkey"
            in texts(result))


def test_centres_taken_in_the_same_phase_by_two_powers_are_a_tie_for_the_officers() -> None:
    """Issue 32: the rule gives the country to "the Great Power that took your last supply centre"; Austria
    took two of Russia's last three centres and Turkey one, all in the same phase: no one took the last
    one alone, so the officers rule (no tie-break by how many: tests/diplomacy/test_province_ruling.py)."""
    g = russia_down_to({"mos": "russia", "sev": "russia", "war": "russia"},
                       [{"power": "austria", "type": "A", "at": "gal"}, {"power": "austria", "type": "A", "at": "ukr"},
                        {"power": "turkey", "type": "A", "at": "arm"}], season="fall")
    g.push(orders("austria", "A Gal-War", "A Ukr-Mos"))
    g.push(orders("turkey", "A Arm-Sev"))
    result = g.push(ADJ)
    assert "The officers must rule whose province Russia becomes: Austria and Turkey" in texts(result)
    assert g.summary()["eliminated"] == {"russia": ""}
