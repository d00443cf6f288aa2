"""What the board and the big screen draw of a Mid-East PEACE game, and the state as data.

Nothing secret is ever in :func:`board`'s picture, so no consumer of it can leak a fist (a viewer's
picture built from it by generic code included). An unrevealed fist appears only in a hidden
section ``fist-<player>`` that :meth:`MideastRules.view` adds for its own player and for CONTROL
and umpires; the public battle list says "in" or "awaited". Chips are public (ruling 9 of
docs/mideast-peace.md).
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.module import BoardPicture, BoardPiece, BoardToken, Section
from boardapp.rules.mideast.base import Base
from boardapp.rules.mideast.diplomatic import tally
from boardapp.rules.mideast.military import fist_player
from boardapp.rules.mideast.state import FUNCTION_NAMES, MideastState


def turn_label(r: Base, state: MideastState) -> str:
    if state.ended:
        return f"Round {state.round}: game over ({state.ended.upper()})"
    if state.negotiation:
        return f"Round {state.round}: Negotiation Phase"
    return f"Round {state.round}: {r.name(r.phasing(state))}'s Player-Turn"


def _pieces(r: Base, state: MideastState) -> list[BoardPiece]:
    pieces: list[BoardPiece] = []
    for z in r.zones:
        owner = state.owner.get(z)
        n, over = state.forces.get(z, 0), state.overturned.get(z, 0)
        if owner is None:
            continue
        if n - over > 0:
            staged = r.staged(state, z)
            note = f", {staged} of them at a border" if staged else ""
            # on a hall badge the Forces are counted ("ISR 6"); overturned ones, those at a border and those
            # retreating are listed beside them, never added twice (docs/mideast-peace.md)
            pieces.append(BoardPiece(id=f"forces-{z}", team=owner, label="F", value=str(n - over), place=z,
                                     tally=n - over,
                                     tooltip=f"{r.name(owner)}: {n - over} Forces in {r.zone_name(z)}{note}"))
        if over:
            pieces.append(BoardPiece(id=f"overturned-{z}", team=owner, label="F↓", value=str(over), place=z, damage=1,
                                     tally=0,
                                     tooltip=f"{r.name(owner)}: {over} overturned Forces in {r.zone_name(z)} "
                                     "(retreated this Player-Turn: they cannot defend, a second retreat eliminates "
                                     "them)"))
    for b in state.battles:
        if not b.result:
            pieces.append(BoardPiece(id=f"attack-{b.target}", team=b.attacker, label="A", value=str(b.forces),
                                     place=b.source, tally=0,  # already among the source's Forces
                                     tooltip=f"{r.name(b.attacker)}: {b.forces} Forces at the border "
                                     f"of {r.zone_name(b.target)}"))
    if state.retreat is not None:
        rt = state.retreat
        pieces.append(BoardPiece(id="retreating", team=rt.player, label="R", value=str(rt.forces), place=rt.zone,
                                 damage=1, tally=0, tooltip=f"{r.name(rt.player)}: {rt.forces} Forces retreating"))
    for s in state.superpowers:
        bloc = state.bloc.get(s.player) or "—"
        pieces.append(BoardPiece(id=s.id, team=s.player, label="SF", place=s.zone,
                                 tooltip=f"{r.name(s.player)}'s Superpower Force ({bloc} Bloc)"))
    return pieces


def _tokens(r: Base, state: MideastState) -> list[BoardToken]:
    tokens = [BoardToken(kind="oil", place=z, count=state.oil.get(z, 0), label="oil")
              for z in r.zones if state.oil.get(z, 0)]
    tokens += [BoardToken(kind="drillable", place=z.id, label="drill") for z in r.sc.zones if z.drillable]
    if state.pkf is not None:
        tokens.append(BoardToken(kind="peacekeeping_force", place=state.pkf, label="UN"))
    for c in r.sc.countries:
        bloc = state.bloc.get(c.id)
        if bloc:
            for z in state.zones_of(c.id):
                tokens.append(BoardToken(kind=f"bloc-{bloc}", place=z, team=c.id, label=bloc.upper()))
    return tokens


def _turn_section(r: Base, state: MideastState) -> Section:
    rows = [["Round", f"{state.round} of {r.sc.settings.rounds}"]]
    if state.ended:
        rows.append(["Game over", state.ended.upper()])
    elif state.negotiation:
        rows.append(["Phase", "Negotiation"])
    else:
        rows.append(["Player-Turn", r.name(r.phasing(state))])
        rows.append(["Phases chosen", " → ".join(p.capitalize() for p in state.phases) or "not yet"])
        cur = r.current_function(state)
        rows.append(["Function", FUNCTION_NAMES[cur] if cur else "—"])
        rows.append(["Functions left", ", ".join(FUNCTION_NAMES[f] for f in r.functions_left(state)) or "—"])
    return Section(id="turn", title="Turn", columns=["", ""], rows=rows)


def _un_section(r: Base, state: MideastState) -> Section:
    m = state.motion
    rows: list[list[str]] = []
    title = "UN Assembly"
    if m is not None:
        what = {"resolution": m.text or "resolution", "peacekeeping": f"UN Force to {r.zone_name(m.zone)}",
                "cease_fire": "Cease Fire"}[m.motion]
        title = f"UN Assembly: {what} ({r.name(m.proposer)})"
        for p in r.order:
            n = r.votes(state, p)
            if n:
                rows.append([r.name(p), str(n), m.votes.get(p, "—")])
        yea, nay, passes = tally(r, state)
        rows.append(["Tally", f"{yea} Yea, {nay} Nay", "carries" if passes else "fails"])
    return Section(id="un", title=title, columns=["Country", "Votes", "Vote"], rows=rows)


def _battles_section(r: Base, state: MideastState) -> Section:
    rows = []
    for b in state.battles:
        if b.result:
            a, d = str(b.fists["attacker"]), str(b.fists["defender"])
            res = "attacker wins" if b.result == "attacker" else "defender wins"
        else:
            a = "in" if "attacker" in b.fists else "awaited"
            d = "in" if "defender" in b.fists else "awaited"
            res = ""
        rows.append([f"{r.zone_name(b.source)} → {r.zone_name(b.target)}", r.name(b.attacker), str(b.forces),
                     a, r.name(b.defender), d, res])
    return Section(id="battles", title="Battles", columns=["Attack", "Attacker", "Forces", "Fist", "Defender",
                                                            "Fist", "Result"], rows=rows)


def fist_sections(r: Base, state: MideastState) -> list[Section]:
    """Each player's own unrevealed fists: hidden from everyone else (added by ``view`` only)."""
    out: dict[str, list[list[str]]] = {}
    for b in state.battles:
        if b.result:
            continue
        for side, chips in b.fists.items():
            who = fist_player(state, b, side)
            out.setdefault(who, []).append([r.zone_name(b.target), side, str(chips)])
    return [Section(id=f"fist-{p}", title=f"{r.name(p)}'s fist (secret)", columns=["Battle", "Side", "Chips"],
                    rows=rows, hidden=True, visible_to=(p,)) for p, rows in sorted(out.items())]


