"""Issue 10.4: validating a Map checks its fields only; the loaders run the map checks, once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardapp.engine import files
from boardapp.model import checks
from boardapp.model.mapfile import Map
from boardapp.model.problems import FileProblemsError
from tests.conftest import DATA, TINY

BROKEN = {"id": "m", "name": "M", "size": [100, 100],
          "places": [{"id": "a", "name": "A", "at": [10, 10]}],
          "roads": [{"between": ["a", "nowhere"]}]}


def test_validating_a_map_does_not_run_the_map_checks() -> None:
    the_map = Map.model_validate(BROKEN)  # a road to an unknown place: a map check's business, not a field's
    assert [p.message for p in checks.check_map(the_map)] == [
        "roads[0].between[1]: the road goes to 'nowhere', which is not a place on this map"]


def test_the_loader_runs_them_and_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "m.map.yaml"
    path.write_text("id: m\nname: M\nsize: [100, 100]\nplaces:\n  - {id: a, name: A, at: [10, 10]}\n"
                    "roads:\n  - {between: [a, nowhere]}\n", encoding="utf-8")
    with pytest.raises(FileProblemsError) as exc:
        files.read_map(path)
    assert str(exc.value) == (f"{path}:7:19: roads[0].between[1]: the road goes to 'nowhere', which is not a place "
                              "on this map")


@pytest.mark.parametrize("load", [files.read_map, files.read_scenario, files.check_file])
def test_each_loader_runs_the_map_checks_once(monkeypatch: pytest.MonkeyPatch, load: Any) -> None:
    calls = []
    real = checks.check_map

    def counting(m: Map, **how: Any) -> Any:
        calls.append(m.id)
        return real(m, **how)

    monkeypatch.setattr(checks, "check_map", counting)
    monkeypatch.setattr(files, "check_map", counting)
    load(DATA / "tiny-map.yaml" if load is files.read_map else TINY)
    assert calls == ["tiny"]
