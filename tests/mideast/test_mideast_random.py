"""Random legal play: whatever order legal commands come in, the invariants hold and the journal replays.

A seeded random player picks among the commands the rules accept at each step (moves, attacks,
fists, retreats, auctions, motions, votes, gifts, ends of turn). After every step chips are
conserved, no count is negative, Forces stand only in owned zones; at the end the journal replays
to the same state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardapp.rules.mideast.state import PHASE_PAIRS

from .helpers import module, new_game


def candidates(g: Any, rng: random.Random) -> list[dict[str, Any]]:
    m = module(g)
    r, s = m.rules, g.state
    players = r.order
    zone = s.motion.zone if s.motion is not None else None
    vetoer = (s.owner.get(zone) if zone else None) or players[0]  # the occupant (a veto names its player)
    out: list[dict[str, Any]] = [{"kind": "end_turn"}, {"kind": "collect_oil"}, {"kind": "host_auction"},
                                 {"kind": "close_auction"}, {"kind": "superpower"},
                                 {"kind": "un_tally"}, {"kind": "un_tally", "veto": vetoer}]
    a, b = rng.choice(PHASE_PAIRS)
    out.append({"kind": "choose_phases", "phases": [a, b]})
    z = rng.choice(r.zones)
    out.append({"kind": "drill", "zone": z, "bid": rng.randint(0, 3), "found": rng.randint(0, 2)})
    for zone in r.zones:
        if s.owner.get(zone) and r.movable(s, zone) > 0:
            to = rng.choice(r.neighbours(zone))
            n = rng.randint(1, r.movable(s, zone))
            out.append({"kind": "move", "zone": zone, "to": to, "forces": n})
            out.append({"kind": "attack", "zone": zone, "to": to, "forces": n,
                        "superpower": rng.choice(["none", "none", "support", "attack"])})
    for battle in s.battles:
        if not battle.result:
            for side in ("attacker", "defender"):
                out.append({"kind": "fist", "battle": battle.target, "side": side, "chips": rng.randint(0, 4)})
                out.append({"kind": "fist", "battle": battle.target, "side": side, "chips": 0})
    if s.retreat is not None:
        out += [{"kind": "retreat", "to": z} for z in (None, *r.neighbours(s.retreat.zone))]
    p = rng.choice(players)
    out.append({"kind": "bid", "player": p, "chips": rng.randint(1, 8)})
    out.append({"kind": "un_vote", "player": p, "vote": rng.choice(["yea", "nay", "abstain"])})
    out.append({"kind": "un_motion", "player": p if s.negotiation else None,
                "motion": rng.choice(["resolution", "resolution", "peacekeeping", "cease_fire"]),
                "zone": rng.choice(r.zones)})
    out.append({"kind": "give_chips", "player": p, "to": rng.choice(players), "chips": rng.randint(1, 3)})
    if rng.random() < 0.05:
        out.append({"kind": "set_bloc", "player": p, "bloc": rng.choice(["red", "blue", "none"])})
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_keeps_the_invariants_and_replays(seed: int) -> None:
    rng = random.Random(seed)
    g = new_game(settings={"rounds": 3})
    m = module(g)
    kinds: set[str] = set()
    for _ in range(1500):
        if g.state.ended:
            break
        legal = [c for c in candidates(g, rng) if g.check(c) == []]
        if not legal:  # e.g. a winning bidder gave his chips away: CONTROL forces the end of the turn
            g.push({"kind": "end_turn", "force": "random play: CONTROL moves the game on"})
            continue
        # Ending the turn (and giving chips) less often, so that turns hold battles, auctions and votes.
        weights = [0.15 if c["kind"] in ("end_turn", "give_chips") else 1.0 for c in legal]
        cmd = rng.choices(legal, weights)[0]
        g.push(cmd)
        kinds.add(cmd["kind"])
        assert m.check_state(g.state) == [], cmd
    assert {"attack", "fist", "bid", "un_vote", "end_turn"} <= kinds
    assert m.summary(g.replay(verify=True)) == g.summary()
