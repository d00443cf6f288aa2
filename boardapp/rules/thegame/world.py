"""What every rule area reads and never changes: the scenario's tables, the map's adjacency, names,
and small questions about the state in the source's words (who owns, who is hostile, who may pass).
"""

from __future__ import annotations

from collections.abc import Iterable

from boardapp.engine.module import Event, Impossible
from boardapp.model.mapfile import Map, RegionKind
from boardapp.rules.thegame.scenario import (
    ORBIT,
    RELATION_RANK,
    Cost,
    DiplomaticColumn,
    FacilityType,
    TheGameScenario,
    UnitType,
)
from boardapp.rules.thegame.state import NationState, RegionState, TheGameState, UnitState


class World:
    """The scenario and map, looked up once."""

    def __init__(self, scenario: TheGameScenario, the_map: Map) -> None:
        self.scenario = scenario
        self.map = the_map
        self.settings = scenario.settings
        self.unit_types: dict[str, UnitType] = {u.id: u for u in scenario.unit_table}
        self.facility_types: dict[str, FacilityType] = {f.id: f for f in scenario.facility_types}
        self.players = {p.id: p for p in scenario.players}
        self.nation_names = {n.id: n.name for n in scenario.nations}
        self.region_names = {p.id: p.name for p in the_map.places}
        self.region_names[ORBIT] = "orbit"
        self.sea = {r.id for r in the_map.regions if r.kind == RegionKind.SEA}
        self.adj: dict[str, frozenset[str]] = {p: frozenset(n) for p, n in the_map.adjacency.items()}
        self.table: list[DiplomaticColumn] = scenario.diplomatic_table
        self.achievements = scenario.achievements

    # --- names ------------------------------------------------------------------------------
    def rname(self, region: str) -> str:
        return self.region_names.get(region, region)

    def nname(self, nation: str) -> str:
        return self.nation_names.get(nation, nation)

    def pname(self, player: str) -> str:
        p = self.players.get(player)
        return p.name if p else player

    # --- "no such thing" reasons (never forceable) ---------------------------------------------
    def no_region(self, state: TheGameState, region: str) -> str | None:
        if region not in state.regions:
            return Impossible(f"no region {region!r} on this map")
        return None

    def no_nation(self, state: TheGameState, nation: str) -> str | None:
        if nation not in state.nations:
            return Impossible(f"no nation {nation!r}; nations are {', '.join(sorted(state.nations))}")
        return None

    def no_player(self, player: str) -> str | None:
        if player not in self.players:
            return Impossible(f"no player {player!r}; players are {', '.join(sorted(self.players))}")
        return None

    def no_unit(self, state: TheGameState, unit: str) -> str | None:
        if unit not in state.units:
            return Impossible(f"no unit {unit!r} (destroyed, or never built)")
        return None

    # --- the state in the source's words ------------------------------------------------------
    def player_of(self, state: TheGameState, nation: str | None) -> str | None:
        return state.nations[nation].player if nation in state.nations else None

    def nations_of(self, state: TheGameState, player: str) -> list[NationState]:
        return [n for n in state.nations.values() if n.player == player]

    def capitals_of(self, state: TheGameState, player: str) -> set[str]:
        return {n.capital for n in self.nations_of(state, player)}

    def is_capital(self, state: TheGameState, region: str) -> str | None:
        """The nation whose capital the region is, or None."""
        for n in state.nations.values():
            if n.capital == region:
                return n.id
        return None

    def relation(self, region: RegionState, player: str) -> int:
        """0 none, 1 Understanding, 2 Alliance, 3 Control."""
        return RELATION_RANK.get(region.relations.get(player, ""), 0)

    def holds_alliance_with(self, state: TheGameState, holder: str, player: str) -> bool:
        """Whether ``holder`` has an Alliance with player ``player``'s country (in one of its capitals)."""
        return any(state.regions[c].relations.get(holder) == "alliance" for c in self.capitals_of(state, player))

    def holds_understanding_with(self, state: TheGameState, holder: str, player: str) -> bool:
        return any(self.relation(state.regions[c], holder) >= 1 for c in self.capitals_of(state, player))

    def hostile(self, state: TheGameState, a: str, b: str) -> bool:
        """Whether units of nations ``a`` and ``b`` fight each other: their nations are at war."""
        return a != b and state.at_war(a, b)

    def friendly_region(self, state: TheGameState, region: str, nation: str) -> bool:
        """Own home country, own military occupation, or a non-player region the nation's player Controls or
        is allied with (where the source lets units pass or withdraw)."""
        r = state.regions[region]
        player = state.nations[nation].player
        if r.occupier is not None:
            return self.player_of(state, r.occupier) == player
        if r.owner is not None:
            return self.player_of(state, r.owner) == player
        return self.relation(r, player) >= 2

    def hostile_units(self, state: TheGameState, region: str, nation: str) -> list[UnitState]:
        return [u for u in state.units.values() if u.region == region and self.hostile(state, u.nation, nation)]

    def active_net(self, region: RegionState) -> bool:
        """A 'developed transport net' is an active one (standing ruling)."""
        return region.active.get("transport-net", 0) > 0

    def utype(self, unit: UnitState) -> UnitType:
        return self.unit_types[unit.type]

    def side(self, state: TheGameState, unit: UnitState) -> str:
        return state.nations[unit.nation].player

    # --- paying --------------------------------------------------------------------------------
    def fuel_stock(self, state: TheGameState, nation: str, good: str) -> int:
        return sum(r.stock.get(good, 0) for r in state.regions.values() if r.owner == nation)

    def can_pay(self, state: TheGameState, nation: str, cost: Cost, times: int = 1,
                region: str | None = None) -> list[str]:
        """Why ``nation`` cannot pay ``cost`` x ``times`` (goods from ``region``, or from any own region)."""
        n = state.nations[nation]
        out = []
        if n.bank < cost.money * times:
            out.append(f"{self.nname(nation)} has ${n.bank} in its bank; this costs ${cost.money * times}")
        for good, amount in cost.goods().items():
            have = state.regions[region].stock.get(good, 0) if region else self.fuel_stock(state, nation, good)
            if have < amount * times:
                where_ = f"in {self.rname(region)}" if region else f"in {self.nname(nation)}'s regions"
                out.append(f"{amount * times} {good} needed {where_}; there are {have}")
        if cost.labour and region is not None:
            have = state.regions[region].pool
            if have < cost.labour * times:
                out.append(f"{cost.labour * times} labour needed from {self.rname(region)}'s general pool; "
                           f"it has {have}")
        return out

    def pay(self, state: TheGameState, nation: str, cost: Cost, times: int = 1, region: str | None = None) -> None:
        """Take ``cost`` x ``times``: money from the bank (never below 0), goods from ``region`` or own regions."""
        n = state.nations[nation]
        n.bank = max(0, n.bank - cost.money * times)
        for good, amount in cost.goods().items():
            need = amount * times
            sources: Iterable[RegionState] = ([state.regions[region]] if region else
                                              sorted((r for r in state.regions.values() if r.owner == nation),
                                                     key=lambda r: r.id))
            for r in sources:
                take = min(need, r.stock.get(good, 0))
                if take:
                    r.stock[good] -= take
                    need -= take
        if cost.labour and region is not None:
            r = state.regions[region]
            r.pool = max(0, r.pool - cost.labour * times)


def ev(kind: str, text: str, **kw: object) -> Event:
    """An event (a shorthand for the rule areas)."""
    return Event.model_validate({"kind": kind, "text": text, **kw})
