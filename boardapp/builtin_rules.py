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
    },
})

DIPLOMACY = Manifest.model_validate({
    "name": "diplomacy",
    "title": "Diplomacy",
    "module": "boardapp.rules.diplomacy.module:DiplomacyRules",
    "contributions": {
        "board_extras": "boardapp.ui.rules.diplomacy.board:install",
        # The presiding officers' commands (docs/commands-diplomacy.md), each a dialog opened from Turn.
        "dialogs": [
            {"id": "diplomacy.set_goals", "title": "Set a power's goals",
             "factory": "boardapp.ui.rules.diplomacy.officers:set_goals_dialog"},
            {"id": "diplomacy.propose_goal", "title": "A power proposes its own goal",
             "factory": "boardapp.ui.rules.diplomacy.officers:propose_goal_dialog"},
            {"id": "diplomacy.rule_goal", "title": "Rule on an own goal",
             "factory": "boardapp.ui.rules.diplomacy.officers:rule_goal_dialog"},
            {"id": "diplomacy.award_points", "title": "Award points",
             "factory": "boardapp.ui.rules.diplomacy.officers:award_points_dialog"},
            {"id": "diplomacy.open_conference", "title": "Open a conference",
             "factory": "boardapp.ui.rules.diplomacy.officers:open_conference_dialog"},
            {"id": "diplomacy.end_game", "title": "End the game",
             "factory": "boardapp.ui.rules.diplomacy.officers:end_game_dialog"},
        ],
        "actions": [
            {"id": "diplomacy.set_goals.open", "title": "Officers: set a power's &goals…",
             "run": "boardapp.ui.rules.diplomacy.officers:set_goals"},
            {"id": "diplomacy.propose_goal.open", "title": "Officers: a power &proposes its own goal…",
             "run": "boardapp.ui.rules.diplomacy.officers:propose_goal"},
            {"id": "diplomacy.rule_goal.open", "title": "Officers: &rule on an own goal…",
             "run": "boardapp.ui.rules.diplomacy.officers:rule_goal"},
            {"id": "diplomacy.award_points.open", "title": "Officers: &award points…",
             "run": "boardapp.ui.rules.diplomacy.officers:award_points"},
            {"id": "diplomacy.open_conference.open", "title": "Officers: open a &conference…",
             "run": "boardapp.ui.rules.diplomacy.officers:open_conference"},
            {"id": "diplomacy.end_game.open", "title": "Officers: end the &game…",
             "run": "boardapp.ui.rules.diplomacy.officers:end_game"},
        ],
        "menus": [{"menu": "turn", "action": f"diplomacy.{kind}.open"} for kind in
                  ("set_goals", "propose_goal", "rule_goal", "award_points", "open_conference", "end_game")],
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
