"""A Diplomacy-family position as scenario data: the season and phase, the units, the dislodged units
waiting to retreat (the movement's result), the centres' owners, the orders handed in, eliminated
powers, insurrections, political points, and the MUN officers' state — goals and awards, control of
Europe, the conference under way and past ones, the result (docs/formats.md, 'A game under way').

The fields are :class:`~boardapp.rules.diplomacy.state.DiplomacyState`'s, written by the generic
:class:`~boardapp.engine.position.PositionCodec`; a unit is written as its text (``"france: A par"``,
``"russia: F stp(sc)"``) and an order as the order's text. The checks below refuse a position the game
cannot be in, naming the bad value and what to give instead.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import (
    Loc,
    PositionCodec,
    PositionError,
    position_problems,
    position_scenario,
    with_position,
)
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.diplomacy.orders import Order, Unit
from boardapp.rules.diplomacy.state import ADJUSTMENT, MOVEMENT, RETREAT, DiplomacyState

__all__ = ["CODEC", "position_scenario", "problems", "validate", "with_position"]
Found = list[tuple[Loc, str]]
P = ("position",)
SEASON_PHASES = {("spring", MOVEMENT), ("spring", RETREAT), ("fall", MOVEMENT), ("fall", RETREAT),
                 ("winter", ADJUSTMENT)}


def _read_unit(data: Any, loc: Loc) -> Unit:
    if not isinstance(data, str):
        raise PositionError(loc, f"{data!r} is not a unit: write it as 'power: A province' or 'power: F region'")
    try:
        return Unit.parse(data)
    except ValueError as exc:
        raise PositionError(loc, f"{data!r} is not a unit ({exc}): write it as 'france: A par' or "
                            "'russia: F stp(sc)'") from None


def _read_order(data: Any, loc: Loc) -> Order:
    if not isinstance(data, str):
        raise PositionError(loc, f"{data!r} is not an order: write it as the order's text ('A par -> bur')")
    try:
        return Order.parse(data)
    except ValueError as exc:
        raise PositionError(loc, f"{data!r} is not an order: {exc}") from None


NOTES = {
    "year": "The year being played.",
    "season": "spring, fall or winter.",
    "phase": "movement or retreat (spring, fall); adjustment (winter).",
    "units": "The units on the board, each as 'power: A province' or 'power: F region' ('russia: F stp(sc)').",
    "owners": "Supply centre -> the power owning it (the whole table).",
    "political": "Power -> its political victory points.",
    "vp_log": "Every change of political points: [power, points, why].",
    "missing_pledges": "Insurrection pledges not honoured this season: [giving power, unit, target power].",
    "finished": "True once the game is over.",
    "conference": "The conference under way (null: none).",
    "MovementResult.results": "What became of each order of the movement.",
    "MovementResult.units": "The units on the board after it (dislodged ones excluded).",
    "MovementResult.dislodged": "The dislodged units, each waiting to retreat.",
    "MovementResult.contested": "Provinces left empty by a standoff (no retreat there).",
    "Goal.text": "The goal's words.",
    "Goal.allowed": "Whether the officers allow it (null: not ruled yet; goals 1 and 2 true).",
    "Goal.award": "The latest award for it (null: none).",
    "Conference.name": "Its name.",
    "Conference.powers": "The delegations taking part (three or more).",
    "Conference.form": "congress, conference or convention.",
    "Conference.year": "The year it began.",
    "Result.turn": "The turn it ended in.",
    "Result.reason": "Why it ended.",
    "OrderResult.order": "The order's text ('france: A mar -> bur').",
    "OrderResult.succeeded": "Whether it succeeded.",
    "OrderResult.reason": "Why, in the adjudicator's words.",
    "Dislodged.unit": "The dislodged unit ('germany: A bur').",
    "Dislodged.attacker_origin": "Where its attacker came from (it may not retreat there).",
    "Dislodged.by_convoy": "Whether the attacker came by convoy.",
    "Award.points": "Points awarded.",
    "Award.reason": "Why.",
}
CODEC = PositionCodec(DiplomacyState, custom={Unit: (str, _read_unit), Order: (str, _read_order)}, notes=NOTES,
                      words={Unit: "a unit's text ('france: A par')", Order: "an order's text ('A par -> bur')"})


def validate(module: Any, s: DiplomacyState) -> Found:
    """Why ``s`` is not a position the game can be in (empty: it is)."""
    found: Found = []
    m = module.m
    powers = list(module.powers)
    if (s.season, s.phase) not in SEASON_PHASES:
        found.append(((*P, "phase"), f"{s.season} {s.phase}: a season is spring or fall (movement, then retreat) or "
                      "winter (adjustment)"))
    seen: dict[str, int] = {}
    for i, u in enumerate(s.units):
        if u.power not in powers:
            found.append(((*P, "units", i), f"no power {u.power!r}; the powers are {', '.join(powers)}"))
        ok = m.army_can_stand(u.region) if u.unit_type.value == "A" else (
            m.fleet_can_stand(u.region) and not (u.region == u.province and m.coasts_of(u.region)))
        if not ok:
            what = "an army" if u.unit_type.value == "A" else "a fleet"
            found.append(((*P, "units", i), f"{what} cannot stand in {u.region!r}"
                          + (f"; name the coast ({', '.join(f'{u.region}({c})' for c in m.coasts_of(u.region))})"
                             if u.unit_type.value == "F" and u.region in m.regions and m.coasts_of(u.region) else "")))
        if u.province in seen:
            found.append(((*P, "units", i), f"a second unit in {u.province} (the first is units[{seen[u.province]}]): "
                          "one unit a province; a dislodged unit waits in movement.dislodged"))
        seen.setdefault(u.province, i)
    for centre, owner in s.owners.items():
        if centre not in m.provinces or not m.provinces[centre].supply_center:
            found.append(((*P, "owners", centre), f"{centre!r} is not a supply centre"))
        if owner not in powers:
            found.append(((*P, "owners", centre), f"no power {owner!r}; the powers are {', '.join(powers)}"))
    if s.phase == RETREAT and (s.movement is None or not s.movement.dislodged):
        found.append(((*P, "movement"), "the retreat phase needs the dislodged units: give movement with dislodged "
                      "(each unit and where its attacker came from), or phase: movement"))
    if s.movement is not None:
        if s.phase != RETREAT:
            found.append(((*P, "movement"), f"a movement's result waits only in the retreat phase, not in {s.phase}: "
                          "leave movement out"))
        for i, d in enumerate(s.movement.dislodged):
            if d.unit.power not in powers:
                found.append(((*P, "movement", "dislodged", i, "unit"), f"no power {d.unit.power!r}"))
            if d.unit.region not in m.regions:
                found.append(((*P, "movement", "dislodged", i, "unit"), f"no region {d.unit.region!r}"))
            if d.attacker_origin and d.attacker_origin not in m.regions:
                found.append(((*P, "movement", "dislodged", i, "attacker_origin"), f"no region {d.attacker_origin!r}"))
        for i, p in enumerate(sorted(s.movement.contested)):
            if p not in m.provinces:
                found.append(((*P, "movement", "contested", i), f"no province {p!r}"))
    for key in ("orders", "political", "eliminated", "insurrection_vp", "goals", "europe", "illegal", "reclaims"):
        for pw in getattr(s, key):
            if pw not in powers:
                found.append(((*P, key, pw), f"no power {pw!r}; the powers are {', '.join(powers)}"))
    for pw, goals in s.goals.items():
        for n in goals:
            if n not in (1, 2, 3):
                found.append(((*P, "goals", pw, str(n)), f"goal {n}: a power has goals 1 and 2 (the officers') and 3 "
                              "(its own)"))
    conf = s.conference
    if conf is not None:
        if conf.location not in m.provinces:
            found.append(((*P, "conference", "location"), f"no province {conf.location!r}"))
        bad = [p for p in conf.powers if p not in powers]
        if bad or len(set(conf.powers)) < 3:
            found.append(((*P, "conference", "powers"), f"a conference is of three or more delegations (powers), not "
                          f"{list(conf.powers)}"))
    if s.result is not None and not s.finished:
        found.append(((*P, "finished"), "the game has a result, so it is finished: give finished: true"))
    return found


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.diplomacy.module import DiplomacyRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, DiplomacyRules, CODEC, [validate])]
