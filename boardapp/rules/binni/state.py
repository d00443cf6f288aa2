"""The live state of a War in Binni game."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class CounterState(_State):
    id: str
    team: str
    type: str
    place: str | None = Field(description="Where it stands; None: outside the region (or withdrawn).")
    combat_value: int = Field(description="Full-strength combat value.")
    strength: int
    losses: int = 0
    destroyed: bool = False
    moved: bool = Field(False, description="Moved (or deployed) this week.")
    attacked: bool = Field(False, description="Attacked this week.")
    activated: bool = Field(False, description="Activation paid this week (brigades).")
    held_since: int | None = Field(
        None, description="The week at whose end it was first present here, unmoved since (for occupation)."
    )

    @property
    def value(self) -> int:
        """Combat value now: ceil(value x (strength - losses) / strength)."""
        if self.destroyed:
            return 0
        return math.ceil(self.combat_value * (self.strength - self.losses) / self.strength)


class TeamState(_State):
    id: str
    pr: int
    cards: list[int] = Field(description="Scores of the influence cards in hand.")
    money: int
    stores: int
    aid: int = Field(description="Aid blocks held off the map.")
    cruise_missiles: int
    bombing: bool
    allies: list[str]
    collateral: int = Field(0, description="Collateral effects this team caused this week.")


class DPToken(_State):
    id: int
    place: str
    community: str | None
    weeks_unassisted: int = Field(0, description="Consecutive ends of turn without aid or a camp; dies at "
                                  "dp_weeks_to_die.")
    assisted: bool = Field(False, description="Assisted at the last end of turn, where it stands: it keeps that "
                           "help while the help stays in its place.")


class Camp(_State):
    place: str
    team: str


class BinniState(_State):
    week: int = 1
    control: dict[str, str | None]
    counters: dict[str, CounterState]
    teams: dict[str, TeamState]
    dp: list[DPToken] = Field(default_factory=list)
    camps: list[Camp] = Field(default_factory=list)
    aid: dict[str, dict[str, int]] = Field(default_factory=dict, description="place -> team -> aid blocks.")
    deaths: int = 0
    conflict: list[str] = Field(default_factory=list, description="Places with fighting or strikes this week.")
    next_dp: int = 1
    news: list[str] = Field(default_factory=list)
    at: dict[str, list[str]] = Field(default_factory=dict, description="place -> counter ids there (index).")

    def copy(self) -> BinniState:  # type: ignore[override]
        """A deep copy, cheap enough for snapshots (no validation)."""
        return BinniState.model_construct(
            week=self.week,
            control=dict(self.control),
            counters={k: c.model_copy() for k, c in self.counters.items()},
            teams={k: t.model_copy(update={"cards": list(t.cards), "allies": list(t.allies)})
                   for k, t in self.teams.items()},
            dp=[d.model_copy() for d in self.dp],
            camps=[c.model_copy() for c in self.camps],
            aid={p: dict(v) for p, v in self.aid.items()},
            deaths=self.deaths,
            conflict=list(self.conflict),
            next_dp=self.next_dp,
            news=list(self.news),
            at={p: list(v) for p, v in self.at.items()},
        )

    # --- small helpers used everywhere ------------------------------------------------------
    def units_at(self, place: str) -> list[CounterState]:
        return [self.counters[i] for i in self.at.get(place, ())]

    def relocate(self, counter: CounterState, place: str | None) -> None:
        """Move a counter and keep the place index right."""
        if counter.place is not None:
            here = self.at.get(counter.place)
            if here is not None and counter.id in here:
                here.remove(counter.id)
                if not here:
                    del self.at[counter.place]
        counter.place = place
        if place is not None:
            self.at.setdefault(place, []).append(counter.id)

    def dp_at(self, place: str) -> list[DPToken]:
        return [d for d in self.dp if d.place == place]

    def aid_at(self, place: str) -> int:
        return sum(self.aid.get(place, {}).values())

    def add_aid(self, place: str, team: str, count: int) -> None:
        block = self.aid.setdefault(place, {})
        block[team] = block.get(team, 0) + count
        if block[team] <= 0:
            del block[team]
        if not block:
            del self.aid[place]
