"""The Game's seat rights (issue 11.1): a player's seat acts through its own nations, units and regions only.

Rulings (docs/network.md, *A seat's rights*): the players are who act; a nation acts through its player,
a unit through its nation's player, a region's labour and stocks through the player of the nation whose
home country it is. A combat is fought by both sides: each firing unit's player chooses its targets. The
targets of a diplomatic attack, a war declaration, a payment or a strike decide nothing (like War in
Binni's strike target). In the scenario Astell plays Mexico and Banner plays Russia.
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
from boardapp.rules.thegame.commands import ALL_COMMANDS, CONTROL_ONLY

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "the-game.yaml"

OWN: dict[str, dict[str, Any]] = {
    "allow_transit": {"region": "mexico", "player": "banner"},
    "make_peace": {"nation": "mexico", "other": "india"},
    "sever": {"player": "astell", "other": "banner"},
    "build": {"nation": "mexico", "item": "militia", "region": "mexico"},
    "convert": {"unit": "mexico-mil-1", "to": "mech"},
    "buy_pips": {"player": "astell", "nation": "mexico", "region": "russia", "count": 1},
    "buy_insurgents": {"nation": "mexico", "region": "russia", "count": 1},
    "declare_war": {"nation": "mexico", "enemy": "russia"},
    "research": {"nation": "mexico", "field": "x", "money": 1},
    "food_aid": {"player": "astell", "source": "mexico", "region": "russia", "food": 1},
    "economic_aid": {"player": "astell", "nation": "mexico", "region": "russia", "money": 1},
    "reallocate": {"region": "mexico", "to": "farm"},
    "migrate": {"source": "mexico", "to": "russia"},
    "diplomacy_order": {"region": "alaska", "players": ["astell", "astell"]},
    "diplomatic_attack": {"player": "astell", "region": "alaska", "against": ["banner"]},
    "upgrade": {"player": "astell", "region": "alaska", "to": "understanding"},
    "absorb": {"player": "astell", "region": "alaska", "nation": "mexico"},
    "roll_order": {"players": ["astell"]},
    "redeploy": {"unit": "mexico-mil-1", "path": ["us-south-central"]},
    "supply": {"units": ["mexico-mil-1"]},
    "replace": {"nation": "mexico", "type": "militia", "region": "mexico"},
    "remove": {"unit": "mexico-mil-1"},
    "move": {"unit": "mexico-mil-1", "to": "russia"},
    "combat": {"region": "russia", "targets": {"mexico-mil-1": "russia-mil-1"}},
    "nuclear_strike": {"nation": "mexico", "region": "russia"},
    "low_attack": {"region": "russia", "attacker": "insurgent:mexico", "target": "russia-mil-1"},
    "ship": {"nation": "mexico", "good": "food", "amount": 1, "path": ["mexico", "us-south-central"]},
    "voyage": {"nation": "mexico", "carrier": "mexico-mil-1", "route": [{"port": "mexico"}, {"port": "mexico"}]},
    "friendly_ships": {"player": "astell", "owner": "astell"},
    "pay": {"nation": "mexico", "to": "russia", "amount": 1},
    "neglect": {"items": ["unit:mexico-mil-1", "facility:mexico:farm"]},
    "reactivate": {"item": "facility:mexico:farm"},
    "stand_down": {"unit": "mexico-mil-1"},
}
"""For each kind naming who acts, a command acting for Astell only."""

FOREIGN: dict[str, dict[str, dict[str, Any]]] = {
    "allow_transit": {"region": {"region": "russia", "player": "astell"},
                      "nation": {"nation": "russia", "player": "astell"}},
    "make_peace": {"nation": {"nation": "russia", "other": "mexico"}, "other": OWN["make_peace"] | {"other": "russia"}},
    "sever": {"player": {"player": "banner", "other": "astell"}},
    "build": {"nation": OWN["build"] | {"nation": "russia"}},
    "convert": {"unit": {"unit": "russia-mil-1", "to": "mech"}},
    "buy_pips": {"player": OWN["buy_pips"] | {"player": "banner"}, "nation": OWN["buy_pips"] | {"nation": "russia"}},
    "buy_insurgents": {"nation": OWN["buy_insurgents"] | {"nation": "russia", "region": "mexico"}},
    "declare_war": {"nation": {"nation": "russia", "enemy": "mexico"}},
    "research": {"nation": OWN["research"] | {"nation": "russia"}},
    "food_aid": {"player": OWN["food_aid"] | {"player": "banner"}, "source": OWN["food_aid"] | {"source": "russia"}},
    "economic_aid": {"player": OWN["economic_aid"] | {"player": "banner"},
                     "nation": OWN["economic_aid"] | {"nation": "russia"}},
    "reallocate": {"region": {"region": "russia", "to": "farm"}},
    "migrate": {"source": {"source": "russia", "to": "mexico"}},
    "diplomacy_order": {"players": {"region": "alaska", "players": ["astell", "banner"]}},
    "diplomatic_attack": {"player": {"player": "banner", "region": "alaska", "against": ["astell"]}},
    "upgrade": {"player": OWN["upgrade"] | {"player": "banner"}},
    "absorb": {"player": OWN["absorb"] | {"player": "banner"}, "nation": OWN["absorb"] | {"nation": "russia"}},
    "roll_order": {"players": {"players": ["astell", "banner"]}},
    "redeploy": {"unit": OWN["redeploy"] | {"unit": "russia-mil-1"}},
    "supply": {"units": {"units": ["mexico-mil-1", "russia-mil-1"]}},
    "replace": {"nation": OWN["replace"] | {"nation": "russia"}},
    "remove": {"unit": {"unit": "russia-mil-1"}},
    "move": {"unit": {"unit": "russia-mil-1", "to": "mexico"}},
    "combat": {"targets": {"region": "russia", "targets": {"mexico-mil-1": "russia-mil-1",
                                                           "russia-mil-1": "mexico-mil-1"}}},
    "nuclear_strike": {"nation": {"nation": "russia", "region": "mexico"}},
    "low_attack": {"attacker": OWN["low_attack"] | {"attacker": "insurgent:russia"}},
    "ship": {"nation": OWN["ship"] | {"nation": "russia"}, "carrier": OWN["ship"] | {"carrier": "russia-mil-1"}},
    "voyage": {"nation": OWN["voyage"] | {"nation": "russia"}, "carrier": OWN["voyage"] | {"carrier": "russia-mer-1"}},
    "friendly_ships": {"player": {"player": "banner", "owner": "astell"},
                       "owner": {"player": "astell", "owner": "banner"}},
    "pay": {"nation": {"nation": "russia", "to": "mexico", "amount": 1}},
    "neglect": {"items": {"items": ["unit:russia-mil-1"]}},
    "reactivate": {"item": {"item": "facility:russia:farm"}},
    "stand_down": {"unit": {"unit": "russia-mil-1"}},
}
"""For each kind and each field that names who acts, a command in which that field names Banner's."""


