"""What the tables and the map say, worked out once per game: roads as neighbours with their costs,
each place's region, names, and the designer's refusals filled in."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from boardapp.model.mapfile import Map
from boardapp.rules.tables.scenario import BorderCost, TablesScenario, Track, UnitType
from boardapp.rules.tables.state import TablesState

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def words(template: str, **values: Any) -> str:
    """The designer's refusal with its placeholders filled in (an unknown placeholder stays as written).
    Only plain ``{name}`` placeholders are read: a scenario file cannot ask for formatting ("{unit:>999999}")
    or attributes.

    >>> words("{unit} may not enter {place}", unit="Tank 1", place="the Marsh")
    'Tank 1 may not enter the Marsh'
    >>> words("no {thing} {unit:>9999999999} {unit.__class__}", unit="x")
    'no {thing} {unit:>9999999999} {unit.__class__}'
    """
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    """Whether ``pt`` lies inside the polygon (ray casting; plain Python)."""
    x, y = pt
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


class Facts:
    """The scenario's tables over its map."""

    def __init__(self, scenario: TablesScenario, the_map: Map) -> None:
        self.s = scenario
        self.map = the_map
        self.types: dict[str, UnitType] = {t.id: t for t in scenario.unit_types}
        self.tracks: dict[str, Track] = {t.id: t for t in scenario.tracks}
        self.places = {p.id: p for p in the_map.places}
        self.team_names = {t.id: t.name for t in scenario.teams}

    @cached_property
    def region_of(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for p in self.map.places:
            out[p.id] = None
            for r in self.map.regions:
                at = (float(p.at[0]), float(p.at[1]))
                if _inside(at, [(float(x), float(y)) for x, y in r.polygon]) and not any(
                        _inside(at, [(float(x), float(y)) for x, y in h]) for h in r.holes):
                    out[p.id] = r.id
                    break
        return out

    def border(self, a: str, b: str) -> BorderCost | None:
        """The border rule crossed going from place ``a`` to place ``b`` (None: same region, or no rule)."""
        ra, rb = self.region_of.get(a), self.region_of.get(b)
        if ra == rb or ra is None or rb is None:
            return None
        general = None
        for rule in self.s.costs.borders:
            if not rule.regions and general is None:
                general = rule
            elif set(rule.regions) == {ra, rb}:
                return rule
        return general

    @cached_property
    def adj(self) -> dict[str, list[tuple[str, int | None, str]]]:
        """Place -> (neighbour, road points or None when its kind has no cost, road kind) along every road."""
        out: dict[str, list[tuple[str, int | None, str]]] = {p: [] for p in self.places}
        for road in self.map.roads:
            a, b = road.between
            if a in out and b in out:
                cost = self.s.costs.roads.get(road.kind)
                out[a].append((b, cost, road.kind))
                out[b].append((a, cost, road.kind))
        return out

    def neighbours(self, place: str) -> set[str]:
        return {n for n, cost, _k in self.adj.get(place, []) if cost is not None}

    def step_cost(self, a: str, b: str, road_cost: int) -> int | None:
        """Points to go from ``a`` to neighbour ``b`` on a road of ``road_cost`` (None: a closed border)."""
        cost = road_cost + self.s.costs.terrain.get(str(self.places[b].kind), 0)
        rule = self.border(a, b)
        if rule is not None:
            if rule.closed:
                return None
            cost += rule.cost
        return cost

    # --- names --------------------------------------------------------------------------
    def place_name(self, place: str) -> str:
        p = self.places.get(place)
        return p.name if p else place

    def team_name(self, team: str) -> str:
        return self.team_names.get(team, team)

    def unit_name(self, state: TablesState, cid: str) -> str:
        c = state.counters.get(cid)
        if c is None:
            return cid
        return f"{self.types[c.type].name} {cid}"

    # --- tracks and actions -------------------------------------------------------------
    def value(self, state: TablesState, team: str, track: str) -> int:
        return state.values.get(team, {}).get(track, self.tracks[track].min)

    def action_limit(self, state: TablesState, team: str) -> tuple[int, str] | None:
        """The lowest action limit the team's tracks set, and the track setting it (None: no limit)."""
        best: tuple[int, str] | None = None
        for tr in self.s.tracks:
            if not tr.action_limit:
                continue
            i = max(0, self.value(state, team, tr.id) - tr.min)
            limit = tr.action_limit[min(i, len(tr.action_limit) - 1)]
            if best is None or limit < best[0]:
                best = (limit, tr.id)
        return best

    def allied(self, a: str, b: str) -> bool:
        """Whether teams ``a`` and ``b`` are the same or allies (``alliances``, mutual)."""
        return a == b or b in self.s.alliances.get(a, ()) or a in self.s.alliances.get(b, ())

    def friendly(self, state: TablesState, place: str, team: str) -> bool:
        """Whether ``place`` is ``team``'s own or an ally's, or held by a team granting it passage (neutral:
        False)."""
        holder = state.control.get(place)
        return holder is not None and (self.allied(holder, team) or team in self.s.passage.get(holder, ()))

    def held_by_other(self, state: TablesState, place: str, team: str) -> bool:
        """Whether another team holds ``place`` without granting ``team`` passage."""
        return state.control.get(place) is not None and not self.friendly(state, place, team)

    def enemies_at(self, state: TablesState, place: str, team: str) -> list[str]:
        return sorted(cid for cid, c in state.counters.items() if c.place == place and not self.allied(c.team, team))

    def own_at(self, state: TablesState, place: str, team: str) -> list[str]:
        return sorted(cid for cid, c in state.counters.items() if c.place == place and c.team == team)

    def start_values(self) -> dict[str, dict[str, int]]:
        return {t.id: {tr.id: tr.start.get(t.id, tr.min) for tr in self.s.tracks} for t in self.s.teams}
