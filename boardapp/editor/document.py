"""The editing model: a map or a scenario held as plain lists of validated pieces.

A document never validates the whole file on an edit (that would cost a 2,000-place map tens of
milliseconds); each command validates the one piece it changes, and :meth:`MapDocument.problems`
runs the same checks as ``boardapp check`` on demand. Listeners hear which piece changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from boardapp.model.checks import check_map
from boardapp.model.mapfile import Map
from boardapp.model.problems import FileProblemsError, Problem, format_loc
from boardapp.model.writer import Comments, dump_map, dump_scenario, read_comments

Change = tuple[str, Any]
"""What changed: (section, key) — ('places', 'kura'), ('roads', 3), ('regions', 'binni'), ('all', None) …"""

MAP_LISTS = ("communities", "regions", "places", "roads", "labels")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(path: Path) -> tuple[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblemsError([Problem("no such file", file=path)]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise FileProblemsError([Problem(f"cannot read the file: {exc}", file=path)]) from None
    try:
        data = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        from boardapp.model.yamlfile import YamlDocument

        YamlDocument(path, text)  # raises with line and column
        raise
    if not isinstance(data, dict):
        raise FileProblemsError([Problem("not a YAML mapping", file=path, line=1, column=1)])
    return text, data


def _validation_problems(path: Path, text: str, exc: ValidationError) -> FileProblemsError:
    from boardapp.model.yamlfile import YamlDocument

    return FileProblemsError(YamlDocument(path, text).problems_from(exc))


@dataclass(frozen=True)
class Hit:
    """A search result: what it is, where it is in the file, and how to show it."""

    section: str
    key: Any
    label: str
    loc: tuple[str | int, ...]


class Document:
    """What map and scenario documents share: listeners, a path, a modified flag, comments."""

    path: Path | None
    comments: Comments

    def __init__(self) -> None:
        self.listeners: list[Callable[[list[Change]], None]] = []
        self.revision = 0
        self.saved_revision = 0

    def notify(self, changes: list[Change]) -> None:
        self.revision += 1
        for listener in list(self.listeners):
            listener(changes)

    @property
    def modified(self) -> bool:
        return self.revision != self.saved_revision


class MapDocument(Document):
    """A map being edited."""

    def __init__(self, the_map: Map, path: str | Path | None = None, comments: Comments | None = None) -> None:
        super().__init__()
        self.path = Path(path) if path is not None else None
        self.comments = dict(comments or {})
        self.head: dict[str, Any] = {"id": the_map.id, "name": the_map.name, "size": the_map.size}
        self.communities = list(the_map.communities)
        self.regions = list(the_map.regions)
        self.places = list(the_map.places)
        self.roads = list(the_map.roads)
        self.labels = list(the_map.labels)
        self.background = the_map.background
        self.scenario: ScenarioDocument | None = None
        """The scenario using this map, when editing one (renames reach its references)."""

    # --- files ---------------------------------------------------------------------------
    @classmethod
    def new(cls, id: str = "new-map", name: str = "New map", size: tuple[float, float] = (2000, 1500)) -> MapDocument:
        return cls(Map.model_construct(id=id, name=name, size=size, communities=[], regions=[], places=[],
                                       roads=[], labels=[], background=None))

    @classmethod
    def open(cls, path: str | Path) -> MapDocument:
        """Open a map for editing; a map with check errors (overlaps, dangling roads) still opens."""
        path = Path(path)
        text, data = _load_yaml(path)
        try:
            the_map = Map.model_validate(data, context={"defer_checks": True})
        except ValidationError as exc:
            raise _validation_problems(path, text, exc) from None
        return cls(the_map, path, read_comments(text))

    def to_map(self) -> Map:
        """The map as it stands (not re-validated: every piece was validated when it was made)."""
        return Map.model_construct(**self.head, communities=list(self.communities), regions=list(self.regions),
                                   places=list(self.places), roads=list(self.roads), labels=list(self.labels),
                                   background=self.background)

    def text(self) -> str:
        return dump_map(self.to_map(), self.comments)

    def save(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name to save to")
        text = self.text()
        tmp = target.with_name(target.name + ".saving")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
        self.path = target
        self.saved_revision = self.revision
        return target

    # --- lookups -------------------------------------------------------------------------
    def place_index(self, place_id: str) -> int:
        for i, p in enumerate(self.places):
            if p.id == place_id:
                return i
        raise KeyError(f"no place {place_id!r}")

    def place(self, place_id: str) -> Any:
        return self.places[self.place_index(place_id)]

    def has_place(self, place_id: str) -> bool:
        return any(p.id == place_id for p in self.places)

    def region_index(self, region_id: str) -> int:
        for i, r in enumerate(self.regions):
            if r.id == region_id:
                return i
        raise KeyError(f"no region {region_id!r}")

    def region(self, region_id: str) -> Any:
        return self.regions[self.region_index(region_id)]

    def roads_of(self, place_id: str) -> list[int]:
        return [i for i, r in enumerate(self.roads) if place_id in r.between]

    def new_id(self, base: str, taken: Iterable[str] | None = None) -> str:
        """A fresh id from ``base``: 'town', 'town-2', 'town-3' …"""
        used = set(taken) if taken is not None else {p.id for p in self.places} | {r.id for r in self.regions}
        if base not in used:
            return base
        n = 2
        while f"{base}-{n}" in used:
            n += 1
        return f"{base}-{n}"

    # --- checks and search ---------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """The problems ``boardapp check`` reports for this map, with their ``loc`` paths."""
        return [Problem(p.message, file=self.path, loc=p.loc, severity=p.severity) for p in check_map(self.to_map())]

    def find(self, text: str) -> list[Hit]:
        """Places, regions and labels whose id, name or text contains ``text`` (any case)."""
        needle = text.casefold().strip()
        if not needle:
            return []
        hits = []
        for i, p in enumerate(self.places):
            if needle in p.id.casefold() or needle in p.name.casefold():
                hits.append(Hit("places", p.id, f"place {p.name} ({p.id})", ("places", i)))
        for i, r in enumerate(self.regions):
            if needle in r.id.casefold() or needle in r.name.casefold():
                hits.append(Hit("regions", r.id, f"{r.kind.value} {r.name} ({r.id})", ("regions", i)))
        for i, lab in enumerate(self.labels):
            if needle in lab.text.casefold():
                hits.append(Hit("labels", i, f"label {lab.text}", ("labels", i)))
        return hits


SCENARIO_LISTS = ("timetable", "teams", "unit_types", "counters")
"""The lists generic code reads from any scenario (empty where a rule system has none); every list field
of a scenario is held as an editable copy."""


class ScenarioDocument(Document):
    """A scenario being edited, with its map (``map_doc``)."""

    def __init__(self, scenario: BaseModel, map_doc: MapDocument, path: str | Path | None = None,
                 comments: Comments | None = None) -> None:
        super().__init__()
        self.model = type(scenario)
        self.path = Path(path) if path is not None else None
        self.comments = dict(comments or {})
        self.map_doc = map_doc
        map_doc.scenario = self
        self.fields: dict[str, Any] = {name: getattr(scenario, name) for name in self.model.model_fields}
        for name, value in self.fields.items():
            if isinstance(value, list):
                self.fields[name] = list(value)
        if isinstance(self.fields.get("control"), dict):
            self.fields["control"] = dict(self.fields["control"])

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__.get("fields")
        if fields is not None and name in fields:
            return fields[name]
        if fields is not None and name == "teams" and "powers" in fields:  # Diplomacy calls its teams powers
            return fields["powers"]
        if fields is not None and name in (*SCENARIO_LISTS, "control"):  # a rule module without them
            return {} if name == "control" else []
        raise AttributeError(name)

    @classmethod
    def new(cls, map_doc: MapDocument, id: str = "new-scenario", name: str = "New scenario",  # noqa: PLR0917
            map_path: str = "map.yaml", rules: str | None = None,
            template: str | Path | None = None) -> ScenarioDocument:
        """A new scenario of the rule system ``rules`` (found through its manifest; none given: the first
        known, by name), empty or with the tables of the scenario file ``template``."""
        from boardapp.editor.templates import blank, from_template, rule_systems

        rules = rules or min(rule_systems())

        scenario = (from_template(template, id, name, map_path) if template is not None
                    else blank(rules, id, name, map_path))
        return cls(scenario, map_doc)

    @classmethod
    def open(cls, path: str | Path) -> ScenarioDocument:
        from boardapp.rules import get_module

        path = Path(path)
        text, data = _load_yaml(path)
        rules = data.get("rules")
        if not isinstance(rules, str):
            raise FileProblemsError([Problem("rules: this field is required: the rule module, e.g. 'binni'",
                                             file=path)])
        try:
            module = get_module(rules)
        except ValueError as exc:
            raise FileProblemsError([Problem(f"rules: {exc}", file=path)]) from None
        try:
            scenario = module.scenario_model.model_validate(data)
        except ValidationError as exc:
            raise _validation_problems(path, text, exc) from None
        map_doc = MapDocument.open((path.parent / scenario.map).resolve())
        return cls(scenario, map_doc, path, read_comments(text))

    @property
    def map_path(self) -> Path | None:
        return self.map_doc.path

    def to_scenario(self) -> BaseModel:
        fields = dict(self.fields)
        for name, value in fields.items():
            if isinstance(value, list):
                fields[name] = list(value)
        if isinstance(fields.get("control"), dict):
            fields["control"] = dict(fields["control"])
        return self.model.model_construct(**fields)

    def text(self) -> str:
        return dump_scenario(self.to_scenario(), self.comments)

    def save(self, path: str | Path | None = None, map_path: str | Path | None = None) -> Path:
        """Save the scenario (and its map, when it changed or has no file yet)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name to save to")
        if map_path is not None or self.map_doc.path is None:
            mp = Path(map_path) if map_path is not None else target.with_name(target.stem + "-map.yaml")
            self.map_doc.save(mp)
        elif self.map_doc.modified:
            self.map_doc.save()
        import os

        rel = os.path.relpath(self.map_doc.path.resolve(), target.resolve().parent)  # type: ignore[union-attr]
        self.fields["map"] = Path(rel).as_posix()
        text = self.text()
        tmp = target.with_name(target.name + ".saving")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
        self.path = target
        self.saved_revision = self.revision
        return target

    # --- lookups -------------------------------------------------------------------------
    def index(self, section: str, item_id: str) -> int:
        for i, x in enumerate(self.fields[section]):
            if x.id == item_id:
                return i
        raise KeyError(f"no {section[:-1].replace('_', ' ')} {item_id!r}")

    def item(self, section: str, item_id: str) -> Any:
        return self.fields[section][self.index(section, item_id)]

    def new_id(self, section: str, base: str) -> str:
        return self.map_doc.new_id(base, {x.id for x in self.fields[section]})

    # --- checks and search ---------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """The problems ``boardapp check`` reports: the map's, then the scenario's against its map."""
        map_problems = self.map_doc.problems()
        the_map = self.map_doc.to_map()
        scenario = self.to_scenario()
        # the whole scenario validated once more (a pydantic check no single command saw)
        invalid: list[Problem] = []
        try:  # the cross-checks read the validated scenario (a blank one's parts may still be plain dicts)
            scenario = self.model.model_validate(scenario.model_dump(mode="python", warnings=False))
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                loc = tuple(err["loc"])
                invalid.append(Problem(f"{format_loc(loc)}: {err['msg']}", file=self.path, loc=loc))
        try:
            crossed = scenario.cross_check(the_map)  # type: ignore[attr-defined]
        except (AttributeError, TypeError, KeyError, ValueError):
            if not invalid:
                raise
            crossed = []  # an unfinished scenario (a blank one) is checked against its map once it validates
        mine = [Problem(p.message, file=self.path, loc=p.loc, severity=p.severity) for p in crossed]
        return map_problems + mine + invalid

    def find(self, text: str) -> list[Hit]:
        """Places (on the map), teams, unit types, counters, timetable slots and settings matching ``text``."""
        needle = text.casefold().strip()
        if not needle:
            return []
        hits = self.map_doc.find(text)
        for section, what in (("teams", "team"), ("unit_types", "unit type"), ("counters", "counter")):
            for i, x in enumerate(self.fields.get(section, [])):
                name = getattr(x, "name", None) or ""
                if needle in x.id.casefold() or needle in name.casefold():
                    hits.append(Hit(section, x.id, f"{what} {name or x.id} ({x.id})", (section, i)))
        for i, slot in enumerate(self.fields.get("timetable", [])):
            if needle in slot.label.casefold():
                hits.append(Hit("timetable", i, f"timetable {slot.start}–{slot.end} {slot.label}", ("timetable", i)))
        for group in ("settings", "display"):
            value = self.fields.get(group)
            if isinstance(value, BaseModel):
                for name, info in type(value).model_fields.items():
                    desc = info.description or ""
                    if needle in name.casefold() or needle in desc.casefold():
                        hits.append(Hit(group, name, f"{group} {name}: {getattr(value, name)!r}", (group, name)))
        return hits
