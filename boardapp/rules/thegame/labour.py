"""II.E. Labour reallocation: farm <-> general pool within a region (free), and at most one labour unit
to an adjacent region, costing the source region's ED, plus the ED difference when moving to a lower
ED, doubled if the destination has no developed (active) transport net.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.state import RegionState, TheGameState
from boardapp.rules.thegame.world import World, ev


def migration_cost(w: World, source: RegionState, dest: RegionState) -> int:
    """The source's cost of moving one labour unit from ``source`` to ``dest``.

    >>> from types import SimpleNamespace as N
    >>> w = N(active_net=lambda r: r.net)
    >>> migration_cost(w, N(ed=3, net=True), N(ed=1, net=False))   # (3 + 2) x 2
    10
    """
    cost = source.ed + max(0, source.ed - dest.ed)
    return cost * 2 if not w.active_net(dest) else cost


def check_reallocate(w: World, s: TheGameState, cmd: c.Reallocate) -> list[str]:
    if err := w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    if r.sea:
        return [Impossible(f"{w.rname(cmd.region)} is a sea region")]
    if r.owner is None:
        return [f"{w.rname(cmd.region)} is not a player region: its labour is not reallocated"]
    have = r.pool if cmd.to == "farm" else r.farm
    other = "general pool" if cmd.to == "farm" else "farm sector"
    if have < cmd.count:
        return [f"{w.rname(cmd.region)}'s {other} has {have} labour units; {cmd.count} asked"]
    return []


def apply_reallocate(w: World, s: TheGameState, cmd: c.Reallocate, dice: Dice) -> list[Event]:
    r = s.regions[cmd.region]
    if cmd.to == "farm":
        n = min(cmd.count, r.pool)
        r.pool -= n
        r.farm += n
    else:
        n = min(cmd.count, r.farm)
        r.farm -= n
        r.pool += n
    where_ = "the farm sector" if cmd.to == "farm" else "the general pool"
    return [ev("labour", f"{w.rname(cmd.region)}: {n} labour to {where_}", places=(cmd.region,))]


def check_migrate(w: World, s: TheGameState, cmd: c.Migrate) -> list[str]:
    if err := w.no_region(s, cmd.source) or w.no_region(s, cmd.to):
        return [err]
    src, dst = s.regions[cmd.source], s.regions[cmd.to]
    out = []
    if src.owner is None:
        return [Impossible(f"{w.rname(cmd.source)} is not a player region: no nation pays for the move")]
    if src.sea or dst.sea:
        return [Impossible("labour lives in land regions")]
    if cmd.to not in w.adj.get(cmd.source, ()):
        out.append(f"{w.rname(cmd.to)} is not adjacent to {w.rname(cmd.source)}")
    if dst.sea or dst.owner is None or s.nations[dst.owner].player != s.nations[src.owner].player:
        out.append(f"labour moves between regions of the same player's countries; {w.rname(cmd.to)} is not one")
    if src.labour_left:
        out.append(f"a labour unit has already left {w.rname(cmd.source)} this turn (at most one)")
    if src.pool < 1:
        out.append(f"{w.rname(cmd.source)} has no labour in its general pool")
    cost = migration_cost(w, src, dst)
    bank = s.nations[src.owner].bank
    if bank < cost:
        out.append(f"moving a labour unit from {w.rname(cmd.source)} to {w.rname(cmd.to)} costs ${cost}; "
                   f"{w.nname(src.owner)} has ${bank}")
    return out


def apply_migrate(w: World, s: TheGameState, cmd: c.Migrate, dice: Dice) -> list[Event]:
    src, dst = s.regions[cmd.source], s.regions[cmd.to]
    assert src.owner is not None
    cost = migration_cost(w, src, dst)
    n = s.nations[src.owner]
    n.bank = max(0, n.bank - cost)
    if src.pool:
        src.pool -= 1
        if cmd.sector == "farm":
            dst.farm += 1
        else:
            dst.pool += 1
    src.labour_left = True
    return [ev("migrate", f"one labour unit moves from {w.rname(cmd.source)} to {w.rname(cmd.to)}'s "
               f"{'farm sector' if cmd.sector == 'farm' else 'general pool'}", places=(cmd.source, cmd.to),
               data={"cost": cost})]
