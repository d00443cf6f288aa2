"""What the board reads (``rules/binni/board.py``): pieces, tokens, tallies and what public screens must
not show; the invariants a state keeps."""

from __future__ import annotations

from typing import Any

from boardapp.engine.files import new_game
from boardapp.engine.module import Audience
from boardapp.model.scenario import Display
from boardapp.rules.binni.state import Camp, DPToken

from .binni_helpers import put


def test_every_counter_on_the_map_is_a_piece_with_its_value_and_losses(g: Any) -> None:
    put(g, "g-bde1", "alpha", losses=1)  # a brigade of 6 with 1 loss of 2 fights at ceil(6 * 1 / 2) = 3
    picture = g.module.board(g.state)
    pieces = {p.id: (p.place, p.label, p.value, p.damage) for p in picture.pieces}
    assert pieces == {"g-bde1": ("alpha", "BDE", "3", 1), "g-mil1": ("bravo", "MIL", "2", 0),
                      "r-mil1": ("delta", "MIL", "2", 0), "r-mil2": ("delta", "MIL", "2", 0),
                      "r-mil3": ("echo", "MIL", "2", 0)}
    assert picture.turn_label == "Week 1"
    assert picture.control["delta"] == "reb" and picture.control["charlie"] is None


def test_tokens_and_tallies_count_displaced_people_camps_and_aid(g: Any) -> None:
    g.state.camps.append(Camp(place="alpha", team="un"))
    for i in range(6):
        g.state.dp.append(DPToken(id=i + 1, place="alpha", community="christian"))
    g.state.add_aid("bravo", "un", 2)
    picture = g.module.board(g.state)
    tokens = {(t.kind, t.place, t.team, t.count) for t in picture.tokens}
    assert tokens == {("dp", "alpha", None, 6), ("camp", "alpha", "un", 1), ("aid", "bravo", "un", 2)}
    # a camp holds 4 people: 4 of the 6 at Alpha are in the camp
    assert picture.tallies == {"displaced": 6, "in camps": 4, "deaths": 0}


def test_public_screens_see_neither_special_forces_nor_hidden_tracks(loaded: Any) -> None:
    scenario, the_map = loaded
    hidden = scenario.model_copy(update={"display": Display(hidden=["special_forces", "money"])})
    g = new_game((hidden, the_map))
    g.push({"kind": "deploy", "counter": "g-sf1", "to": "charlie"})
    picture = g.module.board(g.state)
    assert [p.id for p in picture.pieces if p.hidden] == ["g-sf1"]
    assert picture.hidden_keys == frozenset({"money"})
    public = g.module.view(g.state, Audience(role="public"))
    assert "g-sf1" not in {p.id for p in public.pieces}
    assert all("money" not in track for track in public.tracks)


def test_check_state_finds_a_broken_place_index(g: Any) -> None:
    assert g.module.check_state(g.state) == []
    g.state.at["charlie"] = ["g-mil1"]  # the index says Charlie; the counter stands in Bravo
    assert g.module.check_state(g.state) == ["the place index disagrees with the counters' places"]
