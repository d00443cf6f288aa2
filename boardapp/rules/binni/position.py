"""War in Binni's position as scenario data: everything the scenario's own mid-game fields (week,
moved, attacked, occupation spans, weeks without aid) do not already say — destroyed counters, the
dead, collateral effects, fighting this week, the news, every team's hand — so any position of a
game under way can be written and read back (docs/formats.md, 'A game under way').

The fields are :class:`~boardapp.rules.binni.state.BinniState`'s, written by the generic
:class:`~boardapp.engine.position.PositionCodec`; ``position:`` is read over the start the rest of the
scenario gives. The checks below refuse a position the game cannot be in, naming the bad value and
what to give instead.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import Loc, PositionCodec, position_problems, position_scenario
from boardapp.engine.position import with_position as _with_position
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.binni.state import BinniState

NOTES = {
    "week": "The week being played, 1 to settings.weeks.",
    "control": "Place -> the faction holding it (null: neutral); list only the places that changed hands.",
    "counters": "Counter id -> its state; list only the counters that changed, and of them only what changed.",
    "teams": "Team id -> its state; list only what changed.",
    "dp": "Every displaced-people token on the map (the whole list).",
    "camps": "Every humanitarian camp (the whole list).",
    "deaths": "Displaced people who have died so far.",
    "next_dp": "The id the next displaced-people token takes (above every token's id).",
    "news": "This week's headlines (public).",
    "CounterState.id": "The counter's id (as the key).",
    "CounterState.team": "The team that owns it.",
    "CounterState.type": "Its unit type id.",
    "CounterState.strength": "Losses it can take; at that many it is destroyed.",
    "CounterState.losses": "Losses taken, 0 to strength.",
    "CounterState.destroyed": "True once its losses reach its strength (then it stands nowhere).",
    "TeamState.id": "The team's id (as the key).",
    "TeamState.pr": "PR level, 0 to 8.",
    "TeamState.money": "Money, $M.",
    "TeamState.stores": "Warlike stores.",
    "TeamState.cruise_missiles": "Cruise missiles in stock.",
    "TeamState.bombing": "Whether CONTROL allows it bombing missions.",
    "TeamState.allies": "Allied teams (mutual).",
    "DPToken.id": "The token's number (below next_dp, each its own).",
    "DPToken.place": "Where the people are.",
    "DPToken.community": "Their community (null: none).",
    "Camp.place": "Where the camp stands.",
    "Camp.team": "The team that runs it.",
}
CODEC = PositionCodec(BinniState, tables=frozenset({"counters", "teams", "control"}), notes=NOTES)
__all__ = ["CODEC", "position_scenario", "problems", "validate", "with_position"]
Found = list[tuple[Loc, str]]
P = ("position",)


def with_position(module: Any, start: BinniState, codec: PositionCodec) -> BinniState:
    """``start`` with the scenario's position over it; a position that moves counters without giving the
    place index ``at`` gets it rebuilt (counters already in a place keep their order, newcomers follow)."""
    state: BinniState = _with_position(module, start, codec)
    position = getattr(module.scenario, "position", None)
    if position and "counters" in position and "at" not in position:
        at: dict[str, list[str]] = {}
        for place, ids in start.at.items():
            kept = [i for i in ids if state.counters[i].place == place]
            if kept:
                at[place] = kept
        for cid, ctr in state.counters.items():
            if ctr.place is not None and cid not in at.get(ctr.place, ()):
                at.setdefault(ctr.place, []).append(cid)
        state.at = at
    return state


def validate(module: Any, s: BinniState) -> Found:
    """Why ``s`` is not a position War in Binni can be in (empty: it is)."""
    found: Found = []
    places = module.places
    teams = module.team_names
    weeks = module.settings.weeks
    if not 1 <= s.week <= weeks:
        found.append(((*P, "week"), f"week {s.week}: the game has weeks 1 to {weeks} (settings.weeks)"))
    for place, holder in s.control.items():
        if place not in places:
            found.append(((*P, "control", place), f"no place {place!r} on the map"))
        elif holder is not None and holder not in module.on_map:
            found.append(((*P, "control", place), f"{holder!r} cannot hold a place: give a map faction "
                          f"({', '.join(sorted(module.on_map))}) or null"))
    for cid, c in s.counters.items():
        loc = (*P, "counters", cid)
        if c.place is not None and c.place not in places:
            found.append(((*loc, "place"), f"no place {c.place!r} on the map; give a place id, or null for "
                          "outside the region"))
        if c.losses < 0 or c.losses > c.strength:
            found.append(((*loc, "losses"), f"{c.losses} losses: a {c.type} takes 0 to {c.strength}"))
        elif (c.losses >= c.strength) != c.destroyed:
            found.append(((*loc, "destroyed"), f"{cid} has {c.losses} losses of {c.strength}: give destroyed: "
                          f"{str(c.losses >= c.strength).lower()}"))
        if c.destroyed and c.place is not None:
            found.append(((*loc, "place"), f"{cid} is destroyed: it stands nowhere (place: null)"))
        if c.held_since is not None and c.held_since > s.week:
            found.append(((*loc, "held_since"), f"held_since {c.held_since} is after this week ({s.week})"))
        if c.place is None and (c.moved or c.attacked):
            found.append(((*loc, "place"), f"{cid} is outside the region: it cannot have moved or attacked this "
                          "week; give its place"))
    for tid, t in s.teams.items():
        loc = (*P, "teams", tid)
        if not 0 <= t.pr <= 8:
            found.append(((*loc, "pr"), f"PR {t.pr}: PR runs 0 to 8"))
        for key in ("money", "stores", "aid", "cruise_missiles", "collateral"):
            if getattr(t, key) < 0:
                found.append(((*loc, key), f"{getattr(t, key)} {key}: 0 or more"))
        for i, card in enumerate(t.cards):
            if card not in module.settings.deck:
                found.append(((*loc, "cards", i), f"no influence card scores {card}; the deck has "
                              f"{sorted(module.settings.deck)}"))
        for i, ally in enumerate(t.allies):
            if ally not in teams:
                found.append(((*loc, "allies", i), f"no team {ally!r}"))
    index = {(p, i) for p, ids in s.at.items() for i in ids}
    actual = {(u.place, u.id) for u in s.counters.values() if u.place is not None}
    for place, cid in sorted(index - actual):
        found.append(((*P, "at", place), f"at.{place} lists {cid}, which stands elsewhere: leave at out (it is "
                      "rebuilt from the counters) or list it where it stands"))
    for place, cid in sorted(actual - index):
        found.append(((*P, "at"), f"{cid} stands in {place} but at.{place} does not list it: leave at out or add it"))
    ids: set[int] = set()
    for i, dp in enumerate(s.dp):
        if dp.place not in places:
            found.append(((*P, "dp", i, "place"), f"no place {dp.place!r} on the map"))
        if dp.id in ids or dp.id >= s.next_dp:
            found.append(((*P, "dp", i, "id"), f"displaced-people token id {dp.id} is used twice or not below "
                          f"next_dp ({s.next_dp}): give each token its own id below next_dp"))
        ids.add(dp.id)
        if dp.weeks_unassisted >= module.settings.dp_weeks_to_die:
            found.append(((*P, "dp", i, "weeks_unassisted"), f"{dp.weeks_unassisted} weeks without aid: these "
                          f"people would be dead (settings.dp_weeks_to_die {module.settings.dp_weeks_to_die})"))
    for i, camp in enumerate(s.camps):
        if camp.place not in places or camp.team not in teams:
            found.append(((*P, "camps", i), f"a camp stands at a place of the map and is run by a team, not "
                          f"{camp.place!r} / {camp.team!r}"))
    for place, blocks in s.aid.items():
        for team, n in blocks.items():
            if place not in places or team not in teams or n <= 0:
                found.append(((*P, "aid", place, team), f"aid blocks are place -> team -> count > 0, not "
                              f"{place} -> {team} -> {n}"))
    if s.deaths < 0:
        found.append(((*P, "deaths"), f"{s.deaths} deaths: 0 or more"))
    for i, place in enumerate(s.conflict):
        if place not in places:
            found.append(((*P, "conflict", i), f"no place {place!r} on the map"))
    return found


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.binni.module import BinniRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, BinniRules, CODEC, [validate])]
