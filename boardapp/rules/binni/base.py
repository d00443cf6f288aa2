"""What every part of War in Binni's rules model stands on: set-up, names in the game's words,
who is friend or foe, refusals that name what does not exist, paying and losing.

:class:`~boardapp.rules.binni.module.BinniRules` is built in layers: this base, the end of turn
(:mod:`.endturn`), then the commands (:mod:`.module`).
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import (
    Command,
    Event,
    Impossible,
    RuleModule,
)
from boardapp.model.mapfile import Map
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.scenario import BinniScenario, UnitType
from boardapp.rules.binni.state import BinniState, Camp, CounterState, DPToken, TeamState
from boardapp.rules.binni.tables import (
    Weapon,
)


class BinniBase(RuleModule[BinniState]):
    """The shared ground of the War in Binni rule module (not a rule module on its own)."""

    def __init__(self, scenario: BinniScenario, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        self.scenario: BinniScenario = scenario
        self.settings = scenario.settings
        self.types: dict[str, UnitType] = {u.id: u for u in scenario.unit_types}
        self.team_names = {t.id: t.name for t in scenario.teams}
        self.pr_tables = {t.id: t.pr_table for t in scenario.teams}
        self.on_map = {t.id for t in scenario.teams if t.on_map}
        self.places = the_map.place_by_id
        self._name_key = {p.id: (p.name, p.id) for p in the_map.places}
        self.adj = the_map.adjacency
        communities = {}
        for p in the_map.places:
            communities[p.id] = p.community
        self.community = communities

    def team_name(self, team: str | None) -> str:
        return "nobody" if team is None else self.team_names.get(team, team)

    def place_name(self, place: str | None) -> str:
        if place is None:
            return "outside the region"
        p = self.places.get(place)
        return p.name if p else place

    def counter_name(self, state: BinniState, cid: str) -> str:
        ctr = state.counters.get(cid)
        if ctr is None:
            return cid
        return f"{cid} ({self.team_name(ctr.team)} {self.types[ctr.type].name})"

    def value_of(self, place: str) -> int:
        p = self.places[place]
        return p.value if p.value is not None else self.settings.value.get(p.kind, 1)

    def dp_capacity(self, place: str) -> int:
        p = self.places[place]
        return p.dp_capacity if p.dp_capacity is not None else self.settings.dp_capacity

    def cards_max(self, state: BinniState, team: str) -> int:
        table = self.pr_tables.get(team)
        if table is None:
            return len(state.teams[team].cards)
        return table[state.teams[team].pr]

    def initial_state(self) -> BinniState:
        s = self.scenario
        teams = {}
        for t in s.teams:
            teams[t.id] = TeamState(id=t.id, pr=t.pr, cards=list(t.cards or []), money=t.money, stores=t.stores,
                                    aid=t.aid, cruise_missiles=t.cruise_missiles, bombing=t.bombing,
                                    allies=list(t.allies))
        for t in s.teams:  # alliances are mutual
            for a in t.allies:
                if t.id not in teams[a].allies:
                    teams[a].allies.append(t.id)
        control: dict[str, str | None] = {p.id: None for p in self.map.places}
        control.update(s.control)
        state = BinniState(control=control, counters={}, teams=teams)
        for spec in s.counters:
            ut = self.types[spec.type]
            ctr = CounterState(id=spec.id, team=spec.team, type=spec.type, place=None,
                               combat_value=spec.combat_value if spec.combat_value is not None else ut.combat_value,
                               strength=ut.strength, losses=spec.losses, held_since=0 if spec.at else None)
            state.counters[spec.id] = ctr
            state.relocate(ctr, spec.at)
        for dp in s.dp_tokens:
            for _ in range(dp.count):
                state.dp.append(DPToken(id=state.next_dp, place=dp.place,
                                        community=dp.community or self.community.get(dp.place)))
                state.next_dp += 1
        state.camps = [Camp(place=cp.place, team=cp.team) for cp in s.camps]
        for ab in s.aid_blocks:
            state.add_aid(ab.place, ab.team, ab.count)
        # Ruling: a team whose starting hand is not listed is dealt a full hand, by deck order.
        for t in s.teams:
            if t.cards is None:
                state.teams[t.id].cards = self._deal_without_dice(self.cards_max(state, t.id))
        return state

    def _deal_without_dice(self, n: int) -> list[int]:
        """A deterministic starting hand matching the deck's mix (no dice at set-up)."""
        deck = sorted(self.settings.deck.items())
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

    def draw_card(self, dice: Dice) -> int:
        roll = dice.randint(1, 100)
        acc = 0
        for score, pct in sorted(self.settings.deck.items()):
            acc += pct
            if roll <= acc:
                return score
        return max(self.settings.deck)

    @staticmethod
    def allied(state: BinniState, a: str | None, b: str | None) -> bool:
        if a is None or b is None:
            return False
        return a == b or b in state.teams[a].allies

    def hostile_units(self, state: BinniState, place: str, team: str) -> list[CounterState]:
        return [u for u in state.units_at(place) if not u.destroyed and not self.allied(state, u.team, team)]

    def foreign(self, state: BinniState, place: str, team: str) -> bool:
        """Held by a faction that is neither the team nor its ally."""
        holder = state.control.get(place)
        return holder is not None and not self.allied(state, holder, team)

    @staticmethod
    def friends(state: BinniState, team: str) -> frozenset[str]:
        """The team and its allies (alliances are kept mutual)."""
        return frozenset((team, *state.teams[team].allies))

    def check(self, state: BinniState, command: Command) -> list[str]:
        method = getattr(self, f"_check_{command.kind}")
        reasons: list[str] = method(state, command)
        return reasons

    def apply(self, state: BinniState, command: Command, dice: Dice) -> list[Event]:
        method = getattr(self, f"_apply_{command.kind}")
        events: list[Event] = method(state, command, dice)
        return events

    def end_turn_command(self) -> Command:
        return c.EndTurn()

    def _no_team(self, state: BinniState, team: str | None, what: str = "team") -> str | None:
        if team is None or team in state.teams:
            return None
        return Impossible(f"no {what} {team!r}; teams are {', '.join(sorted(state.teams))}")

    def _no_place(self, place: str | None) -> str | None:
        if place is None or place in self.places:
            return None
        return Impossible(f"no place {place!r} on the map")

    def _no_counter(self, state: BinniState, cid: str) -> str | None:
        ctr = state.counters.get(cid)
        if ctr is None:
            return Impossible(f"no counter {cid!r}")
        if ctr.destroyed:
            return Impossible(f"{self.counter_name(state, cid)} was destroyed (a destroyed unit cannot return)")
        return None

    def _pay_money(self, state: BinniState, team: str, n: int, events: list[Event], why: str) -> None:
        ts = state.teams[team]
        paid = min(ts.money, n)
        ts.money -= paid
        if paid < n:
            events.append(Event(kind="shortfall", text=f"{self.team_name(team)} lacked $M{n - paid} for {why} "
                                "(forced)", teams=(team,)))

    def _spend_stores(self, state: BinniState, team: str, n: int, events: list[Event], why: str) -> None:
        ts = state.teams[team]
        paid = min(ts.stores, n)
        ts.stores -= paid
        if paid < n:
            events.append(Event(kind="shortfall", text=f"{self.team_name(team)} lacked {n - paid} warlike stores "
                                f"for {why} (forced)", teams=(team,)))

    def _spend_weapons(self, state: BinniState, team: str | None, weapons: list[Weapon], events: list[Event]) -> None:
        if team is None:
            return
        ts = state.teams[team]
        n = weapons.count(Weapon.CRUISE_MISSILE)
        paid = min(ts.cruise_missiles, n)
        ts.cruise_missiles -= paid
        if paid < n:
            events.append(Event(kind="shortfall", text=f"{self.team_name(team)} lacked {n - paid} cruise missile"
                                f"{'s' if n - paid != 1 else ''} (forced)", teams=(team,)))

    def _mark_conflict(self, state: BinniState, *places: str | None) -> None:
        for p in places:
            if p is not None and p not in state.conflict:
                state.conflict.append(p)
        state.conflict.sort()

    def _take_loss(self, state: BinniState, side: list[CounterState], chosen: list[str], events: list[Event],
                   why: str) -> None:
        alive = [u for u in side if not u.destroyed]
        if not alive:
            return
        pick = next((u for cid in chosen for u in alive if u.id == cid), None)
        if pick is None:
            pick = max(alive, key=lambda u: (u.value, u.strength - u.losses, u.id))
        if chosen and chosen[0] == pick.id:
            chosen.pop(0)
        pick.losses += 1
        text = f"{self.counter_name(state, pick.id)} takes a loss ({why})"
        if pick.losses >= pick.strength:
            pick.destroyed = True
            state.relocate(pick, None)
            text += " and is destroyed"
        events.append(Event(kind="loss", text=text, teams=(pick.team,), counters=(pick.id,),
                            data={"losses": pick.losses, "destroyed": pick.destroyed}))

    def _collateral(self, state: BinniState, team: str, place: str, n: int, events: list[Event]) -> None:
        if n <= 0:
            return
        state.teams[team].collateral += n
        for _ in range(n):
            state.dp.append(DPToken(id=state.next_dp, place=place, community=self.community.get(place)))
            state.next_dp += 1
        events.append(Event(kind="collateral", text=f"{n} displaced-people token{'s' if n != 1 else ''} at "
                            f"{self.place_name(place)} (collateral effects of {self.team_name(team)})",
                            teams=(team,), places=(place,), data={"count": n}))

    def turn_label(self, state: BinniState) -> str:
        return f"Week {state.week}"

