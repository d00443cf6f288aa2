"""Adjudication of the movement, retreat and adjustment phases.

The movement phase follows the DATC (v3.0, chapter 5): every decision
(a move succeeds, a support is given, a convoying fleet stays) is computed by
:func:`_Movement._adjudicate` from the other decisions it depends on, and
:func:`_Movement._resolve` runs the *partial information* algorithm of 5.E:
each decision is adjudicated optimistically and pessimistically; if both
agree the decision is final.  A dependency cycle that stays undecided gets
the backup rule: a convoy paradox is settled by the Szykman rule (the
convoys in the cycle fail), circular movement by letting all its moves
succeed.

>>> from boardapp.rules.diplomacy.mapdata import load_standard_map
>>> m = load_standard_map()
>>> units = [Unit.parse(u) for u in ("TUR: F ank", "TUR: A con", "TUR: A smy")]
>>> orders = [Order.parse(o) for o in ("F ank -> con", "A con -> smy", "A smy -> ank")]
>>> r = adjudicate_movement(m, units, orders)
>>> [x.outcome for x in r.results]
['Succeeds', 'Succeeds', 'Succeeds']
>>> sorted(str(u) for u in r.units)
['TUR: A ank', 'TUR: A smy', 'TUR: F con']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from boardapp.rules.diplomacy.mapdata import MOVE_ARMY, MOVE_FLEET, REACH_ARMY, REACH_FLEET, MapData, province_of
from boardapp.rules.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)

__all__ = [
    "AdjustmentResult",
    "Dislodged",
    "MovementResult",
    "OrderResult",
    "RetreatResult",
    "adjudicate_adjustments",
    "adjudicate_movement",
    "adjudicate_retreats",
    "update_ownership",
]


@dataclass(frozen=True, slots=True)
class OrderResult:
    """What became of one submitted order."""

    order: Order
    succeeded: bool
    reason: str

    @property
    def outcome(self) -> str:
        """``"Succeeds"`` or ``"Fails"`` (the DATC JSON words)."""
        return "Succeeds" if self.succeeded else "Fails"


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the movement phase, and where its attacker came from."""

    unit: Unit
    attacker_origin: str
    by_convoy: bool = False


@dataclass(frozen=True, slots=True)
class MovementResult:
    """Outcome of a movement phase.

    ``units`` are the units on the board afterwards (dislodged ones excluded),
    ``contested`` the provinces left empty by a standoff (no retreat there).
    """

    results: tuple[OrderResult, ...]
    units: tuple[Unit, ...]
    dislodged: tuple[Dislodged, ...]
    contested: frozenset[str]

    def result_of(self, order: Order) -> OrderResult:
        """The result of ``order`` (the first one equal to it)."""
        for r in self.results:
            if r.order == order:
                return r
        raise KeyError(str(order))


@dataclass(frozen=True)
class RetreatResult:
    """Outcome of a retreat phase: units afterwards and the disbanded ones."""

    results: tuple[OrderResult, ...]
    units: tuple[Unit, ...]
    disbanded: tuple[Unit, ...]


@dataclass(frozen=True)
class AdjustmentResult:
    """Outcome of an adjustment (build) phase."""

    results: tuple[OrderResult, ...]
    units: tuple[Unit, ...]
    civil_disorder: tuple[Unit, ...]
    owners: Mapping[str, str] = field(default_factory=dict)


# one result per order and one dislodged entry per dislodged unit, built without the frozen dataclass's
# per-field ``object.__setattr__`` (see ``orders.new_unit``): the same objects, about twice as fast
_new = object.__new__
_set_r_order: Any = OrderResult.__dict__["order"].__set__
_set_r_ok: Any = OrderResult.__dict__["succeeded"].__set__
_set_r_reason: Any = OrderResult.__dict__["reason"].__set__
_set_d_unit: Any = Dislodged.__dict__["unit"].__set__
_set_d_origin: Any = Dislodged.__dict__["attacker_origin"].__set__
_set_d_convoy: Any = Dislodged.__dict__["by_convoy"].__set__
_set_m_results: Any = MovementResult.__dict__["results"].__set__
_set_m_units: Any = MovementResult.__dict__["units"].__set__
_set_m_dislodged: Any = MovementResult.__dict__["dislodged"].__set__
_set_m_contested: Any = MovementResult.__dict__["contested"].__set__
_set_unit_power: Any = Unit.__dict__["power"].__set__
_set_unit_type: Any = Unit.__dict__["unit_type"].__set__
_set_unit_region: Any = Unit.__dict__["region"].__set__


def _result(order: Order, succeeded: bool, reason: str) -> OrderResult:
    r = _new(OrderResult)
    _set_r_order(r, order)
    _set_r_ok(r, succeeded)
    _set_r_reason(r, reason)
    return r


def _dislodged(unit: Unit, origin: str, by_convoy: bool) -> Dislodged:
    d = _new(Dislodged)
    _set_d_unit(d, unit)
    _set_d_origin(d, origin)
    _set_d_convoy(d, by_convoy)
    return d


# -- movement -----------------------------------------------------------------

_HOLD, _MOVE, _SUP_HOLD, _SUP_MOVE, _CONVOY = range(5)
# tuples, not ``A | B`` unions: isinstance against a tuple is cheaper, and these run per order
_NOT_MOVEMENT = (Retreat, Disband, Build)
_SUPPORTS = (SupportHold, SupportMove)
# the unit types as module constants: ``UnitType.ARMY`` goes through the enum class's own ``__getattr__``
_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
_NOWHERE: frozenset[str] = frozenset()  # no province contested
_P = TypeVar("_P", str, int)  # a place: a province id or number


