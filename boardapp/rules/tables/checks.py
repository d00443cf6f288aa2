"""The scenario's tables checked against each other and the map: every id they name exists, and the
combat method has its table. Each problem names where it is in the file and what to give instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardapp.model.checks import _p
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem

if TYPE_CHECKING:
    from boardapp.rules.tables.scenario import TablesScenario

COMMAND_KINDS = ("move", "attack", "end_turn", "set_track")


def _one_of(found: list[Problem], loc: tuple[str | int, ...], value: str, known: list[str], what: str) -> None:
    if value not in known:
        found.append(_p(loc, f"no {what} {value!r}; give one of {', '.join(known) or '(none defined)'}"))


def _odds_problems(s: TablesScenario, found: list[Problem]) -> None:
    from boardapp.rules.tables.combat import parse_odds

    c = s.combat
    if c.method == "odds":
        if c.odds is None:
            found.append(_p(("combat", "odds"), "method odds needs its table: give odds (columns, rows)"))
            return
        for i, col in enumerate(c.odds.columns):
            if parse_odds(col) is None:
                found.append(_p(("combat", "odds", "columns", i), f"{col!r} is not odds like '2:1'"))
        ratios = [parse_odds(col) for col in c.odds.columns]
        if all(r is not None for r in ratios) and ratios != sorted(ratios, key=lambda r: r[0] / r[1] if r else 0):
            found.append(_p(("combat", "odds", "columns"), "the columns must rise from the lowest odds to the highest"))
        if sorted(c.odds.rows) != [1, 2, 3, 4, 5, 6]:
            found.append(_p(("combat", "odds", "rows"), f"give one row for each die roll 1 to 6, not "
                            f"{sorted(c.odds.rows)}"))
        for roll, row in c.odds.rows.items():
            if len(row) != len(c.odds.columns):
                found.append(_p(("combat", "odds", "rows", roll), f"{len(row)} results for {len(c.odds.columns)} "
                                "columns: give one result per column"))
            for j, code in enumerate(row):
                _one_of(found, ("combat", "odds", "rows", roll, j), code, list(c.results), "result code")
    elif c.dice is None:
        found.append(_p(("combat", "dice"), "method dice needs its rule: give dice (dice_per_strength, hit_on)"))


def scenario_problems(s: TablesScenario, the_map: Map) -> list[Problem]:
    found: list[Problem] = []
    teams = [t.id for t in s.teams]
    places = [p.id for p in the_map.places]
    kinds = sorted({str(p.kind) for p in the_map.places} | {"town", "city", "power_plant", "dam", "airfield",
                                                              "port", "border_post"})
    regions = [r.id for r in the_map.regions]
    types = [t.id for t in s.unit_types]
    tracks = [t.id for t in s.tracks]
    for name, ids in (("teams", teams), ("unit_types", types), ("units", [u.id for u in s.units]),
                      ("tracks", tracks)):
        seen: set[str] = set()
        for i, x in enumerate(ids):
            if x in seen:
                found.append(_p((name, i, "id"), f"{x!r} is given twice; ids are unique"))
            seen.add(x)
    for i, ut in enumerate(s.unit_types):
        for j, k in enumerate(ut.may_enter):
            _one_of(found, ("unit_types", i, "may_enter", j), k, kinds, "place kind")
        for r in ut.upkeep:
            _one_of(found, ("unit_types", i, "upkeep", r), r, tracks, "track")
    for i, ut in enumerate(s.unit_types):
        for r in ut.attack_cost:
            _one_of(found, ("unit_types", i, "attack_cost", r), r, tracks, "track")
    if s.combat.extra is not None:
        _one_of(found, ("combat", "extra", "resource"), s.combat.extra.resource, tracks, "track")
    for i, sp in enumerate(s.combat.support):
        if sp.resource is not None:
            _one_of(found, ("combat", "support", i, "resource"), sp.resource, tracks, "track")
    for i, u in enumerate(s.units):
        _one_of(found, ("units", i, "type"), u.type, types, "unit type")
        _one_of(found, ("units", i, "team"), u.team, teams, "team")
        _one_of(found, ("units", i, "at"), u.at, places, "place")
    for p, t in s.control.items():
        _one_of(found, ("control", p), p, places, "place")
        _one_of(found, ("control", p), t, teams, "team")
    road_kinds = sorted({r.kind for r in the_map.roads})
    for k in s.costs.roads:
        if k not in road_kinds:
            found.append(_p(("costs", "roads", k), f"the map has no road of kind {k!r} (its kinds: "
                            f"{', '.join(road_kinds)})", severity="warning"))
    if road_kinds and not any(k in s.costs.roads for k in road_kinds):
        found.append(_p(("costs", "roads"), f"no road kind of the map has a cost, so nothing can move: give "
                        f"{', '.join(road_kinds)}"))
    for k in s.costs.terrain:
        _one_of(found, ("costs", "terrain", k), k, kinds, "place kind")
    for i, b in enumerate(s.costs.borders):
        for j, r in enumerate(b.regions):
            _one_of(found, ("costs", "borders", i, "regions", j), r, regions, "region")
        if len(b.regions) == 1:
            found.append(_p(("costs", "borders", i, "regions"), "a border lies between two regions: give both, "
                            "or none for every border"))
    if s.costs.enter_held is not None:
        for i, pay in enumerate(s.costs.enter_held.pay):
            _one_of(found, ("costs", "enter_held", "pay", i, "resource"), pay.resource, tracks, "track")
        for i, k in enumerate(s.costs.enter_held.free_for):
            _one_of(found, ("costs", "enter_held", "free_for", i), k, types, "unit type")
    for team, allies in s.alliances.items():
        _one_of(found, ("alliances", team), team, teams, "team")
        for i, other in enumerate(allies):
            _one_of(found, ("alliances", team, i), other, teams, "team")
    for team, granted in s.passage.items():
        _one_of(found, ("passage", team), team, teams, "team")
        for i, other in enumerate(granted):
            _one_of(found, ("passage", team, i), other, teams, "team")
    _odds_problems(s, found)
    for i, tr in enumerate(s.tracks):
        for team, v in tr.start.items():
            _one_of(found, ("tracks", i, "start", team), team, teams, "team")
            if v < tr.min or (tr.max is not None and v > tr.max):
                found.append(_p(("tracks", i, "start", team), f"{v} is outside {tr.min}..{tr.max}"))
        if tr.max is not None and tr.max < tr.min:
            found.append(_p(("tracks", i, "max"), f"max {tr.max} is below min {tr.min}"))
        if tr.action_limit is not None and not tr.action_limit:
            found.append(_p(("tracks", i, "action_limit"), "give at least one number (or leave it out)"))
    for i, k in enumerate(s.actions.counted):
        _one_of(found, ("actions", "counted", i), k, ["move", "attack"], "counted command")
    for i, inc in enumerate(s.income):
        _one_of(found, ("income", i, "resource"), inc.resource, tracks, "track")
    from boardapp.rules.tables.scenario import STEPS

    for i, step in enumerate(s.turn.steps):
        _one_of(found, ("turn", "steps", i), step, list(STEPS), "end-of-turn step")
    if "refresh" not in s.turn.steps:
        found.append(_p(("turn", "steps"), "without a refresh step no unit moves or attacks after the first turn",
                        severity="warning"))
    for i, k in enumerate(s.control_only):
        _one_of(found, ("control_only", i), k, list(COMMAND_KINDS), "command")
    if not [p for p in found if p.severity == "error"] and s.position is not None:
        from boardapp.rules.tables.position import problems

        found += problems(s, the_map)
    return found
