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
    "editor": {
        "templates": [{"id": "binni.shipped", "title": "War in Binni: the shipped tables",
                       "scenario": "war-in-binni.yaml"}],
        "place_fields": ["counters", "control", "dp_tokens", "camps", "aid_blocks"],
        "team_tables": ["pr_table"],
        "tracks": [{"id": "binni.pr", "title": "PR tracks", "on": "teams", "level": "pr", "table": "pr_table",
                    "help": "Each team's PR level at the start and the most influence cards it holds at each "
                            "level (its PR track); a team with no track keeps the cards it has."}],
        "references": [
            {"list": "dp_tokens", "field": "place", "names": "places", "noun": "displaced-people token"},
            {"list": "camps", "field": "place", "names": "places", "noun": "camp"},
            {"list": "aid_blocks", "field": "place", "names": "places", "noun": "aid blocks"},
            {"list": "camps", "field": "team", "names": "teams"},
            {"list": "aid_blocks", "field": "team", "names": "teams"},
            {"list": "dp_tokens", "field": "community", "names": "communities"},
        ],
    },
})

DIPLOMACY = Manifest.model_validate({
    "name": "diplomacy",
    "title": "Diplomacy",
    "module": "boardapp.rules.diplomacy.module:DiplomacyRules",
    "contributions": {
        "board_extras": "boardapp.ui.rules.diplomacy.board:install",
        "docks": [{"id": "diplomacy.officers", "title": "Officers",
                   "widget": "boardapp.ui.rules.diplomacy.officers:officers_dock"}],
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
    "editor": {"templates": [{"id": "diplomacy.mun-1935", "title": "Model UN 1935: the shipped powers",
                              "scenario": "mun-historical-1935.yaml"}]},
})

COUP = Manifest.model_validate({
    "name": "coup",
    "title": "Coup",
    "module": "boardapp.rules.coup.module:CoupRules",
    "contributions": {
        "central_view": "boardapp.ui.rules.coup.view:central_view",
        "screen_view": "boardapp.ui.rules.coup.view:screen_view",
    },
    "editor": {"templates": [{"id": "coup.shipped", "title": "Coup: the shipped table", "scenario": "coup.yaml"}]},
})

MIDEAST = Manifest.model_validate({
    "name": "mideast",
    "title": "Mid-East PEACE",
    "module": "boardapp.rules.mideast.module:MideastRules",
    "contributions": {
        "docks": [
            {"id": "mideast.turn", "title": "Turn strip",
             "widget": "boardapp.ui.rules.mideast.strip:TurnStrip.for_window", "area": "bottom"},
            {"id": "mideast.table", "title": "Mid-East PEACE",
             "widget": "boardapp.ui.rules.mideast.table:PeaceTable.for_window", "area": "right"},
        ],
        "sidebar": [
            {"id": "mideast.turn", "title": "Turn",
             "widget": "boardapp.ui.rules.mideast.screen:TurnSection.for_screen"},
            {"id": "mideast.un", "title": "UN Assembly",
             "widget": "boardapp.ui.rules.mideast.screen:UnSection.for_screen"},
            {"id": "mideast.battles", "title": "Battles",
             "widget": "boardapp.ui.rules.mideast.screen:BattleSection.for_screen"},
            {"id": "mideast.final", "title": "Final table",
             "widget": "boardapp.ui.rules.mideast.screen:FinalSection.for_screen"},
        ],
        "board_extras": "boardapp.ui.rules.mideast.declare:install",
    },
    "editor": {"templates": [{"id": "mideast.shipped", "title": "Mid-East PEACE: the shipped countries",
                              "scenario": "mideast-peace.yaml"}]},
})

THEGAME = Manifest.model_validate({
    "name": "thegame",
    "title": "The Game (GDW)",
    "module": "boardapp.rules.thegame.module:TheGameRules",
    "contributions": {
        "docks": [
            {"id": "thegame.steps", "title": "Turn sequence I-VI",
             "widget": "boardapp.ui.rules.thegame.steps:StepChecklist.for_window", "area": "left"},
            {"id": "thegame.ledgers", "title": "Ledgers",
             "widget": "boardapp.ui.rules.thegame.ledgers:LedgersPanel.for_window", "area": "bottom"},
        ],
        "dialogs": [
            {"id": "thegame.edit", "title": "Edit figure",
             "factory": "boardapp.ui.rules.thegame.edit:EditFigureDialog.for_window"},
            {"id": "thegame.order", "title": "Order",
             "factory": "boardapp.ui.rules.thegame.orders:OrderDialog.for_window"},
        ],
        "actions": [
            {"id": "thegame.order", "title": "&Order…", "shortcut": "Ctrl+Shift+O",
             "run": "boardapp.ui.rules.thegame.orders:order_action"},
            {"id": "thegame.edit", "title": "&Edit figure…", "shortcut": "Ctrl+Shift+E",
             "run": "boardapp.ui.rules.thegame.edit:edit_action"},
        ],
        "menus": [{"menu": "turn", "action": "thegame.order"}, {"menu": "turn", "action": "thegame.edit"}],
        "context": [
            {"on": "place", "contribute": "boardapp.ui.rules.thegame.ledgers:place_actions"},
            {"on": "counter", "contribute": "boardapp.ui.rules.thegame.ledgers:counter_actions"},
        ],
        "sidebar": [{"id": "thegame.news", "title": "The turn and the news",
                     "widget": "boardapp.ui.rules.thegame.screen:HallSection"}],
        "board_extras": "boardapp.ui.rules.thegame.overlay:install",
    },
    "editor": {"templates": [{"id": "thegame.shipped", "title": "The Game: the shipped nations",
                              "scenario": "the-game.yaml"}]},
})

TABLES = Manifest.model_validate({
    "name": "tables",
    "editor": {"templates": [{"id": "tables.tarn-valley", "title": "The Tarn Valley: its tables",
                              "scenario": "tarn-valley.yaml"}], "place_fields": ["units", "control"]},
    "title": "Rules as tables",
    "module": "boardapp.rules.tables.module:TablesRules",
    "contributions": {"editor_forms": "boardapp.rules.tables.editing:FORMS"},
})
