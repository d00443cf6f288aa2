"""Diplomacy: breaking relations (I), PIPs and aid (bought in II.C), PIP conflict (III.A) and
upgrades (III.B), with the source's placement limits and the effects of relations.
"""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.scenario import DiplomaticColumn
from boardapp.rules.thegame.state import PendingBuild, TheGameState
from boardapp.rules.thegame.world import World, ev


# --- I. breaking relations ------------------------------------------------------------------------
def check_sever(w: World, s: TheGameState, cmd: c.Sever) -> list[str]:
    if err := w.no_player(cmd.player) or w.no_player(cmd.other):
        return [err]
    if cmd.player == cmd.other:
        return [Impossible("a player cannot break relations with himself")]
    if (cmd.player, cmd.other) in s.broken:
        return [f"{w.pname(cmd.player)} has already broken relations with {w.pname(cmd.other)} this turn"]
    return []


def apply_sever(w: World, s: TheGameState, cmd: c.Sever) -> list[Event]:
    """All PIPs and relations of both sides in each other's capitals are removed."""
    removed = []
    for holder, country in ((cmd.player, cmd.other), (cmd.other, cmd.player)):
        for cap in sorted(w.capitals_of(s, country)):
            r = s.regions[cap]
            had_pips = r.pips.pop(holder, 0)
            had_relation = r.relations.pop(holder, "")
            if had_pips or had_relation:
                removed.append(f"{w.pname(holder)} in {w.rname(cap)}")
    s.broken.add((cmd.player, cmd.other))
    text = f"{w.pname(cmd.player)} breaks diplomatic relations with {w.pname(cmd.other)}"
    s.news.append(text)
    gone = f"; removed: {', '.join(removed)}" if removed else ""
    return [ev("sever", text + gone, teams=(cmd.player, cmd.other))]


# --- PIP placement ------------------------------------------------------------------------------
def placement_problems(w: World, s: TheGameState, player: str, region: str, food_aid: bool = False) -> list[str]:
    """Why ``player`` may not place PIPs in ``region`` (the source's four restrictions and the capitals rule).
    Food-aid PIPs may be received even under another player's Control."""
    r = s.regions[region]
    name = w.rname(region)
    if r.sea:
        return [Impossible(f"{name} is a sea region: PIPs go in land regions")]
    out = []
    occupied_by_me = r.occupier is not None and w.player_of(s, r.occupier) == player
    capital_of = w.is_capital(s, region)
    if r.owner is not None and capital_of is None and not occupied_by_me:
        out.append(f"{name} is part of {w.nname(r.owner)}'s home country: PIPs go in non-player regions and "
                   "players' capitals (or regions of another player's country you militarily occupy)")
    for other, rel in r.relations.items():
        if other != player and rel == "control" and not food_aid:
            out.append(f"{w.pname(other)} Controls {name}: no one else places PIPs there")
    if r.occupier is not None and not occupied_by_me:
        out.append(f"{w.nname(r.occupier)} militarily occupies {name}: no one else places PIPs there")
    for other, n in r.pips.items():
        if other != player and n > 0 and w.holds_alliance_with(s, other, player) \
                and region not in w.capitals_of(s, player):
            out.append(f"{w.pname(other)} has PIPs in {name} and an Alliance with {w.pname(player)}'s country: "
                       f"{w.pname(player)} places no PIPs there")
    if capital_of is not None:
        owner_player = s.nations[capital_of].player
        if (player, owner_player) in s.broken or (owner_player, player) in s.broken:
            out.append(f"relations between {w.pname(player)} and {w.pname(owner_player)} were broken this turn: "
                       f"no PIPs in {name}")
    return out


def pip_price(w: World, s: TheGameState, player: str) -> int:
    """Dollars per PIP: doubled for a player who broke relations this turn."""
    breaker = any(b == player for b, _ in s.broken)
    return w.settings.pip_cost * (2 if breaker else 1)


def _payer(w: World, s: TheGameState, player: str, nation: str) -> str | None:
    if err := w.no_player(player) or w.no_nation(s, nation):
        return err
    if s.nations[nation].player != player:
        return Impossible(f"{w.nname(nation)} is not {w.pname(player)}'s nation")
    return None


