"""The live state of a game of The Game: plain Python with a cheap ``copy()``.

Everything is kept in the source's units: labour units, goods units, dollars, PIPs. The turn's
scratch records (builds so far, attacks made, who broke relations) live here too, so that a
replay from the journal rebuilds them exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class RegionState:
    """One region of the world map, land or sea."""

    id: str
    sea: bool
    owner: str | None
    """The nation whose home country it is; None: non-player."""
    ed: int
    rough: bool
    pool: int = 0
    farm: int = 0
    starving: int = 0
    primary: dict[str, int] = field(default_factory=dict)
    stock: dict[str, int] = field(default_factory=dict)
    active: dict[str, int] = field(default_factory=dict)
    """Facility type -> active facilities."""
    inactive: dict[str, int] = field(default_factory=dict)
    pips: dict[str, int] = field(default_factory=dict)
    """Player -> PIPs."""
    relations: dict[str, str] = field(default_factory=dict)
    """Player -> 'understanding' | 'alliance' | 'control'."""
    insurgents: int = 0
    """Independent insurgents."""
    loyal: dict[str, int] = field(default_factory=dict)
    """Nation -> insurgents loyal to it."""
    occupier: str | None = None
    """Nation holding it by military occupation (Control won in combat)."""
    struck: bool = False
    """Suffered a nuclear strike this turn: nothing moves in or out."""
    labour_left: bool = False
    """A labour unit already left this region this turn."""

    def copy(self) -> RegionState:
        return RegionState(
            self.id, self.sea, self.owner, self.ed, self.rough, self.pool, self.farm, self.starving,
            dict(self.primary), dict(self.stock), dict(self.active), dict(self.inactive), dict(self.pips),
            dict(self.relations), self.insurgents, dict(self.loyal), self.occupier, self.struck, self.labour_left)

    @property
    def population(self) -> int:
        return self.pool + self.farm + self.starving

    def insurgent_total(self) -> int:
        return self.insurgents + sum(self.loyal.values())


@dataclass(slots=True)
class NationState:
    """A player nation."""

    id: str
    player: str
    capital: str
    bank: int
    tech: dict[str, int]
    research: dict[str, int] = field(default_factory=dict)
    """R&D dollars spent towards the next level, per field."""
    coupons: list[str] = field(default_factory=list)
    produced: int = 0
    """Secondary production this turn (dollars), for the ledger."""

    def copy(self) -> NationState:
        return NationState(self.id, self.player, self.capital, self.bank, dict(self.tech), dict(self.research),
                           list(self.coupons), self.produced)


@dataclass(slots=True)
class UnitState:
    id: str
    type: str
    nation: str
    region: str
    """Region id, or 'orbit' for spacecraft."""
    active: bool = True
    supplied: bool = False
    """Given operational supply this combat year."""
    attacked: bool = False
    """Attacked this combat year."""
    moved: bool = False
    """Made its operational move this combat year."""
    maintained: bool = False
    """Maintained in this turn's maintenance step (may stand down)."""
    attacked_insurgent: bool = False
    """A minor unit that attacked insurgents this turn (insurgents may then attack it)."""

    def copy(self) -> UnitState:
        return UnitState(self.id, self.type, self.nation, self.region, self.active, self.supplied, self.attacked,
                         self.moved, self.maintained, self.attacked_insurgent)


@dataclass(slots=True)
class PendingBuild:
    """A build bought in step II.C, placed in step II.F."""

    nation: str
    item: str
    """A unit type, a facility type, 'pips' or 'insurgents'."""
    region: str
    count: int
    player: str
    unit_ids: tuple[str, ...] = ()
    loyal: bool = True

    def copy(self) -> PendingBuild:
        return PendingBuild(self.nation, self.item, self.region, self.count, self.player, self.unit_ids, self.loyal)


