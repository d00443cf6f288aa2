"""The coup: Reb-Mil's declaration, Control's Affiliation Check on the Neutral Pool, the Foreign
Power declarations (each on its own), arming civilians (optional), and the start of combat."""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import phase_is, public, roll, secret, unknown_player
from boardapp.rules.coup.components import ARMABLE, CLASSES, TEAM_NAMES, UNITS, affiliation, seat_name, team_of
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.state import Combat, CoupState

FOREIGN = ("for-mil", "for-para", "for-civ")


def check_declare_coup(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.DeclareCoup)
    reasons = phase_is(state, "play") + unknown_player(cmd.player)
    if reasons:
        return reasons
    if cmd.player != "reb-mil":
        reasons.append("only Reb-Mil (Colonel X) declares the coup")
    if not state.deck:
        reasons.append("the last card has been drawn: too late for a coup")
    if state.pending is not None:
        reasons.append(f"{seat_name(state.pending.actor)}'s attempt is waiting for Block answers")
    left = sum(len(v) for v in state.pool.values())
    if cmd.rolls is not None and (len(cmd.rolls) != left or any(not 1 <= n <= 6 for n in cmd.rolls)):
        reasons.append(Impossible(f"the Affiliation Check needs one d6 (1-6) per unit left in the pool: {left} "
                                  f"rolls, not {len(cmd.rolls)}"))
    return reasons


def apply_declare_coup(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    """Play stops; every unit left in the pool, dummies included, is rolled for: 1 joins the
    Government's player of its class, 6 the Rebels', 2-5 leaves the game."""
    assert isinstance(cmd, c.DeclareCoup)
    state.phase = "coup"
    state.pending = None
    events = [public("coup", f"Coup! Colonel X declares the coup with {len(state.deck)} cards left in the deck; "
                     "play stops and Control makes the Affiliation Check", "reb-mil")]
    tally = {side: dict.fromkeys(CLASSES, 0) for side in ("gov", "reb", "removed")}
    typed = list(cmd.rolls or [])
    for cls in CLASSES:
        pool, state.pool[cls] = state.pool[cls], []
        for unit in pool:
            n = roll(dice, typed.pop(0) if typed else None)
            side = affiliation(n)
            if side is None:
                state.removed.append(unit)
                tally["removed"][cls] += 1
                continue
            player = f"{side}-{cls}"
            state.units[player].append(unit)
            tally[side][cls] += 1
            events.append(secret("affiliated", f"{UNITS[unit].name} ({unit}) rolls {n} and joins {seat_name(player)}",
                                 (player,), unit=unit, roll=n, player=player))
    def said(side: str) -> str:
        return ", ".join(f"{n} {cls}" for cls, n in tally[side].items() if n) or "none"

    events.insert(1, public(
        "affiliation", f"Affiliation Check: to the Government {said('gov')}; to the Rebels {said('reb')}; "
        f"removed {said('removed')}", "gov-mil", "reb-mil", joined_gov=tally["gov"], joined_reb=tally["reb"],
        removed=tally["removed"]))
    return events


def check_support(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Support)
    reasons = phase_is(state, "coup") + unknown_player(cmd.player)
    if reasons:
        return reasons
    if cmd.player not in FOREIGN:
        return [Impossible("only Foreign Power players declare support")]
    if cmd.player in state.support:
        reasons.append(f"{seat_name(cmd.player)} has already declared")
    return reasons


def apply_support(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Support)
    side = None if cmd.side == "none" else cmd.side
    state.support[cmd.player] = side
    if side is None:
        return [public("support", f"{seat_name(cmd.player)} backs neither side", cmd.player, player=cmd.player,
                       side=None)]
    moved = list(state.units[cmd.player])
    to = f"{side}-{cmd.player.split('-')[1]}"
    state.units[to].extend(moved)
    state.units[cmd.player] = []
    return [public("support", f"{seat_name(cmd.player)} backs the {TEAM_NAMES[side]} and places {len(moved)} "
                   f"unit{'s' if len(moved) != 1 else ''} under {seat_name(to)}", cmd.player, to, player=cmd.player,
                   side=side, units=len(moved))]


def check_arm(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.Arm)
    reasons = phase_is(state, "coup") + unknown_player(cmd.player)
    if reasons:
        return reasons
    for u in cmd.units:
        if u not in state.units[cmd.player]:
            reasons.append(Impossible(f"{seat_name(cmd.player)} holds no unit {u!r}"))
    if reasons:
        return reasons
    if not sc.options.arming_civilians:
        reasons.append("arming civilians is an optional rule not in play in this scenario (options: arming_civilians)")
    if cmd.player not in ("gov-civ", "reb-civ"):
        reasons.append("only the Government and Rebel civilian players arm civilians")
    wrong = [u for u in cmd.units if UNITS[u].type.kind not in ARMABLE]
    if wrong:
        reasons.append(f"only Student and Labour units are armed, not {', '.join(wrong)}")
    undeclared = [seat_name(p) for p in FOREIGN if p not in state.support]
    if undeclared:
        reasons.append(f"civilians are armed right after the Foreign Power declarations; still to declare: "
                       f"{', '.join(undeclared)}")
    return reasons


def apply_arm(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.Arm)
    para = f"{team_of(cmd.player)}-para"
    for u in cmd.units:
        state.units[cmd.player].remove(u)
        state.units[para].append(u)
        state.armed.append(u)
    names = ", ".join(f"{UNITS[u].name} ({u})" for u in cmd.units)
    return [public("arm", f"{seat_name(cmd.player)} arms {len(cmd.units)} civilian unit(s) and hands them to "
                   f"{seat_name(para)}", cmd.player, para, player=cmd.player, units=len(cmd.units)),
            secret("armed", f"{seat_name(cmd.player)} arms {names}", (cmd.player, para), units=list(cmd.units))]


def check_start_combat(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    return phase_is(state, "coup")


def apply_start_combat(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    silent = [p for p in FOREIGN if p not in state.support]
    for p in silent:
        state.support[p] = None
    state.phase = "combat"
    state.combat = Combat()
    note = f" ({', '.join(seat_name(p) for p in silent)} backed neither side)" if silent else ""
    return [public("combat", f"Combat begins{note}: round 1, Gov-Mil lays out his stacks face down",
                   "gov-mil", "reb-mil")]