def check_buy_pips(w: World, s: TheGameState, cmd: c.BuyPips) -> list[str]:
    if err := _payer(w, s, cmd.player, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    out = placement_problems(w, s, cmd.player, cmd.region)
    cost = pip_price(w, s, cmd.player) * cmd.count
    if s.nations[cmd.nation].bank < cost:
        out.append(f"{cmd.count} PIPs cost ${cost}; {w.nname(cmd.nation)} has ${s.nations[cmd.nation].bank}")
    return out


def apply_buy_pips(w: World, s: TheGameState, cmd: c.BuyPips, dice: Dice) -> list[Event]:
    cost = pip_price(w, s, cmd.player) * cmd.count
    n = s.nations[cmd.nation]
    n.bank = max(0, n.bank - cost)
    s.pips_bought[cmd.player] = s.pips_bought.get(cmd.player, 0) + cmd.count
    s.pending.append(PendingBuild(cmd.nation, "pips", cmd.region, cmd.count, cmd.player))
    return [ev("buy-pips", f"{w.pname(cmd.player)} buys {cmd.count} PIPs for {w.rname(cmd.region)} (placed in II.F)",
               teams=(cmd.player,), places=(cmd.region,), data={"count": cmd.count, "price": cost})]


def check_food_aid(w: World, s: TheGameState, cmd: c.FoodAid) -> list[str]:
    if err := w.no_player(cmd.player) or w.no_region(s, cmd.source) or w.no_region(s, cmd.region):
        return [err]
    src, r = s.regions[cmd.source], s.regions[cmd.region]
    out = []
    if src.owner is None or s.nations[src.owner].player != cmd.player:
        out.append(f"{w.rname(cmd.source)} is not a region of {w.pname(cmd.player)}'s countries")
    if src.stock.get("food", 0) < cmd.food:
        out.append(f"{w.rname(cmd.source)} has {src.stock.get('food', 0)} food")
    placing = placement_problems(w, s, cmd.player, cmd.region, food_aid=True)
    if r.starving == 0:
        # no starving labour: the aid gives no free PIPs, so the PIP placement limits do not apply (ruling R17)
        return out + [p for p in placing if isinstance(p, Impossible)]
    return out + placing


def apply_food_aid(w: World, s: TheGameState, cmd: c.FoodAid, dice: Dice) -> list[Event]:
    src, r = s.regions[cmd.source], s.regions[cmd.region]
    food = min(cmd.food, src.stock.get("food", 0))
    src.stock["food"] = src.stock.get("food", 0) - food
    r.stock["food"] = r.stock.get("food", 0) + food
    pips = min(food, r.starving)
    nation = src.owner or ""
    if pips:
        s.pending.append(PendingBuild(nation, "pips", cmd.region, pips, cmd.player))
    return [ev("food-aid", f"{w.pname(cmd.player)} sends {food} food to {w.rname(cmd.region)}: {pips} free PIPs",
               teams=(cmd.player,), places=(cmd.region,), data={"food": food, "pips": pips})]


def check_economic_aid(w: World, s: TheGameState, cmd: c.EconomicAid) -> list[str]:
    if err := _payer(w, s, cmd.player, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    out = []
    if w.relation(r, cmd.player) < 1:
        out.append(f"economic aid needs an Understanding with {w.rname(cmd.region)}; {w.pname(cmd.player)} has none")
    per = w.settings.economic_aid_per_pip
    if cmd.money % per:
        out.append(f"economic aid buys one PIP per ${per}: give a multiple of ${per}")
    if s.nations[cmd.nation].bank < cmd.money:
        out.append(f"{w.nname(cmd.nation)} has ${s.nations[cmd.nation].bank}")
    out += placement_problems(w, s, cmd.player, cmd.region)
    return out


def apply_economic_aid(w: World, s: TheGameState, cmd: c.EconomicAid, dice: Dice) -> list[Event]:
    n = s.nations[cmd.nation]
    n.bank = max(0, n.bank - cmd.money)
    pips = cmd.money // w.settings.economic_aid_per_pip
    s.pending.append(PendingBuild(cmd.nation, "pips", cmd.region, pips, cmd.player))
    return [ev("economic-aid", f"{w.pname(cmd.player)} gives economic aid to {w.rname(cmd.region)}: {pips} PIPs",
               teams=(cmd.player,), places=(cmd.region,), data={"pips": pips})]


# --- III.A PIP conflict -------------------------------------------------------------------------
def odds_column(table: list[DiplomaticColumn], attacker: int, defender: int) -> DiplomaticColumn | None:
    """The highest column not above the ratio (10:3 -> 3:1); None below the lowest column.

    >>> from boardapp.rules.thegame.scenario import default_diplomatic_table
    >>> odds_column(default_diplomatic_table(), 10, 3).odds, odds_column(default_diplomatic_table(), 10, 5).odds
    ('3:1', '2:1')
    """
    best = None
    for col in table:
        a, b = col.ratio
        if a * defender <= attacker * b and (best is None or a * best.ratio[1] > best.ratio[0] * b):
            best = col
    return best


def roll_order(dice: Dice, players: list[str]) -> tuple[list[str], list[str]]:
    """Players sorted by a d6 each, highest first; ties re-rolled among the tied. Returns (order, roll words)."""
    words: list[str] = []

    def rank(group: list[str]) -> list[str]:
        rolls = {p: dice.d6() for p in group}
        words.append(", ".join(f"{p} {v}" for p, v in rolls.items()))
        out: list[str] = []
        for v in sorted(set(rolls.values()), reverse=True):
            tied = [p for p in group if rolls[p] == v]
            out += rank(tied) if len(tied) > 1 else tied
        return out

    return rank(list(players)), words


def check_diplomacy_order(w: World, s: TheGameState, cmd: c.DiplomacyOrder) -> list[str]:
    if err := w.no_region(s, cmd.region):
        return [err]
    for p in cmd.players:
        if err := w.no_player(p):
            return [err]
    if len(set(cmd.players)) != len(cmd.players):
        return [Impossible("a player is named twice")]
    return []


def apply_diplomacy_order(w: World, s: TheGameState, cmd: c.DiplomacyOrder, dice: Dice) -> list[Event]:
    order, words = roll_order(dice, cmd.players)
    s.dip_order[cmd.region] = order
    return [ev("order", f"order of diplomatic attacks in {w.rname(cmd.region)}: {', '.join(order)} "
               f"(rolls: {'; '.join(words)})", places=(cmd.region,), data={"order": order})]


def check_diplomatic_attack(w: World, s: TheGameState, cmd: c.DiplomaticAttack) -> list[str]:
    if err := w.no_player(cmd.player) or w.no_region(s, cmd.region):
        return [err]
    for d in cmd.against:
        if err := w.no_player(d):
            return [err]
    r = s.regions[cmd.region]
    name = w.rname(cmd.region)
    out: list[str] = []
    if cmd.player in cmd.against or len(set(cmd.against)) != len(cmd.against):
        out.append(Impossible("name each defending player once, and not the attacker"))
    mine = r.pips.get(cmd.player, 0)
    if mine <= 0:
        out.append(f"{w.pname(cmd.player)} has no PIPs in {name}")
    for d in cmd.against:
        if r.pips.get(d, 0) <= 0:
            out.append(f"{w.pname(d)} has no PIPs in {name} to attack")
        if w.holds_alliance_with(s, d, cmd.player) and cmd.region not in w.capitals_of(s, cmd.player):
            out.append(f"{w.pname(d)}'s Alliance with {w.pname(cmd.player)}'s country bars diplomatic attacks on "
                       f"{w.pname(d)} except in {w.pname(cmd.player)}'s own capital")
    if (cmd.player, cmd.region) in s.attacks:
        out.append(f"{w.pname(cmd.player)} has already made its diplomatic attack in {name} this turn")
    order = s.dip_order.get(cmd.region)
    if order and cmd.player in order:
        before = [p for p in order[:order.index(cmd.player)] if (p, cmd.region) not in s.attacks]
        if before:
            out.append(f"in {name} {', '.join(before)} attack(s) first (the order roll)")
    defence = sum(r.pips.get(d, 0) for d in cmd.against)
    if mine > 0 and defence > 0 and odds_column(w.table, mine, defence) is None:
        out.append(f"{mine}:{defence} is below the lowest column of the Diplomatic Conflict table "
                   f"({w.table[0].odds})")
    return out


def apply_diplomatic_attack(w: World, s: TheGameState, cmd: c.DiplomaticAttack, dice: Dice) -> list[Event]:
    r = s.regions[cmd.region]
    mine = r.pips.get(cmd.player, 0)
    defence = sum(r.pips.get(d, 0) for d in cmd.against)
    col = odds_column(w.table, mine, defence) or w.table[0]
    die = cmd.die if cmd.die is not None else dice.d6()
    result = col.results[die - 1]
    a_loss = min(result.attacker, mine)
    r.pips[cmd.player] = mine - a_loss
    d_loss = 0
    for _ in range(result.defender):  # one at a time from the largest holding (ties: the order named)
        holders = [d for d in cmd.against if r.pips.get(d, 0) > 0]
        if not holders:
            break
        top = max(holders, key=lambda d: r.pips[d])
        r.pips[top] -= 1
        d_loss += 1
    for p in [p for p, n in r.pips.items() if n <= 0]:
        del r.pips[p]
    s.attacks.add((cmd.player, cmd.region))
    return [ev("diplomatic-attack", f"{w.pname(cmd.player)} attacks {', '.join(w.pname(d) for d in cmd.against)} "
               f"in {w.rname(cmd.region)}: {mine}:{defence} on the {col.odds} column, die {die}: attacker loses "
               f"{a_loss}, defenders lose {d_loss}", teams=(cmd.player, *cmd.against), places=(cmd.region,),
               data={"odds": col.odds, "die": die, "attacker_loses": a_loss, "defenders_lose": d_loss})]


# --- III.B upgrades ------------------------------------------------------------------------------
def _player_country(w: World, s: TheGameState, player: str, region: str) -> bool:
    """Whether the region belongs to another player's country and is not militarily occupied by ``player``."""
    r = s.regions[region]
    if r.owner is None:
        return False
    occupied_by_me = r.occupier is not None and w.player_of(s, r.occupier) == player
    return not occupied_by_me


def check_upgrade(w: World, s: TheGameState, cmd: c.Upgrade) -> list[str]:
    if err := w.no_player(cmd.player) or w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    name = w.rname(cmd.region)
    need = w.settings.upgrade_pips[cmd.to]
    have = r.pips.get(cmd.player, 0)
    rel = r.relations.get(cmd.player)
    out = []
    if r.sea:
        return [Impossible(f"{name} is a sea region")]
    if r.owner is not None and s.nations[r.owner].player == cmd.player:
        return [f"{name} is {w.pname(cmd.player)}'s own country"]
    wanted_before = {"understanding": None, "alliance": "understanding", "control": "alliance"}[cmd.to]
    if rel != wanted_before:
        now = rel or "no relation"
        before = wanted_before or "no relation"
        out.append(f"{w.pname(cmd.player)} has {now} in {name}; an upgrade to {cmd.to} needs {before} first")
    if have < need:
        out.append(f"an upgrade to {cmd.to} needs {need} PIPs; {w.pname(cmd.player)} has {have} in {name}")
    if cmd.to == "alliance":
        others = [p for p, x in r.relations.items() if p != cmd.player and x in ("alliance", "control")]
        if others:
            out.append(f"{', '.join(w.pname(p) for p in others)} already has an Alliance or Control in {name}")
    if cmd.to == "control" and _player_country(w, s, cmd.player, cmd.region):
        out.append(f"{name} is a player's country: with player countries only Understandings and Alliances "
                   "(unless you militarily occupy the region)")
    return out


def apply_upgrade(w: World, s: TheGameState, cmd: c.Upgrade, dice: Dice) -> list[Event]:
    r = s.regions[cmd.region]
    need = w.settings.upgrade_pips[cmd.to]
    r.pips[cmd.player] = r.pips.get(cmd.player, 0) - need
    if r.pips[cmd.player] <= 0:
        del r.pips[cmd.player]
    r.relations[cmd.player] = cmd.to
    text = f"{w.pname(cmd.player)} upgrades to {cmd.to.capitalize()} in {w.rname(cmd.region)} ({need} PIPs spent)"
    if cmd.to == "control":
        for p in [p for p in r.pips if p != cmd.player]:
            del r.pips[p]
        for p in [p for p, x in r.relations.items() if p != cmd.player and x == "understanding"]:
            del r.relations[p]
        text += "; everyone else's PIPs and Understandings there are removed"
        s.news.append(f"{w.pname(cmd.player)} takes Control of {w.rname(cmd.region)}")
    return [ev("upgrade", text, teams=(cmd.player,), places=(cmd.region,), data={"to": cmd.to})]


def check_absorb(w: World, s: TheGameState, cmd: c.Absorb) -> list[str]:
    if err := _payer(w, s, cmd.player, cmd.nation) or w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    name = w.rname(cmd.region)
    out = []
    if r.sea:
        return [Impossible(f"{name} is a sea region")]
    need = w.settings.upgrade_pips["absorption"]
    if r.owner is not None:
        out.append(f"{name} is already part of {w.nname(r.owner)}'s home country: player countries are never absorbed")
    if r.relations.get(cmd.player) != "control":
        out.append(f"absorption needs Control of {name}; {w.pname(cmd.player)} has "
                   f"{r.relations.get(cmd.player) or 'no relation'}")
    if r.pips.get(cmd.player, 0) < need:
        out.append(f"absorption needs Control and {need} more PIPs; {w.pname(cmd.player)} has "
                   f"{r.pips.get(cmd.player, 0)} in {name}")
    return out


def apply_absorb(w: World, s: TheGameState, cmd: c.Absorb, dice: Dice) -> list[Event]:
    """The region becomes home country; its PIPs and relations go (it is no longer a non-player region)."""
    r = s.regions[cmd.region]
    r.owner = cmd.nation
    r.pips.clear()
    r.relations.clear()
    text = f"{w.nname(cmd.nation)} absorbs {w.rname(cmd.region)} into its home country (with the referee's consent)"
    s.news.append(text)
    return [ev("absorb", text, teams=(cmd.player,), places=(cmd.region,))]
