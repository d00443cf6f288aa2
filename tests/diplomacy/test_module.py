"""The Diplomacy rule module behind boardapp's interface: a scripted game on the standard map."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, read_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Audience
from boardapp.rules.diplomacy.module import DiplomacyRules
from boardapp.rules.diplomacy.scenario import DiplomacyScenario

DATA = Path(__file__).resolve().parent / "data"
STANDARD = DATA / "standard.yaml"


def new_game(**changes: Any) -> Game[Any]:
    scenario, the_map = load_scenario(STANDARD)
    if changes:
        scenario = DiplomacyScenario.model_validate({**scenario.model_dump(), **changes})
    return Game(DiplomacyRules(scenario, the_map))


def orders(power: str, *texts: str, force: str | None = None) -> dict[str, Any]:
    cmd: dict[str, Any] = {"kind": "submit_orders", "power": power, "orders": list(texts)}
    if force:
        cmd["force"] = force
    return cmd


ADJ = {"kind": "adjudicate"}


def texts(entry: Any) -> list[str]:
    return [e.text for e in entry.events]


def test_scenario_checks_clean() -> None:
    scenario, the_map, warnings = read_scenario(STANDARD)
    assert not [w for w in warnings if w.severity == "error"]
    assert len(scenario.powers) == 7
    m = scenario.build_mapdata(the_map)
    assert len(m.supply_centres) == 34
    assert m.coasts_of("stp") == ("stp(nc)", "stp(sc)")


def test_initial_board() -> None:
    g = new_game()
    pic = g.module.board(g.state)
    assert pic.turn_label == "Spring 1901"
    assert len(pic.pieces) == 22
    lon = next(p for p in pic.pieces if p.place == "lon")
    assert (lon.label, lon.team, lon.hidden) == ("F", "england", False)
    assert pic.control["par"] == "france" and pic.control["bel"] is None
    assert sum(1 for t in pic.tokens if t.kind == "supply_centre") == 34
    track = {t["team"]: t for t in pic.tracks}
    assert track["russia"]["centres"] == 4 and track["russia"]["units"] == 4
    assert g.module.end_turn_command().kind == "adjudicate"


def play_1901(g: Game[Any]) -> list[Any]:
    log = []
    g.push(orders("france", "A Par-Pic", "A Mar-Bur", "F Bre-Mao"))
    g.push(orders("germany", "A Mun-Ruh", "A Ber-Mun", "F Kie-Hol"))
    log.append(g.push(ADJ))
    g.push(orders("france", "A Pic-Bel", "F Mao-Por"))
    g.push(orders("germany", "A Mun-Bur", "A Ruh S A Mun-Bur", "F Hol-Bel"))
    log.append(g.push(ADJ))
    return log


def test_scripted_game_movement_retreat_builds_and_replay() -> None:
    g = new_game()
    spring, fall = play_1901(g)
    assert "France: A par -> pic — succeeds" in texts(spring)
    assert g.module.turn_label(g.state) == "Fall 1901 (retreats)"
    assert "France: A bur is dislodged (attacked from mun)" in texts(fall)
    assert "France: A pic -> bel — fails (bounced)" in texts(fall)
    # the dislodged unit may go to Gascony, Marseilles or Paris only
    options = {o.place for o in g.module.move_options(g.state, "bur-dislodged")}
    assert options == {"gas", "mar", "par"}
    pic = g.module.board(g.state)
    assert any(p.id == "bur-dislodged" for p in pic.pieces)
    # a retreat to the standoff province is a legal order that fails
    g.push(orders("france", "A Bur-Bel"))
    g.push(orders("france", "A Bur-Mar"))  # a new submission replaces the old one
    retreat = g.push(ADJ)
    assert "France: A bur retreats to mar — succeeds" in texts(retreat)
    assert "Germany takes Holland" in texts(retreat)
    assert "France takes Portugal" in texts(retreat)
    assert g.module.turn_label(g.state) == "Winter 1901 (adjustments)"
    g.push(orders("france", "Build A Par"))
    g.push(orders("germany", "Build F Kie", "Build A Ber"))
    winter = g.push(ADJ)
    assert "France: A par build — succeeds" in texts(winter)
    assert "Germany: F kie build — succeeds" in texts(winter)
    assert any(t.startswith("Germany: A ber build — fails") for t in texts(winter))
    assert g.module.turn_label(g.state) == "Spring 1902"
    s = g.summary()
    assert s["centres"]["france"] == 4 and s["centres"]["germany"] == 4
    assert "france: A par" in s["units"] and "germany: F kie" in s["units"] and "france: A mar" in s["units"]
    # replay from the journal gives the same state and the same events
    again = g.replay(verify=True)
    assert g.module.summary(again) == s
    # undo back to the retreat phase and redo
    for _ in range(3):
        g.undo()
    assert g.module.turn_label(g.state) == "Winter 1901 (adjustments)"
    for _ in range(3):
        g.redo()
    assert g.summary() == s


def test_orders_hidden_until_adjudication() -> None:
    g = new_game()
    entry = g.push(orders("france", "A Par-Bur", "A Mar S A Par-Bur"))
    assert "Bur" not in " ".join(texts(entry)) and "bur" not in json.dumps(entry.events[0].data)
    pic = g.module.board(g.state)
    assert "orders" in pic.hidden_keys
    blob = json.dumps([asdict(p) for p in pic.pieces] + pic.tracks + [asdict(t) for t in pic.tokens])
    assert "bur" not in blob.lower().replace("burgundy", "")
    assert {t["team"]: t["orders_in"] for t in pic.tracks}["france"] is True
    assert g.summary()["orders"]["hidden"] is True
    assert g.summary()["orders_submitted"] == ["france"]
    result = g.push(ADJ)
    assert "France: A par -> bur — succeeds" in texts(result)
    assert g.summary()["orders_submitted"] == []


def illegal_lines(entry: Any) -> list[tuple[str, str]]:
    return [(e.data["order"], e.data["reason"]) for e in entry.events if e.kind == "order_illegal"]


def test_parser_messages_name_the_line_and_what_is_wrong() -> None:
    g = new_game()
    m = g.module

    def why(power: str, text: str) -> list[str]:
        return [reason for _line, reason in m.split_orders(g.state, power, [text])[1]]

    assert why("france", "A Par jumps Bur") == ["illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par'"]
    assert why("france", "A Mun-Bur") == ["illegal order 'A Mun-Bur': France has no unit in mun"]
    assert why("france", "XYZ: A Par-Bur") == ["illegal order 'XYZ: A Par-Bur': unknown power 'XYZ'"]
    assert why("france", "Germany: A Mun-Bur") == [
        "illegal order 'Germany: A Mun-Bur': written for Germany, submitted by France"]
    assert why("france", "F Nor - Nth")[0].startswith("ambiguous order 'F Nor - Nth'")
    assert why("france", "A Par-Bur") == []
    assert g.check(orders("nobody", "A Par H")) == [
        "unknown power 'nobody'; powers are ['austria', 'england', 'france', 'germany', 'italy', 'russia', "
        "'turkey']"]


def test_an_illegal_order_means_the_unit_holds_and_the_legal_orders_stand() -> None:
    """The rules: an illegal order is void and the unit holds. A hand-in with one bad line is accepted:
    the legal orders stand, the bad line is recorded with its reason (for CONTROL and France only until
    the orders are revealed) and Paris holds."""
    g = new_game()
    assert g.check(orders("france", "A Par jumps Bur", "A Mar-Bur", "F Bre-Mao")) == []
    entry = g.push(orders("france", "A Par jumps Bur", "A Mar-Bur", "F Bre-Mao"))
    assert illegal_lines(entry) == [("A Par jumps Bur", "illegal order 'A Par jumps Bur': unexpected 'jumps' after "
                                     "'par'")]
    assert g.state.orders["france"] == ["A Mar-Bur", "F Bre-Mao"]
    bad = next(e for e in entry.events if e.kind == "order_illegal")
    assert bad.hidden and bad.visible_to == ("france",)
    assert bad.text == "France: illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par' — the unit will hold"
    assert not bad.visible(Audience(role="public")) and not bad.visible(Audience.player_seat("germany"))
    assert bad.visible(Audience.player_seat("france"))
    summary = g.summary()
    assert summary["orders"]["hidden"] is True
    assert summary["orders"]["illegal"] == {"france": [
        {"order": "A Par jumps Bur", "reason": "illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par'"}]}
    # Germany attacks Paris's neighbour Burgundy from Munich; France's Marseilles army gets there too:
    # a standoff, Paris holds, Brest moves
    g.push(orders("germany", "A Mun-Bur"))
    result = g.push(ADJ)
    assert ("France: illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par' — the unit holds"
            in texts(result))
    units = g.summary()["units"]
    assert "france: A par" in units and "france: A mar" in units and "france: F mao" in units
    assert "germany: A mun" in units
    assert g.summary()["orders"]["illegal"] == {}
    assert g.replay(verify=True) is not None


def test_a_new_hand_in_replaces_the_illegal_lines_too() -> None:
    g = new_game()
    g.push(orders("france", "A Par jumps Bur"))
    assert g.state.illegal == {"france": [("A Par jumps Bur",
                                          "illegal order 'A Par jumps Bur': unexpected 'jumps' after 'par'")]}
    g.push(orders("france", "A Par-Bur"))
    assert g.state.illegal == {}
    assert g.state.orders["france"] == ["A Par-Bur"]


def test_an_illegal_retreat_is_void_and_the_unit_disbanded() -> None:
    g = new_game()
    g.push(orders("germany", "A Mun-Bur"))
    g.push(ADJ)  # Spring: Germany into Burgundy
    g.push(orders("france", "A Par-Bur", "A Mar S A Par-Bur"))
    g.push(ADJ)  # Fall: Burgundy's German army is dislodged
    assert g.summary()["dislodged"] == ["germany: A bur"]
    entry = g.push(orders("germany", "Bur R Ruh", "A Mun-Ruh"))  # the second line names no dislodged unit
    assert g.state.orders["germany"] == ["Bur R Ruh"]
    assert illegal_lines(entry) == [("A Mun-Ruh", "illegal order 'A Mun-Ruh': Germany has no dislodged unit in mun")]
    entry = g.push(orders("germany", "A Mun-Ruh"))  # handed in again with the bad line alone: Burgundy has no order
    result = g.push(ADJ)
    assert ("Germany: illegal order 'A Mun-Ruh': Germany has no dislodged unit in mun — the order is void "
            "(a dislodged unit without a valid retreat is disbanded)") in texts(result)
    assert "germany: A bur" not in g.summary()["units"]


def test_move_options() -> None:
    g = new_game()
    m = g.module
    assert {o.place for o in m.move_options(g.state, "par")} == {"bre", "pic", "bur", "gas"}
    assert {o.place for o in m.move_options(g.state, "lon")} == {"eng", "nth", "yor", "wal"}
    stp = {(o.place, o.note) for o in m.move_options(g.state, "stp")}
    assert {("fin", ""), ("lvn", "")} <= stp  # the CSV lacks bot-stp(sc) (see docs/diplomacy.md)
    assert m.move_options(g.state, "bur") == []


def test_coasts_must_be_named_and_used() -> None:
    g = new_game()
    g.push(orders("france", "F Bre-Mao", "A Mar-Spa"))
    g.push(ADJ)
    g.push(orders("france", "F Mao-Spa NC", "A Spa-Por"))
    g.push(ADJ)
    assert "france: F spa(nc)" in g.summary()["units"]
    assert g.module.turn_label(g.state) == "Winter 1901 (adjustments)"
    assert g.module.move_options(g.state, "spa") == []
    g.push(ADJ)
    assert {o.place for o in g.module.move_options(g.state, "spa")} == {"mao", "por", "gas"}


def test_victory_points_and_score() -> None:
    g = new_game(victory={"centres": 18, "bonus_centres": 4, "bonus_points": 5})
    entry = g.push({"kind": "set_victory_points", "power": "italy", "points": 2, "reason": "goal: Abyssinia"})
    assert texts(entry) == ["Italy: political victory points 0 → 2 (goal: Abyssinia)"]
    s = g.summary()
    assert s["political_vp"]["italy"] == 2
    assert s["score"]["italy"] == 5 and s["score"]["russia"] == 4 + 5
    assert {t["team"]: t["vp"] for t in g.module.board(g.state).tracks}["italy"] == 2


def test_winter_skipped_when_nobody_adjusts() -> None:
    g = new_game()
    g.push(ADJ)
    g.push(ADJ)
    assert g.module.turn_label(g.state) == "Spring 1902"


def test_solo_victory_ends_the_game() -> None:
    g = new_game(victory={"centres": 4})
    g.push(ADJ)
    result = g.push(ADJ)
    assert "Russia holds 4 supply centres and wins" in texts(result)
    assert g.check(ADJ) == ["the game is over"]
    assert g.summary()["result"]["winners"] == ["russia"] and g.module.turn_label(g.state) == "Fall 1901: game over"
