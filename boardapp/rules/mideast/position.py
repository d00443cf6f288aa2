"""Mid-East PEACE's position as scenario data: who owns each zone (a player may own another country's
zone), Forces and overturned Forces, Forces at a border (declared battles and their fists), Superpower
Forces, chips and the Oil Reserve, blocs, the round, the phasing player and his phases, a retreat, an
auction or a UN motion under way (docs/formats.md, 'A game under way').

The fields are :class:`~boardapp.rules.mideast.state.MideastState`'s, written by the generic
:class:`~boardapp.engine.position.PositionCodec`; the checks below refuse a position the game cannot
be in, naming the bad value and what to give instead.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.position import Loc, PositionCodec, position_problems, position_scenario, with_position
from boardapp.model.mapfile import Map
from boardapp.model.problems import Problem
from boardapp.rules.mideast.state import FUNCTIONS, PHASE_PAIRS, MideastState

NOTES = {
    "Superpower": "A Superpower Force in play: allied with a player, standing in a zone.",
    "Auction": "An Arms Auction under way: its host, the lot and the bids so far.",
    "Motion": "A UN motion under way and the votes cast.",
    "owner": "Zone -> the player who owns it (null: no one); a player may own another country's zone. List only "
             "the zones that changed hands.",
    "forces": "Zone -> Forces standing there (they belong to the zone's owner); only the zones that changed.",
    "chips": "Country -> Oil Chips held; only the ones that changed.",
    "oil": "Zone -> its oil revenue (drilling adds to it); only the zones that changed.",
    "bloc": "Country -> red, blue or null (Non-Aligned); only the ones that changed.",
    "reserve": "Oil Chips in the common Oil Reserve (the players' chips and the reserve keep the start's total).",
    "pkf": "Zone of the UN Peacekeeping Force (null: not on the board).",
    "superpowers": "Superpower Forces in play.",
    "sf_serial": "How many Superpower Forces have been placed (numbers the next one).",
    "round": "The round, 1 to settings.rounds.",
    "negotiation": "True in the Negotiation Phase that ends a round.",
    "overturned": "Zone -> its Forces overturned (at most its Forces).",
    "drilled": "Zones drilled this Player-Turn.",
    "battles": "Declared attacks: Forces moved up to a border, with their fists.",
    "retreat": "A defeated defender's Forces waiting to retreat (null: none).",
    "auction": "An Arms Auction under way (null: none).",
    "motion": "A UN motion under way (null: none).",
    "Superpower.id": "Its id (sf-1, sf-2 …).",
    "Superpower.player": "The player it allies with.",
    "Superpower.zone": "The zone where it stands.",
    "Battle.target": "The zone attacked.",
    "Battle.source": "The zone the Forces came from.",
    "Battle.attacker": "The attacking player.",
    "Battle.defender": "The defending player (null: an empty zone of no one).",
    "Battle.forces": "Forces moved up to the border, 1 or more.",
    "Retreat.zone": "The zone lost.",
    "Retreat.player": "The defeated defender.",
    "Retreat.forces": "Upright Forces that retreat.",
    "Retreat.sf": "Superpower Forces retreating with them.",
    "Auction.host": "The player hosting it.",
    "Auction.lot": "Forces offered.",
    "Auction.bids": "Bids so far: [country, chips], in order.",
    "Motion.proposer": "The player proposing it.",
    "Motion.zone": "The zone a peacekeeping motion sends the UN Force to (null otherwise).",
    "Motion.text": "The motion's words.",
}
CODEC = PositionCodec(MideastState, tables=frozenset({"owner", "forces", "chips", "oil", "bloc"}),
                      notes=NOTES)
__all__ = ["CODEC", "position_scenario", "problems", "validate", "with_position"]
Found = list[tuple[Loc, str]]
P = ("position",)


def _zones_and_counts(module: Any, s: MideastState) -> Found:
    found: Found = []
    sc = module.scenario
    zones = set(sc.zone_by_id)
    countries = list(sc.country_by_id)
    zone_list = ", ".join(sorted(zones)[:10]) + (" …" if len(zones) > 10 else "")

    def zone(loc: Loc, z: str | None, nullable: bool = False) -> None:
        if (z is None and not nullable) or (z is not None and z not in zones):
            found.append(((*P, *loc), f"no zone {z!r}; the zones are {zone_list}"))

    def country(loc: Loc, c: str | None, nullable: bool = False) -> None:
        if (c is None and not nullable) or (c is not None and c not in countries):
            found.append(((*P, *loc), f"no country {c!r}; the countries are {', '.join(countries)}"))

    for z, who in s.owner.items():
        zone(("owner", z), z)
        country(("owner", z), who, nullable=True)
    for z in zones - set(s.owner):
        found.append(((*P, "owner"), f"owner lacks zone {z!r}: give its owner (a country, or null for none)"))
    for key in ("forces", "overturned", "arrived", "oil"):
        for z, n in getattr(s, key).items():
            zone((key, z), z)
            if n < 0:
                found.append(((*P, key, z), f"{n}: a count is 0 or more"))
    for z, n in s.forces.items():
        if n and s.owner.get(z) is None:
            found.append(((*P, "forces", z), f"{n} Forces stand in {z}, which no one owns: give owner.{z} (the "
                          "Forces belong to the zone's owner) or 0 Forces"))
        if s.overturned.get(z, 0) > n >= 0:
            found.append(((*P, "overturned", z), f"{s.overturned[z]} overturned Forces in {z}, which holds only {n}: "
                          f"give at most {n}"))
    for z, n in s.overturned.items():
        if n and z not in s.forces:
            found.append(((*P, "overturned", z), f"{n} overturned Forces in {z}, which holds none: give forces.{z}"))
    for c, n in s.chips.items():
        country(("chips", c), c)
        if n < 0:
            found.append(((*P, "chips", c), f"{n} Oil Chips: a player holds 0 or more"))
    for c in countries:
        if c not in s.chips:
            found.append(((*P, "chips"), f"chips lacks {c!r}: give every country's Oil Chips"))
    if s.reserve < 0:
        found.append(((*P, "reserve"), f"an Oil Reserve of {s.reserve}: it holds 0 or more"))
    total = s.reserve + sum(s.chips.values())
    want = sc.settings.oil_reserve + sum(sc.settings.start_chips if c.chips is None else c.chips
                                         for c in sc.countries)
    if total != want:
        found.append(((*P, "reserve"), f"the players' chips and the Oil Reserve add up to {total}, but chips are "
                      f"neither made nor lost: they must add up to the start's {want} (settings.oil_reserve and "
                      f"the countries' chips); give reserve: {s.reserve + want - total}"))
    for c, b in s.bloc.items():
        country(("bloc", c), c)
        if b not in ("red", "blue", None):
            found.append(((*P, "bloc", c), f"bloc {b!r}: give red, blue or null (Non-Aligned)"))
    zone(("pkf",), s.pkf, nullable=True)
    for i, d in enumerate(sorted(s.drilled)):
        zone(("drilled", i), d)
    seen: set[str] = set()
    for i, sp in enumerate(s.superpowers):
        if sp.id in seen:
            found.append(((*P, "superpowers", i, "id"), f"Superpower Force {sp.id!r} is listed twice"))
        seen.add(sp.id)
        country(("superpowers", i, "player"), sp.player)
        zone(("superpowers", i, "zone"), sp.zone)
    if s.sf_serial < len(s.superpowers):
        found.append(((*P, "sf_serial"), f"sf_serial {s.sf_serial} is below the {len(s.superpowers)} Superpower "
                      f"Forces in play: give at least {len(s.superpowers)} (it numbers the next one)"))
    return found


def _turn(module: Any, s: MideastState) -> Found:
    found: Found = []
    sc = module.scenario
    countries = list(sc.country_by_id)
    if not 1 <= s.round <= sc.settings.rounds:
        found.append(((*P, "round"), f"round {s.round}: the game has rounds 1 to {sc.settings.rounds} "
                      "(settings.rounds)"))
    if not 0 <= s.turn < len(countries):
        found.append(((*P, "turn"), f"turn {s.turn}: it counts the phasing player in the turn order from 0 "
                      f"({countries[0]}) to {len(countries) - 1} ({countries[-1]})"))
    if s.phases and tuple(s.phases) not in PHASE_PAIRS:
        found.append(((*P, "phases"), f"phases {list(s.phases)}: a player chooses one of "
                      f"{' or '.join(str(list(p)) for p in PHASE_PAIRS)}"))
    functions = [f for p in s.phases if p in FUNCTIONS for f in FUNCTIONS[p]]
    if functions and not -1 <= s.step < len(functions):
        found.append(((*P, "step"), f"step {s.step}: with phases {list(s.phases)} it is -1 (none yet) to "
                      f"{len(functions) - 1}, the function under way"))
    elif not functions and s.step != -1:
        found.append(((*P, "step"), f"step {s.step}: no phases are chosen, so no function is under way: give "
                      "step -1, or the phases"))
    all_functions = [f for fs in FUNCTIONS.values() for f in fs]
    for i, f in enumerate(sorted(s.used)):
        if f not in all_functions:
            found.append(((*P, "used", i), f"no function {f!r}; the functions are {', '.join(all_functions)}"))
    for i, b in enumerate(s.battles):
        loc = ("battles", i)
        for key in ("target", "source"):
            if getattr(b, key) not in sc.zone_by_id:
                found.append(((*P, *loc, key), f"no zone {getattr(b, key)!r}"))
        if b.attacker not in countries:
            found.append(((*P, *loc, "attacker"), f"no country {b.attacker!r}; the countries are "
                          f"{', '.join(countries)}"))
        if b.defender is not None and b.defender not in countries:
            found.append(((*P, *loc, "defender"), f"no country {b.defender!r}"))
        if b.forces < 1:
            found.append(((*P, *loc, "forces"), f"{b.forces} Forces at the border: an attack moves up 1 or more"))
        if b.superpower not in ("", "support", "attack"):
            found.append(((*P, *loc, "superpower"), f"{b.superpower!r}: give '' (none), support or attack"))
        for side, n in b.fists.items():
            if side not in ("attacker", "defender"):
                found.append(((*P, *loc, "fists", side), f"a fist is the attacker's or the defender's, not {side!r}"))
            elif n < 0:
                found.append(((*P, *loc, "fists", side), f"{n} chips in a fist: 0 or more"))
        if b.result not in ("", "attacker", "defender"):
            found.append(((*P, *loc, "result"), f"result {b.result!r}: '' until revealed, then attacker or defender"))
    if s.retreat is not None:
        if s.retreat.zone not in sc.zone_by_id:
            found.append(((*P, "retreat", "zone"), f"no zone {s.retreat.zone!r}"))
        if s.retreat.player not in countries:
            found.append(((*P, "retreat", "player"), f"no country {s.retreat.player!r}"))
    if s.auction is not None:
        if s.auction.host not in countries:
            found.append(((*P, "auction", "host"), f"no country {s.auction.host!r}"))
        for i, (who, n) in enumerate(s.auction.bids):
            if who not in countries or n < 0:
                found.append(((*P, "auction", "bids", i), f"a bid is [country, chips ≥ 0], not [{who!r}, {n}]"))
    if s.motion is not None:
        if s.motion.proposer not in countries:
            found.append(((*P, "motion", "proposer"), f"no country {s.motion.proposer!r}"))
        if s.motion.motion not in ("resolution", "peacekeeping", "cease_fire"):
            found.append(((*P, "motion", "motion"), f"{s.motion.motion!r}: give resolution, peacekeeping or "
                          "cease_fire"))
        for who, v in s.motion.votes.items():
            if who not in countries or v not in ("yea", "nay", "abstain"):
                found.append(((*P, "motion", "votes", who), f"a vote is country: yea, nay or abstain, not "
                              f"{who}: {v}"))
    if s.ended not in (None, "peace", "war"):
        found.append(((*P, "ended"), f"ended {s.ended!r}: null while the game goes on, then peace or war"))
    return found


def validate(module: Any, state: MideastState) -> Found:
    """Why ``state`` is not a position Mid-East PEACE can be in (empty: it is)."""
    return _zones_and_counts(module, state) + _turn(module, state)


def problems(scenario: Any, the_map: Map) -> list[Problem]:
    """The scenario's ``position:`` checked (each with where it is in the file and what to give instead)."""
    from boardapp.model.checks import _p
    from boardapp.rules.mideast.module import MideastRules

    return [_p(loc, msg) for loc, msg in position_problems(scenario, the_map, MideastRules, CODEC, [validate])]
