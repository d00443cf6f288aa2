"""GDW's "The Game": the referee's world, turn by turn (steps I-VI), as a rule module.

This file is the table: each command kind -> (check, apply) in its rule area, plus the steps'
own processing that ``finish_step`` carries out. ``check`` adds one reason of its own: a command
done outside its step (forceable by CONTROL). ``preview`` says what finishing the current step
would do, computed on a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardapp.engine.dice import Dice, SeededDice
from boardapp.engine.module import BoardPicture, Command, Event, Impossible, RuleModule
from boardapp.model.mapfile import Map
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame import conflict, diplomacy, labour, ledger, maintenance, production, referee, trade
from boardapp.rules.thegame import position as pos
from boardapp.rules.thegame.scenario import TheGameScenario
from boardapp.rules.thegame.state import NationState, RegionState, TheGameState, UnitState
from boardapp.rules.thegame.steps import ANY_TIME, COMBAT_YEARS, STEP_OF, STEPS, step_index, where
from boardapp.rules.thegame.world import World, ev

Checker = Callable[[World, TheGameState, Any], list[str]]
Applier = Callable[[World, TheGameState, Any, Dice], list[Event]]
Process = Callable[[World, TheGameState, Dice], list[Event]]


def _nothing(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    return []


def _sever(w: World, s: TheGameState, cmd: c.Sever, dice: Dice) -> list[Event]:
    return diplomacy.apply_sever(w, s, cmd)


RULES: dict[str, tuple[Checker, Applier]] = {
    "edit": (referee.check_edit, referee.apply_edit),
    "make_peace": (referee.check_make_peace, referee.apply_make_peace),
    "allow_transit": (referee.check_allow_transit, referee.apply_allow_transit),
    "sever": (diplomacy.check_sever, _sever),
    "build": (production.check_build, production.apply_build),
    "convert": (production.check_convert, production.apply_convert),
    "buy_pips": (diplomacy.check_buy_pips, diplomacy.apply_buy_pips),
    "buy_insurgents": (production.check_buy_insurgents, production.apply_buy_insurgents),
    "declare_war": (production.check_declare_war, production.apply_declare_war),
    "research": (production.check_research, production.apply_research),
    "food_aid": (diplomacy.check_food_aid, diplomacy.apply_food_aid),
    "economic_aid": (diplomacy.check_economic_aid, diplomacy.apply_economic_aid),
    "reallocate": (labour.check_reallocate, labour.apply_reallocate),
    "migrate": (labour.check_migrate, labour.apply_migrate),
    "diplomacy_order": (diplomacy.check_diplomacy_order, diplomacy.apply_diplomacy_order),
    "diplomatic_attack": (diplomacy.check_diplomatic_attack, diplomacy.apply_diplomatic_attack),
    "upgrade": (diplomacy.check_upgrade, diplomacy.apply_upgrade),
    "absorb": (diplomacy.check_absorb, diplomacy.apply_absorb),
    "roll_order": (conflict.check_roll_order, conflict.apply_roll_order),
    "redeploy": (conflict.check_redeploy, conflict.apply_redeploy),
    "supply": (conflict.check_supply, conflict.apply_supply),
    "replace": (conflict.check_replace, conflict.apply_replace),
    "remove": (conflict.check_remove, conflict.apply_remove),
    "move": (conflict.check_move, conflict.apply_move),
    "combat": (conflict.check_combat, conflict.apply_combat),
    "nuclear_strike": (conflict.check_nuclear_strike, conflict.apply_nuclear_strike),
    "low_attack": (conflict.check_low_attack, conflict.apply_low_attack),
    "ship": (trade.check_ship, trade.apply_ship),
    "voyage": (trade.check_voyage, trade.apply_voyage),
    "friendly_ships": (trade.check_friendly_ships, trade.apply_friendly_ships),
    "pay": (trade.check_pay, trade.apply_pay),
    "neglect": (maintenance.check_neglect, maintenance.apply_neglect),
    "reactivate": (maintenance.check_reactivate, maintenance.apply_reactivate),
    "stand_down": (maintenance.check_stand_down, maintenance.apply_stand_down),
}

PROCESS: dict[str, Process] = {
    "sever": _nothing, "primary": production.primary, "secondary": production.secondary, "builds": _nothing,
    "growth": production.growth, "labour": _nothing, "placement": production.placement,
    "pip-conflict": _nothing, "upgrades": _nothing,
    "year-1": conflict.end_of_year, "year-2": conflict.end_of_year, "year-3": conflict.end_of_year,
    "year-4": conflict.end_of_year, "year-5": conflict.end_of_year,
    "trade": _nothing, "maintenance": maintenance.maintenance, "attrition": maintenance.attrition,
    "stand-down": _nothing,
}
"""What finishing each step does (by step id)."""


class TheGameRules(RuleModule[TheGameState]):
    """The rule module of GDW's The Game."""

    name = "thegame"
    title = "The Game (GDW, the history behind 2300AD)"
    scenario_model = TheGameScenario
    command_types = c.ALL_COMMANDS
    control_only_kinds = c.CONTROL_ONLY

    def __init__(self, scenario: TheGameScenario, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        self.scenario: TheGameScenario = scenario
        self.world = World(scenario, the_map)

    @property
    def teams(self) -> Sequence[Any]:
        return self.scenario.players

    # --- seats' rights ----------------------------------------------------------------------------
    def side_teams(self, state: TheGameState, command: Command, side: str) -> set[str]:
        """The players acting through what a command names (see docs/network.md, *A seat's rights*):

        * ``nation`` / ``other nation``: the nation's player (``nation``, ``other``);
        * ``unit``: the player of each unit's nation (``unit``, ``units``, a ship's ``carrier``);
        * ``item``: the player of an item's nation ('unit:<id>', or 'facility:<region>:<type>': the region's);
        * ``region`` / ``source``: the player of the nation whose home country the region is (``region``,
          ``source``): labour is reallocated, and food or migrants leave, at that nation's cost;
        * ``firing units``: in a combat, the players of the units that fire (the keys of ``targets``):
          both sides attack, so each side's player chooses its own targets;
        * ``low attacker``: loyal insurgents ('insurgent:<nation>') are their nation's player's; a minor
          unit or independent insurgents are nobody's (the referee's).

        Unknown nations, units or regions name nobody: the rules refuse such a command anyway."""
        w = self.world

        def of_nation(nation: str | None) -> set[str]:
            player = w.player_of(state, nation)
            return {player} if player is not None else set()

        def of_unit(unit: str) -> set[str]:
            u = state.units.get(unit)
            return of_nation(u.nation) if u is not None else set()

        def of_region(region: str) -> set[str]:
            r = state.regions.get(region)
            return of_nation(r.owner) if r is not None else set()

        def values(*names: str) -> list[str]:
            out: list[str] = []
            for name in names:
                v = getattr(command, name, None)
                if isinstance(v, str):
                    out.append(v)
                elif isinstance(v, list):
                    out += [x for x in v if isinstance(x, str)]
            return out

        teams: set[str] = set()
        if side == "nation":
            for n in values("nation"):
                teams |= of_nation(n)
        elif side == "other nation":
            for n in values("other"):
                teams |= of_nation(n)
        elif side == "unit":
            for u in values("unit", "units", "carrier"):
                teams |= of_unit(u)
        elif side == "item":
            for item in values("item", "items"):
                what, _, rest = item.partition(":")
                teams |= of_unit(rest) if what == "unit" else of_region(rest.partition(":")[0])
        elif side in ("region", "source"):
            for r in values(side):
                teams |= of_region(r)
        elif side == "firing units" and isinstance(command, c.Combat):
            for u in command.targets:
                teams |= of_unit(u)
        elif side == "low attacker" and isinstance(command, c.LowAttack):
            what, _, nation = command.attacker.partition(":")
            if what == "insurgent" and nation != "independent":
                teams |= of_nation(nation)
        else:
            return super().side_teams(state, command, side)
        return teams

    # --- state ---------------------------------------------------------------------------------
    def initial_state(self) -> TheGameState:
        sc = self.scenario
        w = self.world
        regions = {}
        for r in sc.regions:
            regions[r.id] = RegionState(
                r.id, r.id in w.sea, r.owner, r.ed, r.rough, r.pool, r.farm, r.starving,
                {str(g): n for g, n in r.primary.items()},
                {str(g): n for g, n in r.stock.items()}, {f: n.active for f, n in r.facilities.items() if n.active},
                {f: n.inactive for f, n in r.facilities.items() if n.inactive}, dict(r.pips), dict(r.relations),
                r.insurgents, dict(r.loyal_insurgents), r.occupier)
        nations = {n.id: NationState(n.id, n.player, n.capital, n.bank,
                                     {f: n.tech.get(f, 0) for f in sc.settings.tech_fields}) for n in sc.nations}
        units = {u.id: UnitState(u.id, u.type, u.nation, u.region, u.active) for u in sc.units}
        wars = {frozenset((n.id, o)) for n in sc.nations for o in n.at_war_with}
        s = TheGameState(1, sc.settings.start_year, 0, regions, nations, units, wars)
        for nid in sorted(nations):
            production.grant_coupons(w, s, nid)
        s.history.append(ledger.snapshot(w, s) | {"turn": 0})
        return pos.with_position(self, s, pos.CODEC)

    def position_scenario(self, state: TheGameState) -> dict[str, Any]:
        """The scenario whose start is ``state`` (CONTROL's: it holds banks and research): :mod:`.position`."""
        return pos.position_scenario(self, state, pos.CODEC)

    # --- commands ------------------------------------------------------------------------------
    def check(self, state: TheGameState, command: Command) -> list[str]:
        if command.kind == "finish_step":
            return self._check_finish(state, command)  # type: ignore[arg-type]
        rule = RULES.get(command.kind)
        if rule is None:
            return [Impossible(f"no command {command.kind!r} in The Game")]
        reasons = rule[0](self.world, state, command)
        if any(isinstance(r, Impossible) for r in reasons):
            return reasons
        if command.kind not in ANY_TIME and state.step not in STEP_OF.get(command.kind, ()):
            now = STEPS[state.step]
            reasons.insert(0, f"it is step {now.code} ({now.title.lower()}): {command.kind} belongs to step "
                              f"{where(command.kind)}")
        return reasons

    def _check_finish(self, state: TheGameState, cmd: c.FinishStep) -> list[str]:
        idx = state.step if cmd.step is None else step_index(cmd.step)
        if idx is None:
            return [Impossible(f"no step {cmd.step!r}; steps are {', '.join(s.code for s in STEPS)}")]
        out = []
        if idx != state.step:
            now = STEPS[state.step]
            out.append(f"the current step is {now.code} ({now.title.lower()}), not {STEPS[idx].code}: steps are done "
                       "in order")
        if cmd.draws:
            if STEPS[idx].id != "attrition":
                return [Impossible("draws are typed for step VI.B (attrition) only")]
            if bad := maintenance.check_draws(self.world, state, cmd.draws):
                return bad
        if idx in COMBAT_YEARS and (left := conflict.unsupplied_in_contact(self.world, state)):
            out.append(f"{', '.join(left)} share a region with enemy units without operational supply: supply, "
                       "retreat or remove them first")
        return out

    def apply(self, state: TheGameState, command: Command, dice: Dice) -> list[Event]:
        if isinstance(command, c.FinishStep):
            return self._finish(state, command, dice)
        return RULES[command.kind][1](self.world, state, command, dice)

    def _finish(self, state: TheGameState, cmd: c.FinishStep, dice: Dice) -> list[Event]:
        idx = state.step if cmd.step is None else step_index(cmd.step)
        assert idx is not None
        st = STEPS[idx]
        if st.id == "attrition":
            events = maintenance.attrition(self.world, state, dice, cmd.draws)
        else:
            events = PROCESS[st.id](self.world, state, dice)
        events.append(ev("step", f"step {st.code} ({st.title.lower()}) finished", data={"step": st.code}))
        state.step = idx + 1
        if state.step >= len(STEPS):
            events += self._new_turn(state)
        else:
            nxt = STEPS[state.step]
            events.append(ev("step", f"now step {nxt.code}: {nxt.title.lower()}", data={"step": nxt.code}))
        return events

    def _new_turn(self, s: TheGameState) -> list[Event]:
        """The turn ends: the history records the ledger; this turn's records are cleared."""
        w = self.world
        s.history.append(ledger.snapshot(w, s))
        s.turn += 1
        s.year += w.settings.years_per_turn
        s.step = 0
        s.broken.clear()
        s.built.clear()
        s.carrier_zones.clear()
        s.combat_ships.clear()
        s.pips_bought.clear()
        s.pending.clear()
        s.attacks.clear()
        s.dip_order.clear()
        s.destroyed.clear()
        s.order = []
        s.fought.clear()
        s.breakthrough.clear()
        s.insurgent_attacks.clear()
        s.neglected.clear()
        s.reactivated.clear()
        s.unloaded.clear()
        s.news = []
        for r in s.regions.values():
            r.struck = False
            r.labour_left = False
        for u in s.units.values():
            u.maintained = u.attacked_insurgent = u.supplied = u.attacked = u.moved = False
        for n in s.nations.values():
            n.produced = 0
        return [ev("turn", f"turn {s.turn} begins: {s.year}", data={"turn": s.turn, "year": s.year})]

    def end_turn_command(self) -> Command:
        """Finishing the current step, whichever it is."""
        return c.FinishStep()

    def finish_command(self, state: TheGameState) -> c.FinishStep:
        """The command that finishes the step the referee is at now."""
        return c.FinishStep(step=STEPS[state.step].code)

    def preview(self, state: TheGameState) -> list[Event]:
        """What finishing the current step would do, computed on a copy (dice rolled here are examples: the
        real rolls are made when the step is finished)."""
        copy = state.copy()
        return self._finish(copy, self.finish_command(copy), SeededDice(0))

    # --- what the board reads ---------------------------------------------------------------------
    def board(self, state: TheGameState) -> BoardPicture:
        return ledger.board(self.world, state)

    def summary(self, state: TheGameState) -> dict[str, Any]:
        return ledger.summary(self.world, state)

    def turn_label(self, state: TheGameState) -> str:
        """The turn label alone (every command asks for it: never the whole board)."""
        return ledger.turn_label(self.world, state)

    def turn_number(self, state: TheGameState) -> int | None:
        """The turn counted from 1 (the turn label reads a year, which the turn clock must not take)."""
        return state.turn

    def series(self, state: TheGameState) -> dict[str, dict[str, float]]:
        """Curves for the after-action review, per player: money (secret: a hidden key of the board),
        home regions, labour, units; and in total: labour starving, wars, insurgents."""
        return ledger.series(self.world, state)

    def check_state(self, state: TheGameState) -> list[str]:
        out = []
        for r in state.regions.values():
            for name in ("pool", "farm", "starving", "insurgents"):
                if getattr(r, name) < 0:
                    out.append(f"{r.id}: {name} is {getattr(r, name)}")
            for d in (r.stock, r.active, r.inactive, r.pips, r.loyal):
                out += [f"{r.id}: {k} is {v}" for k, v in d.items() if v < 0]
            if r.sea and (r.population or r.owner or any(r.active.values()) or any(r.inactive.values())):
                out.append(f"{r.id} is a sea region with population, an owner or facilities")
        for n in state.nations.values():
            if n.bank < 0:
                out.append(f"{n.id}: bank is {n.bank}")
        for u in state.units.values():
            if u.region != "orbit" and u.region not in state.regions:
                out.append(f"{u.id} is in no region")
        return out
