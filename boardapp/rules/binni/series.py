"""War in Binni's curves for the after-action review (``RuleModule.series``).

Per team: PR and the card limit its PR gives, cards in hand, money, stores; per map faction: units
on the map, losses (steps lost and not rebuilt, a destroyed unit counting its full strength) and
places controlled. For the whole game: displaced people, camps and deaths. Money, stores and cards
are secret when ``display.hidden`` says so (they are the board's hidden track keys). Units of a
secret type (special forces, by default) are left out of ``units`` and ``losses`` altogether, so
that no public curve counts them.
"""

from __future__ import annotations

from boardapp.rules.binni.board import secret_types
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.scenario import UnitType
from boardapp.rules.binni.state import BinniState


def secret_type(rules: BinniFacts, ut: UnitType) -> bool:
    """Whether public screens hide counters of this type (the rule :mod:`.board` draws by)."""
    return ut.id in secret_types(rules)


def series(rules: BinniFacts, state: BinniState) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {k: {} for k in ("pr", "cards_max", "cards", "money", "stores",
                                                        "units", "losses", "places")}
    for t in rules.scenario.teams:
        ts = state.teams[t.id]
        out["pr"][t.id] = ts.pr
        out["cards_max"][t.id] = rules.cards_max(state, t.id)
        out["cards"][t.id] = len(ts.cards)
        out["money"][t.id] = ts.money
        out["stores"][t.id] = ts.stores
        if t.on_map:
            out["units"][t.id] = 0
            out["losses"][t.id] = 0
            out["places"][t.id] = 0
    for u in state.counters.values():
        if u.team not in out["units"] or secret_type(rules, rules.types[u.type]):
            continue
        out["losses"][u.team] += u.losses
        if not u.destroyed and u.place is not None:
            out["units"][u.team] += 1
    for holder in state.control.values():
        if holder in out["places"]:
            out["places"][holder] += 1
    out["displaced"] = {"total": len(state.dp)}
    out["camps"] = {"total": len(state.camps)}
    out["deaths"] = {"total": state.deaths}
    return out
