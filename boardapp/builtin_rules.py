"""The built-in rule systems' manifests: War in Binni and Diplomacy contribute like any plugin.

``pyproject.toml`` declares them in the ``boardapp.rules`` entry-point group; :mod:`boardapp.plugins`
falls back to them by name in a source checkout. Only strings here: nothing is imported until a
window needs it.
"""

from __future__ import annotations

from boardapp.plugins import Manifest

BINNI = Manifest.model_validate({
    "name": "binni",
    "title": "War in Binni",
    "module": "boardapp.rules.binni.module:BinniRules",
    "contributions": {
        "docks": [{"id": "binni.rulings", "title": "CONTROL's rulings",
                   "widget": "boardapp.ui.rules.binni.rulings:RulingsPanel.for_window", "area": "right"}],
        "dialogs": [{"id": "binni.fight", "title": "Attack",
                     "factory": "boardapp.ui.rules.binni.fight:FightDialog.for_window"}],
        "actions": [
            {"id": "binni.transfer", "title": "&Transfer between teams…", "shortcut": "Ctrl+T",
             "run": "boardapp.ui.rules.binni.actions:transfer_dialog"},
            {"id": "binni.news", "title": "&News…", "run": "boardapp.ui.rules.binni.actions:news_dialog"},
        ],
        "menus": [{"menu": "turn", "action": "binni.transfer"}, {"menu": "turn", "action": "binni.news"}],
        "context": [
            {"on": "counter", "contribute": "boardapp.ui.rules.binni.actions:counter_actions"},
            {"on": "place", "contribute": "boardapp.ui.rules.binni.actions:place_actions"},
        ],
        "sidebar": [
            {"id": "binni.pr", "title": "Political rating 0-8 · card limit",
             "widget": "boardapp.ui.rules.binni.sections:TeamTracks"},
            {"id": "binni.humanitarian", "title": "Humanitarian",
             "widget": "boardapp.ui.rules.binni.sections:TallyBox"},
        ],
    },
})

DIPLOMACY = Manifest.model_validate({
    "name": "diplomacy",
    "title": "Diplomacy",
    "module": "boardapp.rules.diplomacy.module:DiplomacyRules",
    "contributions": {
        "board_extras": "boardapp.ui.rules.diplomacy.board:install",
    },
})

COUP = Manifest.model_validate({
    "name": "coup",
    "title": "Coup",
    "module": "boardapp.rules.coup.module:CoupRules",
})

MIDEAST = Manifest.model_validate({
    "name": "mideast",
    "title": "Mid-East PEACE",
    "module": "boardapp.rules.mideast.module:MideastRules",
})
