"""The live state of a Diplomacy-family game: the calendar, units, supply-centre owners, the
orders handed in this phase (secret until adjudication), political victory points, eliminated
powers and the insurrections under way."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardapp.rules.diplomacy.adjudicator import MovementResult
from boardapp.rules.diplomacy.orders import Unit

MOVEMENT, RETREAT, ADJUSTMENT = "movement", "retreat", "adjustment"
"""The phases of a season."""


@dataclass
class DiplomacyState:
    year: int
    season: str  # spring | fall | winter
    phase: str  # movement | retreat | adjustment
    units: list[Unit]
    owners: dict[str, str]
    orders: dict[str, list[str]] = field(default_factory=dict)
    """Power -> its legal orders handed in this phase (secret until adjudication)."""
    movement: MovementResult | None = None
    """The movement result whose dislodged units retreat now (retreat phase only)."""
    eliminated: dict[str, str] = field(default_factory=dict)
    """Eliminated power -> the power that took its last centre."""
    political: dict[str, int] = field(default_factory=dict)
    vp_log: list[tuple[str, int, str]] = field(default_factory=list)
    pledges: list[tuple[str, str, str]] = field(default_factory=list)
    """Insurrection units given this season: (giving power, unit, target power)."""
    missing_pledges: list[tuple[str, str, str]] = field(default_factory=list)
    reclaims: dict[str, list[str]] = field(default_factory=dict)
    """Reviving power -> its orders for this season's insurrection (kept until the season ends)."""
    finished: bool = False
    arrivals: dict[str, int] = field(default_factory=dict)
    """Province -> when its unit arrived this Fall: 1 in the movement phase, 2 in the retreats (a
    province not listed: its unit stood there before the Fall). Tells who took a power's last centre."""
    illegal: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """Power -> the illegal lines of its hand-in this phase, each with the parser's reason (seen by CONTROL
    and that power until adjudication reveals them; those units hold)."""

    def copy(self) -> DiplomacyState:
        return DiplomacyState(
            year=self.year, season=self.season, phase=self.phase, units=list(self.units), owners=dict(self.owners),
            orders={k: list(v) for k, v in self.orders.items()}, movement=self.movement,
            eliminated=dict(self.eliminated), political=dict(self.political), vp_log=list(self.vp_log),
            pledges=list(self.pledges), missing_pledges=list(self.missing_pledges),
            reclaims={k: list(v) for k, v in self.reclaims.items()}, finished=self.finished,
            arrivals=dict(self.arrivals), illegal={k: list(v) for k, v in self.illegal.items()},
        )
