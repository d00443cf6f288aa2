"""What dragging means on the Coup table: a card dropped on a counterpart's seat is played against
him, on a team-mate's (or between a team and the Foreign Power) it is handed over; a Spade dropped
while a Block window asks its holder is a Block; a seized card dropped on the discard pile is
discarded; a unit dropped on another seat is handed over — except after the coup, when a civilian
player's unit dropped on his team's paramilitary seat is armed (the optional rule). The board builds
no command itself.

The same rule answers from the live state (:func:`drop_command`, what the rule module gives the
board) and from a table as an audience sees it (:func:`drop_on_table`: a player's seat on the LAN
holds only its own view; the card it drags is in its own hand, so the view names the holder).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from boardapp.engine.module import Command
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.components import DECK, PLAYERS, UNITS, card_effect, counterparts
from boardapp.rules.coup.state import CoupState

DISCARD = "discard"
"""The place id of the discard pile on the table."""


def drop_command(state: CoupState, piece: str, place: str) -> Command | None:
    """The command a drop of ``piece`` (a card or unit id) on ``place`` (a seat, or 'discard') means."""
    card_holder = next((p for p, hand in state.hands.items() if piece in hand), None)
    asked = state.pending.asked if state.pending is not None else ()
    return _drop(card_holder, state.holder, asked, piece, place, phase=state.phase)


def drop_on_table(table: dict[str, Any], piece: str, place: str) -> Command | None:
    """The same as :func:`drop_command`, read from a table an audience sees (``BoardPicture.table``):
    only cards and units face up in that table can be dragged, so only those are found.

    >>> t = {"seats": [{"player": "gov-mil", "hand": [{"card": "5C"}], "unit_list": []}], "pending": None}
    >>> drop_on_table(t, "5C", "reb-mil").kind, drop_on_table(t, "5C", "gov-para").kind
    ('play_card', 'transfer')
    """
    card_holder = next((s["player"] for s in table.get("seats", [])
                        if any(h["card"] == piece for h in s.get("hand", []))), None)
    unit_holders = {u["id"]: s["player"] for s in table.get("seats", []) for u in s.get("unit_list", [])}
    pending = table.get("pending")
    asked = pending.get("asked", []) if pending else []
    return _drop(card_holder, unit_holders.get, asked, piece, place, phase=str(table.get("phase", "")))


def _drop(card_holder: str | None, unit_holder: Callable[[str], str | None], asked: Collection[str], piece: str,
          place: str, *, phase: str) -> Command | None:
    if piece in DECK:
        holder = card_holder
        if holder is None:
            return None
        if place == DISCARD:
            return c.Discard(player=holder, card=piece)
        if place not in PLAYERS or place == holder:
            return None
        if card_effect(piece) == "block":
            if holder in asked:
                return c.Block(player=holder, card=piece)
            return c.Transfer(player=holder, to=place, card=piece)
        if place in counterparts(holder):
            source = "counterpart" if card_effect(piece) == "neutralize" else None
            return c.PlayCard(player=holder, card=piece, target=place, remove_from=source)
        return c.Transfer(player=holder, to=place, card=piece)
    if piece in UNITS:
        holder = unit_holder(piece)
        if holder is None or place not in PLAYERS or place == holder:
            return None
        if phase == "coup" and holder in ("gov-civ", "reb-civ") and place == holder.replace("-civ", "-para"):
            return c.Arm(player=holder, units=[piece])
        return c.Transfer(player=holder, to=place, unit=piece)
    return None
