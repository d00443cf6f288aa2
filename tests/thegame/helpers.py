"""A small world for The Game's rule tests: nine squares and a strip of sea, numbers set per test.

    a1 a2 a3        p1's nation n1 holds a1 (capital) and a2; p3's nation n3 holds a3 (capital)
    b1 b2 b3        b1, b2 non-player; p2's nation n2 holds b3 (capital)
    s1 s2 s3        sea

Neighbours are the squares sharing a side.
"""

from __future__ import annotations

import copy
from typing import Any

from boardapp.engine.dice import Dice, ScriptedDice
from boardapp.engine.module import Command, Event
from boardapp.model.mapfile import Map
from boardapp.rules.thegame.module import TheGameRules
from boardapp.rules.thegame.scenario import TheGameScenario
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.steps import step_index

ROWS = [["a1", "a2", "a3"], ["b1", "b2", "b3"], ["s1", "s2", "s3"]]


def tiny_map() -> Map:
    regions, places, roads = [], [], []
    for r, row in enumerate(ROWS):
        for c, rid in enumerate(row):
            x, y = c * 100, r * 100
            regions.append({"id": rid, "name": rid.upper(), "kind": "sea" if rid.startswith("s") else "country",
                            "polygon": [[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]]})
            places.append({"id": rid, "name": rid.upper(), "at": [x + 50, y + 50]})
            if c > 0:
                roads.append({"between": [row[c - 1], rid], "kind": "adjacency"})
            if r > 0:
                roads.append({"between": [ROWS[r - 1][c], rid], "kind": "adjacency"})
    return Map.model_validate({"id": "tiny-world", "name": "Tiny world", "size": [300, 300], "regions": regions,
                               "places": places, "roads": roads})


def base_scenario() -> dict[str, Any]:
    land = {rid: {"id": rid, "ed": 2} for row in ROWS[:2] for rid in row}
    land["a1"].update(owner="n1")
    land["a2"].update(owner="n1")
    land["a3"].update(owner="n3")
    land["b3"].update(owner="n2")
    return {
        "id": "tiny", "name": "Tiny", "rules": "thegame", "map": "tiny.yaml",
        "players": [{"id": "p1", "name": "Player One", "colour": "#112233", "symbol": "P1"},
                    {"id": "p2", "name": "Player Two", "colour": "#445566", "symbol": "P2"},
                    {"id": "p3", "name": "Player Three", "colour": "#778899", "symbol": "P3"}],
        "nations": [{"id": "n1", "name": "Nation One", "player": "p1", "capital": "a1", "bank": 100},
                    {"id": "n2", "name": "Nation Two", "player": "p2", "capital": "b3", "bank": 100},
                    {"id": "n3", "name": "Nation Three", "player": "p3", "capital": "a3", "bank": 100}],
        "regions": [*land.values(), *({"id": s} for s in ROWS[2])],
        "units": [],
    }


class World:
    """A module and a state on the tiny world, with shorthands for commands."""

    def __init__(self, changes: dict[str, Any] | None = None, **scenario: Any) -> None:
        data = base_scenario()
        data.update(scenario)
        regions = {r["id"]: r for r in data["regions"]}
        for rid, fields in (changes or {}).items():
            regions[rid].update(fields)
        self.scenario = TheGameScenario.model_validate(copy.deepcopy(data))
        self.map = tiny_map()
        problems = self.scenario.cross_check(self.map)
        assert problems == [], problems
        self.m = TheGameRules(self.scenario, self.map)
        self.s: TheGameState = self.m.initial_state()

    def at(self, step: str) -> World:
        idx = step_index(step)
        assert idx is not None
        self.s.step = idx
        return self

    def cmd(self, **data: Any) -> Command:
        return self.m.parse_command(data)

    def check(self, **data: Any) -> list[str]:
        return self.m.check(self.s, self.cmd(**data))

    def do(self, dice: list[int] | Dice | None = None, **data: Any) -> list[Event]:
        """Check (must be legal) and apply a command with the given dice."""
        command = self.cmd(**data)
        reasons = self.m.check(self.s, command)
        assert reasons == [], reasons
        return self.apply(command, dice)

    def force(self, dice: list[int] | None = None, **data: Any) -> list[Event]:
        return self.apply(self.cmd(**data), dice)

    def apply(self, command: Command, dice: list[int] | Dice | None = None) -> list[Event]:
        d = dice if isinstance(dice, Dice) else ScriptedDice(dice or [], what="test dice")
        events = self.m.apply(self.s, command, d)
        assert self.m.check_state(self.s) == []
        return events

    def unit(self, uid: str, type_: str, nation: str, region: str) -> None:
        from boardapp.rules.thegame.state import UnitState

        self.s.units[uid] = UnitState(uid, type_, nation, region)

    def region(self, rid: str) -> Any:
        return self.s.regions[rid]

    def nation(self, nid: str) -> Any:
        return self.s.nations[nid]


def joined(reasons: list[str]) -> str:
    return " | ".join(reasons)
