"""Tiny rules: every team's counters stand on places; a counter may move to any other place."""

from __future__ import annotations

from typing import Any, Literal

from boardapp.engine.module import BoardPicture, BoardPiece, Command, Event, Impossible, RuleModule
from boardapp.model.scenario import ScenarioBase, TeamBase


class Team(TeamBase):
    start: str = ""
    """Where the team's one counter starts."""


class Scenario(ScenarioBase):
    teams: list[Team] = []


class Move(Command):
    kind: Literal["move"] = "move"
    counter: str
    to: str


class EndTurn(Command):
    kind: Literal["end_turn"] = "end_turn"


class State(dict[str, Any]):
    def copy(self) -> State:
        return State(super().copy())


class TinyRules(RuleModule[State]):
    name = "tiny-example"
    title = "Tiny example"
    scenario_model = Scenario
    command_types = (Move, EndTurn)

    def initial_state(self) -> State:
        return State({t.id: t.start for t in self.scenario.teams})

    def check(self, state: State, command: Command) -> list[str]:
        if isinstance(command, Move):
            if command.counter not in state:
                return [Impossible(f"no counter {command.counter!r}")]
            if command.to == state[command.counter]:
                return [f"{command.counter} is already at {command.to}"]
        return []

    def apply(self, state: State, command: Command, dice: Any) -> list[Event]:
        if isinstance(command, Move):
            state[command.counter] = command.to
            return [Event(kind="moved", text=f"{command.counter} moves to {command.to}", counters=(command.counter,))]
        return []

    def end_turn_command(self) -> Command:
        return EndTurn()

    def drop_command(self, state: State, piece: str, place: str) -> Command | None:
        return Move(counter=piece, to=place)

    def board(self, state: State) -> BoardPicture:
        return BoardPicture(pieces=[BoardPiece(id=team, team=team, label="C", place=place)
                                    for team, place in state.items()])

    def summary(self, state: State) -> dict[str, Any]:
        return dict(state)
