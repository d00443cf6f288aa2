"""Displaced people (``rules/binni/displaced.py``): capacity, where surplus tokens go, aid and camps, deaths."""

from __future__ import annotations

from typing import Any

from boardapp.rules.binni.state import Camp, DPToken

from .binni_helpers import clear_map, end_turn, events_of


def add_dp(g: Any, place: str, n: int = 1, community: str | None = None, *, weeks: int = 0,
           assisted: bool = False) -> None:
    for _ in range(n):
        g.state.dp.append(DPToken(id=g.state.next_dp, place=place, community=community or g.module.community[place],
                                  weeks_unassisted=weeks, assisted=assisted))
        g.state.next_dp += 1


def where(g: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in g.state.dp:
        out[d.place] = out.get(d.place, 0) + 1
    return dict(sorted(out.items()))


def test_a_place_sustains_two_tokens(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 2)
    end_turn(g)
    assert where(g) == {"charlie": 2}


def test_surplus_moves_one_step_toward_its_own_community(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 3)  # Muslim; Bravo is Christian, Delta Muslim
    entry = end_turn(g)
    assert where(g) == {"charlie": 2, "delta": 1}
    assert [e.text for e in events_of(entry, "dp_move")] == ["displaced people move from Charlie to Delta"]
    assert [d.id for d in g.state.dp if d.place == "delta"] == [3]  # the latest arrival moves on


def test_free_camp_room_comes_before_community(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 3)
    g.state.camps.append(Camp(place="bravo", team="un"))
    end_turn(g)
    assert where(g) == {"bravo": 1, "charlie": 2}


def test_aid_in_a_place_counts_as_a_safe_area(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 3)
    g.state.add_aid("bravo", "un", 1)
    end_turn(g)
    assert where(g) == {"bravo": 1, "charlie": 2}


def test_then_distance_from_this_weeks_conflict_then_name(g: Any) -> None:
    clear_map(g)
    add_dp(g, "delta", 3)  # Charlie and Echo are Muslim, Golf Christian
    end_turn(g)
    assert where(g) == {"charlie": 1, "delta": 2}  # no conflict: ties by name
    g.state.dp.clear()
    add_dp(g, "delta", 3)
    g.state.conflict = ["bravo"]  # Charlie is 1 road from it, Echo 3
    end_turn(g)
    assert where(g) == {"delta": 2, "echo": 1}


def test_tokens_move_at_most_one_step_and_only_into_room(g: Any) -> None:
    clear_map(g)
    add_dp(g, "alpha", 6)  # Alpha's only road goes to Bravo
    entry = end_turn(g)
    assert where(g) == {"alpha": 4, "bravo": 2}
    assert len(events_of(entry, "dp_move")) == 2


def test_tokens_that_cannot_move_stay(g: Any) -> None:
    clear_map(g)
    add_dp(g, "alpha", 3)
    add_dp(g, "bravo", 2)
    end_turn(g)
    assert where(g) == {"alpha": 3, "bravo": 2}


def test_unassisted_tokens_die_after_three_ends_of_turn(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 1)
    end_turn(g)
    end_turn(g)
    assert [d.weeks_unassisted for d in g.state.dp] == [2]
    entry = end_turn(g)
    assert g.state.dp == []
    assert g.state.deaths == 1
    assert [e.text for e in events_of(entry, "deaths")] == [
        "displaced people at Charlie die after 3 weeks without aid"]
    assert g.module.board(g.state).tallies == {"displaced": 0, "in camps": 0, "deaths": 1}


def test_one_aid_block_keeps_one_token_alive_not_two_by_turns(g: Any) -> None:
    """Rulebook: "One block is needed to assist one people counter"; without aid people die (the
    digest: at the third unassisted end of turn). One block, two tokens: one token is assisted every
    end of turn, the other dies at the third, and the block never keeps both alive."""
    clear_map(g)
    add_dp(g, "charlie", 2)  # Charlie sustains 2: nobody moves
    g.state.add_aid("charlie", "un", 1)
    end_turn(g)
    end_turn(g)
    assert sorted(d.weeks_unassisted for d in g.state.dp) == [0, 2]
    entry = end_turn(g)
    assert g.state.deaths == 1
    assert len(events_of(entry, "deaths")) == 1
    for _ in range(6):  # the block keeps its one token alive for good
        end_turn(g)
    assert [(d.weeks_unassisted, d.assisted) for d in g.state.dp] == [(0, True)]
    assert g.state.deaths == 1


def test_a_free_block_goes_to_the_token_nearest_death_and_stays_with_it(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 1, weeks=0)
    add_dp(g, "charlie", 1, weeks=2)
    g.state.add_aid("charlie", "un", 1)
    end_turn(g)
    assert [(d.id, d.weeks_unassisted) for d in g.state.dp] == [(1, 1), (2, 0)]
    end_turn(g)  # token 1 has now waited longer, but the block stays with token 2
    assert [(d.id, d.weeks_unassisted) for d in g.state.dp] == [(1, 2), (2, 0)]
    end_turn(g)
    assert [d.id for d in g.state.dp] == [2]
    assert g.state.deaths == 1


def test_tokens_lose_their_help_when_it_leaves_and_the_newest_lose_first(g: Any) -> None:
    clear_map(g)
    add_dp(g, "charlie", 2)
    g.state.add_aid("charlie", "un", 2)
    end_turn(g)
    assert [(d.id, d.assisted) for d in g.state.dp] == [(1, True), (2, True)]
    g.push({"kind": "move_aid", "by": "un", "owner": "un", "place": "charlie", "to": "bravo", "count": 1})
    end_turn(g)
    assert [(d.id, d.weeks_unassisted) for d in g.state.dp] == [(1, 0), (2, 1)]


def test_a_token_that_moves_on_leaves_its_block_behind(g: Any) -> None:
    """Aid blocks stand in a place: an assisted token that moves on does not take its help along, and
    does not take the help of a token assisted where it arrives."""
    clear_map(g)
    add_dp(g, "charlie", 2)
    add_dp(g, "charlie", 1, assisted=True)  # token 3, the latest arrival, holds Charlie's block
    g.state.add_aid("charlie", "un", 1)
    add_dp(g, "delta", 1, assisted=True)  # token 4 holds Delta's block
    g.state.add_aid("delta", "un", 1)
    entry = end_turn(g)
    assert [e.text for e in events_of(entry, "dp_move")] == ["displaced people move from Charlie to Delta"]
    assert [(d.id, d.place, d.assisted, d.weeks_unassisted) for d in g.state.dp] == [
        (1, "charlie", True, 0), (2, "charlie", False, 1), (3, "delta", False, 1), (4, "delta", True, 0)]


def test_a_camp_holds_and_assists_four(g: Any) -> None:
    clear_map(g)
    g.state.camps.append(Camp(place="alpha", team="un"))
    add_dp(g, "alpha", 7, weeks=2)
    entry = end_turn(g)
    # room 2 + 4: one token moves to Bravo; the camp assists four; the two others at Alpha and the one at
    # Bravo reach their third unassisted end of turn and die
    assert [e.text for e in events_of(entry, "dp_move")] == ["displaced people move from Alpha to Bravo"]
    assert where(g) == {"alpha": 4}
    assert [d.weeks_unassisted for d in g.state.dp] == [0, 0, 0, 0]
    assert g.state.deaths == 3
    assert len(events_of(entry, "deaths")) == 3


def test_collateral_tokens_join_the_count(g: Any) -> None:
    clear_map(g)
    from .binni_helpers import put
    put(g, "r-mil1", "charlie")
    add_dp(g, "charlie", 2)
    g.push({"kind": "strike", "team": "gov", "weapon": "bombing", "target": "r-mil1", "die": 1})
    end_turn(g)
    assert where(g) == {"charlie": 2, "delta": 1}
