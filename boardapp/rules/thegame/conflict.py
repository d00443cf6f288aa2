"""IV. Armed conflict: order rolls, strategic redeployment, operational supply and movement, combat by
the d6 <= attack - defence rule in space, air, naval, land order by priority, control after combat,
breakthrough, and low-intensity combat of minor units and insurgents.
"""

from __future__ import annotations

from collections import Counter

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.diplomacy import roll_order
from boardapp.rules.thegame.scenario import ORBIT, UnitType
from boardapp.rules.thegame.state import TheGameState, UnitState
from boardapp.rules.thegame.world import World, ev

PHASES = ("space", "air", "naval", "land")
CATEGORY_PHASE = {"space": "space", "air": "air", "naval": "naval", "ground": "land"}


def attack_restriction(attacker: UnitType, target: UnitType) -> str | None:
    """The source's restrictions on who attacks whom, as a reason (None: allowed).

    >>> from boardapp.rules.thegame.scenario import default_unit_types
    >>> t = {u.id: u for u in default_unit_types()}
    >>> attack_restriction(t["bomber"], t["fighter"]), attack_restriction(t["bomber"], t["warship"])
    ('bombers cannot attack other air units', None)
    """
    if "bomber" in attacker.tags and target.category == "air":
        return "bombers cannot attack other air units"
    if attacker.category == "ground" and target.category == "naval":
        return "ground units cannot attack naval units"
    if attacker.category == "space" and "icbm" not in attacker.tags and target.category != "space":
        return "spacecraft attack only spacecraft (ICBMs excepted)"
    if attacker.category != "space" and target.category == "space":
        return "air, ground and naval units cannot attack spacecraft"
    if attacker.minor and not target.minor:
        return "minor units never attack major units"
    return None


def hits(die: int, attacker: UnitType, target: UnitType) -> bool:
    """An attack eliminates its target when the d6 roll is at most attack value - defence value.

    The source's example: a bomber (attack 4) against an improved mech (defence 1) needs 3 or less.
    """
    return die <= attacker.attack - target.defence


# --- order of action ------------------------------------------------------------------------
def check_roll_order(w: World, s: TheGameState, cmd: c.RollOrder) -> list[str]:
    for p in cmd.players:
        if err := w.no_player(p):
            return [err]
    return []


def apply_roll_order(w: World, s: TheGameState, cmd: c.RollOrder, dice: Dice) -> list[Event]:
    order, words = roll_order(dice, cmd.players)
    s.order = order
    return [ev("order", f"order of action this year: {', '.join(order)} (rolls: {'; '.join(words)})",
               teams=tuple(order), data={"order": order})]


# --- strategic redeployment -------------------------------------------------------------------
def passable(w: World, s: TheGameState, u: UnitState, region: str) -> str | None:
    """Why unit ``u`` may not redeploy through ``region``, or None."""
    r = s.regions[region]
    name = w.rname(region)
    ut = w.utype(u)
    player = s.nations[u.nation].player
    if w.hostile_units(s, region, u.nation):
        return f"{name} holds hostile units: no unit enters it by redeployment"
    if r.sea:
        if ut.category == "naval":
            return None
        ships = [x for x in s.units.values() if x.region == region and x.active and "merchant" in w.utype(x).tags
                 and s.nations[x.nation].player == player]
        return None if ships else f"{name} is a sea region without a friendly merchant ship to carry {u.id}"
    if ut.category == "naval":
        return f"{u.id} is a naval unit: it does not enter land regions"
    own = (r.owner is not None and w.player_of(s, r.owner) == player) or (
        r.occupier is not None and w.player_of(s, r.occupier) == player)
    transit = r.owner is not None and (region, r.owner, player) in s.transit
    # Alliance: major units may be stationed there; Understanding: minor units
    allied = r.owner is None and w.relation(r, player) >= (1 if ut.minor else 2)
    if not (own or transit or allied):
        return (f"{name} is neither {w.pname(player)}'s home country, nor a region whose nation allows him transit, "
                "nor an allied or controlled non-player region (an Understanding suffices for minor units)")
    if not ut.minor and r.rough and not w.active_net(r):
        return f"{name} is rough terrain without a developed transport net: major units do not redeploy through it"
    return None


