"""The scenario and the map: twelve countries, zones on Natural Earth outlines, Sinai no country."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardapp.engine.files import check_file, read_scenario
from boardapp.model.problems import FileProblemsError

from .helpers import ROOT, SCENARIO, loaded, module, new_game


def test_twelve_countries_one_player_each_and_sinai_a_zone_of_no_country() -> None:
    scenario, the_map = loaded()
    assert len(scenario.countries) == 12
    assert "sinai" in {p.id for p in the_map.places}
    assert "sinai" not in scenario.country_of_zone
    several = [c.id for c in scenario.countries if len(c.zones) > 1]
    assert len(several) >= 5  # "some countries several zones"
    g = new_game()
    assert module(g).players == [c.id for c in scenario.countries]
    # The digest's defaults: WAR after round 10, lots of 3 Forces, a Cease Fire at two thirds, Non-Aligned.
    s = scenario.settings
    assert (s.rounds, s.lot, s.cease_fire_yea, s.superpower_oil, s.superpower_score) == (10, 3, (2, 3), 2, 2)
    assert all(c.bloc is None for c in scenario.countries)


def test_every_zone_has_its_place_inside_its_outline_and_neighbours() -> None:
    _, the_map = loaded()
    for place in the_map.places:
        assert place.id in [r.id for r in the_map.regions_of(place.id)], place.id
        assert the_map.neighbours(place.id), place.id
    # Real geography: Israel borders Lebanon, Jordan and Syria; Kuwait borders Iraq and Saudi Arabia.
    assert {"lebanon", "jordan", "syria", "sinai"} <= set(the_map.neighbours("israel"))
    assert {"mesopotamia", "najd", "hasa"} >= set(the_map.neighbours("kuwait")) >= {"mesopotamia"}


def test_boardapp_check_accepts_the_scenario() -> None:
    kind, problems = check_file(SCENARIO)
    assert kind == "scenario"
    assert [p for p in problems if p.severity == "error"] == []


@pytest.mark.parametrize(("old", "new", "message"), [
    ("homeland: lower-egypt\n", "homeland: sinai\n", "homeland 'sinai' is not one of the country's zones"),
    ("zones: [jordan]", "zones: [jordan, israel]", "zone 'israel' already belongs to 'israel'"),
    ("- {id: qatar, oil: 2}", "- {id: atlantis, oil: 2}", "zone 'atlantis' is not a place on the map"),
    ("  peacekeeping_at: sinai\n", "  peacekeeping_at: sinai\n  cease_fire_yea: [4, 3]\n",
     "4/3 is not a share between 0 and 1"),
])
def test_a_broken_scenario_is_refused_naming_what_and_where(tmp_path: Path, old: str, new: str,
                                                            message: str) -> None:
    text = SCENARIO.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "mideast.yaml").write_text((ROOT / "maps/mideast.yaml").read_text(encoding="utf-8"))
    (tmp_path / "s").mkdir()
    bad = tmp_path / "s" / "bad.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(FileProblemsError) as exc:
        read_scenario(bad)
        raise AssertionError("accepted")
    assert message in str(exc.value)


def test_schema_and_run_work_from_the_command_line() -> None:
    out = subprocess.run([sys.executable, "-m", "boardapp", "schema", "mideast"], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert "Oil revenue the zone's owner collects" in out.stdout
    out = subprocess.run([sys.executable, "-m", "boardapp", "run", "scenarios/mideast-peace.yaml", "--commands",
                          "docs/examples/mideast-every-command.yaml"], capture_output=True, text=True, cwd=ROOT,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert '"ended": "peace"' in out.stdout
