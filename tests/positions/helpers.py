"""Shared by the position tests: the example games of every system, and opening a position as a scenario."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import _raise_if_errors, load_scenario
from boardapp.engine.game import Game
from boardapp.model.problems import FileProblemsError
from boardapp.model.writer import dump_scenario
from boardapp.model.yamlfile import YamlDocument

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
SCENARIOS = ROOT / "scenarios"
DIPLOMACY_RETREATS = Path(__file__).with_name("diplomacy-retreats.yaml")

GAMES: dict[str, tuple[Path, Path, int]] = {
    # system: (scenario, commands, seed), as docs/examples' headers run them
    "binni": (SCENARIOS / "war-in-binni.yaml", EXAMPLES / "every-command.yaml", 7),
    "coup": (SCENARIOS / "coup.yaml", EXAMPLES / "coup-every-command.yaml", 2),
    "mideast": (SCENARIOS / "mideast-peace.yaml", EXAMPLES / "mideast-every-command.yaml", 1),
    "thegame": (SCENARIOS / "the-game.yaml", EXAMPLES / "thegame-every-command.yaml", 1),
    "tables": (SCENARIOS / "tarn-valley.yaml", EXAMPLES / "tables-every-command.yaml", 1),
    "mun": (SCENARIOS / "mun-historical-1935.yaml", EXAMPLES / "mun-officers.yaml", 1),
    # the MUN example never dislodges a unit: a standard game to a retreat and a build
    "diplomacy": (ROOT / "tests" / "diplomacy" / "data" / "standard.yaml", DIPLOMACY_RETREATS, 1),
}


@cache
def played(system: str) -> Game[Any]:
    """The example game of ``system``, played whole (on its seeded dice)."""
    scenario, commands, seed = GAMES[system]
    game: Game[Any] = Game.new(load_scenario(scenario), dice=SeededDice(seed))
    game.source = str(scenario)
    for command in yaml.safe_load(commands.read_text(encoding="utf-8")):
        game.push(command)
    return game


def export_text(game: Game[Any], state: Any, scenario_path: Path) -> str:
    """The position as the YAML text ``boardapp export --position`` writes (the map named by its whole path)."""
    data = game.module.position_scenario(state)
    data["map"] = str((scenario_path.parent / data["map"]).resolve())
    return dump_scenario(type(game.module).scenario_model.model_validate(data))


def open_text(game: Game[Any], text: str, name: str = "position.yaml") -> Any:
    """Open a scenario's text as ``boardapp`` opens a scenario file (validated, cross-checked with every
    position check, problems located by line), on the game's map (already read): a new rule module."""
    doc = YamlDocument(Path(name), text)
    model = type(game.module).scenario_model
    try:
        scenario = model.model_validate(doc.data)
    except ValidationError as exc:
        raise FileProblemsError(doc.problems_from(exc)) from None
    _raise_if_errors([doc.locate(p) for p in scenario.cross_check(game.module.map)])
    return type(game.module)(scenario, game.module.map)


def canonical(module: Any, state: Any) -> str:
    """The state as its position codec writes every field (order kept: a dict in another order differs)."""
    from importlib import import_module

    codec = import_module(type(module).__module__.rsplit(".", 1)[0] + ".position").CODEC
    return json.dumps({name: codec.dump(getattr(state, name), hint) for name, (hint, _d) in codec.fields.items()})


def state_fields(state: Any) -> list[str]:
    """The state's own fields, read from its class (a dataclass or a pydantic model)."""
    if dataclasses.is_dataclass(state):
        return [f.name for f in dataclasses.fields(state)]
    return list(type(state).model_fields)
