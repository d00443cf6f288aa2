"""Shared helpers for the Coup tests: the scenario, hand-made table positions, and a way to play a
command with the dice it should see."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from boardapp.engine.dice import ScriptedDice
from boardapp.engine.files import load_scenario
from boardapp.engine.module import Event
from boardapp.rules.coup.components import DECK, UNITS
from boardapp.rules.coup.module import CoupRules
from boardapp.rules.coup.scenario import CoupOptions
from boardapp.rules.coup.state import CoupState

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "coup.yaml"


@pytest.fixture(scope="session")
def loaded() -> Any:
    return load_scenario(SCENARIO)


@pytest.fixture
def rules(loaded: Any) -> CoupRules:
    """The module on scenarios/coup.yaml (all optional rules on)."""
    scenario, the_map = loaded
    return CoupRules(scenario, the_map)


def with_options(rules: CoupRules, **options: bool) -> CoupRules:
    """The same module with some optional rules switched."""
    sc = rules.coup.model_copy(update={"options": CoupOptions(**(rules.coup.options.model_dump() | options))})
    return CoupRules(sc, rules.map)


def table(
    hands: dict[str, Sequence[str]] | None = None,
    units: dict[str, Sequence[str]] | None = None,
    order: Iterable[str] = ("gov", "reb", "for"),
    acted: Iterable[str] = (),
    deck_size: int | None = None,
) -> CoupState:
    """A card-phase position built by hand: the given hands and units taken out of the deck and the
    pool, the rest of the deck face down (``deck_size`` cards of it, the others discarded)."""
    state = CoupState(phase="play", order=list(order), order_roll=1, acted=list(acted))
    used: set[str] = set()
    for p, cards in (hands or {}).items():
        state.hands[p] = list(cards)
        used.update(cards)
    for p, us in (units or {}).items():
        for u in us:
            state.pool[UNITS[u].cls].remove(u)
            state.units[p].append(u)
    rest = [c for c in DECK if c not in used]
    if deck_size is not None:
        state.discard = rest[deck_size:]
        rest = rest[:deck_size]
    state.deck = rest
    return state


def play(rules: CoupRules, state: CoupState, cmd: dict[str, Any], dice: Sequence[int] = ()) -> list[Event]:
    """Check (must be legal) and apply ``cmd`` with exactly ``dice`` as the draws it may use."""
    command = rules.parse_command(cmd)
    reasons = rules.check(state, command)
    assert reasons == [], f"{cmd} refused: {reasons}"
    d = ScriptedDice(dice)
    events = rules.apply(state, command, d)
    assert d.remaining == 0, f"{cmd} used {len(dice) - d.remaining} of the {len(dice)} dice given"
    assert rules.check_state(state) == []
    return events


def refused(rules: CoupRules, state: CoupState, cmd: dict[str, Any]) -> list[str]:
    """The reasons ``cmd`` is refused (it must be), the state untouched."""
    before = state.copy()
    reasons = rules.check(state, rules.parse_command(cmd))
    assert reasons, f"{cmd} was not refused"
    assert state == before
    return reasons
