"""Coup's curves for the after-action review (``RuleModule.series``): per player the number of cards
in hand, units held and favours (chips); after the coup, the units each side (Government, Rebels)
fields, the Foreign Power's players counted with the side they back.

Only counts, and only counts the public table shows (``picture.view`` gives every audience the
seats' card, unit and chip counts): which cards and units a player holds stays secret, so these
curves may go into a public report. A side's units appear from the combat on, once the Foreign
Power's support is declared; before that the curve has no value."""

from __future__ import annotations

from boardapp.rules.coup.components import PLAYERS, team_of
from boardapp.rules.coup.state import CoupState

SIDES = ("gov", "reb")
AFTER_THE_COUP = ("combat", "over")


def side_of(state: CoupState, player: str) -> str | None:
    """The side a player fights on: his own team, or for a Foreign Power player the side he backs."""
    team = team_of(player)
    return team if team in SIDES else state.support.get(player)


def series(state: CoupState) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {
        "cards in hand": {p: len(state.hands.get(p, [])) for p in PLAYERS},
        "units held": {p: len(state.units.get(p, [])) for p in PLAYERS},
        "favours": {p: state.chips.get(p, 0) for p in PLAYERS},
    }
    if state.phase in AFTER_THE_COUP:
        sides: dict[str, float] = dict.fromkeys(SIDES, 0)
        for p in PLAYERS:
            side = side_of(state, p)
            if side in sides:
                sides[side] += len(state.units.get(p, []))
        out["side units"] = sides
    return out
