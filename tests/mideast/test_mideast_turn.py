"""Player-Turns: two of three phases in the allowed orders, functions in order, the round, the end."""

from __future__ import annotations

import pytest

from boardapp.engine.module import IllegalCommandError

from .helpers import module, new_game, play, reasons, to_turn

SKIPS_OIL = ("{what} skips Collect Oil Revenue: Egypt would not collect the 2 Oil Chips due, and a function passed "
             "cannot be gone back to (collect_oil first; CONTROL may force the skip)")
"""The synopsis: "A player cannot repeat or go back to a Function already missed." Egypt's revenue: Lower and
Upper Egypt, 1 chip each (ruling 4) = 2."""


@pytest.mark.parametrize("phases", [["economic", "military"], ["military", "diplomatic"],
                                    ["economic", "diplomatic"]])
def test_the_three_phase_options_are_accepted(phases: list[str]) -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": phases})
    assert g.state.phases == tuple(phases)


@pytest.mark.parametrize("phases", [["military", "economic"], ["diplomatic", "economic"],
                                    ["diplomatic", "military"], ["economic", "economic"]])
def test_phases_out_of_order_or_repeated_are_refused(phases: list[str]) -> None:
    g = new_game()
    why = reasons(g, {"kind": "choose_phases", "phases": phases})
    assert any("is not one of the three options" in r for r in why)


def test_a_function_needs_the_phases_chosen_first() -> None:
    g = new_game()
    assert reasons(g, {"kind": "collect_oil"}) == [
        "Egypt has not chosen the two phases of the Player-Turn yet (choose_phases)"]


def test_a_function_of_a_phase_not_chosen_is_refused() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    why = reasons(g, {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 1})
    assert why == ["Move Forces belongs to the military phase, which Egypt did not choose (economic then diplomatic)"]


def test_functions_may_be_skipped_but_never_gone_back_to_or_repeated() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    drill = {"kind": "drill", "zone": "upper-egypt", "bid": 1, "found": 0}
    assert reasons(g, drill) == [SKIPS_OIL.format(what="Drilling Bids")]  # skipping pay is confirmed first
    play(g, drill | {"force": "CONTROL: Egypt skips its revenue"})  # Oil Revenue skipped
    assert reasons(g, {"kind": "collect_oil"}) == [
        "Collect Oil Revenue comes before Drilling Bids: a function passed cannot be gone back to"]
    play(g, {"kind": "un_motion", "text": "peace in our time"})  # the Arms Auction skipped
    assert "Arms Auction comes before UN Motion" in reasons(g, {"kind": "host_auction"})[0]
    play(g, {"kind": "un_vote", "player": "egypt", "vote": "yea"}, {"kind": "un_tally"})
    assert reasons(g, {"kind": "un_motion"}) == [
        "UN Motion was already done in this Player-Turn: a function is never repeated"]


def test_oil_revenue_is_collected_once() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "military"]}, {"kind": "collect_oil"})
    assert reasons(g, {"kind": "collect_oil"}) == [
        "Collect Oil Revenue was already done in this Player-Turn: a function is never repeated"]


def test_another_players_function_is_refused_and_can_be_forced() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "military"]})
    cmd = {"kind": "collect_oil", "player": "israel"}
    assert reasons(g, cmd) == ["it is Egypt's Player-Turn, not Israel's"]
    with pytest.raises(IllegalCommandError):
        g.push(cmd)
    entry = g.push(cmd | {"force": "CONTROL: Israel's turn was mixed up"})
    assert entry.overridden == ["it is Egypt's Player-Turn, not Israel's"]
    assert g.state.chips["israel"] == 20 + 0  # Israel's zone yields 0 oil


