"""The books: per-nation and per-region figures as board sections, the turn-by-turn history of each
figure, the board picture and the JSON summary.

What is secret (a ruling, docs/the-game.md R1): a nation's bank, its production in dollars, its
technology levels, research and coupons are its player's and the referee's only; the map (owners,
units, PIPs, relations, insurgents, populations, goods) is public, as the source's players saw it.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken, Section
from boardapp.rules.thegame.conflict import unsupplied_in_contact
from boardapp.rules.thegame.production import secondary_money
from boardapp.rules.thegame.scenario import ORBIT
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.steps import STEPS
from boardapp.rules.thegame.world import World

NATION_FIGURES = ("bank", "production", "regions", "labour", "units", "tech")
"""Figures the history keeps per nation (bank, production and tech are secret)."""
SECRET_NATION_FIGURES = frozenset({"bank", "production", "tech"})
REGION_FIGURES = ("owner", "ed", "pool", "farm", "starving", "facilities", "insurgents")


def turn_label(w: World, s: TheGameState) -> str:
    """'Turn 1 (2000) — II.C Builds'. Journal entries record it and a game file's check compares it on
    replay: changing its wording makes every earlier game file read as damaged."""
    if s.step >= len(STEPS):
        return f"Turn {s.turn} ({s.year})"
    st = STEPS[s.step]
    return f"Turn {s.turn} ({s.year}) — {st.code} {st.title}"


def nation_figures(w: World, s: TheGameState, nation: str) -> dict[str, int]:
    regions = [r for r in s.regions.values() if r.owner == nation]
    n = s.nations[nation]
    return {
        "bank": n.bank,
        "production": n.produced,
        "regions": len(regions),
        "labour": sum(r.population for r in regions),
        "units": sum(1 for u in s.units.values() if u.nation == nation),
        "tech": sum(n.tech.values()),
    }


def region_figures(s: TheGameState, region: str) -> dict[str, Any]:
    r = s.regions[region]
    return {"owner": r.owner, "ed": r.ed, "pool": r.pool, "farm": r.farm, "starving": r.starving,
            "facilities": sum(r.active.values()), "insurgents": r.insurgent_total()}


def snapshot(w: World, s: TheGameState) -> dict[str, Any]:
    """The ledger's figures now, as one history entry."""
    return {
        "turn": s.turn, "year": s.year,
        "nations": {nid: nation_figures(w, s, nid) for nid in sorted(s.nations)},
        "regions": {rid: region_figures(s, rid) for rid in sorted(s.regions) if not s.regions[rid].sea},
    }


def history_of(s: TheGameState, table: str, ident: str, figure: str) -> list[tuple[int, int, Any]]:
    """The turn-by-turn history of one figure: [(turn, year, value), …] (turn 0 is the start)."""
    return [(h["turn"], h["year"], h[table][ident][figure]) for h in s.history if ident in h[table]]


def _facilities(w: World, active: dict[str, int], inactive: dict[str, int]) -> str:
    parts = []
    for f in w.facility_types.values():
        a, i = active.get(f.id, 0), inactive.get(f.id, 0)
        if a or i:
            parts.append(f"{f.name} {a}" + (f" (+{i} inactive)" if i else ""))
    return ", ".join(parts)


def _by_player(d: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items()))


def remaining(w: World, s: TheGameState) -> str:
    """What is left to do in the current step before finishing it, in words ('' when nothing is known)."""
    if s.step >= len(STEPS):
        return ""
    st = STEPS[s.step]
    if st.id.startswith("year-"):
        left = unsupplied_in_contact(w, s)
        return f"supply, redeploy or remove: {', '.join(left)}" if left else ""
    if st.id == "placement" and s.pending:
        return f"{len(s.pending)} builds to place"
    if st.id == "pip-conflict":
        waiting = [f"{p} in {w.rname(r)}" for r, order in sorted(s.dip_order.items()) for p in order
                   if (p, r) not in s.attacks]
        return f"attacks by order roll: {', '.join(waiting)}" if waiting else ""
    if st.id == "maintenance" and s.neglected:
        return f"left unmaintained: {', '.join(sorted(s.neglected))}"
    return ""