def _singletons(n: int) -> tuple[tuple[int], ...]:
    """``((0,), (1,), ...)`` for unit numbers below ``n``."""
    return tuple((i,) for i in range(n))


_ONE = _singletons(64)  # unit number -> (it,): shared, for the phases of up to 64 units
#: order class -> its kind in the decision graph (supports of both kinds -> ``_SUP_HOLD``); -1: not here
_KIND_OF: dict[type[Order], int] = {
    Hold: _HOLD, Move: _MOVE, SupportHold: _SUP_HOLD, SupportMove: _SUP_HOLD, Convoy: _CONVOY,
    Retreat: -1, Disband: -1, Build: -1,
}


def _kind_of_subclass(o: Order) -> int:
    """``_KIND_OF`` for an order of a class not in it (a subclass): by ``isinstance``, a hold if nothing else."""
    if isinstance(o, Move):
        return _MOVE
    if isinstance(o, _SUPPORTS):
        return _SUP_HOLD
    if isinstance(o, Convoy):
        return _CONVOY
    return -1 if isinstance(o, _NOT_MOVEMENT) else _HOLD


class _Movement:
    """One movement phase's working state: indices are unit numbers, places are province numbers.

    The adjudicator runs once per phase, after the rest of the program has pushed it out of the
    processor's caches; then each distinct object it reads or writes, and each distinct builtin
    it calls, costs a trip to memory, and that, more than the bytecodes run, is its time.  So the
    state is kept in few objects: one list per unit for what the search reads (kind, destination,
    decision, supports), dicts only for what few units have (head-to-head partners, convoy routes);
    provinces are numbers, and every "may this unit move / reach there" question of the set-up's fast
    paths is one byte of the map's ``place_moves`` table (row: the unit's place code, column: the place
    named; one dict of codes, one tuple to province numbers and one bytes object per map, instead of a
    set or dict per place); and the set-up is one pass over the orders and two over the
    units that also decide what nothing can change.  Names come back only for the result and for
    the reasons of refusals.  ``docs/diplomacy.md`` ("Cold adjudication") has the measurements.
    """

    at: list[int]
    attackers: list[tuple[int, ...]]
    convoyed: list[bool]
    convoyers: dict[int, Sequence[int]]
    cycle: list[int]
    dest: list[int]
    hits: int
    in_cycle: list[bool]
    invalid: dict[int, str]
    kind: list[int]
    m: MapData
    opposite: dict[int, int]
    order_k: list[int]
    orders: list[Order]
    prov: list[int]
    resolved: list[bool | None]
    supporters: list[tuple[int, ...]]
    szykman: set[int] | None
    targets: list[int]
    units: list[Unit]
    visited: list[bool]

    __slots__ = (
        "at", "attackers", "convoyed", "convoyers", "cycle", "dest", "hits", "in_cycle", "invalid", "kind", "m",
        "opposite", "order_k", "orders", "prov", "resolved", "supporters", "szykman", "targets", "units",
        "visited",
    )

    def setup(self, m: MapData, units: list[Unit], orders: list[Order]) -> None:
        """Match orders to units, check them, and build the decision graph's edges (the constructor's work).

        ``adjudicate_movement`` makes the object with ``object.__new__`` and calls this: a class call
        runs machinery of its own (``type.__call__``, the ``__init__`` slot), more cold code per phase.

        The common legal order (a move to a neighbour, a support of a unit within reach) is
        checked inline with a few lookups in the map's indexes; anything else goes through
        ``_setup_move`` / ``_setup_support``, which give every refusal its reason.  A support or
        convoy nobody attacks is given / stays whatever else happens: decided here, so that the
        search meets it as a known value (about half of all orders are such).
        """
        self.m = m
        self.units = units
        self.orders = orders
        n = len(units)
        number = m.place_number
        # places by code (``MapData.place_code``): one dict, one tuple to the province numbers, one bytes table
        # for every "may move / may reach" question of the fast paths below (row: the unit's place, column: the
        # place named); ``nowhere``: the code of no place, whose row and column are all zero
        # ``code.get(...)`` at each site, not a bound ``code_get``: making the bound method is a generic attribute
        # look-up from cold caches, each call site's ``get`` a specialised one
        code, code_province, place_moves = m.place_code, m.code_province, m.place_moves
        nowhere = len(code_province) - 1
        width = nowhere + 1
        # unit number by province number; one loop, no comprehension or ``dict(zip(...))``: each
        # distinct builtin a phase uses costs a microsecond or two from cold caches
        self.at = at = [-1] * len(m.province_names)
        self.prov = prov = [0] * n
        row = [0] * n  # the unit's row of ``place_moves``
        i = 0
        for u in units:
            c = code.get(u.region, nowhere)
            p = code_province[c]
            if p < 0:
                p = number.get(province_of(u.region), -1)
                if p < 0:
                    raise ValueError(f"{u}: {u.region!r} is no place on the map")
            if at[p] >= 0:
                raise ValueError(f"two units in {m.province_names[p]!r}: {units[at[p]]} and {u}")
            at[p] = i
            prov[i] = p
            row[i] = c * width
            i += 1  # noqa: SIM113 - no enumerate(): one builtin less
        self.invalid = invalid = {}  # order index -> reason
        self.order_k = order_k = [-1] * n  # unit -> the index of its order, -1: none
        # a unit's kind in the decision graph; at first the kind of its order, not yet checked
        self.kind = kind = [_HOLD] * n
        # a move's or convoy's destination, a support's province supported into (or held); -1: none
        self.dest = dest = [-1] * n
        self.convoyed = convoyed = [False] * n  # the move goes by convoy
        # matching supports; one shared empty tuple until a unit has some
        supporters: list[tuple[int, ...]] = [()] * n
        self.supporters = supporters
        self.convoyers = {}  # unit -> fleets on its convoy route (rare: a dict)
        # province -> units moving there, in unit order (one shared empty tuple where none do); a list by
        # province number, not a dict: no hashing, no growing
        attackers: list[tuple[int, ...]] = [()] * len(at)
        # the lists of attackers and supports are tuples: most hold one unit, and ``one[i]`` is a shared
        # ``(i,)``, no allocation (and no freeing) per province attacked or unit supported
        one = _ONE if n <= len(_ONE) else _singletons(n)
        self.attackers = attackers
        self.targets = targets = []  # the provinces moved into, in the order of their first mover
        self.opposite = opposite = {}  # unit -> its head-to-head partner (few have one: a dict)
        resolved: list[bool | None] = [None] * n
        self.resolved = resolved
        self.cycle = []
        self.hits = 0
        self.szykman = None  # convoys failed by the Szykman rule, once there are any
        names = m.province_names
        moving = other = False  # whether there are moves, and supports or convoys, to check
        k = -1
        for o in orders:
            k += 1
            # the unit's fields read where only one class of order passes: each read then stays specialised
            # to that class's slot (one site for all classes falls back to the generic, slower attribute
            # lookup, which also reads the type's attribute cache: more memory touched per order)
            t = type(o)
            if t is Move:
                region, op, ot, c = o.region, o.power, o.unit_type, _MOVE
            elif t is SupportMove:  # noqa: SIM114 - a site of its own, not shared with SupportHold
                region, op, ot, c = o.region, o.power, o.unit_type, _SUP_HOLD
            elif t is SupportHold:
                region, op, ot, c = o.region, o.power, o.unit_type, _SUP_HOLD
            elif t is Hold:
                region, op, ot, c = o.region, o.power, o.unit_type, _HOLD
            else:
                region, op, ot = o.region, o.power, o.unit_type
                c = _KIND_OF.get(t, -2)
                if c == -2:
                    c = _kind_of_subclass(o)
            p = code_province[code.get(region, nowhere)]
            if p < 0:  # a coast the map does not have: the unit in that province is still found, to say why
                p = number.get(province_of(region), -1)
            i = at[p] if p >= 0 else -1
            if i >= 0:
                u = units[i]
                if (
                    (op is None or op == u.power)
                    and (ot is None or ot is u.unit_type)
                    and (region == u.region or region == names[p])
                    and order_k[i] < 0
                    and c >= 0
                ):
                    order_k[i] = k
                    kind[i] = c
                    if c == _MOVE:
                        moving = True
                    elif c != _HOLD:
                        other = True
                    continue
            invalid[k] = self._unmatched(o, region, p, i)
        # the orders are checked in unit order (as the decisions are first met in unit order): moves
        # first, as supports and convoys depend on them; a loop over the units, not sorted lists
        army_moves: list[int] = []
        if moving:
            i = -1
            for c in kind:
                i += 1
                if c != _MOVE:
                    continue
                mo: Move = orders[order_k[i]]  # type: ignore[assignment]
                u, dc = units[i], code.get(mo.dest, nowhere)
                if u.unit_type is _ARMY:
                    if place_moves[row[i] + dc] & MOVE_ARMY:
                        dest[i] = code_province[dc]
                        if mo.via_convoy:
                            convoyed[i] = True
                        army_moves.append(i)
                    else:
                        why = self._setup_move(i, mo)
                        if why:
                            kind[i] = _HOLD
                            invalid[order_k[i]] = why
                            continue
                        army_moves.append(i)
                elif place_moves[row[i] + dc] & MOVE_FLEET and not mo.via_convoy:
                    dest[i] = code_province[dc]
                else:
                    why = self._setup_move(i, mo)
                    if why:
                        kind[i] = _HOLD
                        invalid[order_k[i]] = why
                        continue
                to = dest[i]
                a = attackers[to]
                if a:
                    attackers[to] = a + one[i]
                else:
                    attackers[to] = one[i]
                    targets.append(to)
        if other:
            convoy_k: dict[int, int] = {}  # convoying fleet -> the army's province
            i = -1
            for c in kind:
                i += 1
                if c == _SUP_HOLD:
                    so: Any = orders[order_k[i]]
                    t = type(so)
                    # each class's fields read at a site of its own (see the matching above); "": none
                    if t is SupportMove:
                        target, tt, sd = so.target, so.target_type, so.dest
                    elif t is SupportHold:
                        target, tt, sd = so.target, so.target_type, ""
                    else:  # a subclass: the full check below
                        target, tt, sd = "", None, ""
                    here, tc = prov[i], code.get(target, nowhere)
                    tp = code_province[tc]
                    j = at[tp] if tp >= 0 else -1
                    if j >= 0 and tp != here:
                        reach = REACH_ARMY if units[i].unit_type is _ARMY else REACH_FLEET
                        r0 = row[i]
                        if not sd:  # support to hold
                            if place_moves[r0 + tc] & reach:
                                dest[i] = tp
                                if kind[j] != _MOVE and (tt is None or tt is units[j].unit_type):
                                    s = supporters[j]
                                    supporters[j] = s + one[i] if s else one[i]
                                if not attackers[here]:
                                    resolved[i] = True
                                continue
                        else:
                            dc = code.get(sd, nowhere)
                            dp = code_province[dc]
                            if dp >= 0 and dp != here and place_moves[r0 + dc] & reach:
                                kind[i] = _SUP_MOVE
                                dest[i] = dp
                                if (
                                    kind[j] == _MOVE
                                    and dest[j] == dp
                                    and (sd == orders[order_k[j]].dest or sd == names[dp])  # type: ignore[attr-defined]
                                    and (tt is None or tt is units[j].unit_type)
                                ):
                                    s = supporters[j]
                                    supporters[j] = s + one[i] if s else one[i]
                                if not attackers[here]:
                                    resolved[i] = True
                                continue
                    why = self._setup_support(i, so)
                    if why:
                        kind[i] = _HOLD
                        invalid[order_k[i]] = why
                    elif not attackers[here]:
                        resolved[i] = True
                elif c == _CONVOY:
                    co: Convoy = orders[order_k[i]]  # type: ignore[assignment]
                    why = self._check_convoy(i, co)
                    if why:
                        kind[i] = _HOLD
                        invalid[order_k[i]] = why
                        continue
                    convoy_k[i] = number[province_of(co.army)]
                    if not attackers[prov[i]]:
                        resolved[i] = True
            # convoy intent for armies moving to adjacent provinces (2023 rulebook)
            if convoy_k:
                asked = {(ap, dest[f]) for f, ap in convoy_k.items()}  # (army's province, destination)
                for i in army_moves:
                    if (prov[i], dest[i]) in asked:
                        self._setup_convoy_route(i, convoy_k)
        # per attacked province: the head-to-head battles, and the moves whose outcome nothing else can
        # change, decided before the search (supports are all matched by now): a move over land into an
        # empty province nobody else enters succeeds (attack 1 or more against hold 0, nothing to prevent
        # it); a move without support into an empty province that another unit enters over land fails
        # (attack at most 1, the other's prevent strength at least 1: no head-to-head can void it, the
        # province being empty); a move onto a unit that stays fails if that unit is of its own power
        # (attack 0) or if the move has no support (attack at most 1, hold 1 or more)
        for to in targets:
            atts = attackers[to]
            j = at[to]
            if j < 0:
                if len(atts) == 1:
                    if not convoyed[atts[0]]:
                        resolved[atts[0]] = True
                else:
                    over_land = [a for a in atts if not convoyed[a]]
                    for i in atts:
                        if not supporters[i] and (len(over_land) > 1 or (over_land and over_land[0] != i)):
                            resolved[i] = False
            elif kind[j] != _MOVE:
                power = units[j].power
                for i in atts:
                    if not supporters[i] or (not convoyed[i] and units[i].power == power):
                        resolved[i] = False
                kj = kind[j]
                if kj == _SUP_HOLD or kj == _SUP_MOVE:  # noqa: PLR1714, SIM109 - ints, two compares, no tuple
                    # a support is cut by an attack over land from another power, unless it comes from the
                    # province the support is for; one attacked by its own power only is given: decided here,
                    # as the search would (neither needs another decision)
                    into = dest[j] if kj == _SUP_MOVE else -1
                    foreign = False
                    for x in atts:
                        if units[x].power != power:
                            foreign = True
                            if not convoyed[x] and prov[x] != into:
                                resolved[j] = False
                                break
                    else:
                        if not foreign:
                            resolved[j] = True
            elif not convoyed[j]:
                back = dest[j]
                for i in atts:
                    if back == prov[i] and not convoyed[i]:
                        opposite[i] = j

    def _unmatched(self, o: Order, region: str, p: int, i: int) -> str:
        """Why order ``o`` (for ``region``, in province number ``p`` where unit ``i`` stands, or -1) is no unit's."""
        where = self.m.province_names[p] if p >= 0 else province_of(region)
        if i < 0:
            return f"no unit in {where}"
        u = self.units[i]
        if o.power is not None and o.power != u.power:
            return f"the unit in {where} belongs to {u.power}"
        if o.unit_type is not None and o.unit_type is not u.unit_type:
            return f"the unit in {where} is not {o.unit_type.name.lower()}"
        if region not in (u.region, where):
            return f"the unit stands in {u.region}, not {region}"
        if self.order_k[i] >= 0:
            return f"the unit in {where} already has an order"
        return "not a movement-phase order"

    def _setup_move(self, i: int, o: Move) -> str:
        m, u = self.m, self.units[i]
        src = m.province_names[self.prov[i]]
        d = o.dest
        dp = m.region_province.get(d) or province_of(d)
        if dp not in m.provinces:
            return f"no province {dp!r}"
        if dp == src:
            return "a unit cannot move to its own province"
        if u.unit_type is _ARMY:
            if d != dp:
                return "an army cannot move to a coast"
            if dp not in m.army_places:
                return f"an army cannot go to {dp}"
            adjacent = dp in m.army_adj[src]
            if not adjacent:
                if src not in m.coastal or dp not in m.coastal:
                    return f"{src} does not border {dp}"
                if not self._fleets_could_convoy(src, dp):
                    return f"{src} does not border {dp} and no fleets could convoy there"
            self.convoyed[i] = (not adjacent) or o.via_convoy
        else:
            if o.via_convoy:
                return "only armies can be convoyed"
            if d == dp and m.coasts_of(dp):
                return f"a fleet moving to {dp} must name the coast"
            if d not in m.fleet_adj.get(u.region, ()):
                return f"a fleet cannot move from {u.region} to {d}"
        self.dest[i] = m.place_number[dp]
        return ""

    def _check_convoy(self, i: int, o: Convoy) -> str:
        m, u = self.m, self.units[i]
        here = m.province_names[self.prov[i]]
        if u.unit_type is not _FLEET or here not in m.seas:
            return "only a fleet at sea can convoy"
        ap, dp = province_of(o.army), province_of(o.dest)
        if ap == dp:
            return "a convoy must go somewhere else"
        if ap not in m.coastal or dp not in m.coastal:
            return f"no convoy can go from {ap} to {dp}"
        j = self.at[m.place_number[ap]]
        if j < 0 or self.units[j].unit_type is not _ARMY:
            return f"no army in {ap}"
        if here not in self._sea_route(ap, dp):
            return f"{here} cannot be on a convoy route from {ap} to {dp}"
        self.dest[i] = m.place_number[dp]
        return ""

    def _fleets_could_convoy(self, src: str, dst: str) -> bool:
        """Whether fleets at sea stand on a chain of seas from ``src`` to ``dst`` (province ids).

        Any such chain lies within the map's seas on some route between them (``_sea_route``, kept per
        map), so only the fleets there are searched: usually none or one, instead of every fleet.
        """
        m, at, units = self.m, self.at, self.units
        number = m.place_number
        near_src, near_dst = m.fleet_province_adj[src], m.fleet_province_adj[dst]
        for p in near_src & near_dst:  # one fleet between them (the usual convoy)
            j = at[number[p]]
            if j >= 0 and units[j].unit_type is _FLEET and p in m.seas:
                return True
        fleets = frozenset(
            p for p in self._sea_route(src, dst)
            if at[number[p]] >= 0 and units[at[number[p]]].unit_type is _FLEET
        )
        return bool(fleets) and bool(self._on_route(src, dst, fleets))

    def _on_route(self, src: str, dst: str, seas: frozenset[str]) -> set[str]:
        """Sea provinces (of ``seas``) on some chain from ``src`` to ``dst``."""
        adj = self.m.fleet_province_adj
        return self._reach(src, seas, adj) & self._reach(dst, seas, adj)

    def _sea_route(self, src: str, dst: str) -> frozenset[str]:
        """Sea provinces on some chain of open water from ``src`` to ``dst`` (the map's ``sea_reach`` of both)."""
        reach = self.m.sea_reach
        return reach[src] & reach[dst]

    def _route_fleets(self, src: int, dst: int, fleets: Iterable[int]) -> set[int]:
        """Fleets (of ``fleets``) that lie on some convoy route ``src`` -> ``dst`` (province numbers)."""
        adj = self.m.fleet_adj_numbers
        by_prov = {self.prov[f]: f for f in fleets}
        fwd = self._reach(src, by_prov, adj)
        bwd = self._reach(dst, by_prov, adj)
        return {by_prov[p] for p in fwd & bwd}

    @staticmethod
    def _reach(start: _P, by_prov: Container[_P], adj: Any) -> set[_P]:
        """Places of ``by_prov`` reachable from ``start`` through places of ``by_prov`` (``adj[p]``: p's neighbours)."""
        seen: set[_P] = set()
        todo = deque(p for p in adj[start] if p in by_prov)
        seen.update(todo)
        while todo:
            p = todo.popleft()
            for q in adj[p]:
                if q in by_prov and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen

    def _setup_convoy_route(self, i: int, convoy_k: Mapping[int, int]) -> None:
        src, dp = self.prov[i], self.dest[i]
        cands = [f for f, ap in convoy_k.items() if ap == src and self.dest[f] == dp]
        if not cands:
            return
        on_route = self._route_fleets(src, dp, cands)
        if not self.convoyed[i] and any(self.units[f].power == self.units[i].power for f in cands):
            self.convoyed[i] = True
        if self.convoyed[i]:
            self.convoyers[i] = sorted(on_route)

    def _reach_province(self, i: int, p: str) -> bool:
        m, u = self.m, self.units[i]
        if u.unit_type is _ARMY:
            return p in m.army_adj[m.province_names[self.prov[i]]]
        return p in m.fleet_reach[u.region]

    def _setup_support(self, i: int, o: SupportHold | SupportMove) -> str:
        m, u = self.m, self.units[i]
        here = m.province_names[self.prov[i]]
        tp = m.region_province.get(o.target) or province_of(o.target)
        if tp == here:
            return "a unit cannot support itself"
        if tp not in m.provinces:
            return f"no province {tp!r}"
        j = self.at[m.place_number[tp]]
        if j < 0:
            return f"no unit in {tp} to support"
        if isinstance(o, SupportHold):
            if not self._reach_province(i, tp):
                return f"{u.region} cannot reach {tp}"
            self.kind[i] = _SUP_HOLD
            self.dest[i] = m.place_number[tp]
            if self.kind[j] != _MOVE and (o.target_type is None or o.target_type is self.units[j].unit_type):
                self.supporters[j] = (*self.supporters[j], i)
            return ""
        dp = m.region_province.get(o.dest) or province_of(o.dest)
        if dp == here:
            return "a unit cannot support a move into its own province"
        if dp not in m.provinces or not self._reach_province(i, dp):
            return f"{u.region} cannot reach {dp}"
        self.kind[i] = _SUP_MOVE
        self.dest[i] = dpn = m.place_number[dp]
        if (
            self.kind[j] == _MOVE
            and self.dest[j] == dpn
            and (o.dest == dp or o.dest == self.orders[self.order_k[j]].dest)  # type: ignore[attr-defined]
            and (o.target_type is None or o.target_type is self.units[j].unit_type)
        ):
            self.supporters[j] = (*self.supporters[j], i)
        return ""

    # -- the decisions ----------------------------------------------------------

    def _resolve(self, i: int, opt: bool) -> bool:
        r = self.resolved[i]
        if r is not None:
            return r
        if self.in_cycle[i]:
            return opt
        if self.visited[i]:
            self.cycle.append(i)
            self.in_cycle[i] = True
            self.hits += 1
            return opt
        self.visited[i] = True
        old_len, old_hits = len(self.cycle), self.hits
        opt_r = self._adjudicate(i, True)
        pes_r = self._adjudicate(i, False) if opt_r else False
        self.visited[i] = False
        if opt_r == pes_r:
            self._drop_cycle(old_len)
            self.hits = old_hits
            self.resolved[i] = opt_r
            return opt_r
        if self.in_cycle[i]:
            self.hits -= 1
        if self.hits == old_hits:
            self._backup_rule(self.cycle[old_len:])
            self._drop_cycle(old_len)
            return self._resolve(i, opt)
        if not self.in_cycle[i]:
            self.cycle.append(i)
            self.in_cycle[i] = True
        return opt

    def _drop_cycle(self, old_len: int) -> None:
        cycle = self.cycle
        if len(cycle) > old_len:  # seldom: no slices otherwise, a builtin of their own that is slow from cold
            for j in cycle[old_len:]:
                self.in_cycle[j] = False
            del cycle[old_len:]

    def _backup_rule(self, cycle: Sequence[int]) -> None:
        convoys = [j for j in cycle if self.kind[j] == _CONVOY]
        if convoys:  # convoy paradox: Szykman rule
            if self.szykman is None:
                self.szykman = set()
            for j in convoys:
                self.resolved[j] = False
                self.szykman.add(j)
        else:  # circular movement
            for j in cycle:
                if self.kind[j] == _MOVE:
                    self.resolved[j] = True

    def _adjudicate(self, i: int, opt: bool) -> bool:
        k = self.kind[i]
        if k == _MOVE:
            return self._adj_move(i, opt)
        if k == _CONVOY:
            # DATC 5.D: adjudicate (not resolve) the attackers, so that
            # convoy paradoxes form clean single cycles.
            for a in self.attackers[self.prov[i]]:
                r = self.resolved[a]
                if r if r is not None else self._adj_move(a, not opt):
                    return False
            return True
        return self._adj_support(i, opt)

    def _path(self, i: int, opt: bool) -> bool:
        if not self.convoyed[i]:
            return True
        fleets = self.convoyers.get(i, ())
        if not fleets:
            return False
        ok = [f for f in fleets if self._resolve(f, opt)]
        if not ok:
            return False
        src, dp = self.prov[i], self.dest[i]
        by_prov = {self.prov[f]: f for f in ok}
        adj = self.m.fleet_adj_numbers
        return any(dp in adj[p] for p in self._reach(src, by_prov, adj))

    def _count(self, sups: Sequence[int], opt: bool, not_power: str | None = None) -> int:
        if not sups:
            return 0
        n = 0
        for s in sups:
            if not_power is not None and self.units[s].power == not_power:
                continue
            if self._resolve(s, opt):
                n += 1
        return n

    def _hold_strength(self, p: int, hi: bool) -> int:
        j = self.at[p]
        if j < 0:
            return 0
        if self.kind[j] == _MOVE:
            return 0 if self._resolve(j, not hi) else 1
        return 1 + self._count(self.supporters[j], hi)

    def _attack_strength(self, i: int, hi: bool) -> int:
        if not self._path(i, hi):
            return 0
        j = self.at[self.dest[i]]
        if j < 0 or (i not in self.opposite and self.kind[j] == _MOVE and self._resolve(j, hi)):
            return 1 + self._count(self.supporters[i], hi)
        if self.units[j].power == self.units[i].power:
            return 0
        return 1 + self._count(self.supporters[i], hi, not_power=self.units[j].power)

    def _prevent_strength(self, i: int, hi: bool) -> int:
        if not self._path(i, hi):
            return 0
        o = self.opposite.get(i, -1)
        if o >= 0 and self._resolve(o, not hi):
            return 0
        return 1 + self._count(self.supporters[i], hi)

    def _adj_move(self, i: int, opt: bool) -> bool:
        atk = self._attack_strength(i, opt)
        if atk == 0:
            return False
        o = self.opposite.get(i, -1)
        d = self.dest[i]
        if o >= 0:
            if atk <= 1 + self._count(self.supporters[o], not opt):
                return False
        elif atk <= self._hold_strength(d, not opt):
            return False
        for a in self.attackers[d]:  # noqa: SIM110 - a loop, not all() over a generator: runs per decision
            if a != i and atk <= self._prevent_strength(a, not opt):
                return False
        return True

    def _adj_support(self, i: int, opt: bool) -> bool:
        p = self.prov[i]
        power = self.units[i].power
        sd = self.dest[i] if self.kind[i] == _SUP_MOVE else -1
        for a in self.attackers[p]:
            if self.units[a].power == power:
                continue
            if self.prov[a] == sd:
                # cannot cut the support of an attack on itself, only dislodge
                if self._resolve(a, not opt):
                    return False
            elif self._path(a, not opt):
                return False
        return True

    # -- results -----------------------------------------------------------------

    def run(self) -> MovementResult:
        """Decide what the set-up left open, then build the result: one walk over the attacked provinces."""
        kind, resolved, attackers, prov, at = self.kind, self.resolved, self.attackers, self.prov, self.at
        names = self.m.province_names
        searching = False
        i = -1
        for k in kind:
            i += 1
            if k != _HOLD and resolved[i] is None:
                if not searching:  # the search's own state, for the phases that need a search (most do)
                    self.visited = [False] * len(kind)
                    self.in_cycle = [False] * len(kind)
                    searching = True
                self._resolve(i, False)
        # the units afterwards, in unit order: each that moved at its destination, the dislodged left out
        placed, orders, order_k = self.units, self.orders, self.order_k
        convoyed, opposite = self.convoyed, self.opposite
        units = placed * 1  # a copy: ``[x] * n`` is in use already, ``list()`` would be one more builtin
        dislodged: list[Dislodged] = []
        is_dislodged: dict[int, int] = {}  # dislodged unit -> the unit that moved in
        contested: list[str] = []
        new, set_power, set_unit_type, set_region = _new, _set_unit_power, _set_unit_type, _set_unit_region
        for d in self.targets:
            atts = attackers[d]
            for a in atts:
                if resolved[a]:  # the one move into d that succeeded
                    u = units[a]
                    moved = new(Unit)  # new_unit(...), inline
                    set_power(moved, u.power)
                    set_unit_type(moved, u.unit_type)
                    set_region(moved, orders[order_k[a]].dest)  # type: ignore[attr-defined]
                    units[a] = moved
                    j = at[d]
                    if j >= 0 and (kind[j] != _MOVE or not resolved[j]):
                        is_dislodged[j] = a
                    break
            else:  # nobody moved in: a standoff if some attacker had a prevent strength (a path, no lost head-to-head)
                for a in atts:
                    if (not convoyed[a] or self._path(a, False)) and not resolved[opposite.get(a, a)]:
                        contested.append(names[d])
                        break
        if is_dislodged:
            for j in sorted(is_dislodged):
                a = is_dislodged[j]
                dislodged.append(_dislodged(placed[j], names[prov[a]], convoyed[a]))
            units = [u for j, u in enumerate(units) if j not in is_dislodged]
        # one result per order, in the orders' order: the illegal ones, then the others walked by unit
        results: list[Any] = [None] * len(orders)
        invalid, szykman = self.invalid, self.szykman
        set_order, set_ok, set_reason = _set_r_order, _set_r_ok, _set_r_reason
        if invalid:
            for k, why in invalid.items():
                res = new(OrderResult)
                set_order(res, orders[k])
                set_ok(res, False)
                set_reason(res, f"illegal: {why}")
                results[k] = res
        i = -1
        for k in order_k:
            i += 1
            if k < 0 or (invalid and k in invalid):  # no order, or an illegal one (the unit holds)
                continue
            kd, r = kind[i], resolved[i] is True
            if kd == _MOVE:
                reason = "moves" if r else ("bounced" if not convoyed[i] or self._path(i, False) else "no convoy route")
            elif kd == _HOLD:
                r = i not in is_dislodged
                reason = "holds" if r else "dislodged"
            elif kd == _CONVOY:
                paradox = szykman is not None and i in szykman
                r = r and not paradox
                reason = "convoy paradox (Szykman rule)" if paradox else ("convoys" if r else "dislodged")
            else:  # a support
                reason = "support given" if r else ("dislodged" if i in is_dislodged else "support cut")
            res = new(OrderResult)  # _result(o, r, reason), inline: this runs once per order
            set_order(res, orders[k])
            set_ok(res, r)
            set_reason(res, reason)
            results[k] = res
        out = _new(MovementResult)
        # the frozen dataclass's slots set through their descriptors, as for the order results (a slots class: no
        # ``__dict__`` to make, which was a generic attribute look-up and a new dict per phase); the common empty
        # fields are shared constants
        _set_m_results(out, tuple(results))
        _set_m_units(out, tuple(units))
        _set_m_dislodged(out, tuple(dislodged) if dislodged else ())
        _set_m_contested(out, frozenset(contested) if contested else _NOWHERE)
        return out




