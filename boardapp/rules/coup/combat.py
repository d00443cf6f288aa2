"""Combat, three rounds: the defending side lays out face-down stacks of one or two, the attacker
matches some of them with stacks of his own, the engaged stacks flip, dummies leave, firepower is
compared (twice or more: the smaller side loses the whole pairing; otherwise each side loses one
unit of its choice). Each round the Government lays out first, then the Rebels. After three rounds
the side with more military and paramilitary units holds power (a tie: the Government)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import phase_is, public, unknown_player
from boardapp.rules.coup.components import ARMED_FIREPOWER, TEAM_NAMES, UNITS
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.score import score_event
from boardapp.rules.coup.state import Combat, CoupState, Pairing

ROUNDS = 3


def firepower(state: CoupState, unit: str) -> int:
    """A unit's firepower (armed civilians: 2)."""
    return ARMED_FIREPOWER if unit in state.armed else UNITS[unit].type.firepower


def outcome(a: int, b: int) -> str:
    """The comparison of two stacks' firepower: 'a' if side a has at least twice b's (and more),
    'b' likewise, 'each' when each loses one, 'none' when neither has any.

    >>> outcome(6, 3), outcome(5, 3), outcome(3, 6), outcome(4, 4), outcome(4, 0), outcome(0, 0)
    ('a', 'each', 'b', 'each', 'a', 'none')
    """
    if a == 0 and b == 0:
        return "none"
    if a >= 2 * b and a > b:
        return "a"
    if b >= 2 * a and b > a:
        return "b"
    return "each"


def power_count(state: CoupState, side: str) -> int:
    """A side's surviving military and paramilitary units; dummies never count."""
    return sum(1 for u in state.side_units(side) if not UNITS[u].dummy)


def _combat(state: CoupState) -> list[str]:
    reasons = phase_is(state, "combat")
    if not reasons and state.combat is None:
        reasons = [Impossible("combat has not begun")]
    return reasons


def _step(combat: Combat, step: str) -> list[str]:
    if combat.step != step:
        wanted = {"lay_out": f"{TEAM_NAMES[combat.defender]} laying out", "match": f"{TEAM_NAMES[combat.attacker]} "
                  "matching stacks", "losses": "the choice of losses"}[combat.step]
        return [Impossible(f"combat round {combat.round} is waiting for {wanted}")]
    return []


def _units_reasons(state: CoupState, side: str, stacks: list[list[str]]) -> list[str]:
    reasons: list[str] = []
    mine = set(state.side_units(side))
    flat = [u for s in stacks for u in s]
    foreign = [u for u in flat if u not in mine]
    if foreign:
        reasons.append(Impossible(f"not military or paramilitary units of the {TEAM_NAMES[side]}: "
                                  f"{', '.join(foreign)}"))
    twice = sorted(u for u, n in Counter(flat).items() if n > 1)
    if twice:
        reasons.append(Impossible(f"units in more than one stack: {', '.join(twice)}"))
    sizes = [i + 1 for i, s in enumerate(stacks) if not 1 <= len(s) <= 2]
    if sizes:
        reasons.append(f"stacks hold one or two units; stacks {sizes} do not")
    return reasons


def check_lay_out(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.LayOut)
    reasons = _combat(state) + unknown_player(cmd.player)
    if reasons:
        return reasons
    combat = state.combat
    assert combat is not None
    reasons = _step(combat, "lay_out")
    if reasons:
        return reasons
    side = combat.defender
    if cmd.player != f"{side}-mil":
        reasons.append(f"{side.capitalize()}-Mil lays out the {TEAM_NAMES[side]}'s stacks now")
    reasons += _units_reasons(state, side, cmd.stacks)
    laid = {u for s in cmd.stacks for u in s}
    missing = [u for u in state.side_units(side) if u not in laid]
    if missing:
        reasons.append(f"every military and paramilitary unit is laid out; {len(missing)} are not")
    return reasons


def apply_lay_out(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.LayOut) and state.combat is not None
    combat = state.combat
    combat.stacks = [list(s) for s in cmd.stacks]
    combat.step = "match"
    n = sum(len(s) for s in cmd.stacks)
    return [public("lay_out", f"Round {combat.round}: {TEAM_NAMES[combat.defender]} lays out {len(cmd.stacks)} "
                   f"stacks face down ({n} units)", cmd.player, stacks=[len(s) for s in cmd.stacks],
                   round=combat.round)]


def check_match(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Match)
    reasons = _combat(state) + unknown_player(cmd.player)
    if reasons:
        return reasons
    combat = state.combat
    assert combat is not None
    reasons = _step(combat, "match")
    if reasons:
        return reasons
    side = combat.attacker
    bad = sorted(k for k in cmd.pairs if not 1 <= k <= len(combat.stacks))
    if bad:
        return [Impossible(f"no laid-out stack {bad}; the stacks are 1 to {len(combat.stacks)}")]
    if cmd.player != f"{side}-mil":
        reasons.append(f"{side.capitalize()}-Mil matches the stacks now")
    return reasons + _units_reasons(state, side, list(cmd.pairs.values()))


def _remove(state: CoupState, unit: str) -> None:
    holder = state.holder(unit)
    if holder is not None:
        state.units[holder].remove(unit)
    state.removed.append(unit)


def _names(state: CoupState, units: list[str]) -> str:
    return " + ".join(f"{UNITS[u].name} ({firepower(state, u)})" for u in units) or "nothing"


