"""Shared set-up for the Mid-East PEACE tests: the scenario, variants of it, and playing commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Event
from boardapp.model.mapfile import Map
from boardapp.rules.mideast.module import MideastRules
from boardapp.rules.mideast.scenario import MideastScenario
from boardapp.rules.mideast.state import MideastState

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "mideast-peace.yaml"
_LOADED: tuple[Any, Map] | None = None


def loaded() -> tuple[MideastScenario, Map]:
    global _LOADED  # noqa: PLW0603 - loaded once for the whole test session
    if _LOADED is None:
        _LOADED = load_scenario(SCENARIO)
    scenario, the_map = _LOADED
    assert isinstance(scenario, MideastScenario)
    return scenario, the_map


def variant(settings: dict[str, Any] | None = None, countries: dict[str, dict[str, Any]] | None = None
            ) -> tuple[MideastScenario, Map]:
    """The scenario with some settings and some countries' fields changed (validated again)."""
    scenario, the_map = loaded()
    data = scenario.model_dump(mode="json")
    data["settings"].update(settings or {})
    for c in data["countries"]:
        c.update((countries or {}).get(c["id"], {}))
    return MideastScenario.model_validate(data), the_map


def new_game(settings: dict[str, Any] | None = None, countries: dict[str, dict[str, Any]] | None = None
             ) -> Game[MideastState]:
    game: Game[MideastState] = Game.new(variant(settings, countries))
    return game


def module(game: Game[MideastState]) -> MideastRules:
    assert isinstance(game.module, MideastRules)
    return game.module


def play(game: Game[MideastState], *commands: dict[str, Any]) -> list[Event]:
    """Push each command (they must be legal) and return every event they produced."""
    events: list[Event] = []
    for c in commands:
        events += game.push(c).events
    return events


def reasons(game: Game[MideastState], command: dict[str, Any]) -> list[str]:
    return game.check(command)


def to_turn(game: Game[MideastState], player: str) -> None:
    """End Player-Turns (and the Negotiation Phase) until it is ``player``'s Player-Turn."""
    m = module(game)
    for _ in range(40):
        s = game.state
        if not s.negotiation and m.rules.phasing(s) == player and not s.phases:
            return
        game.push({"kind": "end_turn"})
    raise AssertionError(f"never reached {player}'s Player-Turn")


def next_round(game: Game[MideastState]) -> None:
    start = game.state.round
    while game.state.round == start and not game.state.ended:
        game.push({"kind": "end_turn"})
