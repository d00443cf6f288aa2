"""V. Transportation and trade: trade has no rules (any deal), but how much moves is limited.

Land: food, coal and minerals move through regions with a developed (active) transport net, plus one
region without a net at each end of a land stretch; oil, electricity, hydrogen and money move through
any land. Sea: through zones holding a friendly merchant ship (a pipeline), or carried by one ship (or
transport aircraft) moving up to 50 zones, a load or unload costing one zone each. Air never carries
coal or minerals. Nothing moves into or out of a region struck by a nuclear weapon this turn.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.world import World, ev

NEEDS_NET = frozenset({"food", "coal", "minerals"})
NOT_BY_AIR = frozenset({"coal", "minerals"})
FLUID = frozenset({"oil", "hydrogen"})


def _stretches(w: World, path: list[str]) -> list[tuple[bool, list[str]]]:
    """The path cut into (sea?, regions) stretches."""
    out: list[tuple[bool, list[str]]] = []
    for reg in path:
        sea = reg in w.sea
        if out and out[-1][0] == sea:
            out[-1][1].append(reg)
        else:
            out.append((sea, [reg]))
    return out


def check_ship(w: World, s: TheGameState, cmd: c.Ship) -> list[str]:
    if err := w.no_nation(s, cmd.nation):
        return [err]
    for reg in cmd.path:
        if err := w.no_region(s, reg):
            return [err]
    out = []
    player = s.nations[cmd.nation].player
    src = s.regions[cmd.path[0]]
    if src.sea or s.regions[cmd.path[-1]].sea:
        out.append("goods start and end in land regions")
    elif src.owner != cmd.nation and src.relations.get(player) != "control":
        out.append(f"the goods in {w.rname(src.id)} are not {w.nname(cmd.nation)}'s")
    if src.stock.get(cmd.good, 0) < cmd.amount:
        out.append(f"{w.rname(src.id)} holds {src.stock.get(cmd.good, 0)} {cmd.good}")
    for a, b in zip(cmd.path, cmd.path[1:], strict=False):
        if b not in w.adj.get(a, ()):
            out.append(f"{w.rname(b)} is not adjacent to {w.rname(a)}")
    struck = [w.rname(r) for r in cmd.path if s.regions[r].struck]
    if struck:
        out.append(f"nothing moves into or out of {', '.join(struck)} (struck by a nuclear weapon this turn)")
    stretches = _stretches(w, cmd.path)
    sea_legs = [regs for sea, regs in stretches if sea]
    if len(sea_legs) > 1:
        out.append("an item is loaded on and off a ship only once per turn: one sea stretch at most")
    for reg in cmd.path[1:-1]:
        r = s.regions[reg]
        if not r.sea and r.owner is None and w.relation(r, player) < 1:
            out.append(f"goods move through {w.rname(reg)} only with an Understanding there (non-player region)")
    if cmd.good in NEEDS_NET:
        for sea, regs in stretches:
            if sea:
                continue
            bare = [r for r in regs[1:-1] if not w.active_net(s.regions[r])]
            if bare:
                out.append(f"{cmd.good} moves through regions with a developed transport net (one without at each "
                           f"end): {', '.join(w.rname(r) for r in bare)} has none")
    if cmd.carrier is None:
        for regs in sea_legs:
            for zone in regs:
                ships = [u for u in s.units.values() if u.region == zone and u.active and u.id not in s.combat_ships
                         and {"merchant", "transport"} & set(w.utype(u).tags) and s.nations[u.nation].player == player]
                if not ships:
                    out.append(f"{w.rname(zone)} has no friendly merchant ship (no pipeline): name a carrier")
                elif cmd.good in NOT_BY_AIR and all("transport" in w.utype(u).tags for u in ships):
                    out.append(f"the pipeline through {w.rname(zone)} is by air: aircraft never carry {cmd.good}")
        return out
    if err := w.no_unit(s, cmd.carrier):
        return [*out, err]
    carrier = s.units[cmd.carrier]
    tags = w.utype(carrier).tags
    if "merchant" not in tags and "transport" not in tags:
        out.append(f"{cmd.carrier} is neither a merchant ship nor a transport aircraft")
    if s.nations[carrier.nation].player != player:
        out.append(f"{cmd.carrier} is not {w.pname(player)}'s")
    if cmd.carrier in s.combat_ships:
        out.append(f"{cmd.carrier} moved combat units this turn: it carries no trade")
    if "transport" in tags and cmd.good in NOT_BY_AIR:
        out.append(f"aircraft never carry {cmd.good}")
    if cmd.good == "electricity":
        out.append("electricity moves by land only")
    limit = w.settings.ship_fluid if cmd.good in FLUID else w.settings.ship_bulk
    if cmd.amount > limit:
        out.append(f"a {'ship' if 'merchant' in tags else 'aircraft'} carries {limit} {cmd.good}")
    zones = carrier_zones(w, cmd)
    used = s.carrier_zones.get(cmd.carrier, 0)
    if used + zones > w.settings.ship_zones:
        out.append(f"{cmd.carrier} has moved {used} zones this turn; this trip needs {zones} (loading and unloading "
                   f"one each) of at most {w.settings.ship_zones}")
    return out


def carrier_zones(w: World, cmd: c.Ship) -> int:
    """Zones a carrier spends: each sea zone (for aircraft, each region) crossed, plus one to load and one to unload."""
    if cmd.carrier is None:
        return 0
    crossed = len(cmd.path) - 2 if not any(r in w.sea for r in cmd.path) else sum(1 for r in cmd.path if r in w.sea)
    return max(crossed, 0) + 2


def apply_ship(w: World, s: TheGameState, cmd: c.Ship, dice: Dice) -> list[Event]:
    src, dst = s.regions[cmd.path[0]], s.regions[cmd.path[-1]]
    n = min(cmd.amount, src.stock.get(cmd.good, 0))
    src.stock[cmd.good] = src.stock.get(cmd.good, 0) - n
    dst.stock[cmd.good] = dst.stock.get(cmd.good, 0) + n
    if cmd.carrier is not None:
        s.carrier_zones[cmd.carrier] = s.carrier_zones.get(cmd.carrier, 0) + carrier_zones(w, cmd)
    by = f" by {cmd.carrier}" if cmd.carrier else ""
    return [ev("ship", f"{w.nname(cmd.nation)} moves {n} {cmd.good} from {w.rname(src.id)} to {w.rname(dst.id)}{by}",
               teams=(s.nations[cmd.nation].player,), places=tuple(cmd.path))]


def check_pay(w: World, s: TheGameState, cmd: c.Pay) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_nation(s, cmd.to):
        return [err]
    if s.nations[cmd.nation].bank < cmd.amount:
        return [f"{w.nname(cmd.nation)} has ${s.nations[cmd.nation].bank}"]
    return []


def apply_pay(w: World, s: TheGameState, cmd: c.Pay, dice: Dice) -> list[Event]:
    a, b = s.nations[cmd.nation], s.nations[cmd.to]
    paid = min(cmd.amount, a.bank)  # forced: money does not appear from nowhere
    a.bank -= paid
    b.bank += paid
    return [ev("pay", f"{w.nname(cmd.nation)} pays ${paid} to {w.nname(cmd.to)}", teams=(a.player, b.player),
               hidden=True, visible_to=(a.player, b.player))]