def check_redeploy(w: World, s: TheGameState, cmd: c.Redeploy) -> list[str]:
    if err := w.no_unit(s, cmd.unit):
        return [err]
    for reg in cmd.path:
        if err := w.no_region(s, reg):
            return [err]
    u = s.units[cmd.unit]
    if u.region == ORBIT or w.utype(u).category == "space":
        return ["spacecraft do not redeploy"]
    out = []
    if not u.active:
        out.append(f"{u.id} is inactive")
    here = u.region
    for reg in cmd.path:
        if reg not in w.adj.get(here, ()):
            out.append(f"{w.rname(reg)} is not adjacent to {w.rname(here)}")
            break
        if why := passable(w, s, u, reg):
            out.append(why)
        here = reg
    return out


def apply_redeploy(w: World, s: TheGameState, cmd: c.Redeploy, dice: Dice) -> list[Event]:
    u = s.units[cmd.unit]
    start = u.region
    if w.utype(u).category != "naval":  # the merchant ships that carried it carry no trade this turn
        player = w.side(s, u)
        for zone in cmd.path:
            ship = next((x.id for x in sorted(s.units.values(), key=lambda x: x.id) if x.region == zone
                         and "merchant" in w.utype(x).tags and w.side(s, x) == player), None)
            if ship is not None:
                s.combat_ships.add(ship)
    u.region = cmd.path[-1]
    return [ev("redeploy", f"{u.id} redeploys from {w.rname(start)} to {w.rname(u.region)}",
               teams=(w.side(s, u),), places=(start, u.region), counters=(u.id,))]


# --- operational supply, replacement, movement ------------------------------------------------
def check_supply(w: World, s: TheGameState, cmd: c.Supply) -> list[str]:
    out: list[str] = []
    for uid in cmd.units:
        if err := w.no_unit(s, uid):
            return [err]
    if len(set(cmd.units)) != len(cmd.units):
        return [Impossible("a unit is named twice")]
    by_nation: Counter[str] = Counter()
    for uid in cmd.units:
        u = s.units[uid]
        if w.utype(u).minor:
            out.append(f"{uid} is a minor unit: minor units need no operational supply")
        if u.supplied:
            out.append(f"{uid} is already supplied this year")
        if not u.active:
            out.append(f"{uid} is inactive")
        by_nation[u.nation] += w.utype(u).maintenance.money
    for nation, money in by_nation.items():
        if s.nations[nation].bank < money:
            out.append(f"operational supply costs {w.nname(nation)} ${money}; it has ${s.nations[nation].bank}")
    for uid in cmd.units:
        u = s.units[uid]
        goods = w.utype(u).maintenance.goods()
        for g, n in goods.items():
            if w.fuel_stock(s, u.nation, g) < n:
                out.append(f"{uid}'s supply needs {n} {g}; {w.nname(u.nation)}'s regions hold "
                           f"{w.fuel_stock(s, u.nation, g)}")
    return out


def apply_supply(w: World, s: TheGameState, cmd: c.Supply, dice: Dice) -> list[Event]:
    teams = set()
    for uid in cmd.units:
        u = s.units[uid]
        w.pay(s, u.nation, w.utype(u).maintenance)
        u.supplied = True
        teams.add(w.side(s, u))
    return [ev("supply", f"operational supply for {', '.join(cmd.units)}", teams=tuple(sorted(teams)),
               counters=tuple(cmd.units))]


def check_remove(w: World, s: TheGameState, cmd: c.Remove) -> list[str]:
    if err := w.no_unit(s, cmd.unit):
        return [err]
    u = s.units[cmd.unit]
    ut = w.utype(u)
    out = []
    if u.supplied or not w.hostile_units(s, u.region, u.nation):
        out.append(f"{u.id} is not facing the enemy without supply: only such units are removed from play")
    if cmd.into != "nothing" and (ut.category != "ground" or ut.minor):
        return [Impossible(f"only a major ground unit becomes a minor unit or insurgents; {u.id} is "
                           f"{ut.name.lower()}")]
    if cmd.into == "minor" and "minor" not in w.unit_types:
        out.append("this scenario has no 'minor' unit type")
    return out


