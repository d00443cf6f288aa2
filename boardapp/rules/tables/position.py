"""A table-driven game's position as scenario data: the state's own fields (turn, counters, control,
values, actions, occupied), written by the generic :class:`~boardapp.engine.position.PositionCodec`;
the checks refuse a position the game cannot be in, naming the bad value and what to give instead."""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import Loc, PositionCodec, position_problems, position_scenario, with_position
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.tables.state import TablesState

CODEC = PositionCodec(TablesState, tables=frozenset({"counters", "occupied"}))
__all__ = ["CODEC", "invariants", "position_scenario", "problems", "with_position"]


def invariants(f: Any, state: TablesState) -> list[str]:
    """What a correct state keeps: known types, teams, places and tracks; values within their limits."""
    out = []
    if state.turn < 1:
        out.append(f"turn {state.turn}: turns count from 1")
    for cid, c in state.counters.items():
        if c.type not in f.types:
            out.append(f"counter {cid}: no unit type {c.type!r}")
        if c.team not in f.team_names:
            out.append(f"counter {cid}: no team {c.team!r}")
        if c.place not in f.places:
            out.append(f"counter {cid}: no place {c.place!r}")
    for p, t in state.control.items():
        if p not in f.places or t not in f.team_names:
            out.append(f"control: {p!r} held by {t!r} names an unknown place or team")
    for team, vals in state.values.items():
        if team not in f.team_names:
            out.append(f"values: no team {team!r}")
        for k, v in vals.items():
            tr = f.tracks.get(k)
            if tr is None:
                out.append(f"values.{team}: no track {k!r}")
            elif v < tr.min or (tr.max is not None and v > tr.max):
                out.append(f"values.{team}.{k}: {v} is outside {tr.min}..{tr.max}")
    for team, n in state.actions.items():
        if team not in f.team_names or n < 0:
            out.append(f"actions: {team!r} {n} is not a team's count of actions")
    for p, h in state.occupied.items():
        if p not in f.places or h.team not in f.team_names or h.turns < 1:
            out.append(f"occupied: {p!r} by {h.team!r} for {h.turns} turns is not a place, team and count from 1")
    return out


def validate(module: Any, state: TablesState) -> list[tuple[Loc, str]]:
    return [(("position",), m) for m in invariants(module.facts, state)]


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.tables.module import TablesRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, TablesRules, CODEC, [validate])]