def _final_section(r: Base, state: MideastState) -> Section:
    scores = {p: r.score(state, p) for p in r.order}
    best = max(scores.values())
    rows = [[r.name(p), str(state.chips.get(p, 0)), str(r.forces_of(state, p)), str(len(state.superpowers_of(p))),
             str(scores[p]), "winner" if scores[p] == best else ""]
            for p in sorted(r.order, key=lambda p: -scores[p])]
    return Section(id="final", title=f"Final table ({state.ended.upper() if state.ended else ''})",
                   columns=["Country", "Oil Chips", "Forces", "Superpower Forces", "Score", ""], rows=rows)


def board(r: Base, state: MideastState) -> BoardPicture:
    sections = [_turn_section(r, state), _un_section(r, state), _battles_section(r, state)]
    if state.auction is not None:
        a = state.auction
        lead = a.leader()
        rows = [[r.name(p), str(c)] for p, c in a.bids]
        rows.append(["Highest", f"{r.name(lead[0])} {lead[1]}" if lead else "no bid"])
        sections.append(Section(id="auction", title=f"Arms Auction of {a.lot} Forces ({r.name(a.host)})",
                                columns=["Bidder", "Chips"], rows=rows))
    sections.append(Section(id="oil-reserve", title="Oil Reserve", columns=["", ""],
                            rows=[["Oil Reserve", str(state.reserve)]]))
    sections.append(Section(id="blocs", title="Blocs", columns=["Country", "Bloc", "Superpower Forces"],
                            rows=[[r.name(p), (state.bloc.get(p) or "non-aligned").capitalize(),
                                   str(len(state.superpowers_of(p)))] for p in r.order]))
    if state.ended:
        sections.append(_final_section(r, state))
    tracks: list[dict[str, Any]] = [
        {"team": p, "name": r.name(p), "chips": state.chips.get(p, 0), "forces": r.forces_of(state, p),
         "zones": len(state.zones_of(p)), "votes": r.votes(state, p), "bloc": state.bloc.get(p) or "",
         "superpowers": len(state.superpowers_of(p)), "revenue": r.revenue(state, p), "score": r.score(state, p)}
        for p in r.order]
    control: dict[str, str | None] = {z: state.owner.get(z) for z in r.zones}
    return BoardPicture(control=control, pieces=_pieces(r, state), tokens=_tokens(r, state),
                        turn_label=turn_label(r, state), tracks=tracks, sections=sections,
                        tallies={"oil reserve": state.reserve, "round": state.round})


def summary(r: Base, state: MideastState) -> dict[str, Any]:
    return {
        "rules": "mideast",
        "turn": turn_label(r, state),
        "round": state.round,
        "phasing": None if state.negotiation or state.ended else r.phasing(state),
        "negotiation": state.negotiation,
        "phases": list(state.phases),
        "function": r.current_function(state),
        "functions_left": r.functions_left(state),
        "owners": {z: state.owner.get(z) for z in r.zones},
        "forces": {z: n for z, n in state.forces.items() if n},
        "overturned": {z: n for z, n in state.overturned.items() if n},
        "chips": dict(state.chips),
        "oil_reserve": state.reserve,
        "oil": dict(state.oil),
        "blocs": {p: state.bloc.get(p) for p in r.order},
        "superpower_forces": [{"id": s.id, "player": s.player, "zone": s.zone} for s in state.superpowers],
        "peacekeeping_force": state.pkf,
        "votes": {p: r.votes(state, p) for p in r.order},
        "battles": [{"from": b.source, "to": b.target, "attacker": b.attacker, "defender": b.defender,
                     "forces": b.forces, "superpower": b.superpower, "result": b.result,
                     "fists": dict(b.fists) if b.result else {"hidden": True, "in": sorted(b.fists)}}
                    for b in state.battles],
        "retreat": None if state.retreat is None else {"zone": state.retreat.zone, "player": state.retreat.player,
                                                        "forces": state.retreat.forces},
        "auction": None if state.auction is None else {"host": state.auction.host, "lot": state.auction.lot,
                                                        "bids": [list(b) for b in state.auction.bids]},
        "motion": None if state.motion is None else {"by": state.motion.proposer, "motion": state.motion.motion,
                                                      "zone": state.motion.zone, "votes": dict(state.motion.votes)},
        "ended": state.ended,
        "score": {p: r.score(state, p) for p in r.order},
    }
