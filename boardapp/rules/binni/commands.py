"""War in Binni's commands: what an umpire can ask the rules model to do.

Each command is a small frozen value with a ``kind``. In a commands file (the umpire's
scripting format) one command is a mapping, e.g. ``{kind: move, counter: bg-1bde, to: kalen}``.

Every field says who decides it (:mod:`boardapp.engine.rights`): a seat limited to some teams may
set it only for them (``side("defender")``: the defending team's choice, even in the attacker's command).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, COUNTER, TEAM, side
from boardapp.rules.binni.tables import Weapon

Die = Field(None, ge=1, le=6, description="A physical die's roll typed by the umpire; empty: roll on screen.")


class Move(Command):
    """Move a counter along roads to a place (its one move this week)."""

    kind: Literal["move"] = "move"
    counter: Annotated[str, COUNTER]
    to: Annotated[str, CHOSEN] = Field(description="The destination place.")
    pay: Annotated[Literal["money", "card"] | None, CHOSEN] = Field(
        None, description="How to pay to enter a place held by another faction; empty: money if the team has it."
    )
    card: Annotated[int | None, CHOSEN] = Field(None, description="Score of the influence card spent (default: "
                                                "the lowest).")
    with_aid: Annotated[int, CHOSEN] = Field(0, ge=0, description="Aid blocks of the counter's team it escorts from "
                                             "its place.")


class Deploy(Command):
    """Bring a counter from outside the region onto the map."""

    kind: Literal["deploy"] = "deploy"
    counter: Annotated[str, COUNTER]
    to: Annotated[str, CHOSEN]


class Activate(Command):
    """Pay a counter's activation for this week (brigades: $M1)."""

    kind: Literal["activate"] = "activate"
    counter: Annotated[str, COUNTER]


class Attack(Command):
    """A fight: attackers (in or one road from the place) against every hostile unit there."""

    kind: Literal["attack"] = "attack"
    place: Annotated[str, CHOSEN]
    attackers: Annotated[list[str], COUNTER] = Field(min_length=1)
    extra_stores: Annotated[int, CHOSEN] = Field(0, ge=0, description="Extra warlike stores the attacker consumes "
                                                 "(+1 per 2).")
    defender_extra_stores: Annotated[int, side("defender")] = Field(
        0, ge=0, description="Extra warlike stores the defender consumes.")
    attacker_support: Annotated[list[Weapon], CHOSEN] = Field(
        default_factory=list, description="Bombing missions and cruise missiles of the attacking team.")
    defender_support: Annotated[list[Weapon], side("defender")] = Field(default_factory=list,
                                                                        description="Of the defending team.")
    die: Annotated[int | None, CHOSEN] = Die
    attacker_loss: Annotated[list[str], COUNTER] = Field(
        default_factory=list, description="Counters that take the attacker's losses, in order; empty: the strongest.")
    defender_loss: Annotated[list[str], side("defender")] = Field(default_factory=list,
                                                                  description="Likewise for the defender.")
    retreat_to: Annotated[str | None, side("defender")] = Field(
        None, description="Where the defenders retreat; empty: the first legal place.")


class Strike(Command):
    """A bombing mission or cruise missile against a counter."""

    kind: Literal["strike"] = "strike"
    team: Annotated[str, TEAM]
    weapon: Annotated[Weapon, CHOSEN]
    target: Annotated[str, CHOSEN] = Field(description="The counter struck (the striker's choice; it does not act).")
    die: Annotated[int | None, CHOSEN] = Die


class Influence(Command):
    """An influence contest for a place: the highest total of committed cards wins control."""

    kind: Literal["influence"] = "influence"
    place: Annotated[str, CHOSEN]
    bids: Annotated[dict[str, list[int]], TEAM] = Field(description="team -> scores of the cards it commits.")


class Handover(Command):
    """The holding team hands a place over to another faction (or leaves it neutral)."""

    kind: Literal["handover"] = "handover"
    place: Annotated[str, side("holder")]
    to: Annotated[str | None, CHOSEN]


class Rebuild(Command):
    """Recover losses of a counter with warlike stores (3 per loss)."""

    kind: Literal["rebuild"] = "rebuild"
    counter: Annotated[str, COUNTER]
    losses: Annotated[int, CHOSEN] = Field(1, ge=1)


class SetUpCamp(Command):
    """Set up a humanitarian camp with aid blocks in the place and money."""

    kind: Literal["camp"] = "camp"
    team: Annotated[str, TEAM]
    place: Annotated[str, CHOSEN]


