"""The referee's overrides: set any figure with a reason (``edit``), end a war, allow transit.

The source says its rules were loose and the referee decided; so every number of the state can be
set, but only through a journalled ``edit`` naming the figure's path, the value the referee saw (so
two people editing at once cannot overwrite each other silently) and the reason.
"""

from __future__ import annotations

from typing import Any

from boardapp.engine.dice import Dice
from boardapp.engine.module import Event, Impossible
from boardapp.rules.thegame import commands as c
from boardapp.rules.thegame.scenario import (
    GOODS,
    MAX_FACILITIES,
    MAX_GOODS,
    MAX_MONEY,
    MAX_PEOPLE,
    MAX_TECH,
    MAX_YEAR,
    ORBIT,
    RELATION_RANK,
)
from boardapp.rules.thegame.state import TheGameState
from boardapp.rules.thegame.world import World, ev

Value = int | bool | str | None

_REGION_INTS = {"ed", "pool", "farm", "starving", "insurgents"}
_REGION_DICTS = {"primary", "stock", "active", "inactive", "pips", "loyal", "relations"}
_NATION_INTS = {"bank", "produced"}
_NATION_DICTS = {"tech", "research"}


def _resolve(w: World, s: TheGameState, path: str) -> tuple[Any, str, bool, str] | str:
    """(container, key, is_dict, value kind) for a path, or an Impossible reason.

    Value kinds: 'int', 'bool', 'nation?' (a nation id or null), 'region', 'relation?', 'unit-region', 'type'.
    """
    parts = path.split(".")
    if parts in (["turn"], ["year"]):
        return s, parts[0], False, "int"
    if len(parts) < 3:
        return Impossible(f"no figure {path!r}: paths look like 'nations.<id>.bank' or 'regions.<id>.stock.food'")
    table, ident, attr = parts[0], parts[1], parts[2]
    key = parts[3] if len(parts) == 4 else None
    if len(parts) > 4:
        return Impossible(f"no figure {path!r}")
    if table == "regions":
        if ident not in s.regions:
            return Impossible(f"no region {ident!r}")
        r = s.regions[ident]
        if r.sea and attr in ("pool", "farm", "starving", "owner", "active", "inactive"):
            return Impossible(f"{ident} is a sea region: it has no {attr}")
        if key is None and attr in _REGION_INTS:
            return r, attr, False, "int"
        if key is None and attr in ("rough", "struck", "labour_left"):
            return r, attr, False, "bool"
        if key is None and attr in ("owner", "occupier"):
            return r, attr, False, "nation?"
        if key is not None and attr in _REGION_DICTS:
            if attr in ("primary", "stock") and key not in GOODS:
                return Impossible(f"no good {key!r}; goods are {', '.join(GOODS)}")
            if attr in ("active", "inactive") and key not in w.facility_types:
                return Impossible(f"no facility type {key!r}")
            if attr in ("pips", "relations") and key not in w.players:
                return Impossible(f"no player {key!r}")
            if attr == "loyal" and key not in s.nations:
                return Impossible(f"no nation {key!r}")
            return getattr(r, attr), key, True, "relation?" if attr == "relations" else "int"
    elif table == "nations":
        if ident not in s.nations:
            return Impossible(f"no nation {ident!r}")
        n = s.nations[ident]
        if key is None and attr in _NATION_INTS:
            return n, attr, False, "int"
        if key is None and attr == "capital":
            return n, attr, False, "region"
        if key is not None and attr in _NATION_DICTS:
            if key not in w.settings.tech_fields:
                return Impossible(f"no technology field {key!r}")
            return getattr(n, attr), key, True, "int"
    elif table == "units":
        if ident not in s.units:
            return Impossible(f"no unit {ident!r}")
        u = s.units[ident]
        if key is None and attr == "active":
            return u, attr, False, "bool"
        if key is None and attr == "region":
            return u, attr, False, "unit-region"
        if key is None and attr == "nation":
            return u, attr, False, "nation"
        if key is None and attr == "type":
            return u, attr, False, "type"
    return Impossible(f"no editable figure {path!r}")


def _current(target: tuple[Any, str, bool, str]) -> Value:
    container, key, is_dict, kind = target
    if is_dict:
        value: Value = container.get(key, None if kind == "relation?" else 0)
        return value
    got: Value = getattr(container, key)
    return got


def value_at(w: World, s: TheGameState, path: str) -> Value:
    """The figure at ``path`` now, as an ``edit`` command's ``old`` must give it (ValueError naming the path if
    there is no such editable figure). The referee's edit dialog reads it."""
    target = _resolve(w, s, path)
    if isinstance(target, str):
        raise ValueError(str(target))
    return _current(target)


def bound(path: str) -> int:
    """The largest value an ``edit`` may set at ``path``: the scenario file's bound for that figure (R39)."""
    parts = path.split(".")
    attr = parts[2] if len(parts) > 2 else parts[0]
    if attr in ("active", "inactive"):
        return MAX_FACILITIES
    if attr in ("primary", "stock"):
        return MAX_GOODS
    if attr in ("bank", "produced", "research"):
        return MAX_MONEY
    if attr == "tech":
        return MAX_TECH
    if attr in ("turn", "year"):
        return MAX_YEAR
    return MAX_PEOPLE  # pool, farm, starving, insurgents, loyal, pips