def apply_remove(w: World, s: TheGameState, cmd: c.Remove, dice: Dice) -> list[Event]:
    u = s.units.pop(cmd.unit)
    text = f"{u.id} is removed from play"
    if cmd.into == "minor":
        uid = s.new_unit_id(u.nation, "minor")
        s.units[uid] = UnitState(uid, "minor", u.nation, u.region)
        text += f" and broken down into a minor unit ({uid})"
    elif cmd.into == "insurgents":
        n = dice.d6() + dice.d6() - 2
        r = s.regions[u.region]
        r.loyal[u.nation] = r.loyal.get(u.nation, 0) + n
        text += f" and becomes {n} insurgents loyal to {w.nname(u.nation)}"
    return [ev("remove", text, counters=(u.id,), places=(u.region,), teams=(w.side(s, u),))]


def replacement_cost(ut: UnitType) -> int:
    """Half the normal build cost, in money only (rounded up)."""
    return (ut.cost.money + 1) // 2


def check_replace(w: World, s: TheGameState, cmd: c.Replace) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    ut = w.unit_types.get(cmd.type)
    if ut is None:
        return [Impossible(f"no unit type {cmd.type!r}")]
    out = []
    if s.destroyed.get((cmd.nation, cmd.type), 0) < 1:
        out.append(f"no {ut.name.lower()} of {w.nname(cmd.nation)} was destroyed earlier this turn")
    r = s.regions[cmd.region]
    if r.owner != cmd.nation:
        out.append(f"replacements go in a region of {w.nname(cmd.nation)}'s home country")
    if w.hostile_units(s, cmd.region, cmd.nation):
        out.append(f"{w.rname(cmd.region)} is occupied by enemy units")
    if s.nations[cmd.nation].bank < replacement_cost(ut):
        out.append(f"a replacement costs ${replacement_cost(ut)}; {w.nname(cmd.nation)} has "
                   f"${s.nations[cmd.nation].bank}")
    return out


def apply_replace(w: World, s: TheGameState, cmd: c.Replace, dice: Dice) -> list[Event]:
    ut = w.unit_types[cmd.type]
    n = s.nations[cmd.nation]
    n.bank = max(0, n.bank - replacement_cost(ut))
    key = (cmd.nation, cmd.type)
    if s.destroyed.get(key, 0) > 0:
        s.destroyed[key] -= 1
    uid = s.new_unit_id(cmd.nation, cmd.type)
    where_ = ORBIT if ut.category == "space" else cmd.region
    s.units[uid] = UnitState(uid, cmd.type, cmd.nation, where_)
    return [ev("replace", f"{w.nname(cmd.nation)} replaces a {ut.name.lower()} ({uid}) in {w.rname(cmd.region)}",
               teams=(s.nations[cmd.nation].player,), places=(cmd.region,), counters=(uid,))]


def check_move(w: World, s: TheGameState, cmd: c.Move) -> list[str]:
    if err := w.no_unit(s, cmd.unit) or w.no_region(s, cmd.to):
        return [err]
    u = s.units[cmd.unit]
    ut = w.utype(u)
    r = s.regions[cmd.to]
    out = []
    if u.region == ORBIT:
        return ["spacecraft do not move"]
    if not u.active:
        out.append(f"{u.id} is inactive")
    if u.moved:
        out.append(f"{u.id} has already made its operational move this year")
    if u.attacked or (u.region in s.fought and u.id not in s.breakthrough):
        out.append(f"{u.id} has had its combat in {w.rname(u.region)} this year: operational movement comes before "
                   "combat, and only a breakthrough (every enemy unit in the region destroyed) lets the victorious "
                   "units in that region, and only that region, move again")
    if not ut.minor and not u.supplied:
        out.append(f"{u.id} has no operational supply this year (pay it first)")
    if cmd.to not in w.adj.get(u.region, ()):
        out.append(f"{w.rname(cmd.to)} is not adjacent to {w.rname(u.region)}")
    if not w.hostile_units(s, cmd.to, u.nation):
        out.append(f"{w.rname(cmd.to)} holds no enemy units: operational movement is into an adjacent "
                   "enemy-occupied region (use strategic redeployment otherwise)")
    if ut.category == "naval" and not r.sea:
        out.append(f"{u.id} is a naval unit")
    if ut.category == "ground" and r.sea:
        out.append(f"{u.id} is a ground unit")
    if not ut.minor and not r.sea and r.rough and not w.active_net(r):
        out.append(f"{w.rname(cmd.to)} is rough terrain without a developed transport net: major units do not move "
                   "into it")
    return out


