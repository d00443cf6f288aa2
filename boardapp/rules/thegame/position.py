"""The Game's position as scenario data: the world under way — the turn, the year and the step of
the turn sequence, every region's people, goods, facilities, PIPs, relations, insurgents and
occupier, every nation's bank, technology, research and coupons, the units and what they did this
combat year, wars and transit, and the turn's records (builds waiting, attacks made, the order of
action, the history of the ledgers) (docs/formats.md, 'A game under way').

The fields are :class:`~boardapp.rules.thegame.state.TheGameState`'s, written by the generic
:class:`~boardapp.engine.position.PositionCodec`; the checks below refuse a position the game cannot
be in, naming the bad value and what to give instead.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import Loc, PositionCodec, position_problems, position_scenario, with_position
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.steps import STEPS

NOTES = {
    "UnitState": "A military unit: where it is and what it did this combat year.",
    "turn": "The turn being played, from 1.",
    "year": "The game year.",
    "regions": "Region id -> its state; only the regions that changed, and of them only what changed.",
    "nations": "Nation id -> its state; only what changed.",
    "units": "Unit id -> its state; only the units that changed; a new unit whole; null: a unit gone.",
    "next_unit": "The number the next unit built takes in its id.",
    "pending": "Builds bought in step II.C, waiting to be placed in II.F.",
    "RegionState.id": "The region's id (as the key).",
    "RegionState.sea": "True for a sea region.",
    "RegionState.ed": "Economic development, 1 to 4.",
    "RegionState.rough": "Rough terrain.",
    "RegionState.pool": "Labour units in the general labour pool.",
    "RegionState.farm": "Labour units in the farm sector.",
    "RegionState.starving": "Starving labour units.",
    "RegionState.primary": "Primary production per turn: good -> units.",
    "RegionState.stock": "Goods lying in the region: good -> units.",
    "RegionState.inactive": "Facility type -> inactive facilities.",
    "NationState.id": "The nation's id (as the key).",
    "NationState.player": "The player who leads it.",
    "NationState.capital": "The region of its capital.",
    "NationState.bank": "Dollars in its central bank.",
    "NationState.tech": "Technology field -> level.",
    "NationState.coupons": "Technology coupons held.",
    "UnitState.id": "The unit's id (as the key).",
    "UnitState.type": "Its unit type.",
    "UnitState.nation": "The nation that owns it.",
    "UnitState.active": "False: inactive (unmaintained).",
    "PendingBuild.nation": "The nation that bought it.",
    "PendingBuild.region": "Where it is placed.",
    "PendingBuild.count": "How many.",
    "PendingBuild.player": "The player who bought it.",
    "PendingBuild.unit_ids": "The ids the new units take.",
    "PendingBuild.loyal": "Insurgents: loyal to the nation (true) or independent.",
}
CODEC = PositionCodec(TheGameState, tables=frozenset({"regions", "nations", "units"}), notes=NOTES)
__all__ = ["CODEC", "position_scenario", "problems", "validate", "with_position"]
Found = list[tuple[Loc, str]]
P = ("position",)
ORBIT = "orbit"
MOST = 10**6
"""No count in a real world comes near this: a larger one is a typing slip (and would make every step slow)."""
RELATIONS = ("understanding", "alliance", "control")


def _count(found: Found, loc: Loc, n: int, what: str) -> None:
    if n < 0:
        found.append(((*P, *loc), f"{n} {what}: a count is 0 or more"))
    elif n > MOST:
        found.append(((*P, *loc), f"{n} {what}: no world holds more than {MOST:,}; give the real count"))


def _regions(module: Any, s: TheGameState) -> Found:
    found: Found = []
    sc = module.scenario
    players = {p.id for p in sc.players}
    facilities = {f.id for f in sc.facility_types}
    for rid, r in s.regions.items():
        loc = ("regions", rid)
        if r.id != rid:
            found.append(((*P, *loc, "id"), f"region {rid!r} says its id is {r.id!r}: give id {rid}"))
        for key in ("owner", "occupier"):
            v = getattr(r, key)
            if v is not None and v not in s.nations:
                found.append(((*P, *loc, key), f"no nation {v!r}; give a nation id or null"))
        if not 1 <= r.ed <= 4:
            found.append(((*P, *loc, "ed"), f"ED{r.ed}: economic development runs ED1 to ED4"))
        for key in ("pool", "farm", "starving", "insurgents"):
            _count(found, (*loc, key), getattr(r, key), key)
        for key in ("primary", "stock", "active", "inactive"):
            for k, n in getattr(r, key).items():
                _count(found, (*loc, key, k), n, k)
                if key in ("active", "inactive") and k not in facilities:
                    found.append(((*P, *loc, key, k), f"no facility type {k!r}; types are {sorted(facilities)}"))
        for who, n in r.pips.items():
            if who not in players:
                found.append(((*P, *loc, "pips", who), f"no player {who!r} (PIPs are per player)"))
            _count(found, (*loc, "pips", who), n, "PIPs")
        for who, rel in r.relations.items():
            if who not in players:
                found.append(((*P, *loc, "relations", who), f"no player {who!r}"))
            if rel not in RELATIONS:
                found.append(((*P, *loc, "relations", who), f"relation {rel!r}: give {', '.join(RELATIONS)}"))
        for nation, n in r.loyal.items():
            if nation not in s.nations:
                found.append(((*P, *loc, "loyal", nation), f"no nation {nation!r}"))
            _count(found, (*loc, "loyal", nation), n, "loyal insurgents")
        if r.sea and (r.owner or r.pool or r.farm or r.starving):
            found.append(((*P, *loc), f"sea region {rid!r} has an owner or people: give them to a land region"))
    return found


def _nations_units(module: Any, s: TheGameState) -> Found:
    found: Found = []
    sc = module.scenario
    players = {p.id for p in sc.players}
    fields = set(sc.settings.tech_fields)
    types = {u.id for u in sc.unit_table}
    for nid, n in s.nations.items():
        loc = ("nations", nid)
        if n.player not in players:
            found.append(((*P, *loc, "player"), f"no player {n.player!r}; players are {sorted(players)}"))
        if n.capital not in s.regions:
            found.append(((*P, *loc, "capital"), f"no region {n.capital!r}"))
        if n.bank < 0:
            found.append(((*P, *loc, "bank"), f"a central bank of ${n.bank}: $0 or more"))
        for key in ("tech", "research"):
            for f, v in getattr(n, key).items():
                if f not in fields:
                    found.append(((*P, *loc, key, f), f"no technology field {f!r}; fields are {sorted(fields)}"))
                _count(found, (*loc, key, f), v, f)
    for uid, u in s.units.items():
        loc = ("units", uid)
        if u.id != uid:
            found.append(((*P, *loc, "id"), f"unit {uid!r} says its id is {u.id!r}: give id {uid}"))
        if u.type not in types:
            found.append(((*P, *loc, "type"), f"no unit type {u.type!r}; types are {sorted(types)}"))
        if u.nation not in s.nations:
            found.append(((*P, *loc, "nation"), f"no nation {u.nation!r}"))
        if u.region != ORBIT and u.region not in s.regions:
            found.append(((*P, *loc, "region"), f"no region {u.region!r} (or 'orbit' for spacecraft)"))
    for i, pair in enumerate(sorted(s.wars, key=sorted)):
        if len(pair) != 2 or any(x not in s.nations for x in pair):
            found.append(((*P, "wars", i), f"a war is a pair of two nations, not {sorted(pair)}"))
    for i, (region, nation, player) in enumerate(sorted(s.transit)):
        if region not in s.regions or nation not in s.nations or player not in players:
            found.append(((*P, "transit", i),
                          f"transit is [region, nation, player], not [{region}, {nation}, {player}]"))
    for i, (player, owner) in enumerate(sorted(s.friendly_ships)):
        if player not in players or owner not in players:
            found.append(((*P, "friendly_ships", i), f"friendly ships are [player, owner], not [{player}, {owner}]"))
    for uid in sorted(s.breakthrough):
        if uid not in s.units:
            found.append(((*P, "breakthrough"), f"no unit {uid!r} to break through"))
    for i, b in enumerate(s.pending):
        if b.nation not in s.nations or b.region not in s.regions:
            found.append(((*P, "pending", i), f"a build waiting is made by a nation in a region, not {b.nation!r} "
                          f"in {b.region!r}"))
        _count(found, ("pending", i, "count"), b.count, "items")
    return found


def validate(module: Any, s: TheGameState) -> Found:
    """Why ``s`` is not a position The Game can be in (empty: it is)."""
    found: Found = []
    if s.turn < 1:
        found.append(((*P, "turn"), f"turn {s.turn}: turns count from 1"))
    if not 0 <= s.step < len(STEPS):
        found.append(((*P, "step"), f"step {s.step}: it counts the turn sequence's steps from 0 ({STEPS[0].code}) "
                      f"to {len(STEPS) - 1} ({STEPS[-1].code})"))
    if s.next_unit < 1:
        found.append(((*P, "next_unit"), f"next_unit {s.next_unit}: it numbers the next unit built, from 1"))
    return found + _regions(module, s) + _nations_units(module, s)


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.thegame.module import TheGameRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, TheGameRules, CODEC, [validate])]
