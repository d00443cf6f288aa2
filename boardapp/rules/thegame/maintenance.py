"""VI. Maintenance, attrition and voluntary stand-down.

Maintenance pays money and fuel for every active facility and unit (the referee may leave items
unmaintained with ``neglect``); what is not maintained becomes inactive, a facility's absorbed labour
returning to the general pool or the food box; then labour eats, and unfed labour starves.
Attrition removes inactive transport nets on a d6 roll of 1, a third of starving labour and of other
inactive items (whole thirds drawn at random, each leftover on a d6 roll of 1-2), and turns
unmaintained ground units into insurgents (major 2d6-2, minor 1 on a d6 roll of 1-3), half (rounded
down) independent, the rest loyal.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.scenario import ORBIT, Cost
from boardapp.rules.thegame.state import RegionState, TheGameState, UnitState
from boardapp.rules.thegame.world import World, ev


def _item(w: World, s: TheGameState, key: str) -> tuple[str, str, str] | str:
    """('unit', id, '') or ('facility', region, type), or an Impossible reason."""
    parts = key.split(":")
    if parts[0] == "unit" and len(parts) == 2:
        return ("unit", parts[1], "") if parts[1] in s.units else Impossible(f"no unit {parts[1]!r}")
    if parts[0] == "facility" and len(parts) == 3:
        if parts[1] not in s.regions:
            return Impossible(f"no region {parts[1]!r}")
        if parts[2] not in w.facility_types:
            return Impossible(f"no facility type {parts[2]!r}")
        return ("facility", parts[1], parts[2])
    return Impossible(f"{key!r} is not 'unit:<id>' or 'facility:<region>:<type>'")


def check_neglect(w: World, s: TheGameState, cmd: c.Neglect) -> list[str]:
    out = []
    for key in cmd.items:
        item = _item(w, s, key)
        if isinstance(item, str):
            return [item]
        if item[0] == "facility" and not s.regions[item[1]].active.get(item[2], 0):
            out.append(f"{w.rname(item[1])} has no active {w.facility_types[item[2]].name.lower()}")
        if item[0] == "unit" and not s.units[item[1]].active:
            out.append(f"{item[1]} is already inactive")
    return out


def apply_neglect(w: World, s: TheGameState, cmd: c.Neglect, dice: Dice) -> list[Event]:
    s.neglected.update(cmd.items)
    return [ev("neglect", f"left unmaintained this turn: {', '.join(cmd.items)}")]


def _prereq_missing(w: World, s: TheGameState, region: RegionState, ftype: str) -> list[str]:
    ft = w.facility_types[ftype]
    out = [w.facility_types[n].name.lower() for n in ft.requires if not region.active.get(n, 0)]
    if region.owner is not None:
        tech = s.nations[region.owner].tech
        out += [f"{f} {lv}" for f, lv in ft.requires_tech.items() if tech.get(f, 0) < lv]
    return out


def check_reactivate(w: World, s: TheGameState, cmd: c.Reactivate) -> list[str]:
    item = _item(w, s, cmd.item)
    if isinstance(item, str):
        return [item]
    out = []
    if item[0] == "unit":
        u = s.units[item[1]]
        if u.active:
            return [f"{u.id} is active"]
        cost = w.utype(u).maintenance
        return w.can_pay(s, u.nation, cost, 2)
    r = s.regions[item[1]]
    ft = w.facility_types[item[2]]
    if not r.inactive.get(ft.id, 0):
        return [Impossible(f"{w.rname(r.id)} has no inactive {ft.name.lower()}")]
    if r.owner is None:
        return [Impossible(f"{w.rname(r.id)} is not a player region: no one maintains its facilities")]
    if r.insurgent_total():
        out.append(f"{w.rname(r.id)} contains insurgents: no inactive facility is reactivated there")
    if missing := _prereq_missing(w, s, r, ft.id):
        out.append(f"a {ft.name.lower()} needs {', '.join(missing)} (its prerequisites) to be reactivated")
    if ft.labour and (r.pool if ft.labour == "pool" else r.farm) < 1:
        out.append(f"reactivating a {ft.name.lower()} takes back a labour unit; {w.rname(r.id)} has none free")
    out += w.can_pay(s, r.owner, ft.maintenance, 2)
    return out


def apply_reactivate(w: World, s: TheGameState, cmd: c.Reactivate, dice: Dice) -> list[Event]:
    item = _item(w, s, cmd.item)
    assert not isinstance(item, str)
    if item[0] == "unit":
        u = s.units[item[1]]
        w.pay(s, u.nation, w.utype(u).maintenance, 2)
        u.active = True
        u.maintained = True
        return [ev("reactivate", f"{u.id} is reactivated (twice its maintenance)", counters=(u.id,))]
    r = s.regions[item[1]]
    ft = w.facility_types[item[2]]
    assert r.owner is not None
    w.pay(s, r.owner, ft.maintenance, 2)
    r.inactive[ft.id] -= 1
    r.active[ft.id] = r.active.get(ft.id, 0) + 1
    s.reactivated[cmd.item] = s.reactivated.get(cmd.item, 0) + 1  # paid: not maintained again this turn
    if ft.labour == "pool":  # (forced without a free labour unit: it takes none)
        r.pool = max(0, r.pool - 1)
    elif ft.labour == "farm":
        r.farm = max(0, r.farm - 1)
    return [ev("reactivate", f"a {ft.name.lower()} in {w.rname(r.id)} is reactivated (twice its maintenance)",
               places=(r.id,))]


def _deactivate(w: World, r: RegionState, ftype: str, n: int = 1) -> None:
    ft = w.facility_types[ftype]
    r.active[ftype] -= n
    r.inactive[ftype] = r.inactive.get(ftype, 0) + n
    if ft.labour == "pool":
        r.pool += n
    elif ft.labour == "farm":
        r.farm += n


def _affordable(w: World, s: TheGameState, nation: str, cost: Cost, wanted: int) -> int:
    """How many of ``wanted`` items costing ``cost`` each the nation can pay for, one after another (money from
    the bank, goods from any of its regions): the work is per kind of item, not per item."""
    n = wanted
    if cost.money:
        n = min(n, s.nations[nation].bank // cost.money)
    for good, amount in cost.goods().items():
        n = min(n, w.fuel_stock(s, nation, good) // amount)
    return max(n, 0)


def _words(n: int, one: str, many: str) -> str:
    return f"a {one}" if n == 1 else f"{n} {many}"


def maintenance(w: World, s: TheGameState, dice: Dice) -> list[Event]:
    """VI.A: each region's facilities, kind by kind in the facility table's order (so a net that goes inactive
    takes its dependants with it), then units by id. Items reactivated this turn paid twice their maintenance
    in their reactivation and pay nothing more (ruling R32a). The work is linear in the kinds of facility per
    region, never in how many facilities of a kind there are."""
    out: list[Event] = []
    paid: dict[str, int] = {}
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        if r.owner is None:
            continue  # non-player regions keep their own facilities (a ruling)
        for ft in w.facility_types.values():  # in table order: transport nets before what needs them
            key = f"facility:{r.id}:{ft.id}"
            # reactivated this turn: already paid (twice their maintenance) and not maintained again
            due = r.active.get(ft.id, 0) - min(s.reactivated.get(key, 0), r.active.get(ft.id, 0))
            if due <= 0:
                continue
            name, names = ft.name.lower(), _plural(ft.name.lower())
            if key in s.neglected:  # the referee leaves one of them unmaintained
                _deactivate(w, r, ft.id)
                out.append(ev("inactive", f"a {name} in {w.rname(r.id)} becomes inactive (left unmaintained)",
                              places=(r.id,)))
                s.neglected.discard(key)
                due -= 1
            if due <= 0:
                continue
            if missing := _prereq_missing(w, s, r, ft.id):
                _deactivate(w, r, ft.id, due)
                out.append(ev("inactive", f"{_words(due, name, names)} in {w.rname(r.id)} "
                              f"become{'s' if due == 1 else ''} inactive (prerequisites missing: "
                              f"{', '.join(missing)})", places=(r.id,), data={"count": due}))
                continue
            payable = _affordable(w, s, r.owner, ft.maintenance, due)
            if payable:
                w.pay(s, r.owner, ft.maintenance, payable)
                paid[r.owner] = paid.get(r.owner, 0) + ft.maintenance.money * payable
            if payable < due:
                why = "; ".join(w.can_pay(s, r.owner, ft.maintenance))
                left = due - payable
                _deactivate(w, r, ft.id, left)
                out.append(ev("inactive", f"{_words(left, name, names)} in {w.rname(r.id)} "
                              f"become{'s' if left == 1 else ''} inactive ({why})", places=(r.id,),
                              data={"count": left}))
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if not u.active or u.maintained:  # u.maintained: reactivated this turn, already paid twice over
            continue
        cost = w.utype(u).maintenance
        why = "left unmaintained" if f"unit:{u.id}" in s.neglected else "; ".join(w.can_pay(s, u.nation, cost))
        if why:
            u.active = False
            out.append(ev("inactive", f"{u.id} is not maintained and becomes inactive ({why})", counters=(u.id,),
                          teams=(w.side(s, u),)))
        else:
            w.pay(s, u.nation, cost)
            u.maintained = True
            paid[u.nation] = paid.get(u.nation, 0) + cost.money
    for nation, money in sorted(paid.items()):
        player = s.nations[nation].player
        out.append(ev("maintenance", f"{w.nname(nation)} pays ${money} maintenance", teams=(player,), hidden=True,
                      visible_to=(player,)))
    out += feed(w, s)
    s.neglected.clear()
    return out


def _plural(name: str) -> str:
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


def feed(w: World, s: TheGameState) -> list[Event]:
    """Labour eats its region's food: the general pool and farm sector first (the pool starves first),
    then starving labour recovers into the pool while food is left (a ruling)."""
    out = []
    per = w.settings.food_per_labour
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        if r.sea or r.population == 0:
            continue
        food = r.stock.get("food", 0)
        eaters = r.pool + r.farm
        fed = min(eaters, food // per) if per else eaters
        food -= fed * per
        unfed = eaters - fed
        from_pool = min(unfed, r.pool)
        r.pool -= from_pool
        r.farm -= unfed - from_pool
        recovered = min(r.starving, food // per) if per else r.starving
        food -= recovered * per
        r.starving += unfed - recovered
        r.pool += recovered
        r.stock["food"] = food
        if unfed or recovered:
            out.append(ev("food", f"{w.rname(r.id)}: {unfed} labour unfed and starving, {recovered} starving fed and "
                          "back in the pool", places=(r.id,), data={"starving": unfed, "recovered": recovered}))
    return out


def _thirds(dice: Dice, n: int) -> int:
    """How many of ``n`` are removed: the whole thirds, and each leftover on a d6 roll of 1-2."""
    removed = n // 3
    for _ in range(n % 3):
        if dice.d6() <= 2:
            removed += 1
    return removed


def attrition_items(w: World, s: TheGameState) -> dict[str, list[str]]:
    """The items each region's attrition draw is made from, in the order the draw numbers them (1, 2, …):
    inactive facilities other than transport nets, by type in name order ('facility:<type>', one entry per
    facility), then inactive air and naval units by id ('unit:<id>'); spacecraft in orbit as the group
    'orbit'. Regions without any are left out."""
    out: dict[str, list[str]] = {}
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        items = [f"facility:{f}" for f, n in sorted(r.inactive.items()) if f != "transport-net" for _ in range(n)]
        if items:
            out[r.id] = items
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if u.active:
            continue
        if u.region == ORBIT or (u.region in s.regions and w.utype(u).category in ("air", "naval")):
            out.setdefault(u.region, []).append(f"unit:{u.id}")
    return out


def check_draws(w: World, s: TheGameState, draws: dict[str, list[str]]) -> list[str]:
    """Why the referee's typed attrition draws cannot be used (each must name an item of that region's draw,
    no more often than it is there, and no more draws than can be made: the whole thirds and the leftovers)."""
    items = attrition_items(w, s)
    out: list[str] = []
    for region, named in draws.items():
        if region != ORBIT and region not in s.regions:
            out.append(Impossible(f"draws: no region {region!r}"))
            continue
        have = items.get(region, [])
        most = len(have) // 3 + len(have) % 3
        if len(named) > most:
            out.append(Impossible(f"draws: {w.rname(region)}'s attrition draws at most {most} of its "
                                  f"{len(have)} items"))
        for key in sorted(set(named)):
            if named.count(key) > have.count(key):
                out.append(Impossible(f"draws: {key} is drawn {named.count(key)} times in {w.rname(region)}, "
                                      f"which has {have.count(key)} (its items: {', '.join(have) or 'none'})"))
    return out


def attrition(w: World, s: TheGameState, dice: Dice, draws: dict[str, list[str]] | None = None) -> list[Event]:
    """VI.B. ``draws``: region -> items the referee drew by hand, in drawing order (checked by :func:`check_draws`);
    the draws not typed are made with the dice."""
    out = []
    items = attrition_items(w, s)
    typed = draws or {}
    for r in sorted(s.regions.values(), key=lambda r: r.id):
        nets = r.inactive.get("transport-net", 0)
        gone_nets = sum(1 for _ in range(nets) if dice.d6() == 1)
        if gone_nets:
            r.inactive["transport-net"] -= gone_nets
            out.append(ev("attrition", f"{gone_nets} inactive transport net(s) in {w.rname(r.id)} removed",
                          places=(r.id,)))
        # other inactive facilities and unmaintained air and naval units, drawn at random
        out += _remove_drawn(w, s, r.id, items.get(r.id, []), dice, typed=typed.get(r.id, []))
        if r.starving:
            gone = _thirds(dice, r.starving)
            r.starving -= gone
            if gone:
                out.append(ev("attrition", f"{gone} starving labour units in {w.rname(r.id)} die", places=(r.id,)))
    out += _remove_drawn(w, s, ORBIT, items.get(ORBIT, []), dice, typed=typed.get(ORBIT, []))
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if not u.active and w.utype(u).category == "ground":
            out += _to_insurgents(w, s, u, dice)
    return out


def _remove_drawn(w: World, s: TheGameState, region: str, items: list[str], dice: Dice, *,
                  typed: list[str]) -> list[Event]:
    """Remove the whole thirds of ``items`` and each leftover on a d6 roll of 1-2, drawn at random: a draw is a
    number from 1 to the items left (:meth:`Dice.draw`: ``--dice`` types it), counted in the list's order after
    the earlier draws were taken out; or an item the referee names (``typed``, in order). The event names the
    items in order, the numbers drawn and what they removed."""
    if not items:
        return []
    listed = list(items)
    gone = _thirds(dice, len(items))
    numbers: list[int] = []
    removed: list[str] = []
    for k in range(gone):
        hand = k < len(typed) and typed[k] in items
        number = items.index(typed[k]) + 1 if hand else dice.draw(len(items)) if len(items) > 1 else 1
        numbers.append(number)
        key = items.pop(number - 1)
        removed.append(key)
        kind, what = key.split(":", 1)
        if kind == "unit":
            del s.units[what]
        else:
            s.regions[region].inactive[what] -= 1
    words = ", ".join(f"{n} ({k})" for n, k in zip(numbers, removed, strict=True)) or "none"
    text = (f"attrition in {w.rname(region)}: {gone} of {len(listed)} inactive items drawn ({words}) "
            f"from {', '.join(f'{i}. {k}' for i, k in enumerate(listed, 1))}")
    unused = typed[gone:]
    if unused:
        text += f"; typed draws not needed: {', '.join(unused)}"
    units = tuple(k.split(":", 1)[1] for k in removed if k.startswith("unit:"))
    return [ev("attrition", text, counters=units, places=(region,) if region != ORBIT else (),
               data={"items": listed, "draws": numbers, "removed": removed, "typed": typed[:gone]})]


def _to_insurgents(w: World, s: TheGameState, u: UnitState, dice: Dice) -> list[Event]:
    """An unmaintained ground unit: major -> 2d6-2 insurgents; minor -> 1 on a d6 roll of 1-3, else nothing."""
    n = (1 if dice.d6() <= 3 else 0) if w.utype(u).minor else dice.d6() + dice.d6() - 2
    del s.units[u.id]
    if u.region in s.regions and n:
        r = s.regions[u.region]
        independent = n // 2
        r.insurgents += independent
        r.loyal[u.nation] = r.loyal.get(u.nation, 0) + n - independent
    return [ev("insurgents", f"unmaintained {u.id} breaks up into {n} insurgents in {w.rname(u.region)} "
               f"({n // 2} independent, {n - n // 2} loyal to {w.nname(u.nation)})", counters=(u.id,),
               places=(u.region,), data={"insurgents": n})]


def hostile_territory(w: World, s: TheGameState, region: str, nation: str) -> bool:
    """A region held, occupied or Controlled by a nation at war with ``nation`` (standing ruling)."""
    r = s.regions.get(region)
    if r is None:
        return False
    if r.owner is not None and s.at_war(r.owner, nation):
        return True
    if r.occupier is not None and s.at_war(r.occupier, nation):
        return True
    for player, rel in r.relations.items():
        if rel == "control" and any(s.at_war(n.id, nation) for n in w.nations_of(s, player)):
            return True
    return False


def conversion_refused(w: World, s: TheGameState, u: UnitState) -> tuple[str, bool] | None:
    """Why unit ``u`` may not become loyal insurgents as it stands down, and whether CONTROL's force can
    override it (False: impossible, ruling R38); None: it may."""
    if w.utype(u).category != "ground" or u.region not in s.regions:
        return f"{u.id} is not a ground unit: only ground units become insurgents", False
    if not hostile_territory(w, s, u.region, u.nation):
        return f"{w.rname(u.region)} is not hostile territory: {u.id} cannot become insurgents there", True
    return None


def check_stand_down(w: World, s: TheGameState, cmd: c.StandDown) -> list[str]:
    """Only the stand-down itself can be refused; a conversion to insurgents that is not allowed is refused on
    its own in the events (the unit still stands down: ruling R35)."""
    if err := w.no_unit(s, cmd.unit):
        return [err]
    u = s.units[cmd.unit]
    if not u.maintained or not u.active:
        return [f"{u.id} was not maintained this turn: only a maintained unit stands down"]
    return []


def apply_stand_down(w: World, s: TheGameState, cmd: c.StandDown, dice: Dice) -> list[Event]:
    u = s.units[cmd.unit]
    refused = conversion_refused(w, s, u) if cmd.insurgents else None
    if refused is not None and refused[1] and cmd.force:
        refused = None  # CONTROL forced the conversion over the territory rule
    del s.units[cmd.unit]
    text = f"{u.id} stands down"
    n = 0
    data: dict[str, object] = {}
    if cmd.insurgents and refused is None:
        n = w.settings.stand_down_minor if w.utype(u).minor else w.settings.stand_down_major
        r = s.regions[u.region]
        r.loyal[u.nation] = r.loyal.get(u.nation, 0) + n
        text += f" and becomes {n} insurgents loyal to {w.nname(u.nation)} in {w.rname(u.region)}"
    elif refused is not None:
        text += f"; its conversion to insurgents is refused: {refused[0]}"
        data["conversion_refused"] = refused[0]
    data["insurgents"] = n
    return [ev("stand-down", text, counters=(u.id,), places=(u.region,), teams=(s.nations[u.nation].player,),
               data=data)]
