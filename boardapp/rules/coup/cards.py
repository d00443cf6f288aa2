"""Cards and attempts: playing a card against a counterpart, Recruit/Neutralize without a card,
Gov-Para's Bust, and the Block window that comes before any roll or seizure.

Playing opens the window (``state.pending``) and uses the actor's action; each counterpart answers
``block`` or ``no_block`` (or Control closes the window with ``block_timeout``); only when every
counterpart has let it pass is the attempt carried out, with its random picks drawn then.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import action_gate, pick, public, roll, secret, unknown_card, unknown_player
from boardapp.rules.coup.components import (
    ATTEMPT_SUCCEEDS,
    CLASS_NAMES,
    EFFECT_NAMES,
    FOREIGN_UNIT_LIMIT,
    UNITS,
    bust_needs,
    card_effect,
    card_name,
    class_of,
    counterparts,
    seat_name,
    team_of,
)
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.state import CoupState, Pending


def _gov_limit(sc: CoupScenario, state: CoupState, player: str) -> list[str]:
    if (sc.options.one_government_recruit and not state.busted and team_of(player) == "gov"
            and state.gov_attempts >= 1):
        return ["the Government team has made its one Recruit or Neutralize attempt this turn "
                "(optional rule, until the first successful Bust)"]
    return []


def _effect_reasons(sc: CoupScenario, state: CoupState, player: str, action: str, *, target: str,
                    source: str | None) -> list[str]:
    """What the effect itself needs: something to take, seize or look at, room to hold it."""
    cls = class_of(player)
    reasons: list[str] = []
    if action == "recruit":
        if not state.pool[cls]:
            reasons.append(f"the {CLASS_NAMES[cls]} section of the Neutral Pool is empty")
        if team_of(player) == "for" and len(state.units[player]) >= FOREIGN_UNIT_LIMIT:
            reasons.append(f"{seat_name(player)} holds {FOREIGN_UNIT_LIMIT} units, the Foreign Power limit")
    if action == "neutralize":
        if source is None:
            reasons.append("a Neutralize says where it removes a unit from: remove_from pool (your section of the "
                           "Neutral Pool) or counterpart (the target's units)")
        elif source == "pool" and not state.pool[cls]:
            reasons.append(f"the {CLASS_NAMES[cls]} section of the Neutral Pool is empty")
        elif source == "counterpart" and not state.units[target]:
            reasons.append(f"{seat_name(target)} holds no units")
    if action in ("recruit", "neutralize"):
        reasons += _gov_limit(sc, state, player)
    if action == "loyalty_shift" and not state.units[target]:
        reasons.append(f"{seat_name(target)} holds no units to shift")
    if action in ("infiltrate", "leak") and not state.hands[target]:
        reasons.append(f"{seat_name(target)} holds no cards")
    return reasons


def _target_reasons(player: str, target: str) -> list[str]:
    reasons = unknown_player(target, "target")
    if not reasons and target not in counterparts(player):
        reasons.append(f"a card is played only against a counterpart: {seat_name(player)}'s are "
                       f"{' and '.join(seat_name(p) for p in counterparts(player))}")
    return reasons


def _open_window(state: CoupState, pending: Pending, text: str) -> list[Event]:
    state.pending = pending
    state.acted.append(pending.actor)
    if team_of(pending.actor) == "gov" and pending.action in ("recruit", "neutralize"):
        state.gov_attempts += 1
    asked = " or ".join(seat_name(p) for p in pending.asked)
    return [public("attempt", f"{text}; {asked} may Block", pending.actor, pending.target,
                   player=pending.actor, action=pending.action, card=pending.card, target=pending.target,
                   asked=list(pending.asked))]


# --- play a card ---------------------------------------------------------------------------------
def check_play_card(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.PlayCard)
    reasons = action_gate(state, cmd.player) + unknown_card(cmd.card)
    if any(isinstance(r, Impossible) for r in reasons):
        return reasons
    if cmd.card not in state.hands[cmd.player]:
        return [Impossible(f"{seat_name(cmd.player)} does not hold the {card_name(cmd.card)}")]
    effect = card_effect(cmd.card)
    if effect == "block":
        return [Impossible(f"the {card_name(cmd.card)} is a Block: it is played only in reply to an attempt")]
    target = _target_reasons(cmd.player, cmd.target)
    if target and isinstance(target[0], Impossible):
        return target
    if cmd.remove_from is not None and effect != "neutralize":
        reasons.append("only a Neutralize takes remove_from")
    return reasons + target + _effect_reasons(sc, state, cmd.player, effect, target=cmd.target,
                                              source=cmd.remove_from)


def apply_play_card(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.PlayCard)
    effect = card_effect(cmd.card)
    state.hands[cmd.player].remove(cmd.card)  # the card leaves the hand first (Infiltrate: before the seizure)
    state.discard.append(cmd.card)
    pending = Pending(actor=cmd.player, action=effect, card=cmd.card, target=cmd.target,
                      source=cmd.remove_from or ("pool" if effect == "neutralize" else None),
                      asked=list(counterparts(cmd.player)))
    return _open_window(state, pending, f"{seat_name(cmd.player)} plays the {card_name(cmd.card)} "
                        f"({EFFECT_NAMES[effect]}) against {seat_name(cmd.target)}")


# --- attempts without a card -------------------------------------------------------------------------
def check_attempt(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Attempt)
    reasons = action_gate(state, cmd.player)
    if any(isinstance(r, Impossible) for r in reasons):
        return reasons
    target = _target_reasons(cmd.player, cmd.target)
    if target and isinstance(target[0], Impossible):
        return target
    if cmd.remove_from is not None and cmd.action != "neutralize":
        reasons.append("only a Neutralize takes remove_from")
    return reasons + target + _effect_reasons(sc, state, cmd.player, cmd.action, target=cmd.target,
                                              source=cmd.remove_from)


def apply_attempt(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Attempt)
    pending = Pending(actor=cmd.player, action=cmd.action, card=None, target=cmd.target,
                      source=cmd.remove_from or ("pool" if cmd.action == "neutralize" else None), die=cmd.die,
                      asked=list(counterparts(cmd.player)))
    return _open_window(state, pending, f"{seat_name(cmd.player)} attempts a {EFFECT_NAMES[cmd.action]} without "
                        f"a card (against {seat_name(cmd.target)}; 1-{ATTEMPT_SUCCEEDS} succeeds)")


# --- Bust ------------------------------------------------------------------------------------------
def check_bust(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Bust)
    reasons = action_gate(state, cmd.player) + unknown_card(cmd.card)
    if any(isinstance(r, Impossible) for r in reasons):
        return reasons
    if cmd.card not in state.hands[cmd.player]:
        return [Impossible(f"{seat_name(cmd.player)} does not hold the {card_name(cmd.card)}")]
    if not sc.options.busting:
        reasons.append("Busting is an optional rule not in play in this scenario (options: busting)")
    if cmd.player != "gov-para":
        reasons.append("only Gov-Para attempts a Bust")
    if card_effect(cmd.card) != "leak":
        reasons.append(f"a Bust is made with a Leak (2-10 of Hearts), not the {card_name(cmd.card)}")
    if bust_needs(state.bust_tally[cmd.against]) is None:
        reasons.append(f"no recruit attempt of the {cmd.against} team has been counted: there is nothing to bust")
    return reasons


def apply_bust(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Bust)
    state.hands[cmd.player].remove(cmd.card)
    state.discard.append(cmd.card)
    pending = Pending(actor=cmd.player, action="bust", card=cmd.card, target=f"{cmd.against}-{class_of(cmd.player)}",
                      bust_team=cmd.against, die=cmd.die, asked=list(counterparts(cmd.player)))
    count = state.bust_tally[cmd.against]
    return _open_window(state, pending, f"{seat_name(cmd.player)} plays the {card_name(cmd.card)} and attempts a "
                        f"Bust against the {cmd.against} team ({count} attempts counted, "
                        f"needs {bust_needs(count) or 1} or less)")


# --- the Block window --------------------------------------------------------------------------------
def _window(state: CoupState) -> list[str]:
    if state.pending is None:
        return [Impossible("no attempt is waiting for a Block")]
    return []


def check_block(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Block)
    reasons = _window(state) + unknown_player(cmd.player) + unknown_card(cmd.card)
    if reasons:
        return reasons
    assert state.pending is not None
    if cmd.card not in state.hands[cmd.player]:
        return [Impossible(f"{seat_name(cmd.player)} does not hold the {card_name(cmd.card)}")]
    if card_effect(cmd.card) != "block":
        reasons.append(f"only the 2-10 of Spades block, not the {card_name(cmd.card)}")
    if cmd.player not in counterparts(state.pending.actor):
        reasons.append(f"only {seat_name(state.pending.actor)}'s counterparts may Block")
    elif cmd.player not in state.pending.asked:
        reasons.append(f"{seat_name(cmd.player)} has already let the attempt pass")
    return reasons


def apply_block(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    """The attempt is cancelled; the actor's action and card are spent, the Block goes to the discard."""
    assert isinstance(cmd, c.Block) and state.pending is not None
    p = state.pending
    state.hands[cmd.player].remove(cmd.card)
    state.discard.append(cmd.card)
    state.pending = None
    return [public("blocked", f"{seat_name(cmd.player)} blocks with the {card_name(cmd.card)}: "
                   f"{seat_name(p.actor)}'s {EFFECT_NAMES.get(p.action, 'Bust')} is cancelled", p.actor, cmd.player,
                   player=cmd.player, card=cmd.card, actor=p.actor, action=p.action)]