def apply_move(w: World, s: TheGameState, cmd: c.Move, dice: Dice) -> list[Event]:
    u = s.units[cmd.unit]
    start = u.region
    u.region = cmd.to
    u.moved = True
    return [ev("move", f"{u.id} moves from {w.rname(start)} into {w.rname(cmd.to)}", teams=(w.side(s, u),),
               places=(start, cmd.to), counters=(u.id,))]


# --- combat ----------------------------------------------------------------------------------
def _in_combat(u: UnitState, region: str) -> bool:
    return u.region in (region, ORBIT)


def check_combat(w: World, s: TheGameState, cmd: c.Combat) -> list[str]:
    if err := w.no_region(s, cmd.region):
        return [err]
    out: list[str] = []
    if not cmd.targets:
        return ["name at least one attack"]
    for a, t in cmd.targets.items():
        if err := w.no_unit(s, a) or w.no_unit(s, t):
            return [err]
        ua, ut_ = s.units[a], s.units[t]
        ta, tt = w.utype(ua), w.utype(ut_)
        if not _in_combat(ua, cmd.region) or (ua.region == ORBIT and ta.category != "space"):
            out.append(f"{a} is not in {w.rname(cmd.region)}")
        if not _in_combat(ut_, cmd.region):
            out.append(f"{t} is not in {w.rname(cmd.region)}")
        if not w.hostile(s, ua.nation, ut_.nation):
            out.append(f"{a} ({w.nname(ua.nation)}) and {t} ({w.nname(ut_.nation)}) are not at war")
        if why := attack_restriction(ta, tt):
            out.append(f"{a} cannot attack {t}: {why}")
        if not ua.active:
            out.append(f"{a} is inactive")
        if ua.attacked:
            out.append(f"{a} has already attacked this combat year")
        if not ta.minor and not ua.supplied:
            out.append(f"{a} has no operational supply this year")
        if ta.attack == 0:
            out.append(f"{a} ({ta.name}) has no attack value")
    return out


def _leaders(counts: Counter[str]) -> set[str]:
    """The one side with strictly the most (none on a tie or when nobody has any)."""
    if not counts:
        return set()
    top = max(counts.values())
    best = [p for p, n in counts.items() if n == top]
    return {best[0]} if len(best) == 1 and top > 0 else set()


def awacs_leaders(w: World, s: TheGameState, region: str) -> set[str]:
    """Sides with the most AWACs in this region or an adjacent one (+1 there and in each adjacent region)."""
    out: set[str] = set()
    for reg in (region, *w.adj.get(region, ())):
        counts: Counter[str] = Counter(w.side(s, u) for u in s.units.values()
                                       if u.region == reg and u.active and "awacs" in w.utype(u).tags)
        out |= _leaders(counts)
    return out


def surveillance_leader(w: World, s: TheGameState) -> set[str]:
    counts: Counter[str] = Counter(w.side(s, u) for u in s.units.values()
                                   if u.active and "surveillance" in w.utype(u).tags)
    return _leaders(counts)


