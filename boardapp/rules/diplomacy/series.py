"""Diplomacy's curves for the after-action review (``RuleModule.series``): per power, supply
centres, units, political victory points and the score the scenario's victory rule gives. Nothing
here is secret (orders are, but they are not a curve)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.rules.diplomacy.state import DiplomacyState

if TYPE_CHECKING:
    from boardapp.rules.diplomacy.module import DiplomacyRules


def series(rules: DiplomacyRules, state: DiplomacyState) -> dict[str, dict[str, float]]:
    centres = rules.centres(state)
    units: dict[str, float] = dict.fromkeys(rules.powers, 0)
    for u in state.units:
        units[u.power] = units.get(u.power, 0) + 1
    return {
        "centres": {p: centres.get(p, 0) for p in rules.powers},
        "units": units,
        "vp": {p: state.political.get(p, 0) for p in rules.powers},
        "score": {p: rules.score(state, p) for p in rules.powers},
    }
