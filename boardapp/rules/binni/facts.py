"""What every War in Binni rule reads: the scenario's places, roads, unit types and teams, their
names in the game's words, who is friend or foe, and the refusals that name what does not exist.

Digest sections "Board", "Teams and factions" and "Units" (``../shared/rules/binni.md``). The
rules themselves live one file per rule area beside this one (:mod:`.movement`, :mod:`.combat`,
:mod:`.strikes`, :mod:`.influence`, :mod:`.control`, :mod:`.aid`, :mod:`.displaced`,
:mod:`.trades`, :mod:`.endweek`, :mod:`.board`); each is a set of plain functions over
``(rules, state, …)`` where ``rules`` is a :class:`BinniFacts` (in play, the
:class:`~boardapp.rules.binni.module.BinniRules` module itself).
"""

from __future__ import annotations

from boardapp.engine.module import Impossible, RuleModule
from boardapp.model.mapfile import Map
from boardapp.rules.binni.scenario import BinniScenario, UnitType
from boardapp.rules.binni.state import BinniState, CounterState


class BinniFacts(RuleModule[BinniState]):
    """The fixed facts of one War in Binni scenario on its map (the rule module's ground, not a
    rule module on its own: :class:`~boardapp.rules.binni.module.BinniRules` completes it)."""

    def __init__(self, scenario: BinniScenario, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        self.scenario: BinniScenario = scenario
        self.settings = scenario.settings
        self.types: dict[str, UnitType] = {u.id: u for u in scenario.unit_types}
        self.team_names = {t.id: t.name for t in scenario.teams}
        self.pr_tables = {t.id: t.pr_table for t in scenario.teams}
        self.on_map = {t.id for t in scenario.teams if t.on_map}
        self.places = the_map.place_by_id
        self.name_key = {p.id: (p.name, p.id) for p in the_map.places}
        """place id -> (name, id): how lists of places are sorted for an umpire."""
        self.adj = the_map.adjacency
        self.community: dict[str, str | None] = {p.id: p.community for p in the_map.places}

    # --- names ----------------------------------------------------------------------------------
    def team_name(self, team: str | None) -> str:
        return "nobody" if team is None else self.team_names.get(team, team)

    def place_name(self, place: str | None) -> str:
        if place is None:
            return "outside the region"
        p = self.places.get(place)
        return p.name if p else place

    def counter_name(self, state: BinniState, cid: str) -> str:
        ctr = state.counters.get(cid)
        if ctr is None:
            return cid
        return f"{cid} ({self.team_name(ctr.team)} {self.types[ctr.type].name})"

    def turn_label(self, state: BinniState) -> str:
        return f"Week {state.week}"

    # --- what places and teams are worth -------------------------------------------------------------
    def value_of(self, place: str) -> int:
        p = self.places[place]
        return p.value if p.value is not None else self.settings.value.get(p.kind, 1)

    def dp_capacity(self, place: str) -> int:
        p = self.places[place]
        return p.dp_capacity if p.dp_capacity is not None else self.settings.dp_capacity

    def cards_max(self, state: BinniState, team: str) -> int:
        """The most influence cards a team may hold at its PR level (its PR table's row)."""
        table = self.pr_tables.get(team)
        if table is None:
            return len(state.teams[team].cards)
        return table[state.teams[team].pr]

    # --- friend or foe --------------------------------------------------------------------------
    @staticmethod
    def allied(state: BinniState, a: str | None, b: str | None) -> bool:
        if a is None or b is None:
            return False
        return a == b or b in state.teams[a].allies

    def hostile_units(self, state: BinniState, place: str, team: str) -> list[CounterState]:
        return [u for u in state.units_at(place) if not u.destroyed and not self.allied(state, u.team, team)]

    def foreign(self, state: BinniState, place: str, team: str) -> bool:
        """Held by a faction that is neither the team nor its ally."""
        holder = state.control.get(place)
        return holder is not None and not self.allied(state, holder, team)

    @staticmethod
    def friends(state: BinniState, team: str) -> frozenset[str]:
        """The team and its allies (alliances are kept mutual)."""
        return frozenset((team, *state.teams[team].allies))

    # --- refusals naming what does not exist ------------------------------------------------------
    def no_team(self, state: BinniState, team: str | None, what: str = "team") -> str | None:
        if team is None or team in state.teams:
            return None
        return Impossible(f"no {what} {team!r}; teams are {', '.join(sorted(state.teams))}")

    def no_place(self, place: str | None) -> str | None:
        if place is None or place in self.places:
            return None
        return Impossible(f"no place {place!r} on the map")

    def no_counter(self, state: BinniState, cid: str) -> str | None:
        ctr = state.counters.get(cid)
        if ctr is None:
            return Impossible(f"no counter {cid!r}")
        if ctr.destroyed:
            return Impossible(f"{self.counter_name(state, cid)} was destroyed (a destroyed unit cannot return)")
        return None
