"""Hidden information: what a player seat, another player and the public (big screen, viewers)
receive never holds another player's hand or units, the deck's order or the pool's identities.

The walk goes through everything a screen is given — every string and number of the picture, its
sections and table, and every journal event visible to that audience — and looks for the ids and
names of the secrets. Control cases prove it finds them where they may be shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import yaml

from boardapp.engine.dice import SeededDice
from boardapp.engine.game import Game
from boardapp.engine.module import Audience, BoardPicture
from boardapp.rules.coup.components import PLAYERS, UNITS, card_name
from boardapp.rules.coup.state import CoupState
from tests.coup.test_game import EXAMPLE, SEED

SECRET_KEYS = {"hand", "unit_list", "pool_units", "deck_cards", "discard_cards", "objective"}


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, leaf) of a nested structure, dict keys included as leaves."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}.{k}", k
            yield from leaves(v, f"{path}.{k}")
    elif isinstance(value, list | tuple | set | frozenset):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def received(game: Game[CoupState], audience: Audience) -> list[tuple[str, Any]]:
    """Everything a screen for ``audience`` is given: the view and the visible events."""
    picture: BoardPicture = game.module.view(game.state, audience)
    out = list(leaves(picture, "view"))
    for entry in game.entries:
        for i, event in enumerate(entry.events):
            if event.visible(audience):
                out += list(leaves(event.model_dump(), f"entry{entry.seq}.event{i}"))
    return out


def found(items: list[tuple[str, Any]], secrets: set[str]) -> list[tuple[str, str]]:
    hits = []
    for path, leaf in items:
        text = str(leaf)
        for s in secrets:
            if text == s or (isinstance(leaf, str) and s in text and len(s) > 3):
                hits.append((path, s))
    return hits


def card_secrets(state: CoupState, players: list[str]) -> set[str]:
    return {x for p in players for c in state.hands[p] for x in (c, card_name(c))}


def unit_secrets(units: list[str]) -> set[str]:
    # Ids are unique; names like 'Tanks' are shared by two counters, so both are checked as ids only
    # and the names of the unit kinds that are nowhere public are checked too.
    return set(units)


def start(script: list[dict[str, Any]]) -> Game[CoupState]:
    from boardapp.engine.files import load_scenario
    from tests.coup.conftest import SCENARIO

    game: Game[CoupState] = Game.new(load_scenario(SCENARIO), dice=SeededDice(SEED))
    for cmd in script:
        game.push(cmd)
    return game


# A quiet first turn: nobody's cards are shown to anyone (draws, passes, recruits, a Foreign Power transfer).
QUIET = [
    {"kind": "setup", "die": 1},
    {"kind": "draw", "player": "gov-mil"},
    {"kind": "attempt", "player": "gov-para", "action": "recruit", "target": "reb-para", "die": 2},
    {"kind": "no_block", "player": "reb-para"},
    {"kind": "no_block", "player": "for-para"},
    {"kind": "pass", "player": "gov-civ"},
    {"kind": "attempt", "player": "reb-mil", "action": "recruit", "target": "gov-mil", "die": 1},
    {"kind": "block_timeout"},
    {"kind": "draw", "player": "reb-para"},
    {"kind": "draw", "player": "reb-civ"},
]


def test_a_player_seat_sees_its_own_hand_and_units_only() -> None:
    game = start(QUIET)
    s = game.state
    others = [p for p in PLAYERS if p != "gov-mil"]
    secrets = card_secrets(s, others) | set(s.deck) | unit_secrets(
        [u for p in others for u in s.units[p]] + [u for cls in s.pool.values() for u in cls])
    assert len(secrets) > 60
    mine = received(game, Audience.player_seat("gov-mil"))
    assert found(mine, secrets) == []
    # Control case: his own hand and units are there, and Control's screen has every secret.
    own = card_secrets(s, ["gov-mil"]) | set(s.units["gov-mil"])
    assert {h for _, h in found(mine, own)} == own
    assert {h for _, h in found(received(game, Audience.CONTROL), secrets)} == secrets


def test_another_player_and_the_public_see_counts_only() -> None:
    game = start(QUIET)
    s = game.state
    for audience, own in ((Audience.player_seat("reb-mil"), "reb-mil"), (Audience.PUBLIC, None)):
        others = [p for p in PLAYERS if p != own]
        secrets = card_secrets(s, others) | set(s.deck) | unit_secrets(
            [u for p in others for u in s.units[p]] + [u for cls in s.pool.values() for u in cls])
        seen = received(game, audience)
        assert found(seen, secrets) == [], audience
        keys = {leaf for path, leaf in seen if path.startswith("view.table") and isinstance(leaf, str)}
        if own is None:
            assert not (keys & SECRET_KEYS), "no hand, unit list, pool or deck identities at all on a public screen"
        # The counts are there.
        seats = game.module.view(s, audience).table
        assert seats is not None
        assert [x["cards"] for x in seats["seats"]] == [len(s.hands[p]) for p in PLAYERS]
        assert seats["pool"] == {c: len(v) for c, v in s.pool.items()}
        assert seats["order"] == ["gov", "reb", "for"]


def test_the_walk_finds_a_secret_made_public() -> None:
    game = start(QUIET)
    s = game.state
    secret_card = s.hands["reb-civ"][0]
    picture = game.module.view(s, Audience.PUBLIC)
    assert found(list(leaves(picture, "view")), {secret_card}) == []
    assert picture.table is not None
    picture.table["seats"][5]["hand"] = [{"card": secret_card}]  # a leak, on purpose
    assert found(list(leaves(picture, "view")), {secret_card}) != []
    picture.sections[0].rows.append([card_name(secret_card)])
    assert len(found(list(leaves(picture, "view")), {secret_card, card_name(secret_card)})) == 2


def test_objectives_are_secret() -> None:
    game = start([*QUIET, {"kind": "objective_met", "player": "for-mil"}])
    text = next(o.text for o in game.module.coup.objectives if o.player == "for-mil")
    assert found(received(game, Audience.player_seat("for-mil")), {text}) != []
    for audience in (Audience.PUBLIC, Audience.player_seat("gov-mil"), Audience.player_seat("for-para")):
        seen = received(game, audience)
        assert found(seen, {text}) == []
        assert not any(path.endswith(".data.points") for path, _ in seen), "the points awarded are secret too"


def test_stacks_laid_face_down_are_hidden_until_flipped() -> None:
    script: list[dict[str, Any]] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    first_lay_out = next(i for i, c in enumerate(script) if c["kind"] == "lay_out")
    game = start(script[: first_lay_out + 1])
    s = game.state
    assert s.combat is not None and s.combat.step == "match"
    laid = {u for stack in s.combat.stacks for u in stack}
    for audience in (Audience.PUBLIC, Audience.player_seat("reb-mil"), Audience.player_seat("for-mil")):
        assert found(received(game, audience), laid) == [], audience
    # Gov-Mil, who laid them, sees them; so does Control.
    assert {h for _, h in found(received(game, Audience.player_seat("gov-mil")), laid)} == laid
    # Once matched, the engaged stacks flip for everyone.
    game.push(script[first_lay_out + 1])
    flipped = {u for e in game.entries[-1].events if e.kind == "flip" for u in e.data["defender"]}
    assert flipped and {h for _, h in found(received(game, Audience.PUBLIC), flipped)} == flipped


def test_the_pool_is_never_public() -> None:
    game = start(QUIET)
    pool = [u for cls in game.state.pool.values() for u in cls]
    names_only_in_pool = {UNITS[u].name for u in pool} - {UNITS[u].name for p in PLAYERS for u in game.state.units[p]}
    for audience in [Audience.PUBLIC] + [Audience.player_seat(p) for p in PLAYERS]:
        seen = received(game, audience)
        assert found(seen, set(pool) | names_only_in_pool) == [], audience


def test_the_public_table_has_what_the_big_screen_draws() -> None:
    script: list[dict[str, Any]] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    first_lay_out = next(i for i, c in enumerate(script) if c["kind"] == "lay_out")
    game = start(script[: first_lay_out + 1])
    s = game.state
    table = game.module.view(s, Audience.PUBLIC).table
    assert table is not None and s.combat is not None
    assert table["phase"] == "combat"
    assert [x["size"] for x in table["combat"]["stacks"]] == [len(st) for st in s.combat.stacks]
    assert all("units" not in x for x in table["combat"]["stacks"])
    assert table["combat"]["count"] == {
        side: sum(1 for u in s.side_units(side) if not UNITS[u].dummy) for side in ("gov", "reb")}
    assert [x["units"] for x in table["seats"]] == [len(s.units[p]) for p in PLAYERS]
    assert table["seating"]["top"] == ["reb-mil", "reb-para", "reb-civ"]
    # A player's own panel is a hidden section only he receives.
    mine = game.module.view(s, Audience.player_seat("reb-para")).sections
    assert [x.id for x in mine if x.hidden] == ["own-reb-para"]
    assert not [x for x in game.module.view(s, Audience.PUBLIC).sections if x.hidden]


def test_whose_turn_and_the_block_window_are_public() -> None:
    game = start(QUIET[:3])
    table = game.module.view(game.state, Audience.PUBLIC).table
    assert table is not None
    assert table["current_team"] == "gov" and table["order"] == ["gov", "reb", "for"]
    assert table["pending"] == {"actor": "gov-para", "action": "recruit", "card": None, "target": "reb-para",
                                "asked": ["reb-para", "for-para"], "bust_team": None}
    assert [x["acted"] for x in table["seats"]][:2] == [True, True]


def test_in_combat_a_sides_mil_and_para_see_each_others_units() -> None:
    script: list[dict[str, Any]] = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    game = start(script[: next(i for i, c in enumerate(script) if c["kind"] == "start_combat") + 1])
    s = game.state

    def unit_lists(player: str) -> dict[str, list[str]]:
        table = game.module.view(s, Audience.player_seat(player)).table
        assert table is not None
        return {x["player"]: [u["id"] for u in x["unit_list"]] for x in table["seats"] if "unit_list" in x}

    assert unit_lists("gov-para") == {"gov-mil": s.units["gov-mil"], "gov-para": s.units["gov-para"]}
    assert unit_lists("gov-civ") == {"gov-civ": s.units["gov-civ"]}
    assert unit_lists("reb-mil") == {"reb-mil": s.units["reb-mil"], "reb-para": s.units["reb-para"]}
