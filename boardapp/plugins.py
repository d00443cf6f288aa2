"""Rule systems as contributions (in the spirit of napari's npe2): a validated manifest per system.

A rule system declares itself through the ``boardapp.rules`` entry-point group; the entry point
names a :class:`Manifest` (``binni = "boardapp.builtin_rules:BINNI"``). The manifest names the
rule module and every piece of user interface the system adds to the generic windows, as lazy
``"package.module:attr"`` references imported only when a window needs them: docks, dialogs,
actions placed in menus referred to by id, context actions on counters and places, an optional
central view (a map-less system such as Coup) and big-screen sidebar sections. The core never
imports a rule system; the built-ins (War in Binni, Diplomacy) are contributed the same way.

No Qt here: manifests are data, checked without a display, with a JSON Schema
(``boardapp schema manifest``).

>>> m = Manifest.model_validate({"name": "tiny", "title": "Tiny", "module": "tiny.rules:TinyRules"})
>>> m.contributions.docks, m.module
([], 'tiny.rules:TinyRules')
>>> try:
...     Manifest.model_validate({"name": "tiny", "title": "Tiny", "module": "tiny.rules"})
... except ValueError as exc:
...     print(exc.errors()[0]["msg"])
Value error, 'tiny.rules' is not a reference: write "package.module:attribute", e.g. "mygame.rules:MyRules"
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

GROUP = "boardapp.rules"
"""The entry-point group rule systems declare their manifest in."""

_REF = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$")


def _is_reference(text: str) -> str:
    if not _REF.match(text):
        raise ValueError(f"{text!r} is not a reference: write \"package.module:attribute\", "
                         "e.g. \"mygame.rules:MyRules\"")
    return text


Reference = Annotated[str, AfterValidator(_is_reference)]
"""A lazy ``"package.module:attr"`` reference, imported by :func:`resolve` only when used."""

MenuId = Literal["file", "edit", "view", "turn", "game", "help"]
"""The umpire's window's menus, by id (never by their label text, which may be translated)."""

DockArea = Literal["left", "right", "bottom"]

_ID = Field(pattern=r"^[a-z][a-z0-9_.-]*$", description="A short id, unique in this manifest (lower case).")


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Dock(_Part):
    """A dock widget the umpire's window shows for games of this rule system."""

    id: str = _ID
    title: str = Field(description="The dock's title bar text (and its View menu entry).")
    widget: Reference = Field(description="factory(window) -> QWidget: builds the dock's contents.")
    area: DockArea = Field("right", description="Where the dock starts: left, right or bottom.")


class Dialog(_Part):
    """A dialog of this rule system, opened by its actions (the fight dialog, a trade …)."""

    id: str = _ID
    title: str = Field(description="The dialog's window title.")
    factory: Reference = Field(description="factory(window, *args) -> QDialog.")


class Action(_Part):
    """Something an umpire does from a menu: a menu entry calling ``run(window)``."""

    id: str = _ID
    title: str = Field(description="The menu entry's text ('&Transfer between teams…').")
    run: Reference = Field(description="run(window): what choosing the entry does.")
    shortcut: str | None = Field(None, description="A key sequence, as Qt writes it ('Ctrl+T').")


class MenuItem(_Part):
    """An action placed in one of the window's menus."""

    menu: MenuId = Field(description="Which menu, by id: file, edit, view, turn, game, help.")
    action: str = Field(description="The id of an action of this manifest.")


class ContextActions(_Part):
    """Entries this rule system adds to the context menu of a counter or a place."""

    on: Literal["counter", "place"] = Field(description="Whose context menu: a counter's or a place's.")
    contribute: Reference = Field(description="contribute(window, menu, ident): add QActions to the QMenu.")


class SidebarSection(_Part):
    """A section of the big screen's side bar (public information only)."""

    id: str = _ID
    title: str = Field(description="The section's heading on the big screen.")
    widget: Reference = Field(description="factory(screen_window) -> QWidget, redrawn from the public picture.")