def _bad_value(w: World, s: TheGameState, kind: str, new: Value, path: str = "") -> str | None:
    if kind == "int":
        top = bound(path)
        ok = isinstance(new, int) and not isinstance(new, bool) and 0 <= new <= top
        return None if ok else f"a whole number from 0 to {top:,}"
    if kind == "bool":
        return None if isinstance(new, bool) else "true or false"
    if kind in ("nation?", "nation"):
        if new is None and kind == "nation?":
            return None
        ok = isinstance(new, str) and new in s.nations
        return None if ok else "a nation id" + (" or null" if "?" in kind else "")
    if kind == "region":
        return None if isinstance(new, str) and new in s.regions else "a region id"
    if kind == "unit-region":
        return None if isinstance(new, str) and (new in s.regions or new == ORBIT) else "a region id or 'orbit'"
    if kind == "relation?":
        return None if new is None or new in RELATION_RANK else "understanding, alliance, control or null"
    if kind == "type":
        return None if isinstance(new, str) and new in w.unit_types else "a unit type id"
    return "a value"


def check_edit(w: World, s: TheGameState, cmd: c.Edit) -> list[str]:
    target = _resolve(w, s, cmd.path)
    if isinstance(target, str):
        return [target]
    now = _current(target)
    if now != cmd.old or (now is not None and cmd.old is not None and type(now) is not type(cmd.old)):
        return [Impossible(f"{cmd.path} is {now!r} now, not {cmd.old!r}: someone changed it; look again")]
    if why := _bad_value(w, s, target[3], cmd.new, cmd.path):
        return [Impossible(f"{cmd.path} takes {why}; got {cmd.new!r}")]
    if target[1] == "ed" and isinstance(cmd.new, int) and not 1 <= cmd.new <= 4:
        return [Impossible("an ED level is 1 to 4")]
    return []


def apply_edit(w: World, s: TheGameState, cmd: c.Edit, dice: Dice) -> list[Event]:
    target = _resolve(w, s, cmd.path)
    assert not isinstance(target, str)
    container, key, is_dict, _ = target
    if is_dict:
        if cmd.new is None or cmd.new == 0:
            container.pop(key, None)
        else:
            container[key] = cmd.new
    else:
        setattr(container, key, cmd.new)
    secret = cmd.path.startswith("nations.") and ".capital" not in cmd.path
    players: tuple[str, ...] = ()
    if secret:
        players = (s.nations[cmd.path.split(".")[1]].player,)
    return [ev("edit", f"referee sets {cmd.path} from {cmd.old!r} to {cmd.new!r}: {cmd.reason}",
               data={"path": cmd.path, "old": cmd.old, "new": cmd.new, "reason": cmd.reason},
               hidden=secret, visible_to=players)]


def check_make_peace(w: World, s: TheGameState, cmd: c.MakePeace) -> list[str]:
    if err := w.no_nation(s, cmd.nation) or w.no_nation(s, cmd.other):
        return [err]
    if not s.at_war(cmd.nation, cmd.other):
        return [f"{w.nname(cmd.nation)} and {w.nname(cmd.other)} are not at war"]
    return []


def apply_make_peace(w: World, s: TheGameState, cmd: c.MakePeace, dice: Dice) -> list[Event]:
    s.wars.discard(frozenset((cmd.nation, cmd.other)))
    text = f"peace between {w.nname(cmd.nation)} and {w.nname(cmd.other)} (the referee's ruling)"
    s.news.append(text)
    return [ev("peace", text)]


def _transit_regions(s: TheGameState, nation: str) -> list[str]:
    """The land regions ``nation`` holds now (an allow_transit by nation grants each of them)."""
    return sorted(rid for rid, r in s.regions.items() if r.owner == nation and not r.sea)


def check_allow_transit(w: World, s: TheGameState, cmd: c.AllowTransit) -> list[str]:
    if err := w.no_player(cmd.player):
        return [err]
    if cmd.nation is not None:
        if cmd.nation not in s.nations:
            return [Impossible(f"no nation {cmd.nation!r}")]
        if w.player_of(s, cmd.nation) is None:
            return [Impossible(f"{w.nname(cmd.nation)} is no player's nation: transit is allowed through a region "
                               "of another player")]
        if w.player_of(s, cmd.nation) == cmd.player:
            return [f"{w.nname(cmd.nation)} is {w.pname(cmd.player)}'s own: his units pass it anyway"]
        if not _transit_regions(s, cmd.nation):
            return [f"{w.nname(cmd.nation)} holds no region to allow transit through"]
        return []
    assert cmd.region is not None
    if err := w.no_region(s, cmd.region):
        return [err]
    r = s.regions[cmd.region]
    if r.sea or r.owner is None:
        return [Impossible(f"{w.rname(cmd.region)} is not a region of a player's home country: transit is allowed "
                           "through a region of another player")]
    if w.player_of(s, r.owner) == cmd.player:
        return [f"{w.rname(cmd.region)} is {w.pname(cmd.player)}'s own: his units pass it anyway"]
    return []


def apply_allow_transit(w: World, s: TheGameState, cmd: c.AllowTransit, dice: Dice) -> list[Event]:
    verb = "allows" if cmd.allowed else "no longer allows"
    if cmd.nation is not None:  # every region the nation holds now, one grant each
        for region in _transit_regions(s, cmd.nation):
            key = (region, cmd.nation, cmd.player)
            if cmd.allowed:
                s.transit.add(key)
            else:
                s.transit.discard(key)
        return [ev("transit", f"{w.nname(cmd.nation)} {verb} {w.pname(cmd.player)}'s units through its regions",
                   teams=(s.nations[cmd.nation].player, cmd.player))]
    assert cmd.region is not None
    r = s.regions[cmd.region]
    assert r.owner is not None
    key = (cmd.region, r.owner, cmd.player)  # granted by the region's nation: lapses if the region changes hands
    if cmd.allowed:
        s.transit.add(key)
    else:
        s.transit.discard(key)
    return [ev("transit", f"{w.nname(r.owner)} {verb} {w.pname(cmd.player)}'s units through {w.rname(cmd.region)}",
               teams=(s.nations[r.owner].player, cmd.player), places=(cmd.region,))]
