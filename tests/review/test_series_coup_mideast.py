"""Coup's and Mid-East PEACE's curves equal the numbers read off the replayed states.

Expected values come from the rules' own terms read off the state at each position (Coup: the cards
in a hand, the units a player holds, his favours; Mid-East: a country's Oil Chips, its Forces, the
zones it owns), and are cross-checked with what the public table shows, so a curve never says more
than the hall may see. Mid-East's chips are conserved (rule: neither made nor lost, players plus the
Oil Reserve keep the starting total), so the chips curves and the Oil Reserve curve add up to it."""

from __future__ import annotations

import math
from typing import Any

import pytest

from boardapp.engine.module import Audience
from boardapp.review.timeline import Curve, Review
from boardapp.rules.coup.components import PLAYERS, team_of
from tests.review.peace_and_coup import coup_game, peace_game


@pytest.fixture(scope="module")
def coup(tmp_path_factory: Any) -> Review:
    path = tmp_path_factory.mktemp("coup") / "coup.game"
    coup_game(path)
    return Review.open(path)


@pytest.fixture(scope="module")
def peace(tmp_path_factory: Any) -> Review:
    path = tmp_path_factory.mktemp("peace") / "peace.game"
    peace_game(path)
    return Review.open(path)


def _by(curves: list[Curve]) -> dict[tuple[str, str], Curve]:
    return {(c.measure, c.side): c for c in curves}


def test_coup_curves_are_the_public_counts_of_each_seat(coup: Review) -> None:
    curves = _by(coup.curves(audience=Audience.PUBLIC))
    positions = sorted({0, *(t.position for t in coup.turns)})
    assert len(positions) > 5
    for i, pos in enumerate(positions):
        state = coup.state_at(pos)
        seats = {s["player"]: s for s in coup.module.view(state, Audience.PUBLIC).table["seats"]}
        for p in PLAYERS:
            assert curves[("cards in hand", p)].values[i] == len(state.hands[p]) == seats[p]["cards"]
            assert curves[("units held", p)].values[i] == len(state.units[p]) == seats[p]["units"]
            assert curves[("favours", p)].values[i] == state.chips[p] == seats[p]["chips"]
    assert not any(c.hidden for c in curves.values()), "counts only: nothing a public report must leave out"


def test_coup_side_units_from_the_combat_on(coup: Review) -> None:
    curves = _by(coup.curves())
    positions = curves[("cards in hand", "gov-mil")].positions
    phases = [coup.state_at(p).phase for p in positions]
    assert "combat" in phases and "play" in phases
    for i, pos in enumerate(positions):
        state = coup.state_at(pos)
        for side in ("gov", "reb"):
            value = curves[("side units", side)].values[i]
            if state.phase not in ("combat", "over"):
                assert math.isnan(value), "before the coup no side has declared its units"
                continue
            # The side's own team plus the Foreign Power players who back it (rule: Foreign Power support).
            expected = sum(len(state.units[p]) for p in PLAYERS
                           if team_of(p) == side or (team_of(p) == "for" and state.support.get(p) == side))
            assert value == expected


def test_a_foreign_power_players_units_count_with_the_side_he_backs() -> None:
    """The example game's Foreign Power backers hold no units at the coup; a hand-made table where they
    do: for-mil backs the Government, for-para the Rebels, for-civ neither (rule: Foreign Power support)."""
    from boardapp.rules.coup.series import series
    from tests.coup.conftest import table

    state = table(units={"gov-mil": ["mil-infantry-1", "mil-infantry-2"], "reb-para": ["para-police-1"],
                         "for-mil": ["mil-infantry-3"], "for-para": ["para-police-2", "para-police-3"],
                         "for-civ": ["civ-media-1"]})
    assert "side units" not in series(state), "no sides before the coup"
    state.phase = "combat"
    state.support = {"for-mil": "gov", "for-para": "reb", "for-civ": None}
    assert series(state)["side units"] == {"gov": 2 + 1, "reb": 1 + 2}


def test_peace_curves_are_each_countrys_chips_forces_and_zones(peace: Review) -> None:
    curves = _by(peace.curves(audience=Audience.PUBLIC))
    positions = curves[("oil reserve", "total")].positions
    assert len(positions) > 4, "several player-turns"
    rules = peace.module.rules
    start = peace.state_at(0)
    total = start.reserve + sum(start.chips.values())
    changed = False
    for i, pos in enumerate(positions):
        state = peace.state_at(pos)
        tracks = {t["team"]: t for t in peace.module.view(state, Audience.PUBLIC).tracks}
        chips = 0.0
        for p in rules.order:
            owned = sum(1 for z in rules.zones if state.owner.get(z) == p)
            assert curves[("zones", p)].values[i] == owned == tracks[p]["zones"]
            assert curves[("forces", p)].values[i] == tracks[p]["forces"]
            assert curves[("oil chips", p)].values[i] == state.chips[p] == tracks[p]["chips"]
            chips += curves[("oil chips", p)].values[i]
            changed |= curves[("oil chips", p)].values[i] != curves[("oil chips", p)].values[0]
        assert chips + curves[("oil reserve", "total")].values[i] == total, "chips are neither made nor lost"
    assert changed, "the game moved some chips"


def test_the_report_draws_each_coup_seat_in_its_teams_colour(coup: Review) -> None:
    """Coup's curves are per seat ('gov-mil'), not per team: each seat belongs to its team (the
    rulebook's three teams of three), so the report draws it in that team's colour — never the grey
    of a side it cannot place — and a team's three seats in three line styles, named in words."""
    pytest.importorskip("matplotlib")
    from matplotlib.colors import to_hex

    from boardapp.review import curves as charts
    from boardapp.review.report import _team_tables

    colours, names = _team_tables(coup)
    group = [c for c in coup.curves([0, coup.last]) if c.measure == "cards in hand"]
    assert {c.side for c in group} == set(PLAYERS)
    fig = charts.figure("cards in hand", group, ["Start", "End"], colours, names)
    try:
        drawn = {line.get_label(): line for line in fig.axes[0].get_lines() if not line.get_label().startswith("_")}
        assert drawn, "the seats' lines"
        for label, line in drawn.items():
            seat = label.lower()
            assert to_hex(line.get_color()) == colours[team_of(seat)].lower(), label
        gov = [line for label, line in drawn.items() if label.lower().startswith("gov-")]
        assert len(gov) >= 2, "the Government's seats whose hands change"
        assert len({line.get_linestyle() for line in gov}) == len(gov)
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