def apply_combat(w: World, s: TheGameState, cmd: c.Combat, dice: Dice) -> list[Event]:
    out = []
    region = cmd.region
    order = list(cmd.targets)
    present = [u for u in s.units.values() if u.region == region]
    sides_before = {w.side(s, u) for u in present}
    eliminated: set[str] = set()
    phase_of = {a: CATEGORY_PHASE[w.utype(s.units[a]).category] for a in order}
    air_bonus = awacs_leaders(w, s, region)
    surv: set[str] = set()
    naval_bonus: set[str] = set()
    for phase in PHASES:
        if phase == "air":
            surv = surveillance_leader(w, s)
            if surv:
                out.append(ev("surveillance", f"{', '.join(sorted(surv))} has surveillance superiority: +1 attack "
                              "priority in all later combat", teams=tuple(sorted(surv)), places=(region,)))
            if air_bonus:
                out.append(ev("awacs", f"{', '.join(sorted(air_bonus))} has AWACs superiority: +1 in air combat",
                              teams=tuple(sorted(air_bonus)), places=(region,)))
        if phase == "naval":
            naval_bonus = awacs_leaders(w, s, region)
        attackers: list[tuple[int, int, str]] = []
        for i, a in enumerate(order):
            if phase_of[a] != phase:
                continue
            if a in eliminated:
                out.append(ev("attack", f"{a} was eliminated before its turn: it does not attack", counters=(a,),
                              places=(region,)))
                continue
            ua = s.units[a]
            side = w.side(s, ua)
            prio = w.utype(ua).priority + (1 if phase != "space" and side in surv else 0)
            prio += 1 if phase == "air" and side in air_bonus else 0
            prio += 1 if phase == "naval" and side in naval_bonus else 0
            attackers.append((prio, i, a))
        attackers.sort(key=lambda x: (-x[0], x[1]))
        for prio, _, a in attackers:
            if a in eliminated:
                out.append(ev("attack", f"{a} was eliminated before its turn: it does not attack", counters=(a,),
                              places=(region,)))
                continue
            ua = s.units[a]
            t = cmd.targets[a]
            ua.attacked = True
            if t in eliminated:
                out.append(ev("attack", f"{a} holds fire: its target {t} is already eliminated", counters=(a, t),
                              places=(region,)))
                continue
            ut_ = s.units[t]
            ta, tt = w.utype(ua), w.utype(ut_)
            die = dice.d6()
            need = ta.attack - tt.defence
            hit = hits(die, ta, tt)
            text = (f"{phase} combat: {a} ({ta.name}, priority {prio}) attacks {t} ({tt.name}): needs {need} or less, "
                    f"rolls {die}: {'eliminated' if hit else 'no effect'}")
            out.append(ev("attack", text, teams=(w.side(s, ua), w.side(s, ut_)), places=(region,), counters=(a, t),
                          data={"die": die, "need": need, "hit": hit, "priority": prio}))
            if hit:
                eliminated.add(t)
                del s.units[t]
                key = (ut_.nation, ut_.type)
                s.destroyed[key] = s.destroyed.get(key, 0) + 1
    s.fought.add(region)
    # Breakthrough: a side that destroyed every enemy unit in the region may go again.
    left = [u for u in s.units.values() if u.region == region]
    sides_after = {w.side(s, u) for u in left}
    if eliminated and len(sides_before) > 1 and len(sides_after) == 1:
        winner = next(iter(sides_after))
        for u in left:
            u.attacked = u.supplied = u.moved = False
            s.breakthrough.add(u.id)
        out.append(ev("breakthrough", f"{w.pname(winner)} destroyed every enemy unit in {w.rname(region)}: its units "
                      "there may be supplied, move and attack again (breakthrough)", teams=(winner,),
                      places=(region,)))
    return out


def check_nuclear_strike(w: World, s: TheGameState, cmd: c.NuclearStrike) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    return []


def apply_nuclear_strike(w: World, s: TheGameState, cmd: c.NuclearStrike, dice: Dice) -> list[Event]:
    s.regions[cmd.region].struck = True
    text = (f"{w.nname(cmd.nation)} strikes {w.rname(cmd.region)} with nuclear weapons: nothing moves in or out "
            "this turn")
    s.news.append(text)
    return [ev("nuclear", text, teams=(s.nations[cmd.nation].player,), places=(cmd.region,))]


