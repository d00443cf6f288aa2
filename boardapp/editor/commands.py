"""Undoable edits of a map or scenario document: small command objects with ``do`` and ``undo``.

Every command validates the piece it makes before changing anything (a bad value raises
``ValueError`` with the model's message and leaves the document as it was), remembers what it
replaced, and returns the changes listeners need to redraw.

>>> from boardapp.editor.document import MapDocument
>>> doc = MapDocument.new()
>>> stack = UndoStack(doc)
>>> stack.push(AddPlace({"id": "a", "name": "A", "at": [10, 10]}))
>>> stack.push(MovePlace("a", (20, 30)))
>>> doc.place("a").at
(20.0, 30.0)
>>> stack.undo(); doc.place("a").at
(10.0, 10.0)
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from shapely.geometry import LineString, Polygon
from shapely.geometry.polygon import orient
from shapely.ops import split, unary_union

from boardapp.editor.document import MAP_LISTS, Change, Document, MapDocument, ScenarioDocument
from boardapp.model.mapfile import Map, Region, RegionKind
from boardapp.model.voronoi import _rounded, regions_from_points

XY = tuple[float, float]


def _error(exc: ValidationError) -> ValueError:
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(x) for x in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return ValueError("; ".join(parts))


def validated(model: type[BaseModel], data: Any) -> Any:
    """``data`` (a model or a dict) as a validated ``model``; ``ValueError`` with a readable message."""
    if isinstance(data, model):
        return data
    if isinstance(data, BaseModel):
        data = data.model_dump()
    try:
        return model.model_validate(data, context={"defer_checks": True})
    except ValidationError as exc:
        raise _error(exc) from None


def with_field(item: BaseModel, field: str, value: Any) -> Any:
    """A copy of ``item`` with one field changed, validated."""
    if field not in type(item).model_fields:
        raise ValueError(f"{type(item).__name__} has no field {field!r}")
    data = {name: getattr(item, name) for name in type(item).model_fields}
    data[field] = value
    return validated(type(item), data)


def item_model(doc: Document, section: str) -> type[BaseModel]:
    owner: type[BaseModel] = Map if isinstance(doc, MapDocument) else doc.model  # type: ignore[attr-defined]
    ann = owner.model_fields[section].annotation
    args = typing.get_args(ann)
    return args[0] if args else ann  # type: ignore[return-value]


def items(doc: Document, section: str) -> list[Any]:
    if isinstance(doc, MapDocument):
        return getattr(doc, section)  # type: ignore[no-any-return]
    return doc.fields[section]  # type: ignore[attr-defined, no-any-return]


def _key(section: str, item: Any, index: int) -> Any:
    return getattr(item, "id", index) if section not in ("roads", "labels") else index


class Command:
    """One undoable edit. ``target`` says which document it changes: the map or the scenario."""

    text = "edit"
    target = "map"

    def document(self, doc: Document) -> Document:
        if self.target == "map" and isinstance(doc, ScenarioDocument):
            return doc.map_doc
        if self.target == "scenario" and isinstance(doc, MapDocument):
            if doc.scenario is None:
                raise ValueError("this edit needs a scenario; open or create one first")
            return doc.scenario
        return doc

    def do(self, doc: Any) -> list[Change]:
        raise NotImplementedError

    def undo(self, doc: Any) -> list[Change]:
        raise NotImplementedError

    def merge(self, other: Command) -> bool:
        """Absorb ``other`` (the next edit) into this one, as one undo step; False when not alike."""
        return False

    # run with notification, on the right document
    def apply(self, doc: Document) -> None:
        target = self.document(doc)
        target.notify(self.do(target))

    def revert(self, doc: Document) -> None:
        target = self.document(doc)
        target.notify(self.undo(target))


class Macro(Command):
    """Several commands as one undo step (a brush stroke, a place with its road)."""

    def __init__(self, text: str, commands: Sequence[Command]) -> None:
        self.text = text
        self.commands = list(commands)

    def apply(self, doc: Document) -> None:
        done: list[Command] = []
        try:
            for c in self.commands:
                c.apply(doc)
                done.append(c)
        except Exception:
            for c in reversed(done):
                c.revert(doc)
            raise

    def revert(self, doc: Document) -> None:
        for c in reversed(self.commands):
            c.revert(doc)


# --- generic list edits -----------------------------------------------------------------
class AddItem(Command):
    """Add a piece to a list (places, roads, teams, counters, dp_tokens, timetable …)."""

    def __init__(self, section: str, item: Any, index: int | None = None) -> None:
        self.section, self.item, self.index = section, item, index
        self.target = "map" if section in MAP_LISTS else "scenario"
        self.text = f"add {section.rstrip('s').replace('_', ' ')}"

    def do(self, doc: Any) -> list[Change]:
        model = item_model(doc, self.section)
        self.item = validated(model, self.item)
        lst = items(doc, self.section)
        ident = getattr(self.item, "id", None)
        if ident is not None and any(getattr(x, "id", None) == ident for x in lst):
            raise ValueError(f"the id {ident!r} is already used in {self.section}")
        self.at = len(lst) if self.index is None else self.index
        lst.insert(self.at, self.item)
        return [(self.section, _key(self.section, self.item, self.at))]

    def undo(self, doc: Any) -> list[Change]:
        del items(doc, self.section)[self.at]
        return [(self.section, _key(self.section, self.item, self.at))]


class DeleteItem(Command):
    def __init__(self, section: str, index: int) -> None:
        self.section, self.index = section, index
        self.target = "map" if section in MAP_LISTS else "scenario"
        self.text = f"delete {section.rstrip('s').replace('_', ' ')}"

    def do(self, doc: Any) -> list[Change]:
        self.item = items(doc, self.section).pop(self.index)
        return [(self.section, _key(self.section, self.item, self.index))]

    def undo(self, doc: Any) -> list[Change]:
        items(doc, self.section).insert(self.index, self.item)
        return [(self.section, _key(self.section, self.item, self.index))]


class SetItemField(Command):
    """Change one field of one piece, found by id (or by index for roads, labels, timetable …)."""

    def __init__(self, section: str, key: str | int, field: str, value: Any) -> None:
        self.section, self.key, self.field, self.value = section, key, field, value
        self.target = "map" if section in MAP_LISTS else "scenario"
        self.text = f"set {field.replace('_', ' ')}"

    def _index(self, doc: Any) -> int:
        if isinstance(self.key, int):
            return self.key
        for i, x in enumerate(items(doc, self.section)):
            if getattr(x, "id", None) == self.key:
                return i
        raise KeyError(f"no {self.section.rstrip('s').replace('_', ' ')} {self.key!r}")

    def do(self, doc: Any) -> list[Change]:
        if self.field == "id":
            raise ValueError("change an id with a rename, which also changes every reference to it")
        lst = items(doc, self.section)
        i = self._index(doc)
        self.old = lst[i]
        lst[i] = with_field(self.old, self.field, self.value)
        return [(self.section, _key(self.section, lst[i], i))]

    def undo(self, doc: Any) -> list[Change]:
        lst = items(doc, self.section)
        i = self._index(doc)
        lst[i] = self.old
        return [(self.section, _key(self.section, lst[i], i))]

    def merge(self, other: Command) -> bool:
        if (type(other) is type(self) and isinstance(other, SetItemField) and other.section == self.section
                and other.key == self.key and other.field == self.field):
            self.value = other.value
            return True
        return False


class SetHeadField(Command):
    """Change a top-level field: the map's id, name or size; the scenario's name, description …"""

    def __init__(self, field: str, value: Any, target: str = "map") -> None:
        self.field, self.value, self.target = field, value, target
        self.text = f"set {field}"

    def do(self, doc: Any) -> list[Change]:
        if isinstance(doc, MapDocument):
            data = {**doc.head, self.field: self.value}
            self.old = doc.head.get(self.field)
            checked = validated(Map, data)
            doc.head[self.field] = getattr(checked, self.field)
        else:
            self.old = doc.fields.get(self.field)
            try:
                value = getattr(with_field(doc.to_scenario(), self.field, self.value), self.field)
            except ValueError:  # perhaps another field is unfinished (a blank scenario has no teams yet)
                info = doc.model.model_fields.get(self.field)
                if info is None:
                    raise
                try:
                    value = TypeAdapter(info.annotation).validate_python(self.value)
                except ValidationError as exc:
                    raise _error(exc) from None
            doc.fields[self.field] = value
        return [("head", self.field)]

    def undo(self, doc: Any) -> list[Change]:
        if isinstance(doc, MapDocument):
            doc.head[self.field] = self.old
        else:
            doc.fields[self.field] = self.old
        return [("head", self.field)]


# --- places and roads ---------------------------------------------------------------------
class AddPlace(AddItem):
    def __init__(self, place: Any, index: int | None = None) -> None:
        super().__init__("places", place, index)
        self.text = "add place"


class MovePlace(Command):
    text = "move place"

    def __init__(self, place_id: str, to: XY) -> None:
        self.place_id, self.to = place_id, (float(to[0]), float(to[1]))

    def do(self, doc: MapDocument) -> list[Change]:
        i = doc.place_index(self.place_id)
        self.old = doc.places[i]
        doc.places[i] = self.old.model_copy(update={"at": self.to})
        return [("places", self.place_id)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.places[doc.place_index(self.place_id)] = self.old
        return [("places", self.place_id)]

    def merge(self, other: Command) -> bool:
        if isinstance(other, MovePlace) and other.place_id == self.place_id:
            self.to = other.to
            return True
        return False


class SetPlaceField(SetItemField):
    def __init__(self, place_id: str, field: str, value: Any) -> None:
        super().__init__("places", place_id, field, value)


class RenamePlace(Command):
    """Change a place's id, and every road, counter, control entry and token that names it."""

    text = "rename place"

    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def _swap(self, doc: MapDocument, a: str, b: str) -> list[Change]:
        i = doc.place_index(a)
        doc.places[i] = doc.places[i].model_copy(update={"id": b})
        for j, road in enumerate(doc.roads):
            if a in road.between:
                doc.roads[j] = road.model_copy(update={"between": tuple(b if x == a else x for x in road.between)})
        for sec in ("places", "control"):
            if (sec, a) in doc.comments:
                doc.comments[(sec, b)] = doc.comments.pop((sec, a))
        sc = doc.scenario
        if sc is not None:
            from boardapp.editor.refs import of

            for sec, field in (("counters", "at"), *((r.list, r.field) for r in of(sc, "places"))):
                lst = sc.fields.get(sec) or []
                for j, x in enumerate(lst):
                    if getattr(x, field, None) == a:
                        lst[j] = x.model_copy(update={field: b})
            control = sc.fields.get("control")
            if isinstance(control, dict) and a in control:
                sc.fields["control"] = {(b if k == a else k): v for k, v in control.items()}
            if (("control", a)) in sc.comments:
                sc.comments[("control", b)] = sc.comments.pop(("control", a))
            sc.notify([("all", None)])
        return [("places", a), ("places", b), ("roads", None)]

    def do(self, doc: MapDocument) -> list[Change]:
        validated(type(doc.place(self.old)), {**doc.place(self.old).model_dump(), "id": self.new})
        if doc.has_place(self.new):
            raise ValueError(f"the id {self.new!r} is already a place")
        return self._swap(doc, self.old, self.new)

    def undo(self, doc: MapDocument) -> list[Change]:
        return self._swap(doc, self.new, self.old)


