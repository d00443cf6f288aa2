"""`boardapp scenarios/the-game.yaml` opens The Game's board, and a few commands play through the window,
into the autosave file (reopened: the same step)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.ui_thegame.conftest import THE_GAME


def test_open_the_scenario_and_play_through_the_window(qtbot: Any) -> None:
    from boardapp.engine.files import open_game
    from boardapp.ui import contributions
    from boardapp.ui.app import open_window

    window = open_window(THE_GAME, ask=None)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    done = contributions.installed(window)
    assert done is not None and set(done.docks) == {"thegame.steps", "thegame.ledgers"}
    steps = done.docks["thegame.steps"].widget()
    for _ in range(3):  # I, II.A, II.B
        qtbot.mouseClick(steps.finish, Qt.MouseButton.LeftButton)
    assert steps.finish.text().startswith("Finish step II.C ")
    done.actions["thegame.edit"].trigger()
    dlg = window.dialog
    qtbot.keyClicks(dlg.path, "regions.alaska.farm")
    old = window.game.state.regions["alaska"].farm
    dlg.new.clear()
    qtbot.keyClicks(dlg.new, str(old + 1))
    qtbot.keyClicks(dlg.reason, "a good harvest")
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert [e.command["kind"] for e in window.game.entries] == ["finish_step"] * 3 + ["edit"]

    saved = window.autosave_path
    window.close()
    again = open_game(saved)
    try:
        assert again.state.step == 3 and again.state.regions["alaska"].farm == old + 1
    finally:
        again.store.close()


def test_switching_to_another_rule_system_takes_the_extras_out(win: Any, installed: Any) -> None:
    from boardapp.engine.files import load_scenario, new_game
    from boardapp.ui import contributions
    from boardapp.ui.rules.thegame.overlay import RegionFills
    from tests.ui_thegame.conftest import ROOT

    extras = installed.extras
    win.set_game(new_game(load_scenario(ROOT / "scenarios" / "war-in-binni.yaml")))
    assert contributions.installed(win).manifest.name == "binni"
    assert not [i for i in win.scene.items() if isinstance(i, RegionFills)]
    assert "thegame.order" not in [a.objectName() for a in win.menu("turn").actions()]
    assert extras._unsubscribe is None  # the fills stopped listening to the old game