class DeliverAid(Command):
    """Put aid blocks a team holds onto the map."""

    kind: Literal["deliver_aid"] = "deliver_aid"
    team: Annotated[str, TEAM]
    place: Annotated[str, CHOSEN]
    count: Annotated[int, CHOSEN] = Field(1, ge=1)


class MoveAid(Command):
    """Move aid blocks along roads (by their owner, or by the faction holding their place)."""

    kind: Literal["move_aid"] = "move_aid"
    by: Annotated[str, TEAM] = Field(description="The team moving the blocks.")
    owner: Annotated[str, CHOSEN] = Field(description="The team that owns the blocks (the rules let the faction "
                                          "holding their place move them too).")
    place: Annotated[str, CHOSEN] = Field(description="Where the blocks are.")
    to: Annotated[str, CHOSEN]
    count: Annotated[int, CHOSEN] = Field(1, ge=1)


class Transfer(Command):
    """A trade or gift between teams."""

    kind: Literal["transfer"] = "transfer"
    source: Annotated[str, TEAM] = Field(alias="from", description="The giving team.")
    to: Annotated[str, CHOSEN] = Field(description="The receiving team (the giver's choice).")
    money: Annotated[int, CHOSEN] = Field(0, ge=0)
    stores: Annotated[int, CHOSEN] = Field(0, ge=0)
    aid: Annotated[int, CHOSEN] = Field(0, ge=0)
    cruise_missiles: Annotated[int, CHOSEN] = Field(0, ge=0)
    cards: Annotated[list[int], CHOSEN] = Field(default_factory=list)
    counters: Annotated[list[str], COUNTER] = Field(default_factory=list)

    @model_validator(mode="after")
    def _something(self) -> Transfer:
        if not (self.money or self.stores or self.aid or self.cruise_missiles or self.cards or self.counters):
            raise ValueError("a transfer must move something: money, stores, aid, cruise_missiles, cards or counters")
        return self


class Supply(Command):
    """CONTROL adds (or removes) resources from outside: arms dealers, home governments, UN agencies."""

    kind: Literal["supply"] = "supply"
    team: Annotated[str, TEAM]
    money: Annotated[int, CHOSEN] = 0
    stores: Annotated[int, CHOSEN] = 0
    aid: Annotated[int, CHOSEN] = 0
    cruise_missiles: Annotated[int, CHOSEN] = 0
    cards: Annotated[list[int], CHOSEN] = Field(default_factory=list, description="Cards dealt to the team (scores).")
    reason: Annotated[str, CHOSEN] = Field(min_length=1)


class SetPR(Command):
    """CONTROL sets a team's PR level, always with a reason."""

    kind: Literal["set_pr"] = "set_pr"
    team: Annotated[str, TEAM]
    level: Annotated[int, CHOSEN] = Field(ge=0, le=8)
    reason: Annotated[str, CHOSEN] = Field(min_length=1)


class SetControl(Command):
    """CONTROL sets who holds a place, with a reason."""

    kind: Literal["set_control"] = "set_control"
    place: Annotated[str, side("holder")]
    team: Annotated[str | None, TEAM]
    reason: Annotated[str, CHOSEN] = Field(min_length=1)


class SetBombing(Command):
    """CONTROL allows or stops a team's bombing missions (the political will)."""

    kind: Literal["set_bombing"] = "set_bombing"
    team: Annotated[str, TEAM]
    allowed: Annotated[bool, CHOSEN]
    reason: Annotated[str, CHOSEN] = Field(min_length=1)


class SetAlliance(Command):
    """CONTROL records that two teams are allied (passage, not hostile) or no longer."""

    kind: Literal["set_alliance"] = "set_alliance"
    teams: Annotated[tuple[str, str], TEAM]
    allied: Annotated[bool, CHOSEN]
    reason: Annotated[str, CHOSEN] = Field(min_length=1)


class News(Command):
    """A headline from the International News Media, logged and shown on the big screen."""

    kind: Literal["news"] = "news"
    text: Annotated[str, CHOSEN] = Field(min_length=1)


class EndTurn(Command):
    """End the week: occupation, displaced people, upkeep, cards, then the next week."""

    kind: Literal["end_turn"] = "end_turn"


ALL_COMMANDS: tuple[type[Command], ...] = (
    Move, Deploy, Activate, Attack, Strike, Influence, Handover, Rebuild, SetUpCamp, DeliverAid, MoveAid,
    Transfer, Supply, SetPR, SetControl, SetBombing, SetAlliance, News, EndTurn,
)
