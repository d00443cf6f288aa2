"""The live state of a Mid-East PEACE game: plain Python with a cheap ``copy()``.

Forces in a zone always belong to the zone's owner (re-deployments stay inside a player's zones,
annexations and conquests change the owner), so a zone holds a count, not a list of counters.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field

ECONOMIC, MILITARY, DIPLOMATIC = "economic", "military", "diplomatic"
PHASES = (ECONOMIC, MILITARY, DIPLOMATIC)
FUNCTIONS: dict[str, tuple[str, ...]] = {
    ECONOMIC: ("oil_revenue", "drilling"),
    MILITARY: ("moves", "battles"),
    DIPLOMATIC: ("arms_auction", "un_motion", "superpower"),
}
"""Each phase's functions in the synopsis' order."""
FUNCTION_NAMES = {
    "oil_revenue": "Collect Oil Revenue", "drilling": "Drilling Bids", "moves": "Move Forces",
    "battles": "Resolve Battles", "arms_auction": "Arms Auction", "un_motion": "UN Motion",
    "superpower": "Superpower Alliance",
}
PHASE_PAIRS = ((ECONOMIC, MILITARY), (MILITARY, DIPLOMATIC), (ECONOMIC, DIPLOMATIC))
"""The three phase options the synopsis allows, (a), (b) and (c)."""


@dataclass
class Battle:
    """One declared attack: Forces moved up to the border of ``target`` from ``source``."""

    target: str
    source: str
    attacker: str
    defender: str | None
    forces: int
    superpower: str = ""
    """'' (none), 'support' or 'attack' (the Superpower Force in ``source`` supports or leads the attack)."""
    fists: dict[str, int] = field(default_factory=dict)
    """'attacker'/'defender' -> chips committed. Secret until both are in."""
    result: str = ""
    """'' until revealed, then 'attacker' or 'defender' (who won)."""


@dataclass
class Retreat:
    """A defeated defender's upright Forces waiting for their player to pick a zone."""

    zone: str
    player: str
    forces: int
    """Forces still waiting to retreat."""
    sf: list[str] = field(default_factory=list)
    went: str | None = None
    """Where part of the group already went (only CONTROL's forced retreat of part of it splits a group):
    the rest may follow only there."""


@dataclass
class Superpower:
    id: str
    player: str
    zone: str


@dataclass
class Auction:
    host: str
    lot: int
    bids: list[tuple[str, int]] = field(default_factory=list)

    def leader(self) -> tuple[str, int] | None:
        """The highest bid; on a tie the earlier bid leads.

        >>> Auction("egypt", 3, [("jordan", 4), ("israel", 4), ("syria", 2)]).leader()
        ('jordan', 4)
        >>> Auction("egypt", 3).leader() is None
        True
        """
        best: tuple[str, int] | None = None
        for who, chips in self.bids:
            if best is None or chips > best[1]:
                best = (who, chips)
        return best


@dataclass
class Motion:
    proposer: str
    motion: str
    """'resolution' (binds nothing), 'peacekeeping' (move the UN Force to ``zone``) or 'cease_fire'."""
    zone: str | None
    text: str
    votes: dict[str, str] = field(default_factory=dict)
    """Player -> 'yea', 'nay' or 'abstain'."""


@dataclass
class MideastState:
    owner: dict[str, str | None]
    forces: dict[str, int]
    chips: dict[str, int]
    oil: dict[str, int]
    bloc: dict[str, str | None]
    reserve: int
    pkf: str | None = None
    superpowers: list[Superpower] = field(default_factory=list)
    sf_serial: int = 0
    round: int = 1
    turn: int = 0
    """Index of the phasing player in the turn order."""
    negotiation: bool = False
    phases: tuple[str, ...] = ()
    """The two phases the phasing player chose (empty until chosen)."""
    step: int = -1
    """Index of the current function in the chosen phases' functions (-1: none yet)."""
    used: set[str] = field(default_factory=set)
    """Once-only functions done this Player-Turn."""
    overturned: dict[str, int] = field(default_factory=dict)
    arrived: dict[str, int] = field(default_factory=dict)
    """Forces that moved into a zone this Player-Turn (they move no further)."""
    drilled: set[str] = field(default_factory=set)
    battles: list[Battle] = field(default_factory=list)
    retreat: Retreat | None = None
    auction: Auction | None = None
    motion: Motion | None = None
    ended: str | None = None
    """None while the game goes on, then 'peace' or 'war'."""

    def copy(self) -> MideastState:
        return _copy.deepcopy(self)

    # --- small questions -------------------------------------------------------------
    def zones_of(self, player: str) -> list[str]:
        return [z for z, o in self.owner.items() if o == player]

    def upright(self, zone: str) -> int:
        return self.forces.get(zone, 0) - self.overturned.get(zone, 0)

    def superpowers_of(self, player: str) -> list[Superpower]:
        return [s for s in self.superpowers if s.player == player]

    def battle_at(self, zone: str) -> Battle | None:
        return next((b for b in self.battles if b.target == zone and not b.result), None)

    def open_battle(self) -> Battle | None:
        """The battle with one fist in and the other awaited (only one at a time)."""
        return next((b for b in self.battles if b.fists and not b.result), None)
