"""Coup's position as scenario data: hands, the deck and the discard pile, the Neutral Pool, chips,
Busts, the turn, the Block window, the Coup's declarations and the combat stacks (docs/formats.md,
'A game under way').

The fields are :class:`~boardapp.rules.coup.state.CoupState`'s, written by the generic
:class:`~boardapp.engine.position.PositionCodec`; the checks below refuse a position the game cannot
be in, naming the bad value and what to give instead.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import Loc, PositionCodec, position_problems, position_scenario, with_position
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.coup.components import ARMABLE, CLASSES, DECK, PLAYERS, TEAMS, UNITS
from boardapp.rules.coup.state import CoupState

NOTES = {
    "turn": "The turn being played, from 1.",
    "order_roll": "The die that set this turn's order (null until rolled).",
    "discard": "The discard pile, face up, oldest first.",
    "hands": "Seat -> the cards in his hand (rank then suit: 7D, 10S, KH).",
    "units": "Seat -> the unit counters he holds.",
    "pending": "The Block window: an attempt waiting for the counterparts' answers (null: none open).",
    "combat": "Where the three rounds of combat stand (null before the combat phase).",
    "Pending.actor": "The seat making the attempt.",
    "Pending.bust_team": "A Bust: the team busted.",
    "Combat.round": "The round, 1 to 3.",
    "Combat.pairings": "The engaged pairs of stacks of this half, flipped face up.",
    "Pairing.stack": "The defending stack's place in the order laid (from 0).",
    "Pairing.defender": "The defending side's units in it.",
    "Pairing.attacker": "The attacking side's units matched against it.",
    "Pairing.defender_fire": "The defender's firepower after dummies were removed.",
    "Pairing.attacker_fire": "The attacker's firepower after dummies were removed.",
}
CODEC = PositionCodec(CoupState, notes=NOTES)
__all__ = ["CODEC", "position_scenario", "problems", "validate", "with_position"]
PHASES = ("setup", "play", "coup", "combat", "over")
ACTIONS = ("loyalty_shift", "infiltrate", "leak", "recruit", "neutralize", "bust")
STEPS = ("lay_out", "match", "losses")
Found = list[tuple[Loc, str]]
P = ("position",)


def _seats(found: Found, loc: Loc, mapping: dict[str, Any], what: str) -> None:
    for p in mapping:
        if p not in PLAYERS:
            found.append(((*P, *loc, p), f"no seat {p!r} in {what}; the seats are {', '.join(PLAYERS)}"))


def _cards(s: CoupState) -> Found:
    found: Found = []
    where: dict[str, Loc] = {}
    places: list[tuple[Loc, list[str]]] = [(("deck",), s.deck), (("discard",), s.discard)]
    places += [(("hands", p), h) for p, h in s.hands.items()]
    for loc, cards in places:
        for i, card in enumerate(cards):
            if card not in DECK:
                found.append(((*P, *loc, i), f"{card!r} is not a card: cards are written rank then suit "
                              "(A, 2 … 10, J, Q, K and C, D, H, S), like 7D, 10S, KH"))
            elif card in where:
                other = ".".join(map(str, where[card]))
                found.append(((*P, *loc, i), f"card {card} is also in {other}: a card is in one place; "
                              "leave one of the two out"))
            else:
                where[card] = loc
    if s.phase != "setup" and len(where) != len(DECK) and not found:
        missing = [c for c in DECK if c not in where]
        found.append(((*P, "deck"), f"cards {', '.join(missing[:8])}{' …' if len(missing) > 8 else ''} are "
                      "nowhere: after the deal every card is in the deck, a hand or the discard pile; add them "
                      "to one"))
    for p, card in s.seized.items():
        if card not in s.hands.get(p, []):
            found.append(((*P, "seized", p), f"{p} seized {card!r} but does not hold it: give a card in "
                          f"hands.{p}"))
    return found


def _units(s: CoupState) -> Found:
    found: Found = []
    where: dict[str, Loc] = {}
    places: list[tuple[Loc, list[str]]] = [(("pool", c), us) for c, us in s.pool.items()]
    places += [(("units", p), us) for p, us in s.units.items()] + [(("removed",), s.removed)]
    for loc, units in places:
        for i, u in enumerate(units):
            if u not in UNITS:
                found.append(((*P, *loc, i), f"no unit counter {u!r}; the counters are like "
                              f"{', '.join(list(UNITS)[:4])} …"))
            elif u in where:
                found.append(((*P, *loc, i), f"unit {u} is also in {'.'.join(map(str, where[u]))}: a counter "
                              "is in one place"))
            else:
                where[u] = loc
    for c, us in s.pool.items():
        for i, u in enumerate(us):
            if u in UNITS and UNITS[u].cls != c:
                found.append(((*P, "pool", c, i), f"{u} is a {UNITS[u].cls} unit: put it in pool.{UNITS[u].cls}"))
    if not found:
        missing = [u for u in UNITS if u not in where]
        if missing:
            found.append(((*P, "removed"), f"units {', '.join(missing[:6])}{' …' if len(missing) > 6 else ''} are "
                          "nowhere: every counter is in the pool, with a player, or out of the game (removed)"))
    for p, us in s.units.items():
        for i, u in enumerate(us):
            if p in PLAYERS and u in UNITS and UNITS[u].cls != p.split("-")[1] and u not in s.armed:
                found.append(((*P, "units", p, i), f"{p} cannot hold {u}, a {UNITS[u].cls} unit (only armed "
                              "civilians cross classes): give it to a "
                              f"{UNITS[u].cls} player or list it in armed"))
    for i, u in enumerate(s.armed):
        if u in UNITS and UNITS[u].type.kind not in ARMABLE:
            found.append(((*P, "armed", i), f"{u} cannot be armed: only {', '.join(sorted(ARMABLE))} units are"))
    return found


def _turn(s: CoupState) -> Found:
    found: Found = []
    if s.phase not in PHASES:
        found.append(((*P, "phase"), f"no phase {s.phase!r}; give one of {', '.join(PHASES)}"))
    if s.turn < 1:
        found.append(((*P, "turn"), f"turn {s.turn}: turns count from 1"))
    if s.order and sorted(s.order) != sorted(TEAMS):
        found.append(((*P, "order"), f"the turn order {s.order} must name gov, reb and for once each (or be empty "
                      "before it is rolled)"))
    if s.order_roll is not None and not 1 <= s.order_roll <= 6:
        found.append(((*P, "order_roll"), f"a die shows 1 to 6, not {s.order_roll}"))
    for i, p in enumerate(s.acted):
        if p not in PLAYERS:
            found.append(((*P, "acted", i), f"no seat {p!r}; the seats are {', '.join(PLAYERS)}"))
    for key in ("hands", "units", "chips"):
        _seats(found, (key,), getattr(s, key), key)
        missing = [p for p in PLAYERS if p not in getattr(s, key)]
        if missing:
            found.append(((*P, key), f"{key} lacks {', '.join(missing)}: give every seat (an empty list or 0)"))
    for c in s.pool:
        if c not in CLASSES:
            found.append(((*P, "pool", c), f"no class {c!r}; the pool is kept by class: {', '.join(CLASSES)}"))
    for side, n in s.bust_tally.items():
        if side not in ("reb", "for"):
            found.append(((*P, "bust_tally", side), f"Busts count Rebel and Foreign Power attempts: reb or for, "
                          f"not {side!r}"))
        elif n < 0:
            found.append(((*P, "bust_tally", side), f"{n} attempts: a count is 0 or more"))
    if s.gov_attempts < 0:
        found.append(((*P, "gov_attempts"), f"{s.gov_attempts} attempts: a count is 0 or more"))
    for p, backs in s.support.items():
        if p not in PLAYERS or not p.startswith("for-"):
            found.append(((*P, "support", p), f"only Foreign Power players declare support, not {p!r}"))
        elif backs not in ("gov", "reb", None):
            found.append(((*P, "support", p), f"{p} backs gov, reb or neither (null), not {backs!r}"))
    if s.power not in ("gov", "reb", None):
        found.append(((*P, "power"), f"power is held by gov or reb (or null while the game goes on), not {s.power!r}"))
    if s.power is not None and s.phase != "over":
        found.append(((*P, "power"), "a side holds power only when the game is over: give phase: over, or power: "
                      "null"))
    if s.pending is not None:
        pend = s.pending
        if pend.actor not in PLAYERS:
            found.append(((*P, "pending", "actor"), f"no seat {pend.actor!r}"))
        if pend.action not in ACTIONS:
            found.append(((*P, "pending", "action"), f"no action {pend.action!r}; give one of {', '.join(ACTIONS)}"))
        if pend.target not in PLAYERS:
            found.append(((*P, "pending", "target"), f"no seat {pend.target!r}"))
        for i, p in enumerate(pend.asked):
            if p not in PLAYERS:
                found.append(((*P, "pending", "asked", i), f"no seat {p!r}"))
        if pend.card is not None and pend.card not in DECK:
            found.append(((*P, "pending", "card"), f"{pend.card!r} is not a card (like 7D, KH)"))
        if s.phase != "play":
            found.append(((*P, "pending"), f"a Block window is open only in the card phase (phase: play), not in "
                          f"{s.phase!r}: leave pending out"))
    if s.combat is None and s.phase == "combat":
        found.append(((*P, "phase"), "the combat phase needs its stacks: give combat (round, half, step, stacks …)"))
    if s.combat is not None and s.phase not in ("combat", "over"):
        found.append(((*P, "combat"), f"combat stacks are on the table only in the combat phase (and its record when "
                      f"the game is over), not in {s.phase!r}: give phase: combat, or leave combat out"))
    if s.combat is not None:
        cb = s.combat
        if not 1 <= cb.round <= 3:
            found.append(((*P, "combat", "round"), f"combat has three rounds: 1 to 3, not {cb.round}"))
        if cb.half not in (0, 1):
            found.append(((*P, "combat", "half"), f"half is 0 (the Government lays out) or 1 (the Rebels), not "
                          f"{cb.half}"))
        if cb.step not in STEPS:
            found.append(((*P, "combat", "step"), f"no step {cb.step!r}; give one of {', '.join(STEPS)}"))
        for i, stack in enumerate(cb.stacks):
            for j, u in enumerate(stack):
                if u not in UNITS:
                    found.append(((*P, "combat", "stacks", i, j), f"no unit counter {u!r} in a stack"))
    return found


def validate(module: Any, state: CoupState) -> Found:
    """Why ``state`` is not a position Coup can be in (empty: it is)."""
    found = _turn(state)
    if found:
        return found
    return _units(state) + _cards(state)


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.coup.module import CoupRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, CoupRules, CODEC, [validate])]

