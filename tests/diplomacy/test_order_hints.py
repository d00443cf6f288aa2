"""The orders panel's example orders are legal on the game's own map (rehearsal 2: MUN's hint showed
``A Par-Bur``, and the 1935 map has no Burgundy, so a player copying it wrote a void order).

Legality is judged by the parser (the order reads, names a unit of the power) and by the adjudicator
(``illegal: ...`` in its result for a move to a place the unit cannot reach, a support of a move
the supporter could not make, a convoy by a fleet not at sea) — not by the code that made them."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.rules.diplomacy.adjudicator import adjudicate_movement
from boardapp.rules.diplomacy.hints import examples
from boardapp.rules.diplomacy.module import DiplomacyRules
from boardapp.rules.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, Unit, UnitType

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for p in (ROOT / "scenarios").glob("*.yaml") if "\nrules: diplomacy" in p.read_text())
STANDARD = ROOT / "tests" / "diplomacy" / "data" / "standard.yaml"


def game(path: Path) -> Game[object]:
    scenario, the_map = load_scenario(path)
    return Game(DiplomacyRules(scenario, the_map))


def check_legal(rules: DiplomacyRules, state: object, power: str, texts: list[str]) -> list[Order]:
    """Each text reads as an order of ``power`` and the adjudicator finds none of them illegal."""
    parsed = [rules.parse_order(state, power, t) for t in texts]  # type: ignore[arg-type]
    orders = [o for o in parsed if isinstance(o, Order)]
    assert len(orders) == len(texts), texts
    result = adjudicate_movement(rules.m, state.units, orders)  # type: ignore[attr-defined]
    bad = [(str(r.order), r.reason) for r in result.results if r.reason.startswith("illegal")]
    assert bad == [], (power, texts, bad)
    return orders


def test_the_shipped_diplomacy_scenarios_are_found() -> None:
    assert [p.name for p in SHIPPED] == ["mun-historical-1935.yaml"]


@pytest.mark.parametrize("path", [*SHIPPED, STANDARD], ids=lambda p: p.stem)
def test_every_powers_examples_at_the_start_are_legal(path: Path) -> None:
    g = game(path)
    rules = g.module
    for power in rules.powers:
        texts = examples(rules, g.state, power)
        orders = check_legal(rules, g.state, power, texts)
        kinds = {type(o) for o in orders}
        assert Move in kinds and Hold in kinds, (power, texts)
        assert kinds & {SupportMove, SupportHold}, (power, texts)
        assert len({o.region for o in orders}) == len(orders), "each example orders another unit"
        move = next(o for o in orders if isinstance(o, Move))
        support = next(o for o in orders if isinstance(o, (SupportMove, SupportHold)))
        if isinstance(support, SupportMove) and support.target == move.region:
            assert support.dest == move.dest, (power, texts)  # it supports the move shown, not another


def test_the_support_shown_supports_the_move_shown_where_two_units_can() -> None:
    """England at the start of the standard game: Liverpool's army and Edinburgh's fleet both border
    Clyde and Yorkshire (the standard map), so the hint's support is of its own move."""
    g = game(STANDARD)
    orders = check_legal(g.module, g.state, "england", examples(g.module, g.state, "england"))
    move = next(o for o in orders if isinstance(o, Move))
    support = next(o for o in orders if isinstance(o, SupportMove))
    assert (support.target, support.dest) == (move.region, move.dest), orders


def test_mun_shows_no_burgundy() -> None:
    g = game(SHIPPED[0])
    assert "bur" not in g.module.m.provinces  # the reason for the fix: no Burgundy on the 1935 map
    france = examples(g.module, g.state, "france")
    assert france and not any("Bur" in t for t in france), france


@pytest.mark.parametrize("path", [*SHIPPED, STANDARD], ids=lambda p: p.stem)
def test_a_fleet_at_sea_beside_an_army_shows_a_legal_convoy(path: Path) -> None:
    """Move each power's first fleet to a sea beside one of its armies: its examples then hold a convoy."""
    g = game(path)
    rules, m = g.module, g.module.m
    seen = 0
    for power in rules.powers:
        units = list(g.state.units)
        armies = [u for u in units if u.power == power and u.unit_type is UnitType.ARMY and m.is_coastal(u.province)]
        fleets = [u for u in units if u.power == power and u.unit_type is UnitType.FLEET]
        taken = {u.province for u in units}
        spot = next(((a, s) for a in armies for s in sorted(m.fleet_province_adj[a.province])
                     if m.is_sea(s) and s not in taken), None)
        if not fleets or spot is None:
            continue
        units[units.index(fleets[0])] = Unit(power, UnitType.FLEET, spot[1])
        state = g.state.copy()
        state.units = units
        texts = examples(rules, state, power)
        orders = check_legal(rules, state, power, texts)
        assert any(isinstance(o, Convoy) for o in orders), (power, texts)
        seen += 1
    assert seen >= 3, seen


def test_retreat_and_build_examples_are_the_powers_own() -> None:
    """After a real movement phase on MUN's map with a dislodgement, the retreat examples read as
    orders of the dislodged power; in a winter with a free home centre the build reads too."""
    g = game(SHIPPED[0])
    rules = g.module
    # Spring 1935: France walks into an empty neighbour; then place an attack that dislodges it
    state = g.state.copy()
    par = next(u for u in state.units if u.province == "par")
    target = sorted(p for p in rules.m.army_adj["par"] if p not in {u.province for u in state.units})[0]
    attackers = [p for p in sorted(rules.m.army_adj[target]) if p != "par" and rules.m.army_can_stand(p)
                 and p not in {u.province for u in state.units}][:2]
    assert len(attackers) == 2, attackers
    state.units = [u for u in state.units if u is not par] + [
        Unit("france", UnitType.ARMY, target),
        Unit("germany", UnitType.ARMY, attackers[0]), Unit("germany", UnitType.ARMY, attackers[1])]
    result = adjudicate_movement(rules.m, state.units, [
        Move("germany", UnitType.ARMY, attackers[0], target),
        SupportMove("germany", UnitType.ARMY, attackers[1], UnitType.ARMY, attackers[0], target)])
    assert [d.unit.power for d in result.dislodged] == ["france"]
    state.units, state.movement, state.phase = list(result.units), result, "retreat"
    texts = examples(rules, state, "france")
    assert len(texts) == 2 and texts[1].startswith("Disband"), texts
    for t in texts:
        rules.parse_order(state, "france", t)
    retreat_to = texts[0].split(" R ")[1].lower()
    assert retreat_to != attackers[0] and retreat_to not in {u.province for u in state.units}
    # a winter: France lost Paris's army and holds Paris empty
    winter = g.state.copy()
    winter.units = [u for u in winter.units if u.province != "par"]
    winter.phase, winter.season = "adjustment", "winter"
    texts = examples(rules, winter, "france")
    assert texts[0] == "Build A Par", texts
    for t in texts:
        rules.parse_order(winter, "france", t)


def test_a_province_abbreviated_like_a_power_is_a_move_where_insurrections_are_off() -> None:
    """On the standard map 'Eng' is the English Channel and England's symbol: ``F Lon-Eng`` is a move
    (the Diplomacy rulebook's own example order), not an insurrection for England refused because
    the scenario has none (the hint's example showed it; the check for a province came too late)."""
    g = game(STANDARD)
    assert not g.module.scenario.insurrection.enabled
    assert g.module.parse_order(g.state, "england", "F Lon-Eng") == Move("england", UnitType.FLEET, "lon", "eng")
