"""The lists a map or scenario holds, edited in forms (issue #31 item 2): the map's communities (Map
Properties ▸ Communities: Add, then click one to edit its id, name and colour), and the drop-downs for
every field whose value must name an item of a list — a place's community, a counter's team and unit
type, a camp's or aid block's team, a displaced-people token's community, a counter's place.

Teams, unit types and timetable slots have their lists in the Scenario panel and the scenario's form."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QLabel, QPushButton

from boardapp.editor import commands as C

if TYPE_CHECKING:
    from boardapp.ui.editor.window import EditorWindow

COMMUNITY_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666")


def reference_choices(w: EditorWindow, section: str | None, model: Any) -> dict[str, list[tuple[str, Any]]]:
    """Drop-downs of the fields of ``model`` (an item of ``section``) that name another list's item."""
    sc = w.scenario
    fields = type(model).model_fields
    out: dict[str, list[tuple[str, Any]]] = {}
    teams = [(f"{t.symbol}  {t.name} ({t.id})", t.id) for t in sc.teams] if sc is not None else []
    if "team" in fields and sc is not None and section != "teams":
        out["team"] = [*([] if fields["team"].is_required() else [("(none)", None)]), *teams]
    if section == "counters" and sc is not None:
        out["type"] = [(f"{u.label}  {u.name} ({u.id})", u.id) for u in sc.unit_types]
        places = sorted(((f"{p.name} ({p.id})", p.id) for p in w.map_doc.places), key=lambda c: c[0].casefold())
        out["at"] = [("(off the map)", None), *places]
    if "community" in fields and w.map_doc.communities:
        out["community"] = [("(none)", None)] + [(f"{c.name} ({c.id})", c.id) for c in w.map_doc.communities]
    from boardapp.editor.refs import of

    for ref in of(sc, "places"):  # a rule system's own lists naming a place (its manifest's references)
        if ref.list == section and ref.field in fields:
            out[ref.field] = sorted(((f"{p.name} ({p.id})", p.id) for p in w.map_doc.places),
                                    key=lambda c: c[0].casefold())
    return out


def community_rows(w: EditorWindow) -> None:
    """Map Properties ▸ Communities: one button a community (click to edit it) and Add community."""
    w.props.addRow(QLabel("<b>Communities</b> (religions or peoples of places)"))
    for c in w.map_doc.communities:
        btn = QPushButton(f"{c.name} ({c.id})")
        btn.setObjectName(f"community-{c.id}")
        if c.colour:
            btn.setStyleSheet(f"border-left: 12px solid {c.colour}; text-align: left; padding-left: 6px")
        btn.clicked.connect(lambda _=False, cid=c.id: w.select(("communities", cid)))
        w.props.addRow(btn)
    add = QPushButton("Add community")
    add.setObjectName("add-community")
    add.clicked.connect(lambda: add_community(w))
    w.props.addRow(add)


def add_community(w: EditorWindow) -> bool:
    """A new community (``community-3``, 'Community 3'), selected: its name typed next names its id."""
    n = len(w.map_doc.communities) + 1
    cid = w.map_doc.new_id(f"community-{n}", {c.id for c in w.map_doc.communities})
    ok = w.push(C.AddItem("communities", {"id": cid, "name": f"Community {n}",
                                          "colour": COMMUNITY_COLOURS[(n - 1) % len(COMMUNITY_COLOURS)]}))
    if ok:
        w.select(("communities", cid))
    return ok


def delete_community(w: EditorWindow, cid: str) -> C.Command | None:
    """Deleting a community clears it from the places that name it (one undo step)."""
    index = next((i for i, c in enumerate(w.map_doc.communities) if c.id == cid), None)
    if index is None:
        return None
    steps: list[C.Command] = [C.SetPlaceField(p.id, "community", None) for p in w.map_doc.places if p.community == cid]
    return C.Macro(f"delete community {cid}", [*steps, C.DeleteItem("communities", index)])


def team_set_row(forms: Any, name: str, value: list[str], own: str | None, make: Any) -> Any:
    """A list of team ids (a team's ``allies``) as one check box a team: ticking one is one undo step."""
    from PySide6.QtWidgets import QCheckBox, QVBoxLayout, QWidget

    sc = forms.scenario
    box = QWidget()
    box.setObjectName(f"prop-{name}")
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    chosen = list(value or [])
    for t in (sc.teams if sc is not None else []):
        if t.id == own:
            continue
        tick = QCheckBox(f"{t.name} ({t.id})")
        tick.setObjectName(f"{name}-{t.id}")
        tick.setChecked(t.id in chosen)

        def toggled(on: bool, tid: str = t.id, tick: QCheckBox = tick) -> None:
            new = [x for x in chosen if x != tid] + ([tid] if on else [])
            cmd = make(name, new)
            if forms.push(cmd):
                forms._followed(cmd)
            else:
                tick.blockSignals(True)
                tick.setChecked(not on)
                tick.blockSignals(False)

        tick.toggled.connect(toggled)
        lay.addWidget(tick)
    return box


TEAM_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000")
_DEFAULTS: dict[str, Any] = {"combat_value": 2}


def _plain(annotation: Any) -> Any:
    """A plain value of a field's type for a new item (1 for a number, empty text, list or mapping), which the
    designer then edits in Properties."""
    import typing

    origin = typing.get_origin(annotation) or annotation
    if origin is bool:
        return False
    if origin is int:
        return 1
    if origin is float:
        return 1.0
    if origin in (list, tuple, set, frozenset):
        return []
    if origin is dict:
        return {}
    return ""


def add_list_item(w: EditorWindow, section: str) -> bool:
    """A new team or unit type (``team-3`` / ``unit-2``, named next in Properties), with the fields its
    rule system's model requires filled with plain defaults; a system without such a list says so."""
    from boardapp.editor.commands import item_model

    sc = w.scenario
    if sc is None:
        return False
    what = "team" if section == "teams" else "unit type"
    if section not in sc.fields:
        w.statusBar().showMessage(f"This rule system ({sc.fields.get('rules')}) has no {what} list: its own "
                                  "lists are edited in the scenario's form", 8000)
        return False
    n = len(sc.fields[section]) + 1
    item_id = sc.new_id(section, f"{'team' if section == 'teams' else 'unit'}-{n}")
    fields = item_model(sc, section).model_fields
    data: dict[str, Any] = {"id": item_id, "name": f"{what.title()} {n}"}
    if "colour" in fields:
        data["colour"] = TEAM_COLOURS[(n - 1) % len(TEAM_COLOURS)]
    if "symbol" in fields:
        data["symbol"] = f"T{n}"[:3]
    if "label" in fields:
        data["label"] = f"U{n}"[:4]
    data.update({k: v for k, v in _DEFAULTS.items() if k in fields})
    from boardapp.ui.editor.tracks import new_item_tracks

    data.update(new_item_tracks(w, section))  # its tracks, as the rule system's manifest declares them
    for key, info in fields.items():  # any other field the system requires: a plain value of its type
        if key not in data and info.is_required():
            data[key] = _plain(info.annotation)
    ok = w.push(C.AddItem(section, data))
    if ok:
        w.select((section, item_id))
    return ok
