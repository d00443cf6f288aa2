"""V. Transportation and trade: trade has no rules (any deal), but how much moves is limited.

Land: food, coal and minerals move through regions with a developed (active) transport net, plus one
region without a net at each end of a land stretch; oil, electricity, hydrogen and money move through
any land. Sea: through zones holding a friendly merchant ship (a pipeline), or carried by one ship (or
transport aircraft) moving up to 50 zones, a load or unload costing one zone each. Air never carries
coal or minerals. Nothing moves into or out of a region struck by a nuclear weapon this turn.
"""

from __future__ import annotations

from itertools import pairwise

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
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
    elif by_ship(w, cmd) and loadable(s, src.id, cmd.good) < cmd.amount:
        out.append(once_per_turn(w, s, src.id, cmd.good))
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
                         and {"merchant", "transport"} & set(w.utype(u).tags) and friendly(s, player, u.nation)]
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
    if not friendly(s, player, carrier.nation):
        out.append(f"{cmd.carrier} is neither {w.pname(player)}'s nor named friendly to him (friendly_ships)")
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
    # goods off a ship this turn: by ship now, they land here marked; by land, they carry their mark along
    was = _marked(s, src.id, cmd.good)
    moved_marked = 0 if by_ship(w, cmd) else min(n, was)
    _mark(s, src.id, cmd.good, min(was, src.stock[cmd.good]) - was if by_ship(w, cmd) else -moved_marked)
    _mark(s, dst.id, cmd.good, n if by_ship(w, cmd) else moved_marked)
    if cmd.carrier is not None:
        s.carrier_zones[cmd.carrier] = s.carrier_zones.get(cmd.carrier, 0) + carrier_zones(w, cmd)
    by = f" by {cmd.carrier}" if cmd.carrier else ""
    return [ev("ship", f"{w.nname(cmd.nation)} moves {n} {cmd.good} from {w.rname(src.id)} to {w.rname(dst.id)}{by}",
               teams=(s.nations[cmd.nation].player,), places=tuple(cmd.path))]


# --- an item is loaded and off-loaded only once per turn --------------------------------------------------
def friendly(s: TheGameState, player: str, owner_nation: str) -> bool:
    """Whether ships and aircraft of ``owner_nation`` are friendly to ``player``: his own, or named friendly."""
    owner = s.nations[owner_nation].player
    return owner == player or (player, owner) in s.friendly_ships


def by_ship(w: World, cmd: c.Ship) -> bool:
    """Whether a shipment goes on a ship or aircraft: it has a sea stretch or a named carrier."""
    return cmd.carrier is not None or any(r in w.sea for r in cmd.path)


def _marked(s: TheGameState, region: str, good: str) -> int:
    return s.unloaded.get(f"{region}:{good}", 0)


def _mark(s: TheGameState, region: str, good: str, change: int) -> None:
    key = f"{region}:{good}"
    n = s.unloaded.get(key, 0) + change
    if n > 0:
        s.unloaded[key] = n
    else:
        s.unloaded.pop(key, None)


def loadable(s: TheGameState, region: str, good: str) -> int:
    """Units of a good in a region that may go on a ship or aircraft: those not off-loaded from one this turn."""
    return max(0, s.regions[region].stock.get(good, 0) - _marked(s, region, good))


def once_per_turn(w: World, s: TheGameState, region: str, good: str) -> str:
    return (f"{w.rname(region)} holds {s.regions[region].stock.get(good, 0)} {good}, of which "
            f"{_marked(s, region, good)} were off-loaded from a ship or aircraft this turn: an item is loaded and "
            f"off-loaded only once per turn, so {loadable(s, region, good)} may be loaded")


