"""``boardapp host`` makes any system's player seats without a hand-edited file (issue 24.2): ``--player NAME``
(repeatable, checked against the rule module's players) and ``--seats FILE`` (a seats plan, as the Host dialog
writes it). Coup's nine players and Mid-East PEACE's countries, against a real host on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from boardapp.cli import main
from boardapp.engine.files import load_scenario, new_game
from boardapp.net import seatplan
from boardapp.net.client import Seat
from boardapp.net.grants import read_grants

ROOT = Path(__file__).resolve().parents[2]
COUP = ROOT / "scenarios" / "coup.yaml"
MIDEAST = ROOT / "scenarios" / "mideast-peace.yaml"
COUP_PLAYERS = ["gov-mil", "gov-para", "gov-civ", "reb-mil", "reb-para", "reb-civ", "for-mil", "for-para", "for-civ"]
"""Coup's nine seats (the rulebook: three sides, each a military, paramilitary and civilian player)."""


def game_file(tmp_path: Path, scenario: Path, name: str) -> Path:
    path = tmp_path / name
    game = new_game(load_scenario(scenario), save=path)
    assert game.store is not None
    game.store.close()
    return path


class Hosting:
    """``boardapp host`` in a process of its own, read until it says it serves; stopped with Ctrl-C."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "boardapp.cli", "host", *args, "--bind", "127.0.0.1",
                                      "--port", "0", "--no-web"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, cwd=ROOT, env=os.environ | {"PYTHONUNBUFFERED": "1"})
        self.lines: list[str] = []
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # bounded: the host prints its codes within seconds
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Press Ctrl-C"):
                break
        assert self.lines and self.lines[-1].startswith("Press Ctrl-C"), self.lines
        self.url = next(line.split(" at ")[1].split(" ")[0] for line in self.lines if "hosting" in line)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate(timeout=5)

    def code_of(self, name: str) -> str:
        line = next(line for line in self.lines if f" {name}" in line and line.startswith("  "))
        return line.rsplit(": ", 1)[1]


def join(url: str, code: str) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        seat = Seat(url, code)
        await seat.start(10)
        out = {"role": seat.role, "player": seat.player, "view": seat.view is not None}
        await seat.close()
        return out

    return asyncio.run(asyncio.wait_for(go(), 30))


def test_coup_hosts_its_nine_player_seats_from_the_command_line(tmp_path: Path) -> None:
    path = game_file(tmp_path, COUP, "coup.game")
    args = [str(path)]
    for player in COUP_PLAYERS:
        args += ["--player", player.upper() if player == "reb-civ" else player]  # any case
    host = Hosting(*args)
    try:
        printed = [line for line in host.lines if line.startswith("  player")]
        assert [line.split()[1] for line in printed] == COUP_PLAYERS
        assert all(f"(plays {p})" in line for p, line in zip(COUP_PLAYERS, printed, strict=True))
        # a player's code joins as that player's seat, seeing that player's view
        seen = join(host.url, host.code_of("for-civ player"))
        assert seen == {"role": "player", "player": "for-civ", "view": True}
    finally:
        host.stop()
    grants = read_grants(path.with_name("coup.game.seats.json"))
    assert [(g.player, g.name) for g in grants if g.role == "player"] == [(p, f"{p} player") for p in COUP_PLAYERS]
    # hosting again with the same --player keeps every code (no second seat for a player)
    again = Hosting(str(path), "--player", "gov-mil")
    try:
        assert again.code_of("gov-mil player") == next(g.token for g in grants if g.player == "gov-mil")
        assert sum(1 for line in again.lines if line.startswith("  player")) == 9
    finally:
        again.stop()


def test_a_name_that_is_no_player_stops_before_anything_is_served(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, COUP, "coup.game")
    assert main(["host", str(path), "--no-web", "--player", "gov-mil", "--player", "gov-army"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "--player: 'gov-army' is not a player of this game; its players are " + ", ".join(COUP_PLAYERS) in err
    assert not path.with_name("coup.game.seats.json").exists()  # nothing made


def test_mideast_seats_plan_with_players_by_name_and_a_limited_umpire(tmp_path: Path) -> None:
    path = game_file(tmp_path, MIDEAST, "peace.game")
    plan = tmp_path / "seats-plan.json"
    plan.write_text(json.dumps({"format": "boardapp-seats", "version": 1, "seats": [
        {"role": "control", "name": "CONTROL"},
        {"role": "umpire", "name": "north table", "teams": ["Egypt", "jordan"]},
        {"role": "player", "player": "Egypt"},
        {"role": "player", "player": "israel", "name": "Israel's delegation"},
        {"role": "viewer", "name": "big screen"}]}), encoding="utf-8")
    host = Hosting(str(path), "--seats", str(plan), "--qr-dir", str(tmp_path / "qr"), "--qr")
    try:
        # --qr: each code's line is followed by its QR code, drawn in blocks (first the light quiet zone)
        at = next(i for i, line in enumerate(host.lines) if line.startswith("  viewer"))
        assert host.lines[at + 1] and set(host.lines[at + 1]) == {"█"}
        assert any(set(line) == set("█▄▀ ") for line in host.lines[at + 1:])
        names = [line.rsplit(": ", 1)[0].split(None, 1)[1] for line in host.lines
                 if line.startswith("  ") and ": " in line]
        assert names == ["CONTROL", "north table (teams: egypt, jordan)", "egypt player (plays egypt)",
                         "Israel's delegation (plays israel)", "big screen"]
        assert join(host.url, host.code_of("Israel's delegation"))["player"] == "israel"
        assert join(host.url, host.code_of("north table").lower().replace("-", " "))["role"] == "umpire"
    finally:
        host.stop()
    grants = read_grants(path.with_name("peace.game.seats.json"))
    assert [(g.role, g.name, sorted(g.teams) if g.teams else None, g.player) for g in grants] == [
        ("control", "CONTROL", None, None), ("umpire", "north table", ["egypt", "jordan"], None),
        ("player", "egypt player", ["egypt"], "egypt"), ("player", "Israel's delegation", ["israel"], "israel"),
        ("viewer", "big screen", None, None)]
    # a QR code per seat, SVG and PNG
    assert sorted(p.name for p in (tmp_path / "qr").iterdir()) == sorted(
        f"{stem}.{ext}" for stem in ("control", "north-table", "egypt-player", "israel-s-delegation", "big-screen")
        for ext in ("svg", "png"))


@pytest.mark.parametrize(("seat", "said"), [
    ({"role": "umpire", "name": "u", "teams": ["Atlantis"]}, "seat 1 ('u'): 'Atlantis' is not a team of this game"),
    ({"role": "player", "player": "Narnia"}, "seat 1: 'Narnia' is not a player of this game; its players are egypt"),
    ({"role": "player"}, "seat 1: a player seat names its player"),
    ({"role": "judge", "name": "j"}, "seat 1 ('j') has the role 'judge'; roles are control, umpire, player, viewer"),
    ({"role": "viewer", "name": "v", "teams": ["egypt"]}, "seat 1 ('v'): only an umpire seat is limited to teams"),
    ({"role": "umpire", "name": "u", "allies": True}, "seat 1 ('u'): \"allies\" widens an umpire limited to some"),
    ({"role": "umpire", "name": "u", "token": "x"}, "seat 1 ('u') has unknown keys 'token'"),
])
def test_a_bad_seats_plan_is_refused_naming_the_file_the_seat_and_what(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: dict[str, Any], said: str) -> None:
    path = game_file(tmp_path, MIDEAST, "peace.game")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"format": "boardapp-seats", "version": 1, "seats": [seat]}), encoding="utf-8")
    assert main(["host", str(path), "--no-web", "--seats", str(plan)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"{plan}: {said}" in err, err
    assert not path.with_name("peace.game.seats.json").exists()


@pytest.mark.parametrize(("text", "said"), [
    ("{", ":1:2: the seats plan is not valid JSON"),
    ('[{"role": "control", "name": "C", "token": "x"}]', "not a seats plan"),
    ('{"format": "boardapp-seats", "version": 9, "seats": []}', "seats plan version 9 is not one this boardapp reads"),
    ('{"format": "boardapp-seats", "version": 1, "seats": [{"role": "umpire", "name": "a"}, '
     '{"role": "umpire", "name": "a"}]}', "seat 2 ('a'): a second umpire seat named 'a'"),
])
def test_a_broken_seats_plan_file_is_refused(tmp_path: Path, text: str, said: str) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(text, encoding="utf-8")
    module = new_game(load_scenario(MIDEAST)).module
    with pytest.raises(seatplan.SeatPlanError) as exc:
        seatplan.read_plan(plan, module)
    assert said in str(exc.value) and str(plan) in str(exc.value)


def test_a_plan_written_is_read_back_the_same(tmp_path: Path) -> None:
    module = new_game(load_scenario(COUP)).module
    seats = [seatplan.SeatSpec("control", "CONTROL"), seatplan.SeatSpec("umpire", "gov table", ("gov",)),
             *(seatplan.player_seat(module, p) for p in COUP_PLAYERS)]
    plan = tmp_path / "coup-seats.json"
    seatplan.write_plan(plan, seats)
    assert seatplan.read_plan(plan, module) == seats
    assert "token" not in plan.read_text(encoding="utf-8")  # a plan holds no codes


def test_a_device_or_a_folder_given_as_a_plan_is_refused_never_read_for_ever(tmp_path: Path) -> None:
    module = new_game(load_scenario(MIDEAST)).module
    for path, said in ((Path("/dev/zero"), "not a regular file"), (tmp_path, "a folder, not a file"),
                       (tmp_path / "missing.json", "no such file")):
        with pytest.raises(seatplan.SeatPlanError, match=said):
            seatplan.read_plan(path, module)
    fifo = tmp_path / "plan.fifo"
    os.mkfifo(fifo)
    with pytest.raises(seatplan.SeatPlanError, match="not a regular file"):
        seatplan.read_plan(fifo, module)
    with pytest.raises(ValueError, match="not a regular file"):
        read_grants(Path("/dev/zero"))


def test_hosting_again_with_a_changed_plan_keeps_the_codes_and_says_what_changed(tmp_path: Path) -> None:
    from boardapp.net.host import Host

    game = new_game(load_scenario(MIDEAST))
    host = Host(game)
    first = seatplan.check_plan([{"role": "umpire", "name": "north", "teams": ["egypt"]},
                                 {"role": "player", "player": "Iraq"}], game.module)
    assert seatplan.apply_plan(host, first) == ["new join code made for north (umpire)",
                                                "new join code made for iraq player (player)"]
    codes_before = {g.name: g.token for g in host.grants.values()}
    second = seatplan.check_plan([{"role": "umpire", "name": "north", "teams": ["Egypt", "Jordan"], "allies": True},
                                  {"role": "player", "player": "iraq"}], game.module)
    assert seatplan.apply_plan(host, second) == ["north: teams changed from Egypt to Egypt, Jordan",
                                                 "north: now also plays for the allies of Egypt, Jordan"]
    assert {g.name: g.token for g in host.grants.values()} == codes_before
    assert seatplan.apply_plan(host, second) == []  # nothing to change the second time