def sections(w: World, s: TheGameState) -> list[Section]:
    steps = Section("steps", "Turn sequence", ["step", "title", "status", "finishing it", "to do"])
    for i, st in enumerate(STEPS):
        status = "done" if i < s.step else "now" if i == s.step else ""
        steps.rows.append([st.code, st.title, status, st.does, remaining(w, s) if i == s.step else ""])
    nations = Section("nations", "Nations",
                      ["nation", "player", "capital", "regions", "labour", "units", "at war with"])
    for nid in sorted(s.nations):
        n = s.nations[nid]
        f = nation_figures(w, s, nid)
        wars = sorted(w.nname(o) for pair in s.wars if nid in pair for o in pair if o != nid)
        nations.rows.append([w.nname(nid), w.pname(n.player), w.rname(n.capital), str(f["regions"]),
                             str(f["labour"]), str(f["units"]), ", ".join(wars)])
    regions = Section("regions", "Regions", ["region", "owner", "occupier", "ED", "terrain", "pool", "farm", "starving",
                                             "production", "goods", "facilities", "PIPs", "relations", "insurgents"])
    for rid in sorted(s.regions):
        r = s.regions[rid]
        if r.sea:
            continue
        regions.rows.append([
            w.rname(rid), w.nname(r.owner) if r.owner else "non-player", w.nname(r.occupier) if r.occupier else "",
            f"ED{r.ed}", "rough" if r.rough else "clear", str(r.pool), str(r.farm), str(r.starving),
            _by_player(r.primary), _by_player({g: n for g, n in r.stock.items() if n}),
            _facilities(w, r.active, r.inactive), _by_player(r.pips), _by_player(r.relations),
            _by_player({"independent": r.insurgents, **r.loyal}) if r.insurgent_total() else ""])
    orbit = Section("orbit", "In orbit", ["unit", "type", "nation", "state"])
    for u in sorted(s.units.values(), key=lambda u: u.id):
        if u.region == ORBIT:
            orbit.rows.append([u.id, w.utype(u).name, w.nname(u.nation), "active" if u.active else "inactive"])
    out = [steps, nations, regions, orbit]
    for pid in sorted(w.players):
        mine = [n for n in s.nations.values() if n.player == pid]
        if not mine:
            continue
        books = Section(f"books-{pid}", f"Central banks and technology — {w.pname(pid)}",
                        ["nation", "bank", "production this turn", "money next production", "technology", "research",
                         "coupons"], hidden=True, visible_to=(pid,))
        for n in sorted(mine, key=lambda n: n.id):
            books.rows.append([w.nname(n.id), f"${n.bank}", f"${n.produced}", f"${secondary_money(w, s, n.id)}",
                               _by_player(n.tech), _by_player(n.research), ", ".join(n.coupons)])
        out.append(books)
    if s.news:
        out.append(Section("news", f"News — {s.year}", ["headline"], [[t] for t in s.news]))
    return out


def board(w: World, s: TheGameState) -> BoardPicture:
    control: dict[str, str | None] = {}
    for rid, r in s.regions.items():
        holder = r.occupier or r.owner
        if holder is not None:
            control[rid] = s.nations[holder].player
        else:
            controller = next((p for p, rel in r.relations.items() if rel == "control"), None)
            control[rid] = controller
    pieces = []
    for u in sorted(s.units.values(), key=lambda u: u.id):
        ut = w.utype(u)
        pieces.append(BoardPiece(
            id=u.id, team=s.nations[u.nation].player, label=ut.label if ut.minor else ut.label.upper(),
            value=f"{ut.priority}-({ut.defence})-{ut.attack}", place=None if u.region == ORBIT else u.region,
            damage=0 if u.active else 1,
            tooltip=f"{ut.name} of {w.nname(u.nation)}{' (inactive)' if not u.active else ''}"
                    f"{' in orbit' if u.region == ORBIT else ''}"))
    tokens = []
    for rid in sorted(s.regions):
        r = s.regions[rid]
        for p, n in sorted(r.pips.items()):
            tokens.append(BoardToken("pips", rid, n, p, "PIP"))  # the board adds the count and the player
        for p, rel in sorted(r.relations.items()):
            tokens.append(BoardToken(rel, rid, 1, p, rel[0].upper()))
        if r.insurgents:
            tokens.append(BoardToken("insurgents", rid, r.insurgents, None, "INS"))
        for nation, n in sorted(r.loyal.items()):
            tokens.append(BoardToken("insurgents", rid, n, s.nations[nation].player, "INS"))
        if r.starving:
            tokens.append(BoardToken("starving", rid, r.starving, None, "STV"))
        if r.struck:
            tokens.append(BoardToken("nuclear", rid, 1, None, "☢"))
    tracks = []
    for pid in sorted(w.players):
        mine = sorted(n.id for n in s.nations.values() if n.player == pid)
        tracks.append({"team": pid, "name": w.pname(pid), "nations": ", ".join(w.nname(n) for n in mine),
                       "money": sum(s.nations[n].bank for n in mine)})
    return BoardPicture(
        control=control, pieces=pieces, tokens=tokens, turn_label=turn_label(w, s), tracks=tracks,
        tallies={"turn": s.turn, "year": s.year, "wars": len(s.wars),
                 "step": min(s.step, len(STEPS) - 1) + 1, "steps": len(STEPS)},
        hidden_keys=frozenset({"money"}), sections=sections(w, s))


