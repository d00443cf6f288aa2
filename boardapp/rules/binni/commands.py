"""War in Binni's commands: what an umpire can ask the rules model to do.

Each command is a small frozen value with a ``kind``. In a commands file (the umpire's
scripting format) one command is a mapping, e.g. ``{kind: move, counter: bg-1bde, to: kalen}``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from boardapp.engine.module import Command
from boardapp.rules.binni.tables import Weapon

Die = Field(None, ge=1, le=6, description="A physical die's roll typed by the umpire; empty: roll on screen.")


class Move(Command):
    """Move a counter along roads to a place (its one move this week)."""

    kind: Literal["move"] = "move"
    counter: str
    to: str = Field(description="The destination place.")
    pay: Literal["money", "card"] | None = Field(
        None, description="How to pay to enter a place held by another faction; empty: money if the team has it."
    )
    card: int | None = Field(None, description="Score of the influence card spent (default: the lowest).")
    with_aid: int = Field(0, ge=0, description="Aid blocks of the counter's team it escorts from its place.")


class Deploy(Command):
    """Bring a counter from outside the region onto the map."""

    kind: Literal["deploy"] = "deploy"
    counter: str
    to: str


class Activate(Command):
    """Pay a counter's activation for this week (brigades: $M1)."""

    kind: Literal["activate"] = "activate"
    counter: str


class Attack(Command):
    """A fight: attackers (in or one road from the place) against every hostile unit there."""

    kind: Literal["attack"] = "attack"
    place: str
    attackers: list[str] = Field(min_length=1)
    extra_stores: int = Field(0, ge=0, description="Extra warlike stores the attacker consumes (+1 per 2).")
    defender_extra_stores: int = Field(0, ge=0, description="Extra warlike stores the defender consumes.")
    attacker_support: list[Weapon] = Field(default_factory=list, description="Bombing missions and cruise missiles "
                                           "of the attacking team.")
    defender_support: list[Weapon] = Field(default_factory=list, description="Of the defending team.")
    die: int | None = Die
    attacker_loss: list[str] = Field(default_factory=list, description="Counters that take the attacker's losses, "
                                     "in order; empty: the strongest.")
    defender_loss: list[str] = Field(default_factory=list, description="Likewise for the defender.")
    retreat_to: str | None = Field(None, description="Where the defenders retreat; empty: the first legal place.")


class Strike(Command):
    """A bombing mission or cruise missile against a counter."""

    kind: Literal["strike"] = "strike"
    team: str
    weapon: Weapon
    target: str = Field(description="The counter struck.")
    die: int | None = Die


class Influence(Command):
    """An influence contest for a place: the highest total of committed cards wins control."""

    kind: Literal["influence"] = "influence"
    place: str
    bids: dict[str, list[int]] = Field(description="team -> scores of the cards it commits.")


class Handover(Command):
    """The holding team hands a place over to another faction (or leaves it neutral)."""

    kind: Literal["handover"] = "handover"
    place: str
    to: str | None


class Rebuild(Command):
    """Recover losses of a counter with warlike stores (3 per loss)."""

    kind: Literal["rebuild"] = "rebuild"
    counter: str
    losses: int = Field(1, ge=1)


class SetUpCamp(Command):
    """Set up a humanitarian camp with aid blocks in the place and money."""

    kind: Literal["camp"] = "camp"
    team: str
    place: str


class DeliverAid(Command):
    """Put aid blocks a team holds onto the map."""

    kind: Literal["deliver_aid"] = "deliver_aid"
    team: str
    place: str
    count: int = Field(1, ge=1)


class MoveAid(Command):
    """Move aid blocks along roads (by their owner, or by the faction holding their place)."""

    kind: Literal["move_aid"] = "move_aid"
    by: str = Field(description="The team moving the blocks.")
    owner: str = Field(description="The team that owns the blocks.")
    place: str = Field(description="Where the blocks are.")
    to: str
    count: int = Field(1, ge=1)


class Transfer(Command):
    """A trade or gift between teams."""

    kind: Literal["transfer"] = "transfer"
    source: str = Field(alias="from", description="The giving team.")
    to: str
    money: int = Field(0, ge=0)
    stores: int = Field(0, ge=0)
    aid: int = Field(0, ge=0)
    cruise_missiles: int = Field(0, ge=0)
    cards: list[int] = Field(default_factory=list)
    counters: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something(self) -> Transfer:
        if not (self.money or self.stores or self.aid or self.cruise_missiles or self.cards or self.counters):
            raise ValueError("a transfer must move something: money, stores, aid, cruise_missiles, cards or counters")
        return self


class Supply(Command):
    """CONTROL adds (or removes) resources from outside: arms dealers, home governments, UN agencies."""

    kind: Literal["supply"] = "supply"
    team: str
    money: int = 0
    stores: int = 0
    aid: int = 0
    cruise_missiles: int = 0
    cards: list[int] = Field(default_factory=list, description="Cards dealt to the team (scores).")
    reason: str = Field(min_length=1)


class SetPR(Command):
    """CONTROL sets a team's PR level, always with a reason."""

    kind: Literal["set_pr"] = "set_pr"
    team: str
    level: int = Field(ge=0, le=8)
    reason: str = Field(min_length=1)


class SetControl(Command):
    """CONTROL sets who holds a place, with a reason."""

    kind: Literal["set_control"] = "set_control"
    place: str
    team: str | None
    reason: str = Field(min_length=1)


class SetBombing(Command):
    """CONTROL allows or stops a team's bombing missions (the political will)."""

    kind: Literal["set_bombing"] = "set_bombing"
    team: str
    allowed: bool
    reason: str = Field(min_length=1)


class SetAlliance(Command):
    """CONTROL records that two teams are allied (passage, not hostile) or no longer."""

    kind: Literal["set_alliance"] = "set_alliance"
    teams: tuple[str, str]
    allied: bool
    reason: str = Field(min_length=1)


class News(Command):
    """A headline from the International News Media, logged and shown on the big screen."""

    kind: Literal["news"] = "news"
    text: str = Field(min_length=1)


class EndTurn(Command):
    """End the week: occupation, displaced people, upkeep, cards, then the next week."""

    kind: Literal["end_turn"] = "end_turn"


ALL_COMMANDS: tuple[type[Command], ...] = (
    Move, Deploy, Activate, Attack, Strike, Influence, Handover, Rebuild, SetUpCamp, DeliverAid, MoveAid,
    Transfer, Supply, SetPR, SetControl, SetBombing, SetAlliance, News, EndTurn,
)
