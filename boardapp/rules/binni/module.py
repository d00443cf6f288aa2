"""War in Binni's rules model: checks and applies every command, exactly as the digest says.

Built in layers: :mod:`.base` (set-up, names, relations, paying and losing), :mod:`.endturn`
(the end of the week), and here the commands a week is made of and what the board reads.

``check`` answers "legal, or why not" in the game's words; ``apply`` carries a command out
(a forced command too: costs are then paid as far as the team can, never below zero, and the
shortfall is logged). See ``docs/rulings.md`` for the rulings this module adds.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections import deque
from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import (
    BoardPicture,
    BoardPiece,
    BoardToken,
    Command,
    Event,
    Impossible,
    MoveOption,
)
from boardapp.rules.binni import commands as c
from boardapp.rules.binni.endturn import BinniEndOfTurn
from boardapp.rules.binni.scenario import BinniScenario
from boardapp.rules.binni.state import BinniState, Camp, CounterState, TeamState
from boardapp.rules.binni.tables import (
    COMBAT_RESULTS,
    RESULT_EFFECTS,
    STRIKE_RESULTS,
    Column,
    Weapon,
    odds_column,
)

HIDDEN_KEYS = {"cards": "cards", "money": "money", "stores": "stores", "aid": "aid",
               "cruise_missiles": "cruise_missiles"}


class BinniRules(BinniEndOfTurn):
    """The War in Binni rule module."""

    name = "binni"
    title = "War in Binni"
    scenario_model = BinniScenario
    command_types = c.ALL_COMMANDS
    control_only_kinds = frozenset({"supply", "set_pr", "set_control", "set_bombing", "set_alliance", "end_turn"})

    # --- movement -------------------------------------------------------------------------------
    def move_costs(self, state: BinniState, ctr: CounterState, dest: str) -> tuple[int, int, int, str]:
        """(activation $M, entry $M, or entry cards instead, words) for a move ending at ``dest``."""
        ut = self.types[ctr.type]
        activation = 0 if ctr.activated else ut.activation_cost
        words = [f"$M{activation} to activate"] if activation else []
        if self.foreign(state, dest, ctr.team) and not ut.free_entry:
            s = self.settings
            words.append(f"$M{s.entry_money} or {s.entry_cards} influence card{'s' if s.entry_cards != 1 else ''} "
                         "to enter")
            return activation, s.entry_money, s.entry_cards, " + ".join(words)
        return activation, 0, 0, " + ".join(words)

    @staticmethod
    def _affordable(team: TeamState, activation: int, money: int, cards: int) -> bool:
        if team.money >= activation + money:
            return True
        return cards > 0 and team.money >= activation and len(team.cards) >= cards

    def _reach(self, state: BinniState, ctr: CounterState) -> dict[str, str | None]:
        """Places reachable this move -> predecessor, in breadth-first order along roads."""
        start = ctr.place
        assert start is not None
        friends = self.friends(state, ctr.team)
        control, at, counters, adj = state.control, state.at, state.counters, self.adj
        blocked: set[str] = set()  # places found occupied by hostile units
        prev: dict[str, str | None] = {start: None}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            if here != start:
                holder = control.get(here)
                if holder is not None and holder not in friends:
                    continue  # a unit must stop on reaching a place held by another faction
            for nxt in adj[here]:
                if nxt in prev or nxt in blocked:
                    continue
                ids = at.get(nxt)
                if ids:
                    hostile = False
                    for i in ids:  # (destroyed counters are off the map, so not in `at`)
                        if counters[i].team not in friends:
                            hostile = True
                            break
                    if hostile:
                        blocked.add(nxt)
                        continue  # no entry into hostile units except by fighting
                prev[nxt] = here
                todo.append(nxt)
        return prev

    def move_options(self, state: BinniState, piece: str) -> list[MoveOption]:
        ctr = state.counters.get(piece)
        if ctr is None or ctr.destroyed or ctr.place is None or ctr.moved:
            return []
        team = state.teams[ctr.team]
        friends = self.friends(state, ctr.team)
        prev = self._reach(state, ctr)
        # Costs depend only on whether the destination is held by another faction: work out each once.
        start = ctr.place
        control = state.control
        offers: dict[bool, tuple[bool, str]] = {}
        paths: dict[str, tuple[str, ...]] = {start: ()}
        out = []
        for dest, before in prev.items():
            if before is None:
                continue
            path = paths[dest] = (*paths[before], dest)
            holder = control.get(dest)
            foreign = holder is not None and holder not in friends
            offer = offers.get(foreign)
            if offer is None:
                activation, money, cards, words = self.move_costs(state, ctr, dest)
                offer = offers[foreign] = (self._affordable(team, activation, money, cards), words)
            if offer[0]:
                out.append(MoveOption(dest, offer[1], path, "move ends here" if foreign else ""))
        out.sort(key=lambda o: self._name_key[o.place])
        return out

    # --- checking the commands --------------------------------------------------------------
    # small checking helpers: each returns a reason or None
    def _check_move(self, state: BinniState, cmd: c.Move) -> list[str]:
        if err := self._no_counter(state, cmd.counter) or self._no_place(cmd.to):
            return [err]
        ctr = state.counters[cmd.counter]
        name = self.counter_name(state, cmd.counter)
        team = state.teams[ctr.team]
        if ctr.place is None:
            return [f"{name} is outside the region: deploy it first"]
        if ctr.moved:
            return [f"{name} has already moved this week (a unit moves once a week)"]
        if cmd.to == ctr.place:
            return [f"{name} is already at {self.place_name(cmd.to)}"]
        reasons = []
        if cmd.with_aid and state.aid.get(ctr.place, {}).get(ctr.team, 0) < cmd.with_aid:
            reasons.append(f"{self.team_name(ctr.team)} has only {state.aid.get(ctr.place, {}).get(ctr.team, 0)} "
                           f"aid blocks at {self.place_name(ctr.place)} to escort")
        prev = self._reach(state, ctr)
        if cmd.to not in prev:
            hostile = self.hostile_units(state, cmd.to, ctr.team)
            if hostile:
                reasons.append(f"{self.place_name(cmd.to)} is occupied by hostile units "
                               f"({', '.join(u.id for u in hostile)}): no unit enters it except by fighting")
            else:
                reasons.append(f"no road to {self.place_name(cmd.to)} through neutral or friendly places free of "
                               "hostile units (a unit stops at the first place held by another faction)")
            return reasons
        activation, money, cards, _ = self.move_costs(state, ctr, cmd.to)
        if money or cards:  # entering a place another faction holds: money or cards
            held = f"{self.place_name(cmd.to)} (held by {self.team_name(state.control[cmd.to])})"
            after = f" after $M{activation} activation" if activation else ""
            pay = cmd.pay or ("money" if team.money >= activation + money or not cards else "card")
            if pay == "card" and cards == 0:
                reasons.append(f"entering {held} cannot be paid with cards in this scenario (entry_cards is 0)")
            elif pay == "money" and team.money < activation + money:
                reasons.append(f"entering {held} costs $M{money}{after}; {self.team_name(ctr.team)} has "
                               f"$M{team.money}")
            elif pay == "card":
                if team.money < activation:
                    reasons.append(f"activating {name} costs $M{activation}; {self.team_name(ctr.team)} has "
                                   f"$M{team.money}")
                if len(team.cards) < cards:
                    plural = "s" if cards != 1 else ""
                    reasons.append(f"entering {held} costs $M{money}{after} or {cards} influence card{plural}; "
                                   f"{self.team_name(ctr.team)} has $M{team.money} and {len(team.cards)} "
                                   f"card{'s' if len(team.cards) != 1 else ''}")
                elif cmd.card is not None and cmd.card not in team.cards:
                    reasons.append(f"{self.team_name(ctr.team)} holds no card of score {cmd.card} "
                                   f"(hand: {sorted(team.cards)})")
        else:
            if cmd.pay is not None:
                reasons.append(f"entering {self.place_name(cmd.to)} costs nothing: leave 'pay' out")
            if team.money < activation:
                reasons.append(f"activating {name} costs $M{activation}; {self.team_name(ctr.team)} has "
                               f"$M{team.money}")
        return reasons

    def _check_deploy(self, state: BinniState, cmd: c.Deploy) -> list[str]:
        if err := self._no_counter(state, cmd.counter) or self._no_place(cmd.to):
            return [err]
        ctr = state.counters[cmd.counter]
        ut = self.types[ctr.type]
        name = self.counter_name(state, cmd.counter)
        reasons = []
        if ctr.place is not None:
            return [f"{name} is already on the map at {self.place_name(ctr.place)}"]
        if state.teams[ctr.team].money < ut.deploy_cost:
            reasons.append(f"deploying {name} costs $M{ut.deploy_cost}; {self.team_name(ctr.team)} has "
                           f"$M{state.teams[ctr.team].money}")
        if self.hostile_units(state, cmd.to, ctr.team):
            reasons.append(f"{self.place_name(cmd.to)} is occupied by hostile units")
        elif not ut.deploy_anywhere and self.foreign(state, cmd.to, ctr.team):
            reasons.append(f"{ut.name} deploy only to places held by {self.team_name(ctr.team)} or its allies "
                           f"({self.place_name(cmd.to)} is held by {self.team_name(state.control[cmd.to])})")
        elif not ut.deploy_anywhere and state.control.get(cmd.to) is None:
            reasons.append(f"{ut.name} deploy only to places held by {self.team_name(ctr.team)} or its allies "
                           f"({self.place_name(cmd.to)} is neutral)")
        return reasons

    def _check_activate(self, state: BinniState, cmd: c.Activate) -> list[str]:
        if err := self._no_counter(state, cmd.counter):
            return [err]
        ctr = state.counters[cmd.counter]
        ut = self.types[ctr.type]
        name = self.counter_name(state, cmd.counter)
        if ut.activation_cost == 0:
            return [f"{ut.name} need no activation"]
        if ctr.activated:
            return [f"{name} is already activated this week"]
        if ctr.place is None:
            return [f"{name} is outside the region: deploy it (which costs $M{ut.deploy_cost})"]
        if state.teams[ctr.team].money < ut.activation_cost:
            return [f"activating {name} costs $M{ut.activation_cost}; {self.team_name(ctr.team)} has "
                    f"$M{state.teams[ctr.team].money}"]
        return []

    # --- fights ----------------------------------------------------------------------------------
    def fight_sides(self, state: BinniState, cmd: c.Attack) -> dict[str, Any]:
        """The numbers of a fight before the die: both sides' values, the odds column, stores."""
        attackers = [state.counters[a] for a in cmd.attackers if a in state.counters]
        team = attackers[0].team if attackers else None
        defenders = self.hostile_units(state, cmd.place, team) if team else []
        defender_team = self._defending_team(state, cmd.place, defenders)
        s = self.settings
        support = {Weapon.BOMBING: s.bombing_support, Weapon.CRUISE_MISSILE: s.cruise_support}
        att = sum(a.value for a in attackers) + cmd.extra_stores // s.extra_stores_per_point
        att += sum(support[w] for w in cmd.attacker_support)
        dfn = sum(d.value for d in defenders) + cmd.defender_extra_stores // s.extra_stores_per_point
        dfn += sum(support[w] for w in cmd.defender_support)
        stores = sum(self.types[a.type].attack_stores for a in attackers) + cmd.extra_stores
        return {"team": team, "attackers": attackers, "defenders": defenders, "defender_team": defender_team,
                "attack": att, "defence": dfn, "column": odds_column(att, dfn), "stores": stores}

    def _defending_team(self, state: BinniState, place: str, defenders: list[CounterState]) -> str | None:
        """The team that pays the defender's stores: the holder if it defends, else the strongest."""
        teams = {d.team for d in defenders}
        holder = state.control.get(place)
        if holder in teams:
            return holder
        if not defenders:
            return None
        best = max(defenders, key=lambda d: (d.value, d.id))
        return best.team

    def _weapon_reasons(self, state: BinniState, team: str | None, weapons: list[Weapon], side: str) -> list[str]:
        if not weapons or team is None:
            return []
        ts = state.teams[team]
        out = []
        missiles = weapons.count(Weapon.CRUISE_MISSILE)
        if missiles > ts.cruise_missiles:
            out.append(f"{self.team_name(team)} ({side}) has {ts.cruise_missiles} cruise missiles, not {missiles}")
        if Weapon.BOMBING in weapons and not ts.bombing:
            out.append(f"{self.team_name(team)} ({side}) may not fly bombing missions: CONTROL has not allowed them")
        return out

    def _check_attack(self, state: BinniState, cmd: c.Attack) -> list[str]:
        if err := self._no_place(cmd.place):
            return [err]
        reasons = []
        for a in cmd.attackers:
            if err := self._no_counter(state, a):
                reasons.append(err)
        if len(set(cmd.attackers)) != len(cmd.attackers):
            reasons.append("a counter is listed twice among the attackers")
        if reasons:
            return reasons
        f = self.fight_sides(state, cmd)
        team = f["team"]
        if {a.team for a in f["attackers"]} != {team}:
            reasons.append("all attackers must belong to one team (allies attack separately)")
        for a in f["attackers"]:
            name = self.counter_name(state, a.id)
            if a.place is None:
                reasons.append(f"{name} is outside the region")
            elif a.place != cmd.place and cmd.place not in self.adj.get(a.place, ()):
                reasons.append(f"{name} at {self.place_name(a.place)} is not in {self.place_name(cmd.place)} "
                               "nor one road away from it")
            if a.attacked:
                reasons.append(f"{name} has already attacked this week (once per week)")
        if not f["defenders"]:
            reasons.append(f"no hostile units at {self.place_name(cmd.place)} to attack")
        ts = state.teams[team]
        if ts.stores < f["stores"]:
            reasons.append(f"this attack consumes {f['stores']} warlike stores; {self.team_name(team)} has {ts.stores}")
        dt = f["defender_team"]
        if cmd.defender_extra_stores and dt is not None and state.teams[dt].stores < cmd.defender_extra_stores:
            reasons.append(f"{self.team_name(dt)} has {state.teams[dt].stores} warlike stores, not "
                           f"{cmd.defender_extra_stores}")
        reasons += self._weapon_reasons(state, team, cmd.attacker_support, "attacker")
        reasons += self._weapon_reasons(state, dt, cmd.defender_support, "defender")
        if f["defenders"] and f["column"] is None:
            reasons.append(f"odds {f['attack']}:{f['defence']} are below 1:1: the attack is aborted before the fight "
                           "starts, with no loss to either side")
        for cid in cmd.attacker_loss:
            if cid not in cmd.attackers:
                reasons.append(f"attacker_loss names {cid!r}, which is not an attacker")
        defender_ids = {d.id for d in f["defenders"]}
        for cid in cmd.defender_loss:
            if cid not in defender_ids:
                reasons.append(f"defender_loss names {cid!r}, which is not a defender")
        if cmd.retreat_to is not None:
            if err := self._no_place(cmd.retreat_to):
                reasons.append(err)
            elif f["defenders"] and cmd.retreat_to not in self.retreat_options(state, cmd.place, f["defenders"]):
                reasons.append(f"the defenders cannot retreat to {self.place_name(cmd.retreat_to)}: a retreat goes one "
                               "road to a place free of hostile units, neutral or held by the defender")
        return reasons

    def retreat_options(self, state: BinniState, place: str, defenders: list[CounterState]) -> list[str]:
        """Places every defender may retreat to: one road away, no hostile units, neutral or friendly."""
        teams = {d.team for d in defenders}
        out = []
        for n in self.adj.get(place, ()):
            if all(not self.hostile_units(state, n, t) and not self.foreign(state, n, t) for t in teams):
                out.append(n)
        return sorted(out, key=self.place_name)

    def _apply_attack(self, state: BinniState, cmd: c.Attack, dice: Dice) -> list[Event]:
        f = self.fight_sides(state, cmd)
        team, dt = f["team"], f["defender_team"]
        column: Column = f["column"] or Column.ONE_ONE  # a forced attack below 1:1 is fought on 1:1
        events: list[Event] = []
        self._spend_stores(state, team, f["stores"], events, "the attack")
        if dt is not None and cmd.defender_extra_stores:
            self._spend_stores(state, dt, cmd.defender_extra_stores, events, "the defence")
        self._spend_weapons(state, team, cmd.attacker_support, events)
        self._spend_weapons(state, dt, cmd.defender_support, events)
        die = cmd.die if cmd.die is not None else dice.d6()
        result = COMBAT_RESULTS[die][column]
        att_loss, def_loss, retreat = RESULT_EFFECTS[result]
        place = self.place_name(cmd.place)
        events.append(Event(
            kind="fight",
            text=f"{self.team_name(team)} attacks {place}: {f['attack']} against {f['defence']}, column {column}, "
                 f"die {die}{' (typed)' if cmd.die is not None else ''}: {result}",
            teams=tuple(sorted({team} | {d.team for d in f['defenders']})), places=(cmd.place,),
            counters=tuple(cmd.attackers) + tuple(d.id for d in f["defenders"]),
            data={"attack": f["attack"], "defence": f["defence"], "column": str(column), "die": die,
                  "result": str(result), "stores": f["stores"]},
        ))
        for a in f["attackers"]:
            a.attacked = True
        a_chosen, d_chosen = list(cmd.attacker_loss), list(cmd.defender_loss)
        for _ in range(att_loss):
            self._take_loss(state, f["attackers"], a_chosen, events, "attacker")
        for _ in range(def_loss):
            self._take_loss(state, f["defenders"], d_chosen, events, "defender")
        if retreat:
            survivors = [d for d in f["defenders"] if not d.destroyed]
            options = self.retreat_options(state, cmd.place, survivors) if survivors else []
            if survivors and options:
                dest = cmd.retreat_to if cmd.retreat_to in options else options[0]
                for d in survivors:
                    state.relocate(d, dest)
                    d.held_since = None
                events.append(Event(kind="retreat", text=f"the defenders retreat from {place} to "
                                    f"{self.place_name(dest)}", places=(cmd.place, dest),
                                    counters=tuple(d.id for d in survivors)))
            elif survivors:
                events.append(Event(kind="retreat", text=f"the defenders at {place} cannot retreat: they stay and "
                                    "take one more loss", places=(cmd.place,)))
                self._take_loss(state, survivors, d_chosen, events, "no retreat")
        self._mark_conflict(state, cmd.place, *(a.place for a in f["attackers"]))
        return events

    # --- strikes ---------------------------------------------------------------------------------
    def spotters(self, state: BinniState, team: str, place: str) -> list[str]:
        """Friendly special forces spotting a place: in it or one road away."""
        near = (place, *self.adj.get(place, ()))
        return sorted(u.id for p in near for u in state.units_at(p)
                      if self.types[u.type].spots and self.allied(state, u.team, team) and not u.destroyed)

    def _check_strike(self, state: BinniState, cmd: c.Strike) -> list[str]:
        if err := self._no_team(state, cmd.team) or self._no_counter(state, cmd.target):
            return [err]
        target = state.counters[cmd.target]
        reasons = self._weapon_reasons(state, cmd.team, [cmd.weapon], "striker")
        if target.place is None:
            reasons.append(Impossible(f"{self.counter_name(state, cmd.target)} is outside the region: nothing to strike"))
        if self.allied(state, target.team, cmd.team):
            reasons.append(f"{self.counter_name(state, cmd.target)} is not hostile to {self.team_name(cmd.team)}")
        return reasons

    def _apply_strike(self, state: BinniState, cmd: c.Strike, dice: Dice) -> list[Event]:
        target = state.counters[cmd.target]
        place = target.place
        shortfall: list[Event] = []
        self._spend_weapons(state, cmd.team, [cmd.weapon], shortfall)
        die = cmd.die if cmd.die is not None else dice.d6()
        spot = self.spotters(state, cmd.team, place) if place else []
        modified = min(6, die + (self.settings.spotting_bonus if spot else 0))
        hits, collateral = STRIKE_RESULTS[cmd.weapon][modified]
        what = "bombing mission" if cmd.weapon == Weapon.BOMBING else "cruise missile"
        events = [Event(
            kind="strike",
            text=f"{self.team_name(cmd.team)} {what} on {self.counter_name(state, cmd.target)} at "
                 f"{self.place_name(place)}: die {die}{' +1 spotted' if spot else ''} = {modified}: "
                 f"{hits} hit{'s' if hits != 1 else ''}, {collateral} collateral effect{'s' if collateral != 1 else ''}",
            teams=(cmd.team, target.team), places=(place,) if place else (), counters=(cmd.target, *spot),
            data={"die": die, "modified": modified, "hits": hits, "collateral": collateral, "spotters": spot},
        ), *shortfall]
        for _ in range(hits):
            self._take_loss(state, [target], [], events, "strike")
        if place is not None:
            self._collateral(state, cmd.team, place, collateral, events)
            self._mark_conflict(state, place)
        return events

    # --- control -----------------------------------------------------------------------------------
    def _check_influence(self, state: BinniState, cmd: c.Influence) -> list[str]:
        if err := self._no_place(cmd.place):
            return [err]
        reasons = []
        if not cmd.bids:
            reasons.append("an influence contest needs at least one team committing cards")
        elif not any(cmd.bids.values()):
            reasons.append("no influence card is committed: a contest with no cards would hand the place over for "
                           "nothing")
        for team, cards in cmd.bids.items():
            if err := self._no_team(state, team):
                reasons.append(err)
                continue
            if team not in self.on_map:
                reasons.append(f"{self.team_name(team)} is an off-map team and cannot hold places; it may transfer "
                               "cards to a faction instead")
            hand = Tally(state.teams[team].cards)
            if Tally(cards) - hand:
                reasons.append(f"{self.team_name(team)} does not hold the cards {sorted(cards)} "
                               f"(hand: {sorted(state.teams[team].cards)})")
        return reasons

    def _apply_influence(self, state: BinniState, cmd: c.Influence, dice: Dice) -> list[Event]:
        totals = {}
        for team, cards in cmd.bids.items():
            hand = state.teams[team].cards
            for score in cards:
                if score in hand:
                    hand.remove(score)
            totals[team] = sum(cards)
        best = max(totals.values())
        leaders = sorted(t for t, v in totals.items() if v == best)
        before = state.control[cmd.place]
        place = self.place_name(cmd.place)
        scores = ", ".join(f"{self.team_name(t)} {v}" for t, v in sorted(totals.items()))
        if len(leaders) == 1 and leaders[0] != before:
            state.control[cmd.place] = leaders[0]
            text = f"influence contest for {place} ({scores}): {self.team_name(leaders[0])} takes control"
        elif len(leaders) == 1:
            text = f"influence contest for {place} ({scores}): {self.team_name(before)} keeps control"
        else:
            text = f"influence contest for {place} ({scores}): a tie, control stays with {self.team_name(before)}"
        return [Event(kind="control", text=text + "; every committed card is consumed",
                      teams=tuple(sorted(totals)), places=(cmd.place,),
                      data={"totals": totals, "before": before, "after": state.control[cmd.place]})]

    def _check_handover(self, state: BinniState, cmd: c.Handover) -> list[str]:
        if err := self._no_place(cmd.place) or self._no_team(state, cmd.to):
            return [err]
        holder = state.control.get(cmd.place)
        if holder is None:
            return [f"{self.place_name(cmd.place)} is neutral: nobody holds it to hand it over"]
        if cmd.to == holder:
            return [f"{self.team_name(holder)} already holds {self.place_name(cmd.place)}"]
        if cmd.to is not None and cmd.to not in self.on_map:
            return [f"{self.team_name(cmd.to)} is an off-map team and cannot hold places"]
        return []

    def _apply_handover(self, state: BinniState, cmd: c.Handover, dice: Dice) -> list[Event]:
        before = state.control[cmd.place]
        state.control[cmd.place] = cmd.to
        return [Event(kind="control", text=f"{self.team_name(before)} hands {self.place_name(cmd.place)} over to "
                      f"{self.team_name(cmd.to)}", teams=tuple(t for t in (before, cmd.to) if t),
                      places=(cmd.place,), data={"before": before, "after": cmd.to})]

    # --- moving and paying ----------------------------------------------------------------------
    def _apply_move(self, state: BinniState, cmd: c.Move, dice: Dice) -> list[Event]:
        ctr = state.counters[cmd.counter]
        ts = state.teams[ctr.team]
        events: list[Event] = []
        start = ctr.place
        cost_words = []
        activation, money, cards, _ = self.move_costs(state, ctr, cmd.to)
        pay = cmd.pay or ("money" if ts.money >= activation + money or not cards else "card")
        if activation:
            self._pay_money(state, ctr.team, activation, events, "activation")
            cost_words.append(f"$M{activation} activation")
        ctr.activated = True
        if cards or money:
            if pay == "card" and ts.cards and cards:
                spent = []
                for _ in range(self.settings.entry_cards):
                    if not ts.cards:
                        break
                    score = cmd.card if cmd.card in ts.cards else min(ts.cards)
                    ts.cards.remove(score)
                    spent.append(score)
                cost_words.append(f"{len(spent)} influence card (score {', '.join(map(str, spent))}) to enter")
            else:
                self._pay_money(state, ctr.team, self.settings.entry_money, events, "entry")
                cost_words.append(f"$M{self.settings.entry_money} to enter")
        if cmd.with_aid and start is not None:
            moved = min(cmd.with_aid, state.aid.get(start, {}).get(ctr.team, 0))
            state.add_aid(start, ctr.team, -moved)
            state.add_aid(cmd.to, ctr.team, moved)
            if moved:
                cost_words.append(f"escorting {moved} aid block{'s' if moved != 1 else ''}")
        state.relocate(ctr, cmd.to)
        ctr.moved = True
        ctr.held_since = None
        text = f"{self.counter_name(state, ctr.id)} moves from {self.place_name(start)} to {self.place_name(cmd.to)}"
        if cost_words:
            text += f" ({'; '.join(cost_words)})"
        events.insert(0, Event(kind="move", text=text, teams=(ctr.team,), places=tuple(p for p in (start, cmd.to) if p),
                               counters=(ctr.id,)))
        return events

    def _apply_deploy(self, state: BinniState, cmd: c.Deploy, dice: Dice) -> list[Event]:
        ctr = state.counters[cmd.counter]
        ut = self.types[ctr.type]
        events: list[Event] = []
        self._pay_money(state, ctr.team, ut.deploy_cost, events, "deployment")
        state.relocate(ctr, cmd.to)
        ctr.moved = True
        ctr.activated = True
        ctr.held_since = None
        events.insert(0, Event(kind="deploy", text=f"{self.counter_name(state, ctr.id)} deploys to "
                               f"{self.place_name(cmd.to)} ($M{ut.deploy_cost})", teams=(ctr.team,),
                               places=(cmd.to,), counters=(ctr.id,)))
        return events

    def _apply_activate(self, state: BinniState, cmd: c.Activate, dice: Dice) -> list[Event]:
        ctr = state.counters[cmd.counter]
        ut = self.types[ctr.type]
        events: list[Event] = []
        self._pay_money(state, ctr.team, ut.activation_cost, events, "activation")
        ctr.activated = True
        events.insert(0, Event(kind="activate", text=f"{self.counter_name(state, ctr.id)} is activated "
                               f"($M{ut.activation_cost})", teams=(ctr.team,), counters=(ctr.id,)))
        return events

    def _check_rebuild(self, state: BinniState, cmd: c.Rebuild) -> list[str]:
        if err := self._no_counter(state, cmd.counter):
            return [err]
        ctr = state.counters[cmd.counter]
        need = cmd.losses * self.settings.rebuild_stores
        reasons = []
        if ctr.losses < cmd.losses:
            reasons.append(f"{self.counter_name(state, ctr.id)} has {ctr.losses} losses to recover, not {cmd.losses}")
        if state.teams[ctr.team].stores < need:
            reasons.append(f"recovering {cmd.losses} loss{'es' if cmd.losses != 1 else ''} costs {need} warlike "
                           f"stores; {self.team_name(ctr.team)} has {state.teams[ctr.team].stores}")
        return reasons

    def _apply_rebuild(self, state: BinniState, cmd: c.Rebuild, dice: Dice) -> list[Event]:
        ctr = state.counters[cmd.counter]
        events: list[Event] = []
        need = cmd.losses * self.settings.rebuild_stores
        self._spend_stores(state, ctr.team, need, events, "the rebuild")
        ctr.losses = max(0, ctr.losses - cmd.losses)
        events.insert(0, Event(kind="rebuild", text=f"{self.counter_name(state, ctr.id)} recovers {cmd.losses} "
                               f"loss{'es' if cmd.losses != 1 else ''} ({need} warlike stores)",
                               teams=(ctr.team,), counters=(ctr.id,)))
        return events

    # --- aid and camps ---------------------------------------------------------------------------
    def _check_camp(self, state: BinniState, cmd: c.SetUpCamp) -> list[str]:
        if err := self._no_team(state, cmd.team) or self._no_place(cmd.place):
            return [err]
        s = self.settings
        reasons = []
        have = state.aid.get(cmd.place, {}).get(cmd.team, 0)
        if have < s.camp_aid:
            reasons.append(f"a camp costs {s.camp_aid} aid blocks in the place; {self.team_name(cmd.team)} has {have} "
                           f"at {self.place_name(cmd.place)}")
        if state.teams[cmd.team].money < s.camp_money:
            reasons.append(f"a camp costs $M{s.camp_money}; {self.team_name(cmd.team)} has "
                           f"$M{state.teams[cmd.team].money}")
        return reasons

    def _apply_camp(self, state: BinniState, cmd: c.SetUpCamp, dice: Dice) -> list[Event]:
        s = self.settings
        events: list[Event] = []
        used = min(s.camp_aid, state.aid.get(cmd.place, {}).get(cmd.team, 0))
        state.add_aid(cmd.place, cmd.team, -used)
        self._pay_money(state, cmd.team, s.camp_money, events, "the camp")
        state.camps.append(Camp(place=cmd.place, team=cmd.team))
        events.insert(0, Event(kind="camp", text=f"{self.team_name(cmd.team)} sets up a camp for {s.camp_capacity} "
                               f"people at {self.place_name(cmd.place)} ({used} aid blocks, $M{s.camp_money})",
                               teams=(cmd.team,), places=(cmd.place,)))
        return events

    def _check_deliver_aid(self, state: BinniState, cmd: c.DeliverAid) -> list[str]:
        if err := self._no_team(state, cmd.team) or self._no_place(cmd.place):
            return [err]
        reasons = []
        ts = state.teams[cmd.team]
        if ts.aid < cmd.count:
            reasons.append(f"{self.team_name(cmd.team)} holds {ts.aid} aid blocks, not {cmd.count}")
        # Ruling: aid arrives from outside anywhere (the source limits how it moves, not where it lands);
        # in a place another faction holds, that faction moves it from then on (see aid_mover).
        return reasons

    def _apply_deliver_aid(self, state: BinniState, cmd: c.DeliverAid, dice: Dice) -> list[Event]:
        ts = state.teams[cmd.team]
        n = min(ts.aid, cmd.count)
        ts.aid -= n
        state.add_aid(cmd.place, cmd.team, n)
        return [Event(kind="aid", text=f"{self.team_name(cmd.team)} delivers {n} aid block{'s' if n != 1 else ''} to "
                      f"{self.place_name(cmd.place)}", teams=(cmd.team,), places=(cmd.place,), data={"count": n})]

    def aid_mover(self, state: BinniState, place: str, owner: str) -> str:
        """Who moves an owner's aid blocks at a place: the owner, unless a faction holds the place."""
        holder = state.control.get(place)
        if holder is not None and not self.allied(state, holder, owner):
            return holder
        return owner

    def _aid_reach(self, state: BinniState, start: str, mover: str) -> set[str]:
        seen = {start}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            if here != start and self.foreign(state, here, mover):
                continue  # aid moves until a faction stops it
            for n in self.adj.get(here, ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        seen.discard(start)
        return seen

    def _check_move_aid(self, state: BinniState, cmd: c.MoveAid) -> list[str]:
        for team in (cmd.by, cmd.owner):
            if err := self._no_team(state, team):
                return [err]
        if err := self._no_place(cmd.place) or self._no_place(cmd.to):
            return [err]
        reasons = []
        have = state.aid.get(cmd.place, {}).get(cmd.owner, 0)
        if have < cmd.count:
            reasons.append(f"{self.team_name(cmd.owner)} has {have} aid blocks at {self.place_name(cmd.place)}, "
                           f"not {cmd.count}")
        mover = self.aid_mover(state, cmd.place, cmd.owner)
        if cmd.by != mover:
            reasons.append(f"{self.team_name(cmd.owner)}'s aid at {self.place_name(cmd.place)} is moved by "
                           f"{self.team_name(mover)}, which holds the place (unless a unit escorts it)")
        elif cmd.to not in self._aid_reach(state, cmd.place, mover):
            reasons.append(f"no road to {self.place_name(cmd.to)}: aid moves through neutral and friendly places and "
                           "stops at the first place another faction holds")
        return reasons

    def _apply_move_aid(self, state: BinniState, cmd: c.MoveAid, dice: Dice) -> list[Event]:
        n = min(cmd.count, state.aid.get(cmd.place, {}).get(cmd.owner, 0))
        state.add_aid(cmd.place, cmd.owner, -n)
        state.add_aid(cmd.to, cmd.owner, n)
        return [Event(kind="aid", text=f"{self.team_name(cmd.by)} moves {n} aid block{'s' if n != 1 else ''} of "
                      f"{self.team_name(cmd.owner)} from {self.place_name(cmd.place)} to {self.place_name(cmd.to)}",
                      teams=tuple(sorted({cmd.by, cmd.owner})), places=(cmd.place, cmd.to), data={"count": n})]

    # --- trades and CONTROL's commands ---------------------------------------------------------
    def _check_transfer(self, state: BinniState, cmd: c.Transfer) -> list[str]:
        for team in (cmd.source, cmd.to):
            if err := self._no_team(state, team):
                return [err]
        if cmd.source == cmd.to:
            return ["a transfer needs two different teams"]
        src, dst = state.teams[cmd.source], state.teams[cmd.to]
        name = self.team_name(cmd.source)
        reasons = []
        for what in ("money", "stores", "aid", "cruise_missiles"):
            want, have = getattr(cmd, what), getattr(src, what)
            if want > have:
                reasons.append(f"{name} has {have} {what.replace('_', ' ')}, not {want}")
        if Tally(cmd.cards) - Tally(src.cards):
            reasons.append(f"{name} does not hold the cards {sorted(cmd.cards)} (hand: {sorted(src.cards)})")
        limit = self.cards_max(state, cmd.to)
        if cmd.cards and len(dst.cards) + len(cmd.cards) > limit:
            reasons.append(f"{self.team_name(cmd.to)} may hold {limit} influence cards at PR {dst.pr}; it holds "
                           f"{len(dst.cards)}")
        for cid in cmd.counters:
            if err := self._no_counter(state, cid):
                reasons.append(err)
            elif state.counters[cid].team != cmd.source:
                reasons.append(f"{self.counter_name(state, cid)} does not belong to {name}")
            elif cmd.to not in self.on_map:
                reasons.append(f"{self.team_name(cmd.to)} is an off-map team and owns no units")
        return reasons

    def _apply_transfer(self, state: BinniState, cmd: c.Transfer, dice: Dice) -> list[Event]:
        src, dst = state.teams[cmd.source], state.teams[cmd.to]
        parts = []
        for what in ("money", "stores", "aid", "cruise_missiles"):
            n = min(getattr(cmd, what), getattr(src, what))
            if n:
                setattr(src, what, getattr(src, what) - n)
                setattr(dst, what, getattr(dst, what) + n)
                parts.append(f"$M{n}" if what == "money" else f"{n} {what.replace('_', ' ')}")
        moved = []
        for score in cmd.cards:
            if score in src.cards:
                src.cards.remove(score)
                dst.cards.append(score)
                moved.append(score)
        if moved:
            parts.append(f"{len(moved)} influence card{'s' if len(moved) != 1 else ''}")
        for cid in cmd.counters:
            state.counters[cid].team = cmd.to
            parts.append(f"counter {cid}")
        return [Event(kind="transfer", text=f"{self.team_name(cmd.source)} gives {self.team_name(cmd.to)} "
                      f"{', '.join(parts) or 'nothing'}", teams=(cmd.source, cmd.to), counters=tuple(cmd.counters))]

    def _check_supply(self, state: BinniState, cmd: c.Supply) -> list[str]:
        if err := self._no_team(state, cmd.team):
            return [err]
        ts = state.teams[cmd.team]
        reasons = []
        for what in ("money", "stores", "aid", "cruise_missiles"):
            if getattr(ts, what) + getattr(cmd, what) < 0:
                reasons.append(f"{self.team_name(cmd.team)} has {getattr(ts, what)} {what.replace('_', ' ')}; "
                               f"cannot take away {-getattr(cmd, what)}")
        if cmd.cards and len(ts.cards) + len(cmd.cards) > self.cards_max(state, cmd.team):
            reasons.append(f"{self.team_name(cmd.team)} may hold {self.cards_max(state, cmd.team)} cards at PR {ts.pr}")
        return reasons

    def _apply_supply(self, state: BinniState, cmd: c.Supply, dice: Dice) -> list[Event]:
        ts = state.teams[cmd.team]
        parts = []
        for what in ("money", "stores", "aid", "cruise_missiles"):
            n = getattr(cmd, what)
            if n:
                setattr(ts, what, max(0, getattr(ts, what) + n))
                parts.append(f"{n:+d} {what.replace('_', ' ')}")
        ts.cards.extend(cmd.cards)
        if cmd.cards:
            parts.append(f"{len(cmd.cards)} influence cards")
        return [Event(kind="supply", text=f"CONTROL supplies {self.team_name(cmd.team)}: {', '.join(parts) or 'nothing'}"
                      f" ({cmd.reason})", teams=(cmd.team,))]

    def _check_set_pr(self, state: BinniState, cmd: c.SetPR) -> list[str]:
        return [err] if (err := self._no_team(state, cmd.team)) else []

    def _apply_set_pr(self, state: BinniState, cmd: c.SetPR, dice: Dice) -> list[Event]:
        ts = state.teams[cmd.team]
        before = ts.pr
        ts.pr = cmd.level
        return [Event(kind="pr", text=f"CONTROL sets {self.team_name(cmd.team)}'s PR from {before} to {cmd.level} "
                      f"({cmd.reason}); card limit {self.cards_max(state, cmd.team)}", teams=(cmd.team,),
                      data={"before": before, "after": cmd.level})]

    def _check_set_control(self, state: BinniState, cmd: c.SetControl) -> list[str]:
        if err := self._no_place(cmd.place) or self._no_team(state, cmd.team):
            return [err]
        if cmd.team is not None and cmd.team not in self.on_map:
            return [f"{self.team_name(cmd.team)} is an off-map team and cannot hold places"]
        return []

    def _apply_set_control(self, state: BinniState, cmd: c.SetControl, dice: Dice) -> list[Event]:
        before = state.control[cmd.place]
        state.control[cmd.place] = cmd.team
        return [Event(kind="control", text=f"CONTROL gives {self.place_name(cmd.place)} to {self.team_name(cmd.team)} "
                      f"({cmd.reason})", teams=tuple(t for t in (before, cmd.team) if t), places=(cmd.place,),
                      data={"before": before, "after": cmd.team})]

    def _check_set_bombing(self, state: BinniState, cmd: c.SetBombing) -> list[str]:
        return [err] if (err := self._no_team(state, cmd.team)) else []

    def _apply_set_bombing(self, state: BinniState, cmd: c.SetBombing, dice: Dice) -> list[Event]:
        state.teams[cmd.team].bombing = cmd.allowed
        verb = "allows" if cmd.allowed else "stops"
        return [Event(kind="bombing", text=f"CONTROL {verb} bombing missions by {self.team_name(cmd.team)} "
                      f"({cmd.reason})", teams=(cmd.team,))]

    def _check_set_alliance(self, state: BinniState, cmd: c.SetAlliance) -> list[str]:
        a, b = cmd.teams
        if err := self._no_team(state, a) or self._no_team(state, b):
            return [err]
        return ["a team cannot ally with itself"] if a == b else []

    def _apply_set_alliance(self, state: BinniState, cmd: c.SetAlliance, dice: Dice) -> list[Event]:
        a, b = cmd.teams
        for x, y in ((a, b), (b, a)):
            allies = state.teams[x].allies
            if cmd.allied and y not in allies:
                allies.append(y)
                allies.sort()
            if not cmd.allied and y in allies:
                allies.remove(y)
        verb = "are now allies" if cmd.allied else "are no longer allies"
        return [Event(kind="alliance", text=f"{self.team_name(a)} and {self.team_name(b)} {verb} ({cmd.reason})",
                      teams=(a, b))]

    def _check_news(self, state: BinniState, cmd: c.News) -> list[str]:
        return []

    def _apply_news(self, state: BinniState, cmd: c.News, dice: Dice) -> list[Event]:
        state.news.append(cmd.text)
        return [Event(kind="news", text=f"NEWS: {cmd.text}")]

    # --- reading the state -----------------------------------------------------------------------
    def summary(self, state: BinniState) -> dict[str, Any]:
        dp_by_place: dict[str, int] = dict(sorted(Tally(d.place for d in state.dp).items()))
        return {
            "rules": self.name,
            "week": state.week,
            "teams": {t.id: {"name": self.team_name(t.id), "pr": t.pr, "cards_max": self.cards_max(state, t.id),
                             "cards": sorted(t.cards), "money": t.money, "stores": t.stores, "aid": t.aid,
                             "cruise_missiles": t.cruise_missiles, "bombing": t.bombing, "allies": sorted(t.allies)}
                      for t in state.teams.values()},
            "counters": {u.id: {"team": u.team, "type": u.type, "place": u.place, "losses": u.losses,
                                "value": u.value, "destroyed": u.destroyed}
                         for u in state.counters.values()},
            "control": dict(sorted(state.control.items())),
            "dp_tokens": [{"place": d.place, "community": d.community, "weeks_unassisted": d.weeks_unassisted}
                          for d in state.dp],
            "dp_by_place": dp_by_place,
            "camps": [{"place": cp.place, "team": cp.team} for cp in state.camps],
            "aid": {p: dict(sorted(v.items())) for p, v in sorted(state.aid.items())},
            "deaths": state.deaths,
            "news": list(state.news),
        }

    def board(self, state: BinniState) -> BoardPicture:
        hidden = set(self.scenario.display.hidden)
        pieces = []
        for u in state.counters.values():
            if u.destroyed or u.place is None:
                continue
            ut = self.types[u.type]
            secret = ut.id in hidden or ("special_forces" in hidden and ut.spots and ut.free_entry)
            pieces.append(BoardPiece(id=u.id, team=u.team, label=ut.label, value=str(u.value), place=u.place,
                                     damage=u.losses, hidden=secret,
                                     tooltip=f"{self.team_name(u.team)} {ut.name} {u.id}: value {u.value}, "
                                             f"losses {u.losses}/{u.strength}"))
        tokens = []
        for place, n in sorted(Tally(d.place for d in state.dp).items()):
            tokens.append(BoardToken(kind="dp", place=place, count=n, label="DP"))
        for cp in state.camps:
            tokens.append(BoardToken(kind="camp", place=cp.place, team=cp.team, label="CAMP"))
        for place, teams in sorted(state.aid.items()):
            for team, n in sorted(teams.items()):
                tokens.append(BoardToken(kind="aid", place=place, count=n, team=team, label="AID"))
        tracks = []
        for t in self.scenario.teams:
            ts = state.teams[t.id]
            tracks.append({"team": t.id, "name": t.name, "pr": ts.pr, "cards_max": self.cards_max(state, t.id),
                           "cards": len(ts.cards), "money": ts.money, "stores": ts.stores, "aid": ts.aid,
                           "cruise_missiles": ts.cruise_missiles, "on_map": t.on_map})
        in_camps = 0
        for place in {cp.place for cp in state.camps}:
            room = sum(self.settings.camp_capacity for cp in state.camps if cp.place == place)
            in_camps += min(room, sum(1 for d in state.dp if d.place == place))
        return BoardPicture(
            control=dict(state.control), pieces=pieces, tokens=tokens, turn_label=self.turn_label(state),
            tracks=tracks, tallies={"displaced": len(state.dp), "in camps": in_camps, "deaths": state.deaths},
            hidden_keys=frozenset(HIDDEN_KEYS[k] for k in hidden if k in HIDDEN_KEYS),
        )

    def check_state(self, state: BinniState) -> list[str]:
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

    # --- seats' rights -------------------------------------------------------------------------------
    def side_teams(self, state: BinniState, command: Command, side: str) -> set[str]:
        """The defender of an attack: every team with units hostile to the attackers at the place (its
        stores, support, losses and retreat are the defender's to decide); the holder of a place: the
        team holding it (a handover is the holder's to make). Unknown counters or places name nobody:
        the rules refuse such a command anyway."""
        if side == "defender" and isinstance(command, c.Attack):
            return {d.team for d in self.fight_sides(state, command)["defenders"]}
        if side == "holder" and isinstance(command, c.Handover | c.SetControl):
            holder = state.control.get(command.place)
            return {holder} if holder is not None else set()
        return super().side_teams(state, command, side)