@dataclass
class TheGameState:
    """The whole world and where the referee is in the turn sequence."""

    turn: int
    year: int
    step: int
    """Index into :data:`boardapp.rules.thegame.steps.STEPS`."""
    regions: dict[str, RegionState]
    nations: dict[str, NationState]
    units: dict[str, UnitState]
    wars: set[frozenset[str]] = field(default_factory=set)
    """Pairs of nations at war."""
    transit: set[tuple[str, str, str]] = field(default_factory=set)
    """(region, nation, player): the nation whose region it is allows the player's units through it."""
    next_unit: int = 1
    # --- this turn's records (cleared when a turn begins) ---
    broken: set[tuple[str, str]] = field(default_factory=set)
    """(breaker player, other player) this turn."""
    built: dict[tuple[str, str], int] = field(default_factory=dict)
    """(nation, unit type) -> units bought this turn."""
    carrier_zones: dict[str, int] = field(default_factory=dict)
    """Merchant ship or transport aircraft -> zones moved in this turn's trade."""
    pips_bought: dict[str, int] = field(default_factory=dict)
    """Player -> PIPs bought this turn (a declaration of war costs as much)."""
    pending: list[PendingBuild] = field(default_factory=list)
    attacks: set[tuple[str, str]] = field(default_factory=set)
    """(player, region): diplomatic attacks made this turn."""
    dip_order: dict[str, list[str]] = field(default_factory=dict)
    """Region -> players in the order their diplomatic attacks go (rolled)."""
    destroyed: dict[tuple[str, str], int] = field(default_factory=dict)
    """(nation, unit type) -> units destroyed this turn (replaceable at half cost)."""
    order: list[str] = field(default_factory=list)
    """Players in this combat year's order of action (rolled)."""
    fought: set[str] = field(default_factory=set)
    """Regions where combat was resolved this combat year."""
    insurgent_attacks: dict[tuple[str, str], int] = field(default_factory=dict)
    """(region, 'independent' | nation) -> insurgents that attacked this turn."""
    neglected: set[str] = field(default_factory=set)
    """Item keys the referee leaves unmaintained this turn ('unit:<id>', 'facility:<region>:<type>')."""
    news: list[str] = field(default_factory=list)
    """This turn's headlines (public), for the big screen."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """One ledger snapshot per completed turn (and the start): never changed once appended."""
    combat_ships: set[str] = field(default_factory=set)
    """Merchant ships that carried combat units this turn (they carry no trade)."""
    breakthrough: set[str] = field(default_factory=set)
    """Units granted a breakthrough this combat year (they may be supplied, move and attack again)."""
    friendly_ships: set[tuple[str, str]] = field(default_factory=set)
    """(player, owner): the owner's merchant ships and transport aircraft count as friendly to the player (they
    form part of his pipelines and carry his goods)."""
    unloaded: dict[str, int] = field(default_factory=dict)
    """'<region>:<good>' -> units of the good off-loaded from a ship or aircraft there this turn (an item is loaded
    and off-loaded only once per turn)."""
    reactivated: dict[str, int] = field(default_factory=dict)
    """'facility:<region>:<type>' -> facilities reactivated this turn (paid twice maintenance: not maintained
    again in VI.A)."""

    def copy(self) -> TheGameState:
        return TheGameState(
            self.turn, self.year, self.step,
            {k: r.copy() for k, r in self.regions.items()},
            {k: n.copy() for k, n in self.nations.items()},
            {k: u.copy() for k, u in self.units.items()},
            set(self.wars), set(self.transit), self.next_unit,
            set(self.broken), dict(self.built), dict(self.carrier_zones), dict(self.pips_bought),
            [p.copy() for p in self.pending], set(self.attacks), {k: list(v) for k, v in self.dip_order.items()},
            dict(self.destroyed), list(self.order), set(self.fought), dict(self.insurgent_attacks),
            set(self.neglected), list(self.news), list(self.history), set(self.combat_ships),
            set(self.breakthrough), set(self.friendly_ships), dict(self.unloaded), dict(self.reactivated))

    def at_war(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.wars

    def new_unit_id(self, nation: str, type_: str) -> str:
        while True:
            uid = f"{nation}-{type_}-{self.next_unit}"
            self.next_unit += 1
            if uid not in self.units:
                return uid
