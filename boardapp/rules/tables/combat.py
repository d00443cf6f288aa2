"""Fights: units next to a place attack every enemy unit there; an odds table or dice per strength point
decides the losses (weakest units first) and retreats (one place, to a friendly, then neutral place)."""

from __future__ import annotations

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.tables.commands import Attack
from boardapp.rules.tables.facts import Facts, words
from boardapp.rules.tables.state import TablesState


def parse_odds(text: str) -> tuple[int, int] | None:
    """'2:1' -> (2, 1); None when it is not odds.

    >>> parse_odds("1:2"), parse_odds("3 : 1"), parse_odds("two")
    ((1, 2), (3, 1), None)
    """
    a, sep, d = text.partition(":")
    try:
        pair = (int(a), int(d))
    except ValueError:
        return None
    return pair if sep and pair[0] > 0 and pair[1] > 0 else None


def real_odds(attack: int, defence: int) -> str:
    """The odds in words, rounded in the defender's favour: 7 against 3 is '2:1', 3 against 7 is '1:3'.

    >>> real_odds(7, 3), real_odds(3, 7), real_odds(4, 4), real_odds(0, 2)
    ('2:1', '1:3', '1:1', '0:2')
    """
    if attack <= 0 or defence <= 0:
        return f"{attack}:{defence}"
    if attack >= defence:
        return f"{attack // defence}:1"
    return f"1:{-(-defence // attack)}"


def column(f: Facts, attack: int, defence: int) -> int | None:
    """The odds table's column for ``attack`` against ``defence``: the highest column whose odds do not
    exceed the real odds (None: below the first column)."""
    assert f.s.combat.odds is not None
    best = None
    for i, col in enumerate(f.s.combat.odds.columns):
        pair = parse_odds(col)
        if pair is not None and (defence == 0 or pair[0] * defence <= attack * pair[1]):
            best = i
    return best