# --- a voyage with several stops -------------------------------------------------------------------
def _hold_fits(w: World, hold: dict[str, int]) -> bool:
    """One ship carries ship_bulk food, coal, minerals or uranium, or ship_fluid oil or hydrogen (mixed loads in
    proportion)."""
    bulk = sum(n for g, n in hold.items() if g not in FLUID)
    fluid = sum(n for g, n in hold.items() if g in FLUID)
    st = w.settings
    return bulk * st.ship_fluid + fluid * st.ship_bulk <= st.ship_bulk * st.ship_fluid


def voyage_zones(cmd: c.Voyage) -> int:
    """Zones a voyage spends: each zone sailed (or flown) through, plus one for each loading and each unloading."""
    zones = 0
    for leg in cmd.route:
        if isinstance(leg, str):
            zones += 1
        else:
            zones += (1 if leg.load else 0) + (1 if leg.unload else 0)
    return zones


def check_voyage(w: World, s: TheGameState, cmd: c.Voyage) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_unit(s, cmd.carrier):
        return [err]
    names = [leg if isinstance(leg, str) else leg.port for leg in cmd.route]
    for reg in names:
        if err := w.no_region(s, reg):
            return [err]
    carrier = s.units[cmd.carrier]
    tags = w.utype(carrier).tags
    player = s.nations[cmd.nation].player
    aircraft = "transport" in tags
    if "merchant" not in tags and not aircraft:
        return [Impossible(f"{cmd.carrier} is neither a merchant ship nor a transport aircraft")]
    out: list[str] = []
    if not isinstance(cmd.route[0], c.Stop) or not isinstance(cmd.route[-1], c.Stop):
        out.append("a voyage begins and ends at a stop ({port: …})")
    if not friendly(s, player, carrier.nation):
        out.append(f"{cmd.carrier} is neither {w.pname(player)}'s nor named friendly to him (friendly_ships)")
    if not carrier.active:
        out.append(f"{cmd.carrier} is inactive")
    if cmd.carrier in s.combat_ships:
        out.append(f"{cmd.carrier} moved combat units this turn: it carries no trade")
    for a, b in pairwise(names):
        if b not in w.adj.get(a, ()):
            out.append(f"{w.rname(b)} is not adjacent to {w.rname(a)}")
    hold: dict[str, int] = {}
    taken: dict[tuple[str, str], int] = {}
    for i, leg in enumerate(cmd.route):
        if isinstance(leg, str):
            if not aircraft and leg not in w.sea:
                out.append(f"{w.rname(leg)} is land: a ship sails through sea zones (stops are {{port: …}})")
            if s.regions[leg].struck:
                out.append(f"nothing moves into or out of {w.rname(leg)} (struck by a nuclear weapon this turn)")
            continue
        port = s.regions[leg.port]
        if port.sea:
            out.append(f"stop {i + 1}: {w.rname(leg.port)} is a sea region: goods are loaded and off-loaded in land "
                       "regions")
            continue
        if (leg.load or leg.unload) and port.struck:
            out.append(f"stop {i + 1}: nothing moves into or out of {w.rname(leg.port)} (struck by a nuclear weapon "
                       "this turn)")
        for good, n in leg.unload.items():
            if hold.get(good, 0) < n:
                out.append(f"stop {i + 1}: {cmd.carrier} carries {hold.get(good, 0)} {good} here, not {n}")
            hold[good] = max(0, hold.get(good, 0) - n)
        for good, n in leg.load.items():
            if good == "electricity":
                out.append("electricity moves by land only")
            if aircraft and good in NOT_BY_AIR:
                out.append(f"aircraft never carry {good}")
            if port.owner != cmd.nation and port.relations.get(player) != "control":
                out.append(f"stop {i + 1}: the goods in {w.rname(leg.port)} are not {w.nname(cmd.nation)}'s")
            key = (leg.port, good)
            taken[key] = taken.get(key, 0) + n
            if port.stock.get(good, 0) < taken[key]:
                out.append(f"stop {i + 1}: {w.rname(leg.port)} holds {port.stock.get(good, 0)} {good}")
            elif loadable(s, leg.port, good) < taken[key]:
                out.append(f"stop {i + 1}: " + once_per_turn(w, s, leg.port, good))
            hold[good] = hold.get(good, 0) + n
        if not _hold_fits(w, {g: n for g, n in hold.items() if n}):
            st = w.settings
            out.append(f"stop {i + 1}: {cmd.carrier} would carry {', '.join(f'{n} {g}' for g, n in hold.items() if n)}"
                       f"; a {'ship' if not aircraft else 'aircraft'} carries {st.ship_bulk} food, coal, minerals or "
                       f"uranium, or {st.ship_fluid} oil or hydrogen")
    if any(hold.values()):
        out.append(f"the voyage ends with {', '.join(f'{n} {g}' for g, n in hold.items() if n)} aboard: off-load it "
                   "at a stop")
    zones = voyage_zones(cmd)
    used = s.carrier_zones.get(cmd.carrier, 0)
    if used + zones > w.settings.ship_zones:
        out.append(f"{cmd.carrier} has moved {used} zones this turn; this voyage needs {zones} (each loading and "
                   f"unloading one) of at most {w.settings.ship_zones}")
    return out


