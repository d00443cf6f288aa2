"""What the board reads: the turn strip, Forces as counted stacks, the UN tally, the auction, drags."""

from __future__ import annotations

from typing import Any

from boardapp.rules.mideast.commands import Attack, Move

from .helpers import module, new_game, play, reasons


def section(g: Any, sid: str) -> list[list[str]]:
    pic = module(g).board(g.state)
    return next(s for s in pic.sections if s.id == sid).rows


def test_the_turn_strip_shows_whose_turn_the_phases_and_the_functions_left() -> None:
    g = new_game()
    assert section(g, "turn")[1] == ["Player-Turn", "Egypt"]
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]}, {"kind": "collect_oil"})
    rows = {r[0]: r[1] for r in section(g, "turn")}
    assert rows["Phases chosen"] == "Economic → Diplomatic"
    assert rows["Function"] == "Collect Oil Revenue"
    assert rows["Functions left"] == "Drilling Bids, Arms Auction, UN Motion, Superpower Alliance"


def test_forces_are_stacks_with_their_number_and_the_peacekeeping_force_a_token() -> None:
    g = new_game(countries={"israel": {"bloc": "blue"}})
    pic = module(g).board(g.state)
    pieces = {p.id: p for p in pic.pieces}
    assert (pieces["forces-israel"].value, pieces["forces-israel"].team, pieces["forces-israel"].place) == (
        "5", "israel", "israel")
    assert "forces-sinai" not in pieces
    assert [(t.kind, t.place) for t in pic.tokens if t.kind == "peacekeeping_force"] == [("peacekeeping_force",
                                                                                          "sinai")]
    assert [(t.kind, t.place) for t in pic.tokens if t.kind.startswith("bloc")] == [("bloc-blue", "israel")]
    assert pic.control["sinai"] is None and pic.control["hasa"] == "saudi-arabia"
    assert pic.tallies["oil reserve"] == 300


def test_the_un_tally_is_live() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "un_motion", "motion": "peacekeeping", "zone": "jordan"},
         {"kind": "un_vote", "player": "egypt", "vote": "yea"}, {"kind": "un_vote", "player": "syria", "vote": "nay"},
         {"kind": "un_vote", "player": "iraq", "vote": "nay"})
    rows = section(g, "un")
    assert ["Egypt", "1", "yea"] in rows and ["Jordan", "1", "—"] in rows
    assert rows[-1] == ["Tally", "1 Yea, 2 Nay", "fails"]


def test_the_auction_shows_bids_as_they_come_and_the_highest() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "host_auction"},
         {"kind": "bid", "player": "iran", "chips": 3}, {"kind": "bid", "player": "iraq", "chips": 7})
    assert section(g, "auction") == [["Iran", "3"], ["Iraq", "7"], ["Highest", "Iraq 7"]]


def test_a_bid_given_away_since_cannot_be_paid() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "host_auction"},
         {"kind": "bid", "player": "iraq", "chips": 18}, {"kind": "give_chips", "player": "iraq", "to": "iran",
                                                          "chips": 5})
    assert reasons(g, {"kind": "close_auction"}) == ["Iraq bid 18 but now holds 15 Oil Chips"]


def test_a_drag_is_a_redeployment_an_annexation_or_an_attack() -> None:
    g = new_game(settings={"peacekeeping_at": None})
    m = module(g)
    assert m.drop_command(g.state, "forces-lower-egypt", "upper-egypt") == Move(zone="lower-egypt", to="upper-egypt",
                                                                               forces=4)
    assert m.drop_command(g.state, "forces-lower-egypt", "sinai") == Move(zone="lower-egypt", to="sinai", forces=4)
    assert m.drop_command(g.state, "forces-lower-egypt", "cyrenaica") == Attack(zone="lower-egypt", to="cyrenaica",
                                                                               forces=4)
    assert m.drop_command(g.state, "forces-lower-egypt", "israel") is None  # not a neighbour
    notes = {o.place: o.note for o in m.move_options(g.state, "forces-lower-egypt")}
    assert notes == {"cyrenaica": "attack Libya", "sinai": "annex", "upper-egypt": "re-deploy"}
