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

    def copy(self) -> DiplomacyState:
        return DiplomacyState(
            self.year, self.season, self.phase, list(self.units), dict(self.owners),
            {k: list(v) for k, v in self.orders.items()}, self.movement, dict(self.eliminated),
            dict(self.political), list(self.vp_log), list(self.pledges), list(self.missing_pledges),
            {k: list(v) for k, v in self.reclaims.items()}, self.finished,
        )
