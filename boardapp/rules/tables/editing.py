"""The editor's forms for a tables scenario (issue #30 item 2), declared as plain data in the manifest
(``contributions.editor_forms``) and read by :func:`boardapp.editor.ruleforms.forms_of`: which of the
scenario's fields get a form in the editor's *Rules* panel, and which values name another item, so the
editor offers them in drop-downs or as check boxes. No Qt, no editor import: the editor builds each form
from :mod:`boardapp.rules.tables.scenario`'s models."""

from __future__ import annotations

from typing import Any

from boardapp.rules.tables.scenario import STEPS

COMMANDS = "fixed:move,attack,set_track,end_turn"
"""This system's command kinds (boardapp.rules.tables.commands)."""

FORMS: dict[str, Any] = {
    "title": "Rule tables",
    "forms": [
        {"field": "unit_types", "title": "Unit types",
         "help": "Movement points, strength, the place kinds each may enter (none ticked: every kind), upkeep."},
        {"field": "units", "title": "Units at the start", "help": "The counters on the map when the game starts."},
        {"field": "costs", "title": "Movement costs",
         "help": "A step costs its road kind's points, plus the destination's place kind's, plus a border's; "
                 "entering a place another team holds may be paid (enter held)."},
        {"field": "stacking", "title": "Stacking", "help": "Most units of one team at a place (off: no limit)."},
        {"field": "zones_of_control", "title": "Zones of control",
         "help": "On: a unit entering a place one road from enemy units stops there."},
        {"field": "combat", "title": "Combat",
         "help": "An odds table (a column by odds, a row by one die) with its results, or dice per strength."},
        {"field": "tracks", "title": "Tracks and resources",
         "help": "A number per team; a track with an action limit sets how many orders a team gives a turn."},
        {"field": "actions", "title": "Actions", "help": "Which commands count against the action limit."},
        {"field": "income", "title": "Income", "help": "What a team gains at the income step."},
        {"field": "occupation", "title": "Control by occupation",
         "help": "A place becomes a team's after its units alone stand there at this many ends of turn."},
        {"field": "turn", "title": "Turn steps", "help": "The end-of-turn steps, in the order they run."},
        {"field": "alliances", "title": "Alliances",
         "help": "Allied teams' units are not enemies, and their places count as friendly."},
        {"field": "passage", "title": "Passage",
         "help": "A team's places count as friendly to the teams it grants passage: no stop, no payment."},
        {"field": "control_only", "title": "CONTROL only", "help": "Commands only CONTROL may give."},
    ],
    "choices": {
        "unit_types.*.may_enter": "place_kinds",
        "unit_types.*.upkeep.<key>": "list:tracks",
        "units.*.type": "list:unit_types",
        "units.*.team": "teams",
        "units.*.at": "places",
        "costs.roads.<key>": "road_kinds",
        "costs.terrain.<key>": "place_kinds",
        "costs.borders.*.regions": "regions",
        "combat.odds.rows.*.*": "keys:combat.results",
        "costs.enter_held.pay.*.resource": "list:tracks",
        "unit_types.*.attack_cost.<key>": "list:tracks",
        "combat.extra.resource": "list:tracks",
        "combat.support.*.resource": "list:tracks",
        "costs.enter_held.free_for": "list:unit_types",
        "alliances.<key>": "teams",
        "alliances.*": "teams",
        "passage.<key>": "teams",
        "passage.*": "teams",
        "tracks.*.start.<key>": "teams",
        "actions.counted": COMMANDS,
        "income.*.resource": "list:tracks",
        "turn.steps": "fixed:" + ",".join(STEPS),
        "control_only": COMMANDS,
    },
    "ordered": ["turn.steps"],
    "grids": {"combat.odds.rows": "combat.odds.columns"},
    "defaults": {
        "combat.odds": {"columns": ["1:1"], "rows": {n: [] for n in range(1, 7)}},
        "combat.dice": {},
        "stacking": {"limit": 2},
        "zones_of_control": {},
        "costs.enter_held": {"pay": [{"resource": "money", "amount": 1}]},
        "combat.extra": {"resource": "stores"},
    },
}
