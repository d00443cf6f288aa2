"""Writes docs/examples/coup-every-command.yaml: a whole game of Coup, from the deal through the
coup and three rounds of combat to the score, using every command at least once.

The game is played by a simple policy (play a card when one helps, else draw, else pass; Block
when holding a Spade, now and then) on the seeded dice ``--seed`` gives, so the file replays with
``boardapp run scenarios/coup.yaml --commands docs/examples/coup-every-command.yaml --seed 2``.

    python -m tests.coup.make_example [--seed 2]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.rules.coup.base import current_team
from boardapp.rules.coup.commands import ALL_COMMANDS
from boardapp.rules.coup.components import CLASSES, UNITS, card_effect, counterparts
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.state import CoupState

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "examples" / "coup-every-command.yaml"
TURNS = 4


class Player:
    def __init__(self, seed: int) -> None:
        scenario, the_map = load_scenario(ROOT / "scenarios" / "coup.yaml")
        self.game: Game[CoupState] = Game(CoupRules(scenario, the_map), dice=SeededDice(seed))
        self.script: list[dict[str, Any]] = []
        self.windows = 0
        self.discarded = False

    @property
    def state(self) -> CoupState:
        return self.game.state

    def push(self, cmd: dict[str, Any]) -> None:
        self.game.push(cmd)
        self.script.append(cmd)

    def legal(self, cmd: dict[str, Any]) -> bool:
        return not self.game.check(cmd)

    # --- the card phase ----------------------------------------------------------------------------
    def action(self, p: str) -> dict[str, Any]:
        s = self.state
        team = p.split("-", maxsplit=1)[0]
        tries: list[dict[str, Any]] = []
        if s.turn == 3 and p.endswith("civ"):
            return {"kind": "pass", "player": p}
        if p == "gov-para":  # Gov-Para keeps his Leaks for a Bust, and draws to find one
            tries += [{"kind": "bust", "player": p, "card": c, "against": t}
                      for c in s.hands[p] if card_effect(c) == "leak" for t in ("reb", "for")]
            if not any(card_effect(c) == "leak" for c in s.hands[p]):
                tries.append({"kind": "draw", "player": p})
        if s.turn == 2 and p.endswith("para"):
            tries.append({"kind": "attempt", "player": p, "action": "recruit", "target": counterparts(p)[0]})
        if team == "for" and s.turn == 1:
            tries += [{"kind": "transfer", "player": p, "to": to, "card": c, "chips": 1}
                      for c in s.hands[p] for to in counterparts(p)]
        for c in s.hands[p]:
            if card_effect(c) == "block" or (p == "gov-para" and card_effect(c) == "leak"):
                continue
            for t in counterparts(p):
                neutralize = card_effect(c) == "neutralize"
                extra = [{"remove_from": "counterpart"}, {"remove_from": "pool"}] if neutralize else [{}]
                tries += [{"kind": "play_card", "player": p, "card": c, "target": t, **x} for x in extra]
        tries += [{"kind": "draw", "player": p}, {"kind": "pass", "player": p}]
        return next(t for t in tries if self.legal(t))

    def answer_window(self) -> None:
        self.windows += 1
        if self.windows == 3:
            self.push({"kind": "block_timeout"})
            return
        while self.state.pending is not None:
            q = self.state.pending.asked[0]
            spades = [c for c in self.state.hands[q] if card_effect(c) == "block"]
            if spades and self.windows % 2 == 0:
                self.push({"kind": "block", "player": q, "card": spades[0]})
            else:
                self.push({"kind": "no_block", "player": q})

    def turn(self) -> None:
        while (team := current_team(self.state)) is not None:
            p = next(f"{team}-{c}" for c in CLASSES if f"{team}-{c}" not in self.state.acted)
            self.push(self.action(p))
            if self.state.pending is not None:
                self.answer_window()
            for who, card in list(self.state.seized.items()):
                if not self.discarded:
                    self.discarded = True
                    self.push({"kind": "discard", "player": who, "card": card})

    # --- the coup and combat ---------------------------------------------------------------------------
    def coup(self) -> None:
        self.push({"kind": "declare_coup", "player": "reb-mil"})
        for p, side in (("for-mil", "gov"), ("for-para", "reb")):
            self.push({"kind": "support", "player": p, "side": side})
        self.push({"kind": "support", "player": "for-civ", "side": "none"})
        for civ in ("gov-civ", "reb-civ"):
            armable = [u for u in self.state.units[civ] if UNITS[u].type.kind in ("students", "labour")]
            if armable:
                self.push({"kind": "arm", "player": civ, "units": armable})
        self.push({"kind": "start_combat"})

    def combat(self) -> None:
        while self.state.phase == "combat":
            cb = self.state.combat
            assert cb is not None
            d, a = cb.defender, cb.attacker
            mine = self.state.side_units(d)
            stacks = [mine[i:i + 2] for i in range(0, len(mine), 2)]
            self.push({"kind": "lay_out", "player": f"{d}-mil", "stacks": stacks})
            theirs = self.state.side_units(a)
            chunks = [theirs[i:i + 2] for i in range(0, len(theirs), 2)]
            n = len(self.state.combat.stacks) if self.state.combat else 0
            self.push({"kind": "match", "player": f"{a}-mil",
                       "pairs": {k + 1: chunks[k] for k in range(min(n, len(chunks)) - (1 if cb.round == 1 else 0))}})
            cb = self.state.combat
            if cb is not None and cb.step == "losses":
                for side in (cb.defender, cb.attacker):
                    owed = [x.defender if side == cb.defender else x.attacker for x in cb.pairings if side in x.owes]
                    if owed:
                        self.push({"kind": "lose", "player": f"{side}-mil", "units": [units[-1] for units in owed]})

    def play(self) -> list[dict[str, Any]]:
        self.push({"kind": "setup"})
        for _ in range(TURNS):
            self.turn()
            if self.state.turn == 2:
                self.push({"kind": "objective_met", "player": "for-mil"})
                # arranged beforehand, during the round of play; held at the break after this turn
                self.push({"kind": "arrange_meeting", "player": "gov-mil", "counterpart": "for-mil"})
            if self.state.turn < TURNS:
                self.push({"kind": "end_turn"})
                if self.state.conference:
                    for a, b in list(self.state.arranged):
                        self.push({"kind": "meet", "player": a, "counterpart": b})
                    self.push({"kind": "end_conference"})
        self.coup()
        self.combat()
        return self.script


def kinds_missing(script: list[dict[str, Any]]) -> list[str]:
    used = {c["kind"] for c in script}
    return [k for k in (cls.model_fields["kind"].default for cls in ALL_COMMANDS) if k not in used]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    script = Player(args.seed).play()
    missing = kinds_missing(script)
    if missing:
        raise SystemExit(f"seed {args.seed}: the game never uses {missing}")
    head = (f"# A whole game of Coup using every command, played on seeded dice (--seed {args.seed}).\n"
            f"# boardapp run scenarios/coup.yaml --commands docs/examples/coup-every-command.yaml --seed {args.seed}\n"
            "# Written by tests/coup/make_example.py; the command format: docs/commands-coup.md\n")
    body = "".join(f"- {yaml.safe_dump(c, default_flow_style=True, sort_keys=False, width=200).strip()}\n"
                   for c in script)
    OUT.write_text(head + body, encoding="utf-8")
    print(f"{OUT}: {len(script)} commands")


if __name__ == "__main__":
    main()