class Contributions(_Part):
    """Everything a rule system adds to the generic windows."""

    docks: list[Dock] = Field(default_factory=list, description="Docks of the umpire's window.")
    dialogs: list[Dialog] = Field(default_factory=list, description="Dialogs, opened by actions.")
    actions: list[Action] = Field(default_factory=list, description="Menu actions (placed by `menus`).")
    menus: list[MenuItem] = Field(default_factory=list, description="Where each action goes, by menu id.")
    context: list[ContextActions] = Field(default_factory=list,
                                          description="Context-menu entries on counters and places.")
    central_view: Reference | None = Field(
        None, description="factory(window) -> QWidget replacing the map view (a map-less system's table).")
    sidebar: list[SidebarSection] = Field(default_factory=list, description="Big-screen side bar sections.")
    screen_view: Reference | None = Field(
        None, description="factory(screen_window) -> QWidget replacing the big screen's map (a map-less system's "
        "public table); its show_picture(picture) is given the public picture (RuleModule.view) on every change.")
    board_extras: Reference | None = Field(
        None, description="install(window, game) -> an object with uninstall(): board overlays and behaviour "
        "no declared contribution covers (Diplomacy's order arrows and mouse).")
    editor_forms: Reference | None = Field(
        None, description="A boardapp.editor.ruleforms.FormsSpec (plain data, no Qt): the forms the editor's Rules "
        "panel shows for this system's own scenario tables, and which of their values name another item.")


class Template(_Part):
    """A scenario a new scenario of this rule system may start from (the editor's New scenario ▸ Start from):
    its tables (teams, unit types, settings …), without what names the places of its own map."""

    id: str = _ID
    title: str = Field(description="What the designer picks ('War in Binni: the shipped tables').")
    scenario: str = Field(description="The scenario file: a name in boardapp's scenarios folder "
                          "('war-in-binni.yaml'), or \"package:path/in/it.yaml\" for a plugin's own file.")


class ItemReference(_Part):
    """A field of the items of a scenario list that names a place, a team, a community or a unit type
    (War in Binni's camps name a place and a team): the editor renames, moves and warns through it."""

    list: str = Field(description="The scenario list ('camps').")
    field: str = Field(description="The field of its items that names something ('place').")
    names: Literal["places", "teams", "communities", "unit_types"] = Field(description="What the field names.")
    noun: str = Field("", description="What one item is called, in a warning ('camp').")


class TrackList(_Part):
    """A track each item of a scenario list may have (War in Binni's PR track a team): a start value and
    a table of numbers by value, both fields of the item. The editor shows them as one editable list."""

    id: str = _ID
    title: str = Field(description="The list's heading in the editor ('PR tracks').")
    on: str = Field(description="The scenario list whose items hold the tracks ('teams').")
    level: str = Field(description="The item's field holding the track's start value ('pr'); its bounds "
                       "(ge, le) give the track's values.")
    table: str = Field(description="The item's field holding a number for each value ('pr_table'); empty: "
                       "the item has no track.")
    help: str = Field("", description="One sentence the editor shows above the list.")


class EditorParts(_Part):
    """What the editor needs to know of a rule system's scenarios (issue #31 item 9): data, no code."""

    templates: list[Template] = Field(default_factory=list, description="Scenarios a new one may start from.")
    place_fields: list[str] = Field(default_factory=list, description="Scenario fields that name places of its "
                                    "map (counters, control …): emptied in a template, never imported.")
    team_tables: list[str] = Field(default_factory=list, description="Team fields another scenario's teams of "
                                   "the same id may give (Import ▸ team tables): War in Binni's pr_table.")
    tracks: list[TrackList] = Field(default_factory=list, description="Tracks the scenario's items hold, "
                                    "edited as lists (War in Binni's PR track of each team).")
    references: list[ItemReference] = Field(default_factory=list, description="Fields of the scenario's own "
                                            "lists that name places, teams or communities (beyond counters "
                                            "and control, which the editor knows).")