def adjudicate_movement(m: MapData, units: Iterable[Unit], orders: Iterable[Order]) -> MovementResult:
    """Resolve a movement phase.  Unordered units hold; illegal orders fail and hold."""
    mv = _new(_Movement)
    mv.setup(m, units if type(units) is list else list(units), orders if type(orders) is list else list(orders))
    return mv.run()


# -- retreats -----------------------------------------------------------------


def adjudicate_retreats(
    m: MapData,
    movement: MovementResult,
    orders: Iterable[Order],
) -> RetreatResult:
    """Resolve the retreat phase that follows ``movement``.

    A dislodged unit may retreat to an adjacent empty province that is not
    its attacker's origin (unless the attack came by convoy) nor left empty
    by a standoff.  Two retreats to one province both fail; a failed or
    missing retreat disbands the unit.
    """
    occupied = {u.province for u in movement.units}
    by_prov = {d.unit.province: d for d in movement.dislodged}
    chosen: dict[str, tuple[int, str]] = {}  # dislodged province -> (order index, dest)
    fail: dict[int, str] = {}
    orders = list(orders)
    for k, o in enumerate(orders):
        p = province_of(o.region)
        d = by_prov.get(p)
        if d is None:
            fail[k] = f"no dislodged unit in {p}"
            continue
        u = d.unit
        if (o.power is not None and o.power != u.power) or (o.unit_type is not None and o.unit_type is not u.unit_type):
            fail[k] = f"the dislodged unit in {p} is {u}"
            continue
        if p in chosen:
            fail[k] = f"the unit in {p} already has an order"
            continue
        if isinstance(o, Disband):
            chosen[p] = (k, "")
            continue
        if not isinstance(o, Retreat | Move):
            fail[k] = "not a retreat-phase order"
            continue
        dest = o.dest
        dp = province_of(dest)
        why = ""
        if u.unit_type is UnitType.ARMY:
            if dest != dp or not m.army_can_move(p, dp):
                why = f"an army cannot retreat from {p} to {dest}"
        elif (dest == dp and m.coasts_of(dp)) or not m.fleet_can_move(u.region, dest):
            why = f"a fleet cannot retreat from {u.region} to {dest}"
        if not why:
            if dp in occupied:
                why = f"{dp} is occupied"
            elif dp == d.attacker_origin and not d.by_convoy:
                why = f"{dp} is where the attacker came from"
            elif dp in movement.contested:
                why = f"{dp} was left empty by a standoff"
        if why:
            fail[k] = why
            chosen[p] = (k, "")
            continue
        chosen[p] = (k, dest)
    targets: dict[str, int] = {}
    for _k, dest in chosen.values():
        if dest:
            targets[province_of(dest)] = targets.get(province_of(dest), 0) + 1
    units = list(movement.units)
    disbanded: list[Unit] = []
    ok: set[int] = set()
    for p, d in by_prov.items():
        k, dest = chosen.get(p, (-1, ""))
        if dest and targets[province_of(dest)] == 1:
            units.append(Unit(d.unit.power, d.unit.unit_type, dest))
            ok.add(k)
        else:
            disbanded.append(d.unit)
            if k >= 0 and dest:
                fail[k] = f"standoff in {province_of(dest)}"
            elif k >= 0 and k not in fail:
                ok.add(k)  # an ordered disband
    results = tuple(
        OrderResult(o, k in ok, "retreats" if k in ok else fail.get(k, "fails"))
        if not isinstance(o, Disband) or k in fail
        else OrderResult(o, True, "disbanded")
        for k, o in enumerate(orders)
    )
    return RetreatResult(results, tuple(units), tuple(disbanded))