class DeletePlace(Command):
    """Delete a place and the roads that join it."""

    text = "delete place"

    def __init__(self, place_id: str) -> None:
        self.place_id = place_id

    def do(self, doc: MapDocument) -> list[Change]:
        self.index = doc.place_index(self.place_id)
        self.place = doc.places.pop(self.index)
        self.roads = [(i, doc.roads[i]) for i in doc.roads_of(self.place_id)]
        for i, _ in reversed(self.roads):
            del doc.roads[i]
        return [("places", self.place_id), ("roads", None)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.places.insert(self.index, self.place)
        for i, road in self.roads:
            doc.roads.insert(i, road)
        return [("places", self.place_id), ("roads", None)]


class AddRoad(AddItem):
    def __init__(self, a: str, b: str, via: Iterable[XY] = (), kind: str = "road") -> None:
        super().__init__("roads", {"between": [a, b], "via": [list(p) for p in via], "kind": kind})
        self.text = "add road"

    def do(self, doc: Any) -> list[Change]:
        a, b = self.item["between"] if isinstance(self.item, dict) else self.item.between
        for end in (a, b):
            if not doc.has_place(end):
                raise ValueError(f"no place {end!r} to join")
        if a == b:
            raise ValueError("a road joins two different places")
        if any({a, b} == set(r.between) for r in doc.roads):
            raise ValueError(f"a road between {a!r} and {b!r} is already there")
        return super().do(doc)


class SetRoadBends(Command):
    text = "set road bends"

    def __init__(self, index: int, via: Iterable[XY]) -> None:
        self.index, self.via = index, [(float(x), float(y)) for x, y in via]

    def do(self, doc: MapDocument) -> list[Change]:
        self.old = doc.roads[self.index]
        doc.roads[self.index] = self.old.model_copy(update={"via": list(self.via)})
        return [("roads", self.index)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.roads[self.index] = self.old
        return [("roads", self.index)]

    def merge(self, other: Command) -> bool:
        if isinstance(other, SetRoadBends) and other.index == self.index:
            self.via = other.via
            return True
        return False


class DeleteRoad(DeleteItem):
    def __init__(self, index: int) -> None:
        super().__init__("roads", index)
        self.text = "delete road"


# --- regions -----------------------------------------------------------------------------
class AddRegion(AddItem):
    def __init__(self, region: Any, index: int | None = None) -> None:
        super().__init__("regions", region, index)
        self.text = "add region"


class DeleteRegion(Command):
    text = "delete region"

    def __init__(self, region_id: str) -> None:
        self.region_id = region_id

    def do(self, doc: MapDocument) -> list[Change]:
        self.index = doc.region_index(self.region_id)
        self.region = doc.regions.pop(self.index)
        return [("regions", self.region_id)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.regions.insert(self.index, self.region)
        return [("regions", self.region_id)]


class _RegionEdit(Command):
    """Replace one region by a changed copy (subclasses say how)."""

    region_id = ""

    def change(self, region: Region) -> Region:
        raise NotImplementedError

    def do(self, doc: MapDocument) -> list[Change]:
        i = doc.region_index(self.region_id)
        self.old = doc.regions[i]
        doc.regions[i] = self.change(self.old)
        return [("regions", self.region_id)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.regions[doc.region_index(self.region_id)] = self.old
        return [("regions", self.region_id)]


class MoveVertex(_RegionEdit):
    """Move vertex ``vertex`` of the outline (``ring`` 0) or of hole ``ring - 1``."""

    text = "move vertex"

    def __init__(self, region_id: str, vertex: int, to: XY, ring: int = 0) -> None:
        self.region_id, self.vertex, self.to, self.ring = region_id, vertex, (float(to[0]), float(to[1])), ring

    def change(self, region: Region) -> Region:
        if self.ring == 0:
            pts = list(region.polygon)
            pts[self.vertex] = self.to
            return region.model_copy(update={"polygon": pts})
        holes = [list(h) for h in region.holes]
        holes[self.ring - 1][self.vertex] = self.to
        return region.model_copy(update={"holes": holes})

    def merge(self, other: Command) -> bool:
        if (isinstance(other, MoveVertex) and (other.region_id, other.vertex, other.ring)
                == (self.region_id, self.vertex, self.ring)):
            self.to = other.to
            return True
        return False


class InsertVertex(_RegionEdit):
    text = "insert vertex"

    def __init__(self, region_id: str, before: int, at: XY) -> None:
        self.region_id, self.before, self.at = region_id, before, (float(at[0]), float(at[1]))

    def change(self, region: Region) -> Region:
        pts = list(region.polygon)
        pts.insert(self.before, self.at)
        return region.model_copy(update={"polygon": pts})


class DeleteVertex(_RegionEdit):
    text = "delete vertex"

    def __init__(self, region_id: str, vertex: int) -> None:
        self.region_id, self.vertex = region_id, vertex

    def change(self, region: Region) -> Region:
        if len(region.polygon) <= 3:
            raise ValueError("a region needs at least three points")
        pts = list(region.polygon)
        del pts[self.vertex]
        return region.model_copy(update={"polygon": pts})


class SetRegionField(SetItemField):
    def __init__(self, region_id: str, field: str, value: Any) -> None:
        super().__init__("regions", region_id, field, value)


def _as_region(template: Region, poly: Polygon, region_id: str, name: str) -> Region:
    poly = orient(poly, sign=1.0)
    return template.model_copy(update={
        "id": region_id, "name": name, "label_at": None,
        "polygon": _rounded(poly.exterior.coords, 3),
        "holes": [_rounded(h.coords, 3) for h in poly.interiors],
    })


class _ReplaceRegions(Command):
    """Replace some regions by others in one step (split, merge, generate)."""

    def plan(self, doc: MapDocument) -> tuple[list[str], list[Region]]:
        raise NotImplementedError

    def do(self, doc: MapDocument) -> list[Change]:
        remove, add = self.plan(doc)
        self.before = list(doc.regions)
        first = min((doc.region_index(r) for r in remove), default=len(doc.regions))
        kept = [r for r in doc.regions if r.id not in set(remove)]
        taken = {r.id for r in kept}
        for r in add:
            if r.id in taken:
                raise ValueError(f"the region id {r.id!r} is already used")
            taken.add(r.id)
        first = min(first, len(kept))
        doc.regions[:] = kept[:first] + add + kept[first:]
        self.added = [r.id for r in add]
        return [("regions", None)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.regions[:] = self.before
        return [("regions", None)]


class SplitRegion(_ReplaceRegions):
    """Cut a region in two (or more) along a line drawn across it; the largest piece keeps the id."""

    text = "split region"

    def __init__(self, region_id: str, line: Sequence[XY], new_id: str | None = None) -> None:
        self.region_id, self.line, self.new_id = region_id, [tuple(p) for p in line], new_id

    def plan(self, doc: MapDocument) -> tuple[list[str], list[Region]]:
        region = doc.region(self.region_id)
        poly = Polygon(region.polygon, region.holes or None)
        if len(self.line) < 2:
            raise ValueError("draw a line of at least two points across the region")
        pieces = [g for g in split(poly, LineString(self.line)).geoms if g.area > 0]
        if len(pieces) < 2:
            raise ValueError(f"the line does not cut region {region.id!r} in two; draw it from edge to edge")
        pieces.sort(key=lambda g: -g.area)
        taken = {r.id for r in doc.regions}
        out = [_as_region(region, pieces[0], region.id, region.name)]
        out[0] = out[0].model_copy(update={"label_at": region.label_at})
        for n, piece in enumerate(pieces[1:]):
            rid = self.new_id if (self.new_id and n == 0) else doc.new_id(f"{region.id}-{n + 2}", taken)
            taken.add(rid)
            out.append(_as_region(region, piece, rid, f"{region.name} {n + 2}"))
        return [region.id], out


class MergeRegions(_ReplaceRegions):
    """Join regions that touch into one (shapely union); it keeps the first region's id and look."""

    text = "merge regions"

    def __init__(self, region_ids: Sequence[str]) -> None:
        self.region_ids = list(region_ids)

    def plan(self, doc: MapDocument) -> tuple[list[str], list[Region]]:
        if len(self.region_ids) < 2:
            raise ValueError("choose two or more regions to merge")
        regions = [doc.region(r) for r in self.region_ids]
        union = unary_union([Polygon(r.polygon, r.holes or None) for r in regions])
        if union.geom_type != "Polygon":
            union = union.buffer(1e-6).buffer(-1e-6) if union.geom_type == "MultiPolygon" else union
        if union.geom_type != "Polygon":
            raise ValueError("these regions do not touch; only neighbouring regions can be merged")
        first = regions[0]
        return self.region_ids, [_as_region(first, union, first.id, first.name).model_copy(
            update={"label_at": first.label_at})]


class GenerateRegions(_ReplaceRegions):
    """A province per place inside an outline (Voronoi cells clipped to it), named after the places.

    ``outline`` is a region id (its polygon) or a list of points. Existing regions with the same
    ids are replaced, so generating again after moving places redraws the provinces.
    """

    text = "generate regions"

    def __init__(self, outline: str | Sequence[XY], place_ids: Sequence[str] | None = None,
                 kind: RegionKind | str = RegionKind.PROVINCE) -> None:
        self.outline, self.place_ids, self.kind = outline, place_ids, RegionKind(kind)

    def plan(self, doc: MapDocument) -> tuple[list[str], list[Region]]:
        if isinstance(self.outline, str):
            outline_region = doc.region(self.outline)
            poly = Polygon(outline_region.polygon, outline_region.holes or None)
        else:
            outline_region = None
            poly = Polygon(self.outline)
        if not poly.is_valid or poly.area <= 0:
            raise ValueError("the outline is not a valid polygon")
        wanted = set(self.place_ids) if self.place_ids is not None else None
        from shapely.geometry import Point

        places = [p for p in doc.places if (wanted is None or p.id in wanted) and poly.covers(Point(p.at))]
        if not places:
            raise ValueError("no place stands inside the outline")
        new = regions_from_points(places, poly, kind=self.kind)
        if outline_region is not None:  # the outline stays; a province of the same id gets another
            taken = {r.id for r in doc.regions} | {r.id for r in new}
            new = [r.model_copy(update={"id": doc.new_id(f"{r.id}-{self.kind.value}", taken)})
                   if r.id == outline_region.id else r for r in new]
        ids = {r.id for r in new}
        replace = [r.id for r in doc.regions if r.id in ids]
        return replace, new


class SetBackground(Command):
    text = "set background"

    def __init__(self, background: Any) -> None:
        self.background = background

    def do(self, doc: MapDocument) -> list[Change]:
        from boardapp.model.mapfile import Background

        new = None if self.background is None else validated(Background, self.background)
        self.old = doc.background
        doc.background = new
        return [("background", None)]

    def undo(self, doc: MapDocument) -> list[Change]:
        doc.background = self.old
        return [("background", None)]


# --- scenario ----------------------------------------------------------------------------
class AddTeam(AddItem):
    def __init__(self, team: Any) -> None:
        super().__init__("teams", team)
        self.text = "add team"


class SetTeamField(SetItemField):
    def __init__(self, team_id: str, field: str, value: Any) -> None:
        super().__init__("teams", team_id, field, value)


class AddUnitType(AddItem):
    def __init__(self, unit_type: Any) -> None:
        super().__init__("unit_types", unit_type)
        self.text = "add unit type"


class SetUnitTypeField(SetItemField):
    def __init__(self, type_id: str, field: str, value: Any) -> None:
        super().__init__("unit_types", type_id, field, value)


class PlaceCounter(AddItem):
    """Put a new counter on the map (``at`` a place) or off it (``at`` empty)."""

    def __init__(self, counter: Any) -> None:
        super().__init__("counters", counter)
        self.text = "place counter"


class MoveCounter(SetItemField):
    """Put a piece at another place (or off the map): a counter, or a piece of the list the rule system names
    (``section``: a tables scenario's ``units``). Each move is an undo step of its own (a drag on the map is a
    whole move; two drags are two steps)."""

    def __init__(self, counter_id: str, place: str | None, section: str = "counters") -> None:
        super().__init__(section, counter_id, "at", place)
        self.text = "move counter"

    def merge(self, other: Command) -> bool:
        return False


class SetCounterField(SetItemField):
    def __init__(self, counter_id: str, field: str, value: Any) -> None:
        super().__init__("counters", counter_id, field, value)


class DeleteCounter(Command):
    text = "delete counter"
    target = "scenario"

    def __init__(self, counter_id: str) -> None:
        self.counter_id = counter_id

    def do(self, doc: ScenarioDocument) -> list[Change]:
        self.index = doc.index("counters", self.counter_id)
        self.item = doc.fields["counters"].pop(self.index)
        return [("counters", self.counter_id)]

    def undo(self, doc: ScenarioDocument) -> list[Change]:
        doc.fields["counters"].insert(self.index, self.item)
        return [("counters", self.counter_id)]


class PaintControl(Command):
    """Give a place to a team at the start (``team`` None: neutral)."""

    text = "paint control"
    target = "scenario"

    def __init__(self, place: str, team: str | None) -> None:
        self.place, self.team = place, team

    def do(self, doc: ScenarioDocument) -> list[Change]:
        control = doc.fields["control"]
        self.old = dict(control)
        if self.team is None:
            control.pop(self.place, None)
        else:
            control[self.place] = self.team
        return [("control", self.place)]

    def undo(self, doc: ScenarioDocument) -> list[Change]:
        doc.fields["control"] = self.old
        return [("control", self.place)]


def AddDPToken(place: str, count: int = 1, community: str | None = None) -> AddItem:
    return AddItem("dp_tokens", {"place": place, "count": count, "community": community})


def AddCamp(place: str, team: str) -> AddItem:
    return AddItem("camps", {"place": place, "team": team})


def AddAidBlocks(place: str, team: str, count: int = 1) -> AddItem:
    return AddItem("aid_blocks", {"place": place, "team": team, "count": count})


def AddTimetableEntry(start: str, end: str, label: str, week: int | None = None) -> AddItem:
    return AddItem("timetable", {"start": start, "end": end, "label": label, "week": week})


class SetSetting(Command):
    """Change one field of a settings group: ``settings`` (the rules' numbers) or ``display``."""

    target = "scenario"

    def __init__(self, field: str, value: Any, group: str = "settings") -> None:
        self.field, self.value, self.group = field, value, group
        self.text = f"set {group} {field}"

    def do(self, doc: ScenarioDocument) -> list[Change]:
        self.old = doc.fields[self.group]
        doc.fields[self.group] = with_field(self.old, self.field, self.value)
        return [(self.group, self.field)]

    def undo(self, doc: ScenarioDocument) -> list[Change]:
        doc.fields[self.group] = self.old
        return [(self.group, self.field)]


def SetHidden(hidden: Sequence[str]) -> SetSetting:
    """What the public screens never show (hidden-information settings)."""
    return SetSetting("hidden", list(hidden), group="display")


# --- the undo stack ------------------------------------------------------------------------
class UndoStack:
    """Commands done on a document, undoable in order (the editor window uses Qt's QUndoStack)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.done: list[Command] = []
        self.undone: list[Command] = []
        self.on_change: Callable[[], None] | None = None

    def push(self, command: Command, merge: bool = False) -> None:
        command.apply(self.doc)
        if merge and self.done and self.done[-1].merge(command):
            pass
        else:
            self.done.append(command)
        self.undone.clear()

    def undo(self) -> None:
        if self.done:
            c = self.done.pop()
            c.revert(self.doc)
            self.undone.append(c)

    def redo(self) -> None:
        if self.undone:
            c = self.undone.pop()
            c.apply(self.doc)
            self.done.append(c)

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)
