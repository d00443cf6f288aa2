"""The scenario file: a valid one loads; each one-way break gives its own message with the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import read_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import IllegalCommandError
from boardapp.model.problems import FileProblemsError
from tests.coup.conftest import ROOT, SCENARIO

TEXT = SCENARIO.read_text(encoding="utf-8")


def broken(tmp_path: Path, old: str, new: str) -> list[str]:
    assert old in TEXT
    path = tmp_path / "coup.yaml"
    path.write_text(TEXT.replace(old, new).replace("../maps/coup-table.yaml", str(ROOT / "maps/coup-table.yaml")),
                    encoding="utf-8")
    with pytest.raises(FileProblemsError) as info:
        read_scenario(path)
    return [str(p) for p in info.value.problems]


def test_the_scenario_loads_with_every_option_on() -> None:
    scenario, the_map, warnings = read_scenario(SCENARIO)
    assert warnings == [] and the_map.places == []
    assert scenario.options.model_dump() == {  # type: ignore[attr-defined]
        "one_government_recruit": True, "busting": True, "arming_civilians": True}


def test_an_objective_for_no_seat(tmp_path: Path) -> None:
    problems = broken(tmp_path, "{player: for-civ,", "{player: for-cv,")
    assert len(problems) == 1
    assert problems[0].endswith("coup.yaml:31:14: objectives[3].player: no seat 'for-cv'; seats are ['gov-mil', "
                                "'gov-para', 'gov-civ', 'reb-mil', 'reb-para', 'reb-civ', 'for-mil', 'for-para', "
                                "'for-civ']")


def test_two_objectives_for_one_seat(tmp_path: Path) -> None:
    problems = broken(tmp_path, "{player: for-civ,", "{player: for-mil,")
    assert len(problems) == 1
    assert problems[0].endswith(
        "coup.yaml:31:14: objectives[3].player: 'for-mil' already has an objective; give each player at most one")


def test_teams_must_be_gov_reb_and_for(tmp_path: Path) -> None:
    teams = ("teams:\n  - {id: gov, name: Government, colour: '#0072b2', symbol: G}\n"
             "  - {id: reb, name: Rebel, colour: '#d55e00', symbol: R}\n"
             "  - {id: fp, name: Foreign Power, colour: '#009e73', symbol: F}\n\noptions:")
    problems = broken(tmp_path, "options:", teams)
    assert len(problems) == 1
    assert "Coup's teams are exactly gov, reb and for (got ['gov', 'reb', 'fp'])" in problems[0]


def test_a_map_with_places_is_refused(tmp_path: Path) -> None:
    problems = broken(tmp_path, "map: ../maps/coup-table.yaml", f"map: {ROOT / 'maps/binni.yaml'}")
    assert any("Coup is played on a table, but map 'binni' has" in p for p in problems), problems


def test_an_unknown_option_is_refused(tmp_path: Path) -> None:
    problems = broken(tmp_path, "  busting: true", "  busting: true\n  bussting: true")
    assert any("bussting" in p for p in problems), problems


def test_control_may_force_a_refused_command(loaded: object) -> None:
    game: Game[object] = Game.new(loaded, dice=None)  # type: ignore[arg-type]
    game.push({"kind": "setup", "die": 1})
    game.push({"kind": "draw", "player": "gov-mil"})
    with pytest.raises(IllegalCommandError):
        game.push({"kind": "pass", "player": "gov-mil"})
    entry = game.push({"kind": "pass", "player": "gov-mil", "force": "Control: he asked for a second go"})
    assert entry.overridden == ["Gov-Mil has already acted this turn"]
    with pytest.raises(IllegalCommandError, match="cannot be forced"):
        game.push({"kind": "play_card", "player": "gov-para", "card": "ZZ", "target": "reb-para", "force": "x"})