def test_turn_order_then_negotiation_then_the_next_round() -> None:
    g = new_game()
    m = module(g)
    seen = []
    for _ in range(12):
        seen.append(m.rules.phasing(g.state))
        play(g, {"kind": "end_turn"})
    assert seen == m.rules.order
    assert g.state.negotiation and g.state.round == 1
    assert m.turn_label(g.state) == "Round 1: Negotiation Phase"
    assert "Player-Turn" in reasons(g, {"kind": "choose_phases", "phases": ["economic", "military"]})[0]
    play(g, {"kind": "end_turn"})
    assert (g.state.round, g.state.negotiation, m.rules.phasing(g.state)) == (2, False, "egypt")


def test_war_after_the_last_round() -> None:
    g = new_game(settings={"rounds": 2})
    for _ in range(2 * 13):
        play(g, {"kind": "end_turn"})
    assert g.state.ended == "war"
    assert reasons(g, {"kind": "end_turn"}) == ["the game is over (WAR)"]


def test_the_end_of_a_turn_waits_for_open_battles() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 2})
    assert reasons(g, {"kind": "end_turn"}) == ["battles still to resolve: Cyrenaica"]
    # Forced, the attack is called off: its Forces never left their zone.
    events = play(g, {"kind": "end_turn", "force": "time is up"})
    assert events[0].kind == "attack_cancelled"
    assert g.state.forces["lower-egypt"] == 4 and g.state.owner["cyrenaica"] == "libya"


def test_a_player_with_no_zone_left_is_skipped() -> None:
    g = new_game()
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "israel", "to": "lebanon", "forces": 2},
         {"kind": "fist", "battle": "lebanon", "side": "attacker", "chips": 1},
         {"kind": "fist", "battle": "lebanon", "side": "defender", "chips": 0},
         {"kind": "end_turn"}, {"kind": "end_turn"})  # Israel's, then Jordan's
    assert module(g).rules.phasing(g.state) == "syria"


def test_a_forced_move_beyond_the_forces_at_hand_moves_as_many_as_are_there() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "move", "zone": "upper-egypt", "to": "lower-egypt", "forces": 5, "force": "CONTROL: reinforcements"})
    assert (g.state.forces["upper-egypt"], g.state.forces["lower-egypt"]) == (0, 6)
    assert module(g).check_state(g.state) == []


# --- issue 25 item 10: a skip that costs the player his pay is confirmed first ----------------------------
def test_a_diplomatic_command_before_the_oil_revenue_is_refused_naming_what_it_skips_and_can_be_forced() -> None:
    """Economic (a) Collect Oil Revenue comes first; "a player can skip any Function(s)" but "cannot ... go back to
    a Function already missed": a command of a later function while the revenue is uncollected asks first."""
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    assert reasons(g, {"kind": "host_auction"}) == [SKIPS_OIL.format(what="Arms Auction")]
    assert reasons(g, {"kind": "un_motion", "text": "x"}) == [SKIPS_OIL.format(what="UN Motion")]
    assert reasons(g, {"kind": "end_turn"}) == [SKIPS_OIL.format(what="Ending Egypt's Player-Turn")]
    entry = g.push({"kind": "host_auction", "force": "CONTROL: Egypt skips its revenue"})
    assert entry.overridden == [SKIPS_OIL.format(what="Arms Auction")]
    assert g.state.chips["egypt"] == 20  # nothing collected
    assert reasons(g, {"kind": "collect_oil"}) == [
        "Collect Oil Revenue comes before Arms Auction: a function passed cannot be gone back to"]


def test_once_the_revenue_is_collected_or_nothing_is_due_nothing_is_asked() -> None:
    g = new_game()
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]}, {"kind": "collect_oil"})
    assert reasons(g, {"kind": "host_auction"}) == []
    g = new_game(countries={"egypt": {"chips": 20}})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]})  # no Economic Phase chosen
    assert reasons(g, {"kind": "host_auction"}) == []
    # Israel's only zone yields 0 oil (ruling 4): skipping its revenue loses nothing.
    to_turn(g, "israel")
    play(g, {"kind": "choose_phases", "phases": ["economic", "diplomatic"]})
    assert reasons(g, {"kind": "host_auction"}) == []
