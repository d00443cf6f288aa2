"""Nothing secret reaches a web page: every byte a page receives (the files served over HTTP, every
WebSocket message) is walked for hidden ids and numbers, with a real host on 127.0.0.1 and the web
view joined to it as a viewer seat. Control cases run the same walk where the secret is public.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario, new_game
from boardapp.engine.game import Game
from boardapp.engine.module import Audience, Event
from boardapp.rules.coup.components import PLAYERS, card_name
from boardapp.web.picture import page_event, page_picture
from boardapp.web.server import static_files
from tests.web.helpers import PAGE_FILES, everything_a_page_gets, leaves, message_leaves
from tests.web.live import LiveGame

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-scenario.yaml"
BINNI = ROOT / "scenarios" / "war-in-binni.yaml"
COUP = ROOT / "scenarios" / "coup.yaml"

MONEY = 987654
STORES = 876543


def make_rich(game: Game[Any], team: str) -> None:
    """Give ``team`` MONEY money and STORES stores (both hidden on public screens)."""
    ts = game.state.teams[team]
    game.push({"kind": "supply", "team": team, "money": MONEY - ts.money, "stores": STORES - ts.stores,
               "reason": "test"})


def on_place(counter: str, place: str) -> Any:
    """A page state in which ``counter`` stands at ``place``."""
    return lambda msg: any(p["id"] == counter and p["place"] == place for p in (msg["board"] or {}).get("pieces", ()))


def served_files_are_the_package_files(http_text: str) -> None:
    files = static_files()
    for name in ("index.html", "app.js", "style.css", "favicon.svg"):
        assert files[name].decode("utf-8") in http_text
    assert len(PAGE_FILES) == 5


# --- War in Binni: special forces, money and stores ---------------------------------------------------
def test_tiny_binni_page_gets_no_special_forces_money_or_stores() -> None:
    scenario, the_map = load_scenario(TINY)
    game = new_game((scenario, the_map))
    make_rich(game, "gov")
    assert game.summary()["teams"]["gov"]["money"] == MONEY  # the secret is really in the game
    with LiveGame(game) as live:
        assert live.play({"kind": "deploy", "counter": "g-sf1", "to": "charlie"}).accepted  # hidden
        assert live.play({"kind": "move", "counter": "g-bde1", "to": "bravo"}).accepted  # public
        http, messages = everything_a_page_gets(live.url, on_place("g-bde1", "bravo"))
    hidden = {p.id for p in game.module.board(game.state).pieces if p.hidden}
    assert hidden == {"g-sf1"}
    now = game.summary()["teams"]["gov"]  # the move cost money: the sums now are secret too
    assert now["money"] != MONEY
    everything = http + "\n".join(messages)
    for secret in (*hidden, str(MONEY), str(STORES), str(now["money"]), str(now["stores"]), "Special Forces"):
        assert secret not in everything, f"{secret!r} reached the page"
    served_files_are_the_package_files(http)
    # the walk does see what is public: the brigade that moved, the place it reached
    assert "g-bde1" in everything and "Bravo" in everything


def test_the_walk_finds_money_when_the_scenario_makes_it_public() -> None:
    """Control case: the same scenario with nothing hidden — the same walk finds the money."""
    scenario, the_map = load_scenario(TINY)
    open_scenario = scenario.model_copy(update={"display": scenario.display.model_copy(update={"hidden": []})})
    game = new_game((open_scenario, the_map))
    make_rich(game, "gov")
    with LiveGame(game) as live:
        _http, messages = everything_a_page_gets(live.url, lambda msg: msg["board"] is not None)
    assert str(MONEY) in "\n".join(messages) and str(STORES) in "\n".join(messages)


def test_default_binni_page_gets_no_special_forces_money_or_stores() -> None:
    game = new_game(load_scenario(BINNI))
    make_rich(game, "binni-gov")
    game.push({"kind": "deploy", "counter": "bg-2sf", "to": "kalen"})
    public = {p.id for p in game.module.board(game.state).pieces if not p.hidden and p.place}
    with LiveGame(game) as live:
        http, messages = everything_a_page_gets(live.url, lambda msg: msg["board"] is not None)
    hidden = {p.id for p in game.module.board(game.state).pieces if p.hidden}
    assert {"bg-1sf", "bg-2sf"} <= hidden
    everything = http + "\n".join(messages)
    for secret in (*hidden, str(MONEY), str(STORES), "Presidential Special Group", "Rangers"):
        assert secret not in everything, f"{secret!r} reached the page"
    state = json.loads(messages[-1])
    assert {p["id"] for p in state["board"]["pieces"] if p["place"]} == public


# --- Mid-East PEACE: the unrevealed fist -------------------------------------------------------------
SECRET_ATTACK = 37  # Egypt's fist: a number nothing else in this game shows
SECRET_DEFENCE = 29


def mideast_game_with_a_fist_in() -> Game[Any]:
    from tests.mideast.helpers import new_game as mideast_game
    from tests.mideast.helpers import play

    g = mideast_game(countries={"egypt": {"forces": {"lower-egypt": 40, "upper-egypt": 2}, "chips": 60},
                                "libya": {"forces": {"tripolitania": 2, "cyrenaica": 30}, "chips": 50}})
    play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
         {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 40})
    return g


def shows_number(messages: list[str], number: int) -> list[str]:
    """Paths of the leaves of the page's state messages holding ``number`` (as a number or a word)."""
    pattern = re.compile(rf"(?<![\d.]){number}(?![\d.])")
    states = [m for m in messages if json.loads(m)["type"] == "state"]
    return [path for path, leaf in message_leaves(states)
            if leaf == number or (isinstance(leaf, str) and pattern.search(leaf))]


