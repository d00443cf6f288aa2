"""The state at the start of a War in Binni scenario: teams with their PR, cards, money, stores,
aid and missiles; counters where the scenario puts them; DP tokens, camps and aid blocks; and,
for a situation in mid-game, the week, what units already did this week, occupation spans in
progress and displaced people's weeks without aid.

Digest sections "Teams and factions" and "Units"; ruling: a team whose starting hand is not
listed is dealt a full hand by the deck's mix, without dice.
"""

from __future__ import annotations

from boardapp.rules.binni.facts import BinniFacts
from boardapp.rules.binni.scenario import BinniCounter
from boardapp.rules.binni.state import BinniState, Camp, CounterState, DPToken, TeamState


def initial_state(rules: BinniFacts) -> BinniState:
    s = rules.scenario
    teams = {}
    for t in s.teams:
        teams[t.id] = TeamState(id=t.id, pr=t.pr, cards=list(t.cards or []), money=t.money, stores=t.stores,
                                aid=t.aid, cruise_missiles=t.cruise_missiles, bombing=t.bombing,
                                allies=list(t.allies))
    for t in s.teams:  # alliances are mutual
        for a in t.allies:
            if t.id not in teams[a].allies:
                teams[a].allies.append(t.id)
    control: dict[str, str | None] = {p.id: None for p in rules.map.places}
    control.update(s.control)
    state = BinniState(week=s.week, control=control, counters={}, teams=teams)
    for spec in s.counters:
        ut = rules.types[spec.type]
        ctr = CounterState(id=spec.id, team=spec.team, type=spec.type, place=None,
                           combat_value=spec.combat_value if spec.combat_value is not None else ut.combat_value,
                           strength=ut.strength, losses=spec.losses, held_since=held_since(spec, s.week),
                           moved=spec.moved, attacked=spec.attacked, activated=spec.activated or spec.moved)
        state.counters[spec.id] = ctr
        state.relocate(ctr, spec.at)
    for dp in s.dp_tokens:
        for _ in range(dp.count):
            state.dp.append(DPToken(id=state.next_dp, place=dp.place,
                                    community=dp.community or rules.community.get(dp.place),
                                    weeks_unassisted=dp.weeks_unassisted, assisted=dp.assisted))
            state.next_dp += 1
    state.camps = [Camp(place=cp.place, team=cp.team) for cp in s.camps]
    for ab in s.aid_blocks:
        state.add_aid(ab.place, ab.team, ab.count)
    # Ruling: a team whose starting hand is not listed is dealt a full hand, by deck order.
    for t in s.teams:
        if t.cards is None:
            state.teams[t.id].cards = deal_without_dice(rules, rules.cards_max(state, t.id))
    return state


def held_since(spec: BinniCounter, week: int) -> int | None:
    """Where a counter's occupation span starts: as written for a situation in mid-game; a counter set up
    on the map stands there "since the end of week 0" (before the game), unless it moved this week. A
    span that starts at this week's end is None in the state until that end of turn writes the week,
    as for a unit that moves in during play; one outside the region has none."""
    if spec.at is None or spec.moved or spec.held_since == week:
        return None
    return spec.held_since if spec.held_since is not None else 0


def deal_without_dice(rules: BinniFacts, n: int) -> list[int]:
    """A deterministic starting hand matching the deck's mix (no dice at set-up)."""
    deck = sorted(rules.settings.deck.items())
    hand: list[int] = []
    for i in range(n):
        point = (i * 100 + 50) // max(n, 1) if n else 0
        acc = 0
        for score, pct in deck:
            acc += pct
            if point < acc:
                hand.append(score)
                break
    return sorted(hand)