def _teams(game: Game[Any], data: dict[str, Any]) -> set[str]:
    return teams_concerned(game.module, game.state, game.parse(data))


def test_the_tables_cover_every_field_naming_who_acts() -> None:
    kinds = {cls.model_fields["kind"].default: cls for cls in ALL_COMMANDS}
    naming = {k: {n for n, d in field_rights(cls).items() if d.who != "chosen"} for k, cls in kinds.items()}
    assert {k for k, v in naming.items() if v} == set(OWN)
    for kind, fields in naming.items():
        assert set(FOREIGN.get(kind, {})) == fields, kind


def test_who_acts_in_each_command() -> None:
    game: Game[Any] = new_game(load_scenario(SCENARIO))
    for kind, rest in OWN.items():
        assert _teams(game, {"kind": kind} | rest) == {"astell"}, kind
        for field, data in FOREIGN[kind].items():
            assert "banner" in _teams(game, {"kind": kind} | data), (kind, field)
    # independent insurgents and minor units are nobody's; an unknown unit names nobody
    assert _teams(game, OWN["low_attack"] | {"kind": "low_attack", "attacker": "insurgent:independent"}) == set()
    assert _teams(game, {"kind": "move", "unit": "nobody-1", "to": "mexico"}) == set()
    assert _teams(game, {"kind": "finish_step"}) == set()


def test_a_players_seat_acts_for_its_own_nations_only(tmp_path: Path) -> None:
    path = tmp_path / "thegame.game"
    new_game(load_scenario(SCENARIO), save=path).store.close()

    async def go() -> None:
        game = open_game(path)
        async with Host(game) as host:
            astell = Seat(host.url, host.add_seat("player", player="astell").token)
            await astell.start()
            for kind, rest in OWN.items():
                out = await astell.play({"kind": kind} | rest, timeout=5)
                if kind in CONTROL_ONLY:
                    assert out.code == "forbidden" and f"only CONTROL may play {kind!r}" in out.reasons, kind
                else:
                    assert out.code != "forbidden", (kind, out)  # the rules may still say no
                for field, data in FOREIGN[kind].items():
                    before = game.summary()
                    out = await astell.play({"kind": kind} | data, timeout=5)
                    assert out.code == "forbidden", (kind, field, out)
                    if kind not in CONTROL_ONLY:
                        assert any(r.endswith("not banner") for r in out.reasons), (kind, field, out.reasons)
                    assert game.summary() == before
            await astell.close()
        game.store.close()

    asyncio.run(asyncio.wait_for(go(), 90))
