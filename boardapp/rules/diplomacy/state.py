"""The live state of a Diplomacy-family game: the calendar, units, supply-centre owners, the
orders handed in this phase (secret until adjudication), political victory points, eliminated
powers and the insurrections under way, and what the MUN officers keep: each power's political
goals with their awards, the control-of-Europe bonus, the running conference and the result."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardapp.rules.diplomacy.adjudicator import MovementResult
from boardapp.rules.diplomacy.orders import Unit

MOVEMENT, RETREAT, ADJUSTMENT = "movement", "retreat", "adjustment"
"""The phases of a season."""


@dataclass(frozen=True)
class Award:
    """Points the officers awarded for a goal: how many, in which turn, and why."""

    points: int
    turn: str
    """The turn label when it was awarded ('Fall 1936')."""
    reason: str = ""


@dataclass(frozen=True)
class Goal:
    """One political goal of a power: 1 and 2 set by the officers, 3 proposed by the power.

    A proposed goal counts only once the officers allow it (``allowed``: None while they have not
    ruled). ``award`` is the latest award (an award replaces an earlier one: a correction)."""

    text: str
    allowed: bool | None = True
    award: Award | None = None

    @property
    def points(self) -> int:
        return self.award.points if self.award is not None and self.allowed else 0


@dataclass(frozen=True)
class Conference:
    """A congress, conference or convention under way: where, who, since when."""

    name: str
    location: str
    """The province where it meets."""
    powers: tuple[str, ...]
    form: str
    year: int
    season: str
    """The season it began in; its year is up when the calendar reaches that season a year later."""
    turn: str
    """The turn label it began in."""
    owner_at_start: str | None = None
    """Who held its province (a supply centre) when it opened: a conference may meet in a centre a
    non-participant holds, as long as no hostile unit stands there; it is conquered if the centre
    passes to another power not taking part."""


@dataclass(frozen=True)
class Result:
    """How the game ended: the final scores and the winner (one power) or the draw (several)."""

    turn: str
    reason: str
    scores: tuple[tuple[str, int], ...]
    """(power, final score), best first."""
    winners: tuple[str, ...]
    """One power: the single winner; more: a draw between them."""


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
    """Eliminated power -> the power whose province its country is (the one that took its last centre, or
    the officers' ruling); '' while a tie waits for the officers (see ``province_ties``)."""
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
    insurrection_vp: dict[str, int] = field(default_factory=dict)
    """Power -> the political points it earned by investing in insurrections (also counted in ``political``)."""
    goals: dict[str, dict[int, Goal]] = field(default_factory=dict)
    """Power -> goal number (1, 2, 3) -> the goal (officer-set 1 and 2, the power's own 3)."""
    europe: dict[str, str] = field(default_factory=dict)
    """Power -> the turn it first controlled the bonus centres (25: 'control of Europe'). Kept once
    earned, whatever the power holds later."""
    conference: Conference | None = None
    conferences: list[tuple[Conference, str, str]] = field(default_factory=list)
    """Conferences that have ended: (the conference, the turn it ended, why)."""
    result: Result | None = None
    """Set when the game ends."""
    province_ties: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Eliminated power -> the powers that took its last centres in the same season (the rule names no one:
    the officers rule between them with ``rule_province``; kept after the ruling, which may change)."""

    def copy(self) -> DiplomacyState:
        return DiplomacyState(
            year=self.year, season=self.season, phase=self.phase, units=list(self.units), owners=dict(self.owners),
            orders={k: list(v) for k, v in self.orders.items()}, movement=self.movement,
            eliminated=dict(self.eliminated), political=dict(self.political), vp_log=list(self.vp_log),
            pledges=list(self.pledges), missing_pledges=list(self.missing_pledges),
            reclaims={k: list(v) for k, v in self.reclaims.items()}, finished=self.finished,
            arrivals=dict(self.arrivals), illegal={k: list(v) for k, v in self.illegal.items()},
            insurrection_vp=dict(self.insurrection_vp), goals={k: dict(v) for k, v in self.goals.items()},
            europe=dict(self.europe),
            conference=self.conference, conferences=list(self.conferences),
            result=self.result, province_ties=dict(self.province_ties),
        )
