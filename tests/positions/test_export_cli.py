"""`boardapp export GAME --position [--at N] [--out FILE.yaml]`: the position after entry N as a scenario
file that `boardapp check` accepts and that opens to exactly that state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import open_game, read_scenario
from boardapp.engine.game import Game
from tests.positions.helpers import GAMES, canonical


def run(capsys: pytest.CaptureFixture[str], *argv: Any) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Mid-East PEACE's example game, played and saved to a game file."""
    scenario, commands, seed = GAMES["mideast"]
    game_file = tmp_path / "peace.game"
    code, _out, err = run(capsys, "run", scenario, "--commands", commands, "--seed", seed, "--save", game_file)
    assert code == 0, err
    return game_file


def _state_after(game: Game[Any], n: int) -> Any:
    module = game.module
    state = module.initial_state()
    for entry in game.entries[:n]:
        module.apply(state, module.parse_command(entry.command), ScriptedDice(entry.rolls))
    return state


def test_export_at_an_entry_writes_a_checked_scenario_that_opens_there(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "elsewhere" / "round1.yaml"
    out.parent.mkdir()
    code, said, err = run(capsys, "export", saved, "--position", "--at", 12, "--out", out)
    assert code == 0, err
    assert "after entry 12 of" in said and str(out) in said
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# The position of peace.game after journal entry 12")
    assert "CONTROL's file" in text.splitlines()[1]
    code, said, err = run(capsys, "check", out)
    assert (code, said.strip()) == (0, f"{out}: valid scenario"), err
    game = open_game(saved, readonly=True)
    try:
        expected = _state_after(game, 12)
        scenario, the_map, _ = read_scenario(out)          # its map path resolves from where it was written
        module = type(game.module)(scenario, the_map)
        state = module.initial_state()
        assert state == expected and canonical(module, state) == canonical(game.module, expected)
        assert state != game.state, "entry 12 is not the end: the test would prove nothing"
    finally:
        game.follow.close()


def test_export_without_at_is_the_last_position_and_without_out_is_printed(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said, err = run(capsys, "export", saved, "--position")
    assert code == 0, err
    assert "position:" in said and "\nended: " not in said and "  ended: " in said  # the game ended (a vote)
    game = open_game(saved, readonly=True)
    try:
        assert said.splitlines()[0].endswith(f"entry {game.entries[-1].seq} ({game.module.turn_label(game.state)}),")
    finally:
        game.follow.close()


def test_bad_requests_are_named_not_tracebacks(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _said, err = run(capsys, "export", saved, "--position", "--at", 10**6)
    assert code == 1 and "--at 1000000: the game's journal runs from entry 0 (the start) to" in err
    code, _said, err = run(capsys, "export", saved, "--position", "--at", -1)
    assert code == 1 and "--at -1" in err
    code, _said, err = run(capsys, "export", saved, "--at", 3)
    assert code == 1 and "--at N goes with --position" in err


def test_a_game_started_from_a_position_keeps_it_in_its_game_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game file stores the scenario as JSON (number keys become text): MUN's goals 1, 2, 3 come back."""
    scenario, commands, seed = GAMES["mun"]
    full = tmp_path / "mun.game"
    assert run(capsys, "run", scenario, "--commands", commands, "--seed", seed, "--save", full)[0] == 0
    position = tmp_path / "mun-6.yaml"
    assert run(capsys, "export", full, "--position", "--at", 6, "--out", position)[0] == 0
    assert "goals:" in position.read_text(encoding="utf-8")
    import yaml

    rest = tmp_path / "rest.yaml"
    rest.write_text(yaml.safe_dump(yaml.safe_load(commands.read_text(encoding="utf-8"))[6:8]), encoding="utf-8")
    resumed = tmp_path / "resumed.game"
    code, _out, err = run(capsys, "run", position, "--commands", rest, "--seed", seed, "--save", resumed)
    assert code == 0, err
    original, again = open_game(full, readonly=True), open_game(resumed, readonly=True)
    try:
        expected = _state_after(original, 8)
        assert again.state == expected and again.state.goals["italy"][3].allowed is True
        assert canonical(again.module, again.state) == canonical(original.module, expected)
    finally:
        original.follow.close()
        again.follow.close()
