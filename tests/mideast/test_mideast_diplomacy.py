"""The Diplomatic Phase: the Arms Auction, the UN (votes, the Peacekeeping Force, a Cease Fire), Blocs."""

from __future__ import annotations

from typing import Any

from .helpers import module, new_game, play, reasons, to_turn


def diplomatic(g: Any) -> None:
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})


# --- the Arms Auction ------------------------------------------------------------------------
def test_the_highest_bidder_buys_even_out_of_turn_and_pays_the_reserve() -> None:
    g = new_game()
    diplomatic(g)
    play(g, {"kind": "host_auction"}, {"kind": "bid", "player": "egypt", "chips": 3},
         {"kind": "bid", "player": "jordan", "chips": 5}, {"kind": "close_auction"})
    assert g.state.forces["jordan"] == 2 + 3  # the lot of 3, placed in the Homeland
    assert g.state.chips["jordan"] == 15 and g.state.reserve == 305
    assert g.state.chips["egypt"] == 20  # losers pay nothing


def test_a_tie_goes_to_the_earlier_bid() -> None:
    g = new_game()
    diplomatic(g)
    play(g, {"kind": "host_auction"}, {"kind": "bid", "player": "syria", "chips": 4},
         {"kind": "bid", "player": "egypt", "chips": 4}, {"kind": "close_auction"})
    assert g.state.forces["syria"] == 4 + 3 and g.state.forces["lower-egypt"] == 4


def test_a_bid_above_the_chips_held_is_refused_and_bids_need_an_open_auction() -> None:
    g = new_game(countries={"kuwait": {"chips": 2}})
    diplomatic(g)
    assert reasons(g, {"kind": "bid", "player": "kuwait", "chips": 1}) == ["no Arms Auction is open"]
    play(g, {"kind": "host_auction"})
    assert reasons(g, {"kind": "bid", "player": "kuwait", "chips": 3}) == [
        "a bid of 3 is more than the 2 Oil Chips Kuwait holds"]


def test_the_lot_size_is_a_scenario_setting_and_an_auction_without_bids_sells_nothing() -> None:
    g = new_game(settings={"lot": 5})
    diplomatic(g)
    play(g, {"kind": "host_auction"}, {"kind": "bid", "player": "egypt", "chips": 1}, {"kind": "close_auction"})
    assert g.state.forces["lower-egypt"] == 4 + 5
    g = new_game()
    diplomatic(g)
    events = play(g, {"kind": "host_auction"}, {"kind": "close_auction"})
    assert events[-1].text == "The Arms Auction closes without a bid"


# --- UN votes ----------------------------------------------------------------------------
def test_votes_one_per_country_occupied_plus_one_in_a_bloc() -> None:
    g = new_game(countries={"israel": {"bloc": "blue"}})
    r = module(g).rules
    assert r.votes(g.state, "egypt") == 1  # two zones, one country
    assert r.votes(g.state, "israel") == 2  # one country + Bloc
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "israel", "to": "lebanon", "forces": 2},
         {"kind": "fist", "battle": "lebanon", "side": "attacker", "chips": 1},
         {"kind": "fist", "battle": "lebanon", "side": "defender", "chips": 0})
    assert r.votes(g.state, "israel") == 3 and r.votes(g.state, "lebanon") == 0
    assert sum(r.votes(g.state, p) for p in r.order) == 12 + 1  # twelve countries, one Bloc member


def motion(g: Any, votes: dict[str, str], **kw: Any) -> list[Any]:
    cmds: list[dict[str, Any]] = [{"kind": "un_motion", **kw}]
    cmds += [{"kind": "un_vote", "player": p, "vote": v} for p, v in votes.items()]
    return play(g, *cmds, {"kind": "un_tally"})


def test_a_simple_majority_of_yea_and_nay_carries_abstentions_do_not_count() -> None:
    g = new_game()
    diplomatic(g)
    events = motion(g, {"egypt": "yea", "israel": "abstain", "syria": "abstain"}, text="oil for all")
    assert events[-1].data == {"yea": 1, "nay": 0, "passed": True, "motion": "resolution"}


def test_a_tie_fails() -> None:
    g = new_game(settings={"peacekeeping_at": None})
    diplomatic(g)
    events = motion(g, {"egypt": "yea", "israel": "nay", "syria": "yea", "jordan": "nay"},
                    motion="peacekeeping", zone="jordan")
    assert events[-1].data["passed"] is False and g.state.pkf is None


def test_each_player_votes_once_and_only_with_votes() -> None:
    g = new_game()
    diplomatic(g)
    play(g, {"kind": "un_motion", "text": "x"}, {"kind": "un_vote", "player": "egypt", "vote": "yea"})
    assert reasons(g, {"kind": "un_vote", "player": "egypt", "vote": "nay"}) == ["Egypt already voted yea"]


def test_the_peacekeeping_force_moves_at_once_when_the_motion_carries() -> None:
    g = new_game()
    diplomatic(g)
    events = motion(g, {"egypt": "yea", "israel": "yea", "syria": "nay"}, motion="peacekeeping", zone="jordan")
    assert g.state.pkf == "jordan"
    assert events[-1].kind == "peacekeeping"


def test_the_occupant_of_the_target_zone_may_veto_after_the_motion_passes() -> None:
    g = new_game()
    diplomatic(g)
    play(g, {"kind": "un_motion", "motion": "peacekeeping", "zone": "jordan"},
         {"kind": "un_vote", "player": "egypt", "vote": "yea"})
    events = play(g, {"kind": "un_tally", "veto": "jordan"})
    assert events[-1].kind == "un_veto" and g.state.pkf == "sinai"
    assert events[-1].teams == ("jordan",) and events[-1].text == "Jordan vetoes the UN Force's move into Jordan"