def end_of_year(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    """Control after combat, the withdrawal of hostile air and naval units, and a new year's flags."""
    out = []
    for region in sorted(s.fought):
        r = s.regions[region]
        combat_cat = "naval" if r.sea else "ground"
        here = [u for u in s.units.values() if u.region == region]
        holders = {w.side(s, u) for u in here if w.utype(u).category == combat_cat and w.utype(u).attack > 0}
        if len(holders) != 1:
            continue
        player = next(iter(holders))
        nations = Counter(u.nation for u in here if w.side(s, u) == player and w.utype(u).category == combat_cat)
        nation = sorted(nations.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        own = r.owner is not None and w.player_of(s, r.owner) == player
        before = r.occupier
        r.occupier = None if own else nation
        if before != r.occupier:
            text = (f"{w.pname(player)} wins control of {w.rname(region)}" +
                    ("" if own else f" (military occupation by {w.nname(nation)})"))
            s.news.append(text)
            out.append(ev("control", text, teams=(player,), places=(region,)))
        for u in sorted(here, key=lambda u: u.id):
            if w.utype(u).category not in ("air", "naval") or not w.hostile(s, u.nation, nation):
                continue
            naval = w.utype(u).category == "naval"
            # naval units withdraw to an adjacent sea region, air units to an adjacent friendly land region
            dest = next((a for a in sorted(w.adj.get(region, ()))
                         if s.regions[a].sea == naval and (naval or w.friendly_region(s, a, u.nation))
                         and not w.hostile_units(s, a, u.nation)), None)
            if dest is None:
                del s.units[u.id]
                s.destroyed[(u.nation, u.type)] = s.destroyed.get((u.nation, u.type), 0) + 1
                out.append(ev("withdraw", f"{u.id} has no adjacent friendly region to withdraw to: eliminated",
                              counters=(u.id,), places=(region,)))
            else:
                u.region = dest
                out.append(ev("withdraw", f"{u.id} withdraws to {w.rname(dest)}", counters=(u.id,),
                              places=(region, dest)))
    for u in s.units.values():
        u.supplied = u.attacked = u.moved = False
    s.fought.clear()
    s.breakthrough.clear()
    s.order = []
    return out


def unsupplied_in_contact(w: World, s: TheGameState) -> list[str]:
    """Major units sharing a region with enemy units and not supplied this year (they must be supplied,
    retreated or removed)."""
    nations_in: dict[str, set[str]] = {}  # region -> nations with units there: one pass, not one per unit
    for u in s.units.values():
        nations_in.setdefault(u.region, set()).add(u.nation)
    out = []
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if u.region == ORBIT or w.utype(u).minor or u.supplied or not u.active:
            continue
        if any(w.hostile(s, other, u.nation) for other in nations_in[u.region]):
            out.append(u.id)
    return out


# --- low intensity ---------------------------------------------------------------------------
def _group(token: str) -> str | None:
    """'insurgent:independent' -> 'independent', 'insurgent:<nation>' -> nation; else None."""
    return token.split(":", 1)[1] if token.startswith("insurgent:") else None


def _insurgents(s: TheGameState, region: str, group: str) -> int:
    r = s.regions[region]
    return r.insurgents if group == "independent" else r.loyal.get(group, 0)


def check_low_attack(w: World, s: TheGameState, cmd: c.LowAttack) -> list[str]:
    if err := w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    name = w.rname(cmd.region)
    out: list[str] = []
    a_group = _group(cmd.attacker)
    a_player: str | None
    if a_group is not None:
        if a_group != "independent" and (err := w.no_nation(s, a_group)):
            return [err]
        free = _insurgents(s, cmd.region, a_group) - s.insurgent_attacks.get((cmd.region, a_group), 0)
        if free <= 0:
            out.append(f"no {cmd.attacker} insurgent in {name} is left to attack this turn")
        a_player = None if a_group == "independent" else s.nations[a_group].player
    else:
        if err := w.no_unit(s, cmd.attacker):
            return [err]
        u = s.units[cmd.attacker]
        if not w.utype(u).minor:
            out.append(f"{u.id} is a major unit: low-intensity combat is fought by minor units and insurgents")
        if u.region != cmd.region:
            out.append(f"{u.id} is not in {name}")
        if u.attacked:
            out.append(f"{u.id} has already attacked this turn")
        a_player = s.nations[u.nation].player
    if cmd.target.startswith("pips:"):
        victim = cmd.target[5:]
        if err := w.no_player(victim):
            return [err]
        if r.pips.get(victim, 0) <= 0:
            out.append(f"{w.pname(victim)} has no PIPs in {name}")
        if victim == a_player:
            out.append("an attack on one's own PIPs")
        return out
    t_group = _group(cmd.target)
    if t_group is not None:
        if t_group != "independent" and (err := w.no_nation(s, t_group)):
            return [err]
        if _insurgents(s, cmd.region, t_group) <= 0:
            out.append(f"there are no {cmd.target} insurgents in {name}")
        if t_group == a_group or (t_group != "independent" and s.nations[t_group].player == a_player):
            out.append("insurgents of one side do not attack their own side")
        if a_group is None and a_player is not None and r.owner is None and w.relation(r, a_player) < 1 \
                and not (r.occupier and w.player_of(s, r.occupier) == a_player):
            out.append(f"fighting insurgents in {name} needs at least an Understanding there")
        return out
    if err := w.no_unit(s, cmd.target):
        return [err]
    t = s.units[cmd.target]
    if t.region != cmd.region:
        out.append(f"{t.id} is not in {name}")
    if not w.utype(t).minor:
        out.append(f"{t.id} is a major unit: minor units and insurgents never attack major units")
    if a_group is not None:
        if not t.attacked_insurgent:
            out.append(f"insurgents attack a minor unit only if it attacked an insurgent this turn; {t.id} did not")
        if a_player is not None and s.nations[t.nation].player == a_player:
            out.append("insurgents do not attack their own side")
    elif not w.hostile(s, s.units[cmd.attacker].nation, t.nation):
        out.append(f"{cmd.attacker} and {t.id} are not at war")
    return out


def apply_low_attack(w: World, s: TheGameState, cmd: c.LowAttack, dice: Dice) -> list[Event]:
    r = s.regions[cmd.region]
    st = w.settings
    a_group = _group(cmd.attacker)
    if a_group is not None:
        attack = st.insurgent_attack
        key = (cmd.region, a_group)
        s.insurgent_attacks[key] = s.insurgent_attacks.get(key, 0) + 1
    else:
        u = s.units[cmd.attacker]
        attack = w.utype(u).attack
        u.attacked = True
    t_group = _group(cmd.target)
    if cmd.target.startswith("pips:"):
        defence = 0
    elif t_group is not None:
        defence = st.insurgent_defence
        if a_group is None:
            s.units[cmd.attacker].attacked_insurgent = True
    else:
        defence = w.utype(s.units[cmd.target]).defence
    die = cmd.die if cmd.die is not None else dice.d6()
    hit = die <= attack - defence
    if hit:
        # (a forced attack on nothing hits nothing)
        if cmd.target.startswith("pips:"):
            victim = cmd.target[5:]
            r.pips[victim] = r.pips.get(victim, 0) - 1
            if r.pips[victim] <= 0:
                del r.pips[victim]
        elif t_group == "independent":
            r.insurgents = max(0, r.insurgents - 1)
        elif t_group is not None:
            r.loyal[t_group] = r.loyal.get(t_group, 0) - 1
            if r.loyal[t_group] <= 0:
                del r.loyal[t_group]
        elif cmd.target in s.units:
            t = s.units.pop(cmd.target)
            s.destroyed[(t.nation, t.type)] = s.destroyed.get((t.nation, t.type), 0) + 1
    return [ev("low-intensity", f"low intensity in {w.rname(cmd.region)}: {cmd.attacker} attacks {cmd.target}, needs "
               f"{attack - defence} or less, rolls {die}: {'hit' if hit else 'no effect'}", places=(cmd.region,),
               data={"die": die, "hit": hit})]