def apply_voyage(w: World, s: TheGameState, cmd: c.Voyage, dice: Dice) -> list[Event]:
    hold: dict[str, int] = {}
    words: list[str] = []
    places: list[str] = []
    for leg in cmd.route:
        if isinstance(leg, str):
            places.append(leg)
            continue
        r = s.regions[leg.port]
        places.append(leg.port)
        for good, asked in leg.unload.items():
            n = min(asked, hold.get(good, 0))  # forced: only what is aboard comes off
            hold[good] = hold.get(good, 0) - n
            r.stock[good] = r.stock.get(good, 0) + n
            _mark(s, leg.port, good, n)
            if n:
                words.append(f"off-loads {n} {good} at {w.rname(leg.port)}")
        for good, asked in leg.load.items():
            n = min(asked, loadable(s, leg.port, good))  # forced: only what may be loaded goes aboard
            r.stock[good] = r.stock.get(good, 0) - n
            hold[good] = hold.get(good, 0) + n
            if n:
                words.append(f"loads {n} {good} at {w.rname(leg.port)}")
    s.carrier_zones[cmd.carrier] = s.carrier_zones.get(cmd.carrier, 0) + voyage_zones(cmd)
    # (a forced voyage ending with goods aboard leaves them at its last stop)
    last = cmd.route[-1]
    if isinstance(last, c.Stop):
        for left, n in hold.items():
            if n:
                s.regions[last.port].stock[left] = s.regions[last.port].stock.get(left, 0) + n
                _mark(s, last.port, left, n)
    return [ev("voyage", f"{cmd.carrier} ({w.nname(cmd.nation)}): {'; '.join(words) or 'carries nothing'} "
               f"({voyage_zones(cmd)} zones)", teams=(s.nations[cmd.nation].player,),
               places=tuple(dict.fromkeys(places)), counters=(cmd.carrier,), data={"zones": voyage_zones(cmd)})]


def check_friendly_ships(w: World, s: TheGameState, cmd: c.FriendlyShips) -> list[str]:
    if err := w.no_player(cmd.player) or w.no_player(cmd.owner):
        return [err]
    if cmd.player == cmd.owner:
        return [Impossible("a player's own ships are friendly to him anyway")]
    return []


def apply_friendly_ships(w: World, s: TheGameState, cmd: c.FriendlyShips, dice: Dice) -> list[Event]:
    key = (cmd.player, cmd.owner)
    if cmd.friendly:
        s.friendly_ships.add(key)
    else:
        s.friendly_ships.discard(key)
    verb = "are" if cmd.friendly else "are no longer"
    return [ev("friendly-ships", f"{w.pname(cmd.owner)}'s merchant ships and transport aircraft {verb} friendly to "
               f"{w.pname(cmd.player)} (his pipelines, his goods)", teams=(cmd.player, cmd.owner))]


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
