"""Displaced people: DP tokens from collateral effects, surplus people moving away from conflict
at the end of a week, camps and aid assisting them, and deaths of those left without aid.

Digest section "Collateral effects, displaced people, aid"; the rulings on where surplus people
go and who is assisted are in ``docs/rulings.md``.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections import deque

from boardapp.engine.module import Event
from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.state import BinniState, DPToken


def collateral_tokens(rules: BinniFacts, state: BinniState, team: str, place: str, n: int, *,
                      events: list[Event]) -> None:
    if n <= 0:
        return
    state.teams[team].collateral += n
    for _ in range(n):
        state.dp.append(DPToken(id=state.next_dp, place=place, community=rules.community.get(place)))
        state.next_dp += 1
    events.append(Event(kind="collateral", text=f"{n} displaced-people token{'s' if n != 1 else ''} at "
                        f"{rules.place_name(place)} (collateral effects of {rules.team_name(team)})",
                        teams=(team,), places=(place,), data={"count": n}))


def room(rules: BinniFacts, state: BinniState, place: str, counts: dict[str, int]) -> int:
    camps = sum(1 for cp in state.camps if cp.place == place)
    return rules.dp_capacity(place) + camps * rules.settings.camp_capacity - counts.get(place, 0)


def safe_room(rules: BinniFacts, state: BinniState, place: str, counts: dict[str, int]) -> bool:
    camps = sum(1 for cp in state.camps if cp.place == place)
    return camps * rules.settings.camp_capacity + state.aid_at(place) > counts.get(place, 0)


def conflict_distance(rules: BinniFacts, state: BinniState) -> dict[str, int]:
    """Road steps from the nearest place with fighting or strikes this week."""
    dist = dict.fromkeys(state.conflict, 0)
    todo = deque(state.conflict)
    while todo:
        here = todo.popleft()
        for n in rules.adj.get(here, ()):
            if n not in dist:
                dist[n] = dist[here] + 1
                todo.append(n)
    return dist


def surplus_people_move(rules: BinniFacts, state: BinniState, events: list[Event]) -> None:
    """Surplus people move on, one token one road step at a time (the ruling "Displaced people:
    which token moves, and how far"). A token that moves leaves its aid behind: the block or the
    camp place that assisted it stays where it was."""
    counts: dict[str, int] = Tally(d.place for d in state.dp)
    far = len(rules.places) + 1
    dist = conflict_distance(rules, state)
    moved_ids: set[int] = set()
    progress = True
    while progress:
        progress = False
        for place in sorted(counts, key=rules.place_name):
            if room(rules, state, place, counts) >= 0:
                continue
            tokens = [d for d in state.dp if d.place == place and d.id not in moved_ids]
            if not tokens:
                continue
            token = max(tokens, key=lambda d: d.id)  # the latest arrival moves on first
            options = [n for n in rules.adj.get(place, ()) if room(rules, state, n, counts) > 0]
            if not options:
                continue
            best = min(options, key=lambda n: (
                not safe_room(rules, state, n, counts),
                rules.community.get(n) != token.community,
                -dist.get(n, far),
                rules.place_name(n),
            ))
            counts[place] -= 1
            counts[best] = counts.get(best, 0) + 1
            token.place = best
            token.assisted = False
            moved_ids.add(token.id)
            progress = True
            events.append(Event(kind="dp_move", text=f"displaced people move from {rules.place_name(place)} to "
                                f"{rules.place_name(best)}", places=(place, best)))


def assist_and_age(rules: BinniFacts, state: BinniState, events: list[Event]) -> None:
    """Camps and aid assist displaced people; the rest count one more week without aid and die at
    ``dp_weeks_to_die``.

    "One block is needed to assist one people counter" (and a camp accommodates
    ``camp_capacity``): a block is a token's own, not a turn of help passed round. A token assisted
    at the last end of turn keeps its help while that help is still in its place; help left over
    goes to the tokens nearest death (the longest unassisted), then the oldest token. So one block
    keeps one token alive, never three by rotation (ruling "Aid and camps: one block, one token").
    """
    for place in sorted({d.place for d in state.dp}):
        here = sorted((d for d in state.dp if d.place == place),
                      key=lambda d: (not d.assisted, -d.weeks_unassisted, d.id))
        camps = sum(1 for cp in state.camps if cp.place == place)
        helped = camps * rules.settings.camp_capacity + state.aid_at(place)
        for i, token in enumerate(here):
            token.assisted = i < helped
            token.weeks_unassisted = 0 if token.assisted else token.weeks_unassisted + 1
    dead = 0
    survivors = []
    for token in state.dp:
        if token.weeks_unassisted >= rules.settings.dp_weeks_to_die:
            dead += 1
            events.append(Event(kind="deaths", text=f"displaced people at {rules.place_name(token.place)} die "
                                f"after {token.weeks_unassisted} weeks without aid", places=(token.place,)))
        else:
            survivors.append(token)
    state.dp = survivors
    state.deaths += dead