def apply_match(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    """Flip every engaged pair, remove dummies, compare; losses without a choice are taken at once."""
    assert isinstance(cmd, c.Match) and state.combat is not None
    combat = state.combat
    d_side, a_side = combat.defender, combat.attacker
    events = [public("match", f"Round {combat.round}: {TEAM_NAMES[a_side]} engages {len(cmd.pairs)} of "
                     f"{len(combat.stacks)} stacks", cmd.player, round=combat.round, engaged=sorted(cmd.pairs))]
    for k in sorted(cmd.pairs):
        laid, sent = list(combat.stacks[k - 1]), list(cmd.pairs[k])
        shown = (f"stack {k}: {TEAM_NAMES[d_side]} {_names(state, laid)} against "
                 f"{TEAM_NAMES[a_side]} {_names(state, sent)}")
        for u in laid + sent:
            if UNITS[u].dummy:
                _remove(state, u)
        laid = [u for u in laid if not UNITS[u].dummy]
        sent = [u for u in sent if not UNITS[u].dummy]
        pairing = Pairing(stack=k, defender=laid, attacker=sent, defender_fire=sum(firepower(state, u) for u in laid),
                          attacker_fire=sum(firepower(state, u) for u in sent))
        result = outcome(pairing.defender_fire, pairing.attacker_fire)
        if result == "a":
            for u in sent:
                _remove(state, u)
            said = f"the {TEAM_NAMES[a_side]} loses all" if sent else "nothing more is lost"
        elif result == "b":
            for u in laid:
                _remove(state, u)
            said = f"the {TEAM_NAMES[d_side]} loses all" if laid else "nothing more is lost"
        elif result == "each":
            for side, units in ((d_side, laid), (a_side, sent)):
                if len(units) == 1:
                    _remove(state, units[0])
                elif len(units) > 1:
                    pairing.owes.append(side)
            said = "each side loses one unit"
        else:
            said = "nothing is lost"
        combat.pairings.append(pairing)
        events.append(public("flip", f"{shown}: {pairing.defender_fire} against {pairing.attacker_fire}, {said}",
                             f"{d_side}-mil", f"{a_side}-mil", stack=k, defender=laid, attacker=sent,
                             defender_fire=pairing.defender_fire, attacker_fire=pairing.attacker_fire, result=result,
                             owes=list(pairing.owes)))
    if any(p.owes for p in combat.pairings):
        combat.step = "losses"
        return events
    return events + _end_half(sc, state)


def check_lose(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Lose)
    reasons = _combat(state) + unknown_player(cmd.player)
    if reasons:
        return reasons
    combat = state.combat
    assert combat is not None
    reasons = _step(combat, "losses")
    if reasons:
        return reasons
    if cmd.player not in ("gov-mil", "reb-mil"):
        return [Impossible("losses are chosen by Gov-Mil or Reb-Mil")]
    side = cmd.player.split("-")[0]
    owed = [p for p in combat.pairings if side in p.owes]
    if not owed:
        return [Impossible(f"the {TEAM_NAMES[side]} owes no loss of its choice")]
    mine = [p.defender if side == combat.defender else p.attacker for p in owed]
    if len(cmd.units) != len(owed) or any(
            sum(1 for u in cmd.units if u in units) != 1 for units in mine):
        stacks = ", ".join(f"stack {p.stack} ({' or '.join(units)})" for p, units in zip(owed, mine, strict=True))
        return [Impossible(f"name one unit from each pairing where the {TEAM_NAMES[side]} loses one: {stacks}")]
    return reasons


def apply_lose(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Lose) and state.combat is not None
    combat = state.combat
    side = cmd.player.split("-")[0]
    for u in cmd.units:
        _remove(state, u)
    for p in combat.pairings:
        if side in p.owes:
            p.owes.remove(side)
    events = [public("losses", f"The {TEAM_NAMES[side]} loses {_names(state, list(cmd.units))}", cmd.player,
                     units=list(cmd.units))]
    if any(p.owes for p in combat.pairings):
        return events
    return events + _end_half(sc, state)


def _end_half(sc: CoupScenario, state: CoupState) -> list[Event]:
    combat = state.combat
    assert combat is not None
    record: list[dict[str, Any]] = [
        {"round": combat.round, "half": combat.half, "stack": p.stack, "defender": p.defender, "attacker": p.attacker,
         "defender_fire": p.defender_fire, "attacker_fire": p.attacker_fire} for p in combat.pairings]
    combat.history.extend(record)
    combat.pairings = []
    combat.stacks = []
    combat.step = "lay_out"
    gov, reb = power_count(state, "gov"), power_count(state, "reb")
    if combat.half == 0:
        combat.half = 1
        return [public("half", f"Round {combat.round}: the Rebels lay out next (Government {gov}, Rebels {reb} units)",
                       "reb-mil", gov=gov, reb=reb)]
    if combat.round < ROUNDS:
        combat.round += 1
        combat.half = 0
        return [public("round", f"Round {combat.round} begins: Gov-Mil lays out (Government {gov}, Rebels {reb} units)",
                       "gov-mil", gov=gov, reb=reb)]
    state.phase = "over"
    state.power = "reb" if reb > gov else "gov"
    verb = "seize" if state.power == "reb" else "keeps"
    holder = "the Rebels" if state.power == "reb" else "the Government"
    return [public("power", f"After three rounds: Government {gov}, Rebels {reb} units: {holder} {verb} power",
                   "gov-mil", "reb-mil", gov=gov, reb=reb, power=state.power),
            score_event(sc, state)]