class Manifest(_Part):
    """A rule system: its rule module and its contributions to the user interface."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$",
                      description="The key scenarios name in `rules:` (lower case: 'binni', 'diplomacy').")
    title: str = Field(description="The rule system's name as people say it ('War in Binni').")
    module: Reference = Field(description="The RuleModule subclass, as \"package.module:Class\".")
    contributions: Contributions = Field(default_factory=Contributions,
                                         description="What the system adds to the generic windows.")
    editor: EditorParts = Field(default_factory=EditorParts,
                                description="Templates and what the editor must know of its scenarios.")

    @model_validator(mode="after")
    def _ids_agree(self) -> Manifest:
        """Menu entries name actions of this manifest; ids are unique (every offender listed at once)."""
        c = self.contributions
        problems = []
        actions = {a.id for a in c.actions}
        unknown = sorted({m.action for m in c.menus} - actions)
        if unknown:
            problems.append(f"menus name actions this manifest does not declare: {unknown} "
                            f"(declared: {sorted(actions)})")
        for what, ids in (("dock", [d.id for d in c.docks]), ("dialog", [d.id for d in c.dialogs]),
                          ("action", [a.id for a in c.actions]), ("sidebar section", [s.id for s in c.sidebar]),
                          ("template", [t.id for t in self.editor.templates])):
            twice = sorted({i for i in ids if ids.count(i) > 1})
            if twice:
                problems.append(f"{what} ids used twice: {twice}")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def dialog(self, dialog_id: str) -> Dialog:
        """The dialog ``dialog_id`` (ValueError naming the known ones if there is none)."""
        for d in self.contributions.dialogs:
            if d.id == dialog_id:
                return d
        raise ValueError(f"{self.name}: no dialog {dialog_id!r}; dialogs are "
                         f"{[d.id for d in self.contributions.dialogs]}")


def resolve(reference: str) -> Any:
    """Import what a ``"package.module:attr"`` reference names (a clear ValueError if it cannot)."""
    modname, _, attr = reference.partition(":")
    try:
        obj: Any = importlib.import_module(modname)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load {reference!r}: {exc}") from None
    return obj


# --- finding the rule systems -------------------------------------------------------------------
FALLBACK = {
    "binni": "boardapp.builtin_rules:BINNI",
    "diplomacy": "boardapp.builtin_rules:DIPLOMACY",
    "coup": "boardapp.builtin_rules:COUP",
    "mideast": "boardapp.builtin_rules:MIDEAST",
    "thegame": "boardapp.builtin_rules:THEGAME",
    "tables": "boardapp.builtin_rules:TABLES",
}
"""The built-ins' manifests, for a source checkout run without reinstalling (no entry points yet)."""

_registered: dict[str, Manifest] = {}


def register(manifest: Manifest) -> Manifest:
    """Make ``manifest`` known in this process (a test's example system, a plugin under development)."""
    _registered[manifest.name] = manifest
    return manifest


def unregister(name: str) -> None:
    _registered.pop(name, None)


_scanned: list[tuple[Any, dict[str, str]]] = []
"""The installed packages' entry points as last read, with the function that read them (one entry at most)."""


def declared() -> dict[str, str]:
    """Rule system name -> the reference of its manifest: entry points, then the built-ins' fallback.

    The entry points are read once per process (reading every installed package's metadata costs ~10 ms,
    more than loading a small scenario); again only if ``entry_points`` is replaced (a test declaring one)."""
    if not _scanned or _scanned[0][0] is not entry_points:
        _scanned[:] = [(entry_points, {ep.name: ep.value for ep in entry_points(group=GROUP)})]
    return {**FALLBACK, **_scanned[0][1]}


def manifest(name: str) -> Manifest:
    """The manifest of the rule system ``name`` (a scenario's ``rules:`` value).

    An entry point may also name a RuleModule class directly (the older form): it then contributes
    the module and no user interface."""
    if name in _registered:
        return _registered[name]
    known = declared()
    if name not in known:
        raise ValueError(f"no rule module {name!r}; known modules are {sorted(set(known) | set(_registered))}")
    try:
        obj = resolve(known[name])
    except ValueError as exc:
        raise ValueError(f"rule module {name!r} is not available: {exc}") from None
    if isinstance(obj, Manifest):
        return obj
    if isinstance(obj, dict):
        return Manifest.model_validate(obj)
    if isinstance(obj, type):
        return Manifest(name=name, title=str(getattr(obj, "title", name)), module=known[name])
    raise ValueError(f"rule module {name!r}: {known[name]!r} is neither a Manifest nor a RuleModule class")


def manifests() -> dict[str, Manifest]:
    """Every rule system known (those that fail to load are left out: :func:`manifest` says why)."""
    out: dict[str, Manifest] = {}
    for name in sorted(set(declared()) | set(_registered)):
        try:
            out[name] = manifest(name)
        except ValueError:
            continue
    return out


def module_class(name: str) -> Callable[..., Any]:
    """The rule-module class of the rule system ``name``."""
    cls: Callable[..., Any] = resolve(manifest(name).module)
    return cls


def schema() -> dict[str, Any]:
    """The manifest's JSON Schema (``boardapp schema manifest``)."""
    return Manifest.model_json_schema()
