"""Mid-East PEACE's curves for the after-action review (``RuleModule.series``): per country its Oil
Chips, its Forces on the map, the zones it owns and its score, and the Oil Reserve as the game's total.

Nothing here is secret: the board picture's country table shows chips and Forces to the hall (the
fists are secret, and they are not a curve). Chips and the Oil Reserve together keep the starting
total (rule 8), so the two curves mirror each other: what the players lose the Reserve gains."""

from __future__ import annotations

from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.state import MideastState


def series(rules: Base, state: MideastState) -> dict[str, dict[str, float]]:
    zones: dict[str, float] = dict.fromkeys(rules.order, 0)
    for owner in state.owner.values():
        if owner in zones:
            zones[owner] += 1
    return {
        "oil chips": {p: state.chips.get(p, 0) for p in rules.order},
        "forces": {p: rules.forces_of(state, p) for p in rules.order},
        "zones": zones,
        "score": {p: rules.score(state, p) for p in rules.order},
        "oil reserve": {"total": state.reserve},
    }
