"""Mid-East PEACE's commands: what an umpire (or a player through an umpire) asks the game to do.

In a commands file one command is a mapping, e.g. ``{kind: attack, zone: cairo, to: sinai, forces: 3}``.
``player`` is optional on the phasing player's own functions (empty: the phasing player); commands a
player may give out of turn (a bid, a vote, a fist, a retreat, a gift of chips) name the player.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from boardapp.engine.module import Command

Player = Field(None, description="The player acting; empty: the phasing player.")


class ChoosePhases(Command):
    """Start the Player-Turn by choosing two phases, in order: economic→military, military→diplomatic or
    economic→diplomatic."""

    kind: Literal["choose_phases"] = "choose_phases"
    phases: tuple[Literal["economic", "military", "diplomatic"], Literal["economic", "military", "diplomatic"]] = Field(
        description="The two phases, in the order they are played.")
    player: str | None = Player


class CollectOil(Command):
    """Economic (a): collect Oil Revenue from the Oil Reserve (zones owned, less per Superpower Force)."""

    kind: Literal["collect_oil"] = "collect_oil"
    player: str | None = Player


class Drill(Command):
    """Economic (b): a drilling bid in a drillable zone the player owns; the umpire enters what was found."""

    kind: Literal["drill"] = "drill"
    zone: str = Field(description="A drillable zone the player owns.")
    bid: int = Field(ge=0, description="Oil Chips spent on the bid (to the Oil Reserve).")
    found: int = Field(ge=0, description="The outcome the umpire rules: chips added to the zone's oil revenue "
                       "(0: a dry well).")
    player: str | None = Player


class Move(Command):
    """Military (a): a re-deployment (into the player's own zone) or an annexation (into a zone no one owns)."""

    kind: Literal["move"] = "move"
    zone: str = Field(description="The zone the Forces leave.")
    to: str = Field(description="The neighbouring zone they enter.")
    forces: int = Field(ge=1, description="How many Forces move.")
    player: str | None = Player


class Attack(Command):
    """Military (a): declare an attack, moving Forces up to the border of a neighbouring enemy zone."""

    kind: Literal["attack"] = "attack"
    zone: str = Field(description="The attacking zone.")
    to: str = Field(description="The zone attacked.")
    forces: int = Field(ge=1, description="Forces moved up to the border (the cap of the attacker's fist).")
    superpower: Literal["none", "support", "attack"] = Field(
        "none", description="The player's Superpower Force in the attacking zone supports the attack (power 2x, "
        "cost 3x) or attacks and occupies with it (power 2x, cost 4x, it moves in on a win).")
    player: str | None = Player


class Fist(Command):
    """Military (b): one side's secret commitment of Oil Chips to a battle (revealed when both are in)."""

    kind: Literal["fist"] = "fist"
    battle: str = Field(description="The zone attacked (names the battle).")
    side: Literal["attacker", "defender"] = Field(description="Whose fist: the attacker's or the defender's.")
    chips: int = Field(ge=0, description="Oil Chips in the fist (0 allowed; at most the side's available Forces).")


class RetreatTo(Command):
    """A defeated defender's upright Forces retreat as one group to a neighbouring zone the player owns."""

    kind: Literal["retreat"] = "retreat"
    to: str | None = Field(None, description="The zone they retreat to; empty: none is possible, they are eliminated.")


class HostAuction(Command):
    """Diplomatic (a): host an Arms Auction of a lot of Forces."""

    kind: Literal["host_auction"] = "host_auction"
    player: str | None = Player


class Bid(Command):
    """A bid at the open Arms Auction (any player, any number of times)."""

    kind: Literal["bid"] = "bid"
    player: str = Field(description="The bidder.")
    chips: int = Field(ge=1, description="Oil Chips offered for the lot.")


class CloseAuction(Command):
    """Close the Arms Auction: the highest bidder pays the Oil Reserve and places the lot in the Homeland."""

    kind: Literal["close_auction"] = "close_auction"


class UnMotion(Command):
    """Diplomatic (b): a resolution before the UN Assembly (in a Negotiation Phase: a dispute, by any player)."""

    kind: Literal["un_motion"] = "un_motion"
    motion: Literal["resolution", "peacekeeping", "cease_fire"] = Field(
        "resolution", description="resolution (binds nothing), peacekeeping (move the UN Peacekeeping Force to "
        "`zone`) or cease_fire (ends the game in PEACE).")
    zone: str | None = Field(None, description="For a peacekeeping motion: the zone the UN Force moves to.")
    text: str = Field("", description="The resolution's words, for the log.")
    player: str | None = Player


class UnVote(Command):
    """A player casts all his votes on the motion before the Assembly."""

    kind: Literal["un_vote"] = "un_vote"
    player: str = Field(description="The voting player (all his votes go one way).")
    vote: Literal["yea", "nay", "abstain"] = Field(description="yea, nay or abstain (abstentions are not counted).")


class UnTally(Command):
    """Count the votes and carry out the motion if it passes."""

    kind: Literal["un_tally"] = "un_tally"
    veto: bool = Field(False, description="The occupant of a peacekeeping motion's target zone vetoes the move.")


class SuperpowerIntervention(Command):
    """Diplomatic (c): a Bloc member adds a Superpower Force to the Homeland."""

    kind: Literal["superpower"] = "superpower"
    player: str | None = Player


class GiveChips(Command):
    """Oil Chips handed from one player to another (a bribe, a deal): any time."""

    kind: Literal["give_chips"] = "give_chips"
    player: str = Field(description="Who gives.")
    to: str = Field(description="Who receives.")
    chips: int = Field(ge=1, description="Oil Chips handed over.")


class SetBloc(Command):
    """CONTROL: a player joins the Red or Blue Bloc, or leaves it (logged change)."""

    kind: Literal["set_bloc"] = "set_bloc"
    player: str = Field(description="The player whose Bloc changes.")
    bloc: Literal["red", "blue", "none"] = Field(description="red, blue, or none (Non-Aligned).")


class SetOil(Command):
    """CONTROL: set a zone's oil revenue (a ruling)."""

    kind: Literal["set_oil"] = "set_oil"
    zone: str = Field(description="The zone whose oil revenue is set.")
    oil: int = Field(ge=0, description="Its new oil revenue, in chips per Economic Phase.")
    reason: str = Field("", description="Why, for the log.")


class EndTurn(Command):
    """End the Player-Turn (or, after the last player's, the Negotiation Phase and the round)."""

    kind: Literal["end_turn"] = "end_turn"


ALL_COMMANDS: tuple[type[Command], ...] = (
    ChoosePhases, CollectOil, Drill, Move, Attack, Fist, RetreatTo, HostAuction, Bid, CloseAuction,
    UnMotion, UnVote, UnTally, SuperpowerIntervention, GiveChips, SetBloc, SetOil, EndTurn,
)
