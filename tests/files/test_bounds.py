"""Every number in every command, scenario and map is bounded (issue 28, item 4): at most 10^9 in size unless a
field sets its own bound (boardapp/model/base.py ``NUMBER_BOUND``), refused with the field's name — from a
commands file, from a seat over the network, from a scenario or a map."""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field, ValidationError
from websockets.asyncio.client import connect

from boardapp import plugins
from boardapp.cli import main
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.module import Command
from boardapp.model.base import NUMBER_BOUND, BoundedNumbers, FileModel
from boardapp.net import protocol as p
from boardapp.net.host import Host
from boardapp.resources import scenario_dir

DATA = Path(__file__).resolve().parents[1] / "data"


def run_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, scenario: Path, command: dict[str, Any]) -> str:
    commands = tmp_path / "commands.yaml"
    commands.write_text(json.dumps([command]), encoding="utf-8")  # JSON is YAML
    assert main(["run", str(scenario), "--commands", str(commands)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_set_victory_points_ten_to_the_thirty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = run_refused(capsys, tmp_path, scenario_dir() / "mun-historical-1935.yaml",
                      {"kind": "set_victory_points", "power": "france", "points": 10**30})
    assert "points: a number of 31 digits is beyond the bound every number here has: at most 1,000,000,000" in err


def test_set_oil_two_to_the_sixty_three(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = run_refused(capsys, tmp_path, scenario_dir() / "mideast-peace.yaml",
                      {"kind": "set_oil", "zone": "saudi-arabia", "oil": 2**63 - 1})
    assert "oil: 9,223,372,036,854,775,807 is beyond the bound every number here has" in err


def test_a_number_at_the_bound_is_a_number_like_any_other() -> None:
    class Sample(Command):
        kind: str = "sample"
        n: int
        xs: list[float] = []
        wide: int = Field(0, json_schema_extra={"number_bound": 10**12})

    assert Sample(n=NUMBER_BOUND, xs=[-1e9]).n == NUMBER_BOUND
    assert Sample(n=1, wide=10**12).wide == 10**12
    for bad, field in (({"n": NUMBER_BOUND + 1}, "n"), ({"n": 1, "xs": [0.5, 2e9]}, "xs"),
                       ({"n": 1, "xs": [float("nan")]}, "xs"), ({"n": 1, "wide": 10**12 + 1}, "wide")):
        with pytest.raises(ValidationError, match=f"{field}: "):
            Sample(**bad)


def test_every_shipped_command_and_file_model_is_bounded() -> None:
    for name in plugins.FALLBACK:
        for cls in plugins.module_class(name).command_types:  # type: ignore[attr-defined]
            assert issubclass(cls, BoundedNumbers), f"{name}: {cls.__name__}"
        assert issubclass(plugins.module_class(name).scenario_model, FileModel), name  # type: ignore[attr-defined]


def test_a_huge_number_in_a_scenario_is_named_at_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    (tmp_path / "tiny-map.yaml").write_bytes((DATA / "tiny-map.yaml").read_bytes())
    text = (DATA / "tiny-scenario.yaml").read_text(encoding="utf-8").replace("money: 10,", "money: 10000000000000,")
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    assert main(["check", str(tmp_path / "s.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 's.yaml'}:7:31: teams[0].money: " in err, err
    assert "money: 10,000,000,000,000 is beyond the bound" in err, err


def test_a_huge_coordinate_in_a_map_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "tiny-map.yaml").read_text(encoding="utf-8")
    import re

    first = re.search(r"\[(\d+(\.\d+)?), ", text)
    assert first is not None
    text = text[:first.start(1)] + "1e12" + text[first.end(1):]
    (tmp_path / "m.yaml").write_text(text, encoding="utf-8")
    assert main(["check", str(tmp_path / "m.yaml")]) == 1
    err = capsys.readouterr().err
    assert "1e+12 is beyond the bound every number here has" in err and "Traceback" not in err, err


def test_a_four_thousand_digit_supply_over_the_network() -> None:
    async def go() -> list[dict[str, Any]]:
        game = new_game(load_scenario(DATA / "tiny-scenario.yaml"))
        answers = []
        async with Host(game, port=0) as host:
            seat = host.add_seat("control", "CONTROL")
            async with connect(host.url, proxy=None) as ws:
                await ws.send(p.encode(p.Hello(token=seat.token, client="test")))
                for stores in ("9" * 4000, "9" * 5000, "5"):  # 5,000 digits: past what Python parses as an int
                    raw = (f'{{"type":"command","id":"{uuid.uuid4()}","command":{{"kind":"supply","team":"reb",'
                           f'"stores":{stores},"reason":"x"}},"base_seq":0}}')
                    await ws.send(raw)
                    while True:
                        m = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if m["type"] in ("refused", "error", "accepted"):
                            answers.append(m)
                            break
        assert [e.command["stores"] for e in game.entries] == [5]
        return answers

    four, five, ok = asyncio.run(asyncio.wait_for(go(), 30))
    assert four["type"] == "refused" and four["code"] == "invalid"
    assert "stores: a number of 4000 digits is beyond the bound every number here has" in four["reasons"][0]
    assert five["type"] == "error" and five["code"] == "malformed" and "number out of range" in five["detail"]
    assert ok["type"] == "accepted", "the host serves on"
