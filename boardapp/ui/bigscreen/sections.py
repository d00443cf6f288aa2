"""The tables a big screen builds from the public picture itself, for a rule system that gives the side bar
(or the ``tables`` layout) none of its own: the teams' public numbers, the places held and what stands there,
the public counts. Plain Python: each returns a :class:`~boardapp.engine.module.Section` or None."""

from __future__ import annotations

from typing import Any

from boardapp.engine.module import BoardPicture, Section


def _words(key: str) -> str:
    """A track's key as a column heading: 'cards_max' -> 'Cards max', 'pr' -> 'PR' (a short key is an
    abbreviation)."""
    return key.upper() if len(key) <= 2 else key.replace("_", " ").capitalize()


def tracks_section(pic: BoardPicture) -> Section | None:
    """A rule system that gives the side bar nothing of its own still shows its teams: one row per
    map team with its public numbers (the picture's hidden keys left out)."""
    rows = []
    keys: list[str] = []
    for t in pic.tracks:
        if not t.get("on_map", True):
            continue
        for key, value in t.items():
            if key in ("team", "name", "on_map") or key in pic.hidden_keys or key in keys:
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                keys.append(key)
    for t in pic.tracks:
        if t.get("on_map", True):
            rows.append([str(t.get("name", t.get("team", ""))), *(str(t.get(k, "")) for k in keys)])
    if not rows:
        return None
    return Section(id="teams", title="Teams", columns=["", *(_words(k) for k in keys)],
                   rows=rows)


def places_section(pic: BoardPicture, places: list[Any], teams: list[Any]) -> Section | None:
    """Every place something stands at or someone holds: who holds it, the counters and the tokens
    there (the public picture's), one row a place, by name. What the map shows, as a table the
    ``tables`` layout pages at hall size for a rule system that gives no tables of its own (War in
    Binni: its side bar is its own widgets, and the layout was empty)."""
    symbol = {t.id: str(getattr(t, "symbol", "") or t.id) for t in teams}
    name = {t.id: str(t.name) for t in teams}
    counters: dict[str, dict[str, list[str]]] = {}
    for pc in pic.pieces:
        if pc.place is not None:
            counters.setdefault(pc.place, {}).setdefault(pc.team, []).append(f"{pc.label} {pc.value}".strip())
    tokens: dict[str, list[str]] = {}
    for tk in pic.tokens:
        what = " ".join(x for x in (tk.label or tk.kind, symbol.get(tk.team or "", "")) if x)
        tokens.setdefault(tk.place, []).append(what + (f" \u00d7{tk.count}" if tk.count > 1 else ""))
    rows = []
    for pl in sorted(places, key=lambda p: str(p.name or p.id).casefold()):
        held = pic.control.get(pl.id)
        if not (held or pl.id in counters or pl.id in tokens):
            continue
        here = " · ".join(f"{symbol.get(team, team)} {', '.join(what)}"
                          for team, what in counters.get(pl.id, {}).items())
        rows.append([str(pl.name or pl.id), name.get(held or "", held or ""), here, ", ".join(tokens.get(pl.id, []))])
    if not rows:
        return None
    return Section(id="places", title="Places", columns=["Place", "Held by", "Counters", "Tokens"], rows=rows)


def tallies_section(pic: BoardPicture) -> Section | None:
    shown = [(k, v) for k, v in pic.tallies.items() if k not in pic.hidden_keys]
    if not shown:
        return None
    return Section(id="counts", title="Counts", columns=[k.capitalize() for k, _ in shown],
                   rows=[[str(v) for _, v in shown]])
