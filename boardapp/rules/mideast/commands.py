"""Mid-East PEACE's commands: what an umpire (or a player through an umpire) asks the game to do.

In a commands file one command is a mapping, e.g. ``{kind: attack, zone: cairo, to: sinai, forces: 3}``.
``player`` is optional on the phasing player's own functions (empty: the phasing player); commands a
player may give out of turn (a bid, a vote, a fist, a retreat, a gift of chips) name the player.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, TEAM, side

Player = Field(None, description="The player acting; empty: the phasing player.")
Actor = side("actor", always=True)
"""Who decides ``player``: the player named, or (empty) the phasing player, who acts all the same."""
FistOwner = side("fist")
"""A fist is its side's: the attacker's, or the defender's (the zone's owner), never the other's."""
Retreating = side("retreating", always=True)
"""Where beaten Forces retreat (or that none can) is their player's decision, whatever the field says."""
Vetoer = side("vetoer")
"""A veto of the UN Force's move is the player's it names (the rules refuse anyone but the target zone's
occupant)."""


class ChoosePhases(Command):
    """Start the Player-Turn by choosing two phases, in order: economic→military, military→diplomatic or
    economic→diplomatic."""

    kind: Literal["choose_phases"] = "choose_phases"
    phases: Annotated[
        tuple[Literal["economic", "military", "diplomatic"], Literal["economic", "military", "diplomatic"]], CHOSEN
    ] = Field(
        description="The two phases, in the order they are played.")
    player: Annotated[str | None, Actor] = Player


class CollectOil(Command):
    """Economic (a): collect Oil Revenue from the Oil Reserve (zones owned, less per Superpower Force)."""

    kind: Literal["collect_oil"] = "collect_oil"
    player: Annotated[str | None, Actor] = Player


class Drill(Command):
    """Economic (b): a drilling bid in a drillable zone the player owns; the umpire enters what was found."""

    kind: Literal["drill"] = "drill"
    zone: Annotated[str, CHOSEN] = Field(description="A drillable zone the player owns.")
    bid: Annotated[int, CHOSEN] = Field(ge=0, description="Oil Chips spent on the bid (to the Oil Reserve).")
    found: Annotated[int, CHOSEN] = Field(
        ge=0, description="The outcome the umpire rules: chips added to the zone's oil revenue "
                       "(0: a dry well).")
    player: Annotated[str | None, Actor] = Player


class Move(Command):
    """Military (a): a re-deployment (into the player's own zone) or an annexation (into a zone no one owns)."""

    kind: Literal["move"] = "move"
    zone: Annotated[str, CHOSEN] = Field(description="The zone the Forces leave.")
    to: Annotated[str, CHOSEN] = Field(description="The neighbouring zone they enter.")
    forces: Annotated[int, CHOSEN] = Field(ge=1, description="How many Forces move.")
    player: Annotated[str | None, Actor] = Player


class Attack(Command):
    """Military (a): declare an attack, moving Forces up to the border of a neighbouring enemy zone."""

    kind: Literal["attack"] = "attack"
    zone: Annotated[str, CHOSEN] = Field(description="The attacking zone.")
    to: Annotated[str, CHOSEN] = Field(description="The zone attacked.")
    forces: Annotated[int, CHOSEN] = Field(
        ge=1, description="Forces moved up to the border (the cap of the attacker's fist).")
    superpower: Annotated[Literal["none", "support", "attack"], CHOSEN] = Field(
        "none", description="The player's Superpower Force in the attacking zone supports the attack (power 2x, "
        "cost 3x) or attacks and occupies with it (power 2x, cost 4x, it moves in on a win).")
    player: Annotated[str | None, Actor] = Player


class Fist(Command):
    """Military (b): one side's secret commitment of Oil Chips to a battle (revealed when both are in)."""

    kind: Literal["fist"] = "fist"
    battle: Annotated[str, CHOSEN] = Field(description="The zone attacked (names the battle).")
    side: Annotated[Literal["attacker", "defender"], FistOwner] = Field(
        description="Whose fist: the attacker's or the defender's.")
    chips: Annotated[int, CHOSEN] = Field(
        ge=0, description="Oil Chips in the fist (0 allowed; at most the side's available Forces).")


class RetreatTo(Command):
    """A defeated defender's upright Forces retreat as one group to a neighbouring zone the player owns."""

    kind: Literal["retreat"] = "retreat"
    to: Annotated[str | list[str] | None, Retreating] = Field(
        None, description="The zone they retreat to; empty: none is possible, they are eliminated. (A list "
        "of zones is understood only to be refused: the Forces retreat as one group into one zone.)")
    forces: Annotated[int | None, Retreating] = Field(
        None, ge=0, le=1_000_000, description="How many Forces retreat; empty: all of them (the rule: all "
        "retreat as one group; fewer is refused, and only CONTROL's force splits the group).")


