"""``boardapp import`` (issue 11.3): the same integrity rules as a game file, clean errors, no file left behind."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.files import export_jsonl, import_jsonl, open_game
from boardapp.model.problems import FileProblemsError


@pytest.fixture
def lines(game_file: Path) -> list[str]:
    game = open_game(game_file, readonly=True)
    buf = io.StringIO()
    export_jsonl(game, buf)
    game.follow.close()
    return buf.getvalue().splitlines()


def refused(tmp_path: Path, lines: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Import ``lines`` through the command line: exit 1, one message, no traceback, no game file."""
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    target = tmp_path / "out.game"
    assert main(["import", str(src), "--save", str(target)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith((".out", "out"))] == []
    return err.strip().removeprefix(f"{src}:")


def unchained(lines: list[str]) -> list[str]:
    """The same journal without digests (as a hand-written or older export would be)."""
    out = []
    for line in lines:
        data = json.loads(line)
        data.pop("digest", None)
        data.pop("entries", None)
        out.append(json.dumps(data))
    return out


def test_round_trip_writes_a_sound_file(lines: list[str], tmp_path: Path, close_later: list[Any],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["import", str(src), "--save", str(tmp_path / "out.game")]) == 0
    assert capsys.readouterr().out == f"imported 11 journal entries into {tmp_path / 'out.game'}\n"
    game = open_game(tmp_path / "out.game")
    close_later.append(game)
    assert len(game.entries) == 11


@pytest.mark.parametrize("chain", [True, False], ids=["chained", "unchained"])
def test_deleted_line(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], chain: bool) -> None:
    body = lines if chain else unchained(lines)
    del body[5]  # entry 5
    assert refused(tmp_path, body, capsys) == ("6:1: entry 6 is out of place: entry 5 should come next "
                                               "(a line deleted, swapped or repeated?)")


@pytest.mark.parametrize("chain", [True, False], ids=["chained", "unchained"])
def test_swapped_lines(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], chain: bool) -> None:
    body = lines if chain else unchained(lines)
    body[3], body[4] = body[4], body[3]
    assert refused(tmp_path, body, capsys) == ("4:1: entry 4 is out of place: entry 3 should come next "
                                               "(a line deleted, swapped or repeated?)")


def test_swapped_lines_renumbered(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = unchained(lines)
    a, b = json.loads(body[8]), json.loads(body[9])  # the end of week 1 and a camp in week 2
    a["seq"], b["seq"] = b["seq"], a["seq"]
    body[8], body[9] = json.dumps(b), json.dumps(a)
    assert refused(tmp_path, body, capsys).startswith("9: the journal does not replay: entry 8 (camp(")


@pytest.mark.parametrize("seq", [-1, 0, 10**30])
def test_seq_out_of_range(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], seq: int) -> None:
    data = json.loads(lines[1])
    data["seq"] = seq
    lines[1] = json.dumps(data)
    shown = seq if seq < 10**12 else "100000000000…"
    assert refused(tmp_path, lines, capsys) == (f"2:1: entry {shown} is out of place: entry 1 should come next "
                                                "(a line deleted, swapped or repeated?)")


def test_lost_lines_at_the_end(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(tmp_path, lines[:-2], capsys) == ("10: the journal ends at entry 9, but its header says it holds "
                                                     "11 (lines lost at the end?)")


def test_edited_line(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines[9] = lines[9].replace("charlie", "golf")
    assert refused(tmp_path, lines, capsys) == ("10:1: entry 9 was changed after it was exported (its digest does "
                                                "not match)")


def test_emptied_dice_without_a_chain(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = unchained(lines)
    data = json.loads(body[5])
    assert data["rolls"], "entry 5 (a strike) rolled a die"
    data["rolls"] = []
    body[5] = json.dumps(data)
    message = refused(tmp_path, body, capsys)
    assert message.startswith("6: the journal does not replay: entry 5 (strike(")
    assert message.endswith("needs more dice than the 0 it recorded")


@pytest.mark.parametrize("where", ["header", "entry"])
def test_deep_nesting(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    n = 0 if where == "header" else 1
    lines[n] = deep
    what = "a boardapp journal header" if where == "header" else "a journal entry"
    assert refused(tmp_path, lines, capsys) == f"{n + 1}:1: not {what}: JSON nested too deep"


def test_deep_nesting_inside_a_command(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = unchained(lines)
    data = json.loads(body[1])
    nested: Any = 1
    for _ in range(500):
        nested = [nested]
    data["command"]["reason"] = nested
    body[1] = json.dumps(data)
    message = refused(tmp_path, body, capsys)
    assert message.startswith("2: the journal does not replay: entry 1 is not a command this game knows")


def test_huge_number_in_a_command(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = unchained(lines)
    data = json.loads(body[10])  # supply of stores
    data["command"]["stores"] = 10**30
    body[10] = json.dumps(data)
    assert refused(tmp_path, body, capsys).startswith("11: the journal does not replay: entry 10 ")


def test_import_into_an_existing_name_leaves_it_alone(lines: list[str], tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    target = tmp_path / "out.game"
    target.write_bytes(b"precious")
    with pytest.raises(FileProblemsError) as exc:
        import_jsonl(src, save=target)
    assert str(exc.value) == f"{target}: a file of that name exists already; choose another name"
    assert target.read_bytes() == b"precious"
