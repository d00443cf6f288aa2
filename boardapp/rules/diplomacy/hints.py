"""Example orders for the orders panel's hint, made from the game's own map and units.

A fixed example such as ``A Par-Bur`` is an order of the standard map: on MUN's 1935 map there is
no Burgundy, and a player who copies it has written an illegal order (the unit holds). So the hint
shows orders the edited power could hand in now: a move, a support, a hold and, when one of its
fleets stands at sea beside an army, a convoy; in the retreats a retreat and a disband of its
dislodged units; in the winter a build on a free home centre and a disband. Each example is
written as players write (``A Lon-Wal``, ``F Eng C A Lon-Bre``) and reads back through the
parser to the same order.

>>> from boardapp.rules.diplomacy.mapdata import load_standard_map
>>> from boardapp.rules.diplomacy.orders import Unit, UnitType
>>> m = load_standard_map()
>>> units = [Unit("ENG", UnitType.FLEET, "eng"), Unit("ENG", UnitType.ARMY, "lon"),
...          Unit("ENG", UnitType.FLEET, "nth")]
>>> movement_examples(m, units, "ENG")  # each example another unit's: they may be handed in together
['F Nth-Bel', 'F Eng C A Lon-Bel']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from boardapp.rules.diplomacy.mapdata import MapData, province_of
from boardapp.rules.diplomacy.orders import Unit, UnitType

if TYPE_CHECKING:
    from boardapp.rules.diplomacy.module import DiplomacyRules
    from boardapp.rules.diplomacy.state import DiplomacyState

__all__ = ["adjustment_examples", "examples", "movement_examples", "place_text", "retreat_examples"]


def examples(rules: DiplomacyRules, state: DiplomacyState, power: str) -> list[str]:
    """The example orders for ``power`` in the phase ``state`` is in (see the functions below)."""
    m = rules.m
    if state.phase == "retreat":
        mv = state.movement
        if mv is None:
            return []
        return retreat_examples(m, [(d.unit, d.attacker_origin) for d in mv.dislodged], state.units,
                                mv.contested, power)
    if state.phase == "adjustment":
        p = rules.powers.get(power)
        homes = [h.lower() for h in p.home_centres] if p is not None else []
        return adjustment_examples(m, state.units, state.owners, homes, power)
    return movement_examples(m, state.units, power)


def place_text(region: str) -> str:
    """``stp(sc)`` -> ``Stp SC``, ``par`` -> ``Par`` (as players write)."""
    prov = province_of(region)
    coast = region[len(prov):].strip("()/ ")
    return prov.capitalize() + (f" {coast.upper()}" if coast else "")


def _unit_text(u: Unit) -> str:
    return f"{u.unit_type.value} {place_text(u.region)}"


def _moves(m: MapData, u: Unit) -> list[str]:
    """Regions ``u`` may move to, sorted; a fleet's moves to a multi-coast province are left out
    (the example would have to name a coast, which players often get wrong)."""
    if u.unit_type is UnitType.ARMY:
        return sorted(p for p in m.army_adj.get(u.province, ()) if m.army_can_stand(p))
    return sorted(r for r in m.fleet_adj.get(u.region, ()) if province_of(r) not in m.multi_coast)


def _reach(m: MapData, u: Unit) -> frozenset[str]:
    """Provinces ``u`` could move to (a support needs only that: the coast does not matter)."""
    if u.unit_type is UnitType.ARMY:
        return frozenset(m.army_adj.get(u.province, ()))
    return frozenset(province_of(r) for r in m.fleet_adj.get(u.region, ()))


def _plain(u: Unit) -> bool:
    """A unit whose place is written without a coast (examples are made from these first)."""
    return u.region == u.province


def movement_examples(m: MapData, units: Sequence[Unit], power: str) -> list[str]:
    """Up to four orders ``power`` could hand in together this movement phase, each for another of
    its units: a move, a support, a hold, a convoy (each only if the position allows one). Every
    one names a unit of ``power`` and places of ``m``, and is legal: the move and the support go
    where the unit may go, the convoy is a fleet at sea convoying an army on a coast it touches to
    another such coast."""
    mine = [u for u in units if u.power == power]
    mine.sort(key=lambda u: (not _plain(u), u.unit_type is UnitType.FLEET, u.region))
    occupied = {u.province for u in units}
    used: set[Unit] = set()
    convoy = _convoy(m, units, mine, used)  # first: it needs a fleet at sea, the rarest unit
    out: list[str] = []
    pair = _move_and_support(m, [u for u in mine if u not in used], occupied, used)
    if pair:  # a move and another unit's support of that very move: the two read as one plan
        out += pair
    else:
        for u in mine:  # a move, to an empty place if there is one
            dests = _moves(m, u)
            if u in used or not dests:
                continue
            free = [d for d in dests if province_of(d) not in occupied]
            out.append(f"{_unit_text(u)}-{place_text((free or dests)[0])}")
            used.add(u)
            break
        support = _support(m, units, [u for u in mine if u not in used], used)
        if support:
            out.append(support)
    holder = next((u for u in mine if u not in used), None)
    if holder is not None:
        out.append(f"{_unit_text(holder)} H")
    if convoy:
        out.append(convoy)
    return out


def _move_and_support(m: MapData, free: Sequence[Unit], occupied: set[str], used: set[Unit]) -> list[str]:
    """``A Par-Pic`` and ``F Bri S A Par-Pic``: a unit of the power moves (to an empty place first) and
    another of its units supports that move; empty when no two of its units can."""
    for empty in (True, False):
        for u in free:
            for dest in _moves(m, u):
                p = province_of(dest)
                if (p not in occupied) != empty:
                    continue
                s = next((s for s in free if s is not u and p in _reach(m, s) and p != s.province), None)
                if s is not None:
                    used.update((u, s))
                    move = f"{_unit_text(u)}-{place_text(dest)}"
                    return [move, f"{_unit_text(s)} S {move}"]
    return []


def _support(m: MapData, units: Sequence[Unit], free: Sequence[Unit], used: set[Unit]) -> str:
    """``A Sil S A Cze-Kra``: a unit of the power supports another unit's move to a place both
    reach (its own power's units first), else ``A Sil S A Cze``: supports a neighbour holding."""
    power = free[0].power if free else ""
    others = sorted(units, key=lambda u: (u.power != power, u.region))
    for s in free:
        reach = _reach(m, s)
        for t in others:
            if t is s:
                continue
            for dest in _moves(m, t):
                p = province_of(dest)
                if p in reach and p != s.province:
                    used.add(s)
                    return f"{_unit_text(s)} S {_unit_text(t)}-{place_text(dest)}"
    for s in free:
        reach = _reach(m, s)
        for t in others:
            if t is not s and t.province in reach:
                used.add(s)
                return f"{_unit_text(s)} S {_unit_text(t)}"
    return ""


def _convoy(m: MapData, units: Sequence[Unit], mine: Sequence[Unit], used: set[Unit]) -> str:
    """``F Eng C A Lon-Bre``: a fleet of the power at sea convoys an army on a coast beside it to
    another coast beside it (one where the army could not walk, if there is one)."""
    power = mine[0].power if mine else ""
    armies = sorted((u for u in units if u.unit_type is UnitType.ARMY), key=lambda u: (u.power != power, u.region))
    for f in mine:
        if f.unit_type is not UnitType.FLEET or not m.is_sea(f.province):
            continue
        shore = sorted(p for p in m.fleet_province_adj.get(f.province, ()) if m.is_coastal(p))
        for a in armies:
            if a.province not in shore:
                continue
            dests = [p for p in shore if p != a.province and m.army_can_stand(p)]
            by_sea = [p for p in dests if not m.army_can_move(a.province, p)]
            if dests:
                used.update((f, a))
                return f"{_unit_text(f)} C {_unit_text(a)}-{place_text((by_sea or dests)[0])}"
    return ""


def retreat_examples(m: MapData, dislodged: Iterable[tuple[Unit, str]], units: Sequence[Unit],
                     contested: Iterable[str], power: str) -> list[str]:
    """A retreat and a disband for ``power``'s dislodged units (each given with where its attacker
    came from): the retreat goes to an empty neighbour that is neither the attacker's province nor
    left empty by a standoff."""
    occupied = {u.province for u in units}
    barred = set(contested)
    out: list[str] = []
    mine = [(u, origin) for u, origin in dislodged if u.power == power]
    for u, origin in mine:
        dests = [d for d in _moves(m, u) if province_of(d) not in occupied | barred | {origin}]
        if dests:
            out.append(f"{_unit_text(u)} R {place_text(dests[0])}")
            break
    if mine:
        out.append(f"Disband {_unit_text(mine[-1][0])}")
    return out


def adjustment_examples(m: MapData, units: Sequence[Unit], owners: Mapping[str, str],
                        homes: Iterable[str], power: str) -> list[str]:
    """A build on a home centre ``power`` owns with no unit in it, and a disband of one of its
    units (which of the two the power may make depends on its count: both are shown)."""
    occupied = {u.province for u in units}
    out: list[str] = []
    for h in sorted(homes):
        if owners.get(h) == power and h not in occupied:
            kind = "A" if m.army_can_stand(h) else "F"
            out.append(f"Build {kind} {place_text(h)}")
            break
    mine = [u for u in units if u.power == power]
    if mine:
        out.append(f"Disband {_unit_text(sorted(mine, key=lambda u: u.region)[0])}")
    return out
