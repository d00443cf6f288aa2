"""The smallest rule system (tests/plugin_example) reaches the board only through its manifest."""

from __future__ import annotations

import re
from importlib.metadata import EntryPoint
from typing import Any

import pytest
from PySide6.QtWidgets import QDockWidget

from boardapp import plugins
from boardapp.engine.files import load_scenario, new_game
from boardapp.ui import contributions
from boardapp.ui.mainwindow import MainWindow
from tests.ui.conftest import ROOT, TINY

EXAMPLE = ROOT / "tests" / "plugin_example" / "scenario.yaml"


@pytest.fixture
def declared(monkeypatch: Any) -> None:
    """Declare the example as an installed package would: an entry point naming its manifest."""
    real = plugins.entry_points

    def entry_points(group: str) -> list[EntryPoint]:
        found = list(real(group=group))
        if group == plugins.GROUP:
            found.append(EntryPoint("tiny-example", "tests.plugin_example.manifest:MANIFEST", group))
        return found

    monkeypatch.setattr(plugins, "entry_points", entry_points)


def where(win: MainWindow) -> str:
    done = contributions.installed(win)
    assert done is not None
    return done.docks["where"].widget().text()


def test_an_unknown_rule_system_is_named_with_the_known_ones() -> None:
    from boardapp import plugins

    known = re.escape(str(sorted(plugins.declared())))
    with pytest.raises(ValueError, match=rf"no rule module 'tiny-example'; known modules are {known}"):
        load_scenario(EXAMPLE)


def test_the_example_plays_on_the_board_through_its_manifest(qtbot: Any, declared: None) -> None:
    game = new_game(load_scenario(EXAMPLE))
    assert type(game.module).__module__ == "tests.plugin_example.rules"
    win = MainWindow(game)
    qtbot.addWidget(win)
    assert contributions.installed(win).manifest.title == "Tiny example"
    assert where(win) == "gov at alpha, reb at delta"

    assert win.scene.drop_counter("gov", "bravo")  # the module's drop_command says: a move
    assert game.state["gov"] == "bravo" and where(win) == "gov at bravo, reb at delta"
    assert not win.scene.drop_counter("gov", "bravo")  # already there: refused, the force dialog offered
    win.dialog.reject()
    win.undo()  # the window's own step
    assert game.state["gov"] == "alpha" and where(win) == "gov at alpha, reb at delta"

    win.set_game(new_game(load_scenario(TINY)))  # War in Binni: the example's dock goes, Binni's come
    names = {d.objectName() for d in win.findChildren(QDockWidget) if not d.isHidden()}
    assert "where" not in names and "binni.rulings" in names


def test_a_manifest_contributes_a_central_view_menus_context_actions_and_big_screen_sections(qtbot: Any) -> None:
    from boardapp.ui.bigscreen.window import BigScreenWindow
    from tests.plugin_example.manifest import MANIFEST

    richer = MANIFEST.model_copy(update={"contributions": MANIFEST.contributions.model_copy(update={
        "central_view": "tests.plugin_example.ui:table_view",
        "actions": [plugins.Action(id="tiny.end", title="End the tiny turn", run="tests.plugin_example.ui:hello")],
        "menus": [plugins.MenuItem(menu="turn", action="tiny.end")],
        "context": [plugins.ContextActions(on="counter", contribute="tests.plugin_example.ui:counter_menu")],
        "sidebar": [plugins.SidebarSection(id="where", title="Where", widget="tests.plugin_example.ui:WhereSection")],
    })})
    plugins.register(richer)
    try:
        game = new_game(load_scenario(EXAMPLE))
        win = MainWindow(game)
        qtbot.addWidget(win)
        assert win.centralWidget().objectName() == "tiny-table"
        turn = win.menu("turn")
        assert "End the tiny turn" in [a.text() for a in turn.actions()]
        next(a for a in turn.actions() if a.text() == "End the tiny turn").trigger()
        assert game.entries[-1].command == {"kind": "end_turn"}
        menu = win.build_context_menu("counter", "reb")
        next(a for a in menu.actions() if a.text() == "Send reb home").trigger()
        assert game.state["reb"] == "alpha"
        assert not any("home" in a.text() for a in win.build_context_menu("place", "alpha").actions())  # counters only

        screen = BigScreenWindow(game)
        qtbot.addWidget(screen)
        section = screen.findChild(type(screen.sections[0]), "tiny-where")
        assert section is screen.sections[0] and section.text() == "gov at alpha, reb at alpha"

        win.set_game(new_game(load_scenario(TINY)))  # the map comes back; the example's menu entry goes
        assert win.centralWidget() is win.view
        assert "End the tiny turn" not in [a.text() for a in win.menu("turn").actions()]
    finally:
        plugins.unregister("tiny-example")
