"""What the table shows, and to whom: the seats (three rows as the rulebook seats them, the Foreign
Power beside), Control with the deck, the Neutral Pool by class, each seat's hand and units, the
stacks in combat, the turn order — each face up only for an audience allowed to see it.

Control sees everything; a player seat sees its own hand and units (and, in combat, the stacks and
units of its side's military and paramilitary players); the public sees counts, whose turn, the
order and public events.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.module import Audience, BoardPicture, Section
from boardapp.rules.coup.base import current_team, order_text
from boardapp.rules.coup.combat import firepower, power_count
from boardapp.rules.coup.components import (
    CLASSES,
    EFFECT_NAMES,
    PLAYER_TITLES,
    PLAYERS,
    TEAM_NAMES,
    UNITS,
    card_limit,
    card_name,
    class_of,
    seat_name,
    team_of,
)
from boardapp.rules.coup.scenario import CoupScenario
from boardapp.rules.coup.score import score_lines
from boardapp.rules.coup.state import CoupState

SEATING = {
    "top": ["reb-mil", "reb-para", "reb-civ"],
    "middle": ["control", "pool"],
    "bottom": ["gov-mil", "gov-para", "gov-civ"],
    "side": ["for-mil", "for-para", "for-civ"],
}
"""The rulebook's table: Rebels across from the Government, Control and the Neutral Pool between;
the Foreign Power (not drawn in the rulebook) sits at the side."""


def _sees_units_of(state: CoupState, audience: Audience, player: str) -> bool:
    if audience.may_see((player,)):
        return True
    # In combat a side's Mil player lays out and matches its paramilitary units too.
    if state.phase in ("combat", "over") and team_of(player) in ("gov", "reb") and class_of(player) != "civ":
        team = team_of(player)
        return audience.may_see((f"{team}-mil", f"{team}-para"))
    return False


def _unit(state: CoupState, u: str) -> dict[str, Any]:
    return {"id": u, "name": UNITS[u].name, "class": UNITS[u].cls, "firepower": firepower(state, u),
            "dummy": UNITS[u].dummy, "armed": u in state.armed}


def table(sc: CoupScenario, state: CoupState, audience: Audience) -> dict[str, Any]:
    """The table's data for ``audience``: secrets it may not see are left out, not flagged."""
    seats = []
    objectives = {o.player: o for o in sc.objectives}
    for p in PLAYERS:
        seat: dict[str, Any] = {
            "player": p, "team": team_of(p), "class": class_of(p), "name": seat_name(p), "title": PLAYER_TITLES[p],
            "cards": len(state.hands[p]), "card_limit": card_limit(p), "units": len(state.units[p]),
            "chips": state.chips[p], "acted": p in state.acted,
        }
        if team_of(p) == "for" and p in state.support:
            seat["support"] = state.support[p]
        if audience.may_see((p,)):
            seat["hand"] = [{"card": x, "name": card_name(x)} for x in state.hands[p]]
            if p in objectives:
                seat["objective"] = {"text": objectives[p].text, "points": objectives[p].points,
                                     "met": p in state.objectives_met}
        if _sees_units_of(state, audience, p):
            seat["unit_list"] = [_unit(state, u) for u in state.units[p]]
        seats.append(seat)
    out: dict[str, Any] = {
        "phase": state.phase, "turn": state.turn, "order": list(state.order), "order_roll": state.order_roll,
        "current_team": current_team(state) if state.phase == "play" else None,
        "conference": state.conference, "conference_minutes": sc.conference_minutes,
        # An arrangement is its two players' (and Control's); a meeting held at the break is seen by all.
        "meetings_arranged": [list(m) for m in state.arranged if audience.may_see(m)],
        "meetings": [list(m) for m in state.met],
        "seating": SEATING, "seats": seats,
        "deck": len(state.deck), "discard": len(state.discard), "removed": len(state.removed),
        "pool": {cls: len(state.pool[cls]) for cls in CLASSES},
        "options": sc.options.model_dump(), "bust_tally": dict(state.bust_tally), "busted": state.busted,
        "pending": None, "combat": None, "power": state.power, "scores": None,
    }
    if audience.sees_everything:
        out["deck_cards"] = list(state.deck)
        out["discard_cards"] = list(state.discard)
        out["pool_units"] = {cls: [_unit(state, u) for u in state.pool[cls]] for cls in CLASSES}
    if state.pending is not None:
        pd = state.pending
        out["pending"] = {"actor": pd.actor, "action": pd.action, "card": pd.card, "target": pd.target,
                          "asked": list(pd.asked), "bust_team": pd.bust_team}
    if state.combat is not None:
        cb = state.combat
        laid_visible = audience.may_see((f"{cb.defender}-mil", f"{cb.defender}-para"))
        out["combat"] = {
            "round": cb.round, "half": cb.half, "step": cb.step, "defender": cb.defender, "attacker": cb.attacker,
            "stacks": [{"stack": i + 1, "size": len(s), **({"units": [_unit(state, u) for u in s]} if laid_visible
                                                            else {})} for i, s in enumerate(cb.stacks)],
            "pairings": [{"stack": x.stack, "defender": [_unit(state, u) for u in x.defender],
                          "attacker": [_unit(state, u) for u in x.attacker], "defender_fire": x.defender_fire,
                          "attacker_fire": x.attacker_fire, "owes": list(x.owes)} for x in cb.pairings],
            "history": list(cb.history),
            "count": {"gov": power_count(state, "gov"), "reb": power_count(state, "reb")},
        }
    if state.phase == "over":
        out["scores"] = score_lines(sc, state)
    return out


