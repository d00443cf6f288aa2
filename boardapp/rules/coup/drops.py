"""What dragging means on the Coup table: a card dropped on a counterpart's seat is played against
him, on a team-mate's (or between a team and the Foreign Power) it is handed over; a Spade dropped
while a Block window asks its holder is a Block; a seized card dropped on the discard pile is
discarded; a unit dropped on another seat is handed over. The board builds no command itself."""

from __future__ import annotations

from boardapp.engine.module import Command
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.components import DECK, PLAYERS, UNITS, card_effect, counterparts
from boardapp.rules.coup.state import CoupState

DISCARD = "discard"
"""The place id of the discard pile on the table."""


def drop_command(state: CoupState, piece: str, place: str) -> Command | None:
    """The command a drop of ``piece`` (a card or unit id) on ``place`` (a seat, or 'discard') means."""
    if piece in DECK:
        holder = next((p for p, hand in state.hands.items() if piece in hand), None)
        if holder is None:
            return None
        if place == DISCARD:
            return c.Discard(player=holder, card=piece)
        if place not in PLAYERS or place == holder:
            return None
        pending = state.pending
        if card_effect(piece) == "block":
            if pending is not None and holder in pending.asked:
                return c.Block(player=holder, card=piece)
            return c.Transfer(player=holder, to=place, card=piece)
        if place in counterparts(holder):
            source = "counterpart" if card_effect(piece) == "neutralize" else None
            return c.PlayCard(player=holder, card=piece, target=place, remove_from=source)
        return c.Transfer(player=holder, to=place, card=piece)
    if piece in UNITS:
        holder = state.holder(piece)
        if holder is None or place not in PLAYERS or place == holder:
            return None
        return c.Transfer(player=holder, to=place, unit=piece)
    return None
