"""Coup's commands: what a player (through his seat or an umpire) or Control asks the game to do.

Each is a small frozen value with a ``kind``; in a commands file one command is a mapping, e.g.
``{kind: play_card, player: gov-mil, card: 7C, target: reb-mil}``. Players are the nine seats
``gov-mil`` … ``for-civ``; cards are written rank then suit (``AS``, ``10H``, ``QC``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardapp.engine.module import Command
from boardapp.engine.rights import CHOSEN, TEAM

Player = Field(description="The seat acting: gov-mil, gov-para, gov-civ, reb-mil, reb-para, reb-civ, for-mil, "
               "for-para or for-civ.")
Die = Field(None, ge=1, le=6, description="A physical die's roll typed by Control; empty: the game rolls.")


class Setup(Command):
    """Control shuffles the deck, deals one random unit of his class and one card to each Government
    and Rebel player and two cards to each Foreign Power player, and rolls the first turn's order."""

    kind: Literal["setup"] = "setup"
    die: Annotated[int | None, CHOSEN] = Die


class EndTurn(Command):
    """Control ends the turn once every player has acted or passed, and rolls the next turn's order
    (after every second turn a conference break begins)."""

    kind: Literal["end_turn"] = "end_turn"
    die: Annotated[int | None, CHOSEN] = Die


class EndConference(Command):
    """Control ends the conference break; play resumes."""

    kind: Literal["end_conference"] = "end_conference"


class ArrangeMeeting(Command):
    """During the round of play a player arranges to meet his counterpart at the next conference break
    (a Government or Rebel player and the Foreign Power player of his class). Talk, not his action."""

    kind: Literal["arrange_meeting"] = "arrange_meeting"
    player: Annotated[str, TEAM] = Player
    counterpart: Annotated[str, CHOSEN] = Field(
        description="The player he will meet: his counterpart on the other team (Government and Rebel never meet).")


class Meet(Command):
    """At the conference break, a meeting arranged beforehand is held."""

    kind: Literal["meet"] = "meet"
    player: Annotated[str, TEAM] = Player
    counterpart: Annotated[str, CHOSEN] = Field(description="The counterpart he arranged to meet.")


class Draw(Command):
    """The player's action: draw the top card of the deck from Control (refused at his card limit)."""

    kind: Literal["draw"] = "draw"
    player: Annotated[str, TEAM] = Player


class Pass(Command):
    """The player's action: do nothing this turn."""

    kind: Literal["pass"] = "pass"
    player: Annotated[str, TEAM] = Player


class PlayCard(Command):
    """The player's action: play a card from his hand against a counterpart. Before anything is
    rolled or seized his counterparts are asked whether they Block."""

    kind: Literal["play_card"] = "play_card"
    player: Annotated[str, TEAM] = Player
    card: Annotated[str, CHOSEN] = Field(description="The card played, rank then suit: AS, KD, QH, JC, 7C, 10D …")
    target: Annotated[str, CHOSEN] = Field(description="The counterpart it is played against.")
    remove_from: Annotated[Literal["pool", "counterpart"] | None, CHOSEN] = Field(
        None, description="Neutralize only: remove a unit from the player's section of the Neutral Pool ('pool') "
        "or from the target's units ('counterpart').")


class Attempt(Command):
    """The player's action: a Recruit or Neutralize without a card; after the Block window a d6 of
    1-3 succeeds."""

    kind: Literal["attempt"] = "attempt"
    player: Annotated[str, TEAM] = Player
    action: Annotated[Literal["recruit", "neutralize"], CHOSEN] = Field(description="recruit or neutralize.")
    target: Annotated[str, CHOSEN] = Field(
        description="The counterpart it is made against (who may Block; whose units a "
                    "Neutralize may hit).")
    remove_from: Annotated[Literal["pool", "counterpart"] | None, CHOSEN] = Field(
        None, description="Neutralize only: 'pool' or 'counterpart' (as for the card).")
    die: Annotated[int | None, CHOSEN] = Die


class Bust(Command):
    """Gov-Para's action (optional rule): play a Leak and attempt a Bust against a team; unblocked,
    a d6 against that team's count of recruit attempts decides."""

    kind: Literal["bust"] = "bust"
    player: Annotated[str, TEAM] = Player
    card: Annotated[str, CHOSEN] = Field(description="The Leak played (2-10 of Hearts).")
    against: Annotated[Literal["reb", "for"], CHOSEN] = Field(description="The team busted: reb or for.")
    die: Annotated[int | None, CHOSEN] = Die


class Block(Command):
    """A counterpart's reply to a pending attempt: play a Block (2-10 of Spades), cancelling it."""

    kind: Literal["block"] = "block"
    player: Annotated[str, TEAM] = Player
    card: Annotated[str, CHOSEN] = Field(description="The Block played (2-10 of Spades).")


