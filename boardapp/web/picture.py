"""What a web page is given: the viewer seat's public data, cut down to what the page draws.

The web view is a viewer seat of the host (see :mod:`boardapp.web.server`), so it only ever holds
what a viewer may see. On top of that, everything it forwards to browsers passes through these
allow-lists: a field the page does not draw is not sent, and anything still flagged ``hidden``
(a piece, a token, a panel, an event) is dropped. A host that one day sent a viewer too much
would still not reach a phone through here (a second lock, not the first).

>>> page_picture({"pieces": [{"id": "a", "team": "t", "label": "BDE", "place": "x", "tooltip": "money 5"},
...                          {"id": "sf", "team": "t", "label": "SF", "hidden": True}]})["pieces"]
[{'id': 'a', 'team': 't', 'label': 'BDE', 'value': '', 'place': 'x', 'damage': 0}]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from boardapp.clock import TurnClock

_PIECE_KEYS = ("id", "team", "label", "value", "place", "damage")
_TOKEN_KEYS = ("kind", "place", "count", "team", "label")
_SECTION_KEYS = ("id", "title", "columns", "rows")
_EVENT_KEYS = ("kind", "text", "teams", "places")
NEWS_KEPT = 40
"""Public events (and undo notices) a page is shown, newest first."""


def _plain(value: Any) -> Any:
    """JSON-safe scalars and lists of them (a track may hold a string, a number, a bool)."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _visible(item: dict[str, Any]) -> bool:
    return not item.get("hidden")


def page_picture(board: dict[str, Any]) -> dict[str, Any]:
    """The public board picture a page draws, from a viewer's ``view`` message.

    Kept: control per place, pieces and tokens (id, team, label, value, place, damage / kind,
    place, count, team, label), the turn label, tracks without the hidden keys (none when a public
    section ``shows_tracks``), tallies, and the
    rule system's panels (``sections``) that are not hidden. Left out: tooltips (umpires' notes),
    ``visible_to`` lists, and ``table`` (a map-less rule system's own data, which the page does not
    draw: its public panels are in ``sections``).
    """
    hidden_keys = {str(k) for k in board.get("hidden_keys") or ()}
    pieces = [{k: _plain(p.get(k, "" if k in ("value",) else 0 if k == "damage" else None)) for k in _PIECE_KEYS}
              for p in board.get("pieces") or () if _visible(p)]
    tokens = [{k: _plain(t.get(k, 1 if k == "count" else None)) for k in _TOKEN_KEYS}
              for t in board.get("tokens") or () if _visible(t)]
    tracks = [{str(k): _plain(v) for k, v in tr.items() if k not in hidden_keys and k != "hidden"}
              for tr in board.get("tracks") or ()]
    shown = [s for s in board.get("sections") or () if _visible(s)]
    sections = [{k: _plain(s.get(k, [])) for k in _SECTION_KEYS} for s in shown]
    if any(s.get("shows_tracks") for s in shown):  # the system's own table of them: not twice
        tracks = []
    control = {str(k): (str(v) if v is not None else None) for k, v in (board.get("control") or {}).items()}
    tallies = {str(k): _plain(v) for k, v in (board.get("tallies") or {}).items() if k not in hidden_keys}
    return {"control": control, "pieces": pieces, "tokens": tokens, "turn_label": str(board.get("turn_label") or ""),
            "tracks": tracks, "tallies": tallies, "sections": sections}


def page_event(event: Any) -> dict[str, Any] | None:
    """A public event as a news line (None for a hidden one: a viewer is never sent those, but a
    page must not show one even if it were). The numbers behind a sentence (``data``) stay out."""
    data = event.model_dump(mode="json") if hasattr(event, "model_dump") else dict(event)
    if data.get("hidden"):
        return None
    return {k: _plain(data.get(k, "" if k in ("kind", "text") else [])) for k in _EVENT_KEYS}


def page_map(the_map: dict[str, Any]) -> dict[str, Any]:
    """The map as the page draws it: regions, roads, places and free labels (the setup a viewer gets,
    without the background image, which the page does not load)."""
    communities = {c.get("id"): c.get("name") for c in the_map.get("communities") or ()}
    return {
        "id": the_map.get("id"), "name": the_map.get("name"), "size": the_map.get("size"),
        "regions": [{k: r.get(k) for k in ("id", "name", "kind", "polygon", "holes", "colour", "label_at")}
                    for r in the_map.get("regions") or ()],
        "places": [{"id": pl.get("id"), "name": pl.get("name"), "kind": pl.get("kind"), "at": pl.get("at"),
                    "community": communities.get(pl.get("community"), pl.get("community")),
                    "value": pl.get("value")} for pl in the_map.get("places") or ()],
        "roads": [{k: r.get(k) for k in ("between", "via", "kind")} for r in the_map.get("roads") or ()],
        "labels": [{k: lb.get(k) for k in ("text", "at", "size", "angle")} for lb in the_map.get("labels") or ()],
    }


def page_teams(teams: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Teams as a page names them: id, name, colour and symbol (the letters drawn on counters)."""
    return [{"id": t.get("id"), "name": t.get("name") or t.get("id"), "colour": t.get("colour") or "#777777",
             "symbol": t.get("symbol") or str(t.get("id") or "?")[:3].upper()} for t in teams]


def clock_face(record: dict[str, Any] | None, scenario: Any, now: Callable[[], float] | None = None) -> \
        dict[str, Any] | None:
    """The turn clock as a page shows it, from CONTROL's shared record (:meth:`TurnClock.record`).

    The page is given the week, the seconds left and whether it runs, and counts down itself; the
    week's length comes from the scenario's settings and timetable, as on the big screen.
    None when there is no record (CONTROL has not shared a clock).
    """
    if not record:
        return None
    clock = TurnClock.for_scenario(scenario) if scenario is not None else TurnClock()
    clock.restore(record, wall=None if now is None else now())
    left = clock.length - clock.elapsed()
    return {"week": clock.week, "remaining": round(max(0.0, left), 1), "overrun": round(max(0.0, -left), 1),
            "running": clock.running, "started": clock.started, "length": round(clock.length, 1),
            "text": clock.text() if left > 0 else "0:00" if math.isfinite(left) else ""}
