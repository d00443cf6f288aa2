"""The score table and Control's secret objectives.

Government and Rebel military and paramilitary players: 2 per military/paramilitary unit left,
5 on the side holding power, their objective, -½ per chip. Civilian players: 3 per civilian
group held, -½ per chip. Foreign Power players: 2 per chip their counterparts hold, 5 for
backing the winner, their objective.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Command, Event, Impossible
from boardapp.rules.coup import commands as c
from boardapp.rules.coup.base import public, secret, unknown_player
from boardapp.rules.coup.components import PLAYERS, UNITS, class_of, seat_name, team_of
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.state import CoupState


def score_lines(sc: CoupScenario, state: CoupState) -> dict[str, dict[str, float]]:
    """player -> {'units', 'power', 'chips', 'objective', 'total'} (points; halves as .5)."""
    out: dict[str, dict[str, float]] = {}
    for p in PLAYERS:
        team, cls = team_of(p), class_of(p)
        line = {"units": 0.0, "power": 0.0, "chips": 0.0, "objective": float(state.objectives_met.get(p, 0))}
        real = [u for u in state.units[p] if not UNITS[u].dummy]
        if team == "for":
            held = state.chips[f"gov-{cls}"] + state.chips[f"reb-{cls}"]
            line["chips"] = 2.0 * held
            if state.power is not None and state.support.get(p) == state.power:
                line["power"] = 5.0
        else:
            line["chips"] = -0.5 * state.chips[p]
            if cls == "civ":
                line["units"] = 3.0 * len(real)
            else:
                line["units"] = 2.0 * len(real)
                if state.power == team:
                    line["power"] = 5.0
        line["total"] = line["units"] + line["power"] + line["chips"] + line["objective"]
        out[p] = line
    return out


def score_event(sc: CoupScenario, state: CoupState) -> Event:
    lines = score_lines(sc, state)
    best = max(v["total"] for v in lines.values())
    winners = [p for p, v in lines.items() if v["total"] == best]
    table = "; ".join(f"{seat_name(p)} {_pts(v['total'])}" for p, v in lines.items())
    return public("score", f"Score: {table}. Most points: {', '.join(seat_name(p) for p in winners)}",
                  *PLAYERS, scores={p: v["total"] for p, v in lines.items()}, winners=winners)


def _pts(x: float) -> str:
    whole = int(x)
    if x == whole:
        return str(whole)
    return f"{x:g}"


def check_objective_met(sc: CoupScenario, state: CoupState, cmd: Command) -> list[str]:
    assert isinstance(cmd, c.ObjectiveMet)
    reasons = unknown_player(cmd.player)
    if reasons:
        return reasons
    if cmd.points is None and not any(o.player == cmd.player for o in sc.objectives):
        return [Impossible(f"{seat_name(cmd.player)} has no secret objective in this scenario; give points")]
    return reasons


def apply_objective_met(sc: CoupScenario, state: CoupState, cmd: Command, dice: Dice) -> list[Event]:
    assert isinstance(cmd, c.ObjectiveMet)
    points = cmd.points
    if points is None:
        points = next(o.points for o in sc.objectives if o.player == cmd.player)
    state.objectives_met[cmd.player] = points
    events = [secret("objective", f"Control rules that {seat_name(cmd.player)} has met his secret objective "
                     f"({points} points)", (cmd.player,), player=cmd.player, points=points)]
    if state.phase == "over":
        events.append(score_event(sc, state))
    return events