def turn_label(state: CoupState) -> str:
    if state.phase == "setup":
        return "Set-up"
    if state.phase == "play":
        order = f" ({order_text(state.order)})" if state.order else ""
        pause = " — conference break" if state.conference else ""
        return f"Turn {state.turn}{order}{pause}"
    if state.phase == "coup":
        return "Coup — declarations"
    if state.phase == "combat" and state.combat is not None:
        side = "the Government lays out" if state.combat.half == 0 else "the Rebels lay out"
        return f"Combat round {state.combat.round}: {side}"
    return f"Game over — {TEAM_NAMES.get(state.power or '', '?')} holds power"


def picture(sc: CoupScenario, state: CoupState, audience: Audience) -> BoardPicture:
    """The board for ``audience``: the table data plus panels (seats, pool, each player's own hand)."""
    data = table(sc, state, audience)
    seats = Section("seats", "Seats", ["Seat", "Team", "Cards", "Units", "Chips", "Acted"], [
        [s["name"], TEAM_NAMES[s["team"]], f"{s['cards']}/{s['card_limit']}", str(s["units"]), str(s["chips"]),
         "yes" if s["acted"] else ""] for s in data["seats"]])
    pool = Section("pool", "Neutral Pool (face down)", ["Class", "Units"],
                   [[cls, str(n)] for cls, n in data["pool"].items()])
    sections = [seats, pool]
    for p in PLAYERS:
        if audience.may_see((p,)):
            rows = [["card", card_name(x)] for x in state.hands[p]]
            rows += [["unit", f"{UNITS[u].name} ({firepower(state, u)})"] for u in state.units[p]]
            sections.append(Section(f"own-{p}", f"{seat_name(p)}: hand and units", ["", ""], rows, hidden=True,
                                    visible_to=(p,)))
    if data["pending"] is not None:
        pd = data["pending"]
        sections.append(Section("block", "Block window", ["Acting", "Attempt", "Against", "Asked"], [[
            seat_name(pd["actor"]), EFFECT_NAMES.get(pd["action"], "Bust"), seat_name(pd["target"]),
            ", ".join(seat_name(x) for x in pd["asked"])]]))
    if data["scores"] is not None:
        sections.append(Section("score", "Score", ["Seat", "Units", "Power", "Chips", "Objective", "Total"], [
            [seat_name(p), f"{v['units']:g}", f"{v['power']:g}", f"{v['chips']:g}", f"{v['objective']:g}",
             f"{v['total']:g}"] for p, v in data["scores"].items()]))
    return BoardPicture(
        turn_label=turn_label(state),
        tallies={"deck": len(state.deck), **{f"pool {c}": n for c, n in data["pool"].items()}},
        sections=sections,
        table=data,
    )
