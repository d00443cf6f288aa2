"""A whole game — the deal, four turns, the coup and three rounds of combat — replayed from its
journal, saved to a game file and reopened, and run through the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.cli import main
from boardapp.engine.dice import SeededDice
from boardapp.engine.files import new_game, open_game
from boardapp.engine.game import Game
from boardapp.rules.coup.commands import ALL_COMMANDS
from boardapp.rules.coup.module import CoupRules
from tests.coup.make_example import Player

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "coup-every-command.yaml"
SEED = 2


def script() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    return data


def test_the_example_is_the_game_the_generator_plays() -> None:
    assert script() == Player(SEED).play()


def test_the_example_uses_every_command_and_the_reference_documents_each() -> None:
    reference = (ROOT / "docs" / "commands-coup.md").read_text(encoding="utf-8")
    used = {c["kind"] for c in script()}
    for cls in ALL_COMMANDS:
        kind = cls.model_fields["kind"].default
        assert kind in used, f"the example never uses {kind!r}"
        assert f"### `{kind}`" in reference, f"docs/commands-coup.md lacks {kind!r}"
        for name in cls.model_fields:
            if name not in ("kind", "force"):
                assert f"| `{name}` |" in reference, f"docs/commands-coup.md lacks the field {kind}.{name}"


def test_a_whole_game_through_the_coup_and_three_rounds_replays_exactly(loaded: Any) -> None:
    game: Game[Any] = Game.new(loaded, dice=SeededDice(SEED))
    assert isinstance(game.module, CoupRules)
    phases = []
    for cmd in script():
        game.push(cmd)
        phases.append(game.state.phase)
        assert game.module.check_state(game.state) == []
    assert phases.index("coup") < phases.index("combat") < phases.index("over") == len(phases) - 1
    combat_halves = [e for entry in game.entries for e in entry.events if e.kind in ("half", "round", "power")]
    assert len(combat_halves) == 6, "three rounds of two halves each"
    assert game.state.power in ("gov", "reb")
    assert game.replay(verify=True) == game.state


def test_saved_and_reopened_through_a_game_file(loaded: Any, tmp_path: Path, close_later: list[Any]) -> None:
    path = tmp_path / "coup.game"
    game = new_game(loaded, save=path, dice=SeededDice(SEED))
    for cmd in script()[:60]:
        game.push(cmd)
    game.store.close()
    again = open_game(path, dice=SeededDice(99))  # the journal's recorded draws, not the new seed, decide
    close_later.append(again)
    assert again.state == game.state
    again.dice = game.dice  # the rest of the example was played on the rest of seed 2's draws
    for cmd in script()[60:]:
        again.push(cmd)
    assert again.state.phase == "over"
    again.store.close()
    third = open_game(path)
    close_later.append(third)
    assert third.state == again.state and third.replay(verify=True) == again.state


def test_boardapp_run_plays_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", str(ROOT / "scenarios" / "coup.yaml"), "--commands", str(EXAMPLE), "--seed", str(SEED)])
    out = capsys.readouterr().out
    assert code == 0
    summary = json.loads(out)
    assert summary["phase"] == "over" and set(summary["scores"]) == {
        "gov-mil", "gov-para", "gov-civ", "reb-mil", "reb-para", "reb-civ", "for-mil", "for-para", "for-civ"}


def test_an_illegal_command_in_a_file_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {kind: setup}\n- {kind: draw, player: gov-mil}\n- {kind: draw, player: gov-mil}\n",
                   encoding="utf-8")
    code = main(["run", str(ROOT / "scenarios" / "coup.yaml"), "--commands", str(bad), "--seed", "1",
                 "--dice", ",".join(["0"] * 51 + ["0"] * 6 + ["1"])])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{bad}:3:3: command 3 (draw(player='gov-mil')) is illegal: Gov-Mil has already acted this turn; " \
        "Gov-Mil holds 2 cards, his limit" in err


@pytest.mark.parametrize("seed", range(1, 11))
def test_games_on_other_seeds_keep_the_invariants_and_replay(seed: int) -> None:
    player = Player(seed)
    player.play()
    game = player.game
    assert game.state.phase == "over"
    assert game.module.check_state(game.state) == []
    assert game.replay(verify=True) == game.state


def test_copy_is_deep() -> None:
    player = Player(SEED)
    script = player.play()
    assert script
    state = player.state
    twin = state.copy()
    assert twin == state
    twin.hands["gov-mil"].append("XX")
    twin.pool["mil"].append("YY")
    twin.chips["gov-mil"] += 1
    assert twin.combat is None or twin.combat.history is not state.combat.history  # type: ignore[union-attr]
    assert twin != state and "XX" not in state.hands["gov-mil"] and "YY" not in state.pool["mil"]


def test_check_and_schema_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(ROOT / "scenarios" / "coup.yaml"), str(ROOT / "maps" / "coup-table.yaml")]) == 0
    assert "valid scenario" in capsys.readouterr().out
    assert main(["schema", "coup"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"options", "objectives", "conference_every"} <= set(schema["properties"])