class NoBlock(Command):
    """A counterpart's reply to a pending attempt: let it pass."""

    kind: Literal["no_block"] = "no_block"
    player: Annotated[str, TEAM] = Player


class BlockTimeout(Command):
    """Control closes the Block window: every counterpart who has not answered lets it pass."""

    kind: Literal["block_timeout"] = "block_timeout"


class Transfer(Command):
    """The player's action: hand a card or a unit to another player (cards within the team or to and
    from the Foreign Power team, to a player below his limit; units to a counterpart). A Foreign
    Power player's transfer carries the favours (chips) negotiated."""

    kind: Literal["transfer"] = "transfer"
    player: Annotated[str, TEAM] = Player
    to: Annotated[str, CHOSEN] = Field(description="The player receiving it.")
    card: Annotated[str | None, CHOSEN] = Field(
        None, description="The card handed over (give a card or a unit, not both).")
    unit: Annotated[str | None, CHOSEN] = Field(
        None, description="The unit handed over, by id (mil-tanks-1, para-police-3, …).")
    chips: Annotated[int, CHOSEN] = Field(0, ge=0, description="Favours that come with it (Foreign Power givers only).")


class Discard(Command):
    """Discard the card an Infiltrate just seized, instead of keeping it (not an action)."""

    kind: Literal["discard"] = "discard"
    player: Annotated[str, TEAM] = Player
    card: Annotated[str, CHOSEN]


class DeclareCoup(Command):
    """Reb-Mil declares the coup (while at least one card is left in the deck): play stops and Control's
    Affiliation Check rolls for every unit left in the Neutral Pool."""

    kind: Literal["declare_coup"] = "declare_coup"
    player: Annotated[str, TEAM] = Field("reb-mil", description="Always reb-mil.")
    rolls: Annotated[list[int] | None, CHOSEN] = Field(
        None, description="Control's physical rolls for the Affiliation Check, one d6 per unit left in the pool, "
        "in pool order (military, paramilitary, civilian sections); empty: the game rolls.")


class Support(Command):
    """A Foreign Power player declares, on his own, which side he backs; his units go to that side's
    player of their class."""

    kind: Literal["support"] = "support"
    player: Annotated[str, TEAM] = Player
    side: Annotated[Literal["gov", "reb", "none"], CHOSEN] = Field(description="gov, reb or none (backing no side).")


class Arm(Command):
    """Arming civilians (optional rule): a Government or Rebel civilian player hands Student and Labour
    units to his team's paramilitary player; they fight with strength 2."""

    kind: Literal["arm"] = "arm"
    player: Annotated[str, TEAM] = Player
    units: Annotated[list[str], CHOSEN] = Field(min_length=1, description="Student and Labour units he holds.")


class StartCombat(Command):
    """Control closes the declarations (a Foreign Power player who has not declared backs no side)
    and combat begins: Gov-Mil lays out first."""

    kind: Literal["start_combat"] = "start_combat"


class LayOut(Command):
    """The defending side's Mil player lays out all its military and paramilitary units face down in
    stacks of one or two."""

    kind: Literal["lay_out"] = "lay_out"
    player: Annotated[str, TEAM] = Player
    stacks: Annotated[list[list[str]], CHOSEN] = Field(
        description="Stacks of one or two unit ids; every unit of the side in one stack.")


class Match(Command):
    """The attacking side's Mil player matches laid-out stacks with stacks of one or two of his own
    (need not engage every stack nor use every unit). The engaged stacks flip at once."""

    kind: Literal["match"] = "match"
    player: Annotated[str, TEAM] = Player
    pairs: Annotated[dict[int, list[str]], CHOSEN] = Field(
        description="Laid-out stack number (1 = the first laid) -> the one or two units sent against it.")


class Lose(Command):
    """A side's Mil player chooses the unit it loses in each pairing where both sides lose one."""

    kind: Literal["lose"] = "lose"
    player: Annotated[str, TEAM] = Player
    units: Annotated[list[str], CHOSEN] = Field(
        description="One unit from each pairing in which this side owes a loss of its choice.")


class ObjectiveMet(Command):
    """Control rules that a player has met his secret objective: he scores its points (or those given)."""

    kind: Literal["objective_met"] = "objective_met"
    player: Annotated[str, TEAM] = Player
    points: Annotated[int | None, CHOSEN] = Field(
        None, ge=0, description="Points awarded; empty: the objective's points.")


ALL_COMMANDS: tuple[type[Command], ...] = (
    Setup, EndTurn, EndConference, ArrangeMeeting, Meet, Draw, Pass, PlayCard, Attempt, Bust, Block, NoBlock,
    BlockTimeout,
    Transfer, Discard, DeclareCoup, Support, Arm, StartCombat, LayOut, Match, Lose, ObjectiveMet,
)

CONTROL_ONLY = frozenset({"setup", "end_turn", "end_conference", "block_timeout", "start_combat", "objective_met"})