class HostAuction(Command):
    """Diplomatic (a): host an Arms Auction of a lot of Forces."""

    kind: Literal["host_auction"] = "host_auction"
    player: Annotated[str | None, Actor] = Player


class Bid(Command):
    """A bid at the open Arms Auction (any player, any number of times)."""

    kind: Literal["bid"] = "bid"
    player: Annotated[str, TEAM] = Field(description="The bidder.")
    chips: Annotated[int, CHOSEN] = Field(ge=1, description="Oil Chips offered for the lot.")


class CloseAuction(Command):
    """Close the Arms Auction: the highest bidder pays the Oil Reserve and places the lot in the Homeland."""

    kind: Literal["close_auction"] = "close_auction"


class UnMotion(Command):
    """Diplomatic (b): a resolution before the UN Assembly (in a Negotiation Phase: a dispute, by any player)."""

    kind: Literal["un_motion"] = "un_motion"
    motion: Annotated[Literal["resolution", "peacekeeping", "cease_fire"], CHOSEN] = Field(
        "resolution", description="resolution (binds nothing), peacekeeping (move the UN Peacekeeping Force to "
        "`zone`) or cease_fire (ends the game in PEACE).")
    zone: Annotated[str | None, CHOSEN] = Field(
        None, description="For a peacekeeping motion: the zone the UN Force moves to.")
    text: Annotated[str, CHOSEN] = Field("", description="The resolution's words, for the log.")
    player: Annotated[str | None, Actor] = Player


class UnVote(Command):
    """A player casts all his votes on the motion before the Assembly."""

    kind: Literal["un_vote"] = "un_vote"
    player: Annotated[str, TEAM] = Field(description="The voting player (all his votes go one way).")
    vote: Annotated[Literal["yea", "nay", "abstain"], CHOSEN] = Field(
        description="yea, nay or abstain (abstentions are not counted).")


class UnTally(Command):
    """Count the votes and carry out the motion if it passes."""

    kind: Literal["un_tally"] = "un_tally"
    veto: Annotated[str | bool | None, Vetoer] = Field(
        None, description="The player who vetoes a peacekeeping motion's move (only the target zone's occupant "
        "may); empty: no veto. (`true`, the older form naming nobody, is refused unless forced.)")


class SuperpowerIntervention(Command):
    """Diplomatic (c): a Bloc member adds a Superpower Force to the Homeland."""

    kind: Literal["superpower"] = "superpower"
    player: Annotated[str | None, Actor] = Player


class GiveChips(Command):
    """Oil Chips handed from one player to another (a bribe, a deal): any time."""

    kind: Literal["give_chips"] = "give_chips"
    player: Annotated[str, TEAM] = Field(description="Who gives.")
    to: Annotated[str, CHOSEN] = Field(description="Who receives.")
    chips: Annotated[int, CHOSEN] = Field(ge=1, description="Oil Chips handed over.")


class SetBloc(Command):
    """CONTROL: a player joins the Red or Blue Bloc, or leaves it (logged change)."""

    kind: Literal["set_bloc"] = "set_bloc"
    player: Annotated[str, TEAM] = Field(description="The player whose Bloc changes.")
    bloc: Annotated[Literal["red", "blue", "none"], CHOSEN] = Field(description="red, blue, or none (Non-Aligned).")


class SetOil(Command):
    """CONTROL: set a zone's oil revenue (a ruling)."""

    kind: Literal["set_oil"] = "set_oil"
    zone: Annotated[str, CHOSEN] = Field(description="The zone whose oil revenue is set.")
    oil: Annotated[int, CHOSEN] = Field(ge=0, description="Its new oil revenue, in chips per Economic Phase.")
    reason: Annotated[str, CHOSEN] = Field("", description="Why, for the log.")


class EndTurn(Command):
    """End the Player-Turn (or, after the last player's, the Negotiation Phase and the round)."""

    kind: Literal["end_turn"] = "end_turn"


ALL_COMMANDS: tuple[type[Command], ...] = (
    ChoosePhases, CollectOil, Drill, Move, Attack, Fist, RetreatTo, HostAuction, Bid, CloseAuction,
    UnMotion, UnVote, UnTally, SuperpowerIntervention, GiveChips, SetBloc, SetOil, EndTurn,
)
