"""The DATC-shaped adjudication command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardapp.rules.diplomacy.cli import CaseError, adjudicate_file, main_adjudicate


def _write(tmp_path: Path, obj: object) -> Path:
    p = tmp_path / "case.json"
    p.write_text(json.dumps(obj), encoding="utf-8")
    return p


def test_movement_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = _write(
        tmp_path,
        {
            "phase": "Main",
            "starting_state": ["TUR: F ank"],
            "orders": {
                "RUS: F con Supports F bla -> ank": None,
                "RUS: F bla -> ank": None,
            },
        },
    )
    out = adjudicate_file(p)
    assert out["results"] == {
        "RUS: F con Supports F bla -> ank": "Succeeds",
        "RUS: F bla -> ank": "Succeeds",
    }
    assert sorted(out["units"]) == ["RUS: F ank", "RUS: F con"]
    assert out["dislodged"] == [{"unit": "TUR: F ank", "attacker_origin": "bla"}]
    assert out["supply_centre_owners"]["ank"] == "TUR"
    assert main_adjudicate(str(p)) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["results"] == out["results"]


def test_retreat_file(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        {
            "phase": "Retreat",
            "preceding_main_phase": {
                "orders": {
                    "RUS: F con Supports F bla -> ank": None,
                    "RUS: F bla -> ank": None,
                    "TUR: F ank Hold": None,
                }
            },
            "orders": {"TUR: F ank -> arm": None},
        },
    )
    out = adjudicate_file(p)
    assert out["results"] == {"TUR: F ank -> arm": "Succeeds"}
    assert "TUR: F arm" in out["units"]


def test_build_file(tmp_path: Path) -> None:
    p = _write(
        tmp_path,
        {
            "phase": "Build",
            "occupiers": {"war": "GER"},
            "starting_state": ["GER: A ruh"],
            "orders": {"GER: A war build": None, "GER: A ber build": None},
        },
    )
    out = adjudicate_file(p)
    assert out["results"] == {"GER: A war build": "Fails", "GER: A ber build": "Succeeds"}
    assert out["supply_centre_owners"]["war"] == "GER"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not JSON (Expecting property name enclosed in double quotes at line 1)"),
        ("[]", "expected a JSON object with 'phase' and 'orders'"),
        ('{"phase": "Spring", "orders": {}}', "'phase' must be Main, Retreat or Build, not 'Spring'"),
        ('{"phase": "Main"}', "'orders' must be an object mapping order text to a result"),
        (
            '{"phase": "Main", "orders": {"ENG: A lon jumps": null}}',
            "illegal order 'ENG: A lon jumps': unexpected 'jumps' after 'lon'",
        ),
        (
            '{"phase": "Main", "orders": {"lon -> nth": null}}',
            "order 'lon -> nth' needs the power and unit type to place its unit",
        ),
        ('{"phase": "Retreat", "orders": {}}', "a Retreat entry needs 'preceding_main_phase'"),
    ],
)
def test_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(content, encoding="utf-8")
    with pytest.raises(CaseError) as exc:
        adjudicate_file(p)
    assert str(exc.value) == f"{p}: {message}"
    assert main_adjudicate(str(p)) == 1
    err = capsys.readouterr().err
    assert err == f"error: {p}: {message}\n"


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "nope.json"
    assert main_adjudicate(str(p)) == 1
    assert capsys.readouterr().err == f"error: {p}: cannot read (No such file or directory)\n"