def series(w: World, s: TheGameState) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {"money": {}, "regions": {}, "labour": {}, "units": {}}
    for pid in sorted(w.players):
        mine = [n.id for n in s.nations.values() if n.player == pid]
        figures = [nation_figures(w, s, n) for n in mine]
        out["money"][pid] = sum(s.nations[n].bank for n in mine)
        out["regions"][pid] = sum(f["regions"] for f in figures)
        out["labour"][pid] = sum(f["labour"] for f in figures)
        out["units"][pid] = sum(f["units"] for f in figures)
    land = [r for r in s.regions.values() if not r.sea]
    out["starving"] = {"total": sum(r.starving for r in land)}
    out["insurgents"] = {"total": sum(r.insurgent_total() for r in land)}
    out["wars"] = {"total": len(s.wars)}
    return out


def summary(w: World, s: TheGameState) -> dict[str, Any]:
    step = STEPS[s.step] if s.step < len(STEPS) else None
    return {
        "rules": "thegame",
        "turn": s.turn, "year": s.year,
        "step": {"code": step.code, "id": step.id, "title": step.title} if step else None,
        "nations": {nid: {"player": n.player, "capital": n.capital, "bank": n.bank, "produced": n.produced,
                          "tech": dict(sorted(n.tech.items())), "research": dict(sorted(n.research.items())),
                          "coupons": list(n.coupons)} for nid, n in sorted(s.nations.items())},
        "regions": {rid: {"owner": r.owner, "occupier": r.occupier, "ed": r.ed, "rough": r.rough, "sea": r.sea,
                          "pool": r.pool, "farm": r.farm, "starving": r.starving,
                          "primary": dict(sorted(r.primary.items())),
                          "stock": {g: n for g, n in sorted(r.stock.items()) if n},
                          "active": dict(sorted(r.active.items())),
                          "inactive": {f: n for f, n in sorted(r.inactive.items()) if n},
                          "pips": dict(sorted(r.pips.items())), "relations": dict(sorted(r.relations.items())),
                          "insurgents": r.insurgents, "loyal": dict(sorted(r.loyal.items())), "struck": r.struck}
                    for rid, r in sorted(s.regions.items())},
        "units": {uid: {"type": u.type, "nation": u.nation, "region": u.region, "active": u.active}
                  for uid, u in sorted(s.units.items())},
        "wars": sorted(sorted(p) for p in s.wars),
        "transit": sorted([r, n, p] for r, n, p in s.transit),
        "friendly_ships": sorted([p, o] for p, o in s.friendly_ships),
        "pending": [{"nation": p.nation, "item": p.item, "region": p.region, "count": p.count, "player": p.player,
                     "units": list(p.unit_ids)} for p in s.pending],
        "this_turn": {
            "broken": sorted([a, b] for a, b in s.broken),
            "built": {f"{n}:{t}": k for (n, t), k in sorted(s.built.items())},
            "pips_bought": dict(sorted(s.pips_bought.items())),
            "attacks": sorted([p, r] for p, r in s.attacks),
            "diplomacy_order": dict(sorted(s.dip_order.items())),
            "destroyed": {f"{n}:{t}": k for (n, t), k in sorted(s.destroyed.items())},
            "order": list(s.order),
            "fought": sorted(s.fought),
            "insurgent_attacks": {f"{r}:{g}": k for (r, g), k in sorted(s.insurgent_attacks.items())},
            "carrier_zones": dict(sorted(s.carrier_zones.items())),
            "combat_ships": sorted(s.combat_ships),
            "neglected": sorted(s.neglected),
            "breakthrough": sorted(s.breakthrough),
            "unloaded": dict(sorted(s.unloaded.items())),
            "reactivated": dict(sorted(s.reactivated.items())),
            "units": {u.id: {"supplied": u.supplied, "attacked": u.attacked, "moved": u.moved,
                             "maintained": u.maintained, "attacked_insurgent": u.attacked_insurgent}
                      for u in sorted(s.units.values(), key=lambda u: u.id)
                      if u.supplied or u.attacked or u.moved or u.maintained or u.attacked_insurgent},
            "regions": {r.id: {"struck": r.struck, "labour_left": r.labour_left}
                        for r in sorted(s.regions.values(), key=lambda r: r.id) if r.struck or r.labour_left},
        },
        "next_unit": s.next_unit,
        "news": list(s.news),
        "history": list(s.history),
    }
