"""War in Binni's end of turn, in the digest's order: occupation, displaced people, special-forces
upkeep, influence cards, then the next week."""

from __future__ import annotations

from collections import Counter as Tally
from collections import deque

from boardapp.engine.dice import Dice
from boardapp.engine.module import (
    Event,
)
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.base import BinniBase
from boardapp.rules.binni.state import BinniState


class BinniEndOfTurn(BinniBase):
    """The end of the week (the ``end_turn`` command)."""

    def _check_end_turn(self, state: BinniState, cmd: c.EndTurn) -> list[str]:
        return []

    def _apply_end_turn(self, state: BinniState, cmd: c.EndTurn, dice: Dice) -> list[Event]:
        events: list[Event] = []
        week = state.week
        self._occupation(state, events)
        self._displaced_people(state, events)
        self._upkeep(state, events)
        self._top_up_cards(state, dice, events)
        for team in sorted(state.teams.values(), key=lambda t: t.id):
            if team.collateral:
                events.append(Event(kind="pr_suggestion", text=f"{self.team_name(team.id)} caused {team.collateral} "
                                    "collateral effects this week: CONTROL may lower its PR", teams=(team.id,),
                                    data={"collateral": team.collateral}))
            team.collateral = 0
        for ctr in state.counters.values():
            ctr.moved = ctr.attacked = ctr.activated = False
        state.conflict = []
        state.week += 1
        last = " (the game's last week is over)" if week >= self.settings.weeks else ""
        events.append(Event(kind="week", text=f"Week {week} ends; week {state.week} begins{last}",
                            data={"week": state.week}))
        return events

    def _occupation(self, state: BinniState, events: list[Event]) -> None:
        """Control flips where a combat unit has stood a full turn with no hostile combat unit present."""
        week = state.week
        flips: dict[str, str] = {}
        for place, ids in sorted(state.at.items()):
            holder = state.control.get(place)
            units = [state.counters[i] for i in ids]
            for u in sorted(units, key=lambda u: u.id):
                if not self.types[u.type].takes_control or u.destroyed:
                    continue
                if holder is not None and self.allied(state, holder, u.team):
                    continue
                hostile = [h for h in units if self.types[h.type].takes_control and not self.allied(state, h.team, u.team)]
                if hostile:
                    continue
                if u.held_since is not None and u.held_since < week:
                    flips.setdefault(place, u.team)
        for ctr in state.counters.values():
            if ctr.place is not None and ctr.held_since is None:
                ctr.held_since = week
        for place, team in sorted(flips.items()):
            before = state.control[place]
            state.control[place] = team
            events.append(Event(kind="control", text=f"{self.team_name(team)} takes control of {self.place_name(place)} "
                                f"by occupation (from {self.team_name(before)})", teams=tuple(t for t in (team, before) if t),
                                places=(place,), data={"before": before, "after": team}))

    def _room(self, state: BinniState, place: str, counts: dict[str, int]) -> int:
        camps = sum(1 for cp in state.camps if cp.place == place)
        return self.dp_capacity(place) + camps * self.settings.camp_capacity - counts.get(place, 0)

    def _safe_room(self, state: BinniState, place: str, counts: dict[str, int]) -> bool:
        camps = sum(1 for cp in state.camps if cp.place == place)
        return camps * self.settings.camp_capacity + state.aid_at(place) > counts.get(place, 0)

    def conflict_distance(self, state: BinniState) -> dict[str, int]:
        """Road steps from the nearest place with fighting or strikes this week."""
        dist = dict.fromkeys(state.conflict, 0)
        todo = deque(state.conflict)
        while todo:
            here = todo.popleft()
            for n in self.adj.get(here, ()):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    todo.append(n)
        return dist

    def _displaced_people(self, state: BinniState, events: list[Event]) -> None:
        counts: dict[str, int] = Tally(d.place for d in state.dp)
        far = len(self.places) + 1
        dist = self.conflict_distance(state)
        moved_ids: set[int] = set()
        progress = True
        while progress:
            progress = False
            for place in sorted(counts, key=self.place_name):
                if self._room(state, place, counts) >= 0:
                    continue
                tokens = [d for d in state.dp if d.place == place and d.id not in moved_ids]
                if not tokens:
                    continue
                token = max(tokens, key=lambda d: d.id)  # the latest arrival moves on first
                options = [n for n in self.adj.get(place, ()) if self._room(state, n, counts) > 0]
                if not options:
                    continue
                best = min(options, key=lambda n: (
                    not self._safe_room(state, n, counts),
                    self.community.get(n) != token.community,
                    -dist.get(n, far),
                    self.place_name(n),
                ))
                counts[place] -= 1
                counts[best] = counts.get(best, 0) + 1
                token.place = best
                moved_ids.add(token.id)
                progress = True
                events.append(Event(kind="dp_move", text=f"displaced people move from {self.place_name(place)} to "
                                    f"{self.place_name(best)}", places=(place, best)))
        # Camps and aid assist, those longest without help first; the rest age and may die.
        dead = 0
        for place in sorted({d.place for d in state.dp}):
            here = sorted((d for d in state.dp if d.place == place), key=lambda d: (-d.weeks_unassisted, d.id))
            camps = sum(1 for cp in state.camps if cp.place == place)
            helped = camps * self.settings.camp_capacity + state.aid_at(place)
            for i, token in enumerate(here):
                if i < helped:
                    token.weeks_unassisted = 0
                else:
                    token.weeks_unassisted += 1
        survivors = []
        for token in state.dp:
            if token.weeks_unassisted >= self.settings.dp_weeks_to_die:
                dead += 1
                events.append(Event(kind="deaths", text=f"displaced people at {self.place_name(token.place)} die "
                                    f"after {token.weeks_unassisted} weeks without aid", places=(token.place,)))
            else:
                survivors.append(token)
        state.dp = survivors
        state.deaths += dead

    def _upkeep(self, state: BinniState, events: list[Event]) -> None:
        for ctr in sorted(state.counters.values(), key=lambda u: u.id):
            upkeep = self.types[ctr.type].upkeep
            if not upkeep or ctr.place is None or ctr.destroyed:
                continue
            ts = state.teams[ctr.team]
            if ts.money >= upkeep:
                ts.money -= upkeep
                events.append(Event(kind="upkeep", text=f"{self.team_name(ctr.team)} pays $M{upkeep} upkeep for "
                                    f"{ctr.id}", teams=(ctr.team,), counters=(ctr.id,)))
            else:
                where = ctr.place
                state.relocate(ctr, None)
                ctr.held_since = None
                events.append(Event(kind="upkeep", text=f"{self.counter_name(state, ctr.id)} leaves the map from "
                                    f"{self.place_name(where)}: {self.team_name(ctr.team)} cannot pay $M{upkeep} upkeep",
                                    teams=(ctr.team,), places=(where,), counters=(ctr.id,)))

    def _top_up_cards(self, state: BinniState, dice: Dice, events: list[Event]) -> None:
        for team in sorted(state.teams.values(), key=lambda t: t.id):
            limit = self.cards_max(state, team.id)
            if len(team.cards) < limit:
                drawn = [self.draw_card(dice) for _ in range(limit - len(team.cards))]
                team.cards.extend(drawn)
                events.append(Event(kind="cards", text=f"{self.team_name(team.id)} draws {len(drawn)} influence "
                                    f"card{'s' if len(drawn) != 1 else ''} (limit {limit} at PR {team.pr})",
                                    teams=(team.id,), data={"drawn": drawn}))
            elif len(team.cards) > limit:
                team.cards.sort(reverse=True)
                cut = team.cards[limit:]
                del team.cards[limit:]
                events.append(Event(kind="cards", text=f"{self.team_name(team.id)} discards {len(cut)} influence "
                                    f"card{'s' if len(cut) != 1 else ''} down to its limit {limit} at PR {team.pr}",
                                    teams=(team.id,), data={"discarded": cut}))
            team.cards.sort()

