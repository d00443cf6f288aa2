"""The headless command line: check, run, schema, export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardapp.cli import main

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests/data/tiny-scenario.yaml"
BINNI = ROOT / "scenarios/war-in-binni.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_valid_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", ROOT / "maps/binni.yaml", BINNI, TINY)
    assert code == 0, err
    assert out.splitlines() == [
        f"{ROOT / 'maps/binni.yaml'}: valid map",
        f"{BINNI}: valid scenario",
        f"{TINY}: valid scenario",
    ]


def test_check_reports_every_problem_with_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "id: bad\nname: Bad\nsize: [100, 100]\n"
        "places:\n  - {id: a, name: A, at: [10, 10]}\n  - {id: b, name: B, at: [20, 20]}\n"
        "roads:\n  - {between: [a, nowhere]}\n  - {between: [b, b]}\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "check", bad)
    assert code == 1
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{bad}: 2 problems"
    assert f"{bad}:8:19: roads[0].between[1]: the road goes to 'nowhere', which is not a place on this map" in lines
    assert f"{bad}:9:15: roads[1].between: the road joins 'b' to itself" in lines


def test_check_type_error_names_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: Bad\nsize: [100, 100]\nplaces:\n  - {id: a, name: A, at: [ten, 10]}\n")
    code, _, err = run(capsys, "check", bad)
    assert code == 1
    assert f"{bad}:5:27: places[0].at[0]: Input should be a valid number, unable to parse string as a number " \
           "(got 'ten')" in err


def test_check_broken_yaml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("rules: binni\nteams: [\n  {id: a\n", encoding="utf-8")
    code, _, err = run(capsys, "check", bad)
    assert code == 1
    assert f"{bad}:4:1: not valid YAML" in err
    assert "Traceback" not in err


def test_check_missing_and_unknown_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("hello\n", encoding="utf-8")
    code, _, err = run(capsys, "check", tmp_path / "nope.yaml", other)
    assert code == 1
    assert f"{tmp_path / 'nope.yaml'}: no such file" in err
    assert f"{other}:1:1: not a map, scenario or game file" in err


def test_run_every_command_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "run", BINNI, "--commands", ROOT / "docs/examples/every-command.yaml", "--seed", "7")
    assert code == 0, err
    state = json.loads(out)
    assert state["week"] == 2
    assert state["control"]["edda"] == "christian-faction"
    assert state["control"]["sule-dam"] == "clewgist-faction"
    assert state["teams"]["binni-gov"]["pr"] == 3
    assert state["teams"]["binni-gov"]["cards_max"] == 7
    assert state["counters"]["hg-1mil"]["destroyed"] is True
    assert state["counters"]["hg-3mil"]["place"] == "uboma"
    assert state["camps"] == [{"place": "idu", "team": "un"}]
    assert state["dp_by_place"]["kura"] == 1


def test_run_stops_at_an_illegal_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = tmp_path / "cmds.yaml"
    cmds.write_text("- {kind: move, counter: g-mil1, to: charlie}\n- {kind: move, counter: g-bde1, to: echo}\n")
    code, out, err = run(capsys, "run", TINY, "--commands", cmds)
    assert code == 1
    assert out == ""
    assert err.strip() == (
        f"boardapp: {cmds}:2:3: command 2 (move(counter='g-bde1', to='echo')) is illegal: Echo is occupied by "
        "hostile units (r-mil3): no unit enters it except by fighting"
    )


def test_run_rejects_a_malformed_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = tmp_path / "cmds.yaml"
    cmds.write_text("- kind: attack\n  place: delta\n  attackers: []\n  die: 9\n")
    code, _, err = run(capsys, "run", TINY, "--commands", cmds)
    assert code == 1
    assert f"{cmds}:1:3: command 1 (attack) is not a valid command:" in err
    assert f"{cmds}:3:14: [0].attackers: List should have at least 1 item after validation, not 0" in err
    assert f"{cmds}:4:8: [0].die: Input should be less than or equal to 6 (got 9)" in err


def test_run_with_typed_dice_and_save_then_export_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = tmp_path / "cmds.yaml"
    cmds.write_text(
        "- {kind: move, counter: g-mil1, to: charlie}\n"
        "- {kind: strike, team: gov, weapon: cruise_missile, target: r-mil1}\n"
        "- {kind: end_turn}\n"
    )
    save = tmp_path / "g.game"
    code, out, err = run(capsys, "run", TINY, "--commands", cmds, "--dice", "5", "--seed", "3", "--save", save)
    assert code == 0, err
    live = json.loads(out)
    assert live["counters"]["r-mil1"]["destroyed"] is True  # die 5: one hit on a one-step militia
    assert live["teams"]["gov"]["cruise_missiles"] == 1
    jsonl = tmp_path / "g.jsonl"
    assert run(capsys, "export", save, "--out", jsonl)[0] == 0
    assert len(jsonl.read_text().splitlines()) == 4  # header + three entries
    copy = tmp_path / "copy.game"
    assert run(capsys, "import", jsonl, "--save", copy)[0] == 0
    empty = tmp_path / "empty.yaml"
    empty.write_text("[]\n")
    code, out, err = run(capsys, "run", copy, "--commands", empty)
    assert code == 0, err
    assert json.loads(out) == live


def test_bad_dice_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("[]\n")
    code, _, err = run(capsys, "run", TINY, "--commands", empty, "--dice", "6,x")
    assert code == 1
    assert "--dice takes whole numbers separated by commas, like 6,3,1; got '6,x'" in err


def test_schema_is_generated_from_the_models(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "map")
    assert code == 0
    schema = json.loads(out)
    assert schema["properties"]["places"]["description"] == "Towns, cities and installations."
    code, out, _ = run(capsys, "schema", "binni")
    assert json.loads(out)["$defs"]["BinniTeam"]["properties"]["pr_table"]["description"].startswith(
        "Maximum influence cards held at PR level 0"
    )


def test_host_on_any_free_port_puts_the_web_page_on_any_free_port(monkeypatch) -> None:
    """`--port 0` (any free port) must not put the web page on port 1: it takes any free port too."""
    from boardapp.web import hosting

    seen: dict[str, object] = {}
    monkeypatch.setattr(hosting, "main", lambda game, **kw: seen.update(kw) or 0)
    assert main(["host", "g.game", "--port", "0"]) == 0
    assert seen["port"] == 0 and seen["web_port"] == 0
    assert main(["host", "g.game", "--port", "7000"]) == 0
    assert seen["web_port"] == 7001