def unit_strength(f: Facts, state: TablesState, cid: str) -> int:
    """A unit's strength now: its type's, less its lost steps' share, rounded up.

    War in Binni's ruling: a damaged counter's value is ``ceil(value * (strength - losses) / strength)``."""
    ctr = state.counters[cid]
    ut = f.types[ctr.type]
    return -(-ut.strength * (ut.steps - ctr.losses) // ut.steps)


def strength(f: Facts, state: TablesState, ids: list[str]) -> int:
    return sum(unit_strength(f, state, i) for i in ids)


def spending(f: Facts, state: TablesState, cmd: Attack, team: str,
             defenders: list[str]) -> tuple[dict[str, dict[str, int]], int, int, list[str]]:
    """What a fight consumes — each attacker's attack_cost, the sides' extra strength, the attacker's support —
    as team -> resource -> amount; the strength the attacker and the defender add; and why it cannot be paid."""
    c = f.s.combat
    spend: dict[str, dict[str, int]] = {}
    reasons: list[str] = []

    def pay(who: str, resource: str, amount: int) -> None:
        if amount:
            spend.setdefault(who, {})[resource] = spend.get(who, {}).get(resource, 0) + amount

    for cid in cmd.attackers:
        for resource, amount in f.types[state.counters[cid].type].attack_cost.items():
            pay(team, resource, amount)
    a_bonus = d_bonus = 0
    if (cmd.attacker_extra or cmd.defender_extra) and c.extra is None:
        reasons.append("this game has no extra strength to buy (combat.extra)")
    elif c.extra is not None:
        a_bonus = cmd.attacker_extra // c.extra.per * c.extra.adds
        pay(team, c.extra.resource, cmd.attacker_extra)
        if cmd.defender_extra:
            def_teams = {state.counters[d].team for d in defenders}
            if len(def_teams) != 1:
                reasons.append("several teams defend: none of them can buy extra strength alone")
            else:
                d_bonus = cmd.defender_extra // c.extra.per * c.extra.adds
                pay(def_teams.pop(), c.extra.resource, cmd.defender_extra)
    known = {sp.id: sp for sp in c.support}
    for sid in dict.fromkeys(cmd.support):
        sp = known.get(sid)
        if sp is None:
            reasons.append(f"no support {sid!r} in this game" + (f" (there are {', '.join(known)})" if known else ""))
            continue
        a_bonus += sp.adds
        if sp.resource is not None:
            pay(team, sp.resource, sp.amount)
    for who, needs in spend.items():
        for resource, amount in needs.items():
            track = f.tracks.get(resource)
            if track is None:
                reasons.append(f"no resource {resource!r} in this game")
                continue
            left = f.value(state, who, resource) - track.min
            if amount > left:
                reasons.append(words(c.no_stores, team=f.team_name(who), resource=track.name, needed=amount,
                                     left=left))
    return spend, a_bonus, d_bonus, reasons


def check_attack(f: Facts, state: TablesState, cmd: Attack) -> list[str]:
    for cid in cmd.attackers:
        if cid not in state.counters:
            return [Impossible(f"no unit {cid!r} on the map")]
    if cmd.place not in f.places:
        return [Impossible(f"no place {cmd.place!r} on the map")]
    if len(set(cmd.attackers)) != len(cmd.attackers):
        return [Impossible("a unit is named twice among the attackers")]
    teams = {state.counters[c].team for c in cmd.attackers}
    if len(teams) > 1:
        return ["the attackers must all be one team's"]
    team = teams.pop()
    place = f.place_name(cmd.place)
    c = f.s.combat
    reasons = []
    for cid in cmd.attackers:
        unit = f.unit_name(state, cid)
        if state.counters[cid].attacked:
            reasons.append(words(c.once, unit=unit, place=place))
        if cmd.place not in f.neighbours(state.counters[cid].place):
            reasons.append(words(c.not_adjacent, unit=unit, place=place))
    defenders = f.enemies_at(state, cmd.place, team)
    for cid in cmd.attacker_losses:
        if cid not in cmd.attackers:
            reasons.append(f"{cid} is not among the attackers: only they can be chosen as the attacker's losses")
    for cid in cmd.defender_losses:
        if cid not in defenders:
            reasons.append(f"{cid} is not among the defenders at {place}: only they can be chosen as the "
                           "defender's losses")
    for cid, to in cmd.retreat_to.items():
        if cid not in defenders:
            reasons.append(f"{cid} is not among the defenders at {place}: only they retreat")
        elif to not in retreat_places(f, state, cid):
            reasons.append(f"{f.unit_name(state, cid)} cannot retreat to {f.place_name(to)}: a retreat goes one "
                           "road to a place it may enter, without enemy units, with room under the stacking limit")
    if not defenders:
        reasons.append(words(c.no_enemy, place=place))
        return reasons
    _spend, a_bonus, d_bonus, unpaid = spending(f, state, cmd, team, defenders)
    reasons += unpaid
    if c.method == "odds" and c.odds is not None:
        a = strength(f, state, list(cmd.attackers)) + a_bonus
        d = strength(f, state, defenders) + d_bonus
        if column(f, a, d) is None:
            reasons.append(words(c.odds.too_low, odds=real_odds(a, d), lowest=c.odds.columns[0]))
    return reasons


def _losses(f: Facts, state: TablesState, ids: list[str], n: int, chosen: list[str]) -> list[str]:
    """The ``n`` losses of a side of ``ids``, a unit id a loss (a unit of several steps may take several; one
    takes no more than its steps): the ``chosen`` first, in their order, then the weakest (or the strongest, as
    the combat table says) at each loss, ties by id. The units are not changed here (see :func:`_take`)."""
    left = {i: f.types[state.counters[i].type].steps - state.counters[i].losses for i in ids}
    taken = dict.fromkeys(ids, 0)
    out: list[str] = []
    sign = -1 if f.s.combat.losses_fall_on == "strongest" else 1

    def now(i: str) -> int:
        ut = f.types[state.counters[i].type]
        return -(-ut.strength * (ut.steps - state.counters[i].losses - taken[i]) // ut.steps)

    wanted = [i for i in chosen if i in ids]
    for _ in range(n):
        alive = [i for i in ids if taken[i] < left[i]]
        if not alive:
            break
        pick = next((i for i in wanted if taken[i] < left[i]), None)
        if pick is not None:
            wanted.remove(pick)
        else:
            pick = min(alive, key=lambda i: (sign * now(i), i))
        taken[pick] += 1
        out.append(pick)
    return out


def _take(f: Facts, state: TablesState, lost: list[str]) -> list[str]:
    """Apply losses (a unit id a loss): the units destroyed, in order."""
    destroyed = []
    for i in lost:
        ctr = state.counters[i]
        ctr.losses += 1
        if ctr.losses >= f.types[ctr.type].steps:
            del state.counters[i]
            destroyed.append(i)
    return destroyed


def retreat_places(f: Facts, state: TablesState, cid: str) -> list[str]:
    """Where a unit may retreat: a neighbouring place it may enter without enemy units and with room under
    the stacking limit, across no closed border; its own team's (or one granting it passage) first, then neutral
    places, then (unless
    ``combat.retreat_into_held`` is off) another team's, by name."""
    from boardapp.rules.tables.movement import may_enter, stacking_full

    ctr = state.counters[cid]
    options = []
    for nxt in f.neighbours(ctr.place):
        if not may_enter(f, ctr, nxt) or f.enemies_at(state, nxt, ctr.team) or stacking_full(f, state, ctr.team, nxt):
            continue
        border = f.border(ctr.place, nxt)
        if border is not None and border.closed:
            continue
        holder = state.control.get(nxt)
        rank = 0 if f.friendly(state, nxt, ctr.team) else 1 if holder is None else 2
        if rank == 2 and not f.s.combat.retreat_into_held:
            continue
        options.append((rank, f.place_name(nxt), nxt))
    return [p for _r, _n, p in sorted(options)]


def retreat_place(f: Facts, state: TablesState, cid: str, chosen: str | None = None) -> str | None:
    """Where a retreating unit goes: the defender's ``chosen`` place while it is still open to it, else the
    first by the rule (None: nowhere, and the unit is lost)."""
    options = retreat_places(f, state, cid)
    if chosen in options:
        return chosen
    return options[0] if options else None


def _roll_hits(f: Facts, dice: Dice, power: int) -> tuple[list[int], int]:
    rule = f.s.combat.dice
    assert rule is not None
    n = min(rule.max_dice, power * rule.dice_per_strength)
    rolls = [dice.d6() for _ in range(n)]
    return rolls, sum(1 for r in rolls if r >= rule.hit_on) // rule.hits_per_loss


def apply_attack(f: Facts, state: TablesState, cmd: Attack, dice: Dice) -> list[Event]:
    attackers = list(cmd.attackers)
    team = state.counters[attackers[0]].team
    defenders = f.enemies_at(state, cmd.place, team)
    def_teams = sorted({state.counters[d].team for d in defenders})
    spend, a_bonus, d_bonus, _unpaid = spending(f, state, cmd, team, defenders)
    a = strength(f, state, attackers) + a_bonus
    d = strength(f, state, defenders) + d_bonus
    c = f.s.combat
    data: dict[str, object] = {"attack": a, "defence": d, "odds": real_odds(a, d)}
    if spend:  # keys added only when used: older journals' fights decide the same
        data["spent"] = spend
    if a_bonus or d_bonus:
        data["added"] = {"attacker": a_bonus, "defender": d_bonus}
    spent_events = []
    for who, needs in spend.items():
        for resource, amount in needs.items():
            track = f.tracks[resource]
            was = f.value(state, who, resource)
            state.values.setdefault(who, {})[resource] = was - amount
            spent_events.append(Event(kind="spent", text=f"{f.team_name(who)} spends {amount} {track.name} in the "
                                      f"fight at {f.place_name(cmd.place)}", teams=(who,), places=(cmd.place,),
                                      data={"resource": resource, "amount": amount, "from": was, "to": was - amount},
                                      hidden=track.hidden, visible_to=(who,) if track.hidden else ()))
    if c.method == "odds":
        assert c.odds is not None
        col = column(f, a, d)
        col = 0 if col is None else col  # forced below the table: its first column
        roll = dice.d6()
        code = c.odds.rows[roll][col]
        res = c.results[code]
        a_loss, d_loss = res.attacker_losses, res.defender_losses
        d_retreat, a_retreat = res.defender_retreats, res.attacker_retreats
        advance = res.attacker_advances
        blocked = res.if_cannot_retreat
        data |= {"column": c.odds.columns[col], "roll": roll, "result": code}
        result_words = f"{c.odds.columns[col]}, die {roll}: {code}" + (f" ({res.text})" if res.text else "")
    else:
        rule = c.dice
        assert rule is not None
        a_rolls, d_loss = _roll_hits(f, dice, a)
        d_rolls, a_loss = _roll_hits(f, dice, d)
        d_retreat = rule.loser_retreats and d_loss > a_loss
        a_retreat = False
        advance = False
        blocked = "lost"
        data |= {"attacker_rolls": a_rolls, "defender_rolls": d_rolls}
        result_words = f"{len(a_rolls)} dice against {len(d_rolls)}: {d_loss} hit(s) given, {a_loss} taken"
    lost_a = _losses(f, state, attackers, a_loss, list(cmd.attacker_losses))
    lost_d = _losses(f, state, defenders, d_loss, list(cmd.defender_losses))
    names = {i: f.unit_name(state, i) for i in attackers + defenders}
    stepped = any(f.types[state.counters[i].type].steps > 1 for i in attackers + defenders)
    destroyed = _take(f, state, lost_a) + _take(f, state, lost_d)
    for i in attackers:
        if i in state.counters:
            state.counters[i].attacked = True
    retreats: dict[str, str | None] = {}
    extra: list[str] = []
    if d_retreat:
        for i in defenders:
            if i in state.counters:
                to = retreat_place(f, state, i, cmd.retreat_to.get(i))
                retreats[i] = to
                if to is not None:
                    state.counters[i].place = to
                elif blocked == "lost":
                    del state.counters[i]
                    destroyed.append(i)
        stayed = [i for i, to in retreats.items() if to is None]
        if stayed and blocked == "one_more_loss":  # they stay; their side takes one more loss among them
            extra = _losses(f, state, stayed, 1, list(cmd.defender_losses))
            destroyed += _take(f, state, extra)
    advanced = []
    if advance and not f.enemies_at(state, cmd.place, team):
        for i in attackers:
            if i in state.counters:
                state.counters[i].place = cmd.place
                state.counters[i].moved = True
                advanced.append(i)
    data |= {"attacker_losses": lost_a, "defender_losses": lost_d, "retreats": retreats,
             "attacker_retreats": a_retreat}
    if advanced:  # a key added only when used: older journals' fights decide the same
        data["advanced"] = advanced
    if extra:
        data["extra_loss"] = extra
    if stepped or extra:  # keys added only when used: older journals' fights decide the same
        data["destroyed"] = destroyed
    text = (f"{f.team_name(team)} attacks {f.place_name(cmd.place)} ({a} against {d}, odds {real_odds(a, d)}): "
            f"{result_words}")
    if lost_a or lost_d:
        text += "; lost: " + ", ".join(names[i] for i in lost_a + lost_d)
    if retreats:
        stays = "stays" if blocked == "one_more_loss" else "is lost"
        text += "; " + ", ".join(f"{names[i]} retreats to {f.place_name(to)}" if to else
                                 f"{names[i]} cannot retreat and {stays}" for i, to in retreats.items())
    if extra:
        text += "; one more loss: " + ", ".join(names[i] for i in extra)
    if "destroyed" in data:
        text += "; destroyed: " + (", ".join(names[i] for i in destroyed) or "none")
    if advanced:
        text += "; " + ", ".join(names[i] for i in advanced) + f" advance into {f.place_name(cmd.place)}"
    return [Event(kind="fight", text=text, teams=(team, *def_teams), places=(cmd.place,),  # the fight first:
                  counters=tuple(attackers + defenders), data=data), *spent_events]  # it names the entry
