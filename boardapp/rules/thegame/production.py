"""II. Production: primary and secondary production, builds, population growth, placement of builds.

The source's restrictions, each a reason in ``check``: never more of a unit than you have but
always one; only militia (and minor units) built, other ground types by conversion; a build's
minerals, fuel and labour come from the region it is placed in (money-only builds: any owned
region); prerequisites hold at the moment of production (builds are placed in II.F, so what is
bought this turn is not there yet).
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.scenario import ORBIT, FacilityType
from boardapp.rules.thegame.state import PendingBuild, TheGameState, UnitState
from boardapp.rules.thegame.world import World, ev


# --- II.A and II.B ------------------------------------------------------------------------------
def primary(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    """Each land region's primary production (its resource boxes, its farm sector, its mechanised farms),
    placed in the region."""
    out = []
    per_farm = w.settings.food_per_farm_labour
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        if r.sea:
            continue
        made = dict(r.primary)
        food = r.farm * per_farm + sum(n * w.facility_types[f].food for f, n in r.active.items())
        if food:
            made["food"] = made.get("food", 0) + food
        made = {g: n for g, n in made.items() if n}
        if not made:
            continue
        for g, n in made.items():
            r.stock[g] = r.stock.get(g, 0) + n
        words = ", ".join(f"{n} {g}" for g, n in sorted(made.items()))
        out.append(ev("primary", f"{w.rname(r.id)} produces {words}", places=(r.id,), data={"made": made}))
    return out


def secondary_money(w: World, s: TheGameState, nation: str) -> int:
    """Money a nation's home regions produce this turn: labour in the general pool by ED, and active facilities
    (a region occupied by another nation produces nothing for its owner)."""
    per_labour = w.settings.money_per_labour
    total = 0
    for r in s.regions.values():
        if r.owner != nation or (r.occupier is not None and r.occupier != nation):
            continue
        total += r.pool * per_labour[r.ed]
        total += sum(n * w.facility_types[f].money for f, n in r.active.items())
    return total


def secondary(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    out = []
    for n in sorted(s.nations.values(), key=lambda n: n.id):
        money = secondary_money(w, s, n.id)
        n.bank += money
        n.produced = money
        out.append(ev("secondary", f"{w.nname(n.id)}'s secondary production: ${money} to its central bank "
                      f"(now ${n.bank})", teams=(n.player,), data={"nation": n.id, "money": money, "bank": n.bank},
                      hidden=True, visible_to=(n.player,)))
    return out


# --- II.C builds ----------------------------------------------------------------------------------
def builder_may_use(w: World, s: TheGameState, nation: str, region: str) -> bool:
    """A nation builds in its own home regions, or in a region its player Controls (runs completely)."""
    r = s.regions[region]
    if r.owner == nation:
        return True
    return r.owner is None and r.relations.get(s.nations[nation].player) == "control"


def _units_of(s: TheGameState, nation: str, type_: str) -> int:
    return sum(1 for u in s.units.values() if u.nation == nation and u.type == type_)


def build_limit(s: TheGameState, nation: str, type_: str) -> int:
    """Units of a type a nation may buy this turn: as many as it holds (the builds of this turn are not yet
    placed, so this is the number held when builds began), but always one."""
    return max(_units_of(s, nation, type_), 1)


def _tech_missing(w: World, s: TheGameState, nation: str, what: str, needs: dict[str, int]) -> list[str]:
    tech = s.nations[nation].tech
    return [f"a {what.lower()} needs {f} level {level}; {w.nname(nation)} has {tech.get(f, 0)}"
            for f, level in needs.items() if tech.get(f, 0) < level]


def _prerequisites(w: World, s: TheGameState, nation: str, region: str, ft: FacilityType) -> list[str]:
    out = []
    r = s.regions[region]
    for need in ft.requires:
        if not r.active.get(need, 0):
            out.append(f"a {ft.name.lower()} needs an active {w.facility_types[need].name.lower()} in "
                       f"{w.rname(region)} at the moment of production (builds of this turn are placed in II.F)")
    return out + _tech_missing(w, s, nation, ft.name, ft.requires_tech)


def check_build(w: World, s: TheGameState, cmd: c.Build) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    ut = w.unit_types.get(cmd.item)
    ft = w.facility_types.get(cmd.item)
    if ut is None and ft is None:
        return [Impossible(f"no unit or facility type {cmd.item!r}; units: {', '.join(w.unit_types)}; "
                           f"facilities: {', '.join(w.facility_types)}")]
    cost = ut.cost if ut else ft.cost  # type: ignore[union-attr]
    out = []
    r = s.regions[cmd.region]
    if r.sea:
        return [Impossible(f"{w.rname(cmd.region)} is a sea region: builds are placed in the land region that "
                           "supplies them")]
    if not builder_may_use(w, s, cmd.nation, cmd.region):
        out.append(f"{w.rname(cmd.region)} is not a region of {w.nname(cmd.nation)}'s home country "
                   "(builds go in the region that supplies them, money-only builds in any owned region)")
    if ut is not None:
        if not ut.buildable:
            out.append(f"{ut.name} cannot be built: the only ground units built are militia; convert a militia "
                       f"to {ut.name.lower()} instead")
        limit = build_limit(s, cmd.nation, ut.id)
        so_far = s.built.get((cmd.nation, ut.id), 0)
        if so_far + cmd.count > limit:
            out.append(f"{w.nname(cmd.nation)} holds {_units_of(s, cmd.nation, ut.id)} {ut.name.lower()} and has "
                       f"bought {so_far} this turn: it may buy at most {limit} (never more than it has, but always "
                       "one)")
        launch = cmd.at is not None and cmd.at in w.sea and cmd.at in w.adj.get(cmd.region, ())
        out += _tech_missing(w, s, cmd.nation, ut.name, ut.requires_tech)
        if ut.category == "naval" and not launch:
            out.append(f"a naval unit is launched into a sea region next to {w.rname(cmd.region)}: name it in 'at'")
    if ft is not None:
        if cmd.at is not None:
            out.append("'at' is for naval units only")
        out += _prerequisites(w, s, cmd.nation, cmd.region, ft)
    if not r.sea:
        out += w.can_pay(s, cmd.nation, cost, cmd.count, region=cmd.region)
    return out


def apply_build(w: World, s: TheGameState, cmd: c.Build, dice: Dice) -> list[Event]:
    ut = w.unit_types.get(cmd.item)
    cost = ut.cost if ut else w.facility_types[cmd.item].cost
    player = s.nations[cmd.nation].player
    w.pay(s, cmd.nation, cost, cmd.count, region=cmd.region)
    ids: tuple[str, ...] = ()
    name = ut.name if ut else w.facility_types[cmd.item].name
    if ut is not None:
        s.built[(cmd.nation, ut.id)] = s.built.get((cmd.nation, ut.id), 0) + cmd.count
        ids = tuple(s.new_unit_id(cmd.nation, ut.id) for _ in range(cmd.count))
    where_ = cmd.at if ut is not None and ut.category == "naval" and cmd.at else cmd.region
    if ut is not None and ut.category == "space":
        where_ = ORBIT
    s.pending.append(PendingBuild(cmd.nation, cmd.item, where_, cmd.count, player, ids))
    return [ev("build", f"{w.nname(cmd.nation)} builds {cmd.count} x {name} in {w.rname(cmd.region)} "
               f"({cost.words()} each; placed in II.F)", teams=(player,), places=(cmd.region,), counters=ids,
               data={"nation": cmd.nation, "item": cmd.item, "count": cmd.count})]


def check_convert(w: World, s: TheGameState, cmd: c.Convert) -> list[str]:
    if err := w.no_unit(s, cmd.unit):
        return [err]
    to = w.unit_types.get(cmd.to)
    if to is None:
        return [Impossible(f"no unit type {cmd.to!r}")]
    u = s.units[cmd.unit]
    out = []
    if w.unit_types[u.type].category != "ground" or to.category != "ground" or u.region not in s.regions:
        return [Impossible(f"{u.id} and {to.name.lower()} are not both ground units: no conversion")]
    if u.type != "militia":
        out.append(f"{u.id} is {w.unit_types[u.type].name.lower()}: only a militia converts to another ground type")
    if to.category != "ground" or to.minor or to.id == u.type:
        out.append(f"a militia converts to another major ground unit type, not {to.name.lower()}")
    out += _tech_missing(w, s, u.nation, to.name, to.requires_tech)
    if any(p.item == "convert" and u.id in p.unit_ids for p in s.pending):
        out.append(f"{u.id} is already being converted this turn")
    limit = build_limit(s, u.nation, to.id)
    so_far = s.built.get((u.nation, to.id), 0)
    if so_far + 1 > limit:
        out.append(f"{w.nname(u.nation)} may build at most {limit} {to.name.lower()} this turn (never more than it "
                   "has, but always one); a conversion counts as a build")
    if u.region == ORBIT or s.regions[u.region].owner != u.nation:
        out.append(f"{u.id} converts in a region of its home country (the region supplies the new type's inputs)")
    else:
        out += w.can_pay(s, u.nation, to.cost, region=u.region)
    return out


def apply_convert(w: World, s: TheGameState, cmd: c.Convert, dice: Dice) -> list[Event]:
    u = s.units[cmd.unit]
    to = w.unit_types[cmd.to]
    w.pay(s, u.nation, to.cost, region=u.region)
    s.built[(u.nation, to.id)] = s.built.get((u.nation, to.id), 0) + 1
    player = s.nations[u.nation].player
    s.pending.append(PendingBuild(u.nation, "convert", u.region, 1, player, (u.id, to.id)))
    return [ev("convert", f"{u.id} (militia) converts to {to.name.lower()} for {to.cost.words()} (in II.F)",
               teams=(player,), places=(u.region,), counters=(u.id,))]


def check_declare_war(w: World, s: TheGameState, cmd: c.DeclareWar) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_nation(s, cmd.enemy):
        return [err]
    out = []
    me, them = s.nations[cmd.nation], s.nations[cmd.enemy]
    if me.player == them.player:
        out.append(f"{w.nname(cmd.nation)} and {w.nname(cmd.enemy)} are led by the same player")
    if s.at_war(cmd.nation, cmd.enemy):
        out.append(f"{w.nname(cmd.nation)} is already at war with {w.nname(cmd.enemy)}")
    if w.holds_understanding_with(s, them.player, me.player):
        out.append(f"{w.pname(them.player)} has an Understanding with {w.pname(me.player)}'s country: it prevents a "
                   "declaration of war on them (break relations first, in step I)")
    cost = s.pips_bought.get(me.player, 0)
    if me.bank < cost:
        out.append(f"a declaration of war costs as much as the PIPs bought this turn (${cost}); "
                   f"{w.nname(cmd.nation)} has ${me.bank}")
    return out


def apply_declare_war(w: World, s: TheGameState, cmd: c.DeclareWar, dice: Dice) -> list[Event]:
    me = s.nations[cmd.nation]
    cost = s.pips_bought.get(me.player, 0)
    me.bank = max(0, me.bank - cost)  # a forced command pays as far as the bank can
    s.wars.add(frozenset((cmd.nation, cmd.enemy)))
    text = f"{w.nname(cmd.nation)} declares war on {w.nname(cmd.enemy)}"
    s.news.append(text)
    return [ev("war", text, teams=(me.player, s.nations[cmd.enemy].player), data={"cost": cost})]


def check_buy_insurgents(w: World, s: TheGameState, cmd: c.BuyInsurgents) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    out = []
    r = s.regions[cmd.region]
    player = s.nations[cmd.nation].player
    if r.sea:
        return [Impossible("insurgents go in land regions")]
    if r.owner is not None and s.nations[r.owner].player == player:
        out.append(f"{w.rname(cmd.region)} is {w.pname(player)}'s own: insurgents go in a region the player does "
                   "not own")
    cost = w.settings.insurgent_cost * cmd.count
    if s.nations[cmd.nation].bank < cost:
        out.append(f"{cmd.count} insurgents cost ${cost}; {w.nname(cmd.nation)} has ${s.nations[cmd.nation].bank}")
    return out


def apply_buy_insurgents(w: World, s: TheGameState, cmd: c.BuyInsurgents, dice: Dice) -> list[Event]:
    n = s.nations[cmd.nation]
    n.bank = max(0, n.bank - w.settings.insurgent_cost * cmd.count)
    s.pending.append(PendingBuild(cmd.nation, "insurgents", cmd.region, cmd.count, n.player))
    return [ev("insurgents-bought", f"{w.nname(cmd.nation)} buys {cmd.count} insurgents for {w.rname(cmd.region)}",
               teams=(n.player,), places=(cmd.region,), hidden=True, visible_to=(n.player,))]


# --- technology ----------------------------------------------------------------------------------
def check_research(w: World, s: TheGameState, cmd: c.Research) -> list[str]:
    if err := w.no_nation(s, cmd.nation):
        return [err]
    if cmd.field not in w.settings.tech_fields:
        return [Impossible(f"no technology field {cmd.field!r}; fields are {', '.join(w.settings.tech_fields)}")]
    out = []
    labs = [f.id for f in w.facility_types.values() if f.research]
    if not any(r.owner == cmd.nation and any(r.active.get(f, 0) for f in labs) for r in s.regions.values()):
        out.append(f"{w.nname(cmd.nation)} has no active R&D facility")
    if s.nations[cmd.nation].bank < cmd.money:
        out.append(f"{w.nname(cmd.nation)} has ${s.nations[cmd.nation].bank}")
    return out


def grant_coupons(w: World, s: TheGameState, nation: str) -> list[Event]:
    """A nation one level short of an achievement receives its coupon (hidden: its player's alone)."""
    n = s.nations[nation]
    out = []
    for a in w.achievements:
        if a.id not in n.coupons and n.tech.get(a.field, 0) >= a.level - 1:
            n.coupons.append(a.id)
            out.append(ev("coupon", f"{w.nname(nation)} receives the {a.name} coupon: {a.requirements}",
                          teams=(n.player,), data={"nation": nation, "coupon": a.id}, hidden=True,
                          visible_to=(n.player,)))
    return out


def apply_research(w: World, s: TheGameState, cmd: c.Research, dice: Dice) -> list[Event]:
    n = s.nations[cmd.nation]
    n.bank = max(0, n.bank - cmd.money)
    n.research[cmd.field] = n.research.get(cmd.field, 0) + cmd.money
    out = []
    while n.research[cmd.field] >= (need := w.settings.research_cost * (n.tech.get(cmd.field, 0) + 1)):
        n.research[cmd.field] -= need
        n.tech[cmd.field] = n.tech.get(cmd.field, 0) + 1
        out.append(ev("tech", f"{w.nname(cmd.nation)} reaches {cmd.field} level {n.tech[cmd.field]}",
                      teams=(n.player,), hidden=True, visible_to=(n.player,)))
    out.insert(0, ev("research", f"{w.nname(cmd.nation)} spends ${cmd.money} on {cmd.field} research",
                     teams=(n.player,), hidden=True, visible_to=(n.player,)))
    return out + grant_coupons(w, s, cmd.nation)


# --- II.D growth ---------------------------------------------------------------------------------
def growth(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    """Each region grows by its ED rate on its non-starving population and its facilities with intrinsic
    labour; a fraction f gives one more unit on a decimal die (d10, 1-10) roll <= 10 x f."""
    out = []
    pct = w.settings.growth_percent
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        if r.sea:
            continue
        base = r.pool + r.farm + sum(n for f, n in r.active.items() if w.facility_types[f].intrinsic_labour)
        if base == 0:
            continue
        hundredths = base * pct[r.ed]
        whole, frac = divmod(hundredths, 100)
        roll = None
        if frac:
            roll = dice.randint(1, 10)
            if roll * 10 <= frac:
                whole += 1
        r.pool += whole
        die = f"; decimal die {roll} against {frac / 100:.2f}" if roll is not None else ""
        out.append(ev("growth", f"{w.rname(r.id)} grows by {whole} (ED{r.ed}: {pct[r.ed]}% of {base}{die})",
                      places=(r.id,), data={"base": base, "growth": whole, "roll": roll}))
    return out


# --- II.F placement ------------------------------------------------------------------------------
def placement(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    out = []
    for p in s.pending:
        if p.item == "pips":
            r = s.regions[p.region]
            r.pips[p.player] = r.pips.get(p.player, 0) + p.count
            out.append(ev("pips", f"{w.pname(p.player)} places {p.count} PIPs in {w.rname(p.region)}",
                          teams=(p.player,), places=(p.region,)))
        elif p.item == "insurgents":
            r = s.regions[p.region]
            r.loyal[p.nation] = r.loyal.get(p.nation, 0) + p.count
            out.append(ev("insurgents", f"{p.count} insurgents appear in {w.rname(p.region)}", places=(p.region,)))
        elif p.item == "convert":
            uid, to = p.unit_ids
            if uid in s.units:
                s.units[uid].type = to
                out.append(ev("converted", f"{uid} is now {w.unit_types[to].name.lower()}", counters=(uid,),
                              teams=(p.player,)))
        elif p.item in w.facility_types:
            r = s.regions[p.region]
            r.active[p.item] = r.active.get(p.item, 0) + p.count
            out.append(ev("facility", f"{p.count} x {w.facility_types[p.item].name} placed in {w.rname(p.region)}",
                          teams=(p.player,), places=(p.region,)))
        else:
            for uid in p.unit_ids:
                s.units[uid] = UnitState(uid, p.item, p.nation, p.region)
            out.append(ev("units", f"{w.nname(p.nation)}: {', '.join(p.unit_ids)} placed in {w.rname(p.region)}",
                          teams=(p.player,), places=(p.region,), counters=p.unit_ids))
    s.pending.clear()
    return out
