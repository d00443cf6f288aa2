"""The MUN Historical Committee scenario: its map data and a scripted game on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import check_file, load_scenario
from boardapp.engine.game import Game
from boardapp.rules.diplomacy.module import DiplomacyRules
from boardapp.rules.diplomacy.scenario import DiplomacyScenario
from tests.diplomacy.test_module import orders, texts

ROOT = Path(__file__).resolve().parents[2]
MUN = ROOT / "scenarios" / "mun-historical-1935.yaml"


RESOLVE = {"kind": "adjudicate", "force": "the chair resolves; the powers not handed in hold"}
"""Reveal and resolve as CONTROL does when some powers have not handed in: the shipped scenario sets
``officers.orders_from_all``, so a plain ``adjudicate`` with powers missing is refused (forceable)."""


def mun_game(**changes: Any) -> Game[Any]:
    scenario, the_map = load_scenario(MUN)
    if changes:
        scenario = DiplomacyScenario.model_validate({**scenario.model_dump(), **changes})
    return Game(DiplomacyRules(scenario, the_map))


def test_files_check_clean() -> None:
    for path in (ROOT / "maps" / "mun-1935.yaml", MUN):
        kind, problems = check_file(path)
        assert [p for p in problems if p.severity == "error"] == [], (kind, problems)


def test_sixty_centres_nine_powers() -> None:
    g = mun_game()
    m = g.module.m
    assert len(m.supply_centres) == 60
    assert len(g.module.scenario.powers) == 9
    homes = [c for p in g.module.scenario.powers for c in p.home_centres]
    assert len(homes) == len(set(homes)) == 45
    assert len(g.state.units) == 45
    assert sorted(g.summary()["centres"].values()) == [5] * 9
    assert g.module.turn_label(g.state) == "Spring 1935"
    colours = {p.id: p.colour for p in g.module.scenario.powers}
    assert colours["poland"] == "#ffffff" and colours["germany"] == "#1a1a1a"


def test_geography() -> None:
    m = mun_game().module.m
    assert m.coasts_of("irn") == ("irn(nc)", "irn(sc)")
    assert m.fleet_can_move("cas", "irn(nc)") and m.fleet_can_move("per", "irn(sc)")
    assert not m.fleet_can_move("cas", "irn(sc)")
    assert m.fleet_can_move("eas", "egy") and m.fleet_can_move("egy", "red")  # Suez
    assert m.fleet_can_move("hol", "ham") and m.fleet_can_move("ham", "ber")  # Kiel canal
    assert m.fleet_can_move("ebs", "ros") and m.fleet_can_move("ros", "vol") and m.fleet_can_move("vol", "cas")
    assert not m.fleet_can_move("ebs", "cas") and not m.fleet_can_move("ros", "cas")  # two turns
    assert m.army_can_move("den", "swe") and m.fleet_can_move("den", "swe")
    assert not m.fleet_can_move("bhm", "ska")
    assert not m.army_can_move("den", "ber")
    assert "swi" not in m.provinces and "swz" not in m.provinces


def test_scripted_game_two_years() -> None:
    g = mun_game()
    g.push(orders("germany", "A Mst-Bel", "F Ham-Hol", "A Frk-Mst", "A Mun-Als"))
    g.push(orders("france", "A Par-Pic", "F Bri-Eng", "A Lyo-Als"))
    spring = g.push(RESOLVE)
    assert "German Empire: A mun -> als — fails (bounced)" in texts(spring)
    assert g.module.turn_label(g.state) == "Fall 1935"
    g.push(orders("france", "A Pic-Bel", "F Eng S A Pic-Bel", "A Lyo-Par"))
    g.push(orders("germany", "A Mst-Als", "A Mun S A Mst-Als"))
    fall = g.push(RESOLVE)
    assert "German Empire: A bel is dislodged (attacked from pic)" in texts(fall)
    assert g.module.turn_label(g.state) == "Fall 1935 (retreats)"
    assert {o.place for o in g.module.move_options(g.state, "bel-dislodged")} == {"mst"}
    g.push(orders("germany", "A Bel-Mst"))
    retreat = g.push(RESOLVE)
    assert "Republic of France takes Belgium" in texts(retreat) and "German Empire takes Holland" in texts(retreat)
    assert g.module.turn_label(g.state) == "Winter 1935 (adjustments)"
    g.push(orders("germany", "Build F Ham"))
    g.push(orders("france", "Build A Lyon"))
    winter = g.push(RESOLVE)
    assert "German Empire: F ham build — succeeds" in texts(winter)
    assert "Republic of France: A lyo build — succeeds" in texts(winter)
    assert g.module.turn_label(g.state) == "Spring 1936"
    g.push(orders("ussr", "F Stp-Bot"))
    g.push(RESOLVE)
    g.push(orders("ussr", "F Bot-Swe"))
    g.push(RESOLVE)
    assert "ussr: F swe" in g.summary()["units"]
    g.push(orders("ussr", "Build A Mos"))  # Moscow is occupied: the build fails, the build is lost
    g.push(RESOLVE)
    s = g.summary()
    assert g.module.turn_label(g.state) == "Spring 1937"
    assert s["centres"] == {"uk": 5, "france": 6, "italy": 5, "germany": 6, "ussr": 6, "turkey": 5,
                            "yugoslavia": 5, "spain": 5, "poland": 5}
    assert g.module.summary(g.replay(verify=True)) == s
    pic = g.module.board(g.state)
    assert pic.turn_label == "Spring 1937" and pic.control["bel"] == "france"


def test_insurrection_all_five_centres() -> None:
    scenario, _ = load_scenario(MUN)
    units = [u.model_dump() for u in scenario.units if u.power != "poland"] + [
        {"power": "ussr", "type": "A", "at": "kie"}]
    owners = scenario.initial_owners()
    for c in ("gdy", "pru", "kra", "wbe"):
        del owners[c]
    g = mun_game(units=units, owners=owners, calendar={"year": 1935, "season": "fall"})
    g.push(orders("ussr", "A Kie-Pod"))
    result = g.push(RESOLVE)
    assert "Poland has lost its last supply centre: its country becomes a province of USSR" in texts(result)
    while not g.module.turn_label(g.state).startswith("Spring"):
        g.push(RESOLVE)
    g.push(orders("poland", "reclaim Podolia, Gdynia, Prussia, Krakow, Western Belarus", "build F gdy"))
    g.push(orders("germany", "A Ber insurrection Poland", "A Frk insurrection Poland", "A Mun - Poland",
                  "A Mst insurrection Poland"))
    g.push(orders("italy", "A Ven insurrection Poland"))
    t = texts(g.push(RESOLVE))
    assert ("The insurrection for Poland succeeds with 5 units: Podolia, Gdynia, Prussia, Krakow, "
            "Western Belarus rise") in t
    assert "USSR: A pod is overthrown by the insurrection for Poland" in t
    assert "Poland builds F gdy" in t
    s = g.summary()
    assert s["centres"]["poland"] == 5 and s["eliminated"] == {}
    assert s["political_vp"] == {"uk": 0, "france": 0, "italy": 0, "germany": 1, "ussr": 0, "turkey": 0,
                                 "yugoslavia": 0, "spain": 0, "poland": 0}


def test_insurrection_four_units_skip_an_occupied_centre() -> None:
    scenario, _ = load_scenario(MUN)
    units = [u.model_dump() for u in scenario.units if u.power != "poland"] + [
        {"power": "ussr", "type": "A", "at": "kie"}]
    owners = scenario.initial_owners()
    for c in ("gdy", "pru", "kra", "wbe"):
        del owners[c]
    g = mun_game(units=units, owners=owners, calendar={"year": 1935, "season": "fall"})
    g.push(orders("ussr", "A Kie-Pod"))
    g.push(RESOLVE)
    while not g.module.turn_label(g.state).startswith("Spring"):
        g.push(RESOLVE)
    g.push(orders("poland", "reclaim pod, gdy, pru, kra, wbe"))
    g.push(orders("germany", "A Ber insurrection Poland", "A Frk insurrection Poland"))
    g.push(orders("italy", "A Ven insurrection Poland", "A Mil insurrection Poland"))
    t = texts(g.push(RESOLVE))
    assert "The insurrection for Poland succeeds with 4 units: Gdynia, Prussia, Krakow, Western Belarus rise" in t
    assert "Poland builds A gdy" in t
    assert g.summary()["political_vp"]["italy"] == 1 and g.summary()["political_vp"]["germany"] == 1
