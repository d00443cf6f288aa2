"""May viewers be sent events (``Host(view_events=True)``, the web page's news feed)? Only if every rule
system marks its secret events hidden. Each system's example game (docs/examples/) is replayed and every
event a public viewer would receive (``Event.visible(Audience.PUBLIC)``: text, data and counters, whole) is
walked for what the rules keep secret at that moment; a control case runs the same walk over what CONTROL
sees and finds the secrets there, so the walk can find them.

What is secret comes from the rules (docs in /work/shared/rules and the modules' docs):
* War in Binni: special forces (display.hidden ``special_forces``: their ids and type names) and the hidden
  tracks (display.hidden money, stores, cards): what a supply or a transfer gives of them, in the entry's
  news; an event's own ``money``/``stores``/… figure, unless it is what the public action cost by the rules
  (``costs``: a fight's stores follow from its public attack value);
* Coup: every card in a hand, the deck, every unit held face down or in the Neutral Pool;
* Mid-East PEACE: a fist's chips until both fists of the battle are in;
* the MUN Historical Committee (Diplomacy): each delegation's goals; orders until adjudication;
* The Game (2300 AD): the module keeps the central banks and technology panels hidden; the walk looks
  for what hidden pieces and hidden panels of the board picture hold (cells past the row's name), as for
  every system.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from boardapp.engine.dice import SeededDice
from boardapp.engine.files import load_scenario
from boardapp.engine.game import Game
from boardapp.engine.module import Audience, Event
from boardapp.rules.coup.components import PLAYERS, card_name

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
SCENARIOS = ROOT / "scenarios"

Secrets = Callable[[Game[Any], dict[str, Any], set[str]], set[str]]
"""(game after the entry, its command, the secrets kept so far) -> strings a public event must not hold."""


def board_secrets(game: Game[Any]) -> set[str]:
    """What the board picture itself keeps from the public: hidden pieces' ids, hidden panels' cells (but the
    first column, which names the row: 'card', 'unit', a nation's name)."""
    pic = game.module.board(game.state)
    out = {p.id for p in pic.pieces if p.hidden}
    for section in getattr(pic, "sections", ()) or ():
        if getattr(section, "hidden", False):
            out |= {str(cell) for row in section.rows for cell in row[1:] if len(str(cell)) > 3}
    return out


def binni_secrets(game: Game[Any], command: dict[str, Any], kept: set[str]) -> set[str]:
    from boardapp.rules.binni.board import secret_types

    rules = game.module
    secret = secret_types(rules)
    names = {rules.types[t].name for t in secret}
    hidden = set(rules.scenario.display.hidden)
    tracks = {f"key:{t}" for t in hidden}  # an event's own money, stores, cards …
    given: set[str] = set()  # what a team was given or handed, in the entry's own words
    if command["kind"] in ("supply", "transfer"):
        for track in hidden & set(command):
            given.add(f"$M{command[track]}" if track == "money" else f"#{command[track]}")
    return {c.id for c in game.state.counters.values() if c.type in secret} | names | tracks | given


def coup_secrets(game: Game[Any], command: dict[str, Any], kept: set[str]) -> set[str]:
    s = game.state
    cards = {x for p in PLAYERS for c in s.hands[p] for x in (c, card_name(c))}
    units = {u for p in PLAYERS for u in s.units[p]} | {u for cls in s.pool.values() for u in cls}
    return cards | set(s.deck) | units


def mideast_secrets(game: Game[Any], command: dict[str, Any], kept: set[str]) -> set[str]:
    """A fist's chips, as a number on its own, while its battle is not yet opened (the entry has no public
    'battle' event): recorded here, checked by :func:`shows` against the entry's public events."""
    if command["kind"] == "fist":
        return {f"#{command['chips']}"}
    return set()


def mun_secrets(game: Game[Any], command: dict[str, Any], kept: set[str]) -> set[str]:
    """Goals for good; orders handed in until the season is adjudicated (then they are public results)."""
    out = {g for g in kept if not g.startswith("order:")}
    if command["kind"] in ("set_goals",):
        out |= set(command["goals"])
    if command["kind"] in ("propose_goal",):
        out.add(command["goal"])
    if command["kind"] == "submit_orders":
        out |= {f"order:{o}" for o in command["orders"]} | {o for o in kept if o.startswith("order:")}
    elif command["kind"] not in ("adjudicate",):
        out |= {o for o in kept if o.startswith("order:")}
    return out


def thegame_secrets(game: Game[Any], command: dict[str, Any], kept: set[str]) -> set[str]:
    return set()


SYSTEMS: dict[str, tuple[str, str, int, Secrets]] = {
    "War in Binni": ("war-in-binni.yaml", "every-command.yaml", 7, binni_secrets),
    "Coup": ("coup.yaml", "coup-every-command.yaml", 2, coup_secrets),
    "Mid-East PEACE": ("mideast-peace.yaml", "mideast-every-command.yaml", 1, mideast_secrets),
    "The Game": ("the-game.yaml", "thegame-every-command.yaml", 1, thegame_secrets),
    "MUN (Diplomacy)": ("mun-historical-1935.yaml", "mun-officers.yaml", 1, mun_secrets),
}


def shows(events: list[Event], secrets: set[str]) -> list[tuple[str, str]]:
    """(event kind, secret) for every secret one of ``events`` holds, whole (text, data, counters)."""
    found = []
    for e in events:
        text = json.dumps(e.model_dump(mode="json"))
        for s in secrets:
            if s.startswith("#"):  # a number on its own: not part of another number or an id
                hit = re.search(rf"(?<![\w.]){re.escape(s[1:])}(?![\w.])", text) is not None
            elif s.startswith("key:"):  # a hidden track's value as the event's own figure (not a rule's cost)
                key = s[4:]
                hit = key in e.data and e.data[key] != (e.data.get("costs") or {}).get(key)
            elif s.startswith("order:"):
                hit = s[6:].lower() in text.lower()
            else:
                hit = s in text
            if hit:
                found.append((e.kind, s))
    return found


def walk(system: str, audience: Audience) -> tuple[int, list[tuple[int, str, str]]]:
    """Replay ``system``'s example game: (events ``audience`` would be sent, secrets found in them, as
    (command number, event kind, secret))."""
    scenario, example, seed, secrets_of = SYSTEMS[system]
    game: Game[Any] = Game.new(load_scenario(SCENARIOS / scenario), dice=SeededDice(seed))
    kept: set[str] = set()
    revealed: set[str] = set()
    """Coup's units flipped face up in combat ('opposing stacks flip'): public from then on."""
    sent = 0
    found = []
    for n, command in enumerate(yaml.safe_load((EXAMPLES / example).read_text(encoding="utf-8"))):
        game.push(command)
        events = [e for e in game.entries[-1].events if e.visible(audience)]
        kept = secrets_of(game, command, kept)
        for e in game.entries[-1].events:
            if system == "Coup" and e.kind == "flip" and e.visible(Audience.PUBLIC):
                revealed |= {*e.data.get("defender", ()), *e.data.get("attacker", ())}
                revealed |= set(re.findall(r"[A-Z][A-Za-z]*(?: [a-z]+)* \(\d+\)", e.text))  # 'Engineer (3)'
        now = (kept | board_secrets(game)) - revealed
        if system == "Mid-East PEACE" and any(e.kind == "battle" for e in events):
            now = set()  # both fists are in: the battle opens them to everyone
        sent += len(events)
        found += [(n, kind, s) for kind, s in shows(events, now)]
        if system in ("Mid-East PEACE", "War in Binni"):
            kept = set()  # a fist's number is checked in its own entry only (small numbers recur later)
    return sent, found


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_public_viewer_is_sent_no_secret_in_any_event(system: str) -> None:
    sent, found = walk(system, Audience.PUBLIC)
    assert sent > 10, "the example game gives viewers news to walk"
    assert found == [], f"{system} would tell viewers a secret: {found[:5]}"


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s != "The Game"])
def test_control_case_the_walk_finds_the_secrets_in_what_control_sees(system: str) -> None:
    _sent, found = walk(system, Audience.CONTROL)
    assert found, f"the walk found no secret in CONTROL's events of {system}: it could not find a leak"


# --- the page's news feed, live from a real host (view_events on by default) --------------------------
def test_the_page_gets_public_news_live_and_never_a_special_forces_move() -> None:
    from boardapp.engine.files import new_game
    from tests.web.helpers import live_messages
    from tests.web.live import LiveGame

    game = new_game(load_scenario(SCENARIOS / "war-in-binni.yaml"))
    with LiveGame(game) as live:
        assert live.play({"kind": "deploy", "counter": "bg-2sf", "to": "ketu"}).accepted  # hidden
        assert live.play({"kind": "news", "text": "Talks collapse in Kalen"}).accepted  # public
        messages = live_messages(live.url, lambda m: any("Talks collapse" in n["text"] for n in m["news"]))
    news = json.loads(messages[-1])["news"]
    assert news[0]["text"] == "NEWS: Talks collapse in Kalen"
    everything = "\n".join(messages)
    assert "bg-2sf" not in everything and "Ketu" not in json.dumps(news)
    # control case: CONTROL's journal has the deploy's sentence, naming the unit
    assert any("bg-2sf" in e.text for entry in game.entries for e in entry.events)
