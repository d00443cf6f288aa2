"""The turn: Control's set-up and end of turn (rolling the order of the teams, conference breaks),
and the plain actions — draw, pass, transfer — plus discarding an infiltrated card."""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import (
    action_gate,
    order_text,
    phase_is,
    pick,
    public,
    roll,
    secret,
    shuffle,
    unknown_card,
    unknown_player,
)
from boardapp.rules.coup.components import (
    CLASS_NAMES,
    DECK,
    FOREIGN_UNIT_LIMIT,
    ORDER_TABLE,
    PLAYERS,
    UNITS,
    card_limit,
    card_name,
    class_of,
    seat_name,
    team_of,
)
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.score import score_event
from boardapp.rules.coup.state import CoupState


def _roll_order(state: CoupState, dice: Dice, die: int | None) -> Event:
    """The order of the teams, rolled anew each turn (the rulebook's Order of Play table). On dice not cast
    yet (the end-of-turn preview of an unseeded game) the event says the order is rolled as the turn begins,
    not an order that the real roll would not give (rehearsal 3: a preview's "G-F-R (rolled 2)", then R-G-F)."""
    n = roll(dice, die)
    state.order = list(ORDER_TABLE[n])
    state.order_roll = n
    if die is None and not dice.known:
        return public("order", f"Turn {state.turn}: the order of play is rolled (a d6) as the turn begins",
                      turn=state.turn)
    return public("order", f"Turn {state.turn}: the order of play is {order_text(state.order)} (rolled {n})",
                  roll=n, order=list(state.order), turn=state.turn)


