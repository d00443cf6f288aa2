"""Malformed maps and scenarios (issue 11.4): bounded reads, clear errors with line and column, no hang.

Expected messages follow from the bounds in ``boardapp/model/reading.py`` and ``yamlfile.py``
(64 MiB, regular files only, nesting ≤ 64, aliases expanding to ≤ 5,000,000 values) and from the
map rules (unique ids, finite coordinates).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardapp.engine.files import check_file, read_map, read_scenario
from boardapp.model.problems import FileProblemsError
from tests.conftest import DATA, ROOT

TINY_MAP = (DATA / "tiny-map.yaml").read_text(encoding="utf-8")
TINY_SCENARIO = (DATA / "tiny-scenario.yaml").read_text(encoding="utf-8")


def problems(path: Path) -> list[str]:
    with pytest.raises(FileProblemsError) as exc:
        read_map(path) if "map" in path.name else read_scenario(path)
    return [str(p).removeprefix(f"{path}:") for p in exc.value.problems if p.severity == "error"]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_nesting_1000_deep(tmp_path: Path) -> None:
    # the top mapping is level 1, so the 64th '[' (column 7 + 63) opens level 65; libyaml (PyYAML >= 6.0.4)
    # may stop first, reading ahead through the brackets (at the last one, column 1006): either way the
    # same words, on line 2, at or after the 65th level
    path = write(tmp_path, "deep.map.yaml", "id: x\nname: " + "[" * 1000 + "]" * 1000 + "\n")
    [problem] = problems(path)
    where, message = problem.split(": ", 1)
    line, column = (int(x) for x in where.split(":"))
    assert message == "not valid YAML: lists and mappings nested more than 64 deep; no boardapp file needs that"
    assert line == 2 and 70 <= column <= 1006


def test_nesting_in_block_style(tmp_path: Path) -> None:
    text = "id: x\n" + "".join("  " * i + f"k{i}:\n" for i in range(100)) + "  " * 100 + "v\n"
    path = write(tmp_path, "deep.map.yaml", text)
    assert problems(path) == ["66:129: not valid YAML: lists and mappings nested more than 64 deep; no boardapp "
                              "file needs that"]


def test_5000_digit_integer(tmp_path: Path) -> None:
    path = write(tmp_path, "big.map.yaml", TINY_MAP.replace("size: [1000, 600]", "size: [" + "9" * 5000 + ", 600]"))
    assert "size: [1000, 600]" in TINY_MAP
    line = TINY_MAP[: TINY_MAP.index("size:")].count("\n") + 1
    assert problems(path) == [f"{line}:8: not valid YAML: the number 99999999999999999999… has 5000 digits, far "
                              "more than any value in a game"]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_map_that_is_a_device(tmp_path: Path, device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    path = write(tmp_path, "s.yaml", TINY_SCENARIO.replace("map: tiny-map.yaml", f"map: {device}"))
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(path)
    assert [str(p) for p in exc.value.problems] == [
        f"{path}:4:6: map: the map '{device}' has problems",
        f"{device}: not a regular file (a device, a FIFO or a socket); boardapp reads only ordinary files"]


def test_map_that_is_a_folder(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", TINY_SCENARIO.replace("map: tiny-map.yaml", "map: ."))
    assert problems(path)[-1].endswith(": a folder, not a file")


def test_file_larger_than_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.map.yaml"
    with path.open("wb") as fh:
        fh.truncate(65 * 1024 * 1024)  # sparse: no disk used, and it must not be read
    assert problems(path) == [" the file is 68,157,440 bytes, more than the 67,108,864 a map, scenario or journal "
                              "may be (is it the right file?)"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_named_like_a_game_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "x.game"
    os.mkfifo(fifo)
    for args in (["check", str(fifo)], ["export", str(fifo)], ["run", str(fifo), "--commands", str(fifo)]):
        # A child process, so that a hang fails the test after 60 s instead of blocking the suite.
        done = subprocess.run([sys.executable, "-m", "boardapp", *args], capture_output=True, text=True, timeout=60,
                              check=False,
                              cwd=ROOT)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert "not a regular file" in done.stderr, done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_check_file_of_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    assert [str(p) for p in check_file(fifo)[1]] == [
        f"{fifo}: not a regular file (a device, a FIFO or a socket); boardapp reads only ordinary files"]


def test_duplicate_community_id(tmp_path: Path) -> None:
    text = "id: x\nname: X\nsize: [100, 100]\ncommunities:\n  - {id: sunni, name: Sunni}\n  - {id: sunni, name: Shia}\n"
    assert problems(write(tmp_path, "c.map.yaml", text)) == [
        "6:10: communities[1].id: the id 'sunni' is used by another community; ids must be unique"]


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", ".NaN"])
def test_coordinates_must_be_finite(tmp_path: Path, value: str) -> None:
    text = f"id: x\nname: X\nsize: [100, 100]\nplaces:\n  - {{id: a, name: A, at: [{value}, 10]}}\n"
    assert problems(write(tmp_path, "n.map.yaml", text)) == [
        f"5:27: places[0].at[0]: Input should be a finite number (got {float(value.replace('.', ''))})"]


def test_size_must_be_finite(tmp_path: Path) -> None:
    text = "id: x\nname: X\nsize: [.inf, 100]\n"
    assert problems(write(tmp_path, "n.map.yaml", text)) == ["3:8: size[0]: Input should be a finite number (got inf)"]


def test_bad_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "u.map.yaml"
    path.write_bytes(b"id: x\nname: X\nsize: [100, 100]\nlabels:\n  - {text: Caf\xe9, at: [1, 1]}\n")
    assert problems(path) == ["5:15: not UTF-8 text: the byte 0xe9 cannot start or continue a character (save the "
                              "file as UTF-8)"]


def test_alias_bomb(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    path = write(tmp_path, "bomb.map.yaml", "\n".join(lines) + "\n")
    assert problems(path) == ["7:25: not valid YAML: the aliases (*name) expand to more than 5,000,000 values; write "
                              "the values out"]


def test_aliases_within_bounds_still_work(tmp_path: Path) -> None:
    text = TINY_MAP + "labels:\n  - &lbl {text: River, at: [10, 10]}\n  - *lbl\n"
    the_map, _ = read_map(write(tmp_path, "alias.map.yaml", text))
    assert [label.text for label in the_map.labels] == ["River", "River"]


def test_two_documents(tmp_path: Path) -> None:
    path = write(tmp_path, "two.map.yaml", "id: x\n---\nid: y\n")
    assert problems(path) == ["2:1: not valid YAML: a second document (after '---'); a boardapp file is one document"]


def test_impossible_date(tmp_path: Path) -> None:
    """Found by bench_trust's mutations: YAML reads 2024-13-45 as a date, and Python refuses month 13."""
    path = write(tmp_path, "d.map.yaml", "id: x\nname: X\nsize: [2024-13-45, 3]\n")
    assert problems(path) == ["3:8: not valid YAML: the value '2024-13-45' cannot be read: month must be in 1..12"]


def test_duplicate_key(tmp_path: Path) -> None:
    """Found by bench_trust's mutations: a repeated line silently replaced the first value (PyYAML keeps the last)."""
    text = TINY_SCENARIO.replace("money: 3,", "money: 3, money: 30,")
    assert text != TINY_SCENARIO
    path = write(tmp_path, "dup.yaml", text)
    line = TINY_SCENARIO[: TINY_SCENARIO.index("money: 3,")].count("\n") + 1
    column = TINY_SCENARIO.splitlines()[line - 1].index("money: 3,") + 1 + len("money: 3, ")
    assert problems(path) == [f"{line}:{column}: not valid YAML: the key 'money' appears twice in this mapping "
                              f"(first at line {line}); keep one"]
