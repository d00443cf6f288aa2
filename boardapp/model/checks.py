"""Cross-field checks of maps, as plain functions returning every problem at once.

Each problem carries the path (``loc``) of the offending value inside the file so the loader
can point at its line and column. Messages say what is wrong and what would be right.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from boardapp.model.outline import sound_regions
from boardapp.model.problems import Problem, format_loc

if TYPE_CHECKING:
    from boardapp.model.mapfile import Map


def _p(loc: tuple[str | int, ...], message: str, severity: str = "error") -> Problem:
    return Problem(f"{format_loc(loc)}: {message}", loc=loc, severity=severity)


def _duplicates(ids: list[str]) -> set[str]:
    return {i for i, n in Counter(ids).items() if n > 1}


def check_map(m: Map, *, shipped: bool = False) -> list[Problem]:
    """Every problem of a map: missing ids, bad polygons, unreachable places, …

    ``shipped``: the map is one of boardapp's own (``engine.files.MAP_DIR``); its outlines are first proved
    sound in plain Python (:func:`~boardapp.model.outline.sound_regions`), which spares opening the board the
    import of shapely. Whatever that cannot prove, and every map a user gives, is checked with shapely."""
    inside = sound_regions(m) if shipped else None
    if inside is None:
        # shapely (and numpy) cost a tenth of a second to import: only here, when a map's geometry needs them
        from boardapp.model.geometry import overlapping_regions, polygon_problem, regions_containing

    problems: list[Problem] = []
    place_ids = [p.id for p in m.places]
    dup = _duplicates(place_ids)
    seen: set[str] = set()
    for i, place in enumerate(m.places):
        if place.id in dup and place.id in seen:
            problems.append(_p(("places", i, "id"), f"the id {place.id!r} is used by another place; "
                               "ids must be unique"))
        seen.add(place.id)
    names: dict[str, list[int]] = defaultdict(list)
    for i, place in enumerate(m.places):
        names[place.name.casefold()].append(i)
    for idxs in names.values():
        for i in idxs[1:]:
            problems.append(_p(("places", i, "name"), f"the name {m.places[i].name!r} is also the name of place "
                               f"{m.places[idxs[0]].id!r}; give each place its own name", "warning"))
    known = set(place_ids)
    communities = {c.id for c in m.communities}
    community_dup = _duplicates([c.id for c in m.communities])
    seen = set()
    for i, community in enumerate(m.communities):
        if community.id in community_dup and community.id in seen:
            problems.append(_p(("communities", i, "id"), f"the id {community.id!r} is used by another community; "
                               "ids must be unique"))
        seen.add(community.id)
    for i, place in enumerate(m.places):
        if place.community is not None and communities and place.community not in communities:
            problems.append(_p(("places", i, "community"), f"unknown community {place.community!r}; "
                               f"the map's communities are {sorted(communities)}"))
        x, y = place.at
        if not (0 <= x <= m.size[0] and 0 <= y <= m.size[1]):
            problems.append(_p(("places", i, "at"), f"place {place.id!r} at {list(place.at)} is outside the map "
                               f"(0..{m.size[0]:g}, 0..{m.size[1]:g})", "warning"))
    pairs: dict[frozenset[str], int] = {}
    for i, road in enumerate(m.roads):
        for end in (0, 1):
            if road.between[end] not in known:
                problems.append(_p(("roads", i, "between", end), f"the road goes to {road.between[end]!r}, "
                                   "which is not a place on this map"))
        if road.between[0] == road.between[1]:
            problems.append(_p(("roads", i, "between"), f"the road joins {road.between[0]!r} to itself"))
        key = frozenset(road.between)
        if key in pairs:
            problems.append(_p(("roads", i, "between"), f"a road between {sorted(key)} is already "
                               f"roads[{pairs[key]}]", "warning"))
        pairs.setdefault(key, i)
    region_dup = _duplicates([r.id for r in m.regions])
    seen = set()
    for i, region in enumerate(m.regions):
        if region.id in region_dup and region.id in seen:
            problems.append(_p(("regions", i, "id"), f"the id {region.id!r} is used by another region"))
        seen.add(region.id)
        why = polygon_problem(region) if inside is None else None  # proved simple when inside is known
        if why:
            problems.append(_p(("regions", i, "polygon"), f"region {region.id!r}: {why}"))
    index = {r.id: i for i, r in enumerate(m.regions)}
    for a, b in overlapping_regions(m) if inside is None else ():  # proved apart when inside is known
        problems.append(_p(("regions", index[b], "polygon"), f"region {b!r} overlaps region {a!r}; "
                           "regions of one kind must not overlap"))
    if m.regions:
        if inside is None:
            inside = regions_containing(m)
        for i, place in enumerate(m.places):
            if not inside.get(place.id):
                problems.append(_p(("places", i, "at"), f"place {place.id!r} is outside every region", "warning"))
    # Reachability: every place should be on the road network's largest component.
    if m.places and not dup:
        comp = _components(place_ids, m.adjacency)
        if len(comp) > 1:
            main = max(comp, key=len)
            for i, place in enumerate(m.places):
                if place.id not in main:
                    problems.append(_p(("places", i), f"place {place.id!r} cannot be reached by road from "
                                       f"the rest of the map", "warning"))
    return problems


def _components(ids: list[str], adj: dict[str, tuple[str, ...]]) -> list[set[str]]:
    left = set(ids)
    out: list[set[str]] = []
    while left:
        start = min(left)
        comp = {start}
        todo = [start]
        while todo:
            for n in adj.get(todo.pop(), ()):
                if n not in comp and n in left:
                    comp.add(n)
                    todo.append(n)
        left -= comp
        out.append(comp)
    return out