VETO_RULE = '"any player can veto any such move into a zone he occupies" (the synopsis)'


def test_a_veto_names_the_vetoing_player_and_only_the_occupant_may_veto() -> None:
    """The synopsis: "any player can veto any such move into a zone he occupies" — Jordan occupies Jordan,
    Egypt does not; a veto that names nobody cannot be checked."""
    g = new_game()
    diplomatic(g)
    play(g, {"kind": "un_motion", "motion": "peacekeeping", "zone": "jordan"},
         {"kind": "un_vote", "player": "egypt", "vote": "yea"})
    assert reasons(g, {"kind": "un_tally", "veto": "egypt"}) == [
        f"Egypt does not occupy Jordan (Jordan does): {VETO_RULE}"]
    assert reasons(g, {"kind": "un_tally", "veto": True}) == [
        f"a veto names the vetoing player (veto: jordan, who occupies Jordan): {VETO_RULE}"]
    assert reasons(g, {"kind": "un_tally", "veto": "atlantis"})[0].startswith("unknown player 'atlantis'")
    assert reasons(g, {"kind": "un_tally", "veto": "jordan"}) == []
    play(g, {"kind": "un_tally"})  # no veto: the UN Force moves
    assert g.state.pkf == "jordan"


def test_a_veto_needs_an_occupant() -> None:
    g = new_game()
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "un_motion", "motion": "resolution", "text": "x"})
    assert reasons(g, {"kind": "un_tally", "veto": True}) == ["only a move of the UN Peacekeeping Force can be vetoed"]


def test_one_motion_per_diplomatic_phase() -> None:
    g = new_game()
    diplomatic(g)
    motion(g, {"egypt": "yea"}, text="one")
    assert "never repeated" in reasons(g, {"kind": "un_motion", "text": "two"})[0]


# --- Cease Fire ---------------------------------------------------------------------------
def test_a_cease_fire_needs_two_thirds_of_yea_and_nay() -> None:
    g = new_game()
    diplomatic(g)
    events = motion(g, {"egypt": "yea", "israel": "yea", "jordan": "yea", "syria": "nay", "iraq": "nay"},
                    motion="cease_fire")  # 3 of 5 = 60 %: short of two thirds
    assert events[-1].data["passed"] is False and g.state.ended is None
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    events = motion(g, {"egypt": "yea", "israel": "yea", "jordan": "yea", "lebanon": "yea", "syria": "nay",
                        "iraq": "nay", "iran": "abstain"}, motion="cease_fire")  # 4 of 6: exactly two thirds
    assert g.state.ended == "peace"
    over = events[-1]
    assert over.kind == "game_over" and over.data["ending"] == "peace"


def test_peace_scores_chips_less_two_per_superpower_force() -> None:
    g = new_game(countries={"egypt": {"bloc": "red", "chips": 30}, "israel": {"chips": 27}})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    # The Superpower Alliance is the last function: the motion comes in the next Player-Turn.
    assert "comes before Superpower Alliance" in reasons(g, {"kind": "un_motion", "motion": "cease_fire"})[0]
    to_turn(g, "israel")
    diplomatic(g)
    events = motion(g, {"egypt": "yea"}, motion="cease_fire")
    scores = events[-1].data["scores"]
    assert scores["egypt"] == 30 - 2 and scores["israel"] == 27 and scores["jordan"] == 20
    assert events[-1].data["winners"] == ["egypt"]
    final = next(s for s in module(g).board(g.state).sections if s.id == "final")
    assert final.rows[0][0] == "Egypt" and final.rows[0][-1] == "winner"


def test_war_scores_forces_plus_two_per_superpower_force() -> None:
    g = new_game(settings={"rounds": 1}, countries={"israel": {"bloc": "blue"}})
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "superpower"})
    for _ in range(20):
        if g.state.ended:
            break
        play(g, {"kind": "end_turn"})
    assert g.state.ended == "war"
    r = module(g).rules
    assert r.score(g.state, "israel") == 5 + 2
    assert r.score(g.state, "saudi-arabia") == 2 + 1 + 2
    assert r.score(g.state, "egypt") == 6


# --- the Negotiation Phase, gifts and Blocs --------------------------------------------------------
def test_in_the_negotiation_phase_only_a_non_binding_resolution_goes_to_the_un() -> None:
    g = new_game()
    for _ in range(12):
        play(g, {"kind": "end_turn"})
    assert g.state.negotiation
    assert reasons(g, {"kind": "un_motion", "player": "syria", "motion": "cease_fire"}) == [
        "a cease_fire motion belongs to a Diplomatic Phase; in the Negotiation Phase only a resolution on a "
        "dispute (binding nothing) goes to the UN"]
    events = motion(g, {"syria": "yea", "israel": "nay", "jordan": "yea"}, player="syria", text="Golan")
    assert events[-1].data["passed"] is True


def test_chips_change_hands_any_time_within_what_is_held() -> None:
    g = new_game()
    play(g, {"kind": "give_chips", "player": "kuwait", "to": "iraq", "chips": 5})
    assert (g.state.chips["kuwait"], g.state.chips["iraq"]) == (15, 25)
    assert reasons(g, {"kind": "give_chips", "player": "kuwait", "to": "iraq", "chips": 16}) == [
        "Kuwait holds 15 Oil Chips, not 16"]


def test_control_changes_a_bloc() -> None:
    g = new_game()
    play(g, {"kind": "set_bloc", "player": "jordan", "bloc": "blue"})
    assert g.state.bloc["jordan"] == "blue" and module(g).rules.votes(g.state, "jordan") == 2
    assert "set_bloc" in module(g).control_only_kinds