# -- adjustments ----------------------------------------------------------------


def update_ownership(m: MapData, units: Iterable[Unit], owners: Mapping[str, str]) -> dict[str, str]:
    """Centre owners after a Fall turn: an occupied centre passes to its occupier."""
    new = dict(owners)
    for u in units:
        if m.provinces[u.province].supply_center:
            new[u.province] = u.power
    return new


def _distances(m: MapData, targets: set[str]) -> dict[str, int]:
    """Province -> fewest moves (over any border, land or sea) to a target."""
    dist = dict.fromkeys(targets, 0)
    todo = deque(targets)
    while todo:
        p = todo.popleft()
        for q in m.any_adj[p]:
            if q not in dist:
                dist[q] = dist[p] + 1
                todo.append(q)
    return dist


def adjudicate_adjustments(
    m: MapData,
    units: Iterable[Unit],
    owners: Mapping[str, str],
    orders: Iterable[Order],
) -> AdjustmentResult:
    """Resolve builds and disbands.

    A power with more centres than units may build (in its own vacant home
    centres that it still owns); one with fewer must disband, and units it
    fails to disband are removed in civil disorder (2023 rulebook: farthest
    from an owned centre first, counting moves over land and sea; fleets
    before armies; then alphabetically by province name).
    """
    units = list(units)
    centres: dict[str, int] = {}
    for pw in owners.values():
        centres[pw] = centres.get(pw, 0) + 1
    count: dict[str, int] = {}
    for u in units:
        count[u.power] = count.get(u.power, 0) + 1
    occupied = {u.province for u in units}
    results: list[OrderResult] = []
    built: dict[str, int] = {}
    removed: set[Unit] = set()
    removed_by: dict[str, int] = {}
    new_units: list[Unit] = []
    for o in orders:
        opw = o.power
        p = province_of(o.region)
        why = ""
        if isinstance(o, Build):
            if opw is None or o.unit_type is None:
                why = "a build names the power and the unit type"
            elif p not in m.provinces or m.provinces[p].home_power != opw:
                why = f"{p} is not a home centre of {opw}"
            elif owners.get(p) != opw:
                why = f"{opw} does not own {p}"
            elif p in occupied:
                why = f"{p} is occupied"
            elif centres.get(opw, 0) - count.get(opw, 0) - built.get(opw, 0) <= 0:
                why = f"{opw} has no build left"
            elif o.unit_type is UnitType.ARMY and not m.army_can_stand(o.region):
                why = f"an army cannot stand in {o.region}"
            elif o.unit_type is UnitType.FLEET and (
                not m.fleet_can_stand(o.region) or (o.region == p and m.coasts_of(p))
            ):
                why = f"a fleet cannot stand in {o.region}"
            if not why:
                assert opw is not None and o.unit_type is not None
                built[opw] = built.get(opw, 0) + 1
                occupied.add(p)
                new_units.append(Unit(opw, o.unit_type, o.region))
                results.append(OrderResult(o, True, "built"))
            else:
                results.append(OrderResult(o, False, why))
        elif isinstance(o, Disband):
            match = [
                u
                for u in units
                if u.province == p
                and (opw is None or u.power == opw)
                and (o.unit_type is None or u.unit_type is o.unit_type)
            ]
            if not match:
                why = f"no such unit in {p}"
            else:
                u = match[0]
                need = count.get(u.power, 0) - centres.get(u.power, 0)
                if u in removed:
                    why = "already disbanded"
                elif removed_by.get(u.power, 0) >= need:
                    why = f"{u.power} has no disband left"
            if why:
                results.append(OrderResult(o, False, why))
            else:
                removed.add(match[0])
                removed_by[match[0].power] = removed_by.get(match[0].power, 0) + 1
                results.append(OrderResult(o, True, "disbanded"))
        else:
            results.append(OrderResult(o, False, "not an adjustment-phase order"))
    civil: list[Unit] = []
    for pw in sorted(count):
        need = count[pw] - centres.get(pw, 0) - removed_by.get(pw, 0)
        if need <= 0:
            continue
        dist = _distances(m, {c for c, o in owners.items() if o == pw})
        left = [u for u in units if u.power == pw and u not in removed]
        left.sort(
            key=lambda u: (
                -dist.get(u.province, 10**6),
                u.unit_type is not UnitType.FLEET,
                m.provinces[u.province].name,
            )
        )
        civil.extend(left[:need])
    gone = removed | set(civil)
    out = [u for u in units if u not in gone] + new_units
    return AdjustmentResult(tuple(results), tuple(out), tuple(civil), dict(owners))