def check_no_block(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.NoBlock)
    reasons = _window(state) + unknown_player(cmd.player)
    if reasons:
        return reasons
    assert state.pending is not None
    if cmd.player not in state.pending.asked:
        reasons.append(f"{seat_name(cmd.player)} is not asked to Block (asked: "
                       f"{', '.join(seat_name(x) for x in state.pending.asked)})")
    return reasons


def apply_no_block(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.NoBlock) and state.pending is not None
    if cmd.player in state.pending.asked:
        state.pending.asked.remove(cmd.player)
    events = [public("no_block", f"{seat_name(cmd.player)} does not block", cmd.player, player=cmd.player)]
    if not state.pending.asked:
        events += resolve(sc, state, dice)
    return events


def check_block_timeout(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    return _window(state)


def apply_block_timeout(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert state.pending is not None
    silent = ", ".join(seat_name(p) for p in state.pending.asked)
    state.pending.asked = []
    return [public("block_timeout", f"Control closes the Block window ({silent or 'nobody'} let it pass)"),
            *resolve(sc, state, dice)]


# --- carrying out an unblocked attempt ------------------------------------------------------------
def resolve(sc: CoupScenario, state: CoupState, dice: Dice) -> list[Event]:
    """Carry out the pending attempt now that no counterpart blocked it."""
    p = state.pending
    assert p is not None
    state.pending = None
    actor, target, cls = p.actor, p.target, class_of(p.actor)
    name, tname = seat_name(actor), seat_name(target)
    counted = p.action == "recruit" and team_of(actor) in ("reb", "for") and cls in ("mil", "para")
    if counted:
        state.bust_tally[team_of(actor)] += 1
    if p.action == "bust":
        return _resolve_bust(state, p, dice)
    if p.card is None:
        n = roll(dice, p.die)
        if n > ATTEMPT_SUCCEEDS:
            return [public("attempt_failed", f"{name}'s {EFFECT_NAMES[p.action]} fails (rolled {n})", actor,
                           roll=n, player=actor)]
        events = [public("attempt_succeeded", f"{name}'s {EFFECT_NAMES[p.action]} succeeds (rolled {n})", actor,
                         roll=n, player=actor)]
    else:
        events = []
    if p.action == "recruit":
        if not state.pool[cls]:
            return [*events, public("recruit", f"{name} finds the {CLASS_NAMES[cls]} pool empty", actor)]
        unit = pick(dice, state.pool[cls])
        state.units[actor].append(unit)
        return [*events,
                public("recruit", f"{name} recruits a {CLASS_NAMES[cls]} unit from the Neutral Pool", actor,
                       player=actor),
                secret("recruited", f"{name} recruits {UNITS[unit].name} ({unit})", (actor,), unit=unit)]
    if p.action == "neutralize":
        if p.source == "counterpart":
            if not state.units[target]:
                return [*events, public("neutralize", f"{tname} holds no unit to neutralize", actor, target)]
            unit = pick(dice, state.units[target])
            state.removed.append(unit)
            return [*events,
                    public("neutralize", f"{name} neutralizes one of {tname}'s units: it leaves the game", actor,
                           target, player=actor, target=target),
                    secret("neutralized", f"{name} neutralizes {tname}'s {UNITS[unit].name} ({unit})",
                           (actor, target), unit=unit)]
        if not state.pool[cls]:
            return [*events, public("neutralize", f"{name} finds the {CLASS_NAMES[cls]} pool empty", actor)]
        unit = pick(dice, state.pool[cls])
        state.removed.append(unit)
        return [*events,
                public("neutralize", f"{name} neutralizes a {CLASS_NAMES[cls]} unit of the Neutral Pool: it leaves "
                       "the game", actor, player=actor),
                secret("neutralized", f"{name} neutralizes {UNITS[unit].name} ({unit}) from the pool", (actor,),
                       unit=unit)]
    if p.action == "loyalty_shift":
        if not state.units[target]:
            return [public("loyalty_shift", f"{tname} holds no unit to shift", actor, target)]
        unit = pick(dice, state.units[target])
        state.pool[UNITS[unit].cls].append(unit)
        return [public("loyalty_shift", f"Loyalty Shift: {tname} returns one unit to the Neutral Pool", actor, target,
                       player=actor, target=target),
                secret("shifted", f"{tname}'s {UNITS[unit].name} ({unit}) returns to the pool face down", (target,),
                       unit=unit)]
    if p.action == "infiltrate":
        if not state.hands[target]:
            return [public("infiltrate", f"{tname} holds no card to seize", actor, target)]
        card = pick(dice, state.hands[target])
        state.hands[actor].append(card)
        state.seized[actor] = card
        return [public("infiltrate", f"Infiltrate: {name} takes one card from {tname}'s hand", actor, target,
                       player=actor, target=target),
                secret("seized", f"{name} takes the {card_name(card)} from {tname}", (actor, target), card=card)]
    # leak
    if not state.hands[target]:
        return [public("leak", f"{tname} holds no card to show", actor, target)]
    card = state.hands[target][dice.randint(0, len(state.hands[target]) - 1)]
    return [public("leak", f"Leak: {name} looks at one of {tname}'s cards", actor, target, player=actor,
                   target=target),
            secret("leaked", f"{name} sees {tname}'s {card_name(card)}", (actor, target), card=card)]


def _resolve_bust(state: CoupState, p: Pending, dice: Dice) -> list[Event]:
    team = p.bust_team
    assert team is not None
    count = state.bust_tally[team]
    need = bust_needs(count) or 1
    n = roll(dice, p.die)
    if n > need:
        return [public("bust_failed", f"The Bust against the {team} team fails (rolled {n}, needed {need} or less "
                       f"with {count} attempts)", p.actor, roll=n, need=need, attempts=count)]
    gone: dict[str, int] = {}
    for cls in ("mil", "para", "civ"):
        player = f"{team}-{cls}"
        gone[player] = len(state.hands[player])
        state.discard.extend(state.hands[player])
        state.hands[player] = []
    first = not state.busted
    state.busted = True
    lifted = "; the Government's one-recruit limit is lifted" if first else ""
    return [public("bust", f"Bust! (rolled {n}, needed {need} or less) The {team} team discards all its cards "
                   f"({sum(gone.values())}){lifted}", p.actor, *gone, roll=n, need=need, discarded=gone)]
