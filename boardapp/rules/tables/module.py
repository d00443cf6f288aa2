"""The table-driven rule system: a thin table from command kind to its (check, apply), over the
scenario's tables (:mod:`.facts`). Rule areas: :mod:`.movement`, :mod:`.combat`, :mod:`.turn`;
the board picture: :mod:`.picture`."""

from __future__ import annotations

from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import BoardPicture, Command, Event, MoveOption, RuleModule
from boardapp.model.mapfile import Map
from boardapp.model.scenario import ScenarioBase
from boardapp.rules.tables import combat, movement, picture, turn
from boardapp.rules.tables import commands as c
from boardapp.rules.tables import position as pos
from boardapp.rules.tables.facts import Facts
from boardapp.rules.tables.scenario import TablesScenario
from boardapp.rules.tables.state import Counter, TablesState


class TablesRules(RuleModule[TablesState]):
    name = "tables"
    title = "Rules as tables"
    scenario_model = TablesScenario
    command_types = c.COMMANDS
    control_only_kinds = frozenset({"set_track", "end_turn"})

    def __init__(self, scenario: ScenarioBase, the_map: Map) -> None:
        super().__init__(scenario, the_map)
        assert isinstance(scenario, TablesScenario)
        self.s: TablesScenario = scenario
        self.facts = Facts(scenario, the_map)
        # the designer's own list of CONTROL's commands (the host and the boards read it from the module)
        self.control_only_kinds = frozenset(scenario.control_only)  # type: ignore[misc]

    # --- state --------------------------------------------------------------------------
    def initial_state(self) -> TablesState:
        start = TablesState(
            counters={u.id: Counter(u.type, u.team, u.at) for u in self.s.units},
            control=dict(self.s.control),
            values=self.facts.start_values(),
        )
        return pos.with_position(self, start, pos.CODEC)

    def position_scenario(self, state: TablesState) -> dict[str, Any]:
        return pos.position_scenario(self, state, pos.CODEC)

    # --- commands -----------------------------------------------------------------------
    def _actor(self, state: TablesState, cmd: Command) -> str | None:
        if isinstance(cmd, c.Move) and cmd.counter in state.counters:
            return state.counters[cmd.counter].team
        if isinstance(cmd, c.Attack) and cmd.attackers and cmd.attackers[0] in state.counters:
            return state.counters[cmd.attackers[0]].team
        return None

    def check(self, state: TablesState, command: Command) -> list[str]:
        f = self.facts
        if self.game_over(state) and not isinstance(command, c.SetTrack):
            return [f"the game is over after {turn.turn_label(f, state.turn - 1)}"]
        if isinstance(command, c.Move):
            reasons = movement.check_move(f, state, command)
        elif isinstance(command, c.Attack):
            reasons = combat.check_attack(f, state, command)
        elif isinstance(command, c.SetTrack):
            return turn.check_set_track(f, state, command)
        elif isinstance(command, c.EndTurn):
            return []
        else:
            raise TypeError(f"not a command of this game: {command!r}")
        team = self._actor(state, command)
        if team is not None and command.kind in self.s.actions.counted:
            reasons += turn.check_action(f, state, team)
        return reasons

    def apply(self, state: TablesState, command: Command, dice: Dice) -> list[Event]:
        f = self.facts
        team = self._actor(state, command)
        if team is not None and command.kind in self.s.actions.counted:
            state.actions[team] = state.actions.get(team, 0) + 1
        if isinstance(command, c.Move):
            return movement.apply_move(f, state, command)
        if isinstance(command, c.Attack):
            return combat.apply_attack(f, state, command, dice)
        if isinstance(command, c.SetTrack):
            return turn.apply_set_track(f, state, command)
        if isinstance(command, c.EndTurn):
            return turn.end_turn(f, state)
        raise TypeError(f"not a command of this game: {command!r}")

    def end_turn_command(self) -> Command:
        return c.EndTurn()

    # --- what the board asks ------------------------------------------------------------
    def drop_command(self, state: TablesState, piece: str, place: str) -> Command | None:
        ctr = state.counters.get(piece)
        if ctr is None or place not in self.facts.places or place == ctr.place:
            return None
        if self.facts.enemies_at(state, place, ctr.team):
            return c.Attack(attackers=[piece], place=place)
        return c.Move(counter=piece, to=place)

    def move_options(self, state: TablesState, piece: str) -> list[MoveOption]:
        ctr = state.counters.get(piece)
        if ctr is None:
            return []
        left = "move" not in self.s.actions.counted or not turn.check_action(self.facts, state, ctr.team)
        return movement.move_options(self.facts, state, piece, left)

    def board(self, state: TablesState) -> BoardPicture:
        return picture.board(self.facts, state)

    def turn_label(self, state: TablesState) -> str:
        return turn.turn_label(self.facts, state.turn)

    def turn_number(self, state: TablesState) -> int | None:
        return state.turn

    def game_over(self, state: TablesState) -> str | None:
        last = self.s.turn.last
        if last is not None and state.turn > last:
            return f"Game over after {turn.turn_label(self.facts, last)}"
        return None

    def summary(self, state: TablesState) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "counters": {i: {"type": k.type, "team": k.team, "place": k.place, "moved": k.moved,
                             "attacked": k.attacked, "losses": k.losses} for i, k in sorted(state.counters.items())},
            "control": {p: state.control.get(p) for p in sorted(self.facts.places)},  # null: neutral
            "values": {t: dict(v) for t, v in sorted(state.values.items())},
            "actions": dict(sorted(state.actions.items())),
            "occupied": {p: {"team": h.team, "turns": h.turns} for p, h in sorted(state.occupied.items())},
        }

    def side_teams(self, state: TablesState, command: Command, side: str) -> set[str]:
        """The defender of an attack: the teams of the enemy units at the place attacked."""
        if side == "defender" and isinstance(command, c.Attack):
            team = self._actor(state, command)
            return {k.team for k in state.counters.values()
                    if k.place == command.place and (team is None or not self.facts.allied(k.team, team))}
        return super().side_teams(state, command, side)

    def series(self, state: TablesState) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for tr in self.s.tracks:
            out[tr.id] = {t.id: float(self.facts.value(state, t.id, tr.id)) for t in self.s.teams}
        out["places held"] = {t.id: float(sum(1 for v in state.control.values() if v == t.id)) for t in self.s.teams}
        return out

    def check_state(self, state: TablesState) -> list[str]:
        return pos.invariants(self.facts, state)