# --- setup -------------------------------------------------------------------------------------
def check_setup(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    return phase_is(state, "setup")


def apply_setup(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    """Shuffle the deck, deal units and cards, roll the first turn's order."""
    assert isinstance(cmd, c.Setup)
    state.deck = list(DECK)
    shuffle(dice, state.deck)
    events = [public("setup", "Control shuffles the 52-card deck and deals: one unit and one card to each "
                     "Government and Rebel player, two cards to each Foreign Power player")]
    for p in PLAYERS:
        got: list[str] = []
        if team_of(p) != "for":
            unit = pick(dice, state.pool[class_of(p)])
            state.units[p].append(unit)
            got.append(UNITS[unit].name)
        for _ in range(1 if team_of(p) != "for" else 2):
            state.hands[p].append(state.deck.pop())
        cards = ", ".join(card_name(x) for x in state.hands[p])
        events.append(secret("dealt", f"{seat_name(p)} is dealt {', '.join([*got, cards])}", (p,),
                             units=list(state.units[p]), cards=list(state.hands[p])))
    state.phase = "play"
    events.append(_roll_order(state, dice, cmd.die))
    return events


# --- end of turn -------------------------------------------------------------------------------
def check_end_turn(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    reasons = phase_is(state, "play")
    if reasons:
        return reasons
    if state.pending is not None:
        return [Impossible(f"{seat_name(state.pending.actor)}'s attempt is waiting for Block answers")]
    waiting = [seat_name(p) for p in PLAYERS if p not in state.acted]
    if waiting:
        reasons.append(f"not every player has acted or passed this turn: {', '.join(waiting)}")
    if state.conference:
        reasons.append("a conference break is on; Control ends it first")
    return reasons


def apply_end_turn(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.EndTurn)
    events = [public("end_turn", f"Turn {state.turn} ends", turn=state.turn)]
    if state.turn % sc.conference_every == 0:
        state.conference = True
        events.append(public("conference", f"Conference break: {sc.conference_minutes} minutes with the Foreign "
                             "Power (only counterparts meet; Government and Rebel never meet)",
                             minutes=sc.conference_minutes, after_turn=state.turn))
    state.turn += 1
    state.acted = []
    state.gov_attempts = 0
    state.seized = {}
    events.append(_roll_order(state, dice, cmd.die))
    return events


def check_end_conference(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    if not state.conference:
        return [Impossible("no conference break is on")]
    return []


def apply_end_conference(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    state.conference = False
    state.arranged, state.met = [], []  # arrangements were for this break
    return [public("conference_over", f"The conference break is over; turn {state.turn} begins")]


# --- draw and pass ----------------------------------------------------------------------------
def check_draw(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Draw)
    reasons = action_gate(state, cmd.player)
    if reasons and isinstance(reasons[0], Impossible):
        return reasons
    if not state.deck:
        reasons.append(Impossible("the deck is empty"))
    held, limit = len(state.hands[cmd.player]), card_limit(cmd.player)
    if held >= limit:
        reasons.append(f"{seat_name(cmd.player)} holds {held} cards, his limit")
    return reasons


def apply_draw(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Draw)
    card = state.deck.pop()
    state.hands[cmd.player].append(card)
    state.acted.append(cmd.player)
    events = [public("draw", f"{seat_name(cmd.player)} draws a card ({len(state.deck)} left in the deck)",
                     cmd.player, player=cmd.player, deck=len(state.deck)),
              secret("drawn", f"{seat_name(cmd.player)} draws the {card_name(card)}", (cmd.player,), card=card)]
    if not state.deck:
        # Reb-Mil had to declare before the last card was drawn: no coup, the Government stays.
        state.phase = "over"
        state.power = "gov"
        state.pending = None
        events.append(public("no_coup", "The last card is drawn and no coup was declared: the Government keeps "
                             "power; the game ends", power="gov"))
        events.append(score_event(sc, state))
    return events


def check_pass(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Pass)
    return action_gate(state, cmd.player)


def apply_pass(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Pass)
    state.acted.append(cmd.player)
    return [public("pass", f"{seat_name(cmd.player)} passes", cmd.player, player=cmd.player)]


# --- transfer ----------------------------------------------------------------------------------
def check_transfer(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    """Cards: within the team or to and from the Foreign Power team, only to a player below his limit.
    Units: only to a player of their class, never between Government and Rebel, a Foreign Power
    player holds three at most. Chips come only with a Foreign Power player's transfer."""
    assert isinstance(cmd, c.Transfer)
    reasons = action_gate(state, cmd.player) + unknown_player(cmd.to, "receiving player")
    if any(isinstance(r, Impossible) for r in reasons):
        return reasons
    giver, to = cmd.player, cmd.to
    if to == giver:
        return [Impossible("a player cannot transfer to himself")]
    if (cmd.card is None) == (cmd.unit is None):
        return [Impossible("a transfer hands over one card or one unit: give card or unit")]
    gt, tt = team_of(giver), team_of(to)
    if {gt, tt} == {"gov", "reb"}:
        reasons.append("Government and Rebel players never deal with each other; cards and units go within the "
                       "team or to and from the Foreign Power")
    if cmd.card is not None:
        reasons += unknown_card(cmd.card)
        if not reasons and cmd.card not in state.hands[giver]:
            return [Impossible(f"{seat_name(giver)} does not hold the {card_name(cmd.card)}")]
        held, limit = len(state.hands[to]), card_limit(to)
        if held >= limit:
            reasons.append(f"{seat_name(to)} holds {held} cards, his limit; he can take a card only below it")
    if cmd.unit is not None:
        if cmd.unit not in state.units[giver]:
            return [Impossible(f"{seat_name(giver)} holds no unit {cmd.unit!r}")]
        if class_of(to) != UNITS[cmd.unit].cls:
            reasons.append(f"a {CLASS_NAMES[UNITS[cmd.unit].cls]} unit goes only to a player of its class, "
                           f"not {seat_name(to)}")
        if tt == "for" and len(state.units[to]) >= FOREIGN_UNIT_LIMIT:
            reasons.append(f"{seat_name(to)} holds {FOREIGN_UNIT_LIMIT} units, the Foreign Power limit")
    if cmd.chips and gt != "for":
        reasons.append("only a Foreign Power player's transfers carry favours (chips)")
    return reasons


def apply_transfer(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Transfer)
    giver, to = cmd.player, cmd.to
    state.acted.append(giver)
    state.chips[to] += cmd.chips
    favours = f" with {cmd.chips} favour{'s' if cmd.chips != 1 else ''}" if cmd.chips else ""
    if cmd.card is not None:
        if cmd.card in state.hands[giver]:
            state.hands[giver].remove(cmd.card)
        state.hands[to].append(cmd.card)
        what, name = "a card", f"the {card_name(cmd.card)}"
    else:
        assert cmd.unit is not None
        if cmd.unit in state.units[giver]:
            state.units[giver].remove(cmd.unit)
        state.units[to].append(cmd.unit)
        what, name = "a unit", f"{UNITS[cmd.unit].name} ({cmd.unit})"
    return [
        public("transfer", f"{seat_name(giver)} hands {what} to {seat_name(to)}{favours}", giver, to,
               player=giver, to=to, what=what.split()[1], chips=cmd.chips),
        secret("transferred", f"{seat_name(giver)} hands {name} to {seat_name(to)}", (giver, to),
               card=cmd.card, unit=cmd.unit),
    ]


# --- discard -------------------------------------------------------------------------------------
def check_discard(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Discard)
    reasons = unknown_player(cmd.player) + unknown_card(cmd.card)
    if reasons:
        return reasons
    if cmd.card not in state.hands[cmd.player]:
        return [Impossible(f"{seat_name(cmd.player)} does not hold the {card_name(cmd.card)}")]
    if state.seized.get(cmd.player) != cmd.card:
        reasons.append("only the card an Infiltrate has just seized may be discarded (this turn)")
    return reasons


def apply_discard(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Discard)
    state.hands[cmd.player].remove(cmd.card)
    state.discard.append(cmd.card)
    state.seized.pop(cmd.player, None)
    return [public("discard", f"{seat_name(cmd.player)} discards the card he seized", cmd.player),
            secret("discarded", f"{seat_name(cmd.player)} discards the {card_name(cmd.card)}", (cmd.player,),
                   card=cmd.card)]
