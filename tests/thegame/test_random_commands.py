"""Random commands, legal or forced, on the real world: nothing crashes, the books stay sound.

A forced command (CONTROL's "reality trumps rules") is carried out as far as it can be; whatever
cannot be carried out at all must be refused as Impossible, never raise. The seeds are fixed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario
from boardapp.engine.module import Impossible
from boardapp.rules.thegame.module import TheGameRules
from boardapp.rules.thegame.state import TheGameState

ROOT = Path(__file__).resolve().parents[2]
GOODS = ["food", "oil", "coal", "minerals", "hydrogen", "electricity", "uranium"]


class Maker:
    """Random commands that name real (and sometimes unsuitable) players, nations, regions and units."""

    def __init__(self, mod: TheGameRules, state: TheGameState, rng: random.Random) -> None:
        self.mod, self.s, self.rng = mod, state, rng
        self.players = [p.id for p in mod.scenario.players]
        self.types = [u.id for u in mod.scenario.unit_table]
        self.items = self.types + [f.id for f in mod.scenario.facility_types]

    def r(self) -> str:
        return self.rng.choice(sorted(self.s.regions))

    def n(self) -> str:
        return self.rng.choice(sorted(self.s.nations))

    def p(self) -> str:
        return self.rng.choice(self.players)

    def u(self) -> str:
        return self.rng.choice(sorted(self.s.units)) if self.s.units else "none"

    def walk(self, start: str, steps: int) -> list[str]:
        path, here = [], start
        for _ in range(steps):
            near = sorted(self.mod.world.adj.get(here, ()))
            if not near:
                break
            here = self.rng.choice(near)
            path.append(here)
        return path or [self.r()]

    def where(self, unit: str) -> str:
        return self.s.units[unit].region if unit in self.s.units else self.r()

    def command(self) -> dict[str, Any]:
        rng = self.rng
        kind = rng.choice([
            "finish_step", "sever", "build", "convert", "buy_pips", "buy_insurgents", "declare_war", "research",
            "food_aid", "economic_aid", "reallocate", "migrate", "diplomacy_order", "diplomatic_attack", "upgrade",
            "absorb", "roll_order", "redeploy", "supply", "replace", "remove", "move", "combat", "nuclear_strike",
            "low_attack", "ship", "pay", "neglect", "reactivate", "stand_down", "edit", "allow_transit",
            "make_peace", "voyage", "friendly_ships"])
        if kind == "finish_step":
            if rng.random() < 0.2:  # attrition drawn by hand (refused outside VI.B, or naming what is not there)
                return {"kind": kind, "draws": {self.r(): [rng.choice(["facility:factory", f"unit:{self.u()}"])]}}
            return {"kind": kind}
        if kind == "voyage":
            port = self.r()
            zones = self.walk(port, rng.randint(1, 3))
            good = rng.choice(GOODS)
            return {"kind": kind, "nation": self.n(), "carrier": self.u(),
                    "route": [{"port": port, "load": {good: rng.randint(1, 2)}}, *zones,
                              {"port": self.walk(zones[-1], 1)[0], "unload": {good: rng.randint(1, 2)}}]}
        if kind == "friendly_ships":
            return {"kind": kind, "player": self.p(), "owner": self.p(), "friendly": rng.random() < 0.7}
        if kind == "sever":
            return {"kind": kind, "player": self.p(), "other": self.p()}
        if kind == "build":
            extra = {"at": self.r()} if rng.random() < 0.3 else {}
            return {"kind": kind, "nation": self.n(), "item": rng.choice(self.items), "region": self.r(),
                    "count": rng.randint(1, 2), **extra}
        if kind == "convert":
            return {"kind": kind, "unit": self.u(), "to": rng.choice(self.types[:4])}
        if kind == "buy_pips":
            return {"kind": kind, "player": self.p(), "nation": self.n(), "region": self.r(),
                    "count": rng.randint(1, 12)}
        if kind == "buy_insurgents":
            return {"kind": kind, "nation": self.n(), "region": self.r(), "count": rng.randint(1, 3)}
        if kind in ("declare_war", "make_peace"):
            return {"kind": kind, "nation": self.n(), ("enemy" if kind == "declare_war" else "other"): self.n()}
        if kind == "research":
            return {"kind": kind, "nation": self.n(), "field": rng.choice(["energy", "space", "military"]),
                    "money": rng.randint(1, 30)}
        if kind == "food_aid":
            return {"kind": kind, "player": self.p(), "source": self.r(), "region": self.r(),
                    "food": rng.randint(1, 3)}
        if kind == "economic_aid":
            return {"kind": kind, "player": self.p(), "nation": self.n(), "region": self.r(),
                    "money": 2 * rng.randint(1, 3)}
        if kind == "reallocate":
            return {"kind": kind, "region": self.r(), "to": rng.choice(["farm", "pool"]), "count": rng.randint(1, 2)}
        if kind == "migrate":
            src = self.r()
            return {"kind": kind, "source": src, "to": self.walk(src, 1)[0]}
        if kind in ("diplomacy_order", "roll_order"):
            extra = {"region": self.r()} if kind == "diplomacy_order" else {}
            return {"kind": kind, "players": rng.sample(self.players, 2), **extra}
        if kind == "diplomatic_attack":
            return {"kind": kind, "player": self.p(), "region": self.r(),
                    "against": rng.sample(self.players, rng.randint(1, 2))}
        if kind == "upgrade":
            return {"kind": kind, "player": self.p(), "region": self.r(),
                    "to": rng.choice(["understanding", "alliance", "control"])}
        if kind == "absorb":
            return {"kind": kind, "player": self.p(), "region": self.r(), "nation": self.n()}
        if kind == "redeploy":
            unit = self.u()
            return {"kind": kind, "unit": unit, "path": self.walk(self.where(unit), rng.randint(1, 3))}
        if kind == "supply":
            return {"kind": kind, "units": [self.u()]}
        if kind == "replace":
            return {"kind": kind, "nation": self.n(), "type": rng.choice(self.types), "region": self.r()}
        if kind == "remove":
            return {"kind": kind, "unit": self.u(), "into": rng.choice(["nothing", "minor", "insurgents"])}
        if kind == "move":
            unit = self.u()
            return {"kind": kind, "unit": unit, "to": self.walk(self.where(unit), 1)[0]}
        if kind == "combat":
            region = self.where(self.u())
            here = [u for u, x in sorted(self.s.units.items()) if x.region in (region, "orbit")][:3]
            return {"kind": kind, "region": region, "targets": {a: self.u() for a in here} or {"none": "none"}}
        if kind == "nuclear_strike":
            return {"kind": kind, "nation": self.n(), "region": self.r()}
        if kind == "low_attack":
            return {"kind": kind, "region": self.r(),
                    "attacker": rng.choice([self.u(), "insurgent:independent", f"insurgent:{self.n()}"]),
                    "target": rng.choice([self.u(), "insurgent:independent", f"pips:{self.p()}"])}
        if kind == "ship":
            src = self.r()
            extra = {"carrier": self.u()} if rng.random() < 0.3 else {}
            return {"kind": kind, "nation": self.n(), "good": rng.choice(GOODS), "amount": rng.randint(1, 3),
                    "path": [src, *self.walk(src, rng.randint(1, 4))], **extra}
        if kind == "pay":
            return {"kind": kind, "nation": self.n(), "to": self.n(), "amount": rng.randint(1, 20)}
        if kind in ("neglect", "reactivate"):
            item = rng.choice([f"unit:{self.u()}", f"facility:{self.r()}:{rng.choice(['factory', 'transport-net'])}"])
            return {"kind": kind, "items": [item]} if kind == "neglect" else {"kind": kind, "item": item}
        if kind == "stand_down":
            return {"kind": kind, "unit": self.u(), "insurgents": rng.random() < 0.5}
        if kind == "edit":
            path = rng.choice([f"regions.{self.r()}.pool", f"nations.{self.n()}.bank",
                               f"regions.{self.r()}.relations.{self.p()}"])
            return {"kind": kind, "path": path, "old": 0, "new": rng.randint(0, 5), "reason": "random"}
        return {"kind": "allow_transit", "region": self.r(), "player": self.p()}


@pytest.fixture(scope="module")
def loaded() -> Any:
    return load_scenario(ROOT / "scenarios" / "the-game.yaml")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_commands_never_crash_and_keep_the_invariants(seed: int, loaded: Any) -> None:
    mod = TheGameRules(*loaded)
    state = mod.initial_state()
    rng = random.Random(seed)
    maker = Maker(mod, state, rng)
    dice = SeededDice(seed)
    applied = forced = 0
    for _ in range(3000):
        try:
            cmd = mod.parse_command(maker.command())
        except ValidationError:
            continue
        reasons = mod.check(state, cmd)
        force = bool(reasons) and rng.random() < 0.3 and not any(isinstance(r, Impossible) for r in reasons)
        if reasons and not force:
            continue
        mod.apply(state, cmd, dice)
        applied += 1
        forced += force
        assert mod.check_state(state) == [], (cmd, reasons)
        mod.board(state)
        mod.summary(state)
    assert applied > 100 and forced > 30 and state.turn > 1, (applied, forced, state.turn)
