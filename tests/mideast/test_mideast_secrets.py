"""The fist is secret: no public screen, viewer or other player's seat sees a commitment before the reveal.

Everything such an audience is given is walked — every string and number of the board picture
(pieces, tokens, tracks, tallies, sections, table, the turn label) and every event it may see —
for the secret number. A control case proves the walk finds the number where it is shown.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardapp.engine.module import Audience, BoardPicture, Event

from .helpers import module, new_game, play

SECRET_ATTACK = 37  # Egypt's fist: appears nowhere else in the game
SECRET_DEFENCE = 29  # Libya's fist


def strings_and_numbers(value: Any) -> list[str]:
    """Every leaf of a value as text (dataclasses, dicts, lists, tuples, sets)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings_and_numbers(k) + strings_and_numbers(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [s for v in value for s in strings_and_numbers(v)]
    return [str(value)]


def shows(picture: BoardPicture, events: list[Event], secret: int) -> list[str]:
    leaves = strings_and_numbers(picture) + [s for e in events for s in strings_and_numbers(e.model_dump())]
    return [leaf for leaf in leaves if str(secret) in leaf]


def game_with_one_fist_in(first: str) -> tuple[Any, list[Event]]:
    g = new_game(countries={"egypt": {"forces": {"lower-egypt": 40, "upper-egypt": 2}, "chips": 60},
                            "libya": {"forces": {"tripolitania": 2, "cyrenaica": 30}, "chips": 50}})
    events = play(g, {"kind": "choose_phases", "phases": ["military", "diplomatic"]},
                  {"kind": "attack", "zone": "lower-egypt", "to": "cyrenaica", "forces": 40})
    if first == "attacker":
        events += play(g, {"kind": "fist", "battle": "cyrenaica", "side": "attacker", "chips": SECRET_ATTACK})
    else:
        events += play(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": SECRET_DEFENCE})
    return g, events


def seen_by(g: Any, events: list[Event], audience: Audience) -> tuple[BoardPicture, list[Event]]:
    return module(g).view(g.state, audience), [e for e in events if e.visible(audience)]


def test_nothing_in_the_picture_or_the_log_shows_the_secret_numbers_anywhere_else() -> None:
    g, events = game_with_one_fist_in("attacker")
    pic, evs = seen_by(g, events, Audience.PUBLIC)
    assert shows(pic, evs, SECRET_DEFENCE) == []  # neither number is used by anything else in the game


def test_the_attackers_fist_is_hidden_from_the_public_and_the_defender() -> None:
    g, events = game_with_one_fist_in("attacker")
    for audience in (Audience.PUBLIC, Audience.player_seat("libya"), Audience.player_seat("israel")):
        pic, evs = seen_by(g, events, audience)
        assert shows(pic, evs, SECRET_ATTACK) == [], audience
        assert any(e.kind == "fist_in" for e in evs)  # what they may know: a fist is in
    # Control case: the same walk finds it where it is shown — CONTROL and Egypt's own seat.
    for audience in (Audience.CONTROL, Audience.player_seat("egypt")):
        pic, evs = seen_by(g, events, audience)
        assert shows(pic, evs, SECRET_ATTACK), audience
    assert module(g).summary(g.state)["battles"][0]["fists"] == {"hidden": True, "in": ["attacker"]}


def test_the_plain_board_picture_holds_no_fist_at_all() -> None:
    """Generic code (a LAN host's viewer picture) may filter ``board()`` itself: it must hold no secret."""
    g, _events = game_with_one_fist_in("attacker")
    assert shows(module(g).board(g.state), [], SECRET_ATTACK) == []
    from boardapp.net.replica import public_board  # what a LAN host sends its viewer seats

    assert [leaf for leaf in strings_and_numbers(public_board(g)) if str(SECRET_ATTACK) in leaf] == []
    own = next(s for s in module(g).view(g.state, Audience.player_seat("egypt")).sections if s.id == "fist-egypt")
    assert own.rows == [["Cyrenaica", "attacker", str(SECRET_ATTACK)]]


def test_the_defenders_fist_is_hidden_from_the_public_and_the_attacker() -> None:
    g, events = game_with_one_fist_in("defender")
    for audience in (Audience.PUBLIC, Audience.player_seat("egypt")):
        pic, evs = seen_by(g, events, audience)
        assert shows(pic, evs, SECRET_DEFENCE) == [], audience
    pic, evs = seen_by(g, events, Audience.player_seat("libya"))
    assert shows(pic, evs, SECRET_DEFENCE)


def test_both_fists_are_revealed_together() -> None:
    g, events = game_with_one_fist_in("attacker")
    events += play(g, {"kind": "fist", "battle": "cyrenaica", "side": "defender", "chips": SECRET_DEFENCE})
    pic, evs = seen_by(g, events, Audience.PUBLIC)
    battle = next(e for e in evs if e.kind == "battle")
    assert (battle.data["attacker"], battle.data["defender"]) == (SECRET_ATTACK, SECRET_DEFENCE)
    assert shows(pic, evs, SECRET_ATTACK) and shows(pic, evs, SECRET_DEFENCE)
    row = next(s for s in pic.sections if s.id == "battles").rows[0]
    assert row[3:6] == [str(SECRET_ATTACK), "Libya", str(SECRET_DEFENCE)]
