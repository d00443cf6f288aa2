"""Where boardapp finds its own files and keeps a user's (boardapp/resources.py), in this process (fast)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from boardapp import cli, resources
from boardapp.engine.files import DEFAULT_SCENARIO, MAP_DIR, SCENARIO_DIR, read_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_files_are_the_packages_files() -> None:
    # The editable install maps boardapp.scenarios to the repository's scenarios/ (setup.py); a wheel carries them.
    import boardapp.maps
    import boardapp.scenarios

    assert Path(boardapp.scenarios.__file__).resolve().parent == SCENARIO_DIR
    assert Path(boardapp.maps.__file__).resolve().parent == MAP_DIR
    assert DEFAULT_SCENARIO == SCENARIO_DIR / "war-in-binni.yaml"
    names = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))
    assert [p.name for p in resources.shipped_scenarios()] == names
    for scenario in resources.shipped_scenarios():
        the_map = resources.scenario_map(scenario)
        assert the_map.parent == MAP_DIR, f"{scenario.name}: its map: is not a shipped map"
        read_scenario(scenario)  # the map: reference resolves


def test_every_example_names_a_shipped_scenario() -> None:
    examples = resources.shipped_examples()
    assert {e.path.name for e in examples} == {p.name for p in (ROOT / "docs/examples").glob("*.yaml")}
    for e in examples:
        assert e.scenario.is_file(), e


def test_user_folders_follow_the_environment_then_the_platform(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setenv("BOARDAPP_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("BOARDAPP_DATA_DIR", str(tmp_path / "d"))
    assert resources.config_dir() == tmp_path / "c"
    assert resources.autosave_dir() == tmp_path / "d" / "autosave" and (tmp_path / "d" / "autosave").is_dir()
    monkeypatch.delenv("BOARDAPP_CONFIG_DIR")
    monkeypatch.delenv("BOARDAPP_DATA_DIR")
    if sys.platform.startswith("linux"):  # the XDG folders docs/install.md names
        monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xc"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xd"))
        assert resources.config_dir() == tmp_path / "xc" / "boardapp"
        assert resources.data_dir() == tmp_path / "xd" / "boardapp"


def test_recent_files_newest_first_without_repeats(tmp_path: Path) -> None:
    assert resources.recent_files() == []
    for name in ("a.game", "b.yaml", "a.game"):
        resources.remember_file(tmp_path / name)
    assert resources.recent_files() == [str(tmp_path / "a.game"), str(tmp_path / "b.yaml")]
    for i in range(20):
        resources.remember_file(tmp_path / f"{i}.game")
    assert len(resources.recent_files()) == resources.MAX_RECENT


def test_new_copies_the_scenario_and_its_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new", "coup", "--out", str(tmp_path / "mine")]) == 0
    copied = tmp_path / "mine" / "scenarios" / "coup.yaml"
    assert yaml.safe_load(copied.read_text(encoding="utf-8"))["map"] == "../maps/coup-table.yaml"
    assert (tmp_path / "mine" / "maps" / "coup-table.yaml").read_bytes() == (MAP_DIR / "coup-table.yaml").read_bytes()
    read_scenario(copied)
    assert cli.main(["new", "war-in-binni", "--out", str(tmp_path / "mine")]) == 0  # by name too
    assert cli.main(["new", "chess", "--out", str(tmp_path / "x")]) == 1
    assert "no shipped scenario for 'chess'" in capsys.readouterr().err


def test_scenarios_lists_every_shipped_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["scenarios"]) == 0
    out = capsys.readouterr().out
    for p in resources.shipped_scenarios():
        assert p.stem in out


def test_a_missing_shipped_file_is_named_with_the_repair(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(resources, "default_scenario", lambda: tmp_path / "war-in-binni.yaml")
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'war-in-binni.yaml'}: missing" in err and "reinstall" in err