def test_mideast_page_never_sees_an_unrevealed_fist() -> None:
    game = mideast_game_with_a_fist_in()
    with LiveGame(game) as live:
        _http, before = everything_a_page_gets(live.url, lambda msg: msg["board"] is not None)
        assert live.play({"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": SECRET_ATTACK}).accepted
        after_seq = live.web.seq if live.web is not None else 0
        _, after = everything_a_page_gets(live.url, lambda msg: msg["seq"] >= after_seq)
        assert shows_number(before + after, SECRET_ATTACK) == []
        # the raw bytes too, the number standing alone (not the digits of a clock's timestamp)
        alone = re.compile(rf"(?<![\d.]){SECRET_ATTACK}(?![\d.])")
        assert not alone.search("".join(m for m in after if '"type":"state"' in m))
        # the map (setup) is the same bytes before and after: nothing of the fist enters it
        assert [m for m in before if '"type":"setup"' in m] == [m for m in after if '"type":"setup"' in m]
        # Control case: once both fists are in they are revealed, and the same walk finds them.
        assert live.play({"kind": "fist", "battle": "cyrenaica", "side": "defender",
                          "chips": SECRET_DEFENCE}).accepted
        _, revealed = everything_a_page_gets(
            live.url, lambda msg: any(s["id"] == "battles" and s["rows"] for s in msg["board"]["sections"])
            and bool(shows_number([json.dumps(msg)], SECRET_ATTACK)))
    assert shows_number(revealed, SECRET_ATTACK) and shows_number(revealed, SECRET_DEFENCE)


# --- Coup: every player's hand and units, the deck, the pool ------------------------------------------
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
"""Coup's quiet first turn (tests/coup/test_secrets.py): nobody's cards are shown to anyone."""


def coup_secrets(game: Game[Any]) -> set[str]:
    s = game.state
    cards = {x for p in PLAYERS for c in s.hands[p] for x in (c, card_name(c))}
    units = {u for p in PLAYERS for u in s.units[p]} | {u for cls in s.pool.values() for u in cls}
    return cards | set(s.deck) | units


def found(items: list[tuple[str, Any]], secrets: set[str]) -> list[tuple[str, str]]:
    """Leaves equal to a secret, or strings holding one (ids and names longer than three letters)."""
    return [(path, s) for path, leaf in items for s in secrets
            if str(leaf) == s or (isinstance(leaf, str) and len(s) > 3 and s in leaf)]


def test_coup_page_never_sees_a_hand_a_unit_or_the_deck() -> None:
    game: Game[Any] = Game.new(load_scenario(COUP), dice=SeededDice(2))
    for cmd in QUIET:
        game.push(cmd)
    secrets = coup_secrets(game)
    assert len(secrets) > 60 and any(game.state.hands[p] for p in PLAYERS)
    with LiveGame(game) as live:
        http, messages = everything_a_page_gets(live.url, lambda msg: msg["board"] is not None)
    served_files_are_the_package_files(http)
    assert found(message_leaves(messages), secrets) == []
    # What the public may know is there: each seat's card count.
    seats = next(s for s in json.loads(messages[-1])["board"]["sections"] if s["id"] == "seats")
    assert [row[2].split("/")[0] for row in seats["rows"]] == [str(len(game.state.hands[p])) for p in PLAYERS]
    # Control case: CONTROL's own picture, walked the same way, holds every hand.
    control = list(leaves(json.loads(json.dumps(dataclasses.asdict(game.module.board(game.state)), default=str))))
    cards = {x for p in PLAYERS for c in game.state.hands[p] for x in (c, card_name(c))}
    assert {s for _, s in found(control, secrets)} >= cards


# --- the allow-lists, a second lock behind the viewer seat ---------------------------------------------
def test_the_page_picture_drops_whatever_is_still_flagged_hidden() -> None:
    """If a host ever sent a viewer a hidden piece, token, panel or key, the page would not get it."""
    leaky = {
        "control": {"x": "a"}, "turn_label": "Week 2",
        "pieces": [{"id": "open", "team": "a", "label": "BDE", "place": "x", "tooltip": f"money {MONEY}"},
                   {"id": "sf-secret", "team": "a", "label": "SF", "place": "x", "hidden": True}],
        "tokens": [{"kind": "cache", "place": "x", "hidden": True, "count": STORES}],
        "tracks": [{"team": "a", "pr": 4, "money": MONEY}], "hidden_keys": ["money"],
        "tallies": {"displaced": 3}, "table": {"hand": ["card-secret"]},
        "sections": [{"id": "hand", "title": "Hand", "columns": [], "rows": [["card-secret"]], "hidden": True},
                     {"id": "un", "title": "UN", "columns": ["Country"], "rows": [["Egypt"]]}],
    }
    text = json.dumps(page_picture(leaky))
    for secret in ("sf-secret", str(MONEY), str(STORES), "card-secret", "tooltip", "visible_to"):
        assert secret not in text
    assert "open" in text and "Egypt" in text and "Week 2" in text  # the walk sees the public part


def test_a_hidden_event_is_never_a_news_line() -> None:
    secret = Event(kind="fist_in", text=f"Egypt commits {SECRET_ATTACK} chips", hidden=True, visible_to=("egypt",))
    public = Event(kind="fist_in", text="Egypt's fist is in", data={"chips": SECRET_ATTACK})
    assert not secret.visible(Audience.PUBLIC)
    assert page_event(secret) is None
    line = page_event(public)
    assert line is not None and line["text"] == "Egypt's fist is in"
    assert not re.search(rf"(?<![\d.]){SECRET_ATTACK}(?![\d.])", json.dumps(line))
