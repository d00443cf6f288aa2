"""Show a seat only what its role may do (issue 19.8): on an umpire's board, CONTROL's controls are hidden.

Which commands are CONTROL's comes from the rule module (``RuleModule.control_only_kinds``; War in
Binni: supply, set_pr, set_control, set_bombing, set_alliance, end_turn), never from a list here. A
widget or action says which command it plays with the Qt property ``command_kind`` (Binni's rulings
dock: ``set_pr``, ``supply``); the window's Turn ▸ End turn… plays the module's
``end_turn_command()``. Besides commands, the big screen's controls are CONTROL's (the hall has one
big screen, driven from CONTROL's board): the clock panel (the host's clock is CONTROL's), "Show this
on the big screen" and "Whole map on the big screen".

A player's seat plays only its own player's commands: End turn (nobody's) is hidden there too. Only
CONTROL may force a command the rules refuse: the others' refusals say why, without a Force button.

A dock whose every button plays a CONTROL command and whose inputs only feed them (Binni's rulings) is
hidden too, with its View-menu entry; a dock that also shows something (the Turn dock's week) stays.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QDockWidget, QLineEdit, QWidget

KIND = "command_kind"
"""The Qt property naming the command kind a widget or action plays."""


def kind_words(kind: str) -> str:
    """'set_pr' -> 'set PR': a command kind in an umpire's words (no internal names in refusals)."""
    return " ".join(w.upper() if w in ("pr", "un", "dp") else w for w in kind.split("_"))


def control_only(window: Any) -> set[str]:
    """The command kinds only CONTROL may play in the window's game."""
    module = window.game.module
    return set(getattr(module, "control_only_kinds", ()) or ())


def _end_turn_kind(window: Any) -> str | None:
    try:
        return str(window.game.module.end_turn_command().kind)
    except Exception:  # a module without a turn to end: nothing to hide
        return None


def _players_own_end(window: Any) -> bool:
    """Whether a player's seat may end the turn: the host lets a player play only commands that concern
    that player alone, and an end of turn that concerns nobody is nobody's (issue 24.3)."""
    from boardapp.engine.rights import teams_concerned

    player = getattr(window.game, "player", None)
    try:
        concerned = teams_concerned(window.game.module, window.game.state, window.game.module.end_turn_command())
    except Exception:  # a module without a turn to end, a player's picture without the full state
        return False
    return bool(player) and concerned == {player}


def apply(window: Any, role: str | None) -> list[str]:
    """Hide (and disable) what ``role`` may not do on ``window``; show it again for CONTROL. The names of
    what was hidden (for the test and the log)."""
    hide = role not in (None, "control")
    kinds = control_only(window)
    hidden: list[str] = []

    def gate(thing: QAction | QWidget, name: str) -> None:
        thing.setVisible(not hide)
        thing.setEnabled(not hide)
        if hide:
            hidden.append(name)

    window.may_force = not hide  # the host lets only CONTROL force: the others are not offered it (issue 24.8)
    end_turn = getattr(window, "end_turn_action", None)
    not_theirs = role == "player" and not _players_own_end(window)
    if end_turn is not None and (_end_turn_kind(window) in kinds or not_theirs):
        gate(end_turn, "End turn")
        panel_button = getattr(getattr(window, "turn_panel", None), "button", None)
        if panel_button is not None:  # the Turn dock's own End turn… (the rehearsal found it on a player's board)
            gate(panel_button, "the Turn dock's End turn")
    for thing in [*window.findChildren(QAction), *window.findChildren(QAbstractButton)]:
        kind = thing.property(KIND)
        if isinstance(kind, str) and kind in kinds:
            gate(thing, thing.text().replace("&", "") or kind_words(kind))
    bigscreen = getattr(window, "bigscreen", None)
    if bigscreen is not None:
        for attr in ("region_action", "whole_action"):
            action = getattr(bigscreen, attr, None)
            if action is not None:
                gate(action, action.text().replace("&", ""))
        dock = getattr(bigscreen, "dock_widget", None)
        panel = getattr(dock, "clock_control", None)
        if panel is not None:
            gate(panel, "the clock panel")
        button = getattr(dock, "region_button", None)  # "Show my view on the big screen"
        if button is not None:
            gate(button, button.text())
    for dock in window.findChildren(QDockWidget):
        # a dock whose every button plays a CONTROL command and whose inputs only feed them (Binni's rulings)
        # goes; a dock that also shows something (the Turn dock's week) stays, without its button
        inside = dock.widget()  # not the dock's own title-bar buttons
        if inside is None:
            continue
        buttons = inside.findChildren(QAbstractButton)
        players = [b for b in buttons if isinstance(b.property(KIND), str)]
        inputs = inside.findChildren(QComboBox) + inside.findChildren(QAbstractSpinBox) + inside.findChildren(QLineEdit)
        if players and inputs and len(players) == len(buttons) and all(b.property(KIND) in kinds for b in players):
            dock.setVisible(not hide)
            dock.toggleViewAction().setVisible(not hide)
            if hide:
                hidden.append(dock.windowTitle())
    return hidden
