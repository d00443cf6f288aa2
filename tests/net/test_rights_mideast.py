"""Mid-East PEACE's seat rights (issue 11.1): a country's player seat plays its own country's commands only.

The rulings (docs/network.md, *A seat's rights*): an empty ``player`` is the phasing player, who acts all
the same; a fist is its side's (the attacker's, or the defender's: the attacked zone's owner); a retreat
is the beaten player's; a veto of the UN Force's move is the player's it names (only the target zone's
occupant may veto: the rules refuse anyone else). The expected
teams below come from those rulings and the rulebook's turn (Egypt phases first in the scenario's order).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardapp.engine.files import load_scenario, new_game, open_game
from boardapp.engine.game import Game
from boardapp.engine.rights import field_rights, teams_concerned
from boardapp.net.client import Seat
from boardapp.net.host import Host
from boardapp.rules.mideast.commands import ALL_COMMANDS

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "mideast-peace.yaml"

ATTACK = {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 4}
"""Egypt (phasing) attacks Libya's Cyrenaica from Lower Egypt."""


def _teams(game: Game[Any], data: dict[str, Any]) -> set[str]:
    return teams_concerned(game.module, game.state, game.parse(data))


def test_every_field_naming_who_acts_is_counted() -> None:
    game: Game[Any] = new_game(load_scenario(SCENARIO))
    assert game.module.rules.phasing(game.state) == "egypt"  # type: ignore[attr-defined]
    # an empty player is the phasing player's: Egypt's
    for data in ({"kind": "choose_phases", "phases": ["military", "diplomatic"]}, {"kind": "collect_oil"},
                 {"kind": "host_auction"}, {"kind": "superpower"}, {"kind": "un_motion", "motion": "resolution"},
                 ATTACK, {"kind": "move", "zone": "lower-egypt", "to": "sinai", "forces": 1}):
        assert _teams(game, data) == {"egypt"}, data
        assert _teams(game, data | {"player": "libya"}) == {"libya"}, data
    assert _teams(game, {"kind": "bid", "player": "iraq", "chips": 1}) == {"iraq"}
    assert _teams(game, {"kind": "un_vote", "player": "iraq", "vote": "yea"}) == {"iraq"}
    assert _teams(game, {"kind": "give_chips", "player": "iraq", "to": "egypt", "chips": 1}) == {"iraq"}
    # acting for nobody: the umpires' business (a player seat is refused it)
    for data in ({"kind": "end_turn"}, {"kind": "close_auction"}, {"kind": "un_tally"}):
        assert _teams(game, data) == set(), data
    game.push({"kind": "choose_phases", "phases": ["military", "diplomatic"]})
    game.push(ATTACK)
    assert _teams(game, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 1}) == {"egypt"}
    assert _teams(game, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1}) == {"libya"}
    assert _teams(game, {"kind": "fist", "battle": "sinai", "side": "defender", "chips": 1}) == set()  # no battle
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 2})
    game.push({"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1})
    assert game.state.retreat is not None and game.state.retreat.player == "libya"  # Egypt won
    # a retreat is the beaten player's, even when it names no zone (its Forces are eliminated)
    assert _teams(game, {"kind": "retreat", "to": "tripolitania"}) == {"libya"}
    assert _teams(game, {"kind": "retreat"}) == {"libya"}
    assert _teams(game, {"kind": "retreat", "to": "tripolitania", "forces": 1}) == {"libya"}
    # a veto is the named player's (issue 25.11: the rules then refuse anyone but the zone's occupant)
    assert _teams(game, {"kind": "un_tally", "veto": "jordan"}) == {"jordan"}
    assert _teams(game, {"kind": "un_tally", "veto": False}) == set()


def test_the_tables_name_every_field_that_names_who_acts() -> None:
    """A new field naming who acts must come with a ruling here (and a case above)."""
    naming = {cls.model_fields["kind"].default: sorted(n for n, d in field_rights(cls).items() if d.who != "chosen")
              for cls in ALL_COMMANDS}
    assert {k: v for k, v in naming.items() if v} == {
        "choose_phases": ["player"], "collect_oil": ["player"], "drill": ["player"], "move": ["player"],
        "attack": ["player"], "fist": ["side"], "retreat": ["forces", "to"], "host_auction": ["player"],
        "bid": ["player"], "un_motion": ["player"], "un_vote": ["player"], "un_tally": ["veto"],
        "superpower": ["player"], "give_chips": ["player"], "set_bloc": ["player"]}


def test_a_countrys_seat_plays_its_own_fist_and_retreat_not_the_others(tmp_path: Path) -> None:
    path = tmp_path / "mideast.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            egypt = Seat(host.url, host.add_seat("player", player="egypt").token)
            libya = Seat(host.url, host.add_seat("player", player="libya").token)
            libya_umpire = Seat(host.url, host.add_seat("umpire", "Libya's umpire", teams=["libya"]).token)
            for s in (egypt, libya, libya_umpire):
                await s.start()

            async def refused(seat: Seat, data: dict[str, Any], who: str) -> None:
                before = game.summary()
                out = await seat.play(data, timeout=5)
                assert not out.accepted and out.code == "forbidden", (data, out)
                assert any(r.endswith(f"not {who}") for r in out.reasons), (data, out.reasons)
                assert game.summary() == before

            # Egypt's turn: an empty player is Egypt, so Libya's seats may not play it
            phases = {"kind": "choose_phases", "phases": ["military", "diplomatic"]}
            await refused(libya, phases, "egypt")
            await refused(libya_umpire, phases, "egypt")
            await refused(libya, phases | {"player": "egypt"}, "egypt")
            assert (await egypt.play(phases, timeout=5)).accepted
            await refused(libya, ATTACK, "egypt")
            assert (await egypt.play(ATTACK, timeout=5)).accepted
            # each side's fist is its own
            await refused(libya, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 0}, "egypt")
            await refused(egypt, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 0}, "libya")
            out = await egypt.play({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": 2}, timeout=5)
            assert out.accepted, out
            out = await libya.play({"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": 1},
                                   timeout=5)
            assert out.accepted, out
            # Libya lost: where it retreats (or that it cannot) is Libya's
            assert game.state.retreat is not None and game.state.retreat.player == "libya"
            await refused(egypt, {"kind": "retreat", "to": "tripolitania"}, "libya")
            await refused(egypt, {"kind": "retreat"}, "libya")
            assert (await libya.play({"kind": "retreat", "to": "tripolitania"}, timeout=5)).accepted
            # chips, bids and votes name their player; a command for nobody is no player's
            await refused(egypt, {"kind": "give_chips", "player": "libya", "to": "egypt", "chips": 1}, "libya")
            out = await libya.play({"kind": "end_turn"}, timeout=5)
            assert out.code == "forbidden" and "nobody's" in out.reasons[0], out
            for s in (egypt, libya, libya_umpire):
                await s.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 60))
