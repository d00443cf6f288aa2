"""Bad maps and scenarios: one clear FileProblemsError naming file, line and column; never a traceback.

The broken files live in ``tests/data/bad`` (each a one-line change of the tiny map or scenario).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardapp.engine.files import check_file, read_map, read_scenario
from boardapp.model.problems import FileProblemsError
from boardapp.rules import available

BAD = Path(__file__).resolve().parents[1] / "data" / "bad"

CASES = {
    "broken-yaml.map.yaml": ["9:5: not valid YAML: expected ',' or ']', but got ':'"],
    "wrong-type.map.yaml": ["9:7: size: Input should be a valid tuple (got 'big')"],
    "unknown-field.map.yaml": ["9:9: colour: unknown field (check its spelling against the format's documentation)"],
    "road-to-missing-place.map.yaml": [
        "32:23: roads[3].between[1]: the road goes to 'hotel', which is not a place on this map",
        "25:5: warning: places[4]: place 'echo' cannot be reached by road from the rest of the map",
    ],
    "bow-tie.map.yaml": [
        "16:14: regions[0].polygon: region 'westland': the outline crosses itself at [250, 300]; "
        "list the points in order around the region",
        "21:46: warning: places[0].at: place 'alpha' is outside every region",
        "22:34: warning: places[1].at: place 'bravo' is outside every region",
        "23:38: warning: places[2].at: place 'charlie' is outside every region",
        "26:38: warning: places[5].at: place 'foxtrot' is outside every region",
    ],
    "overlap.map.yaml": [
        "19:14: regions[1].polygon: region 'eastland' overlaps region 'westland'; regions of one kind must not overlap",
    ],
    "duplicate-place.map.yaml": [
        "25:10: places[4].id: the id 'delta' is used by another place; ids must be unique",
        "32:23: roads[3].between[1]: the road goes to 'echo', which is not a place on this map",
    ],
    "unknown-team.yaml": ["28:24: counters[6].team: no team 'rebs'; teams are ['gov', 'news', 'reb', 'un']"],
    "unknown-place.yaml": ["28:48: counters[6].at: no place 'hotel' on map 'tiny'"],
    "unknown-unit-type.yaml": [
        "28:35: counters[6].type: no unit type 'tank'; types are ['brigade', 'militia', 'special_forces']",
    ],
    "duplicate-counter.yaml": ["28:10: counters[6].id: the id 'r-mil2' is used twice"],
    "wrong-type.yaml": [
        "10:28: teams[1].money: Input should be a valid integer, unable to parse string as an integer (got 'lots')",
    ],
    "unknown-field.yaml": [
        "10:49: teams[1].tanks: unknown field (check its spelling against the format's documentation)",
    ],
    "unknown-rules.yaml": [f"4:8: rules: no rule module 'chess'; known modules are {sorted(available())}"],
}


def load(path: Path) -> object:
    return read_map(path) if path.name.endswith(".map.yaml") else read_scenario(path)


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_file_names_file_line_and_column(name: str) -> None:
    path = BAD / name
    with pytest.raises(FileProblemsError) as exc:
        load(path)
    assert type(exc.value) is FileProblemsError
    assert [str(p) for p in exc.value.problems] == [f"{path}:{msg}" for msg in CASES[name]]
    errors = [p for p in exc.value.problems if p.severity == "error"]
    assert errors and all(p.file == path and p.line and p.column for p in errors)


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_file_reports_the_same_problems(name: str) -> None:
    path = BAD / name
    kind, problems = check_file(path)
    assert kind == ("map" if name.endswith(".map.yaml") else "scenario") or name.startswith("broken")
    assert [str(p) for p in problems] == [f"{path}:{msg}" for msg in CASES[name]]


def test_scenario_whose_map_is_bad_points_at_both_files() -> None:
    path = BAD / "bad-map.yaml"
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(path)
    first, second, *_ = exc.value.problems
    assert str(first) == f"{path}:5:6: map: the map 'bow-tie.map.yaml' has problems"
    assert str(second) == (f"{BAD / 'bow-tie.map.yaml'}:16:14: regions[0].polygon: region 'westland': the outline "
                           "crosses itself at [250, 300]; list the points in order around the region")


@pytest.mark.parametrize(("text", "message"), [
    ("", "1:1: a scenario file is a YAML mapping (id:, rules:, map: …)"),
    ("- a\n- b\n", "1:1: a scenario file is a YAML mapping (id:, rules:, map: …)"),
    ("id: x\n\tname: y\n", "2:1: not valid YAML: found character '\\t' that cannot start any token"),
    ("id: x\nname: y\nbad\x00: z\n", "3:4: not valid YAML: the character #x0000 is not allowed (is this a text file?)"),
    ("id: x\nname: y\n", "1:1: rules: this field is required: the rule module, e.g. 'binni'"),
])
def test_small_bad_scenarios(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(path)
    assert str(exc.value) == f"{path}:{message}"


def test_random_bytes_as_a_map(tmp_path: Path) -> None:
    path = tmp_path / "noise.yaml"
    path.write_bytes(b"\xff" + random.Random(3).randbytes(2000))
    with pytest.raises(FileProblemsError) as exc:
        read_map(path)
    assert str(exc.value) == (f"{path}: cannot read the file: 'utf-8' codec can't decode byte 0xff in position 0: "
                              "invalid start byte")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(tmp_path / "nope.yaml")
    assert str(exc.value) == f"{tmp_path / 'nope.yaml'}: no such file"


def test_the_good_files_load() -> None:
    data = BAD.parent
    _, the_map, warnings = read_scenario(data / "tiny-scenario.yaml")
    assert warnings == []
    assert len(the_map.places) == 7
