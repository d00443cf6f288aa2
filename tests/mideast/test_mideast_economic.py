"""The Economic Phase: Oil Revenue (zones owned, -2 per Superpower Force, from the Oil Reserve) and drilling."""

from __future__ import annotations

from .helpers import module, new_game, play, reasons, to_turn


def test_oil_revenue_is_the_sum_of_the_zones_owned() -> None:
    g = new_game()
    to_turn(g, "saudi-arabia")
    play(g, {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"})
    # Najd 2 + Hejaz 1 + Al-Hasa 5 (scenario oil values).
    assert g.state.chips["saudi-arabia"] == 20 + 8
    assert g.state.reserve == 300 - 8


def test_revenue_includes_sinai_once_annexed() -> None:
    g = new_game(settings={"peacekeeping_at": None})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "move", "zone": "lower-egypt", "to": "sinai", "forces": 1})
    assert module(g).rules.revenue(g.state, "egypt") == 1 + 1 + 1  # Lower and Upper Egypt, and Sinai


def test_a_superpower_force_costs_two_chips_of_revenue_never_below_zero() -> None:
    g = new_game(countries={"egypt": {"bloc": "red"}, "saudi-arabia": {"bloc": "blue"}})
    r = module(g).rules
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    assert r.revenue(g.state, "egypt") == 0  # 2 - 2
    to_turn(g, "saudi-arabia")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    assert r.revenue(g.state, "saudi-arabia") == 8 - 2
    g2 = new_game(countries={"egypt": {"bloc": "red"}}, settings={"superpower_oil": 5})
    play(g2, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    assert module(g2).rules.revenue(g2.state, "egypt") == 0  # 2 - 5, never below 0


def test_revenue_is_paid_only_as_far_as_the_oil_reserve_goes() -> None:
    g = new_game(settings={"oil_reserve": 1})
    events = play(g, {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"})
    assert g.state.chips["egypt"] == 21 and g.state.reserve == 0
    assert events[-1].data == {"gross": 2, "due": 2, "paid": 1}


def test_a_drilling_bid_pays_the_reserve_and_the_umpire_enters_the_outcome() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"},
         {"kind": "drill", "zone": "upper-egypt", "bid": 3, "found": 2})
    assert g.state.oil["upper-egypt"] == 1 + 2
    # 20 + revenue 2 (Lower and Upper Egypt, 1 each: ruling 4) - the bid 3; the Reserve 300 - 2 + 3
    assert g.state.chips["egypt"] == 19 and g.state.reserve == 301
    assert reasons(g, {"kind": "drill", "zone": "upper-egypt", "bid": 1, "found": 0}) == [
        "a drilling bid was already made in Upper Egypt this Player-Turn"]


def test_drilling_only_in_a_drillable_zone_the_player_owns_within_his_chips() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"})
    assert reasons(g, {"kind": "drill", "zone": "lower-egypt", "bid": 1, "found": 0})[0].startswith(
        "Lower Egypt is not a drillable zone")
    assert reasons(g, {"kind": "drill", "zone": "hejaz", "bid": 1, "found": 0}) == [
        "Egypt does not own Hejaz (it is Saudi Arabia's)"]
    assert reasons(g, {"kind": "drill", "zone": "upper-egypt", "bid": 23, "found": 0}) == [
        "a bid of 23 is more than the 22 Oil Chips Egypt holds"]


def test_control_sets_a_zones_oil_value() -> None:
    g = new_game()
    play(g, {"kind": "set_oil", "zone": "sinai", "oil": 4, "reason": "survey"})
    assert g.state.oil["sinai"] == 4
    assert "set_oil" in module(g).control_only_kinds
