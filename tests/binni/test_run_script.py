"""``boardapp run`` for umpires and designers (``cmd_run`` in ``boardapp/cli.py``): each command's
events as JSON Lines (``--events``) and every command's legality reported as the run goes on
(``--check``). Expected numbers come from the digest's tables, not from the program's output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main

from .binni_helpers import TINY

# Tiny war, week 1: the Government brings its brigade (6, $M1 to activate) and a militia (2) to neutral
# Charlie and attacks Delta's two Rebel militias (2 + 2) with a typed die of 5.
FIGHT = """\
- {kind: move, counter: g-bde1, to: charlie}
- {kind: move, counter: g-mil1, to: charlie}
- {kind: attack, place: delta, attackers: [g-bde1, g-mil1], die: 5}
- {kind: end_turn}
"""


def run(capsys: pytest.CaptureFixture[str], *argv: Any) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cmds.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_events_as_json_lines_carry_the_fights_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, FIGHT)
    code, out, err = run(capsys, "run", TINY, "--commands", cmds, "--events", "--seed", "1")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [rec.get("command") for rec in lines] == [1, 2, 3, 4, None]
    assert [rec.get("at") for rec in lines[:4]] == [f"{cmds}:{n}:3" for n in (1, 2, 3, 4)]
    move = lines[0]["events"][0]
    assert (move["kind"], move["data"]["costs"]) == ("move", {"money": 1})  # a brigade's activation
    fight = lines[2]["events"][0]
    # 8 against 4 is the 2:1 column; die 5 on 2:1 is a DECISIVE WIN: no attacker loss, one defender loss,
    # and the defenders retreat; the attack consumes 4 stores for the brigade and 1 for the militia
    assert fight["kind"] == "fight"
    assert {k: fight["data"][k] for k in ("attack", "defence", "column", "die", "result", "losses", "retreat",
                                          "costs")} == {
        "attack": 8, "defence": 4, "column": "2:1", "die": 5, "result": "DECISIVE WIN",
        "losses": {"attacker": 0, "defender": 1}, "retreat": True, "costs": {"stores": 5}}
    kinds = [e["kind"] for e in lines[2]["events"]]
    assert kinds == ["fight", "loss", "retreat"]
    assert lines[3]["kind"] == "end_turn" and lines[3]["rolls"]  # the end of turn drew cards with the seeded dice
    state = lines[4]["state"]
    assert state["week"] == 2
    assert state["teams"]["gov"]["stores"] == 12 - 5


def test_events_to_a_file_keep_the_state_on_standard_output(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, FIGHT)
    out_file = tmp_path / "events.jsonl"
    code, out, err = run(capsys, "run", TINY, "--commands", cmds, "--events", out_file, "--seed", "1")
    assert code == 0, err
    assert json.loads(out)["week"] == 2
    assert [json.loads(line)["command"] for line in out_file.read_text(encoding="utf-8").splitlines()] == [1, 2, 3, 4]
    code, _, err = run(capsys, "run", TINY, "--commands", cmds, "--events", tmp_path / "no-such-dir" / "e.jsonl")
    assert code == 1
    assert err.startswith(f"boardapp: --events: cannot write {tmp_path / 'no-such-dir' / 'e.jsonl'}: ")


CHECKED = """\
- {kind: move, counter: g-mil1, to: charlie}
- {kind: move, counter: g-bde1, to: echo}
- {kind: move, counter: g-mil1, to: bravo}
- {kind: deploy, counter: g-bde2, to: golf, force: "CONTROL: an airborne landing"}
- {kind: attack, place: delta, attackers: []}
- kind: news
  text: The Rebels hold Delta
"""


def test_check_reports_every_command_and_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, CHECKED)
    code, out, err = run(capsys, "run", TINY, "--commands", cmds, "--check")
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == f"boardapp: {cmds}:1:3: command 1 (move(counter='g-mil1', to='charlie')) is legal"
    assert lines[1] == (f"boardapp: {cmds}:2:3: command 2 (move(counter='g-bde1', to='echo')) is illegal: Echo is "
                        "occupied by hostile units (r-mil3): no unit enters it except by fighting")
    # judged against the state so far: g-mil1 moved in command 1, and a unit moves once a week
    assert lines[2] == (f"boardapp: {cmds}:3:3: command 3 (move(counter='g-mil1', to='bravo')) is illegal: "
                        "g-mil1 (Government Armed Militia) has already moved this week (a unit moves once a week)")
    assert lines[3] == (f"boardapp: {cmds}:4:3: command 4 (deploy(counter='g-bde2', to='golf')) is forced "
                        "(CONTROL: an airborne landing) over: Combat Brigade deploy only to places held by "
                        "Government or its allies (Golf is held by Rebels)")
    assert lines[4] == f"boardapp: {cmds}:5:3: command 5 (attack) is not a valid command:"
    column = CHECKED.splitlines()[4].index("[]") + 1  # the empty list of attackers
    assert lines[5] == f"{cmds}:5:{column}: [4].attackers: List should have at least 1 item after validation, not 0"
    assert lines[6] == f"boardapp: {cmds}:6:3: command 6 (news(text='The Rebels hold Delta')) is legal"
    assert lines[7] == f"boardapp: {cmds}: 6 commands: 2 legal, 1 forced, 2 refused, 1 not valid"
    state = json.loads(out)  # the accepted commands were applied, the refused ones left out
    assert state["counters"]["g-mil1"]["place"] == "charlie"
    assert state["counters"]["g-bde1"]["place"] == "alpha"
    assert state["counters"]["g-bde2"]["place"] == "golf"
    assert state["news"] == ["The Rebels hold Delta"]


def test_check_of_a_clean_script_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, FIGHT)
    code, _, err = run(capsys, "run", TINY, "--commands", cmds, "--check", "--seed", "1")
    assert code == 0, err
    assert err.splitlines()[-1] == f"boardapp: {cmds}: 4 commands: 4 legal, 0 refused"


def test_check_with_events_records_the_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, CHECKED)
    code, out, _ = run(capsys, "run", TINY, "--commands", cmds, "--check", "--events")
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [("refused" in rec, "events" in rec) for rec in lines[:6]] == [
        (False, True), (True, False), (True, False), (False, True), (True, False), (False, True)]
    assert lines[1]["refused"] == ["Echo is occupied by hostile units (r-mil3): no unit enters it except by fighting"]
    assert lines[3]["forced"] == "CONTROL: an airborne landing" and lines[3]["overridden"]
    assert "state" in lines[6]


def test_without_check_the_first_illegal_command_still_stops_the_run(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    cmds = script(tmp_path, CHECKED)
    code, out, err = run(capsys, "run", TINY, "--commands", cmds)
    assert code == 1 and out == ""
    assert err.startswith(f"boardapp: {cmds}:2:3: command 2 (move(counter='g-bde1', to='echo')) is illegal: ")
