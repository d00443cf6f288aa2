"""What the board, the big screen and ``boardapp run`` read of a War in Binni state: the board
picture (pieces, tokens, tracks, tallies, what is secret), the state as JSON-able data, and the
invariants a correct state keeps.

Digest section "Board" and "Teams and factions" (tracks); ``display.hidden`` in the scenario says
what public screens must not show.
"""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken, Event
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState

HIDDEN_KEYS = {"cards": "cards", "money": "money", "stores": "stores", "aid": "aid",
               "cruise_missiles": "cruise_missiles"}
"""``display.hidden`` entries that name a track column public screens must not show."""


def summary(rules: BinniFacts, state: BinniState) -> dict[str, Any]:
    dp_by_place: dict[str, int] = dict(sorted(Tally(d.place for d in state.dp).items()))
    return {
        "rules": rules.name,
        "week": state.week,
        "teams": {t.id: {"name": rules.team_name(t.id), "pr": t.pr, "cards_max": rules.cards_max(state, t.id),
                         "cards": sorted(t.cards), "money": t.money, "stores": t.stores, "aid": t.aid,
                         "cruise_missiles": t.cruise_missiles, "bombing": t.bombing, "allies": sorted(t.allies)}
                  for t in state.teams.values()},
        "counters": {u.id: {"team": u.team, "type": u.type, "place": u.place, "losses": u.losses,
                            "value": u.value, "destroyed": u.destroyed, "moved": u.moved, "attacked": u.attacked,
                            "activated": u.activated, "held_since": u.held_since}
                     for u in state.counters.values()},
        "control": dict(sorted(state.control.items())),
        "dp_tokens": [{"place": d.place, "community": d.community, "weeks_unassisted": d.weeks_unassisted,
                       "assisted": d.assisted}
                      for d in state.dp],
        "dp_by_place": dp_by_place,
        "camps": [{"place": cp.place, "team": cp.team} for cp in state.camps],
        "aid": {p: dict(sorted(v.items())) for p, v in sorted(state.aid.items())},
        "deaths": state.deaths,
        "news": list(state.news),
    }


def secret_types(rules: BinniFacts) -> frozenset[str]:
    """Unit types public screens never show (``display.hidden``: a type's id, or ``special_forces`` —
    the types that spot and enter anywhere free)."""
    hidden = set(rules.scenario.display.hidden)
    return frozenset(ut.id for ut in rules.types.values()
                     if ut.id in hidden or ("special_forces" in hidden and ut.spots and ut.free_entry))


SECRET_EVENT_KINDS = {"supply": {"money", "stores", "aid", "cruise_missiles", "cards"},
                      "transfer": {"money", "stores", "aid", "cruise_missiles", "cards"},
                      "shortfall": {"money", "stores", "cruise_missiles"}, "upkeep": {"money"},
                      "cards": {"cards"}}
"""Event kinds that tell a hidden track's value (display.hidden names the tracks kept secret)."""


def keep_secrets(rules: BinniFacts, state: BinniState, events: list[Event]) -> list[Event]:
    """The events with those that would tell the public a secret marked hidden: an event naming a
    counter of a secret type (special forces), or one telling a hidden track's value (money given,
    stores lacked …). The teams concerned still see them (``visible_to``); umpires see everything."""
    secret = secret_types(rules)
    hidden_tracks = set(rules.scenario.display.hidden)
    out = []
    for e in events:
        names_secret = any((ctr := state.counters.get(cid)) is not None and ctr.type in secret for cid in e.counters)
        tells_track = bool(SECRET_EVENT_KINDS.get(e.kind, set()) & hidden_tracks)
        out.append(e.model_copy(update={"hidden": True, "visible_to": e.teams})
                   if (names_secret or tells_track) and not e.hidden else e)
    return out


def board_picture(rules: BinniFacts, state: BinniState) -> BoardPicture:
    hidden = set(rules.scenario.display.hidden)
    secret_ids = secret_types(rules)
    pieces = []
    for u in state.counters.values():
        if u.destroyed or u.place is None:
            continue
        ut = rules.types[u.type]
        secret = ut.id in secret_ids
        marks = tuple(mark for mark, done in (("moved", u.moved), ("attacked", u.attacked)) if done)
        pieces.append(BoardPiece(id=u.id, team=u.team, label=ut.label, value=str(u.value), place=u.place,
                                 damage=u.losses, hidden=secret,
                                 tooltip=f"{rules.team_name(u.team)} {ut.name} {u.id}: value {u.value}, "
                                         f"losses {u.losses}/{u.strength}"
                                         + "".join(f"; {m} this week" for m in marks),
                                 marks=marks))
    tokens = []
    for place, n in sorted(Tally(d.place for d in state.dp).items()):
        tokens.append(BoardToken(kind="dp", place=place, count=n, label="DP"))
    for cp in state.camps:
        tokens.append(BoardToken(kind="camp", place=cp.place, team=cp.team, label="CAMP"))
    for place, teams in sorted(state.aid.items()):
        for team, n in sorted(teams.items()):
            tokens.append(BoardToken(kind="aid", place=place, count=n, team=team, label="AID"))
    tracks = []
    for t in rules.scenario.teams:
        ts = state.teams[t.id]
        tracks.append({"team": t.id, "name": t.name, "pr": ts.pr, "cards_max": rules.cards_max(state, t.id),
                       "cards": len(ts.cards), "money": ts.money, "stores": ts.stores, "aid": ts.aid,
                       "cruise_missiles": ts.cruise_missiles, "on_map": t.on_map})
    in_camps = 0
    for place in {cp.place for cp in state.camps}:
        room = sum(rules.settings.camp_capacity for cp in state.camps if cp.place == place)
        in_camps += min(room, sum(1 for d in state.dp if d.place == place))
    return BoardPicture(
        control=dict(state.control), pieces=pieces, tokens=tokens, turn_label=rules.turn_label(state),
        tracks=tracks, tallies={"displaced": len(state.dp), "in camps": in_camps, "deaths": state.deaths},
        hidden_keys=frozenset(HIDDEN_KEYS[k] for k in hidden if k in HIDDEN_KEYS),
    )


def check_state(rules: BinniFacts, state: BinniState) -> list[str]:
    problems = []
    for t in state.teams.values():
        for what in ("money", "stores", "aid", "cruise_missiles"):
            if getattr(t, what) < 0:
                problems.append(f"team {t.id} has negative {what}")
        if not 0 <= t.pr <= 8:
            problems.append(f"team {t.id} has PR {t.pr} outside 0..8")
    index = {(p, i) for p, ids in state.at.items() for i in ids}
    actual = {(u.place, u.id) for u in state.counters.values() if u.place is not None}
    if index != actual:
        problems.append("the place index disagrees with the counters' places")
    for u in state.counters.values():
        if u.losses > u.strength or (u.losses >= u.strength) != u.destroyed:
            problems.append(f"counter {u.id} has {u.losses} losses of {u.strength} but destroyed={u.destroyed}")
    return problems
